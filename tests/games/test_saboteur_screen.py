"""The Saboteur screen without a browser: the plain forms, and the built control
tree driven through its click handlers (a fake context applies what it dispatches)."""

from __future__ import annotations

import pytest

from companion.core import Action, Session
from companion.games.saboteur import GAME
from companion.ui.views import saboteur as screen

from games.punctuation import assert_chinese_punctuation
from games.screen_harness import Table, click, phases_without_raw_keys, texts

A = Action.make
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def table(n: int) -> Session:
    return Session(GAME, GAME.setup(NAMES[:n]))


# ----- plain logic -------------------------------------------------------------------
def test_roles_form_only_confirms_possible_counts():
    form = screen.RolesForm(7)  # 3 saboteur and 5 miner cards: 2 or 3 saboteurs
    assert form.bounds() == (2, 3) and form.action() is None
    form.toggle(1)
    form.toggle(4)
    assert form.action() == A("reveal_roles", saboteurs=[1, 4])
    form.toggle(6)
    form.toggle(0)
    assert form.action() is None  # 4 saboteurs with only 3 cards
    form.toggle(0)
    assert form.action() == A("reveal_roles", saboteurs=[1, 4, 6])


def test_gold_form_respects_the_count_and_the_deck():
    form = screen.GoldForm(5, {"1": 16, "2": 8, "3": 1})
    form.step(3, 2)  # only one 3 left in the deck
    form.step(2, 9)  # only 4 more cards fit
    assert form.counts == {1: 0, 2: 4, 3: 1}
    assert form.action() == A("gold_drawn", cards=[3, 2, 2, 2, 2])
    form.step(2, -1)
    assert form.action() is None


def test_cards_text():
    assert screen.cards_text([3, 1]) == "3 + 1" and screen.cards_text([]) == "0"


# ----- the built screen ----------------------------------------------------------------
def test_a_miners_round_through_the_screen():
    t = Table(table(4))
    root = t.build()
    assert "Saboteur cards: 1; miner cards: 4; one card stays out unseen." in texts(root)
    click(root, "Cy")  # Cy reached the gold
    root = t.build()
    click(root, "Di")  # mark Di as the saboteur
    click(root, "Confirm the saboteurs (1)")
    root = t.build()
    click(root, "+", 0)  # one 1
    click(root, "+", 0)  # two 1s
    click(root, "+", 1)  # one 2
    click(root, "+", 2)  # one 3
    click(root, "Enter these gold cards")
    assert t.session.state.pool == [3, 2, 1, 1]
    root = t.build()
    assert "Picking order: Cy, Bo, Ann" in texts(root)
    click(root, "3 nuggets")
    click(t.build(), "2 nuggets")
    click(t.build(), "1 nugget")
    click(t.build(), "1 nugget")
    assert t.session.state.gold == [1, 2, 4, 0] and t.session.state.round == 2 and not t.refused
    root = t.build()
    assert "Gold: hidden" in texts(root)
    assert any(x.startswith("Round 1: Miners won (saboteurs: Di)") for x in texts(root))


def test_a_saboteurs_round_through_the_screen():
    t = Table(table(5))
    click(t.build(), "The saboteurs held out")
    root = t.build()
    click(root, "Ann")
    click(root, "Bo")
    click(root, "Confirm the saboteurs (2)")
    root = t.build()
    assert "The saboteurs win: Ann takes 3 nuggets in gold cards." in texts(root)
    click(root, "3")
    click(t.build(), "2 + 1")
    assert t.session.state.gold == [3, 3, 0, 0, 0]


def test_a_count_the_box_cannot_have_says_why_instead_of_going_pale():
    """Seven players: 3 saboteur cards.  Four marked: the confirm button stays
    pressable, the screen says why with the rule link, and pressing it is refused."""
    s = table(7)
    s.apply(A("gold_found", 0))
    t = Table(s)
    root = t.build()
    assert any("saboteur" in x.lower() for x in texts(root))              # zero marked: fewer than 2
    for name in ("Bo", "Cy", "Di", "Ed"):
        click(t.redrawn[-1] if t.redrawn else root, name)
    shown = texts(t.redrawn[-1])
    reason = [x for x in shown if "3" in x and "saboteur" in x.lower() and "Confirm" not in x]
    assert reason, shown                                                   # the referee's own message
    assert any(x.startswith("Rule: ") for x in shown)
    before = s.state
    click(t.redrawn[-1], "Confirm the saboteurs (4)")
    assert t.refused == ["too_many_saboteurs"] and s.state == before
    click(t.redrawn[-1], "Ed")                                             # back to three: complete
    shown = texts(t.redrawn[-1])
    assert not any(x.startswith("Rule: ") for x in shown)
    click(t.redrawn[-1], "Confirm the saboteurs (3)")
    assert s.state.phase == "draw_gold"


def test_too_few_gold_cards_say_how_many():
    s = table(4)
    s.apply(A("gold_found", 2))
    s.apply(A("reveal_roles", saboteurs=[3]))
    t = Table(s)
    root = t.build()
    click(root, "+", 0)                                                    # one card of the four
    shown = texts(t.redrawn[-1])
    assert any(x.startswith("Rule: ") for x in shown)
    click(t.redrawn[-1], "Enter these gold cards")
    assert t.refused == ["wrong_gold_count"] and s.state.phase == "draw_gold"


def test_the_end_shows_the_winner_and_the_gold():
    s = table(3)
    for finder in (0, 0, 1):
        s.apply(A("gold_found", finder))
        s.apply(A("reveal_roles", saboteurs=[]))
        s.apply(A("gold_drawn", cards=[3, 1, 1]))
        while s.state.phase == "pick":
            seat = sorted(GAME.active_players(s.state))[0]
            s.apply(A("pick", seat, value=max(s.state.pool)))
    shown = texts(Table(s).build())
    # Ann takes the 3 twice, Bo once: Ann 3+3+1 = 7, Bo 1+1+3 = 5, Cy 1+1+1 = 3
    assert "Most gold: Ann" in shown and "Gold: 7" in shown


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_every_phase_builds_without_raw_keys(lang):
    s = table(5)
    script = [A("gold_found", 1), A("reveal_roles", saboteurs=[4]), A("gold_drawn", cards=[1, 1, 1, 1, 1]),
              A("pick", 1, value=1), A("pick", 0, value=1), A("pick", 3, value=1), A("pick", 2, value=1),
              A("pick", 1, value=1), A("gold_not_found"), A("reveal_roles", saboteurs=[0, 2]),
              A("take_gold", 0, cards=[3]), A("take_gold", 2, cards=[3]),
              A("gold_not_found"), A("reveal_roles", saboteurs=[3]), A("take_gold", 3, cards=[2, 2])]
    assert phases_without_raw_keys(s, script, lang) == {"play", "roles", "draw_gold", "pick", "saboteur_gold", "end"}


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_screens_use_chinese_punctuation(lang):
    """The phases above in Chinese, the roles form half filled: full-width
    colons and brackets, and names and gains listed with 、 (were ", ")."""
    s = Session(GAME, GAME.setup(["安", "波", "西", "東", "南"]))
    script = [A("gold_found", 1), A("reveal_roles", saboteurs=[4]), A("gold_drawn", cards=[1, 1, 1, 1, 1]),
              A("pick", 1, value=1), A("pick", 0, value=1), A("pick", 3, value=1), A("pick", 2, value=1),
              A("pick", 1, value=1), A("gold_not_found"), A("reveal_roles", saboteurs=[0, 2]),
              A("take_gold", 0, cards=[3]), A("take_gold", 2, cards=[3]),
              A("gold_not_found"), A("reveal_roles", saboteurs=[3]), A("take_gold", 3, cards=[2, 2])]
    for action in script:
        root = Table(s, lang).build()
        if s.state.phase == "roles":
            click(root, "西")                                      # a saboteur marked, not yet confirmed
        assert_chinese_punctuation(root)
        s.apply(action)
    shown = assert_chinese_punctuation(Table(s, lang).build())
    assert s.state.phase == "end"
    assert any("安、西" in x for x in shown), shown                # round 2's two saboteurs
    assert any("、" in x and "+1" in x for x in shown)            # round 1's gains, one line
