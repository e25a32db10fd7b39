"""SHA-256 from CPython's own built-in module, as `random` takes its SHA-512: importing
`hashlib` loads OpenSSL's bindings and builds every algorithm's constructor, some 11 M
instructions of start-up (a sixth of what the game adds to a bare Textual app's first
frame) for the one digest a new game needs (the dice's stream seeds, the content cache's
key). The digests are SHA-256's whichever module gives them.
"""

try:
    from _sha2 import sha256  # Python 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:  # a Python built without them
        from hashlib import sha256

__all__ = ["sha256"]
