"""Screenshots (F12, Ctrl+T, the palette's Screenshot): the screen as it is, dialogs
included, as an SVG in the saves folder, written whole or not at all. The game's app and
the demo's share it; each says where the picture went in its own way (`say_screenshot`).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Iterable

from textual.app import SystemCommand
from textual.binding import Binding

from game.files import write_atomically
from game.i18n import N_, _

#: A priority binding: it works over a dialog too (a modal screen hides the app's).
SCREENSHOT_BINDING = Binding("f12,ctrl+t", "save_svg", N_("Screenshot"), show=False,
                             priority=True,
                             tooltip=N_("Save a picture of the screen (SVG) in the saves folder"))


class ScreenshotError(Exception):
    """A screenshot that could not be saved; the message says why."""


def screenshot_path(folder: Path, base: str) -> Path:
    """Where the next screenshot goes: `folder/BASE-STAMP.svg` (the folder made if missing);
    a second one in the same second gets a number rather than replacing the first."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ScreenshotError(_("cannot create the saves folder {folder}: {problem}").format(
            folder=folder, problem=exc.strerror or exc)) from None
    path, n = folder / f"{base}-{stamp}.svg", 1
    while path.exists():
        n += 1
        path = folder / f"{base}-{stamp}-{n}.svg"
    return path


class Screenshots:
    """An app's screenshot key and palette command: `screenshot_folder` and
    `screenshot_base` say where and under what name, `say_screenshot` tells the user."""

    def screenshot_folder(self) -> Path:
        raise NotImplementedError

    def screenshot_base(self) -> str:
        """The file's name before its time stamp: short enough for an 80-column line."""
        raise NotImplementedError

    def say_screenshot(self, text: str, refused: bool = False) -> None:
        raise NotImplementedError

    def action_save_svg(self) -> None:
        """The screen as it is, dialogs included, as an SVG in the saves folder."""
        try:
            path = screenshot_path(self.screenshot_folder(), self.screenshot_base())
            # Whole or not at all: a full disk leaves no empty or cut-off picture.
            write_atomically(path, self.export_screenshot().encode("utf-8"))
        except (ScreenshotError, OSError) as exc:
            self.say_screenshot(_("✗ screenshot not saved: {problem}").format(problem=exc),
                                refused=True)
            return
        try:
            shown = path.relative_to(Path.cwd())  # the saves folder as the player gave it
        except ValueError:
            shown = path
        self.say_screenshot(_("Screenshot saved to {path}").format(path=shown))

    def screenshot_commands(self, commands: Iterable[SystemCommand]) -> Iterable[SystemCommand]:
        """Textual's palette commands with its Screenshot (which asks the terminal, or the
        browser, to save a file, and fails in the demo) saving ours."""
        for command in commands:
            if command.title == "Screenshot":
                command = command._replace(callback=self.action_save_svg)
            yield command
