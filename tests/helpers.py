"""Small games built in code on the shipped content, for exact-number tests."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import msgspec
from hypothesis import strategies as st
from textual import events
from textual._wait import wait_for_idle
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

from game.content.loader import DEFAULT_CONTENT, load_content, load_scenario, scenario_path
from game.rules.templates import ObjectPlacement, PlayerSpec, Scenario, UnitPlacement
from game.rules.engine import Game
from game.rules.events import Moved, Refused
from game.rules.history import replay
from game.saves import load_game
from game.rules.policies import ProfileBook

CONTENT = load_content()
#: The tests' own frozen copy of the content (tests/fixtures/README.md): where a test names
#: a place in a file (`content/weapons.yaml:6:12`), it copies this one, not the shipped one.
FIXTURE_CONTENT = Path(__file__).resolve().parent / "fixtures" / "content"

OPEN_MAP = "\n".join(["." * 12] * 12)

def content_with(characters=None, creatures=None, rules=None, **tables):
    """A copy of the shipped content with some templates or rules replaced."""
    content = CONTENT
    changes = {}
    if characters:
        changes["characters"] = {**content.characters, **characters}
    if creatures:
        changes["creatures"] = {**content.creatures, **creatures}
    if rules:
        changes["rules"] = msgspec.structs.replace(content.rules, **rules)
    changes.update(tables)
    return msgspec.structs.replace(content, **changes)


def char(tid: str, **changes):
    """A character template from the shipped content with fields replaced."""
    return msgspec.structs.replace(CONTENT.characters[tid], **changes)


def make_game(units, map_text: str = OPEN_MAP, objects=(), content=None, seed: int = 0,
              forced=(), designer: bool = True) -> Game:
    """`units`: (id, template, owner or None, (x, y)) — owner None makes a creature.

    A designer game by default, as tests force rolls; `designer=False` for hot-seat rules.
    """
    characters, creatures = [], []
    for uid, tid, owner, (x, y) in units:
        placement = UnitPlacement(id=uid, template=tid, owner=owner, at=[x, y])
        (characters if owner is not None else creatures).append(placement)
    scenario = Scenario(
        name="test", map=map_text,
        players=[PlayerSpec(name="Alice", colour="blue"), PlayerSpec(name="Bruno", colour="red")],
        characters=characters, creatures=creatures,
        objects=[ObjectPlacement(**o) for o in objects],
    )
    content = content or CONTENT
    game = Game(content, scenario, seed=seed, designer=designer, policies=ProfileBook(content))
    game.roller.force(forced)
    return game


def events_of(events, kind):
    return [e for e in events if isinstance(e, kind)]


#: The terminal size of the app's pilot tests.
APP_SIZE = (140, 44)


def app_duel(forced=(), designer: bool = False, **kw) -> Game:
    """The app tests' small board: two characters a side and a goblin (a hot-seat game;
    `forced` rolls are queued directly, as no player could)."""
    return make_game([("aldric", "aldric", 1, (2, 2)), ("corvin", "corvin", 1, (2, 4)),
                      ("dagny", "dagny", 2, (3, 2)), ("elise", "elise", 2, (9, 9)),
                      ("goblin", "goblin", None, (11, 0))], forced=forced,
                     designer=designer, **kw)


# --- random commands on the default scenario (stateful and save tests) ----------------

SCENARIO = load_scenario(CONTENT, scenario_path(DEFAULT_CONTENT, "crossroads"))
UNITS = [c.id for c in SCENARIO.characters] + [c.id for c in SCENARIO.creatures]
TARGETS = UNITS + ["barrel", "crate", "door-7-3", "ghost"]
WEAPONS = sorted(CONTENT.weapons) + ["stick"]
SPELLS = sorted(CONTENT.spells) + ["wish"]

coords = st.integers(-1, 24)
square = st.builds(lambda x, y: f"{x},{y}", coords, st.integers(-1, 12))
unit = st.sampled_from(UNITS + ["nobody"])
target = st.one_of(st.sampled_from(TARGETS), square)
random_command = st.one_of(
    st.builds(lambda u, p: f"move {u} {p}", unit, square),
    st.builds(lambda u, p: f"move {u} {p}", unit,
              st.builds(lambda x, y: f"{x},{y}", st.integers(1, 22), st.integers(6, 10))),
    st.builds(lambda u, t, w: f"attack {u} {t} with {w}", unit, target, st.sampled_from(WEAPONS)),
    st.builds(lambda u, t: f"attack {u} {t}", unit, target),
    st.builds(lambda u, t: f"attack {u} {t} brawl", unit, target),
    st.builds(lambda u, p, o: f"{o} {u} {p}", unit, square, st.sampled_from(["open", "close"])),
    st.builds(lambda u, s, t: f"cast {u} {s} {t}", unit, st.sampled_from(SPELLS), target),
    st.just("end"),
    st.builds(lambda u: f"wait {u}", unit),
    st.builds(lambda r: "force " + ",".join(map(str, r)),
              st.lists(st.integers(1, 100), min_size=1, max_size=4)),
    st.sampled_from(["", "fly aldric", "move", "attack aldric", "force x", "force 0"]),
)


# --- what the app's play screen shows (Pilot tests) -------------------------------------


def text_of(widget) -> str:
    """The plain text a panel shows, as wide as it is on screen."""
    import io

    from rich.console import Console

    console = Console(width=widget.size.width or 60, record=True, file=io.StringIO())
    console.print(widget.body.content)
    return console.export_text()


def journal_text(app) -> str:
    from game.ui.widgets.journal_log import JournalLog

    return "\n".join(strip.text for strip in app.play.query_one(JournalLog).lines)


def status(app) -> str:
    from textual.widgets import Static

    return str(app.play.query_one("#status", Static).render())


def crossroads(forced=()):
    """The default scenario: saves name their scenario, so loading needs one on disk."""
    from game.commands.common import new_game
    from game.content.loader import DEFAULT_CONTENT

    # Forced rolls enter as a command, so that the log (and so a save) holds them: a
    # designer game's, as a hot-seat game refuses them.
    game = new_game(DEFAULT_CONTENT, "crossroads", 1, designer=bool(forced))
    if forced:
        game.apply("force " + ",".join(map(str, forced)))
    return game


def edit(path, old: str, new: str) -> None:
    """Replace the first `old` of a (copied) content file with `new`; it must be there."""
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


def bare(terms):
    """Terms (or one term) without their rule and source, for the tests about what a term
    counts: its detail and typed fields (the roll-card tests check rules and sources)."""
    from game.rules.terms import Term
    if isinstance(terms, Term):
        return msgspec.structs.replace(terms, rule="", source=())
    return tuple(msgspec.structs.replace(t, rule="", source=()) for t in terms)


async def type_text(pilot, text: str) -> None:
    """`text` typed into the field that has the keys (the command line, a search, a save's
    name): each character one key event through the app's bindings, as `pilot.press(*text)`
    sends it, but all sent at once and waited for once, as a quick typist's. Pressed one at
    a time, each key waited 60-90 ms for the app to go idle (2026-12-02: 867 keys pressed
    by the pilot tests, 62 s of their 82 s waiting). Only within one field: a key that moves
    the keys elsewhere (Enter, Esc, `:`) is pressed on its own, as the keys after it go
    where the keys are when the app reads them."""
    app = pilot.app
    for character in text:
        # As `App._press_keys` names a character's key and its character.
        key = _character_to_key(character) if not character.isalnum() else character
        try:
            char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
    # What `pilot.press` waits for after each key, once.
    await wait_for_idle(0)
    await app._animator.wait_until_complete()
    await wait_for_idle(0)
    await pilot._wait_for_screen()


async def searched(pilot) -> None:
    """The command palette's search done: its worker ended and its hits listed (where a
    fixed 0.3 s was waited; the palette adds hits in batches a quarter second apart)."""
    await pilot.pause()
    for _ in range(200):
        if not any(worker.group == "--textual-command-palette-gather-commands"
                   and not worker.is_finished for worker in pilot.app.workers):
            break
        await pilot.pause(0.01)
    else:
        raise AssertionError("the palette's search never ended")
    await pilot.pause()


async def creatures_act(app, pilot) -> None:
    """A round's end in the app: its creatures act one action at a time, a pause apart
    (the play screen's `ai_next`); the test plays them all at once."""
    play = app.play
    while app.controller.busy():
        if play._ai_timer is not None:
            play._ai_timer.stop()
            play._ai_timer = None
        play.ai_next()
        await pilot.pause()


def without_routes(journal) -> list:
    """A journal with each walk's route reduced to where it ends: a save written before
    routes went straight first (2026-12-01) crosses other squares to the same end."""
    return [msgspec.structs.replace(e, path=e.path[-1:]) if isinstance(e, Moved) else e
            for e in journal]


def replayed_as_today(save_path, content_dir):
    """A save loaded, its journal (refusals aside, which a replay does not log) and the
    journal its log writes replayed today, each walk's route reduced to its end."""
    loaded = load_game(save_path, content_dir=content_dir)
    record, game = loaded.record, loaded.game
    fresh = replay(game.content, game.scenario, record.seed, record.log, record.scenario,
                   record.designer, record.dice, game.policies)
    saved = [e for e in record.journal if not isinstance(e, Refused)]
    return loaded, without_routes(saved), without_routes(fresh.journal)
