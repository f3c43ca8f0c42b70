"""The table's story in real headless Chromium (issue 21), with screenshots for
review at 390×844 in the three languages (test-output/screenshots/):

* a sealed auction waiting for bids after one was entered: no amount anywhere
  on the shared screen, the Last line says only that a bid was entered;
* Manila after a player's secret shares: the wares nowhere on the shared screen;
* the move log after a Manila voyage and after a Modern Art round;
* a finished game's story chart.
"""

from __future__ import annotations

import random
import re

import pytest

from companion.core import Action
from companion.i18n import Translator
from companion.registry import get_game
from companion.rules import library
from companion.storage import Store
from conftest import PHONE, Screen, Server

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cho"]


def _play(stored, game, rng, until) -> None:
    while not until(stored.state):
        legal = game.legal_actions(stored.state)
        stored.apply(legal[rng.randrange(len(legal))])


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    data = tmp_path_factory.mktemp("story")
    store = Store(data / "companion.db")
    manila, art = get_game("manila"), get_game("modern_art")
    tables = {}

    sealed = store.create_table(art, art.setup(NAMES, {}))
    sealed.apply(Action.make("first_seller", None, seller=0))
    sealed.apply(next(a for a in art.legal_actions(sealed.state)
                      if a.type == "offer" and a["auction"] == "sealed" and "second" not in a))
    sealed.apply(Action.make("sealed_bid", 1, amount=17))
    tables["sealed"] = sealed.id

    shares = store.create_table(manila, manila.setup(NAMES, {}))
    shares.apply(Action.make("enter_shares", 0, wares=["silk", "silk"]))
    tables["shares"] = shares.id

    voyage = store.create_table(manila, manila.setup(NAMES, {}))
    _play(voyage, manila, random.Random(11), lambda s: s.voyage == 2)
    tables["voyage"] = voyage.id

    round_ = store.create_table(art, art.setup(NAMES, {}))
    _play(round_, art, random.Random(12), lambda s: s.round == 2 or s.phase == "end")
    tables["round"] = round_.id

    finished = store.create_table(manila, manila.setup(NAMES, {}))
    _play(finished, manila, random.Random(13), manila.is_over)
    tables["finished"] = finished.id
    store.close()
    server = Server(data)
    yield data, server, tables
    server.stop()


def open_table(browser, site, key, lang) -> Screen:
    data, server, tables = site
    store = Store(data / "companion.db")
    store.set_setting("open_table", tables[key])
    store.set_setting("lang", lang)
    store.close()
    return Screen(browser, server, PHONE)


def body(screen: Screen) -> str:
    return screen.page.locator("body").inner_text()


def open_log(screen: Screen, lang: str) -> None:
    _ = Translator(lang).gettext
    screen.tap(_("More"))
    item = _("Move log")
    screen.page.get_by_role("menuitem", name=item).or_(screen.page.get_by_role("button", name=item)).first.click()
    screen.wait_text(_("moves something on the board"))


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_the_story_on_a_phone(browser, site, lang):
    _ = Translator(lang).gettext

    screen = open_table(browser, site, "sealed", lang)
    try:
        screen.wait_text(_("Last: {action}", action="").strip(), exact=False)
        shown = body(screen)
        assert not re.search(r"(?<![\d#])17(?!\d)", shown), shown[:600]
        assert "Ben" in shown
        screen.shot(f"story-phone-{lang}-sealed-auction-waiting")
    finally:
        screen.close()

    screen = open_table(browser, site, "shares", lang)
    try:
        screen.wait_text(_("Last: {action}", action="").strip(), exact=False)
        silk = library.message("manila", lang, "ui.ware.silk")
        last = [line for line in body(screen).splitlines() if line.startswith(_("Last: {action}", action=""))]
        assert last and silk not in " ".join(last), last
        screen.shot(f"story-phone-{lang}-manila-secret-shares")
    finally:
        screen.close()

    for key in ("voyage", "round"):
        screen = open_table(browser, site, key, lang)
        try:
            screen.wait_text(_("Last: {action}", action="").strip(), exact=False)
            open_log(screen, lang)
            screen.shot(f"story-phone-{lang}-log-after-{key}")
        finally:
            screen.close()

    screen = open_table(browser, site, "finished", lang)
    try:
        screen.wait_text(_("{what} over the game", what=_("Money")))
        screen.shot(f"story-phone-{lang}-end-chart")
        assert screen.outside == []  # the chart asked nothing of any other host
    finally:
        screen.close()
