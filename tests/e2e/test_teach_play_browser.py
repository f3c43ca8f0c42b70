"""Teaching play in Chromium: a Manila, a Niagara and a Citadels (a score sheet) table started
from Teach, in the three languages at 390×844 and 1024×768, show the first step's first-time
card under the banner (the rule in a few sentences, Read more and Got it); Got it puts it
away.  Screenshots go to test-output/screenshots/: teach-<game>-<lang>-<size>-3players.png (Teach as
it opens) and teachplay-*.png (the table's first step)."""

from __future__ import annotations

import pytest

from companion import teach
from companion.i18n import Translator
from companion.storage import Store
from companion.ui.labels import game_title
from conftest import PHONE, TABLET, Screen, Server

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cho"]
#: the first card each game's table shows (its teach.py PLAY: the first step's phase; one at a time)
FIRST = {"manila": "manila.setup.share_entry", "niagara": "niagara.round.steps",
         "citadels": "citadels.draft.table"}


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_first_time_card_on_a_table_started_from_teach(browser, tmp_path, lang):
    store = Store(tmp_path / "companion.db")
    store.set_setting("lang", lang)
    store.close()
    server = Server(tmp_path)
    _ = Translator(lang).gettext
    try:
        for viewport, size in ((PHONE, "phone"), (TABLET, "tablet")):
            for game_id in ("manila", "niagara", "citadels"):
                screen = Screen(browser, server, viewport)
                screen.click(_("New table"))
                screen.click(game_title(game_id, lang))
                screen.page.wait_for_timeout(400)
                for i, name in enumerate(NAMES):
                    screen.fill(_("Seat {n}").format(n=i + 1), name)
                screen.scroll_to_text(_("Teach this game"), exact=True).click()
                screen.page.wait_for_timeout(400)
                screen.wait_text(teach.pitch(game_id, lang))
                screen.shot(f"teach-{game_id}-{lang}-{size}-3players")
                screen.scroll_to_text(_("Start the table"), exact=True).click()
                screen.page.wait_for_timeout(600)
                title, text = teach.card_text(FIRST[game_id], lang)
                heading = _("New rule: {title}").format(title=title)
                screen.wait_text(heading)
                assert screen.text(heading, exact=True).is_visible()  # under the banner, no scroll
                assert screen.button(_("Got it"), exact=True).is_visible()
                assert screen.button(_("Read more"), exact=True).is_visible()
                screen.shot(f"teachplay-{game_id}-{lang}-{size}")
                screen.click(_("Got it"), exact=True)  # the first card put away, for good
                screen.wait_gone(heading)
                if game_id == "niagara":  # its first step met three rules: one card at a time, the next now
                    heading = _("New rule: {title}").format(title=teach.card_text("niagara.cards.choose", lang)[0])
                    screen.wait_text(heading)
                    assert screen.text(heading, exact=True).is_visible()
                screen.context.close()
    finally:
        server.stop()


@pytest.mark.parametrize("lang,viewport,size,theme", [("en", PHONE, "phone", "light"),
                                                      ("zh_Hant", TABLET, "tablet", "light"),
                                                      ("zh_Hans", PHONE, "phone", "dark")])
def test_payout_cards_beside_the_voyage_results(browser, tmp_path, lang, viewport, size, theme):
    """The first voyage of the 4-player game of tests/test_teach_play.py played on a table
    started with teaching on, resumed from Home: the payout cards with Why? beside the results;
    Why? opens the voyage's account, and its Back to the table returns to the cards; the next
    card's Why? (the harbour's) opens the account at the harbour's section."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from test_teach_play import manila_voyage

    from companion.cli import parse_line
    from companion.registry import get_game

    store = Store(tmp_path / "companion.db")
    store.set_setting("lang", lang)
    store.set_setting("theme", theme)
    game = get_game("manila")
    setup = game.setup(["A", "B", "C", "D"], {"oldest": 2})
    table = store.create_table(game, setup, teaching=True)
    for text in manila_voyage():
        table.apply(parse_line(text, setup.players))
    store.close()
    server = Server(tmp_path)
    _ = Translator(lang).gettext
    try:
        screen = Screen(browser, server, viewport)
        screen.scroll_to_text(game_title("manila", lang)).click()  # the tile under "Resume a table"
        screen.page.wait_for_timeout(800)
        title, _text = teach.card_text("manila.payout.boats", lang)
        heading = _("New rule: {title}").format(title=title)
        screen.scroll_to_text(heading, exact=True)
        assert screen.text(heading, exact=True).is_visible()
        screen.shot(f"teachplay-manila-payouts-{lang}-{size}-{theme}")  # the voyage's results first
        screen.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
        screen.page.mouse.wheel(0, 900)  # then the cards that explain them
        screen.page.wait_for_timeout(500)
        screen.shot(f"teachplay-manila-payouts-{lang}-{size}-{theme}-cards")
        screen.click(_("Why?"), exact=True)
        screen.page.wait_for_timeout(600)
        # the voyage's account, a screen of its own (its figures: tests/test_teach_play_why.py)
        from companion.messages import game_message
        screen.wait_text(game_message("manila", "ui.why.title", lang, {"voyage": 1}))
        screen.shot(f"teachplay-manila-why-{lang}-{size}-{theme}")
        screen.scroll_to_text(_("Back to the table"), exact=True).click()  # back to the step
        screen.page.wait_for_timeout(800)
        screen.scroll_to_text(heading, exact=True)
        assert screen.text(heading, exact=True).is_visible()
        # the next card, the harbour's: its Why? opens the account at the harbour's section
        screen.click(_("Got it"), exact=True)
        screen.page.wait_for_timeout(800)
        harbor = _("New rule: {title}").format(title=teach.card_text("manila.payout.harbor", lang)[0])
        screen.scroll_to_text(harbor, exact=True)
        screen.click(_("Why?"), exact=True)
        screen.page.wait_for_timeout(1000)
        spaces = screen.text(game_message("manila", "ui.why.spaces", lang, {}), exact=True)
        box = spaces.bounding_box()
        assert box is not None and 0 <= box["y"] <= viewport["height"] - 40
        if size == "phone":  # a phone's account is longer than its screen: scrolled to the section's top
            assert box["y"] < 150, box
        screen.shot(f"teachplay-manila-why-spaces-{lang}-{size}-{theme}")
        screen.context.close()
    finally:
        server.stop()


def test_teaching_play_switched_on_from_the_more_menu(browser, tmp_path):
    server = Server(tmp_path)
    _ = Translator("en").gettext
    try:
        screen = Screen(browser, server, PHONE)
        screen.click(_("New table"))
        screen.click(game_title("manila", "en"))
        screen.page.wait_for_timeout(400)
        for i, name in enumerate(NAMES):
            screen.fill(_("Seat {n}").format(n=i + 1), name)
        screen.scroll_to_text(_("Start the table"), exact=True).click()  # the form alone: no teaching
        screen.page.wait_for_timeout(600)
        heading = _("New rule: {title}").format(title=teach.card_text(FIRST["manila"], "en")[0])
        screen.wait_text(_("Enter secret shares"), exact=False)
        assert screen.text(heading, exact=True).count() == 0
        switch = screen.page.get_by_role("menuitemcheckbox", name=_("Teaching play"))  # a checked menu item
        screen.tap("More")
        assert switch.get_attribute("aria-checked") == "false"
        switch.click()
        screen.page.wait_for_timeout(600)
        screen.wait_text(heading)
        screen.shot("teachplay-manila-en-phone-switched-on")
        screen.tap("More")
        assert switch.get_attribute("aria-checked") == "true"
        switch.click()  # and off again
        screen.wait_gone(heading)
        screen.context.close()
    finally:
        server.stop()
