"""Every test writes its saves (autosaves included) to its own temporary folder, and
starts in English whatever the language of the shell that runs the tests."""

import pytest


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    import game.saves

    monkeypatch.setattr(game.saves, "DEFAULT_SAVES", tmp_path / "saves")
    yield


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    # The tests pin English text: a French shell (LANG=fr_FR.UTF-8) must not change it.
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
