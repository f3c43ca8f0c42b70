"""End-to-end at phone size (390×844) for the four referee games: the
now-banner names who must act in each phase and moves on after an accepted
action; an illegal attempt shows its refusal inside the viewport; its rule
link lands with the clause inside the viewport; back returns to the table.
One server and one browser for the module; each table is prepared in the
store, then opened in a fresh browser page."""

from __future__ import annotations

import pytest

from companion.core import Action
from companion.registry import get_game
from companion.storage import Store
from companion.ui.widgets import TOUCH
from conftest import PHONE, Screen, Server

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cho"]


def _table(store: Store, game_id: str, actions: list[Action], **options) -> str:
    game = get_game(game_id)
    stored = store.create_table(game, game.setup(NAMES, options))
    for action in actions:
        stored.apply(action)
    return stored.id


def _manila_deal() -> list[Action]:
    # everyone tells their shares at the end; then the supply holds all 14
    # shares not dealt: 4 wares x 5 - 3 players x 2
    return [Action.make("shares_later", seat) for seat in range(3)]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    data = tmp_path_factory.mktemp("phone")
    store = Store(data / "companion.db")
    game = get_game("manila")
    probe = store.create_table(game, game.setup(NAMES, {}))
    for action in _manila_deal():
        probe.apply(action)
    supply = next(a for a in game.legal_actions(probe.state) if a.type == "supply")
    tables = {
        "manila_auction": _table(store, "manila", _manila_deal() + [supply]),
        "manila_export": _table(store, "manila", _manila_deal() + [supply]),
        "manila_typed_bid": _table(store, "manila", _manila_deal() + [supply]),
        # Ana wins the harbor master's auction with 1 (Ben and Cho pass), buys no share
        "manila_launch": _table(store, "manila", _manila_deal() + [
            supply, Action.make("bid", 0, amount=1), Action.make("pass_bid", 1), Action.make("pass_bid", 2),
            Action.make("skip_share", 0)]),
        # the rulebook's default: each paddle card is entered on its owner's turn, Ana first
        "niagara_turn": _table(store, "niagara", []),
        # the table option: all of the round's cards are entered at once
        "niagara_at_once": _table(store, "niagara", [], cards_at_once=True),
        # Ana sells first and offers a Yoko at a fixed price she names
        "modern_art_fixed": _table(store, "modern_art", [
            Action.make("first_seller", seller=0), Action.make("offer", 0, artist="yoko", auction="fixed")]),
        "silk_road_load": _table(store, "silk_road", [
            *[Action.make("market_card", good=g) for g in ("porcelain", "silk", "tea", "spice", "glass", "ore")],
            Action.make("first_player", first_player=0)]),
        # every ship loaded, Ana passes phase 1: she plays goods cards from her hand of 3
        "silk_road_play": _table(store, "silk_road", [
            *[Action.make("market_card", good=g) for g in ("porcelain", "silk", "tea", "spice", "glass", "ore")],
            Action.make("first_player", first_player=0),
            *[Action.make("load", seat % 3, good=g)
              for seat, g in enumerate(("porcelain", "silk", "tea", "tea", "silk", "ore"))],
            Action.make("pass", 0)]),
    }
    store.close()
    server = Server(data)
    yield data, server, tables
    server.stop()


def open_table(browser, site, key: str, lang: str = "en") -> Screen:
    data, server, tables = site
    store = Store(data / "companion.db")
    store.set_setting("open_table", tables[key])
    store.set_setting("lang", lang)
    store.close()
    return Screen(browser, server, PHONE)


def assert_in_viewport(screen: Screen, locator) -> None:
    """Where the element settles is inside the viewport (a new screen may
    paint one frame at the old scroll offset before it is put at its top)."""
    locator.wait_for(timeout=20000)
    size = screen.page.viewport_size
    for _ in range(20):
        box = locator.bounding_box()
        if box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]:
            break
        screen.page.wait_for_timeout(150)
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box


def into_view(screen: Screen, locator):
    """Scroll Flutter's page (the wheel: Flutter ignores the DOM's scrolling)
    until the element is inside the viewport."""
    height = screen.page.viewport_size["height"]
    screen.page.mouse.move(screen.page.viewport_size["width"] / 2, height / 2)
    for _ in range(30):
        # Flutter leaves what is far off screen out of the semantics tree; the table screen's
        # middle scrolls under a pinned banner and step panel: inside that part, not under them
        box = locator.bounding_box() if locator.count() else None
        bottom, centre = height - 40, height / 2
        if box:
            parts = locator.evaluate(
                "el => { const out = []; for (let e = el.parentElement; e; e = e.parentElement)"
                " if (e.tagName === 'FLT-SEMANTICS' && ['scroll', 'auto'].includes(getComputedStyle(e).overflowY))"
                " { const r = e.getBoundingClientRect(); out.push([r.top, r.bottom]); } return out; }")
            if not parts:
                # a control whose semantics node is not under the scrolling part's (a correction
                # form's field): the table's middle, the tallest scrolling part, holds it (Flutter
                # marks it overflow hidden at times); what lies below it is under the pinned step panel
                parts = screen.page.evaluate(
                    "() => { let best = null; for (const e of document.querySelectorAll('flt-semantics'))"
                    " if (['scroll', 'auto', 'hidden'].includes(getComputedStyle(e).overflowY)) {"
                    " const r = e.getBoundingClientRect();"
                    " if (!best || r.height > best[0][1] - best[0][0]) best = [[r.top, r.bottom]]; }"
                    " return best || []; }")
            if parts:
                top, end = parts[0]
                bottom = min(bottom, end - 8)
                centre = (top + end) / 2
                screen.page.mouse.move(screen.page.viewport_size["width"] / 2, centre)
        if box and 60 <= box["y"] and box["y"] + box["height"] <= bottom:
            return locator
        screen.page.mouse.wheel(0, (box["y"] - centre) if box else 300)
        screen.page.wait_for_timeout(300)
    return locator


def pick(screen: Screen, index: int, option: str) -> None:
    """Open the index-th dropdown on the screen and choose an option."""
    # the dropdowns (the app bar's More menu is a tappable button with aria-expanded too)
    dropdown = into_view(screen, screen.page.locator("flt-semantics[aria-expanded]:not([flt-tappable])").nth(index))
    dropdown.click()
    screen.page.wait_for_timeout(400)
    screen.page.get_by_role("button", name=option, exact=True).last.click()
    screen.page.wait_for_timeout(400)


def type_in(screen: Screen, label: str, value: str) -> None:
    into_view(screen, screen.page.get_by_label(label, exact=True).first).click()
    screen.page.wait_for_timeout(250)
    screen.page.keyboard.press("Control+A")
    screen.page.keyboard.type(value)
    screen.page.wait_for_timeout(250)


def refusal_and_rule_link(screen: Screen, shot: str) -> None:
    """The refusal dialog is in the viewport; its rule link opens the clause
    in the viewport; back returns to the table."""
    heading = screen.text("Not allowed", exact=True)
    assert_in_viewport(screen, heading)
    # the dialog's rule link: of the "Rule: ..." buttons on the screen (the
    # banner and the form have one too), the first one below the dialog's title
    top = heading.bounding_box()["y"]
    links = screen.page.get_by_role("button", name="Rule: ")
    below = sorted((box["y"], i) for i in range(links.count())
                   if (box := links.nth(i).bounding_box()) and box["y"] > top)
    assert below, "no rule link in the dialog"
    link = links.nth(below[0][1])
    assert_in_viewport(screen, link)
    title = link.inner_text().removeprefix("Rule: ").strip()
    screen.shot(f"phone-en-{shot}-refusal")
    link.click()
    # the clause's own page (the dialog, which also said the title, is gone)
    screen.wait_text("Read all the rules of", exact=False)
    heading = screen.text(title, exact=False)
    assert_in_viewport(screen, heading)
    screen.shot(f"phone-en-{shot}-rule")
    screen.tap("Back")


def test_manila_auction_banner_moves_on_after_a_pass(browser, site):
    screen = open_table(browser, site, "manila_auction")
    try:
        # the oldest player opens the first auction; unset, that is seat 1 (Ana)
        screen.wait_text("Now: Ana")
        screen.shot("phone-en-manila-auction-banner")
        screen.click("Pass", exact=True)
        screen.wait_text("Now: Ben")
        screen.wait_text("Last: Ana passes.")
        screen.click("Bid 1", exact=True)
        screen.wait_text("Now: Cho")
        screen.wait_text("Last: Ben bids 1 peso.")
        # start-up and play asked nothing of any other host (no CDN, no fonts)
        assert screen.outside == []
    finally:
        screen.close()


def test_manila_bid_of_another_amount_is_typed_on_the_phone_in_zh_hant(browser, site):
    """Beside the quick bids a bid of any other amount is typed (issue 36: no drop-down of every
    amount): the field and its button in view at 390x844 in 繁體, one over the bidder's credit
    refused with the rule, one within it taken."""
    screen = open_table(browser, site, "manila_typed_bid", lang="zh_Hant")
    try:
        # 30 pesos and two shares of 12 to mortgage: 1 to 54, said in the field's label
        field = screen.page.get_by_label("金額（1–54）", exact=True).first
        field.wait_for(timeout=20000)
        assert_in_viewport(screen, screen.button("出價", exact=True))
        # the field: a touch target's 48 px of it in view (its outline ends flush with the
        # screen's bottom edge, its box 2 px past it: the pinned controls have no bottom margin)
        box = field.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + TOUCH <= PHONE["height"], box
        screen.fill("金額（1–54）", "60")
        screen.click("出價", exact=True)
        screen.wait_text("出價 60 超過你付得起的錢", exact=False)
        screen.page.keyboard.press("Escape")
        screen.page.wait_for_timeout(300)
        screen.fill("金額（1–54）", "9")
        screen.click("出價", exact=True)
        # Ana's 9 stands: Ben's bid is at least 10
        screen.page.get_by_label("金額（10–54）", exact=True).first.wait_for(timeout=20000)
        screen.shot("phone-zh_Hant-manila-typed-bid")
    finally:
        screen.close()


def test_manila_launch_refusal_and_rule_link(browser, site):
    screen = open_table(browser, site, "manila_launch")
    try:
        screen.wait_text("Now: Ana")  # Ana won the auction: she is the harbor master
        screen.click("Load and set out the boats", exact=True)
        refusal_and_rule_link(screen, "manila")
        screen.wait_text("Now: Ana")
    finally:
        screen.close()


def test_niagara_turn_banner(browser, site):
    screen = open_table(browser, site, "niagara_turn")
    try:
        # round 1: Ana holds the lifebuoy and plays first
        screen.wait_text("Now: Ana")
        screen.wait_text("Ana: which card did you turn over?")
    finally:
        screen.close()


def test_niagara_cards_entered_before_everyone_chose_are_refused(browser, site):
    # a real move, not a correction: Ana's and Ben's cards are chosen, Cho's not yet
    screen = open_table(browser, site, "niagara_at_once")
    try:
        screen.wait_text("Now: everyone")
        for seat, card in ((0, "5"), (1, "1")):
            into_view(screen, screen.page.get_by_role("button", name=card, exact=True).nth(seat)).click()
            screen.page.wait_for_timeout(300)
        # the screen says why beside the button, before anything is sent
        screen.wait_text("Enter one card for each of the 3 players (2 given).")
        into_view(screen, screen.button("Enter the cards", exact=True)).click()
        refusal_and_rule_link(screen, "niagara")
        screen.wait_text("Now: everyone")  # refused: still the round's cards to enter
    finally:
        screen.close()


def test_modern_art_fixed_price_refusal_and_banner(browser, site):
    screen = open_table(browser, site, "modern_art_fixed")
    try:
        screen.wait_text("Now: Ana")  # the seller names the price
        screen.fill("Amount", "150")  # more than the 100 she holds
        screen.click("Confirm", exact=True)
        refusal_and_rule_link(screen, "modern_art")
        screen.wait_text("Now: Ana")
        screen.fill("Amount", "30")
        screen.click("Confirm", exact=True)
        screen.wait_text("Now: Ben")  # the others, in turn, buy or pass
        screen.click("Ben: pass", exact=True)
        screen.wait_text("Now: Cho")
    finally:
        screen.close()


def test_silk_road_load_banner_and_refused_correction(browser, site):
    screen = open_table(browser, site, "silk_road_load")
    try:
        screen.wait_text("Now: Ana")  # Ana was named the first player: she loads first
        screen.click("Porcelain", exact=False)
        screen.wait_text("Now: Ben")
        screen.wait_text("Last: Ana loads Porcelain on ship 1.")
        # a correction after a move: the form shows the picked entry's own fields
        into_view(screen, screen.text("Correct the app to match the table", exact=True)).click()
        screen.page.wait_for_timeout(500)
        pick(screen, 0, "Correct a ship's token")
        pick(screen, 2, "Ana")  # whose ship
        type_in(screen, "Ship (1 = first ship)", "5")  # Ana has one ship
        pick(screen, 3, "Silk")  # the good, by its name (not the id "silk")
        into_view(screen, screen.button("Enter", exact=True)).click()
        refusal_and_rule_link(screen, "silk_road_correction")
        screen.wait_text("Now: Ben")
    finally:
        screen.close()


def test_silk_road_play_beyond_the_hand_is_refused(browser, site):
    # a real move, not a correction: Ana taps four market positions with three cards in hand
    screen = open_table(browser, site, "silk_road_play")
    try:
        screen.wait_text("Now: Ana")
        into_view(screen, screen.button("Tea", exact=True)).click()
        screen.page.wait_for_timeout(300)
        for position in ("1. Porcelain", "2. Silk", "4. Spice", "5. Glass"):
            into_view(screen, screen.button(position, exact=True)).click()
            screen.page.wait_for_timeout(300)
        # the screen says why beside the button, before anything is sent
        screen.wait_text("4 cards cannot be played from a hand of 3.")
        into_view(screen, screen.button("Play these cards (4)", exact=True)).click()
        refusal_and_rule_link(screen, "silk_road")
        screen.wait_text("Now: Ana")  # refused: still Ana's play
    finally:
        screen.close()


def test_export_downloads_and_import_uploads_the_file(browser, site, tmp_path):
    screen = open_table(browser, site, "manila_export")
    try:
        screen.wait_text("Now: Ana")
        screen.tap("More")
        with screen.page.expect_download(timeout=20000) as got:
            screen.page.get_by_role("menuitem", name="Export").or_(
                screen.page.get_by_role("button", name="Export")).first.click()
        saved = tmp_path / got.value.suggested_filename
        got.value.save_as(saved)
        assert saved.name.startswith("manila-") and saved.suffix == ".json"
        assert '"format": "table-companion"' in saved.read_text(encoding="utf-8")
        screen.menu("Home")
        screen.click("Import a table")
        with screen.page.expect_file_chooser(timeout=20000) as chooser:
            screen.click("Choose a file on this device")
        chooser.value.set_files(str(saved))
        # the table is still here: recognised by its export id, not copied a second time
        screen.wait_text("This table is already here", exact=False)
        screen.click("Open that table")
        screen.wait_text("Now: Ana")  # that table, at its auction
        assert screen.outside == []
    finally:
        screen.close()
