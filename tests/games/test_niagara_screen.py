"""The Niagara screen without a browser: its plain logic, and the built control
tree driven through its click handlers (a fake context applies what the
screen dispatches to a real session, as the shell does)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core import Action, RefereeError, Session
from companion.games.niagara import GAME
from companion.messages import describe_error
from companion.ui.views import niagara as screen

from companion.ui.board import spots
from games.screen_harness import Table, click, texts
from touch import small_targets
from ui_harness import walk

NAMES = ["Ann", "Bo", "Cy"]


def table(**options) -> Session:
    """A table entering all cards at once (the option these tests were written for)."""
    return Session(GAME, GAME.setup(NAMES, {"cards_at_once": True, **options}))


def do(s: Session, type: str, player: int | None = None, **args) -> None:
    s.apply(Action.make(type, player, **args))


# ----- plain logic -----------------------------------------------------------------

def test_river_rows_put_the_arms_side_by_side():
    assert screen.river_rows() == [["1"], ["2"], ["3"], ["4"], ["5"], ["L6", "R6"], ["L7", "R7"]]
    assert [screen.site_beside(s) for s in ("2", "3", "4", "5", "L6", "R7")] == [
        None, "violet", "white", "yellow", "blue", "pink"]


def test_weather_and_flow_figures():
    s = table()
    assert screen.weather_cells(GAME.observe(s.state)["public"]) == [(-1, False), (0, True), (1, False), (2, False)]
    assert screen.flow_figure(GAME.observe(s.state)["public"]) == ("last_flow", None)
    do(s, "reveal", cards=[3, 2, "cloud"])
    assert screen.flow_figure(GAME.observe(s.state)["public"]) == ("flow", 2)  # lowest 2 + weather 0


def test_canoes_at_lists_every_canoe_by_place():
    s = table()
    do(s, "correct_canoe", owner=1, canoe=2, where="3")
    do(s, "correct_gem", colour="violet", source="site:violet", target="canoe:1:2")
    do(s, "correct_canoe", owner=2, canoe=1, where="lost")
    places = screen.canoes_at(GAME.observe(s.state)["public"])
    assert places["3"] == [(1, 2, "violet")]
    assert places["lost"] == [(2, 1, None)]
    assert places["shore"] == [(0, 1, None), (0, 2, None), (1, 1, None), (2, 2, None)]


def test_reveal_form():
    form = screen.RevealForm()
    form.choose(0, 3)
    form.choose(1, "cloud")
    assert not form.complete(3) and form.action(3) is None
    assert form.attempt(3) == Action.make("reveal", None, cards=[3, "cloud"])  # for the referee to refuse
    form.choose(2, 1)
    form.choose(2, 1)  # a second tap takes it back
    assert not form.complete(3)
    form.choose(2, 6)
    assert form.action(3) == form.attempt(3) == Action.make("reveal", None, cards=[3, "cloud", 6])


def _robbery_turn() -> Session:
    s = table()
    do(s, "correct_canoe", owner=1, canoe=1, where="3")
    do(s, "correct_gem", colour="white", source="site:white", target="canoe:1:1")
    do(s, "correct_canoe", owner=0, canoe=1, where="5")
    do(s, "reveal", cards=[2, 3, 3])
    return s


def test_turn_form_narrows_to_one_legal_turn():
    s = _robbery_turn()
    legal = [a for a in GAME.legal_actions(s.state) if a.type == "paddle"]
    form = screen.TurnForm(legal, {1: "5", 2: "shore"})
    assert form.canoes() == [1, 2] and form.current() == 1
    # canoe 1 at 5 with 2 points: up to 3 with or without robbing Bo, down to L7 or R7,
    # or load yellow and stay
    assert form.plans(1) == [(("", "3"),), (("", "3"), ("_rob_player", 1), ("_rob_canoe", 1)),
                             (("", "L7"),), (("", "R7"),), (("", "5"), ("_load", "yellow"), ("_gems", "before"))]
    assert sorted(form.ends(1)) == ["3", "5", "L7", "R7"] and len(form.ends(1)["3"]) == 2
    form.tap("3")           # two moves end on 3: they are offered by name
    assert form.pending == "3" and 1 not in form.picks
    form.pick(1, (("", "3"), ("_rob_player", 1), ("_rob_canoe", 1)))
    assert form.current() == 2 and not form.complete()
    assert form.plans(2) == [None, (("", "2"),)]  # canoe 2 ashore: stay or launch to 2
    assert set(form.ends(2)) == {"shore", "2"}
    form.tap("shore")       # staying ashore: the shore is where it ends
    assert form.complete() and form.candidates() == [
        Action.make("paddle", 0, canoe1="3", canoe1_rob_player=1, canoe1_rob_canoe=1)]
    assert screen.plan_words(form.picks[1]) == [("ui.plan_move", {"place": "3"}),
                                                ("ui.plan_rob", {"target_player": 1, "target_canoe": 1})]
    # a tap on canoe 1 takes its move back (canoe 2's stays) and opens the other moves
    assert form.changing(1) and all(a["canoe1"] != "3" or "canoe1_rob_player" not in a for a in form.changing(1))
    form.select(1)
    assert 1 not in form.picks and form.picks[2] is None and form.current() == 1


def test_turn_form_canoes_in_either_order():
    s = _robbery_turn()
    form = screen.TurnForm([a for a in GAME.legal_actions(s.state) if a.type == "paddle"], {1: "5", 2: "shore"})
    form.select(2)          # the player starts with canoe 2: launch it to 2
    form.tap("2")
    assert form.picks == {2: (("", "2"),)} and form.current() == 1
    form.tap("L7")
    assert form.candidates() == [Action.make("paddle", 0, canoe1="L7", canoe2="2")]
    # what a tap on a place canoe 1 cannot reach sends: canoe 2's move and canoe 1 simply going there
    assert form.tried(1, "4", 0) == Action.make("paddle", 0, canoe1="4", canoe2="2")


def test_plan_words_follow_the_order_of_events():
    before = (("", "shore"), ("_load", "violet"), ("_gems", "before"))
    after = (("", "4"), ("_unload", True), ("_load", "white"), ("_gems", "after"))
    assert [k for k, _ in screen.plan_words(before)] == ["ui.plan_load", "ui.plan_land"]
    assert screen.plan_words((("", "falls"),)) == [("ui.plan_falls", {})]
    assert [k for k, _ in screen.plan_words(after)] == ["ui.plan_move", "ui.plan_unload", "ui.plan_load"]


def test_turn_form_finds_a_turn_legal_only_with_canoe_2_first():
    s = table()
    do(s, "correct_canoe", owner=0, canoe=1, where="4")
    do(s, "correct_canoe", owner=0, canoe=2, where="4")
    do(s, "correct_gem", colour="violet", source="site:violet", target="canoe:0:2")
    do(s, "reveal", cards=[4, 3, 3])
    form = screen.TurnForm([a for a in GAME.legal_actions(s.state) if a.type == "paddle"], {1: "4", 2: "4"})
    # canoe 1 can load the violet only once canoe 2 has unloaded it at the white site
    plan1 = (("", "2"), ("_load", "violet"), ("_gems", "before"))
    assert plan1 in form.plans(1)
    form.pick(1, plan1)
    # canoe 2 must have unloaded its violet at the white site first (2 points), then it
    # paddles 2 (up to 2, down to L6 or R6) or swaps for a white (2 more) and stays
    unload = (("_unload", True), ("_gems", "before"))
    plan2 = (("", "4"), ("_unload", True), ("_load", "white"), ("_gems", "before"))
    assert sorted(form.plans(2)) == sorted([(("", "2"), *unload), (("", "L6"), *unload), (("", "R6"), *unload),
                                            plan2])
    form.pick(2, plan2)
    (action,) = form.candidates()
    assert action["first"] == 2
    s.apply(action)
    assert [(c.where, c.gem) for c in s.state.players[0].canoes] == [("2", "violet"), ("4", "white")]


# ----- the built screen -------------------------------------------------------------

def on_board(root) -> dict:
    """The board's spots and choices by key."""
    return {info.key: (control, info) for control, info in spots(root)}


def tap(root, key: str) -> None:
    on_board(root)[key][0].on_click(None)


def test_a_round_through_the_screen():
    t = Table(table())
    root = t.build()
    for label in ("Ann's card", "Bo's card", "Cy's card", "Weather", "Ashore", "Falls", "The next disc goes into the left arm"):
        assert label in texts(root), label
    # tap Ann 5, Bo 1, Cy cloud: the clickable chips are the cards in hand, seats in turn order
    chips: dict[str, list] = {}
    for c in walk(root):
        if getattr(c, "on_click", None) and isinstance(getattr(c, "content", None), ft.Text):
            chips.setdefault(c.content.value, []).append(c)
    assert len(chips["cloud"]) == 3 and len(chips["6"]) == 3
    chips["5"][0].on_click(None)
    chips["1"][1].on_click(None)
    # Cy has not been entered yet: the button says why, and pressing it is refused
    assert "Enter one card for each of the 3 players (2 given)." in texts(root)
    click(root, "Enter the cards")
    assert t.sent[-1] == Action.make("reveal", None, cards=[5, 1]) and t.refused == ["card_count"]
    assert t.session.state.phase == "reveal"
    chips["cloud"][2].on_click(None)
    assert not any("(2 given)" in x for x in texts(root))
    click(root, "Enter the cards")
    assert t.sent[-1] == Action.make("reveal", None, cards=[5, 1, "cloud"])
    root = t.build()
    assert "River flow this round: 1" in texts(root)  # lowest 1 + weather 0
    assert "Ann paddles with 5" in texts(root)
    # Ann's canoe 1 is in hand (both ashore: one launches); the spaces 5 points away light up
    spots_now = on_board(root)
    assert spots_now["canoe:0:1"][1].legal and spots_now["place:5:canoe1"][1].legal
    assert not spots_now["place:4:canoe1"][1].legal and not spots_now["place:falls:canoe1"][1].legal
    assert "Tap where canoe 1 ends (lit places)" in texts(root)
    tap(root, "place:3:canoe1")        # to 3 (3 points) must use the 2 left: load violet, the one move ending there
    assert "Canoe 1: to space 3, load violet" in texts(root)
    assert "Canoe 2: stays ashore" in texts(root)   # only one canoe launches: canoe 2's move is known
    click(root, "Confirm")
    assert t.session.state.players[0].canoes[0].where == "3"
    assert t.session.state.players[0].canoes[0].gem == "violet"
    root = t.build()
    tap(root, "place:1:canoe1")
    click(root, "Confirm")
    root = t.build()
    tap(root, "weather:up")     # Cy's cloud: the step above the cloud, 0 -> +1
    state = t.session.state
    assert state.weather == 1 and state.phase == "reveal" and state.last_flow == 2
    assert t.refused == ["card_count"]   # only the early "Enter the cards" above


def test_a_place_a_canoe_cannot_reach_says_why_with_its_clause():
    t = Table(table())
    t.refusals = RefereeError
    t.dispatch(Action.make("reveal", None, cards=[2, 3, 3]))
    root = t.build()
    control, info = on_board(root)["place:4:canoe1"]
    assert not info.legal and control.on_click is not None
    control.on_click(None)           # Ann's canoe launches 2 spaces, not 4: the referee says so
    assert t.refused == ["wrong_distance"] and t.session.state.players[0].canoes[0].where == "shore"
    reason = t.ctx().why_not(t.sent[-1])
    assert reason is not None and reason[1] == "niagara.move.exact"
    # another player's canoe: not their turn
    control, info = on_board(root)["canoe:1:1"]
    assert not info.legal
    control.on_click(None)
    assert t.refused[-1] == "not_your_turn"


def test_tapping_the_fork_switches_the_next_disc():
    t = Table(table())
    root = t.build()
    control, info = on_board(root)["fork"]
    assert info.legal and info.action == Action.make("fork", None, arm="right")
    control.on_click(None)
    assert t.session.state.fork_next == "right"
    assert "The next disc goes into the right arm" in texts(t.build())


def test_weather_and_sites_are_marks_not_buttons():
    s = table()
    do(s, "reveal", cards=[2, 3, 3])
    root = Table(s).build()
    keys = set(on_board(root))
    # a number card's turn: the weather track and the gem sites are display only
    assert not any(k.startswith(("weather", "site")) for k in keys)
    shown = texts(root)
    assert "V 7" in shown and "+2" in shown
    # every spot is touch-sized
    assert small_targets(root) == []


def test_buy_back_by_tapping_the_lost_canoe():
    s = table()
    do(s, "correct_gem", colour="pink", source="site:pink", target="bank:0")
    do(s, "correct_canoe", owner=0, canoe=2, where="lost")
    do(s, "reveal", cards=["cloud", 2, 2])
    t = Table(s)
    root = t.build()
    assert "A lost canoe can be bought back: tap it below the falls." in texts(root)
    control, info = on_board(root)["canoe:0:2"]
    assert info.legal and info.action == Action.make("buy_back", 0, canoe=2, gem="pink")
    control.on_click(None)
    assert s.state.players[0].canoes[1].where == "shore" and s.state.players[0].bank == {}


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_every_phase_builds_without_raw_keys(lang):
    s = _robbery_turn()
    do(s, "correct_canoe", owner=2, canoe=1, where="lost")
    shown = []
    t = Table(s, lang)
    shown += texts(t.build())  # a number-card turn with a robbery on offer
    for action in (Action.make("paddle", 0, canoe1="3"), Action.make("paddle", 1, canoe1="shore")):
        s.apply(action)
    shown += texts(t.build())  # Cy's turn
    s.apply(GAME.legal_actions(s.state)[0])
    shown += texts(t.build())  # the next card entry
    do(s, "reveal", cards=["cloud", 1, 1])
    shown += texts(t.build())  # a cloud turn
    finished = Session(GAME, GAME.setup(NAMES, {"round_limit": 1, "cards_at_once": True}))
    do(finished, "reveal", cards=[1, 1, 1])
    for seat in (0, 1, 2):
        finished.apply(GAME.legal_actions(finished.state)[0])
    assert finished.state.phase == "end"
    shown += texts(Table(finished, lang).build())
    each_turn = Session(GAME, GAME.setup(NAMES))
    shown += texts(Table(each_turn, lang).build())   # the rulebook's way: a card to turn over
    for text in shown:
        assert "ui." not in text and "phase." not in text and "{" not in text, text


def test_each_card_is_asked_for_on_its_owners_turn():
    # Rulebook (seed 003, the player's turn, step 1): the player turns his own card over at
    # the start of his turn.  The screen asks only Ann (lifebuoy) for hers, says how the table
    # enters the cards, and shows no flow for this round until every card is turned over.
    s = Session(GAME, GAME.setup(NAMES))
    t = Table(s)
    root = t.build()
    shown = texts(root)
    assert "Ann: which card did you turn over?" in shown
    assert "Cards: each is entered on its owner's turn, as in the rulebook" in shown
    assert screen.flow_figure(GAME.observe(s.state)["public"]) == ("last_flow", None)
    chips = [c for c in walk(root) if getattr(c, "on_click", None)
             and isinstance(getattr(c, "content", None), ft.Text) and c.content.value == "4"]
    assert len(chips) == 1                               # Ann's hand only, not everyone's
    chips[0].on_click(None)
    assert t.sent[-1] == Action.make("card", 0, card=4)
    assert "Ann paddles with 4" in texts(t.build())
    assert screen.flow_figure(GAME.observe(s.state)["public"]) == ("last_flow", None)   # Bo and Cy still face down
    at_once = Table(table())
    assert "Cards: all entered at once (table option)" in texts(at_once.build())


def test_the_fork_says_in_plain_words_where_the_next_disc_goes():
    """Issue 36: "下一片往左 / 若走另一边，点这里" was hard to understand."""
    for lang, says, tap_hint in (("en", "The next disc goes into the left arm", "Going the other way at your table? Tap here"),
                                 ("zh_Hans", "下一片河流板流进左支流", "桌上实际走另一边？点这里改"),
                                 ("zh_Hant", "下一片河流圓板流進左支流", "桌上其實走另一邊？點這裡改")):
        shown = texts(Table(table(), lang).build())
        assert says in shown and tap_hint in shown, lang
        assert not any("往左" in x for x in shown)


def test_a_picked_canoe_moves_to_where_it_goes_so_the_other_canoes_tap_keeps_it():
    """Issue 36: with two canoes, choosing canoe 1's space after canoe 2's wiped canoe 2's
    choice and Confirm went away: canoe 2's piece still stood on its old space, where canoe 1
    was to go, and a tap there took canoe 2's move back.  Ana's 2: canoe 2 goes 4 -> 2, then
    canoe 1 goes 2 -> 4; once picked, canoe 2's piece stands on 2 (tap it to change its move)
    and space 4 holds only its faint outline."""
    s = table(cards_at_once=False)
    do(s, "correct_canoe", owner=0, canoe=1, where="2")
    do(s, "correct_canoe", owner=0, canoe=2, where="4")
    do(s, "card", 0, card=2)
    t = Table(s)
    root = t.build()
    tap(root, "canoe:0:2")
    tap(t.redrawn[-2], "place:2:canoe2")
    board_now = t.redrawn[-2]
    row4 = next(c for c in walk(board_now) if isinstance(c, ft.Row) and c.controls
                and any(info.key == "place:4:canoe1" for _, info in spots(c.controls[0])))
    assert [info.key for _, info in spots(row4)] == ["place:4:canoe1"]   # nothing of canoe 2's to hit
    row2 = next(c for c in walk(board_now) if isinstance(c, ft.Row) and c.controls
                and any(info.key == "place:2:canoe1" for _, info in spots(c.controls[0])))
    assert "canoe:0:2" in [info.key for _, info in spots(row2)]          # canoe 2 now stands on 2
    tap(board_now, "place:4:canoe1")
    shown = texts(t.redrawn[-1])
    assert "Canoe 1: to space 4" in shown and "Canoe 2: to space 2" in shown and "Confirm" in shown
    tap(t.redrawn[-2], "canoe:0:2")                                   # canoe 2 tapped where it goes:
    shown = texts(t.redrawn[-1])                                      # its move is taken back
    assert "Canoe 2: to space 2" not in shown and "Canoe 1: to space 4" in shown
    tap(t.redrawn[-2], "place:2:canoe2")
    click(t.redrawn[-1], "Confirm")
    assert [c.where for c in s.state.players[0].canoes] == ["4", "2"]


@pytest.mark.parametrize("lang, lines, refusal", [
    ("en", ["Canoe 1: to space 6 of the left arm", "Canoe 1: to space 4, load white", "Canoe 1: over the falls",
            "Canoe 1: to space 3, rob Bo's canoe 1"],
     "Canoe 1 cannot end at space 7 of the right arm: that is 7 points away and it has 2 to use."),
    ("zh_Hans", ["1 号独木舟：到左支流第 6 格", "1 号独木舟：到第 4 格，装上白色宝石", "1 号独木舟：冲下瀑布",
                 "1 号独木舟：到第 3 格，抢 Bo 的 1 号独木舟"],
     "1 号独木舟不能停在右支流第 7 格：那里相距 7 点，而它要用掉 2 点。"),
    ("zh_Hant", ["1 號獨木舟：到左支流第 6 格", "1 號獨木舟：到第 4 格，裝上白色寶石", "1 號獨木舟：衝下瀑布",
                 "1 號獨木舟：到第 3 格，搶 Bo 的 1 號獨木舟"],
     "1 號獨木舟停不到右支流第 7 格：那裡距離 7 點，可是它得用掉 2 點。"),
])
def test_plan_lines_and_refusals_name_the_space_in_words(lang, lines, refusal):
    """Issue 36: the plan lines said "到 4" and "第 L6 格" (the board's bare marks in a Chinese
    sentence), and a refusal "停不到 L6"; a gem was loaded as "装载白"."""
    s = Session(GAME, GAME.setup(NAMES))
    ctx = Table(s, lang).ctx()
    plans = [(("", "L6"),), (("", "4"), ("_load", "white")), (("", "falls"),),
             (("", "3"), ("_rob_player", 1), ("_rob_canoe", 1))]
    assert [ctx.t("ui.canoe_plan", canoe=1, plan=screen._plan_text(ctx, plan)) for plan in plans] == lines
    do(s, "card", 0, card=2)
    with pytest.raises(RefereeError) as refused:
        s.apply(Action.make("paddle", 0, canoe1="R7"))
    assert describe_error(refused.value, "niagara", lang) == refusal
