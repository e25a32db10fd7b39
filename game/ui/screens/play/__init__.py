"""The play screen."""

from game.ui.screens.play.screen import PlayScreen

__all__ = ["PlayScreen"]
