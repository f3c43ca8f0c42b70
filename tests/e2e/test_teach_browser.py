"""Teach in Chromium: from the New-table form of Manila (a referee) and Citadels (a
score sheet), 繁體 at 390×844 and English at 1024×768; the pitch, the set-up for the
count and the box check are on the screen, and Start starts the table.
Screenshots go to test-output/screenshots/teach-*.png."""

from __future__ import annotations

import pytest

from companion import teach
from companion.i18n import Translator
from companion.storage import Store
from companion.ui.labels import game_title
from conftest import PHONE, TABLET, Screen, Server

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cho", "Dee"]


@pytest.mark.parametrize("lang,viewport,size", [("zh_Hant", PHONE, "phone"), ("en", TABLET, "tablet")])
def test_teach_then_start(browser, tmp_path, lang, viewport, size):
    store = Store(tmp_path / "companion.db")
    store.set_setting("lang", lang)
    store.close()
    server = Server(tmp_path)
    _ = Translator(lang).gettext
    try:
        for game_id in ("manila", "citadels"):
            screen = Screen(browser, server, viewport)
            screen.click(_("New table"))
            screen.click(game_title(game_id, lang))
            screen.page.wait_for_timeout(400)
            screen.click(_("Add a player"))
            for i, name in enumerate(NAMES):
                screen.fill(_("Seat {n}").format(n=i + 1), name)
            screen.scroll_to_text(_("Teach this game"), exact=True).click()
            screen.page.wait_for_timeout(400)
            screen.wait_text(teach.pitch(game_id, lang)[:12], exact=False)
            screen.wait_text(_("Set-up for {n} players").format(n=4))
            first = teach.setup_text(game_id, 4, None, lang, NAMES)[0][1]
            screen.wait_text(first)
            screen.shot(f"teach-{game_id}-{lang}-{size}")
            if game_id == "manila":  # the set-up drawn on the board, the bank's shares on it
                label = teach.texts(game_id)["places"]["bank"][lang]
                assert screen.scroll_to_text(label, exact=True).is_visible()
                screen.page.wait_for_timeout(300)
                screen.shot(f"teach-{game_id}-{lang}-{size}-board")
            box_name = teach.box_text(game_id, lang)[-1][0]
            assert screen.scroll_to_text(box_name, exact=True).is_visible()
            screen.page.mouse.wheel(0, 2000)  # the box check, at the end of the screen
            screen.page.wait_for_timeout(500)
            screen.shot(f"teach-{game_id}-{lang}-{size}-box")
            screen.scroll_to_text(_("Start the table"), exact=True).click()
            screen.page.wait_for_timeout(600)
            screen.wait_text("Ana", exact=False)
            # left Teach for the table (the table's screen can take a few seconds on a busy machine:
            # a full run's still showed the box check 0.6 s after the tap, with Ana on it)
            screen.wait_gone(_("Box check"), exact=True)
            screen.context.close()
    finally:
        server.stop()
