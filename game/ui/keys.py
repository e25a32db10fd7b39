"""The help's list of keys, read from the bindings themselves so that it never drifts
from what the keys do."""

from __future__ import annotations

from typing import Iterable

from textual.binding import Binding
from textual.keys import format_key

from game.i18n import N_, _

#: `:` on a screen viewed over the game (help, journal, legend, odds, roll card, roster):
#: it closes and the command line opens. A terminal sends Esc then `:` typed quickly as
#: one sequence Textual reads as `:` alone (8.2.8), so the Esc that would have closed the
#: view was lost and the `:` fell on it, unanswered (playtest from the journal screen).
COMMAND_OVER_VIEW = Binding("colon", "app.command_line", N_("Command"), show=False)

#: Keys whose name reads better spelled out in a sentence than as a symbol.
SPELLED = {"enter": N_("Enter"), "escape": N_("Esc"), "tab": N_("Tab"), "space": N_("Space")}
#: Modifier keys as the keyboard's own labels name them (Maj on a French one).
MODIFIERS = {"shift": N_("Shift"), "ctrl": N_("Ctrl"), "alt": N_("Alt")}


#: Keys the key bar spells out (as Textual names them), in the player's language.
KEY_DISPLAY = {"esc": N_("esc"), "home": N_("home"), "end": N_("end"), "space": N_("space"),
               "tab": N_("tab"), "pageup": N_("pageup"), "pagedown": N_("pagedown")}


def key_display(display: str) -> str:
    """A key as Textual displays it on a key bar (`esc`), in the player's language."""
    return binding_text(KEY_DISPLAY.get(display, "")) or display


def binding_text(text: str) -> str:
    """A binding's description or tooltip in the player's language.

    Bindings are declared at import, before the language is chosen: their texts are
    English message ids (`N_`), translated here, where they are drawn. An empty text stays
    empty (gettext would answer the catalog's header).
    """
    return _(text) if text else text


def key_name(key: str) -> str:
    """`ctrl+z` → `Ctrl+Z`, `question_mark` → `?`, `shift+tab` → `Shift+Tab`."""
    *modifiers, last = key.split("+")
    name = binding_text(SPELLED.get(last, "")) or format_key(last)
    if len(name) > 1 and name.isascii():
        name = name[0].upper() + name[1:]
    elif modifiers:
        name = name.upper()
    return "+".join([binding_text(MODIFIERS.get(m, "")) or m.capitalize() for m in modifiers]
                    + [name])


def bindings_of(*classes) -> list[Binding]:
    """The bindings these classes declare themselves (not those of Textual's bases)."""
    found: list[Binding] = []
    for cls in classes:
        for binding in vars(cls).get("BINDINGS", []):
            found.append(binding if isinstance(binding, Binding) else Binding(*binding))
    return found


def key_lines(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """(keys, what they do) pairs: keys sharing a help text on one line, in the order the
    bindings are declared. A binding's tooltip is its help text, else its description; a
    key bound twice is listed where it is first bound (which is the one that acts)."""
    lines: dict[str, list[str]] = {}
    seen: set[str] = set()
    for binding in bindings:
        text = binding_text(binding.tooltip or binding.description)
        if not text:
            continue
        for key in binding.key.split(","):
            name = key_name(key.strip())
            if name not in seen:
                seen.add(name)
                lines.setdefault(text, []).append(name)
    out = []
    for text, keys in lines.items():
        if len(keys) > 3 and all(k.isdigit() for k in keys):
            shown = f"{keys[0]}…{keys[-1]}"
        else:
            shown = " ".join(keys) if all(len(k) == 1 for k in keys) else ", ".join(keys)
        out.append((shown, text))
    return out


class WordedApp:
    """For an App: the key bar's key names and Textual's own palette commands (theme,
    keys, screenshot…) in the player's language. Put before `App` in the bases."""

    def get_key_display(self, binding: Binding) -> str:
        """A key as the key bar shows it, its name in the player's language (`esc` is
        `échap` in French)."""
        return key_display(super().get_key_display(binding))

    def action_command_palette(self) -> None:
        """Textual's palette, its search box and its "no matches" line in the player's
        language."""
        from game.ui.worded_palette import WordedPalette

        if self.use_command_palette and not WordedPalette.is_open(self):
            self.push_screen(WordedPalette())

    @staticmethod
    def worded(commands: Iterable) -> Iterable:
        """Textual's palette commands, their titles and help translated."""
        for command in commands:
            yield command._replace(title=binding_text(command.title),
                                   help=binding_text(command.help))

