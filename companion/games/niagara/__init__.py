"""Niagara (尼加拉瀑布): a full referee."""

from .game import GAME, NiagaraGame

__all__ = ["GAME", "NiagaraGame"]
