"""Modern Art referee: five auction types, round ends, artist values, payouts."""

from .game import GAME, ModernArt

__all__ = ["GAME", "ModernArt"]
