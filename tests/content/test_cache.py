"""The warm start's content cache (`game.content.cache`): a new game from the cache is the
game the YAML gives; a changed, corrupt or foreign cache is never used but rebuilt; content
errors are said exactly as without a cache."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import game.i18n as i18n
from game.cli import build_parser, main
from game.commands.common import new_game
from game.commands.play import build_app
from game.content import DEFAULT_CONTENT, cache, loader
from game.content.fingerprint import content_hash
from game.i18n import content_text, language
from tests.helpers import FIXTURE_CONTENT, edit


@pytest.fixture
def content_dir(tmp_path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, target)
    return target


@pytest.fixture
def yaml_read(monkeypatch) -> list[Path]:
    """The scenarios the YAML path read, in order (each a new game not from the cache)."""
    read: list[Path] = []
    real = loader.load_game_content

    def spy(root, path, texts=None):
        read.append(Path(path))
        return real(root, path, texts)

    monkeypatch.setattr(loader, "load_game_content", spy)
    return read


def start(content_dir: Path, saves: Path, seed: int = 7):
    return new_game(content_dir, "crossroads", seed, cache_dir=saves / ".cache")


def cache_files(saves: Path) -> list[Path]:
    return sorted((saves / ".cache").glob("*.msgpack"))


def test_a_warm_start_is_the_game_the_yaml_gives(content_dir, tmp_path, yaml_read):
    cold = start(content_dir, tmp_path)
    assert len(yaml_read) == 1 and len(cache_files(tmp_path)) == 1
    warm = start(content_dir, tmp_path)
    assert len(yaml_read) == 1  # not read again
    assert warm.content == cold.content and warm.scenario == cold.scenario
    # What a save keeps as the content's fingerprint is the same.
    assert content_hash(warm.content, warm.scenario) == content_hash(cold.content,
                                                                     cold.scenario)
    assert sorted(warm.units) == sorted(cold.units)
    assert [warm.units[u].hp for u in sorted(warm.units)] == \
        [cold.units[u].hp for u in sorted(cold.units)]


def test_a_warm_start_files_the_contents_translations(tmp_path, yaml_read, monkeypatch):
    content_dir = tmp_path / "content"  # the shipped content has French forms
    shutil.copytree(DEFAULT_CONTENT, content_dir)
    start(content_dir, tmp_path)
    monkeypatch.setattr(i18n, "_content_forms", {})  # as in a new process
    with language("fr"):
        assert content_text("For the Lily!") == "For the Lily!"
        start(content_dir, tmp_path)
        assert content_text("For the Lily!") == "Pour le Lys\u202f!"
    assert len(yaml_read) == 1


def test_a_changed_file_is_read_again_even_with_the_same_size_and_time(content_dir,
                                                                       tmp_path, yaml_read):
    start(content_dir, tmp_path)
    weapons = content_dir / "weapons.yaml"
    before = weapons.stat()
    text = weapons.read_text()
    assert "dice: 1d8" in text
    weapons.write_text(text.replace("dice: 1d8", "dice: 1d6", 1))
    os.utime(weapons, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert weapons.stat().st_size == before.st_size
    changed = start(content_dir, tmp_path)
    assert len(yaml_read) == 2
    assert changed.content == loader.load_content(content_dir)
    # Rebuilt: the next start is warm again, with the new content.
    again = start(content_dir, tmp_path)
    assert len(yaml_read) == 2 and again.content == changed.content
    assert len(cache_files(tmp_path)) == 1


def test_a_file_added_or_removed_is_read_again(content_dir, tmp_path, yaml_read):
    start(content_dir, tmp_path)
    (content_dir / "ai.yaml").unlink()
    assert start(content_dir, tmp_path).content.ai is None
    assert len(yaml_read) == 2
    shutil.copy(FIXTURE_CONTENT / "ai.yaml", content_dir)
    assert start(content_dir, tmp_path).content.ai is not None
    assert len(yaml_read) == 3


@pytest.mark.parametrize("damage", ["truncated", "garbage", "foreign key", "empty"])
def test_a_corrupt_cache_is_ignored_and_rebuilt(content_dir, tmp_path, yaml_read, damage):
    cold = start(content_dir, tmp_path)
    (path,) = cache_files(tmp_path)
    data = path.read_bytes()
    key, _, payload = data.partition(b"\n")
    path.write_bytes({"truncated": data[: len(key) + 1 + len(payload) // 2],
                      "garbage": key + b"\n" + bytes(range(256)) * 4,
                      "foreign key": b"0" * len(key) + b"\n" + payload,
                      "empty": b""}[damage])
    read = start(content_dir, tmp_path)
    assert len(yaml_read) == 2 and read.content == cold.content
    assert path.read_bytes() == data  # rebuilt as it was
    start(content_dir, tmp_path)
    assert len(yaml_read) == 2


def test_another_version_of_the_code_reads_the_yaml(content_dir, tmp_path, yaml_read,
                                                    monkeypatch):
    start(content_dir, tmp_path)
    monkeypatch.setattr(cache, "FORMAT", cache.FORMAT + 1)
    start(content_dir, tmp_path)
    assert len(yaml_read) == 2


def test_the_key_covers_every_file_the_loader_reads(content_dir, monkeypatch):
    read: list[Path] = []
    real = loader.Loader.read

    def spy(self, path, required=True):
        read.append(Path(path))
        return real(self, path, required)

    monkeypatch.setattr(loader.Loader, "read", spy)
    scenario = content_dir / "scenarios" / "crossroads.yaml"
    loader.load_game_content(content_dir, scenario)
    keyed = {*content_dir.glob("*.yaml"), scenario}
    assert read and {p for p in read if p.exists()} <= keyed
    for path in read:  # and a change to any of them changes the key
        before = cache.key(content_dir, scenario)
        if path.exists():
            path.write_text(path.read_text() + "\n# changed\n")
        else:
            path.write_text("{}\n")
        assert cache.key(content_dir, scenario) != before, path.name


def test_a_content_error_is_said_the_same_with_a_cache(content_dir, tmp_path, capsys):
    saves = tmp_path / "saves"
    start(content_dir, saves)
    (path,) = cache_files(saves)
    kept = path.read_bytes()
    edit(content_dir / "characters.yaml", "weapons: [sword]", "weapons: [swrod]")
    argv = ["--content", str(content_dir), "play", "crossroads"]
    assert main([*argv, "--saves-dir", str(saves)]) == 2
    with_cache = capsys.readouterr()
    assert main([*argv, "--saves-dir", str(tmp_path / "other")]) == 2
    without = capsys.readouterr()
    assert with_cache.err == without.err and with_cache.out == without.out == ""
    assert "unknown weapon 'swrod' (did you mean 'sword'?)" in with_cache.err
    assert with_cache.err.endswith("1 content error\n")
    assert path.read_bytes() == kept  # a load with errors is not kept
    assert not (tmp_path / "other" / ".cache").exists()


def test_a_cache_folder_that_cannot_be_written_only_loses_the_warm_start(content_dir,
                                                                         tmp_path, yaml_read):
    (tmp_path / ".cache").write_text("a file where the folder would be")
    first = start(content_dir, tmp_path)
    second = start(content_dir, tmp_path)
    assert len(yaml_read) == 2 and first.content == second.content


def test_play_starts_warm_from_its_saves_folder(tmp_path, yaml_read):
    args = build_parser().parse_args(["play", "crossroads", "--saves-dir", str(tmp_path),
                                      "--seed", "3"])
    cold = build_app(args)
    warm = build_app(args)
    assert len(yaml_read) == 1 and len(cache_files(tmp_path)) == 1
    assert warm.game.content == cold.game.content
    assert warm.game.journal == cold.game.journal


async def test_a_warm_start_draws_the_same_first_screen(tmp_path, yaml_read):
    args = build_parser().parse_args(["play", "crossroads", "--saves-dir", str(tmp_path),
                                      "--seed", "3", "--lang", "en"])
    screens = []
    for _ in range(2):  # from the YAML, then from the cache
        app = build_app(args)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            screens.append(app.export_screenshot())
    assert len(yaml_read) == 1 and len(cache_files(tmp_path)) == 1
    assert "Aldric" in screens[0] and screens[1] == screens[0]
