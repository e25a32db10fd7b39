"""The play screen's command line (`:`): the notation as typed, plus the app's own
`save NAME`, `load NAME` and `undo`.

The line reads only which of those four a text is: the notation goes to the engine as
typed (the engine parses it and says what is wrong with it). It tells the screen what was
asked by messages, and closes itself on Enter or Esc.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.message import Message
from textual.widgets import Input

from game.i18n import _


def typed_text(value: str) -> str:
    """The command in the line's text: a `:` it begins with is the one that opened it
    (Esc then `:` typed quickly reach the line as `:` alone: the Esc that closed it lost),
    not part of the command."""
    return value.strip().lstrip(":").strip()


class CommandLine(Input):
    """Hidden until opened; one command a line."""

    @dataclass
    class Typed(Message):
        """A command in the notation, as typed (not empty)."""

        text: str

    @dataclass
    class SaveAsked(Message):
        """`save NAME` (the name may be empty: the save refuses it)."""

        name: str

    @dataclass
    class LoadAsked(Message):
        """`load NAME`."""

        name: str

    @dataclass
    class UndoAsked(Message):
        """`undo`."""

    @dataclass
    class Closed(Message):
        """The line was closed (sent or Esc): the keys go back to the map."""

    def __init__(self) -> None:
        super().__init__(placeholder=_("command, e.g. move aldric 4,7 — Enter to send, "
                                       "Esc to close"), id="command")

    def open(self) -> None:
        self.add_class("open")
        self.value = ""
        self.focus()

    def close(self) -> None:
        self.remove_class("open")
        self.post_message(self.Closed())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = typed_text(event.value)
        self.close()
        verb, _space, rest = text.partition(" ")
        if verb == "save":
            self.post_message(self.SaveAsked(rest.strip()))
        elif verb == "load":
            self.post_message(self.LoadAsked(rest.strip()))
        elif verb == "undo":
            self.post_message(self.UndoAsked())
        elif text:
            self.post_message(self.Typed(text))

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.has_focus:
            self.close()
            event.stop()
