"""The play screen and its parts, one feature a module.

- `screen.py`: `PlayScreen`, which composes the widgets, holds what the player points at
  (the selection, the cursor) and routes keys and messages to the parts below.
- `modes.py`: the input modes: pointing (Enter selects or walks, keys act on the cursor's
  square) and aiming (a spell shown on the map until Enter or y casts it, Esc cancels).
- `answers.py`: what the engine answered for the current game state (the choices, the
  zones), asked once until the game moves on.
- `saving.py`: the save, load, quick-load and undo flows, with their questions.
- `computer.py`: the computer's turn (and a round's creatures) shown one action at a time.
- `views.py`: the read-only views opened on top of it (odds, a unit, the roster, a roll's
  card, the legend, the journal, the replay).
- `layout.py`: the map's and the side bar's sizes for the terminal's.

The widgets they use live in `game/ui/widgets/` (`command_line.py`, `status_line.py`…).
"""

from game.ui.screens.play.screen import PlayScreen

__all__ = ["PlayScreen"]
