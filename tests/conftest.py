"""Every test writes its saves (autosaves included) to its own temporary folder, and
starts in English whatever the language of the shell that runs the tests."""

import gc
import hashlib
import os
import sys
from pathlib import Path

import msgspec
import pytest

# Compiled modules are kept (in the __pycache__ folders git ignores) even where the shell
# says PYTHONDONTWRITEBYTECODE, as on this machine: without them every xdist worker compiled
# and assertion-rewrote every test module and the game's modules again at each run (10-11 s
# of CPU per worker before its first test, 3.5 s with them). Only this process's imports:
# the subprocesses the tests start keep the shell's setting.
sys.dont_write_bytecode = False
# The pytest plugins (xdist, pytest-asyncio, hypothesis, syrupy, ...) are imported before this
# file, and pytest rewrites their asserts too: under PYTHONDONTWRITEBYTECODE it did so again in
# every worker of every run (68 modules, about 1 s of CPU each time). So the xdist workers
# start without the shell's setting (the first run keeps the rewritten plugins, the next ones
# read them), and each worker puts it back for the subprocesses its tests start.
_HELD = "_ESCARMOUCHE_DONTWRITEBYTECODE"
if os.environ.get("PYTEST_XDIST_WORKER") and os.environ.pop(_HELD, None) is not None:
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"


def pytest_configure(config):
    if getattr(config.option, "numprocesses", None) and not os.environ.get(
            "PYTEST_XDIST_WORKER") and os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
        os.environ[_HELD] = "1"  # the workers are started after this hook


def pytest_unconfigure(config):
    if os.environ.pop(_HELD, None) is not None:
        os.environ["PYTHONDONTWRITEBYTECODE"] = "1"


# --- the shipped content read once per worker --------------------------------------------
# Reading a content folder (parse, check, convert: 27 ms) was done again by every test that
# starts a game, a script or a command on the shipped content or the tests' fixture copy:
# each test has its own saves folder, so the game's own warm-start cache never hit (285
# reads in the 528 tests of rules/, journal/, content/, the saves, script, export and i18n
# tests alone, 2026-12-02). These two folders are read once per worker per language, under a key
# of the folder as named and the bytes of its YAML files; any other folder (the copies the
# content tests edit, mutate or break) is read as before, every time. The content is never
# changed by a game (the helpers' CONTENT has always been shared by every test); after each
# test the kept ones are checked byte for byte, so a test that changed one fails by name.
from game.content import DEFAULT_CONTENT  # noqa: E402
from game.content import loader as _loader  # noqa: E402
from game.i18n import add_content_texts, current_language  # noqa: E402

_SHARED_FOLDERS = {DEFAULT_CONTENT.resolve(),
                   (Path(__file__).resolve().parent / "fixtures" / "content")}
_read_folder = _loader.load_content_partial
_kept: dict[tuple, tuple] = {}


def _folder_key(root) -> tuple | None:
    folder = Path(root)
    try:
        if folder.resolve() not in _SHARED_FOLDERS:
            return None
        digest = hashlib.sha256()
        for path in sorted(folder.iterdir()):
            if path.suffix in (".yaml", ".yml"):
                digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    except OSError:
        return None
    return str(root), current_language(), digest.digest()


def _load_content_partial(root=DEFAULT_CONTENT, texts=None):
    key = _folder_key(root)
    if key is None:
        return _read_folder(root, texts)
    if key not in _kept:
        forms: list = []
        content, errors = _read_folder(root, forms)
        _kept[key] = (content, list(errors), forms[0], msgspec.msgpack.encode(content))
    content, errors, forms, _ = _kept[key]
    add_content_texts(forms)  # as a read files them
    if texts is not None:
        texts.append({english: dict(translated) for english, translated in forms.items()})
    return content, list(errors)


_loader.load_content_partial = _load_content_partial


@pytest.fixture(autouse=True)
def _shared_content_unchanged(request):
    yield
    changed = [key for key, (content, _, _, encoded) in _kept.items()
               if msgspec.msgpack.encode(content) != encoded]
    for key in changed:
        del _kept[key]  # read afresh by the next test
    assert not changed, (
        f"{request.node.nodeid} changed the content read from {changed[0][0]}, which every "
        f"test of this worker shares (tests/conftest.py): copy it first")


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    import game.saves

    monkeypatch.setattr(game.saves, "DEFAULT_SAVES", tmp_path / "saves")
    yield


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    # The tests pin English text: a French shell (LANG=fr_FR.UTF-8) must not change it,
    # nor a test before this one that played in French (an app given `lang="fr"` sets the
    # process's language and keeps it).
    from game.i18n import current_language, set_language

    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    if current_language() != "en":
        set_language("en")
    yield
    if current_language() != "en":
        set_language("en")


#: The slowest tests (their CPU or their waits, `--durations`, 2026-12-01 23:50 UTC): collected
#: first, so that under `-n auto` none of them starts last while the other workers have
#: nothing left to do (the longest first; `--dist worksteal` then evens out the short ones).
HEAVY = [
    "test_hostile_content.py::test_mutated_content_is_refused_or_played",
    "test_serve_table.py::test_a_shared_demo_viewers_follow_the_presenter_and_cannot_play",
    "test_hostile_cluster.py::test_the_scheduler_killed_mid_run_is_said_and_gives_no_results",
    # These three share one scheduler (a module fixture): one after the other, so that no
    # test of another module in between stops it.
    "test_hostile_cluster.py::test_the_command_exits_non_zero_and_prints_no_figures_when_the_workers_die",
    "test_hostile_cluster.py::test_a_worker_killed_while_another_lives_changes_no_result",
    "test_hostile_cluster.py::test_every_worker_killed_mid_run_is_said_and_gives_no_results",
    # And these four one server (`still_served`).
    "test_hostile_serve.py::test_tabs_over_the_games_bound_are_told_to_come_back_later",
    "test_hostile_serve.py::test_a_flood_of_huge_resizes_and_escapes_stays_in_bounded_memory",
    "test_hostile_serve.py::test_hostile_messages_neither_kill_a_game_nor_grow_it_and_its_page_closed_ends_it",
    "test_hostile_serve.py::test_a_client_that_vanishes_ends_its_game_after_an_autosave",
    "test_stateful.py::runTest",
    "test_french_proof.py::test_every_screen_of_a_game_in_french_holds_no_english",
    "test_serve_table.py::test_a_live_game_is_watched_as_it_is_played",
    "test_simulate.py::test_runs_on_a_dask_cluster_give_the_same_results",
    "test_hostile_demo.py::test_a_script_too_long_for_a_demo_is_refused_before_the_app_starts",
    "test_french_proof.py::test_every_command_in_french_reports_no_english",
    "test_hostile_saves.py::test_a_mutated_real_save_is_read_or_refused_cleanly",
    "test_serve.py::test_serve_on_a_port_in_use_says_so",
    "test_table.py::test_autoplay_steps_on_its_own_and_a_stops_and_starts_it",
    "test_table.py::test_a_viewer_follows_step_by_step_and_no_key_plays",
    "test_i18n.py::test_the_check_command_finds_nothing_to_do",
    "test_odds_of_plans.py::test_odds_agree_with_10000_seeded_resolutions",
    "test_turn_odds.py::test_the_best_turn_agrees_with_the_engine_played_5000_times",
    "test_app.py::test_ctrl_s_saves_under_a_name_and_the_load_screen_brings_it_back",
    "test_hostile_demo.py::test_a_script_at_the_bound_goes_to_its_end_and_back",
    "test_hostile_save_roundtrip.py::test_what_the_engine_logs_is_saved_read_back_and_replayed",
    "test_tune.py::test_tune_a_seat_is_simulated_on_common_dice",
    # 2026-12-02: pilot tests merged from several with the same start (2-3 s each)
    "test_palette.py::test_the_palette_and_help_list_every_key_and_verb_the_palette_and_the_wait_key_play",
    "test_demo.py::test_space_plays_each_step_with_its_caption_rolls_and_map_left_goes_back_g_ends",
]


def pytest_collection_modifyitems(config, items):
    # A stable sort: the rest keep the collection's order, after the heavy ones.
    rank = {name: i for i, name in enumerate(HEAVY)}
    items.sort(key=lambda item: rank.get(f"{item.path.name}::{item.originalname}", len(rank)))


# The garbage collector: Textual's drawing allocates millions of small containers (strips,
# segments, their caches), and a pilot test leaves about 10,000 objects behind for good
# (Textual's and Rich's caches). With Python's defaults a worker's collector, run every 700
# allocations and over a heap that grows with every test, was 40% of the pilot tests' CPU
# (tests/ui/test_app.py: 46 -> 26 s). So each test's survivors are collected once after it
# and frozen (never traversed again: each test starts with an empty young heap), and the
# first generation is collected every 10,000 allocations, not 700. Cycles left by a test are
# still collected, right after it.
def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    yield
    gc.collect()
    gc.freeze()


# `-n auto`: one worker more than the cores. A test waiting on its server, its cluster or a
# timer (serve, table, cluster, autoplay: 5-25 s each, most of it idle) leaves its core to
# the other workers instead of idling it (measured: tests/test_serve*.py, test_table.py,
# test_hostile_cluster.py and two pilot files, 146 tests, 164 s wall with 2 workers, 129 s
# with 3, 130 s with 4, for 5% more CPU with 3).
def pytest_xdist_auto_num_workers(config):
    return (os.cpu_count() or 1) + 1
