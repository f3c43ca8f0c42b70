"""Pandemic (瘟疫危机 / 瘟疫危機): score sheet and table helper."""

from .game import GAME, Pandemic, PandemicState

__all__ = ["GAME", "Pandemic", "PandemicState"]
