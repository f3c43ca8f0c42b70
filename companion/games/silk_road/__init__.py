"""Maritime Silk Road (海上丝路 / 海上絲路), Reiner Knizia: a full referee."""

from .game import GAME, SilkRoad

__all__ = ["GAME", "SilkRoad"]
