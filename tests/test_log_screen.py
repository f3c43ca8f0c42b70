"""The move log screen and the story chart, in-process (issue 21)."""

from __future__ import annotations

import random

import pytest

from companion.core import Action
from companion.storage import Store
from companion.ui.app import App
from ui_harness import FakePage, press, texts


@pytest.fixture
def app(tmp_path):
    application = App(FakePage(), Store(tmp_path / "log.db"))
    application.render()
    return application


def play_manila(app: App, seed: int, until_end: bool) -> None:
    app.start_table("manila", ["Ann", "Bo", "Cy"], {})
    assert app.dispatch(Action.make("enter_shares", 0, wares=["silk", "jade"]))
    rng = random.Random(seed)
    game = app.table.game
    for _ in range(2000 if until_end else 40):
        if game.is_over(app.table.state):
            break
        legal = game.legal_actions(app.table.state)
        assert app.dispatch(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("lang, entered, voyage", [("en", "Ann entered their secret shares.", "Voyage 1"),
                                                   ("zh_Hans", "Ann录入了秘密股份。", "第 1 段航程"),
                                                   ("zh_Hant", "Ann輸入了保密的股份。", "第 1 段航程")])
def test_the_log_shows_what_this_device_may_see_newest_first(app, lang, entered, voyage):
    play_manila(app, 3, until_end=False)
    app.set_language(lang)
    app.go("log")
    shown = texts(app.page)
    entered = entered.replace("Ann录", "Ann 录").replace("Ann輸", "Ann 輸")  # a Latin name beside Chinese
    assert entered in shown and voyage in shown
    assert not [t for t in shown if "jade" in t.lower() and "Ann" in t and ("share" in t or "股份" in t)]
    numbers = [int(t) for t in shown if t.isdigit()]
    assert numbers[:3] == sorted(numbers[:3], reverse=True)  # newest first
    # Ann's own phone reads her shares in the log
    app.my_seat = lambda: 0
    app.render()
    assert any("Ann" in t and ("Jade" in t or "玉石" in t) for t in texts(app.page))


def test_a_finished_table_from_history_shows_its_story(app):
    play_manila(app, 5, until_end=True)
    assert app.table.game.is_over(app.table.state)
    app.go_home()
    app.go("history")
    press(app.page, next(t for t in texts(app.page) if t.startswith("Manila · ")))
    assert app.nav.screen == "table" and app.nav.params.get("read_only")
    shown = texts(app.page)
    assert "Money over the game" in shown and "Final ranking" in shown
    press(app.page, "Move log")
    shown = texts(app.page)
    assert any(t.startswith("Ann shows their shares") or t.startswith("Ann shows") for t in shown), shown[:40]
    assert "The game is over." in shown


def test_show_older_moves_pages_back(app):
    play_manila(app, 7, until_end=True)
    assert app.table.session.cursor > 60
    app.go("log")
    assert "1" not in texts(app.page)  # the first move is more than a page back
    pages = 0
    while "Show older moves" in texts(app.page):
        press(app.page, "Show older moves")
        pages += 1
    assert pages == (app.table.session.cursor - 1) // 60 and "1" in texts(app.page)
