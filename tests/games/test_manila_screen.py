"""The Manila screen without a browser: the plain screen logic, and the built
control tree driven by calling its click handlers (a fake context applies what
the screen dispatches to a real session, as the shell does)."""

from __future__ import annotations

import random

import flet as ft
import pytest

from companion.core import Action, RefereeError
from companion.games.manila import GAME
from companion.games.manila.public import roll_dice
from companion.ui.views import manila as screen

from games.screen_harness import Table, click, raw_keys, texts
from games.test_manila_support import Table as Game
from games.test_manila_support import start
from ui_harness import walk

HANDS = {"A": ["silk", "jade"], "B": ["nutmeg", "ginseng"], "C": ["jade", "jade"]}


def Screen(table: Game, lang: str = "en") -> Table:
    """The screen over a test table; any refusal (RefereeError) is recorded, not raised."""
    return Table(table.session, lang, refusals=RefereeError)


def placing() -> Game:
    t = start(["A", "B", "C"], HANDS)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.do("A", "launch", nutmeg=3, silk=2, jade=4)
    return t


# ----- plain logic ----------------------------------------------------------------------------
def test_boat_rows_and_route_cells() -> None:
    t = placing()
    t.do("A", "place", space="jade")
    rows = screen.boat_rows(GAME.observe(t.state)["public"])
    assert [(r.ware, r.position, r.status) for r in rows] == [("nutmeg", 3, "sea"), ("silk", 2, "sea"),
                                                              ("jade", 4, "sea")]
    assert rows[2].seats == [(0, 3), (None, 4), (None, 5), (None, 5)]
    cells = screen.route_cells(4)
    assert len(cells) == 14 and cells[4] == "boat" and cells[13] == "pirates" and cells.count("") == 12
    assert screen.route_cells(-1).count("boat") == 0


def test_space_rows_show_holders_and_docked_boats() -> None:
    t = placing()
    t.do("A", "place", space="harbor_a")
    rows = {r.space: r for r in screen.space_rows(GAME.observe(t.state)["public"])}
    assert rows["harbor_a"].holder == 0 and rows["harbor_a"].docked is None
    assert rows["insurance"].holder is None and len(rows) == 9


def test_place_options_price_and_stowaways() -> None:
    t = placing()
    options = {o.space: o for o in screen.place_options(t.state, GAME.legal_actions(t.state))}
    assert options["jade"].cost == 3 and options["pirate"].cost == 5 and not options["jade"].stowaway
    assert options["insurance"].cost == 0
    # B: no cash, no share to mortgage -> every space but the insurance is a stowaway's, for 0
    t.do("A", "pass_place")
    t.do(None, "correct_money", for_player="B", money=0)
    t.do("B", "mortgage")
    t.do("B", "mortgage")
    t.do(None, "correct_money", for_player="B", money=1)
    options = {o.space: o for o in screen.place_options(t.state, GAME.legal_actions(t.state))}
    assert options["pirate"].stowaway and options["pirate"].cost == 1
    assert not options["insurance"].stowaway


def test_quick_bids() -> None:
    assert screen.quick_bids([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) == [3, 4, 5, 8, 13]
    assert screen.quick_bids([7, 8]) == [7, 8]
    assert screen.quick_bids([]) == []


def test_launch_form() -> None:
    t = start(["A", "B", "C"], HANDS)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    legal = GAME.legal_actions(t.state)
    form = screen.LaunchForm()
    assert form.action(0, legal) is None
    form.pick_left_out("ginseng")
    assert form.cargo() == ["nutmeg", "silk", "jade"]
    form.set_start("nutmeg", 5)
    form.set_start("silk", 5)
    form.set_start("ginseng", 1)      # not sailing: ignored
    form.set_start("jade", 0)
    assert form.total() == 10 and form.action(0, legal) is None    # must add up to 9
    form.set_start("silk", 4)
    assert form.action(0, legal) == Action.make("launch", 0, nutmeg=5, silk=4, jade=0)
    form.pick_left_out("jade")
    assert form.starts == {}


def test_dice_form_asks_for_the_order_only_when_needed() -> None:
    t = placing()
    t.passes("A", "B", "C")
    t.roll(nutmeg=6, silk=6, jade=6)        # 9, 8, 10
    legal = GAME.legal_actions(t.state)
    form = screen.DiceForm(["nutmeg", "silk", "jade"])
    form.set_face("nutmeg", 5)
    assert form.action(legal) is None        # not every die yet
    form.set_face("silk", 1)
    form.set_face("jade", 4)                 # 14 and 14: two boats arrive
    assert sorted(map(tuple, form.orders(legal))) == [("jade", "nutmeg"), ("nutmeg", "jade")]
    assert form.action(legal) is None
    form.order = ["jade", "nutmeg"]
    assert form.action(legal) == Action.make("roll", 0, nutmeg=5, silk=1, jade=4, order=["jade", "nutmeg"])
    form.set_face("jade", 1)
    assert form.orders(legal) == [] and form.action(legal) == Action.make("roll", 0, nutmeg=5, silk=1, jade=1)
    form.roll_all(roll_dice(form.boats, random.Random(1)))
    assert set(form.faces) == {"nutmeg", "silk", "jade"} and form.matching(legal)


def test_the_app_rolls_one_fair_die_per_boat() -> None:
    rng = random.Random(7)
    rolls = [roll_dice(["nutmeg", "jade"], rng) for _ in range(600)]
    assert all(set(r) == {"nutmeg", "jade"} for r in rolls)
    faces = [r["jade"] for r in rolls]
    assert set(faces) == {1, 2, 3, 4, 5, 6}                       # a six-sided die, every face seen
    assert all(60 <= faces.count(f) <= 140 for f in range(1, 7))   # about 100 of each


def test_supply_form() -> None:
    t = Game("A", "B", "C")
    t.do("A", "enter_shares", wares=["jade", "jade"])
    t.do("B", "shares_later")
    t.do("C", "shares_later")
    legal = GAME.legal_actions(t.state)
    form = screen.SupplyForm.start(legal)
    assert form.action(legal) == legal[0]
    form.step("nutmeg", +1)
    assert form.action(legal) is None          # now one too many
    form.step("silk", -1)
    assert form.action(legal) in legal


def test_payout_lines_and_totals() -> None:
    t = placing()
    t.do("A", "place", space="jade")          # -3
    t.do("B", "place", space="insurance")     # +10
    t.passes("C", "A", "B")
    t.roll(nutmeg=1, silk=1, jade=5)          # 4, 3, 9
    t.roll(nutmeg=1, silk=1, jade=5)          # jade 14
    t.roll(nutmeg=1, silk=1)                  # 5, 4: both to the shipyard
    lines = screen.payout_lines(GAME.observe(t.state)["public"]["ledger"])
    totals = screen.voyage_totals(lines, 3)
    # A: -3 seat, +36 jade; B: +10 premium, -6 -8 claims to the bank
    assert totals == [33, -4, 0]
    assert screen.PayoutLine(1, -8, "claim", "shipyard_b") in lines
    assert screen.PayoutLine(1, 10, "insurance_bonus", "insurance") in lines
    assert not any(line.amount == 0 for line in lines)   # the free insurance space is not a payment


def test_wealth_rows_best_first() -> None:
    view = {"players": [{"name": "A", "wealth": 10}, {"name": "B", "wealth": 30}, {"name": "C", "wealth": 30}]}
    assert screen.wealth_rows(view) == [(1, "B", 30), (2, "C", 30), (0, "A", 10)]


def test_pilot_move_text() -> None:
    names = {"nutmeg": "Nutmeg", "silk": "Silk", "ginseng": "Ginseng", "jade": "Jade"}
    action = Action.make("pilot", 0, silk=1, jade=-1)
    assert screen.move_text(screen.pilot_moves(action), names) == "Silk +1, Jade −1"
    assert screen.order_text(["jade", "silk"], names) == "1. Jade  2. Silk"


# ----- the built screen ------------------------------------------------------------------------
def test_the_deal_goes_through_the_hand_the_phone_flow() -> None:
    s = Screen(Game("A", "B", "C"))
    click(s.build(), "Enter secret shares")
    seat, title, form = s.privately[-1]
    assert seat == 0
    click(form, "Silk + Jade")
    assert s.session.state.dealt[0] == ["silk", "jade"]
    # nothing of it shows on the shared screen
    assert not any("Silk + Jade" in x for x in texts(s.build()))
    click(s.build(), "Tell us at the end")
    assert s.session.state.share_state[1] == "later" and s.refused == []


def test_a_voyage_from_the_screen() -> None:
    t = start(["A", "B", "C"], HANDS)
    s = Screen(t)
    click(s.build(), "Bid 1")
    click(s.build(), "Pass")
    click(s.build(), "Pass")
    assert t.state.master == 0 and t.cash()["A"] == 29
    click(s.build(), "Buy no share")
    root = s.build()
    click(root, "Ginseng")                  # stays home
    for label in ("Nutmeg", "Silk", "Jade"):
        assert label in texts(root)
    # starting spaces: the form redraws itself; press through the redrawn holder
    starts = {"Nutmeg": "3", "Silk": "2", "Jade": "4"}
    for ware, value in starts.items():
        row = next(r for r in walk(s.redrawn[-1]) if isinstance(r, ft.Row) and texts(r)[:1] == [ware]
                   and "5" in texts(r))
        click(row, value)
    click(s.redrawn[-1], "Load and set out the boats")
    assert t.state.position == {"nutmeg": 3, "silk": 2, "jade": 4} and t.phase() == "place"
    click(s.build(), "Jade 3 pesos")
    click(s.build(), "Insurance +10 pesos")
    click(s.build(), "Hold back")
    assert t.state.spaces["insurance"] == 1 and t.state.withdrawn[2]
    click(s.build(), "Hold back")
    click(s.build(), "Hold back")
    assert t.phase() == "roll"
    root = s.build()
    click(root, "Let the app roll the dice")
    click(s.redrawn[-1], "Enter these dice")
    assert t.state.rolls == 1 and s.refused == []


def test_odds_are_off_until_asked() -> None:
    t = placing()
    s = Screen(t)
    root = s.build()
    assert not any("Reaches Manila" in x for x in texts(root))
    click(root, "Show the odds (for this moment only)")
    shown = texts(s.redrawn[-1])
    assert any(x.startswith("Jade: Reaches Manila") for x in shown)
    assert any("Assumes" in x for x in shown)


def test_boarding_pilots_and_plunder_buttons() -> None:
    t = start(["A", "B", "C"], HANDS)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.do("A", "launch", nutmeg=4, silk=1, jade=4)
    t.do("A", "place", space="pirate")
    t.do("B", "place", space="pilot_small")
    t.do("C", "place", space="jade")
    t.passes("A", "B", "C")
    t.roll(nutmeg=4, silk=1, jade=4)
    t.roll(nutmeg=5, silk=1, jade=5)        # nutmeg 13, jade 13
    s = Screen(t)
    click(s.build(), "Board Jade")
    assert t.state.seats["jade"] == [2, 0, None, None]
    assert t.phase() == "pilot"
    click(s.build(), "Silk +1")
    assert t.state.position["silk"] == 4 and t.phase() == "roll"


def test_end_shows_the_wealth_table() -> None:
    t = start(["A", "B", "C"], HANDS)
    for _ in range(4):
        t.passes("A", "B", "C")
        t.do("A", "skip_share")
        t.do("A", "launch", jade=5, silk=4, nutmeg=0)
        t.passes("A", "B", "C")
        t.roll(jade=6, silk=1, nutmeg=1)
        t.roll(jade=6, silk=1, nutmeg=1)
        t.roll(silk=1, nutmeg=1)
    s = Screen(t)
    for _ in range(3):
        click(s.build(), "Show shares")
    body = texts(s.build())
    assert "Final wealth" in body
    assert "1. C: 90 pesos" in body and "3. B: 30 pesos" in body


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_every_phase_builds_in_every_language(lang: str) -> None:
    t = Game("甲", "乙", "丙", "丁", pirate_variant=True)
    s = Screen(t, lang)
    seen = set()
    rng = random.Random(5)
    steps = 0
    while not GAME.is_over(t.state) and steps < 1500:
        if t.state.phase not in seen:
            seen.add(t.state.phase)
            body = texts(s.build())
            assert not raw_keys(body), body
        legal = GAME.legal_actions(t.state)
        moves = [a for a in legal if a.type not in ("mortgage", "redeem")]
        t.session.apply(rng.choice(moves))
        steps += 1
    body = texts(s.build())
    assert {"deal", "auction", "buy", "launch", "place", "roll", "reveal"} <= seen
    if lang != "en":
        assert any(("披索" if lang == "zh_Hant" else "比索") in x for x in body)
