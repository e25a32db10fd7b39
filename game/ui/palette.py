"""The command palette's play commands, read from what declares them: each key of the play
screen (its bindings: words, tooltip, key) and each verb of the notation (the rules'
registry, `game.rules.notation.verbs`). Nothing here lists a command by hand: a new key or
a new verb is in the palette without a line written here.

A verb whose words are a key's (`end` and `e`, `wait` and `.`: the binding is made from the
verb) is that key's entry. Any other verb plays at once when it needs only its unit and a
unit is selected (`wait aldric`), and otherwise opens the command line with its first
words typed (`use aldric `), for the player to finish.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, NamedTuple

from textual.actions import parse as parse_action
from textual.command import DiscoveryHit, Hit, Hits, Provider

from game.i18n import _
from game.rules.notation import verbs
from game.rules.verbs import Verb
from game.ui.keys import binding_text, bindings_of, key_name
from game.ui.screens.play import PlayScreen
from game.ui.words import usage_text

#: Keys left out of the palette: the numbered actions need the target panel in sight, and
#: quitting is the app's own palette command (asked first).
LEFT_OUT = frozenset({"option", "quit_game"})


#: The app's attribute holding the play commands of the palette being opened.
PALETTE_COMMANDS = "palette_commands"


def snapshot(app, screen) -> None:
    """Keep the play commands of `screen` (the one the palette is opened on) for the
    palette's provider."""
    setattr(app, PALETTE_COMMANDS, play_commands(screen) if isinstance(screen, PlayScreen)
            else [])


class PaletteCommand(NamedTuple):
    title: str
    help: str
    callback: Callable[[], object]


def play_commands(screen: PlayScreen) -> list[PaletteCommand]:
    """The commands of the play screen that may be given now, keys first then the verbs of
    the notation that no key gives (the designer's only in a designer's game)."""
    commands: list[PaletteCommand] = []
    keyed: set[str] = set()
    for binding in bindings_of(PlayScreen):
        _namespace, action, parameters = parse_action(binding.action)
        if action in LEFT_OUT or not binding.description \
                or not screen.check_action(action, parameters):
            continue
        keyed.add(binding.description)
        key = key_name(binding.key.split(",")[0].strip())
        what = binding_text(binding.tooltip or binding.description)
        commands.append(PaletteCommand(binding_text(binding.description),
                                       _("{what} ({key})").format(what=what, key=key),
                                       partial(screen.run_action, binding.action)))
    if not screen.check_action("command_line", ()):
        return commands
    designer = screen.game.designer
    for verb in verbs():
        if verb.title in keyed or (verb.designer_only and not designer):
            continue
        commands.append(PaletteCommand(
            _(verb.title), _("{what} · {usage}").format(what=_(verb.summary),
                                                        usage=usage_text(verb.usage)),
            partial(give_verb, screen, verb)))
    return commands


def give_verb(screen: PlayScreen, verb: Verb) -> None:
    """Play the verb on the selected unit if that is all it needs, else open the command
    line with its first words typed."""
    unit = screen.selected if verb.takes_unit else None
    if unit and verb.usage == f"{verb.name} ID":
        screen.apply(verb.read([unit]))
        return
    screen.action_command_line()
    box = screen.command_box()
    box.value = f"{verb.name} {unit} " if unit else f"{verb.name} "
    box.cursor_position = len(box.value)


class PlayCommands(Provider):
    """The palette's provider of `play_commands` (none under a dialog or a hand-over).

    They are asked of the play screen when the palette opens (`snapshot`): once it is open
    the screen is under it, and its keys answer that they cannot act; they can again when
    the palette has closed and the chosen command runs."""

    def commands(self) -> list[PaletteCommand]:
        if not isinstance(self.screen, PlayScreen):
            return []
        return getattr(self.app, PALETTE_COMMANDS, [])

    async def discover(self) -> Hits:
        for command in self.commands():
            yield DiscoveryHit(command.title, command.callback, help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in self.commands():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(score, matcher.highlight(command.title), command.callback,
                          help=command.help)
