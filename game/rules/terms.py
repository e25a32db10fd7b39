"""Named terms and the chances built from them.

A chance is never a bare number: it is a tuple of named integer terms whose sum, clamped to
`[0, cap]`, is the chance. The journal and the odds preview both show these terms, so every
number a player sees is explained by the code that decided it.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import msgspec


def round_half_up(value: Fraction | int | float | str) -> int:
    """Round to the nearest integer, halves away from minus infinity (2.5 -> 3, -2.5 -> -2).

    Works on exact fractions: Python's built-in rounding goes half to even, and floats drift.
    """
    return math.floor(Fraction(value) + Fraction(1, 2))


class Term(msgspec.Struct, frozen=True, omit_defaults=True):
    """One signed contribution to a chance or a total, e.g. `Term("mastery", 10, "sword")`.

    A term is data, never words, so the journal can be worded in any language (the edge
    does it, `journal.text.term_label`): `detail` is the id the term is about (the skill,
    the weapon family, the faction, the spell or item behind an effect, the armour, the
    characteristic read: `DEX`, or a defence's kind: `door`, `base`), and the typed
    fields say what it counted:

    - `number`: the value read (a characteristic's 16, a door's defence 20, a distance 4);
    - `units`: the units counted, by id (the faction's allies, the allies crowding);
    - `squares`: each crowding ally's distance, in the order of `units`.

    `rule` is the id of the rule that makes the term (docs/rules.md, `rule_ids`), `source`
    the content value(s) it reads (`characters.yaml: aldric.skills.melee`). Fields left at
    their default are not written (a save, a `--json` journal).
    """

    name: str
    value: int
    detail: str = ""
    rule: str = ""
    source: str = ""
    number: int | None = None
    units: tuple[str, ...] = ()
    squares: tuple[int, ...] = ()


@lru_cache(maxsize=4096)
def term(name: str, value: int, detail: str = "", rule: str = "", source: str = "",
         number: int | None = None, units: tuple[str, ...] = (),
         squares: tuple[int, ...] = ()) -> Term:
    """`Term(...)`, built once: terms are frozen, and the same few recur on every check
    (the plans of a panel refresh, of each attack)."""
    return Term(name, value, detail, rule, source, number, units, squares)


class Chance(msgspec.Struct, frozen=True):
    """A percentile chance: its terms, its cap, and the clamped value they give.

    `perfect_below`: a success whose roll is strictly below it is perfect (0: never).
    A d100 succeeds when it is at most the chance (55 passes on 55, not 56): the one place
    that rolls and compares is `actions.roll_check`.
    """

    check: str
    terms: tuple[Term, ...]
    cap: int
    perfect_below: int = 0
    #: The id of the chance's formula (`R4.9`) and the content value its cap comes from.
    rule: str = ""
    cap_source: str = ""
    #: The rule and the content value of `perfect_below` ("" when there is none).
    perfect_rule: str = ""
    perfect_source: str = ""

    @property
    def raw(self) -> int:
        return sum(term.value for term in self.terms)

    @property
    def value(self) -> int:
        return max(0, min(self.cap, self.raw))

