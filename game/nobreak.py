"""No line break at a no-break space: Rich, and Textual through it, wrap a text at any
whitespace, the no-break spaces French puts before `:`, `;`, `!`, `?` and `%` included
(`la gêne` / `: vos alliés`, `40,0` / `%`). Imported, it makes them break only at the
spaces that may break: not at a no-break space, nor at a plain one before high
punctuation or between a number and its unit.

Rich words its wrapping with one module-level pattern (`rich._wrap.re_word`: a word and
the whitespace around it), with no option to say which spaces may break; Textual wraps
its `Content` with Rich's `divide_line`. This module replaces that pattern by one whose
breakable whitespace leaves out the no-break spaces (rich is pinned by textual's pin in
pyproject.toml; tests/test_french_proof.py checks a wrapped line, so a Rich that words it
otherwise is noticed). Imported by the packages that draw or print with Rich (`game.ui`,
`game.lab`, `game.oddsreport`).
"""

from __future__ import annotations

import re

import rich._wrap

#: The spaces that join what they stand between (no-break, narrow no-break, figure).
NO_BREAK_SPACES = "\u00a0\u202f\u2007"

#: What a plain space never parts from the word before it: French high punctuation
#: (`Finir le tour ?`, `personnages ;`, where the catalog writes a plain space), and a
#: number's unit (`10 PA`, `3 HP`, `40 %`). English puts no space before the one and keeps
#: the other together too.
_GLUED = (r" (?=[:;?!»](?:\s|$))"
          r"|(?<=\d) (?=(?:PA|PV|AP|HP|XP|%)(?:[^\w]|$))")

#: Breakable whitespace: any but the no-break spaces. Each is its own lookahead rather than
#: a class (`[^\S\u00a0…]`), for which sre would build a 65,536-entry charset at every
#: start (3 M instructions; the same matches).
_BREAKABLE = "(?:" + "".join(f"(?!{space})" for space in NO_BREAK_SPACES) + r"\s)"

#: A word for Rich's wrapping, as `rich._wrap.re_word` (`\s*\S+\s*`), a no-break space,
#: and a space `_GLUED` holds, being part of the word it stands in.
WORD = re.compile(rf"{_BREAKABLE}*(?:\S|{'|'.join(NO_BREAK_SPACES)}|{_GLUED})+{_BREAKABLE}*")

rich._wrap.re_word = WORD
