"""Modern Art referee: five auction types, round ends, artist values, payouts."""

from .game import ModernArt

GAME = ModernArt()

__all__ = ["GAME", "ModernArt"]
