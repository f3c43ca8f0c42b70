"""Niagara's and Maritime Silk Road's boards in headless Chromium, played by tapping them.

* A Niagara canoe is tapped on the board (picked up), then the space it goes to,
  then Confirm; the table taps the fork first, so the river's one step sends its
  disc right: the canoe on R7 goes over the falls, the left arm stands still.
* Screenshots for review at phone (390x844) and tablet (1024x768) in the three
  languages: Niagara before and after a flow through the fork (the disc goes
  left: the canoe on R7 stays, one canoe passes the fork into L6), and a Silk Road
  market after a play tapped on it.  Each checks the table's state after the taps.
Written to test-output/screenshots/ (board-*.png)."""

from __future__ import annotations

import pytest

from companion.core import Action
from companion.i18n import colon
from companion.messages import game_message
from companion.registry import get_game
from companion.storage import Store
from conftest import PHONE, TABLET, Screen, Server
from test_multidevice import no_error_overlay
from test_phone_referee import into_view

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cho"]


def niagara_fork_round(store: Store) -> str:
    """Round 1, Cho's turn (the last): Ana's canoe 1 on R7 with a pink gem, her canoe 2 on
    L6; Ana played the cloud (weather -1 -> 0), Ben paddled 4 -> 5 with his 1; Cho has
    turned over a 2.  The river will flow 1 + 0 = 1 step when Cho has moved."""
    game = get_game("niagara")
    stored = store.create_table(game, game.setup(NAMES, {}))
    for action in (Action.make("correct_canoe", owner=0, canoe=1, where="R7"),
                   Action.make("correct_gem", colour="pink", source="site:pink", target="canoe:0:1"),
                   Action.make("correct_canoe", owner=0, canoe=2, where="L6"),
                   Action.make("correct_canoe", owner=1, canoe=1, where="4"),
                   Action.make("correct_weather", weather=-1),
                   Action.make("card", 0, card="cloud"), Action.make("weather", 0, direction="up"),
                   Action.make("card", 1, card=1), Action.make("paddle", 1, canoe1="5"),
                   Action.make("card", 2, card=2)):
        stored.apply(action)
    return stored.id


def silk_road_phase_2(store: Store) -> str:
    """Ana's phase 2 (she passed phase 1) with three cards in hand."""
    game = get_game("silk_road")
    stored = store.create_table(game, game.setup(NAMES, {}))
    for good in ("porcelain", "silk", "tea", "spice", "glass", "ore"):
        stored.apply(Action.make("market_card", good=good))
    stored.apply(Action.make("first_player", first_player=0))
    for seat, good in ((0, "tea"), (1, "silk"), (2, "ore"), (0, "spice"), (1, "tea"), (2, "glass")):
        stored.apply(Action.make("load", seat, good=good))
    stored.apply(Action.make("pass", 0))
    return stored.id


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    data = tmp_path_factory.mktemp("boards")
    server = Server(data)
    yield data, server
    server.stop()


def open_table(browser, site, make, lang: str, viewport) -> tuple[Screen, str]:
    data, server = site
    store = Store(data / "companion.db")
    table_id = make(store)
    store.set_setting("open_table", table_id)
    store.set_setting("lang", lang)
    store.close()
    return Screen(browser, server, viewport), table_id


def state_of(site, table_id: str):
    store = Store(site[0] / "companion.db")
    try:
        return store.open_table(table_id).state
    finally:
        store.close()


def tap(screen: Screen, name: str, exact: bool = True) -> None:
    into_view(screen, screen.page.get_by_role("button", name=name, exact=exact).first).click()
    screen.page.wait_for_timeout(500)


def canoes(state, seat: int) -> list[tuple[str, str | None]]:
    return [(c.where, c.gem) for c in state.players[seat].canoes]


def test_tapping_a_niagara_canoe_and_the_fork(browser, site):
    screen, table_id = open_table(browser, site, niagara_fork_round, "en", PHONE)
    try:
        screen.wait_text("Now: Cho")
        tap(screen, "The next disc goes into the left arm", exact=False)  # the table sees the disc will go right
        screen.wait_text("The next disc goes into the right arm", exact=False)  # one button with its hint line
        tap(screen, "C2")                                # Cho picks up her canoe 2 on the shore ...
        screen.wait_text("Tap where canoe 2 ends (lit places)")
        tap(screen, "2")                                 # ... it launches to space 2
        screen.wait_text("Canoe 2: to space 2")
        screen.wait_text("Canoe 1: stays ashore")        # one canoe launches: canoe 1's move is known
        screen.shot("board-niagara-canoe-tapped")
        tap(screen, "Confirm")
        screen.wait_text("Now: Ben")                     # round 2: the lifebuoy passed to Ben
        state = state_of(site, table_id)
        # one step, the disc right: the right arm moves (R7 over the falls, its pink back on its
        # site), the left arm stands (Ana's L6 stays); the channel moves (Ben 5 -> R6, Cho 2 -> 3)
        assert canoes(state, 0) == [("lost", None), ("L6", None)]
        assert canoes(state, 1)[0] == ("R6", None) and canoes(state, 2) == [("shore", None), ("3", None)]
        assert state.sites["pink"] == {"pink": 7} and state.fork_next == "left"
        no_error_overlay(screen)
        screen.shot("board-niagara-after-fork-right")
    finally:
        screen.close()


def niagara_two_canoes(store: Store) -> str:
    """Round 1, Ana's turn: her canoe 1 on space 2, her canoe 2 on space 4; she has turned over a 2."""
    game = get_game("niagara")
    stored = store.create_table(game, game.setup(NAMES, {}))
    for action in (Action.make("correct_canoe", owner=0, canoe=1, where="2"),
                   Action.make("correct_canoe", owner=0, canoe=2, where="4"),
                   Action.make("card", 0, card=2)):
        stored.apply(action)
    return stored.id


@pytest.mark.parametrize("viewport, size", [(PHONE, "phone"), (TABLET, "tablet")])
@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_niagara_two_canoes_keep_both_moves(browser, site, lang, viewport, size):
    """Issue 36: choosing canoe 1's space after canoe 2's wiped canoe 2's choice and Confirm
    went away.  With her 2 each canoe paddles 2: Ana moves canoe 2 first (4 -> 2), then
    canoe 1 (2 -> 4), the two swap places; both moves stay."""
    def say(key: str, **params) -> str:
        return game_message("niagara", key, lang, params, NAMES)

    screen, table_id = open_table(browser, site, niagara_two_canoes, lang, viewport)
    try:
        screen.wait_text(say("ui.paddle_title", player=0, card="2"), exact=False)
        tap(screen, "A2")
        screen.wait_text(say("ui.tap_place", canoe=2))
        tap(screen, "2")                  # canoe 2 paddles up onto canoe 1's space ...
        screen.wait_text(say("ui.canoe_plan", canoe=2, plan=say("ui.plan_move", place=say("ui.space.2"))), exact=False)
        # canoe 2's piece now stands on 2 (the tap on 4 below cannot hit it)
        tap(screen, "A1")
        screen.wait_text(say("ui.tap_place", canoe=1))
        tap(screen, "4")                  # ... and canoe 1 down onto the space canoe 2 leaves
        # the plan lines name the spaces in words (到第 2 格, not 到 2)
        plan2 = say("ui.canoe_plan", canoe=2, plan=say("ui.plan_move", place=say("ui.space.2")))
        plan1 = say("ui.canoe_plan", canoe=1, plan=say("ui.plan_move", place=say("ui.space.4")))
        screen.wait_text(plan2, exact=False)
        screen.wait_text(plan1, exact=False)
        screen.shot(f"board-niagara-two-canoes-{lang}-{size}")
        tap(screen, say("ui.confirm"))
        screen.wait_text(say("ui.turn_card_title", player=1), exact=False)
        assert [c[0] for c in canoes(state_of(site, table_id), 0)] == ["4", "2"]
        no_error_overlay(screen)
    finally:
        screen.close()


@pytest.mark.parametrize("viewport, size", [(PHONE, "phone"), (TABLET, "tablet")])
@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_board_screenshots(browser, site, lang, viewport, size):
    def say(game: str, key: str, **params) -> str:
        return game_message(game, key, lang, params, NAMES)

    name = f"board-{size}-{lang}"
    screen, table_id = open_table(browser, site, niagara_fork_round, lang, viewport)
    try:
        screen.wait_text(say("niagara", "ui.fork_spot", arm=say("niagara", "ui.left")), exact=False)
        screen.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
        screen.page.mouse.wheel(0, 420 if size == "phone" else 200)   # the fork and the arms in view
        screen.page.wait_for_timeout(600)
        screen.shot(f"{name}-niagara-before-flow")
        tap(screen, "C1")                                # Cho's canoe 1 ...
        screen.wait_text(say("niagara", "ui.tap_place", canoe=1))  # its places lit (a tap before is lost)
        tap(screen, "2")                                 # ... launches to 2
        screen.wait_text(say("niagara", "ui.canoe_plan", canoe=1, plan=say("niagara", "ui.plan_move", place=say("niagara", "ui.space.2"))))
        tap(screen, say("niagara", "ui.confirm"))
        screen.wait_text(say("niagara", "ui.fork_spot", arm=say("niagara", "ui.right")), exact=False)
        state = state_of(site, table_id)
        # the disc went left: Ana's L6 -> L7 and Ben 5 -> L6 through the fork; Ana's canoe on R7
        # stays with its pink; Cho 2 -> 3
        assert canoes(state, 0) == [("R7", "pink"), ("L7", None)]
        assert canoes(state, 1)[0] == ("L6", None) and canoes(state, 2)[0] == ("3", None)
        screen.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
        screen.page.mouse.wheel(0, 420 if size == "phone" else 200)   # the fork and the arms in view
        screen.page.wait_for_timeout(600)
        screen.shot(f"{name}-niagara-after-flow")
        no_error_overlay(screen)
    finally:
        screen.close()

    screen, table_id = open_table(browser, site, silk_road_phase_2, lang, viewport)
    try:
        tea = say("silk_road", "ui.good.tea")
        screen.wait_text(say("silk_road", "ui.play_title"))
        tap(screen, f"1. {say('silk_road', 'ui.good.porcelain')}")     # the positions, on the board
        tap(screen, f"4. {say('silk_road', 'ui.good.spice')}")
        tap(screen, tea)                                                # the good
        tap(screen, say("silk_road", "ui.play_confirm", count=2))
        screen.wait_text(f"{say('silk_road', 'ui.last_play')}{colon(lang)}"
                         f"{say('silk_road', 'ui.last_play_text', player=0, cards=2, good=tea, count=3)}")
        state = state_of(site, table_id)
        assert state.market == ["tea", "silk", "tea", "tea", "glass", "ore"] and state.turn == 1
        screen.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
        screen.page.mouse.wheel(0, -2000)
        screen.page.wait_for_timeout(600)
        screen.shot(f"{name}-silk-road-after-play")
        no_error_overlay(screen)
    finally:
        screen.close()
