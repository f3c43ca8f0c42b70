"""Citadels (富饒之城 / 富饶之城): score sheet, draft table and round helper."""

from .game import GAME, Citadels, CitadelsState

__all__ = ["GAME", "Citadels", "CitadelsState"]
