"""Issue 24 in the real web app: the rules search answers players' own words (a Chinese
question with 骰到7, an English typo), and Catan's sheet says which end rule is in force
(the rulebook's by default, "only on your own turn" as an option).  Screenshots for review."""

from __future__ import annotations

import pytest

from companion.registry import get_game
from companion.storage import Store
from conftest import PHONE, TABLET, Screen, Server

pytestmark = pytest.mark.browser


def test_rules_search_reads_a_players_question_and_a_typo(browser, server):
    screen = Screen(browser, server, PHONE)
    try:
        screen.click("Rules")
        screen.click("繁體中文")
        screen.fill("Search all rules", "骰到7怎麼辦")
        screen.wait_text("不生產", exact=False)  # catan.robber.seven: 擲出 7, found from 骰到7 with its question words
        screen.shot("phone-zh_Hant-rules-search-player-question")
        screen.click("English")
        screen.fill("Search all rules", "assasin")
        screen.wait_text("Assassin", exact=False)  # a letter short, still Citadels' Assassin
        screen.shot("phone-en-rules-search-typo")
    finally:
        screen.close()


@pytest.mark.parametrize("own_turn, line", [
    (False, "The game ends as soon as anyone has 10 points; the most points win."),
    (True, "The game ends when the player whose turn it is has 10 points; the most points win."),
])
def test_catan_says_which_end_rule_is_in_force(browser, tmp_path, own_turn, line):
    store = Store(tmp_path / "companion.db")
    game = get_game("catan")
    stored = store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {"own_turn": own_turn}))
    store.set_setting("open_table", stored.id)
    store.set_setting("lang", "en")
    store.close()
    server = Server(tmp_path)
    screen = Screen(browser, server, TABLET)
    try:
        screen.wait_text(line)
        screen.shot(f"tablet-en-catan-end-rule-{'own-turn' if own_turn else 'rulebook'}")
    finally:
        screen.close()
        server.stop()


def new_table_options(screen: Screen, game: str) -> None:
    """From home to a game's New-table form, scrolled to its options."""
    screen.click("New table")
    screen.wait_text("Pick a game")
    screen.scroll_to_text(game).click()
    screen.page.wait_for_timeout(600)
    screen.scroll_to_text("Options", exact=True)


def test_catan_new_table_offers_the_own_turn_option(browser, server):
    screen = Screen(browser, server, PHONE)
    try:
        new_table_options(screen, "Catan")
        switch = screen.page.get_by_label("Win only on your own turn").or_(
            screen.page.get_by_role("switch", name="Win only on your own turn")).first
        switch.wait_for(timeout=20000)
        screen.shot("phone-en-new-table-catan-options")
    finally:
        screen.close()


def test_niagaras_long_option_on_a_phone(browser, server):
    """Issue 23: Niagara's "...flow known befo" -- a switch's label was cut at the
    screen's edge.  The width it is given is checked in tests/test_ui_screens.py
    (the semantics tree names the switch by its whole label either way); this
    photographs the screen for review: phone-en-new-table-niagara-options.png."""
    label = "All paddle cards entered at once (flow known before anyone moves)"
    screen = Screen(browser, server, PHONE)
    try:
        new_table_options(screen, "Niagara")
        switch = screen.page.get_by_role("switch", name=label).first
        switch.wait_for(timeout=20000)
        box = switch.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"], box
        screen.shot("phone-en-new-table-niagara-options")
    finally:
        screen.close()
