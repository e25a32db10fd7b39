"""Each verb declared once: the registry the parser, the usage lines and the engine read;
every verb's usage, parser and notation agree (commands generated from the usage itself);
and `wait ID`, the verb added to show how little a new verb takes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.i18n import set_language
from game.journal.text import describe
from game.rules.actions import Action, EndTurn, Wait
from game.rules.events import CommandIssued, Refused, Waited
from game.rules.history import replay, undo, undo_refusal
from game.rules.legal import unit_options
from game.rules.notation import USAGE, NotationError, parse, verb, verbs
from tests.helpers import make_game

# --- commands written from a verb's usage -------------------------------------------

IDENT = st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True)
NUMBER = st.integers(-10**8, 10**8).map(str)
SQUARE = st.tuples(st.integers(-999, 999), st.integers(-999, 999)).map(lambda p: f"{p[0]},{p[1]}")
#: What each word of a usage stands for (a usage naming another fails the test below:
#: say here what it is).
SLOTS = {
    "ID": IDENT, "UNIT": IDENT, "CREATURE": IDENT, "TEMPLATE": IDENT, "WEAPON": IDENT,
    "SPELL": IDENT, "ITEM": IDENT, "TARGET": st.one_of(IDENT, SQUARE), "X,Y": SQUARE,
    "N": st.integers(1, 9).map(str), "VALUE": NUMBER,
    "UNIT.FIELD": st.tuples(IDENT, IDENT).map(".".join),
    "N[,N...]": st.lists(st.integers(0, 999_999), min_size=1, max_size=5).map(
        lambda rolls: ",".join(map(str, rolls))),
}


def grammar(usage: str) -> list:
    """A usage as a sequence of words, slots and `("opt", [alternatives])`."""
    tokens = usage.replace("N[,N...]", "\0").replace("[", " [ ").replace("]", " ] ").split()
    tokens = [t.replace("\0", "N[,N...]") for t in tokens]

    def sequence(at: int, stop: set[str]) -> tuple[list, int]:
        items = []
        while at < len(tokens) and tokens[at] not in stop:
            if tokens[at] == "[":
                alternatives, at = [], at + 1
                while True:
                    seq, at = sequence(at, {"|", "]"})
                    alternatives.append(seq)
                    at += 1
                    if tokens[at - 1] == "]":
                        break
                items.append(("opt", alternatives))
            else:
                items.append(tokens[at])
                at += 1
        return items, at

    return sequence(0, set())[0]


def words_of(draw, items: list) -> list[str]:
    out = []
    for item in items:
        if isinstance(item, tuple):  # optional: nothing, or one of its forms
            choice = draw(st.integers(-1, len(item[1]) - 1))
            if choice >= 0:
                out += words_of(draw, item[1][choice])
        elif "|" in item:  # one of some words
            out.append(draw(st.sampled_from(item.split("|"))))
        elif item.isupper() or item in SLOTS:
            assert item in SLOTS, f"a usage names {item!r}: tell SLOTS what it stands for"
            out.append(draw(SLOTS[item]))
        else:
            out.append(item)
    return out


@st.composite
def commands(draw) -> tuple[str, str]:
    """(verb, a well-formed command of it, written as its usage says)."""
    declared = draw(st.sampled_from(verbs()))
    return declared.name, " ".join(words_of(draw, grammar(declared.usage)))


@settings(max_examples=400, deadline=None)
@given(commands())
def test_every_verb_reads_what_its_usage_writes_and_writes_it_back_the_same(case):
    name, text = case
    action = parse(text)
    assert isinstance(action, verb(name).action)
    assert action.notation() == text  # the canonical form is the usage's
    assert parse(action.notation()) == action
    assert action.verb.name == name


def slots_in(items: list) -> set[str]:
    found = set()
    for item in items:
        if isinstance(item, tuple):
            for alternative in item[1]:
                found |= slots_in(alternative)
        elif item.isupper():
            found.add(item)
    return found


def test_every_usage_is_understood_by_the_generator_and_starts_with_its_verb():
    for declared in verbs():
        assert declared.usage.split()[0] == declared.name
        assert slots_in(grammar(declared.usage)) <= set(SLOTS), declared.usage


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from([v.name for v in verbs()] + ["with", "brawl",
                                                                        "owner", "weapon"]),
                          IDENT, SQUARE, NUMBER, st.text(min_size=1, max_size=6)),
                min_size=1, max_size=6))
def test_any_words_are_read_or_refused_with_a_reason(words):
    text = " ".join(words)
    try:
        action = parse(text)
    except NotationError as refusal:
        assert refusal.reason
        return
    assert parse(action.notation()) == action


def test_the_registry_lists_play_then_designer_verbs_each_by_name_once():
    names = [v.name for v in verbs()]
    assert names == ["attack", "cast", "close", "end", "move", "open", "use", "wait",
                     "force", "give", "hold", "place", "release", "remove", "set", "spawn"]
    assert list(USAGE) == names and USAGE["wait"] == "wait ID"
    play = [v.name for v in verbs() if not v.designer_only]
    assert play == names[:8]
    # One class reads each verb; every command class declares its verbs.
    assert {v.name for v in verbs() if v.ends_turn} == {"end"}
    assert verb("open").action is verb("close").action
    assert verb("nonesuch") is None


def test_a_verb_declared_twice_is_refused_at_once():
    from game.rules.verbs import Verb

    with pytest.raises(ValueError, match="the verb 'wait' is declared twice"):
        class Again(Action):  # noqa: F841
            VERBS = (Verb("wait", "wait ID", "Wait", "again"),)


@pytest.mark.parametrize("text,reason", [
    ("mvoe aldric 1,1", "unknown command 'mvoe' (did you mean move?); commands: attack, "
                        "cast, close, end, move, open, use, wait; in designer mode also: "
                        "force, give, hold, place, release, remove, set, spawn"),
    ("jump aldric 1,1", "unknown command 'jump'; commands: attack, cast, close"),
    ("atack a b", "unknown command 'atack' (did you mean attack?)"),
    ("rmove x", "unknown command 'rmove' (did you mean remove, a designer mode command?); "
                "commands: attack,"),
    ("select corvin", "unknown command 'select' (did you mean set, a designer mode "
                      "command?); commands: attack, cast, close, end, move, open, use, wait; "
                      "in designer mode also: force,"),
    ("ned", "unknown command 'ned' (did you mean end?)"),
    ("", "empty command"),
    ("wait", "wait takes 1 argument: wait ID"),
    ("wait aldric now", "wait takes 1 argument: wait ID"),
    ("end now", "end takes 0 arguments: end"),
    ("force 1,x", "forced rolls are whole numbers: force N[,N...]"),
    # Before, an empty item was dropped: `force 1,,2` forced 1 and 2.
    ("force 1,,2", "forced rolls '1,,2' have an empty item (two commas, or one at an end): "
                   "force N[,N...]"),
    ("force 1,2,", "forced rolls '1,2,' have an empty item"),
    ("force ,1", "forced rolls ',1' have an empty item"),
    ("force ,", "forced rolls ',' have an empty item"),
    ("use aldric", "use takes 2 or 3 arguments: use ID ITEM [TARGET]"),
    ("set aldric.hp x", "'x' is not a whole number (usage: set UNIT.FIELD VALUE)"),
])
def test_malformed_and_unknown_commands_keep_their_reasons(text, reason):
    with pytest.raises(NotationError) as refused:
        parse(text)
    assert refused.value.reason.startswith(reason)


# --- wait ID -----------------------------------------------------------------------


def duel(**kw):
    return make_game([("aldric", "aldric", 1, (0, 0)), ("corvin", "corvin", 1, (0, 2)),
                      ("dagny", "dagny", 2, (5, 0)), ("goblin", "goblin", None, (9, 9))], **kw)


def test_wait_ends_the_units_actions_for_the_turn_and_says_so():
    game = duel(designer=False)
    game.apply("move aldric 1,0")
    assert game.units["aldric"].ap == 9
    events = game.apply("wait aldric")
    assert events == [CommandIssued("wait aldric", 1), Waited("aldric", 9)]
    assert game.units["aldric"].ap == 0 and game.log == ["move aldric 1,0", "wait aldric"]
    assert describe(events[1]) == "aldric waits: done for this turn (9 AP unused)"
    # Done: nothing more this turn, a reason given and nothing changed.
    before = game.snapshot()
    [refused] = game.apply("move aldric 2,0")
    assert refused.reason == "Aldric needs 1 AP to reach 2,0 and has 0"
    [refused] = game.apply("wait aldric")
    assert refused.reason == "Aldric has no AP left: it is already done for this turn"
    assert game.snapshot() == before
    # The other character still acts; next turn Aldric's AP are back.
    assert game.apply("move corvin 1,2")[1].ap_left == 9
    game.apply("end")
    game.apply("end")
    assert game.current == 1 and game.units["aldric"].ap == 10


@pytest.mark.parametrize("text,reason", [
    ("wait dagny", "Dagny belongs to Bruno, not to Alice"),
    ("wait goblin", "Goblin is a creature: creatures act on their own"),
    ("wait nobody", "there is no unit called 'nobody' (units: aldric, corvin, dagny, goblin)"),
])
def test_wait_is_refused_for_a_unit_not_of_the_current_player(text, reason):
    game = duel(designer=False)
    before = game.snapshot()
    [refused] = game.apply(text)
    assert isinstance(refused, Refused) and refused.reason == reason
    assert game.snapshot() == before and game.log == []


def test_wait_is_refused_for_a_unit_that_is_down():
    game = duel()
    game.apply("remove corvin")
    [refused] = game.apply("wait corvin")
    assert refused.reason == "Corvin is down"


def test_wait_is_undone_replayed_and_saved_like_any_command():
    game = duel(designer=False)
    game.apply("wait aldric")
    assert undo_refusal(game) is None
    assert undo(game).units["aldric"].ap == 10
    again = replay(game.content, game.scenario, game.seed, game.log, game.scenario_id,
                   game.designer, game.dice, game.policies)
    assert again.journal == game.journal and again.units["aldric"].ap == 0


def test_the_engine_asks_the_verb_what_it_does_to_the_turn():
    game = duel(designer=False)
    assert parse("end").ends_turn and not parse("wait aldric").ends_turn
    events = game.apply(EndTurn())
    assert game.current == 2 and events[0] == CommandIssued("end", 1)
    refusal = undo_refusal(game)
    assert refusal.reason == "cannot undo: 'end' handed the turn over"


def test_legal_offers_wait_with_its_plan_or_why_not():
    game = duel(designer=False)
    [option] = unit_options(game, "aldric")
    assert (option.kind, option.command, option.possible) == ("wait", "wait aldric", True)
    assert option.plan.ap_unused == 10 and option.ap_cost == 0
    game.apply("wait aldric")
    [option] = unit_options(game, "aldric")
    assert option.reason == "Aldric has no AP left: it is already done for this turn"
    [option] = unit_options(game, "dagny")
    assert option.reason == "Dagny belongs to Bruno, not to Alice"


def test_wait_is_worded_in_french():
    set_language("fr")
    try:
        assert describe(Waited("aldric", 1)) == \
            "aldric attend la fin du tour (1 PA non dépensé)"
        assert describe(Waited("aldric", 9)) == \
            "aldric attend la fin du tour (9 PA non dépensés)"
        game = duel(designer=False)
        game.apply("wait aldric")
        [refused] = game.apply("wait aldric")
        from game.journal.text import refusal_text

        assert refusal_text(refused.message, refused.fields, refused.reason) == \
            "Aldric n'a plus de PA : ses actions de ce tour sont déjà finies"
    finally:
        set_language("en")


def test_wait_class_is_the_whole_declaration():
    declared = verb("wait")
    assert declared.action is Wait and Wait.VERBS == (declared,)
    assert (declared.title, declared.usage, declared.takes_unit) == ("Wait", "wait ID", True)
