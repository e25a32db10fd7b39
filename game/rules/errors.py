"""The one error a player can cause: an action the rules refuse."""


class Impossible(Exception):
    """An action the rules refuse; the message is the reason shown to the player.

    Raised by validation only, before anything changes: no AP spent, no die rolled.
    """

    @property
    def reason(self) -> str:
        return str(self.args[0]) if self.args else "impossible"
