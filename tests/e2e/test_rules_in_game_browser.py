"""End-to-end (issue 36): the rules searched from inside a game, at phone and tablet size in
the three languages.  One server, one table, six pages: lean."""

from __future__ import annotations

import pytest

from companion import access
from companion.i18n import LANGUAGE_NAMES, Translator
from companion.messages import format_names
from companion.registry import get_game
from companion.storage import Store
from companion.ui.labels import game_title
from conftest import PHONE, SHOTS, TABLET, Screen, Server

pytestmark = pytest.mark.browser

LOCALES = {"zh_Hant": "zh-TW", "zh_Hans": "zh-CN", "en": "en-US"}
QUERY = {"zh_Hant": "出價", "zh_Hans": "出价", "en": "bid"}


def picture(screen: Screen, name: str) -> None:
    """A screenshot once the results are drawn (Screen.shot waits for a still picture, which a
    focused field's blinking cursor never gives)."""
    screen.page.wait_for_timeout(700)
    SHOTS.mkdir(parents=True, exist_ok=True)
    screen.page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_the_rules_searched_from_a_manila_table_in_three_languages_at_both_sizes(browser, tmp_path):
    store = Store(tmp_path / "companion.db")
    game = get_game("manila")
    table_id = store.create_table(game, game.setup(["Ana", "Ben", "Cho"], {})).id
    store.set_setting("open_table", table_id)  # every new page opens the table
    access.for_store(store)
    store.close()
    server = Server(tmp_path)
    try:
        for lang, locale in LOCALES.items():
            t = Translator(lang)
            name = game_title("manila", lang)
            label = format_names(t.gettext("Search the rules, {game} first"), {"game": name}, lang)
            screen = Screen(browser, server, PHONE, locale=locale)  # one page a language: the tablet by resizing
            try:
                screen.tap(t.gettext("Rules"))  # the table bar's rules button
                screen.fill(label, QUERY[lang])
                # this game's clause first, in the reader's language, its answering sentence below
                first = screen.button(f"{name} · {LANGUAGE_NAMES[lang]}")  # a result: one button
                first.wait_for(timeout=20000)
                picture(screen, f"phone-rules-in-game-search-{lang}")
                first.click()  # the clause's own page
                screen.button(format_names(t.gettext("Read all the rules of {game}"), {"game": name},
                                           lang)).wait_for(timeout=20000)
                screen.tap(t.gettext("Back"))
                first.wait_for(timeout=20000)  # the search, as it was
                screen.page.set_viewport_size(TABLET)
                picture(screen, f"tablet-rules-in-game-search-{lang}")
                screen.tap(t.gettext("Back"))
                screen.page.get_by_label(t.gettext("Undo"), exact=True).first.wait_for(timeout=20000)  # the table
            finally:
                screen.close()
    finally:
        server.stop()
