"""Mamma Mia (妈妈咪呀 / 媽媽咪呀): score sheet and pizza-pile evaluation helper."""

from .game import GAME, MammaMia, MammaMiaState

__all__ = ["GAME", "MammaMia", "MammaMiaState"]
