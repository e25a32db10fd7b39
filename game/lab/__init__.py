"""The balance lab: many AI-played duels or games, their statistics, the exact odds of an
attack-only duel, and the same games compared under two rule sets on common dice.

Not part of the engine: it drives `Game` (with `dice="streams"`, every side AI-played)
from outside, loads content, and spreads runs over processes or a Dask cluster.
"""

# Every report printed keeps a no-break space's two sides on one line.
from game import nobreak  # noqa: E402,F401
