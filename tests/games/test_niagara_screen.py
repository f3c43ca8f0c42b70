"""The Niagara screen without a browser: its plain logic, and the built control
tree driven through its click handlers (a fake context applies what the
screen dispatches to a real session, as the shell does)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core import Action, Session
from companion.games.niagara import GAME
from companion.ui.views import niagara as screen

from games.screen_harness import Table, click, texts
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


def test_paddle_form_narrows_to_one_legal_turn():
    s = _robbery_turn()
    legal = [a for a in GAME.legal_actions(s.state) if a.type == "paddle"]
    form = screen.PaddleForm(legal)
    assert form.canoes() == [1, 2]
    # canoe 1 at 5 with 2 points: up to 3 with or without robbing Bo, down to L7 or R7,
    # or load yellow and stay
    assert form.plans(1) == [(("", "3"),), (("", "3"), ("_rob_player", 1), ("_rob_canoe", 1)),
                             (("", "L7"),), (("", "R7"),), (("", "5"), ("_load", "yellow"), ("_gems", "before"))]
    form.pick(1, (("", "3"), ("_rob_player", 1), ("_rob_canoe", 1)))
    assert form.action() is None
    assert form.plans(2) == [None, (("", "2"),)]  # canoe 2 ashore: stay or launch to 2
    form.pick(2, None)
    assert form.orders() == []
    assert form.action() == Action.make("paddle", 0, canoe1="3", canoe1_rob_player=1, canoe1_rob_canoe=1)
    assert screen.plan_words(form.picks[1]) == [("ui.plan_move", {"place": "3"}),
                                                ("ui.plan_rob", {"target_player": 1, "target_canoe": 1})]


def test_plan_words_follow_the_order_of_events():
    before = (("", "shore"), ("_load", "violet"), ("_gems", "before"))
    after = (("", "4"), ("_unload", True), ("_load", "white"), ("_gems", "after"))
    assert [k for k, _ in screen.plan_words(before)] == ["ui.plan_load", "ui.plan_land"]
    assert screen.plan_words((("", "falls"),)) == [("ui.plan_falls", {})]
    assert [k for k, _ in screen.plan_words(after)] == ["ui.plan_move", "ui.plan_unload", "ui.plan_load"]


def test_paddle_form_finds_a_turn_legal_only_with_canoe_2_first():
    s = table()
    do(s, "correct_canoe", owner=0, canoe=1, where="4")
    do(s, "correct_canoe", owner=0, canoe=2, where="4")
    do(s, "correct_gem", colour="violet", source="site:violet", target="canoe:0:2")
    do(s, "reveal", cards=[4, 3, 3])
    form = screen.PaddleForm([a for a in GAME.legal_actions(s.state) if a.type == "paddle"])
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
    action = form.action()
    assert action is not None and action["first"] == 2
    s.apply(action)
    assert [(c.where, c.gem) for c in s.state.players[0].canoes] == [("2", "violet"), ("4", "white")]


# ----- the built screen -------------------------------------------------------------

def test_a_round_through_the_screen():
    t = Table(table())
    root = t.build()
    for label in ("Ann's card", "Bo's card", "Cy's card", "Weather", "The river", "Falls"):
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
    click(root, "to 3, load violet")
    click(root, "Confirm")
    assert t.session.state.players[0].canoes[0].where == "3"
    assert t.session.state.players[0].canoes[0].gem == "violet"
    root = t.build()
    click(root, "to 1")
    click(root, "Confirm")
    root = t.build()
    click(root, "Up")  # Cy's cloud: 0 -> +1
    state = t.session.state
    assert state.weather == 1 and state.phase == "reveal" and state.last_flow == 2
    assert t.refused == ["card_count"]   # only the early "Enter the cards" above


def test_buy_back_button():
    s = table()
    do(s, "correct_gem", colour="pink", source="site:pink", target="bank:0")
    do(s, "correct_canoe", owner=0, canoe=2, where="lost")
    do(s, "reveal", cards=["cloud", 2, 2])
    t = Table(s)
    click(t.build(), "Buy back canoe 2 with pink")
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
