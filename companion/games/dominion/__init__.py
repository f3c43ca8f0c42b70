"""Dominion (皇輿爭霸 / 领土): score sheet and supply helper."""

from .game import GAME, Dominion, DominionState

__all__ = ["GAME", "Dominion", "DominionState"]
