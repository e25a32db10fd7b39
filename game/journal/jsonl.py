"""Events -> one JSON object per line, each with a `type` field."""

from __future__ import annotations

import msgspec

_encoder = msgspec.json.Encoder()


def event_line(event) -> str:
    return _encoder.encode(event).decode()


def state_line(game) -> str:
    return _encoder.encode({"type": "state", "round": game.round, "current": game.current,
                            "over": game.over, "winner": game.winner,
                            "units": game.state_summary()}).decode()
