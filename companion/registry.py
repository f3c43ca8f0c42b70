"""The games the app knows. Adding a game is one line here.

Each entry names the module that defines ``GAME`` (a :class:`companion.core.Game`);
modules are imported on first use so start-up stays fast.
"""

from __future__ import annotations

import importlib
from functools import cache

from .core.game import Game

# id -> module defining GAME.  Order is the order of the home screen.
GAMES: dict[str, str] = {
    # --- full referees ---
    "niagara": "companion.games.niagara",
    "manila": "companion.games.manila",
    "silk_road": "companion.games.silk_road",
    "modern_art": "companion.games.modern_art",
    # --- score sheets and table helpers ---
    "mamma_mia": "companion.games.mamma_mia",
    "saboteur": "companion.games.saboteur",
    "pandemic": "companion.games.pandemic",
    "cockroach_poker": "companion.games.cockroach_poker",
    "catan": "companion.games.catan",
    "citadels": "companion.games.citadels",
    "dominion": "companion.games.dominion",
    "im_the_boss": "companion.games.im_the_boss",
    "kutschfahrt": "companion.games.kutschfahrt",
}


def game_ids() -> list[str]:
    return list(GAMES)


@cache
def get_game(game_id: str) -> Game:  # type: ignore[type-arg]
    try:
        module_name = GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None
    module = importlib.import_module(module_name)
    game = module.GAME
    assert game.id == game_id, (game.id, game_id)
    return game
