"""The Pandemic screen without a browser: the plain logic, and the built control
tree driven through its click handlers (a fake context applies what it dispatches)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core import Action, Session
from companion.games.pandemic import GAME
from companion.ui.views import pandemic as screen

from games.punctuation import assert_chinese_punctuation
from games.screen_harness import Table, click, raw_keys, texts
from ui_harness import walk

A = Action.make


def started(roles=("scientist", "medic")) -> Session:
    s = Session(GAME, GAME.setup(["Ann", "Bo"]))
    for seat, role in enumerate(roles):
        s.apply(A("role", seat, role=role))
    for _ in range(9):
        s.apply(A("setup_infect", colour="red"))
    s.apply(A("first_player", 0))
    return s


# ----- plain logic -------------------------------------------------------------------
def test_warnings_one_step_from_each_loss():
    s = started()
    s.apply(A("correct", what="outbreaks", value=7))
    s.apply(A("correct_cubes", colour="red", value=19))  # 5 left
    s.apply(A("correct", what="player_deck", value=5))   # 2 turns of 2 cards
    keys = screen.warnings(GAME.view(s.state))
    assert ("ui.warn_outbreaks", {}) in keys
    assert ("ui.warn_cubes", {"colour": "red", "left": 5}) in keys
    assert ("ui.warn_deck", {"turns": 2}) in keys
    # nine red setup cities hold 1+1+1+2+2+2+3+3+3 = 18 red cubes: 6 left is already low
    assert screen.warnings(GAME.view(started().state)) == [("ui.warn_cubes", {"colour": "red", "left": 6})]


def test_checklist_follows_the_epidemic():
    s = started()
    assert screen.checklist(GAME.view(s.state)) == []
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="epidemic"))
    assert screen.checklist(GAME.view(s.state)) == [("increase", True), ("infect", False), ("intensify", False)]
    s.apply(A("infect", colour="blue", cubes=3, outbreaks=0))
    assert screen.checklist(GAME.view(s.state)) == [("increase", True), ("infect", True), ("intensify", False)]


def test_infect_form_defaults_to_the_expected_cubes():
    s = started()
    form = screen.InfectForm(epidemic=True)
    assert form.action() is None
    form.pick(GAME.view(s.state), "blue")
    assert (form.cubes, form.outbreaks) == (3, 0)
    form.step_outbreaks(1)
    form.step_cubes(-1)
    assert form.action() == A("infect", colour="blue", cubes=2, outbreaks=1)
    form.step_cubes(-5)
    assert form.cubes == 0
    s.apply(A("correct_cure", colour="yellow", status="eradicated"))
    form.pick(GAME.view(s.state), "yellow")
    assert form.cubes == 0
    normal = screen.InfectForm(epidemic=False)
    normal.pick(GAME.view(s.state), "red")
    assert normal.cubes == 1


# ----- the built screen ----------------------------------------------------------------
def test_setup_through_the_screen():
    t = Table(Session(GAME, GAME.setup(["Ann", "Bo"])))
    root = t.build()
    assert any("4 cards to each player" in x for x in texts(root))
    click(root, "Scientist")
    click(t.build(), "Medic")
    for _ in range(9):
        click(t.build(), "blue")
    click(t.build(), "Bo")
    assert t.session.state.phase == "actions" and t.session.state.turn == 1
    assert t.session.state.on_board["blue"] == 18 and not t.refused


def test_actions_draw_and_infect_through_the_screen():
    t = Table(started())
    click(t.build(), "Drive / ferry")
    click(t.build(), "red ×1")
    assert t.session.state.actions_left == 2 and t.session.state.on_board["red"] == 17
    click(t.build(), "Ann gives Bo a card")  # share knowledge
    click(t.build(), "Pass the remaining actions")
    assert t.session.state.phase == "draw"
    click(t.build(), "City or event card")
    click(t.build(), "Epidemic")
    root = t.build()
    done = [c for c in walk(root) if isinstance(c, ft.Icon) and c.icon == ft.Icons.CHECK_CIRCLE]
    assert "Increase the infection rate" in texts(root) and len(done) == 1
    click(root, "yellow")  # the form redraws itself in place
    click(root, "Enter this infection card")
    click(t.build(), "Intensify")
    assert t.session.state.phase == "infect"
    root = t.build()
    click(root, "black")
    click(root, "+")  # cubes 1 -> 2 needs an outbreak to be accepted
    click(root, "Enter this infection card")
    assert t.refused == ["infect_cube_count"]
    assert t.session.state.infections_left == 2


def test_events_and_hand_limit_through_the_screen():
    s = started()
    s.apply(A("correct_hand", seat=0, cards=7))
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    assert s.state.phase == "discard"
    t = Table(s)
    root = t.build()
    assert "Over the hand limit: discard" in texts(root)
    click(root, "Ann: discard 2")  # 7 + 2 drawn = 9: two over the limit
    assert t.session.state.phase == "infect"
    root = t.build()
    events = next(c for c in walk(root) if isinstance(c, ft.ExpansionTile)
                  and c.title.value == "Event cards and the medic")
    # aligned at the start like every other section (it was centred)
    assert events.expanded_cross_axis_alignment == ft.CrossAxisAlignment.START
    assert events.expanded_alignment == ft.Alignment.TOP_LEFT
    click(root, "Ann")  # the first event listed is the airlift; Ann plays it
    assert t.session.state.events_played == ["airlift"]


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_every_phase_builds_without_raw_keys(lang):
    s = Session(GAME, GAME.setup(["Ann", "Bo"]))
    seen = set()
    script = [A("role", 0, role="scientist"), A("role", 1, role="medic")] + \
        [A("setup_infect", colour="red")] * 9 + \
        [A("first_player", 0), A("pass_actions", 0), A("draw", 0, card="epidemic"),
         A("infect", colour="red", cubes=3, outbreaks=0), A("intensify"), A("draw", 0, card="card"),
         A("correct", what="outbreaks", value=7), A("infect", colour="red", cubes=2, outbreaks=1)]
    for action in [None, *script]:
        if action is not None:
            s.apply(action)
        if s.state.phase in seen and action is not None and s.state.phase != "end":
            continue
        seen.add(s.state.phase)
        bad = raw_keys(texts(Table(s, lang).build()))
        assert not bad, (s.state.phase, bad)
    assert {"roles", "setup_infect", "first", "actions", "draw", "epidemic_infect", "epidemic_intensify",
            "infect", "end"} <= seen


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_screens_use_chinese_punctuation(lang):
    """Every phase of the script above, and an infection card half entered: the
    labels take full-width colons, the epidemic piles are listed with 、."""
    s = Session(GAME, GAME.setup(["安", "波"]))
    script = [A("role", 0, role="scientist"), A("role", 1, role="medic")] + \
        [A("setup_infect", colour="red")] * 9 + \
        [A("first_player", 0), A("pass_actions", 0), A("draw", 0, card="epidemic"),
         A("infect", colour="red", cubes=3, outbreaks=0), A("intensify"), A("draw", 0, card="card")]
    shown = assert_chinese_punctuation(Table(s, lang).build())
    # 53 cards - 2 x 4 dealt = 45 into 4 piles (12, 11, 11, 11), an epidemic added to each
    assert any("13、12、12、12" in x for x in shown), shown
    for action in script:
        s.apply(action)
        assert_chinese_punctuation(Table(s, lang).build())
    assert s.state.phase == "infect"
    root = Table(s, lang).build()
    click(root, "蓝色" if lang == "zh_Hans" else "藍色")
    assert_chinese_punctuation(root)
