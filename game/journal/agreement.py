"""The engine's messages whose French agrees with the gender of the unit they are about.

English does not inflect; French does (`Ysolde placée`, `elle-même`). The engine gives such
a message the unit's `gender` among its fields (content data, no language), and the edge
words it with `game.i18n.agreeing`, which looks the feminine form up under the context
`feminine`. Each message with a feminine form is marked here for the catalog; a message
not listed, or whose feminine is not translated yet, shows its usual (masculine) form.
"""

from __future__ import annotations

from game.i18n import NP_

#: The messages that have a feminine form (read by the catalog extractor, not at run time).
FEMININE = (
    NP_("feminine", "placed at {pos} (was {before})"),
)
