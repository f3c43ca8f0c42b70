"""The games' screens: ``views/<game_id>.py`` for a game with a screen of its
own, ``views/generic.py`` for any other (see ``companion/ui/context.py`` for
the contract).  :func:`view_for` is the one way the shell finds a game's
screen; a screen module is imported only when its game is first shown."""

from __future__ import annotations

import importlib
from types import ModuleType

GENERIC = "companion.ui.views.generic"


def view_for(game_id: str) -> ModuleType:
    """The game's own screen module, or the generic one."""
    name = f"{__name__}.{game_id}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the game's screen exists but imports something missing: a real error
        return importlib.import_module(GENERIC)
