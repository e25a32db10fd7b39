"""The Textual app: a thin layer that sends commands to the engine and draws its events."""

# Every text the app wraps keeps a no-break space's two sides on one line.
from game import nobreak  # noqa: E402,F401
