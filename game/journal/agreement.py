"""The engine's messages whose French agrees with the gender of the unit they are about.

English does not inflect; French does (`Ysolde placée`, `elle-même`). The edge words such
a message with `game.i18n.agreeing`, which looks the feminine form up under the context
`feminine`, given the unit's gender (content data, no language): a refusal carries it
among its fields (`gender`), a journal line looks it up by the unit's id as it does the
unit's name (`game.journal.text.gender_of`; an edit's fields stay as journals always had
them). Each message with a feminine form is marked here for the catalog; a message not
listed, or whose feminine is not translated yet, shows its usual (masculine) form.
"""

from __future__ import annotations

from game.i18n import NP_

#: The messages that have a feminine form (read by the catalog extractor, not at run time).
FEMININE = (
    # a designer's edits (`✎ edit: Ysolde placed at…`)
    NP_("feminine", "placed at {pos} (was {before})"),
    NP_("feminine", "spawned from {template} at {pos} for {player}"),
    NP_("feminine", "spawned from {template} at {pos}"),
    NP_("feminine", "removed from play"),
    NP_("feminine", "held: skips the creatures' phase"),
    NP_("feminine", "released: acts in the creatures' phase again"),
    # the engine's refusals
    NP_("feminine", "{unit} cannot attack itself"),
    NP_("feminine", "the {item} is a malus: {unit} cannot use it on itself"),
    NP_("feminine", "{unit} cannot aim {spell} at itself"),
    NP_("feminine", "{spell} touches friends only; {target} is a foe"),
    NP_("feminine", "{unit} is already held"),
    # the odds of a unit's best turn (`odds … --turn`), "it" being the attacker
    NP_("feminine", "nothing it does can down the target this turn"),
    NP_("feminine", "(what it plays while the target stands: each step is chosen after the "
                    "dice of the one before)"),
)
