"""Manila (馬尼拉 / 马尼拉): a full referee. ``GAME`` is the engine; ``odds`` the on-request odds."""

from .game import GAME, Manila

__all__ = ["GAME", "Manila"]
