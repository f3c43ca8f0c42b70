"""Screenshots for review at phone (390×844) and tablet (1024×768) in the
three languages: a Manila auction, a voyage results screen, a refusal, the
rule it links to (landed: the clause inside the viewport), and a Niagara hand
with the cloud card.  Each step also checks what it shows, in that language.
Written to test-output/screenshots/."""

from __future__ import annotations

import pytest

from companion.core import Action
from companion.i18n import Translator
from companion.registry import get_game
from companion.rules import library
from companion.storage import Store
from conftest import PHONE, TABLET, Screen, Server, failure_shot_name
from test_phone_referee import into_view

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cho"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    data = tmp_path_factory.mktemp("shots")
    store = Store(data / "companion.db")
    manila = get_game("manila")

    def manila_table(until):
        stored = store.create_table(manila, manila.setup(NAMES, {}))
        for seat in range(3):
            stored.apply(Action.make("shares_later", seat))
        stored.apply(next(a for a in manila.legal_actions(stored.state) if a.type == "supply"))
        until(stored)
        return stored.id

    def to_launch(stored):
        for action in (Action.make("bid", 0, amount=1), Action.make("pass_bid", 1), Action.make("pass_bid", 2),
                       Action.make("skip_share", 0)):
            stored.apply(action)

    def to_voyage_2(stored):
        # a plain voyage: the first choice each time, no loans taken
        while stored.state.voyage == 1:
            stored.apply(next(a for a in manila.legal_actions(stored.state)
                              if a.type not in ("mortgage", "redeem")))

    niagara = get_game("niagara")
    tables = {
        "auction": manila_table(lambda stored: None),
        "launch": manila_table(to_launch),
        "results": manila_table(to_voyage_2),
        "niagara": store.create_table(niagara, niagara.setup(NAMES, {})).id,
    }
    store.close()
    server = Server(data)
    yield data, server, tables
    server.stop()


def open_table(browser, site, key, lang, viewport) -> Screen:
    data, server, tables = site
    store = Store(data / "companion.db")
    store.set_setting("open_table", tables[key])
    store.set_setting("lang", lang)
    store.close()
    return Screen(browser, server, viewport)


def inside(screen: Screen, locator) -> None:
    try:
        locator.wait_for(timeout=20000)
    except Exception:
        screen.shot(failure_shot_name("waiting", "inside"))  # what the page showed instead
        raise
    size = screen.page.viewport_size
    for _ in range(20):  # where it settles (a new screen is put at its top just after its first frame)
        box = locator.bounding_box()
        if box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]:
            break
        screen.page.wait_for_timeout(150)
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box


def dialog_link(screen: Screen, heading, prefix: str):
    """The dialog's rule link: of the "Rule: ..." buttons on the screen (the
    banner and the form have one too), the first one below the dialog's title."""
    top = heading.bounding_box()["y"]
    links = screen.page.get_by_role("button", name=prefix)
    boxes = [(links.nth(i).bounding_box(), i) for i in range(links.count())]
    below = sorted((box["y"], i) for box, i in boxes if box and box["y"] > top)
    assert below, "no rule link under the dialog's title"
    return links.nth(below[0][1])


@pytest.mark.parametrize("viewport, size", [(PHONE, "phone"), (TABLET, "tablet")])
@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_review_screenshots(browser, site, lang, viewport, size):
    _ = Translator(lang).gettext
    name = f"{size}-{lang}"

    screen = open_table(browser, site, "auction", lang, viewport)
    try:
        screen.wait_text(_("Now: {names}", names="Ana"))
        screen.shot(f"{name}-manila-auction")
    finally:
        screen.close()

    screen = open_table(browser, site, "results", lang, viewport)
    try:
        screen.wait_text(_("Voyage {n}: results", n=1))
        screen.shot(f"{name}-manila-voyage-results")
    finally:
        screen.close()

    screen = open_table(browser, site, "launch", lang, viewport)
    try:
        screen.wait_text(_("Now: {names}", names="Ana"))
        screen.page.wait_for_timeout(500)  # the screen settled (a full run's tap on a tablet was lost once)
        screen.click(library.message("manila", lang, "action.launch"), exact=True)
        heading = screen.text(_("Not allowed"), exact=True)
        inside(screen, heading)
        screen.shot(f"{name}-refusal")
        prefix = _("Rule: {title}").split("{title}")[0]
        link = dialog_link(screen, heading, prefix)
        inside(screen, link)
        title = link.inner_text().strip()[len(prefix):].strip()
        link.click()
        # the clause's own page (the dialog, which also said the title, is gone)
        screen.wait_text(_("Read all the rules of {game}").split("{game}")[0].strip(), exact=False)
        inside(screen, screen.text(title, exact=False))
        screen.shot(f"{name}-rule-link")
    finally:
        screen.close()

    screen = open_table(browser, site, "niagara", lang, viewport)
    try:
        # each paddle card is entered on its owner's turn (the rulebook's way): the first player
        # enters hers, with her hand and its cloud card on screen (on a phone below the board:
        # scrolled to)
        screen.wait_text(_("Now: {names}").replace("{names}", NAMES[0]))
        cloud = library.message("niagara", lang, "ui.cloud")
        inside(screen, into_view(screen, screen.text(cloud, exact=True)))
        screen.shot(f"{name}-niagara-hand")
    finally:
        screen.close()
