"""Dominion (領土 / 领土): score sheet and supply helper."""

from .game import GAME, Dominion, DominionState

__all__ = ["GAME", "Dominion", "DominionState"]
