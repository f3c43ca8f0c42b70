"""End-to-end: every game's table screen opens in the real web app, at phone
size in Traditional Chinese and at tablet size in English, and shows the
"now" banner of its first decision; screenshots are written for review."""

from __future__ import annotations

import pytest

from companion.registry import GAMES, get_game
from companion.storage import Store
from companion.ui.viewmodels import now_text
from conftest import PHONE, TABLET, Screen, Server

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    data = tmp_path_factory.mktemp("games")
    store = Store(data / "companion.db")
    made = {}
    for game_id in GAMES:
        game = get_game(game_id)
        players = NAMES[: max(game.min_players, min(4, game.max_players))]
        stored = store.create_table(game, game.setup(players, {}))
        made[game_id] = (stored.id, game, stored.state, tuple(players))
    store.close()
    server = Server(data)
    yield data, server, made
    server.stop()


@pytest.mark.parametrize("lang, viewport, size", [("zh_Hant", PHONE, "phone"), ("en", TABLET, "tablet")])
def test_every_game_screen_opens(browser, tables, lang, viewport, size):
    data, server, made = tables
    for game_id, (table_id, game, state, players) in made.items():
        store = Store(data / "companion.db")
        store.set_setting("open_table", table_id)
        store.set_setting("lang", lang)
        store.close()
        screen = Screen(browser, server, viewport)
        try:
            expected, _ = now_text(game, state, players, lang)
            screen.wait_text(expected)
            screen.shot(f"{size}-{lang}-game-{game_id}")
        finally:
            screen.close()
