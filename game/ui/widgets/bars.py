"""The one-line bars at the top and bottom of every screen: title and key bindings.

Each bar is a single widget drawing one line of text. Textual's own Header and Footer
build a widget per part (a Footer is one widget per key, rebuilt on every focus change):
for the same two lines of text they cost about 25 ms of the game's start-up here.
"""

from __future__ import annotations

import msgspec
from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.widget import Widget

from game.ui.keys import binding_text


class TitleBar(Widget):
    """The screen's title on the left and its subtitle (round, player…) on the right.

    Shows the screen's own title and subtitle when it has them, else the app's, as
    Textual's Header does.
    """

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def on_mount(self) -> None:
        for node in (self.app, self.screen):
            self.watch(node, "title", self._changed, init=False)
            self.watch(node, "sub_title", self._changed, init=False)

    def _changed(self, _value: str) -> None:
        self.refresh()

    def render(self) -> Content:
        title = self.screen.title or self.app.title
        sub_title = self.screen.sub_title or self.app.sub_title
        gap = max(1, self.content_size.width - cell_len(title) - cell_len(sub_title))
        return Content.assemble((title, "bold"), " " * gap, (sub_title, "$text-muted"))


class KeySpan(msgspec.Struct, frozen=True):
    """Where one key's label sits on the bar, so a click can press it."""

    start: int
    end: int
    key: str


def fitting(labels: list[tuple], width: int, keep: set[str]) -> list[tuple]:
    """The (key, description, binding key, enabled) labels that fit `width` unpadded, in
    their order: whole keys dropped from the end (a label cut in the middle reads as
    nothing), those bound to a `keep` key last of all."""
    def length(chosen) -> int:
        return sum(cell_len(key) + cell_len(description) + 2 for key, description, _bound, _on in chosen)

    labels = list(labels)
    for index in range(len(labels) - 1, -1, -1):
        if length(labels) <= width:
            break
        if labels[index][2] not in keep:
            del labels[index]
    return labels


class KeyBar(Widget):
    """The bindings in force on this screen, as `key Description` pairs; click one to press it.

    Lists the same bindings as Textual's Footer (those with `show=True`, one per action,
    greyed out when disabled, the command palette's last) and redraws itself when they
    change.
    """

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        width: 100%;
        height: 1;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    #: Actions never dropped to make room: the help lists every other key, the palette
    #: every action by its name, and ending the turn is the one every turn needs (a French
    #: bar at 80 columns had dropped it for `o Porte`).
    KEPT = frozenset({"help", "app.help", "command_palette", "app.command_palette",
                      "end_turn"})

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._spans: list[KeySpan] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen) -> None:
        self.refresh()

    def render(self) -> Content:
        app = self.app
        shown: dict[str, tuple] = {}
        palette = None
        for key, (_node, binding, enabled, _tooltip) in self.screen.active_bindings.items():
            if key == app.COMMAND_PALETTE_BINDING and app.ENABLE_COMMAND_PALETTE:
                palette = (binding, enabled)
            elif binding.show and binding.action not in shown:
                shown[binding.action] = (binding, enabled)
        if palette is not None:
            shown[palette[0].action] = palette
        # The description is an English message id (bindings are made at import): shown in
        # the player's language here.
        labels = [(app.get_key_display(binding), binding_text(binding.description), binding.key,
                   enabled)
                  for binding, enabled in shown.values()]
        # On a narrow terminal the keys lose their padding, so that more of them fit.
        width = self.content_size.width
        roomy = sum(cell_len(key) + cell_len(description) + 3 for key, description, _bound, _on in labels)
        pad = " " if roomy <= width else ""
        if not pad:
            labels = fitting(labels, width, keep={binding.key for binding, _on in shown.values()
                                                  if binding.action in self.KEPT})
        parts: list[tuple[str, str]] = []
        spans: list[KeySpan] = []
        column = 0
        for key_display, description, key, enabled in labels:
            key_text = f"{pad}{key_display}{pad}"
            description_text = f" {description} " if not pad else f"{description} "
            dim = "" if enabled else " dim"
            parts += [(key_text, f"bold $footer-key-foreground on $footer-key-background{dim}"),
                      (description_text, f"$footer-description-foreground{dim}")]
            end = column + cell_len(key_text) + cell_len(description_text)
            spans.append(KeySpan(column, end, key))
            column = end
        self._spans = spans
        return Content.assemble(*parts)

    def on_click(self, event: events.Click) -> None:
        for span in self._spans:
            if span.start <= event.x < span.end:
                event.stop()
                self.app.simulate_key(span.key)
                return
