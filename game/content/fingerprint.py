"""The fingerprint of what a game is played with: every rule, table and its scenario, as
read (a changed comment is no change). Saves keep it, and so does each hot reload in the
journal, so a replay can tell which content each stretch of a log was played under."""

from __future__ import annotations

import hashlib

import msgspec


def content_hash(content, scenario) -> str:
    """16 hex digits of the content and scenario as loaded."""
    data = msgspec.json.encode([content, scenario])
    return hashlib.sha256(data).hexdigest()[:16]
