"""Hot reload against a hostile content folder: a thousand nested folders, links that loop,
folders that cannot be read, a flood of entries. The watcher bounds its walk and ignores
what it cannot read; the game goes on and a saved change is still seen."""

from __future__ import annotations

import os
import shutil

import pytest

from game.commands.common import new_game
from game.content.loader import DEFAULT_CONTENT
from game.content.reload import ContentWatcher
from game.ui.controller import Controller
from tests.helpers import edit

#: How long a test waits for the kernel to tell a change (it goes on as soon as told).
WAIT = 5.0


@pytest.fixture
def content(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, target)
    yield target
    # Removed in a loop: a recursive removal (pytest's own, later) would overflow.
    for root in (target, target / "scenarios" / "deep"):
        if (root / "d").is_dir():
            unnest(root)


def unnest(root) -> None:
    """Remove the chain of `d` folders `nest` made under `root`, deepest first."""
    fds = [os.open(root, os.O_RDONLY)]
    try:
        while True:
            try:
                fds.append(os.open("d", os.O_RDONLY, dir_fd=fds[-1]))
            except FileNotFoundError:
                break
        while len(fds) > 1:
            here = fds.pop()
            for name in os.listdir(here):
                os.unlink(name, dir_fd=here)
            os.close(here)
            os.rmdir("d", dir_fd=fds[-1])
    finally:
        for fd in fds:
            os.close(fd)


def nest(root, depth: int):
    """`depth` folders one in another under `root`, a YAML file at the bottom; made from
    inside (a path that long may pass what one system call takes)."""
    here = os.open(root, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir("d", dir_fd=here)
            inner = os.open("d", os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = inner
        fd = os.open("deep.yaml", os.O_WRONLY | os.O_CREAT, dir_fd=here)
        os.write(fd, b"x: 1\n")
        os.close(fd)
    finally:
        os.close(here)


def test_a_thousand_nested_folders_made_while_a_game_runs_do_not_stop_it(content):
    controller = Controller(new_game(content, "duel", 1), content_dir=content)
    assert controller.poll_content() == (False, [])  # the watch starts
    nest(content, 1000)
    (content / "scenarios" / "deep").mkdir()
    nest(content / "scenarios" / "deep", 1500)
    assert controller.poll_content() == (False, [])
    edit(content / "weapons.yaml", "dice: 1d8", "dice: 1d10")
    reloaded, errors = controller.poll_content(WAIT)
    assert reloaded and errors == []
    assert "weapons.yaml" in controller.game.journal[-1].changes[0]
    # Watched to the depth bound only: a few folders, not 2,500.
    assert len(controller.hot_reload.watcher._watched) < 30


def test_links_that_loop_dangle_or_point_at_devices_are_ignored(content):
    watcher = ContentWatcher(content)
    (content / "loop").symlink_to(content)
    (content / "scenarios" / "up").symlink_to(content / "scenarios")
    (content / "gone.yaml").symlink_to(content / "nowhere.yaml")
    (content / "null.yaml").symlink_to("/dev/null")
    assert set(watcher.changed(WAIT)) <= {"content/null.yaml"}
    edit(content / "rules.yaml", "move_cost: 1 ", "move_cost: 2 ")
    assert watcher.changed(WAIT) == ["content/rules.yaml"]


def test_a_folder_that_cannot_be_read_is_left_out(content, monkeypatch):
    (content / "secret").mkdir()
    (content / "secret" / "x.yaml").write_text("x: 1\n")
    real = os.scandir

    def scandir(path):
        if str(path).endswith("secret"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    watcher = ContentWatcher(content)
    stamps, folders = watcher._walk()
    assert all("secret" not in name for name in [*stamps, *folders])
    edit(content / "rules.yaml", "move_cost: 1 ", "move_cost: 2 ")
    assert watcher.changed(WAIT) == ["content/rules.yaml"]


def test_a_flood_of_entries_is_looked_at_only_to_a_bound(content, monkeypatch):
    monkeypatch.setattr(ContentWatcher, "MAX_ENTRIES", 500)
    flood = content / "zz-flood"
    flood.mkdir()
    for n in range(2000):
        (flood / f"f{n}.txt").write_bytes(b"")
    watcher = ContentWatcher(content)
    assert len(watcher._walk()[0]) < 500


def test_a_flood_of_folders_is_watched_only_to_a_bound(content, monkeypatch):
    monkeypatch.setattr(ContentWatcher, "MAX_FOLDERS", 50)
    for n in range(300):
        (content / f"f{n:03}").mkdir()
    watcher = ContentWatcher(content)
    assert len(watcher._watched) == 50 and watcher._watched[0] == str(content)
    edit(content / "rules.yaml", "move_cost: 1 ", "move_cost: 2 ")
    assert watcher.changed(WAIT) == ["content/rules.yaml"]


def test_a_content_folder_removed_then_made_again_is_watched_again(content):
    watcher = ContentWatcher(content)
    shutil.rmtree(content)
    assert "content/rules.yaml" in watcher.changed(WAIT)  # every file gone
    content.mkdir()
    (content / "rules.yaml").write_text("x: 1\n")
    assert watcher.changed() == ["content/rules.yaml"]  # polled while it was gone
    (content / "rules.yaml").write_text("x: 22\n")
    assert watcher.changed(WAIT) == ["content/rules.yaml"]  # then told again
