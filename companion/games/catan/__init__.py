"""Catan (卡坦島 / 卡坦岛): score sheet and table helpers."""

from .game import GAME, Catan, CatanState

__all__ = ["GAME", "Catan", "CatanState"]
