"""The Maritime Silk Road screen without a browser: the plain screen logic, and
the built control tree driven by calling its click handlers (a fake context
records what the screen dispatches)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core import Action, RefereeError
from companion.games.silk_road import GAME
from companion.ui.views import silk_road as screen

from companion.ui.board import spots
from companion.ui.layout import estimate_height
from games.screen_harness import Table, click, texts
from games.test_silk_road_support import A, play, table, turn
from touch import pressables, small_targets
from ui_harness import walk

GOODS = ["porcelain", "silk", "tea", "spice", "glass", "ore"]


def ready2(**options):
    return table(["Ann", "Bo"], GOODS, 0, ["porcelain", "silk", "tea", "tea"], **options)


# ----- plain logic ------------------------------------------------------------------
def test_read_choices_phase1_and_phase2():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=10))
    ch = screen.read_choices(GAME.legal_actions(s.state), s.state.phase)
    assert ch.seat == 0 and ch.can_pass and not ch.plays
    assert ch.swaps[0] == ["silk", "tea", "spice", "glass", "ore"]
    assert set(ch.buys) == {"ship", "exchange"} and ch.buys["exchange"] == []
    assert ch.buys["ship"] == GOODS
    s.apply(A("pass", 0))
    ch = screen.read_choices(GAME.legal_actions(s.state), s.state.phase)
    assert ch.plays == {g: 3 for g in GOODS} and ch.can_draw and not ch.swaps


def test_play_form_limits_and_preview():
    form = screen.PlayForm()
    assert form.action(0) is None
    form.pick("tea")
    for slot in (4, 1, 5):
        form.toggle(slot)
    # the third tap is taken (the table is the truth) but is beyond a hand of 2
    assert form.slots == [1, 4, 5] and not form.within(2) and form.within(3)
    assert form.preview(GOODS) == ["porcelain", "tea", "tea", "spice", "tea", "tea"]
    form.toggle(5)
    assert form.within(2) and form.preview(GOODS) == ["porcelain", "tea", "tea", "spice", "tea", "ore"]
    form.toggle(1)
    assert form.action(1) == Action.make("play", 1, good="tea", slots=[4])
    form.pick("ore")                                   # a new good clears the positions
    assert form.slots == []


def test_play_form_counts_cards_under_others():
    # the rulebook lets a play pile cards on one position: two positions + one underneath
    form = screen.PlayForm()
    form.pick("tea")
    form.toggle(1)
    form.toggle(4)
    form.add_extra(1)
    assert form.cards == 3 and form.within(3)
    assert form.action(0) == Action.make("play", 0, good="tea", slots=[1, 4], cards=3)
    form.add_extra(1)                                  # a 4th card is beyond a hand of 3
    assert form.cards == 4 and not form.within(3)
    form.add_extra(-1)
    form.add_extra(-1)
    form.add_extra(-1)                                 # never below none underneath
    assert form.extra == 0 and form.action(0) == Action.make("play", 0, good="tea", slots=[1, 4])


def test_market_cells_and_player_rows():
    s = table(["Ann", "Bo"], ["tea", "ore"])
    assert screen.market_cells(GAME.observe(s.state)["public"]) == ["tea", "ore", None, None, None, None]
    rows = screen.player_rows(GAME.view(ready2().state))
    assert rows[1]["ships"] == ["silk", "tea"] and rows[1]["money"] is None
    assert rows[0]["specials"] == {"exchange": 0, "licence": 0, "porter": 0}


# ----- the built screen ---------------------------------------------------------------
def test_setup_is_entered_from_the_screen():
    t = Table(table(["Ann", "Bo"]))
    for good in GOODS:
        click(t.build(), {"porcelain": "Porcelain", "silk": "Silk", "tea": "Tea", "spice": "Spice",
                          "glass": "Glass", "ore": "Ore"}[good])
    assert t.session.state.market == GOODS
    click(t.build(), "Bo")
    assert t.session.state.first == 1
    for label in ("Tea", "Tea", "Ore", "Silk"):
        click(t.build(), label)
    assert [p.ships for p in t.session.state.players] == [["tea", "silk"], ["tea", "ore"]]
    assert t.session.state.phase == "phase1" and t.refused == []


def test_swap_buy_play_and_exchange_from_the_screen():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=20))
    t = Table(s)
    root = t.build()
    click(root, "2. Tea")               # Ann's second ship ...
    assert len(t.redrawn) == 2          # the board and the swap form redrew in place, not the page
    click(root, "Ore")                  # ... becomes ore (the form redraws in place)
    assert s.state.players[0].ships == ["porcelain", "ore"]
    root = t.build()
    click(root, "Spice")                # phase 2: play spice
    click(root, "1. Porcelain")         # on position 1
    click(root, "4. Spice")             # spice is already there: it stays spice after the play
    click(root, "Play these cards (2)")
    assert t.sent[-1] == play(0, "spice", 0, 3)
    assert s.state.market[:4] == ["spice", "silk", "tea", "spice"] and s.state.turn == 1
    turn(s, 1)
    root = t.build()
    click(root, "Exchange (8)")
    click(t.build(), "Draw 2 cards")
    assert s.state.phase == "exchange"
    click(t.build(), "0")
    assert s.state.turn == 1 and s.state.players[0].exchanges == 1 and t.refused == []


def test_more_cards_than_the_hand_says_why_and_is_refused():
    # Ann passes phase 1; her hand holds 3 cards
    s = ready2()
    s.apply(A("pass", 0))
    assert s.state.players[0].hand == 3
    t = Table(s)
    root = t.build()
    click(root, "Tea")
    for slot in ("1. Porcelain", "2. Silk", "5. Glass"):
        click(root, slot)
    shown = texts(root)
    assert "Play these cards (3)" in shown and not any("cannot be played" in x for x in shown)
    click(root, "6. Ore")                           # a 4th card: the tap is taken, and the screen says why
    shown = texts(root)
    assert "4 cards cannot be played from a hand of 3." in shown
    assert any(x.startswith("Rule: ") for x in shown)   # the clause, one tap away
    before = [p.hand for p in s.state.players], list(s.state.market)
    click(root, "Play these cards (4)")             # pressed anyway: the referee refuses
    assert t.sent[-1] == play(0, "tea", 0, 1, 4, 5) and t.refused == ["not_enough_cards"]
    assert ([p.hand for p in s.state.players], list(s.state.market)) == before


def test_buying_a_ship_asks_for_its_good():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=10))
    t = Table(s)
    root = t.build()
    click(root, "Ship (10)")
    click(root, "Glass")
    assert s.state.players[0].ships == ["porcelain", "tea", "glass"]


def test_money_is_private_unless_open_or_over():
    s = ready2()
    turn(s, 0, "pass", play(0, "tea", 0))          # 2 tea showing: Ann 2, Bo 2
    t = Table(s)
    root = t.build()
    assert not any("Money:" in x for x in texts(root))
    click(root, "Bo: see my money")
    seat, title, form = t.privately[-1]
    assert (seat, title) == (1, "Bo's money")
    assert "Your money: 2 coins" in texts(form)
    assert "The last play paid you: 2 coins" in texts(form)
    opened = Table(ready2(open_money=True))
    assert any(x.startswith("Money: 0 coins") for x in texts(opened.build()))


def test_the_cards_under_others_are_one_tap_each_and_48_px():
    """The cards the table lays under others of the play: one 48 px choice per number the
    rules allow here, and one more (the table is the truth: refused, saying why)."""
    s = ready2()
    s.apply(A("pass", 0))
    t = Table(s)
    root = t.build()
    click(root, "Tea")
    click(root, "1. Porcelain")                        # a play: the count shows
    counts = {info.key: control for control, info in spots(root) if info.key.startswith("extra:")}
    assert sorted(counts) == ["extra:0", "extra:1", "extra:2", "extra:3"]   # a hand of 3: up to 2 under
    assert small_targets(root) == []
    counts["extra:2"].on_click(None)
    click(root, "Play these cards (3)")
    assert t.sent[-1] == A("play", 0, good="tea", slots=[0], cards=3) and t.refused == []


def test_a_play_by_tapping_the_market_then_naming_the_good():
    s = ready2()
    s.apply(A("pass", 0))
    t = Table(s)
    root = t.build()
    on_board = {info.key: (control, info) for control, info in spots(root)}
    control, info = on_board["slot:2"]
    assert info.legal and not info.direct and play(0, "tea", 2) in info.reaches
    control.on_click(None)                            # the position first ...
    click(root, "Tea")                                # ... then the good: the position stays
    click(root, "Play these cards (1)")
    assert t.sent[-1] == play(0, "tea", 2) and s.state.market[2] == "tea"


def test_places_not_legal_now_say_why():
    s = ready2()                                      # Ann's phase 1
    t = Table(s)
    t.refusals = RefereeError
    root = t.build()
    on_board = {info.key: (control, info) for control, info in spots(root)}
    assert not on_board["deck"][1].legal and not on_board["ship:1:0"][1].legal
    on_board["deck"][0].on_click(None)                # drawing is phase 2
    on_board["ship:1:0"][0].on_click(None)            # Bo's ship, Ann's turn
    on_board["special:licence"][0].on_click(None)     # 11 coins, Ann has none
    assert t.refused == ["wrong_phase", "not_your_turn", "cannot_afford"]
    ctx = t.ctx()
    for key in ("deck", "ship:1:0", "special:licence", "slot:0"):
        reason = ctx.why_not(on_board[key][1].action)
        assert reason is not None and reason[1] is not None, key


class Phone(Table):
    """The same table on a phone's screen (``ctx.narrow``: its step pinned at the foot)."""

    def ctx(self):
        ctx = super().ctx()
        ctx.narrow = True
        return ctx


def _fleet_names(root, names):
    """The players' names in the order their places stand on the board."""
    board_root = next(c for c in walk(root) if getattr(c, "key", None) == "silk-board")
    return [x for x in texts(board_root) if x in names]


def test_on_a_phone_the_player_acting_has_the_first_fleet_and_a_short_step():
    """Cho's phase 1 of three: on a phone the places run clockwise from Cho (her ships, which
    she taps to swap, first: in view above the pinned step), the step leaves out the titles
    the banner says and has Pass beside the hints; a tablet keeps seat order and the titles."""
    names = ["Ana", "Ben", "Cho"]
    s = table(names, GOODS, 0, ["tea", "tea", "silk", "ore", "tea", "glass"])
    turn(s, 0)
    turn(s, 1)
    assert s.state.phase == "phase1" and s.state.turn == 2
    wide = Table(s).build()
    assert _fleet_names(wide, names) == ["Ana", "Ben", "Cho"]
    assert {"Swap a token", "Buy a special card"} <= set(texts(wide))
    phone = Phone(s)
    root = phone.build()
    assert _fleet_names(root, names) == ["Cho", "Ana", "Ben"]
    shown = texts(root)
    assert "Swap a token" not in shown and "Buy a special card" not in shown
    hints = next(c for c in walk(root) if isinstance(c, ft.Row) and "Cho passes" in texts(c))
    assert texts(hints) == ["Tap one of your ships on the board to swap its token.",
                            "Tap a special card on the board to buy it.", "Cho passes"]
    assert estimate_height(hints, 366) <= 100       # the panel stays low: the ships above it
    click(root, "2. Glass")                          # Cho's ship 2, on the board ...
    assert "New good for ship 2" in texts(root)
    click(root, "Porcelain")                         # ... gets porcelain
    assert s.state.players[2].ships == ["silk", "porcelain"] and phone.refused == []
    # the start of a table and the loading: nobody's turn yet, then the loader's fleet first
    fresh = table(names, GOODS, 1, ["tea"])
    assert _fleet_names(Phone(fresh).build(), names) == ["Cho", "Ana", "Ben"]
    assert _fleet_names(Phone(table(names)).build(), names) == ["Ana", "Ben", "Cho"]
    assert screen.fleet_order(4, 3, narrow=True) == [3, 0, 1, 2]
    assert screen.fleet_order(4, 3, narrow=False) == [0, 1, 2, 3]


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_every_phase_has_48_px_touch_targets(lang):
    s = table(["Ann", "Bo", "Cy"])
    t = Table(s, lang)
    seen, pressed = set(), 0
    import random

    rng = random.Random(5)
    while not GAME.is_over(s.state):
        if s.state.phase not in seen:
            seen.add(s.state.phase)
            root = t.build()
            assert small_targets(root) == [], s.state.phase
            pressed += len(pressables(root))
        s.apply(rng.choice(GAME.legal_actions(s.state)))
    assert {"setup_market", "setup_first", "setup_load", "phase1", "phase2"} <= seen and pressed > 20


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_every_phase_builds_in_chinese(lang):
    s = table(["甲", "乙", "丙"])
    t = Table(s, lang)
    seen = set()
    import random

    rng = random.Random(3)
    while not GAME.is_over(s.state):
        if s.state.phase not in seen:
            seen.add(s.state.phase)
            body = texts(t.build())
            assert not any(x.startswith("ui.") or "{" in x for x in body), body
        s.apply(rng.choice(GAME.legal_actions(s.state)))
    body = texts(t.build())
    assert any("元" in x for x in body)              # totals shown at the end
    assert {"setup_market", "setup_first", "setup_load", "phase1", "phase2"} <= seen


# ----- inside the real app shell (stand-in page, no browser) ------------------------------
def test_in_the_app_shell_setup_and_private_money(tmp_path):
    from ui_harness import FakePage, press
    from ui_harness import texts as page_texts

    from companion.storage import Store
    from companion.ui.app import App

    app = App(FakePage(), Store(tmp_path / "ui.db"))
    app.lang = "en"
    app.start_table("silk_road", ["Ann", "Bo"], {})
    page = app.page.controls
    for label in ("Spice", "Tea", "Silk", "Ore", "Porcelain", "Glass"):
        click(app.page.controls, label)
    click(app.page.controls, "Bo")
    for label in ("Spice", "Spice", "Spice", "Glass"):
        click(app.page.controls, label)
    state = app.table.state
    assert state.phase == "phase1" and state.turn == 1 and page is not app.page.controls
    click(app.page.controls, "Bo passes")
    click(app.page.controls, "Spice")
    click(app.page.controls, "2. Tea")
    click(app.page.controls, "3. Silk")
    click(app.page.controls, "Play these cards (2)")
    # the rulebook's example: Ann 3, Bo 6 — but only behind the hand-the-phone screen
    assert not any("6 coins" in t for t in page_texts(app.page))
    click(app.page.controls, "Bo: see my money")
    press(app.page, "I am Bo")
    assert "Your money: 6 coins" in page_texts(app.page)
    click(app.page.controls, "Done")
    assert not any("6 coins" in t for t in page_texts(app.page))
