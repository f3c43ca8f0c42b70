"""Teach in the app (no browser): opened from the New-table form for a referee game
(Manila) and a score sheet (Citadels) in each language, it shows the pitch, the set-up
for the form's count, the box check, and starts the table; from a rules page it lets
the count be picked and leads to the form."""

from __future__ import annotations

import pytest

from companion import teach
from companion.storage import Store
from companion.ui.app import App
from ui_harness import FakePage, find, press, texts, type_into


@pytest.fixture
def app(tmp_path):
    application = App(FakePage(), Store(tmp_path / "teach.db"))
    application.store.roster = lambda: []  # the form's fields start empty
    application.render()
    return application


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
@pytest.mark.parametrize("game_id,names", [
    ("manila", ["Ana", "Ben", "Cho", "Dee"]),
    ("citadels", ["Ana", "Ben", "Cho", "Dee", "Eve"]),
])
def test_teach_from_new_table_then_start(app, lang, game_id, names):
    app.set_language(lang)
    _ = app._
    app.go("new_table", game=game_id)
    for _more in range(len(names) - 3):  # the form opens at 3 seats
        press(app.page, _("Add a player"))
    for i, name in enumerate(names):
        type_into(app.page, _("Seat {n}", n=i + 1), name)
    press(app.page, _("Teach this game"))
    assert app.nav.screen == "teach"
    shown = texts(app.page)
    assert teach.pitch(game_id, lang) in shown
    assert _("Set-up for {n} players", n=len(names)) in shown
    # every set-up sentence for this count, as the engine words it, and the names in it; those
    # the board drawing shows with its pieces (tests/test_teach_board.py) are not said twice
    drawn = {line for pl in teach.setup_board(game_id, len(names)) or () for line in pl.lines}
    for part, key, sentence in teach.setup_sentences(game_id, len(names), None, lang, names):
        assert (sentence in shown) == (key not in drawn), sentence
    expected = {  # 4 at Manila: 3 accomplices each, the oldest (seat 1) bids first; 5 at Citadels: 1 face up
        ("manila", "en"): ["3 accomplices of your colour.", "Ana, the oldest, opens the bidding."],
        ("manila", "zh_Hant"): ["自己顏色的同夥 3 個。", "最年長的 Ana 先開始競標。"],
        ("citadels", "en"): ["Each round, 1 character is set aside face up (never the king)."],
        ("citadels", "zh_Hans"): ["每轮 1 张角色面朝上放一旁（不能是国王）。"],
    }
    for sentence in expected.get((game_id, lang), []):
        assert sentence in shown
    for name, n in teach.box_text(game_id, lang):
        assert name in shown
    assert _("Box check") in shown
    press(app.page, _("Start the table"))
    assert app.nav.screen == "table"
    assert app.table.game.id == game_id and list(app.table.setup.players) == names


def test_teach_back_returns_to_the_filled_form(app):
    app.go("new_table", game="manila")
    for i, name in enumerate(["Ana", "Ben", "Cho"]):
        type_into(app.page, f"Seat {i + 1}", name)
    press(app.page, "Teach this game")
    press(app.page, "Back")
    assert app.nav.screen == "new_table"
    assert find(app.page, "Seat 2").value == "Ben"


def test_teach_from_the_rules_page_picks_a_count_and_leads_to_the_form(app):
    app.go("rules", game="saboteur")
    press(app.page, "Teach this game")
    assert app.nav.screen == "teach"
    assert "Set-up for 3 players" in texts(app.page)
    assert "Shuffle 1 saboteur and 3 miner cards." in texts(app.page)
    press(app.page, "More players")
    press(app.page, "More players")
    assert "Shuffle 2 saboteur and 4 miner cards." in texts(app.page)  # 5 players
    assert "Set-up for 5 players" in texts(app.page)
    press(app.page, "Seat the players")
    assert app.nav.screen == "new_table" and app.nav.params["game"] == "saboteur"
    assert len([t for t in texts(app.page) if t.startswith("Seat ")]) == 5


@pytest.mark.parametrize("lang", ["en", "zh_Hant"])
def test_every_pressable_on_teach_is_a_named_touch_target(app, lang):
    from touch import small_targets, unnamed

    app.set_language(lang)
    app.go("teach", game="manila")  # from the rules page: the count buttons too
    assert not small_targets(app.page.appbar, app.page.controls)
    assert not unnamed(app.page.appbar, app.page.controls)
