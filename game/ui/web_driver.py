"""The driver of a served game (`serve`): Textual's web driver, taking only a sane size.

The server checks every browser message already (`game.serve`); the game checks the sizes
it is told again, so that no resize can make it build a screen of a billion cells.
"""

from __future__ import annotations

from textual.drivers.web_driver import WebDriver

#: Terminal sizes a browser may ask for (columns, rows): anything outside is clamped.
WIDTH = (20, 500)
HEIGHT = (8, 250)


def clamp_size(width, height) -> tuple[int, int] | None:
    """A terminal size as two whole numbers within the sane bounds, or None when either is
    not a whole number (text, a fraction, true, null)."""
    if type(width) is not int or type(height) is not int:
        return None
    return (min(max(width, WIDTH[0]), WIDTH[1]), min(max(height, HEIGHT[0]), HEIGHT[1]))


class SafeWebDriver(WebDriver):
    """Textual's web driver; a resize that is not two whole numbers is ignored, one out of
    bounds is clamped."""

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "resize":
            size = clamp_size(payload.get("width"), payload.get("height"))
            if size is None:
                return
            payload = {**payload, "width": size[0], "height": size[1]}
        super().on_meta(packet_type, payload)
