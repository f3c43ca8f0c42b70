"""Sections that open with a tap stay as the person left them, and a closed
one's content is not sent (companion/ui/sections.py)."""

from __future__ import annotations

import time

import flet as ft
import pytest

from companion import registry
from companion.core import Action
from companion.storage import Store
from companion.ui import sections
from companion.ui.app import App
from companion.ui.widgets import expander
from games.screen_harness import clickables
from ui_harness import FakePage, section, walk
from wire import LiveServer, WireClient, niagara_folder

CORRECT = "Correct the app to match the table"


def _tile(client: WireClient, title: str) -> dict:
    return next(c for c in client.controls() if c.get("_c") == "ExpansionTile"
                and (c.get("title") or {}).get("value") == title)


def _toggle(phone: WireClient, title: str, opened: bool = True) -> None:
    """Open (or close) a section as the phone does: it reports the tile's new
    state, then sends its change event."""
    tile = _tile(phone, title)
    phone.report(tile["_i"], {"expanded": opened})
    phone.event(tile["_i"], "change", opened)


def _moves(client: WireClient) -> list[str]:
    return [t for t in client.texts() if t.startswith("Move ")]


@pytest.fixture
def two_phones(tmp_path):
    niagara_folder(tmp_path)
    server = LiveServer(tmp_path, lan=False)
    phones = [WireClient(server, address="127.0.0.1") for _ in range(2)]
    try:
        for phone in phones:
            phone.wait(lambda p=phone: p.shows("Undo"), 30)
        yield phones
    finally:
        for phone in phones:
            phone.close()
        server.stop()


def test_a_form_opened_on_one_phone_stays_open_when_another_phone_moves(two_phones):
    other, mine = two_phones
    assert not mine.shows("Entry")  # closed: the form is not on the phone at all
    _toggle(mine, CORRECT)
    mine.wait_text("Entry")
    other.click("Undo")
    mine.wait(lambda: "Move 0" in _moves(mine), 15, "the other phone's undo")
    other.wait(lambda: "Move 0" in _moves(other), 15)
    # it was shut by every redraw: the redraw sent the view's "closed" back to the phone
    assert _tile(mine, CORRECT).get("expanded") is True
    assert mine.shows("Entry")
    assert not other.shows("Entry")  # the other phone's stays closed
    assert not mine.crashes and not other.crashes


def test_a_redraw_between_the_report_and_the_event_keeps_the_section_open(two_phones):
    other, mine = two_phones
    tile = _tile(mine, CORRECT)
    mine.report(tile["_i"], {"expanded": True})  # its event not yet here
    other.click("Undo")
    mine.wait(lambda: "Move 0" in _moves(mine), 15)
    mine.wait_text("Entry")  # the redraw found it open: drawn open, with its form
    assert _tile(mine, CORRECT).get("expanded") is True


def test_a_section_closed_again_is_emptied_at_the_next_redraw(two_phones):
    other, mine = two_phones
    _toggle(mine, CORRECT)
    mine.wait_text("Entry")
    _toggle(mine, CORRECT, opened=False)
    other.click("Undo")
    mine.wait(lambda: "Move 0" in _moves(mine), 15)
    mine.wait(lambda: not mine.shows("Entry"), 15, "the closed form gone")
    assert _tile(mine, CORRECT).get("expanded") is False


def test_a_closed_lazy_section_never_makes_its_content():
    made: list[int] = []

    def make() -> list[ft.Control]:
        made.append(1)
        return [ft.Text("inside")]

    states: dict[str, bool] = {}
    redraws: list[int] = []
    tile = expander("Extra", make)
    sections.settle([tile], "s", states, lambda: redraws.append(1))
    assert made == [] and tile.controls == [] and not tile.expanded
    tile.expanded = True  # the phone opens it
    tile.on_change(type("E", (), {"data": True})())
    assert states == {"s|Extra#0": True} and redraws == [1]  # drawn again, now open
    again = expander("Extra", make)
    sections.settle([again], "s", states, lambda: redraws.append(1))
    assert made == [1] and [c.value for c in again.controls] == ["inside"] and again.expanded
    # two sections of one title are told apart; another screen's are its own
    twins = [expander("Extra", make), expander("Extra", make)]
    sections.settle(twins, "s", states, lambda: None)
    assert sorted(t.expanded for t in twins) == [False, True]  # one of them is the one opened
    elsewhere = expander("Extra", make)
    sections.settle([elsewhere], "other", states, lambda: None)
    assert not elsewhere.expanded and elsewhere.controls == []


def test_a_section_the_view_opens_stays_closed_once_the_person_closed_it(tmp_path):
    """Mamma Mia's order card opens by itself when an order is checked; closed
    by hand, it stays closed through the next entries."""
    registry.get_game.cache_clear()
    app = App(FakePage(), Store(tmp_path / "ui.db"))
    app.render()
    app.start_table("mamma_mia", ["Ana", "Ben", "Cho"], {})
    game = app.table.game
    assert app.dispatch(next(a for a in game.legal_actions(app.table.state) if a.type == "evaluate"))
    card = section(app.page, "Order card")
    assert card.expanded and card.controls
    card.expanded = False  # the person closes it
    card.on_change(type("E", (), {"data": False})())
    assert app.dispatch(next(a for a in game.legal_actions(app.table.state) if a.type == "ingredients"))
    assert game.phase(app.table.state) == "evaluate"
    assert not section(app.page, "Order card").expanded
    # on another device the view's own default holds
    other = App(FakePage(), app.store)
    other.open_table(app.table.id)
    assert section(other.page, "Order card").expanded


def _pick(phone: WireClient, label: str, key: str) -> None:
    """Pick ``key`` in the drop-down labelled ``label``, as the phone does."""
    with phone.lock:
        pick = next(c for c in phone.index.values() if c.get("_c") == "Dropdown" and c.get("label") == label)
    phone.report(pick["_i"], {"value": key})
    phone.event(pick["_i"], "select", key)


def _value(phone: WireClient, kind: str, label: str) -> object:
    with phone.lock:
        shown = [c for c in phone.index.values() if c.get("_c") == kind and c.get("label") == label]
    return shown[0].get("value") if shown else LookupError(label)


def test_a_half_filled_correction_survives_another_phones_move(two_phones):
    """The form is drawn anew with every redraw; what the phone had picked and
    typed goes into the new one (it was reset to the first entry, empty)."""
    other, mine = two_phones
    _toggle(mine, CORRECT)
    mine.wait_text("Entry")
    with mine.lock:
        entry = next(c for c in mine.index.values() if c.get("_c") == "Dropdown" and c.get("label") == "Entry")
    keys = [o.get("key") for o in entry.get("options") or []]
    assert keys[0] != "correct_gem" and "correct_gem" in keys  # not the entry picked by default
    mine.type("Canoe (1 or 2)", "2")  # typed for the first entry, then another picked
    _pick(mine, "Entry", "correct_gem")
    _pick(mine, "Player", "1")  # Bo
    mine.wait(lambda: mine.shows("From"), 15, "the gem's fields")
    _pick(mine, "Gem colour", "pink")
    _pick(mine, "From", "spare")
    time.sleep(0.3)  # the phone's reports are in
    other.click("Undo")
    mine.wait(lambda: "Move 0" in _moves(mine), 15)
    time.sleep(0.3)
    assert [_value(mine, "Dropdown", label) for label in ("Entry", "Player", "Gem colour", "From", "To")] == \
        ["correct_gem", "1", "pink", "spare", None]
    assert _value(mine, "TextField", "Canoe (1 or 2)") == "2"
    assert mine.shows("From")


# ----- what the phone typed in a field ------------------------------------------------------
def _dominion_count(tmp_path):
    """Two devices at a Dominion table, at the end: every player's deck to count."""
    registry.get_game.cache_clear()
    store = Store(tmp_path / "typed.db")
    mine = App(FakePage(), store)
    mine.render()
    mine.start_table("dominion", ["Ann", "Bob", "Cid"], {"gardens": True})
    other = App(FakePage(), store)
    other.open_table(mine.table.id)
    assert mine.dispatch(Action.make("correct_supply", None, card="province", count=1), rev=mine.table.rev)
    assert mine.dispatch(Action.make("gain", 0, card="gardens"), rev=mine.table.rev)
    assert mine.dispatch(Action.make("gain", 0, card="province"), rev=mine.table.rev)
    assert mine.dispatch(Action.make("end_turn", 0), rev=mine.table.rev)
    assert mine.table.state.phase == "count"
    other.refresh_table()
    return mine, other


def _field(app: App, label: str) -> ft.TextField:
    return next(c for c in walk([app.page.controls]) if isinstance(c, ft.TextField) and c.label == label)


def test_what_a_phone_typed_survives_another_devices_entry(tmp_path):
    """Issue: every redraw built each field with the view's value and sent it
    over what the phone showed: at the end of a Dominion game, each player's
    deck count half typed on one phone was wiped when another phone confirmed
    its own count."""
    mine, other = _dominion_count(tmp_path)
    _field(mine, "Bob").value = "21"  # typed on the phone (Flet writes what it reports)
    _field(mine, "Cid").value = "1"
    _field(other, "Ann").value = "14"
    clickables(other.page.controls, "Confirm")[0].on_click(None)  # Ann's count, from the other device
    assert other.table.state.deck_sizes[0] == 14
    assert mine.refresh_table()
    assert [_field(mine, n).value for n in ("Bob", "Cid")] == ["21", "1"]
    assert not any(isinstance(c, ft.TextField) and c.label == "Ann" for c in walk([mine.page.controls]))
    _field(mine, "Cid").value = "12"  # typed on: still carried at the next redraw
    mine.render()
    assert _field(mine, "Cid").value == "12"
    # this device's own entry: the field sent goes, the one still being filled stays
    clickables(mine.page.controls, "Confirm")[0].on_click(None)  # Bob's 21
    assert mine.table.state.deck_sizes[1] == 21
    assert _field(mine, "Cid").value == "12"
    clickables(mine.page.controls, "Confirm")[0].on_click(None)
    assert mine.table.state.deck_sizes == [14, 21, 12] and mine.table.state.phase == "end"


def test_a_field_keeps_the_value_the_view_gives_it_when_that_changes():
    """The phone's value is carried only while the view builds the value it
    built before; a field in another place or on another screen is another."""
    field = ft.TextField(label="Amount", value="5")
    sections.settle([field], "s", {}, lambda: None)
    field.value = "7"  # the phone
    typed = sections.learn([field], {})
    assert typed == {"s|field:Amount#0": ("5", "7")}
    again = ft.TextField(label="Amount", value="5")
    sections.settle([again], "s", {}, lambda: None, typed)
    assert again.value == "7"
    changed = ft.TextField(label="Amount", value="9")  # the view proposes something else now
    sections.settle([changed], "s", {}, lambda: None, typed)
    assert changed.value == "9"
    elsewhere = ft.TextField(label="Amount", value="5")
    sections.settle([elsewhere], "t", {}, lambda: None, typed)
    assert elsewhere.value == "5"
    pick = ft.Dropdown(label="Amount", value="5", options=[ft.dropdown.Option("5"), ft.dropdown.Option("6")])
    sections.settle([pick], "s", {}, lambda: None, typed)
    assert pick.value == "5"  # 7 is not one of its options
    # an entry sent with the field: the next screen's starts afresh; refused, it is kept
    again.value = "8"
    assert sections.sending(again) == "8"
    assert sections.learn([again], {}) == {}
    sections.unsent(again)
    assert sections.learn([again], {}) == {"s|field:Amount#0": ("5", "8")}
