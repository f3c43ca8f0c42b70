"""Teaching play in the app (no browser): a table started from Teach shows the first step's
card on the shared screen; "Got it" puts it away for good, "More" opens its clause (where a
refusal's rule link goes); the host switches teaching play off and on from the More menu; a
table started without Teach teaches nothing until switched on; a seated phone gets its own
secret step's card, and the shared screen then does not."""

from __future__ import annotations

import flet as ft
import pytest

from companion import access, teach
from companion.core import Action
from companion.storage import Store
from companion.ui.app import App, Device, Prefs
from ui_harness import Event, FakePage, find, press, texts, type_into, walk


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "teachplay.db")
    s.roster = lambda: []
    yield s
    s.close()


def device(store: Store, token: str, lan: bool = False) -> App:
    """A device on this computer (the host), or with ``lan`` a phone on the café's network."""
    app = App(FakePage(), store, Device(token=token.ljust(24, "_"), prefs=Prefs({}), loopback=not lan, lan=lan,
                                        address=f"192.168.1.{10 + len(token)}" if lan else "127.0.0.1"))
    app.render()
    return app


def card_titles(app: App) -> list[str]:
    return [t for t in texts(app.page) if t.startswith(app._("New rule: {title}", title=""))]


def menu_item(app: App, label: str) -> ft.PopupMenuItem:
    for control in walk([app.page.appbar]):
        if isinstance(control, ft.PopupMenuItem) and control.content == label:
            return control
    raise LookupError(label)


def from_teach(app: App, names: list[str], game_id: str = "manila") -> None:
    app.go("new_table", game=game_id)
    for _more in range(len(names) - 3):
        press(app.page, app._("Add a player"))
    for i, name in enumerate(names):
        type_into(app.page, app._("Seat {n}", n=i + 1), name)
    press(app.page, app._("Teach this game"))
    press(app.page, app._("Start the table"))
    assert app.nav.screen == "table"


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_a_table_started_from_teach_shows_the_first_card_once(store, lang):
    app = device(store, "host")
    app.set_language(lang)
    from_teach(app, ["Ana", "Ben", "Cho"])
    assert app.table.teaching
    title, text = teach.card_text("manila.setup.share_entry", lang)
    assert card_titles(app) == [app._("New rule: {title}", title=title)]
    assert text in texts(app.page)
    assert menu_item(app, app._("Teaching play")).checked is True
    press(app.page, app._("Got it"))
    assert card_titles(app) == []
    assert store.open_table(app.table.id).teach["done"]  # kept with the table
    app.open_table(app.table.id)
    assert card_titles(app) == []  # opened again: still put away


def test_more_opens_the_clause_page(store):
    app = device(store, "host")
    from_teach(app, ["Ana", "Ben", "Cho"])
    press(app.page, "Read more")
    assert app.nav.screen == "rules" and app.nav.params["clause"] == "manila.setup.share_entry"


def test_the_next_steps_card_comes_with_the_step(store):
    app = device(store, "host")
    from_teach(app, ["Ana", "Ben", "Cho"])
    for seat in range(3):
        assert app.dispatch(Action.make("shares_later", seat))
    # everyone tells at the end: the table counts the supply, a card of its own
    title, _text = teach.card_text("manila.setup.supply_count", "en")
    assert card_titles(app) == [f"New rule: {title}"]


def test_the_host_switches_teaching_off_and_on_from_the_more_menu(store):
    app = device(store, "host")
    app.start_table("manila", ["Ana", "Ben", "Cho"], {})  # the New-table form: no teaching
    assert not app.table.teaching and card_titles(app) == []
    item = menu_item(app, "Teaching play")
    assert item.checked is False
    item.on_click(Event(item))
    assert app.table.teaching and store.open_table(app.table.id).teaching
    assert len(card_titles(app)) == 1  # the step the table is at: the share entry
    item = menu_item(app, "Teaching play")
    assert item.checked is True
    item.on_click(Event(item))
    assert not app.table.teaching and card_titles(app) == []


def test_a_seated_phone_gets_its_own_secret_steps_card_and_the_shared_screen_does_not(store):
    host = device(store, "host")
    from_teach(host, ["Ana", "Ben", "Cho"])
    guard = access.for_store(store)
    phones = []
    for seat in range(3):
        phone = device(store, f"phone{seat}", lan=True)
        phone.join_with_code(guard.code(host.table.id))
        guard.claim(host.table.id, phone.device.who, seat, "246802")
        guard.approve(host.table.id, guard.requests(host.table.id)[0]["id"])
        phone.render()
        phones.append(phone)
    host.render()
    assert card_titles(host) == []  # every share entry is on its own phone now
    for phone in phones:
        assert card_titles(phone) == [f"New rule: {teach.card_text('manila.setup.share_entry', 'en')[0]}"]
        with pytest.raises(LookupError):
            menu_item(phone, "Teaching play")  # the host's choice alone
    press(phones[1].page, "Got it")
    assert card_titles(phones[1]) == [] and len(card_titles(phones[0])) == 1


@pytest.mark.parametrize("width,height", [(390, 844), (1024, 768)])
def test_the_cards_never_stand_between_the_banner_and_the_next_move(store, width, height):
    """On a phone the step's controls are pinned at the foot and the cards head what scrolls;
    beside a tablet's board the step's controls head the column and the cards follow them."""
    from companion.ui import board

    app = device(store, "host")
    app.page.width, app.page.height = width, height
    from_teach(app, ["Ana", "Ben", "Cho"])
    keys = [getattr(c, "key", None) for c in walk(app.page.controls)]
    step = keys.index(board.PANE_STEP)
    card = keys.index("teach-card-manila.setup.share_entry")
    if width < board.SIDE_BY_SIDE:
        assert card < keys.index(board.PANE_BOARD) < step  # cards, board, then the pinned foot
    else:
        assert step < card


def test_a_payout_card_offers_why_the_account_of_the_voyage(store):
    """After the first voyage's payouts, the payout cards stand beside the voyage's results and
    each offers "Why?": the voyage's account (tests/test_teach_play_why.py holds its figures),
    and from it the move log, every payout line with its reason and place."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_teach_play import manila_voyage

    from companion.cli import parse_line

    app = device(store, "host")
    app.start_table("manila", ["A", "B", "C", "D"], {"oldest": 2}, teaching=True)
    for text in manila_voyage():
        assert app.dispatch(parse_line(text, app.table.setup.players))
    shown = texts(app.page)
    assert "Voyage 1: results" in shown  # the voyage's own account, on the same screen
    assert shown.count("Why?") == 1  # one card at a time: the first payout card's
    press(app.page, "Why?")
    assert app.nav.screen == "why" and "How voyage 1 was paid out" in texts(app.page)
    press(app.page, "Move log")
    assert app.nav.screen == "log"
    assert "D pays the bank 6 pesos: insurance claim, Shipyard A." in texts(app.page)
    app.go("table")
    titles, why = [], 0
    while card_titles(app):  # the voyage's cards one after another, each put away with one tap
        titles += card_titles(app)
        why += texts(app.page).count("Why?")
        press(app.page, "Got it")
    assert f"New rule: {teach.card_text('manila.insurance.claims', 'en')[0]}" in titles
    assert why == 4  # boats, harbour, pirates, insurance: each payout card (not the prices)


def test_the_payout_cards_follow_the_results_they_explain(store):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_teach_play import manila_voyage

    from companion.cli import parse_line

    app = device(store, "host")
    app.start_table("manila", ["A", "B", "C", "D"], {"oldest": 2}, teaching=True)
    for text in manila_voyage():
        assert app.dispatch(parse_line(text, app.table.setup.players))
    keys = [getattr(c, "key", None) for c in walk(app.page.controls)]
    assert keys.index("results") < keys.index("teach-card-manila.payout.boats")


def test_teach_from_the_rules_page_then_the_form_starts_a_teaching_table(store):
    app = device(store, "host")
    app.go("rules", game="manila")
    press(app.page, "Teach this game")
    press(app.page, "Seat the players")
    for i, name in enumerate(["Ana", "Ben", "Cho"]):
        type_into(app.page, f"Seat {i + 1}", name)
    press(app.page, "Start the table")
    assert app.nav.screen == "table" and app.table.teaching


def test_the_new_table_form_alone_starts_a_table_that_does_not_teach(store):
    app = device(store, "host")
    app.go("new_table", game="manila")
    for i, name in enumerate(["Ana", "Ben", "Cho"]):
        type_into(app.page, f"Seat {i + 1}", name)
    press(app.page, "Start the table")
    assert app.nav.screen == "table" and not app.table.teaching and card_titles(app) == []


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_teaching_banner_says_what_to_do_at_the_real_table_and_what_it_costs(store, lang):
    from companion.messages import game_message
    from companion.ui.viewmodels import now_text

    app = device(store, "host")
    app.set_language(lang)
    app.start_table("manila", ["Ana", "Ben", "Cho"], {}, teaching=True)
    for seat in range(3):
        assert app.dispatch(Action.make("shares_later", seat))
    assert app.dispatch(Action.make("supply", None, nutmeg=4, silk=4, ginseng=3, jade=3))
    for seat in range(3):
        assert app.dispatch(Action.make("pass_bid", seat))  # nobody bids: the oldest is harbour master
    game, state, players = app.table.game, app.table.state, app.table.setup.players
    assert state.phase == "buy"
    taught = game_message("manila", "phase.buy.teach", lang, {"min": 5}, players)
    assert now_text(game, state, players, lang, teaching=True)[0] == taught
    assert taught in texts(app.page) and "5" in taught  # a share costs its price, at least 5
    plain = now_text(game, state, players, lang)[0]
    assert plain != taught
    app.set_teaching(False)
    assert plain in texts(app.page) and taught not in texts(app.page)  # teaching off: the usual line


def test_a_step_that_meets_several_rules_shows_one_card_at_a_time_and_keeps_the_board_on_a_phone(store):
    """Niagara's first step meets three rules (the round, choosing cards, the order): on a
    390x844 phone they came as three cards, some 650 px, and pushed the board (where the
    canoes are moved) under the pinned step.  One card shows, with how many follow; "Got it"
    brings the next; what stands above the board leaves it on the first screen."""
    from companion.ui import board, layout

    app = device(store, "host")
    app.page.width, app.page.height = 390, 844
    from_teach(app, ["Ana", "Ben", "Cho"], game_id="niagara")
    seen = []
    for left in (2, 1, 0):
        cards = [c for c in walk(app.page.controls) if str(getattr(c, "key", "") or "").startswith("teach-card-")]
        assert len(cards) == 1, [c.key for c in cards]
        notes = [c.value for c in walk(app.page.controls) if getattr(c, "key", None) == "teach-more"]
        assert notes == ([app.t.ngettext("{n} more new rule after this one", "{n} more new rules after this one",
                                         left)] if left else [])
        if left == 2:  # the first screen: appbar, banner, the card, then the board, above the pinned step
            layout_keys = {c.key: c for c in walk(app.page.controls) if isinstance(getattr(c, "key", None), str)}
            above = 56 + layout.estimate_height(layout_keys["table:banner"], 390) + layout.estimate_height(cards[0], 366)
            foot = layout.estimate_height(layout_keys["table:step"], 390)
            assert above + 100 <= 844 - foot, (above, foot)  # at least 100 px of the board in view
            assert board.PANE_BOARD in layout_keys
        seen.append(cards[0].key)
        press(app.page, app._("Got it"))
    assert len(set(seen)) == 3 and card_titles(app) == []
