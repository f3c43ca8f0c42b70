"""Saboteur (矮人矿工 / 矮人礦工): score sheet and table helper."""

from .game import GAME, Saboteur, SaboteurState

__all__ = ["GAME", "Saboteur", "SaboteurState"]
