"""The driver of a served game (`serve`): Textual's web driver, taking only a sane size,
and ending the game when its server is gone.

The server checks every browser message already (`game.serve`); the game checks the sizes
it is told again, so that no resize can make it build a screen of a billion cells. A server
that dies without stopping its games (kill -9) closes their input: each then quits (and,
being served, autosaves) rather than run on with no one to play it.
"""

from __future__ import annotations

import asyncio

from textual import messages
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

    _loop: asyncio.AbstractEventLoop | None = None

    def start_application_mode(self) -> None:
        self._loop = asyncio.get_running_loop()
        super().start_application_mode()

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        finally:
            # The input ended without the app asking: the server is gone.
            if not self.exit_event.is_set() and self._loop is not None:
                try:
                    asyncio.run_coroutine_threadsafe(
                        self._app._post_message(messages.ExitApp()), loop=self._loop)
                except RuntimeError:
                    pass  # the app's loop has already closed

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "resize":
            size = clamp_size(payload.get("width"), payload.get("height"))
            if size is None:
                return
            payload = {**payload, "width": size[0], "height": size[1]}
        super().on_meta(packet_type, payload)
