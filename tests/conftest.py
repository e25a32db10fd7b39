"""Every test writes its saves (autosaves included) to its own temporary folder."""

import pytest


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    import game.saves

    monkeypatch.setattr(game.saves, "DEFAULT_SAVES", tmp_path / "saves")
    yield
