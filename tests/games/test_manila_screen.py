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
from companion.ui import sections
from companion.ui.board import spot_info, spots
from companion.ui.views import manila as screen

from games.screen_harness import Table, click, raw_keys, texts
from games.test_manila_support import Table as Game
from games.test_manila_support import start
from ui_harness import walk

HANDS = {"A": ["silk", "jade"], "B": ["nutmeg", "ginseng"], "C": ["jade", "jade"]}


def Screen(table: Game, lang: str = "en") -> Table:
    """The screen over a test table; any refusal (RefereeError) is recorded, not raised."""
    return Table(table.session, lang, refusals=RefereeError)


def tap(root: object, key: str) -> None:
    """Tap the board's spot ``key`` (a space, ``seat:<ware>:<i>``, ``dock:<space>``)."""
    found = [c for c, info in spots(root) if info.key == key]
    assert found, f"no spot {key!r}: {[info.key for _, info in spots(root)]}"
    found[0].on_click(None)


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
    form.pick_left_out("jade")             # another ware stays home: its start goes, the others stay
    assert form.starts == {"nutmeg": 5, "silk": 4} and form.action(0, legal) is None
    starts_first = screen.LaunchForm()      # starts may be tapped before the ware that stays home
    starts_first.set_start("nutmeg", 3)
    starts_first.set_start("silk", 2)
    starts_first.set_start("jade", 4)
    starts_first.pick_left_out("ginseng")
    assert starts_first.action(0, legal) == Action.make("launch", 0, nutmeg=3, silk=2, jade=4)


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


def test_the_voyage_results_say_what_the_bank_pays_now_apart_from_what_was_paid() -> None:
    """Issue 36: the sheet gave net figures ("A +33"): the bank could not read off what to
    hand out.  Worked out from the rules: A paid 3 for the jade's first seat and B took 10
    for the insurance while the voyage was played; jade reaches Manila, its profit 36 to
    its one accomplice A (manila.payout.boats); no harbour space is held; nutmeg and silk
    end in the shipyard, whose spaces are empty, so the insurer B pays their values 6 and 8
    to the bank (manila.payout.shipyard).  The bank hands out now: A 36, nobody else."""
    t = placing()
    t.do("A", "place", space="jade")
    t.do("B", "place", space="insurance")
    t.passes("C", "A", "B")
    t.roll(nutmeg=1, silk=1, jade=5)
    t.roll(nutmeg=1, silk=1, jade=5)
    t.roll(nutmeg=1, silk=1)
    assert t.phase() == "auction" and t.state.voyage == 2
    lines = screen.payout_lines(GAME.observe(t.state)["public"]["ledger"])
    bank, owed = screen.paid_now(lines, 3)
    assert bank == [36, 0, 0]
    assert sorted((x.seat, x.amount, x.where) for x in owed) == [(1, -8, "shipyard_b"), (1, -6, "shipyard_a")]
    s = Screen(t)
    root = s.build()
    shown = texts(root)
    head = shown.index("The bank pays now")
    assert shown[head + 1:head + 3] == ["A  36 pesos", "+36 pesos  boat profit · Jade"]
    assert "B  " not in " ".join(shown[head + 1:head + 3])
    assert "Players pay now" in shown
    assert "B pays 6 pesos to the bank · insurance claim · Shipyard A" in shown
    assert "B pays 8 pesos to the bank · insurance claim · Shipyard B" in shown
    # what was paid during the voyage (the seat, the premium) and the net figures are not on
    # the sheet itself but one tap away
    assert not any("+33" in x or "space paid" in x or "premium" in x for x in shown)
    account = next(c for c in walk(root) if isinstance(c, ft.ExpansionTile))
    assert "The full account" in texts(account)[0]
    inside = texts(ft.Column(getattr(account, sections.FILL)()))   # made when the section is opened
    assert "A: +33 pesos this voyage in all" in inside and "−3 pesos  space paid · Jade" in inside
    assert "B: −4 pesos this voyage in all" in inside and "+10 pesos  insurance premium · Insurance" in inside
    for lang in ("zh_Hans", "zh_Hant"):
        assert not raw_keys(texts(Screen(t, lang).build()))


def test_the_banner_says_what_the_table_does_by_hand_when_it_is_due() -> None:
    """Issue 36: the loading rule (starting spaces add up to 9) was only below the board, and
    nothing said to clear the board before the next voyage."""
    from companion.ui.viewmodels import now_text
    t = start(["A", "B", "C"], HANDS)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    names = t.session.setup.players
    assert now_text(GAME, t.state, names, "en")[0] == (
        "Harbour master: load 3 wares and put each boat on its starting space; "
        "the starting spaces add up to exactly 9.")
    assert "加起来正好是 9" in now_text(GAME, t.state, names, "zh_Hans")[0]
    assert "加起來剛好是 9" in now_text(GAME, t.state, names, "zh_Hant")[0]
    t.do("A", "launch", nutmeg=3, silk=2, jade=4)
    while t.phase() == "place":
        t.session.apply(Action.make("pass_place", t.state.queue[0]))
    t.roll(nutmeg=1, silk=1, jade=1)          # 4, 3, 5
    t.roll(nutmeg=1, silk=1, jade=1)          # 5, 4, 6
    t.roll(nutmeg=1, silk=1, jade=1)          # 6, 5, 7: all three in the shipyard
    assert t.phase() == "auction" and t.state.voyage == 2
    text = now_text(GAME, t.state, names, "en")[0]
    assert text.startswith("Voyage 2: take every accomplice back from the board")
    t.do("A", "bid", amount=1)
    assert now_text(GAME, t.state, names, "en")[0].startswith("Auction: A bids 1")


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
    # on the routes: ginseng stays home, each boat on its starting space (the board and the
    # controls beside it redraw in place)
    tap(root, "home:ginseng")
    for key in ("start:nutmeg:3", "start:silk:2", "start:jade:4"):
        tap(root, key)
    assert "Starting spaces add up to 9 (must be 9)." in texts(root)
    click(root, "Load and set out the boats")
    assert t.state.position == {"nutmeg": 3, "silk": 2, "jade": 4} and t.phase() == "place"
    tap(s.build(), "seat:jade:0")            # the jade boat's first seat, 3 pesos
    tap(s.build(), "insurance")
    click(s.build(), "Hold back")
    assert t.state.spaces["insurance"] == 1 and t.state.withdrawn[2]
    click(s.build(), "Hold back")
    click(s.build(), "Hold back")
    assert t.phase() == "roll"
    root = s.build()
    click(root, "Let the app roll the dice")
    click(s.redrawn[-1], "Enter these dice")
    assert t.state.rolls == 1 and s.refused == []


def test_an_auction_bid_of_any_amount_is_typed_not_picked_from_a_list() -> None:
    """Beside the quick bids, any other amount is typed (a phone's keypad) and sent with
    Bid: no drop-down of every amount (Flutter laid its every entry out again at each
    redraw: issue 36's bid tap).  One over what the bidder could pay goes to the referee,
    whose refusal names the rule; nothing changes."""
    t = start(["A", "B", "C"], HANDS)
    s = Screen(t)
    root = s.build()
    assert not any(isinstance(c, ft.Dropdown) for c in walk(root))
    field_ = next(c for c in walk(root) if isinstance(c, ft.TextField))
    # A has 30 pesos and two shares to mortgage (12 pesos each): bids of 1 up to 30 + 24 = 54
    # the range in the label, no line under the field (a phone's pinned controls have no room)
    assert field_.label == "Amount (1–54)" and field_.helper is None
    field_.value = "lots"
    field_.on_submit(None)
    assert field_.error == "Enter a whole number from 1 to 54." and t.state.high_bid == 0
    field_.value = "60"
    field_.on_submit(None)
    assert s.refused == ["bid_over_credit"] and t.state.high_bid == 0
    field_.value = "9"
    click(root, "Bid")
    assert t.state.high_bid == 9 and t.state.high_bidder == 0
    field_ = next(c for c in walk(s.build()) if isinstance(c, ft.TextField))
    assert field_.label == "Amount (10–54)"


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
    root = s.build()
    # the pirate boards a boat on space 13 by tapping its next free seat
    assert {info.key for _, info in spots(root) if info.legal} == {"seat:jade:1", "seat:nutmeg:0"}
    tap(root, "seat:jade:1")
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


# ----- the board (issue 23) ----------------------------------------------------------------------
def board_spots(root: object) -> dict[str, object]:
    return {info.key: info for _, info in spots(root)}


def test_placement_is_tapped_on_the_board_and_a_taken_space_says_why() -> None:
    t = placing()
    s = Screen(t)
    root = s.build()
    found = board_spots(root)
    # every space of the board is a spot while accomplices are placed, the boats by their next seat
    assert {"harbor_a", "harbor_b", "harbor_c", "shipyard_a", "shipyard_b", "shipyard_c", "pirate",
            "pilot_small", "pilot_large", "insurance", "seat:nutmeg:0", "seat:silk:0", "seat:jade:0"} == set(found)
    tap(root, "harbor_a")
    assert t.state.spaces["harbor_a"] == 0 and s.refused == []
    # B taps the harbor A Ana holds: still there, drawn as not open, and the referee says why
    root = s.build()
    info = board_spots(root)["harbor_a"]
    assert not info.legal and info.action == Action.make("place", 1, space="harbor_a")
    before = GAME.clone(t.state)
    tap(root, "harbor_a")
    assert s.refused == ["space_taken"] and t.state == before
    assert "B: tap a place on the board to put an accomplice there (the framed places are open to you), " \
           "or hold back." in texts(root)


def test_a_taken_boat_seat_answers_with_the_reason_and_the_rule() -> None:
    """Issue 36: a tap on an occupied seat did nothing.  A takes the jade boat's first seat
    (3); B's tap on it is refused (seat_taken, manila.spaces.boats), naming A and the next
    seat's cost (4, the printed jade costs 3, 4, 5, 5), and nothing changes."""
    from refusal import refused
    t = placing()
    s = Screen(t)
    tap(s.build(), "seat:jade:0")
    root = s.build()
    info = board_spots(root)["seat:jade:0"]
    assert not info.legal and info.action == Action.make("place", 1, space="jade", slot=0)
    before = GAME.clone(t.state)
    tap(root, "seat:jade:0")
    assert s.refused == ["seat_taken"] and t.state == before
    err = refused(t.session, info.action, "seat_taken", "manila.spaces.boats")
    assert err.params["holder_player"] == 0 and err.params["cost"] == 4
    # the next free seat is still the place to tap
    tap(root, "seat:jade:1")
    assert t.state.seats["jade"][:2] == [0, 1]


def test_the_harbor_master_is_told_what_is_missing_not_the_wares_counted() -> None:
    # after the ware left home was chosen the hint said "Load exactly 3 wares (now 0)"
    t = start(["A", "B", "C"], HANDS)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    s = Screen(t)
    root = s.build()
    tap(root, "home:ginseng")
    shown = texts(root)
    assert "Tap a starting space for each boat (0 of 3 set)." in shown
    assert not any("now 0" in x for x in shown)
    tap(root, "start:jade:5")
    assert "Tap a starting space for each boat (1 of 3 set)." in texts(root)
    # pressed before it is complete, the button still asks the referee, whose refusal is shown
    click(root, "Load and set out the boats")
    assert s.refused == ["need_three_wares"] and t.phase() == "launch"


def test_a_player_card_before_any_entry_says_not_entered_yet() -> None:
    s = Screen(Game("A", "B", "C"))
    shown = texts(s.build())
    assert shown.count("Shares: not entered yet") == 3 and "Shares: hidden" not in shown
    s.session.apply(Action.make("enter_shares", 0, wares=["silk", "jade"]))
    shown = texts(s.build())
    assert "Shares: hidden" in shown and shown.count("Shares: not entered yet") == 2
    assert "Silk + Jade" not in shown                 # the shared screen shows no hand


def test_a_seats_own_device_shows_its_own_shares_only() -> None:
    t = Game("A", "B", "C")
    t.do("A", "enter_shares", wares=["silk", "jade"])
    t.do("B", "enter_shares", wares=["nutmeg", "ginseng"])
    table = Screen(t)
    ctx = table.ctx()
    ctx.seat = 0
    shown = texts(screen.build(ctx))
    assert "Shares: Silk + Jade" in shown and not any("Nutmeg + Ginseng" in x for x in shown)


def arrived() -> Game:
    """Jade reaches Manila (harbor A) on the second roll; silk stays out at sea."""
    t = placing()
    t.do("A", "place", space="jade")
    t.passes("B", "C", "A")
    t.roll(nutmeg=1, silk=1, jade=6)          # 4, 3, 10
    t.roll(nutmeg=1, silk=1, jade=6)          # jade 16: in Manila
    return t


def test_a_docked_boat_lies_in_its_harbor_space_not_on_a_space_past_the_route() -> None:
    t = arrived()
    assert t.state.position["jade"] > 13
    root = Screen(t).build()
    shown = texts(root)
    # issue 36: the status stands in the boat's own heading, under its name and above its route,
    # not below the route where it read as the next boat's title
    jade = next(c for c in walk(root) if getattr(c, "key", None) == "lane:jade")
    heading = texts(jade)
    assert heading[:4] == ["Jade", "profit 36", "In Manila", "Harbour A"], heading[:4]
    assert not any(x.startswith("Space 1") for x in shown)         # no "Space 16" on a route of 0-13
    harbor_a = next(c for c in walk(root) if getattr(c, "key", None) == "harbor_a")
    assert "Jade" in texts(harbor_a)
    lane = next(c for c in walk(root) if getattr(c, "key", None) == "boat:jade")
    assert lane.content.opacity == 0.0                            # its piece has left the route


def test_a_plundered_boat_stays_visible_on_the_pirates_space() -> None:
    t = start(["A", "B", "C"], HANDS)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.do("A", "launch", nutmeg=4, silk=1, jade=4)
    t.do("A", "place", space="pirate")
    t.passes("B", "C", "A")
    t.roll(nutmeg=4, silk=1, jade=4)          # 8, 2, 8
    t.roll(nutmeg=1, silk=1, jade=1)          # 9, 3, 9
    t.roll(nutmeg=4, silk=1, jade=1)          # nutmeg 13: plundered
    assert t.phase() == "plunder"
    s = Screen(t)
    root = s.build()
    piece = next(c for c in walk(root) if getattr(c, "key", None) == "boat:nutmeg")
    assert piece.offset.x == 13 and piece.content.opacity == 1.0
    assert ft.Icons.FLAG in [c.icon for c in walk(piece) if isinstance(c, ft.Icon)]
    # the pirates' space keeps its number, white on red, above the boat
    thirteen = [c for c in walk(root) if isinstance(c, ft.Text) and c.value == "13"]
    assert thirteen and all(c.color == "#ffffff" for c in thirteen)
    # the captain sends it by tapping the harbor's next free space
    tap(root, "dock:harbor_a")
    assert s.sent == [Action.make("plunder", 0, ware="nutmeg", to="harbor")] and s.refused == []
    assert t.state.voyage == 2                            # the voyage was paid out


def test_what_moved_is_ringed_after_a_roll() -> None:
    t = placing()
    t.passes("A", "B", "C")
    s = Screen(t)
    ctx = s.ctx()
    screen.build(ctx)                                   # the board as this device last drew it
    t.roll(nutmeg=2, silk=3, jade=1)
    ctx2 = s.ctx()
    ctx2.extra = ctx.extra                              # the same device
    root = screen.build(ctx2)

    def glowing(ware: str) -> bool:
        piece = next(c for c in walk(root) if getattr(c, "key", None) == f"boat:{ware}")
        return piece.content.shadow is not None

    assert glowing("nutmeg") and glowing("silk") and glowing("jade")
    root = screen.build(ctx2)                            # drawn again: still ringed
    assert glowing("jade")
