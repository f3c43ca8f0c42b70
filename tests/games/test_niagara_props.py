"""Niagara properties over random legal play (hypothesis picks the actions).

* gems are conserved: 40 = gems on sites + on canoes + banked + spares, and
  8 of every colour, whatever the players (and table corrections) do;
* every player's hand is exactly the cards a separate model says are unplayed:
  the model only watches the revealed cards and returns all seven once the
  seventh has been played and its round is over.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Action, IllegalAction, Session
from companion.games.niagara import GAME
from companion.rules import library

FACTS = library.facts("niagara")
DECK = FACTS["paddle_cards"]
COLOURS = FACTS["gems"]["colours"]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def gem_count(state) -> Counter:
    total: Counter = Counter()
    for pile in state.sites.values():
        total.update(pile)
    total.update(state.spares)
    for player in state.players:
        total.update(player.bank)
        total.update(c.gem for c in player.canoes if c.gem is not None)
    return total


def _correction(draw, state) -> Action:
    """A random table correction of the gems or a canoe (it may be refused)."""
    n = len(state.players)
    places = ["spare"] + [f"site:{c}" for c in COLOURS] + [f"bank:{p}" for p in range(n)]
    places += [f"canoe:{p}:{k}" for p in range(n) for k in (1, 2)]
    if draw(st.booleans()):
        return Action.make("correct_gem", None, colour=draw(st.sampled_from(COLOURS)),
                           source=draw(st.sampled_from(places)), target=draw(st.sampled_from(places)))
    where = draw(st.sampled_from(["shore", "lost", "1", "3", "5", "L6", "R7"]))
    return Action.make("correct_canoe", None, owner=draw(st.integers(0, n - 1)),
                       canoe=draw(st.integers(1, 2)), where=where)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_gems_are_conserved(data):
    n = data.draw(st.integers(3, 5), label="players")
    at_once = data.draw(st.booleans(), label="cards_at_once")
    session = Session(GAME, GAME.setup(NAMES[:n], {"cards_at_once": at_once}))
    expected = Counter({c: FACTS["gems"]["per_colour"] for c in COLOURS})
    assert sum(expected.values()) == FACTS["gems"]["total"]
    for _ in range(data.draw(st.integers(10, 80), label="steps")):
        if GAME.is_over(session.state):
            break
        if data.draw(st.integers(0, 9), label="correct?") == 0:
            try:
                session.apply(_correction(data.draw, session.state))
            except IllegalAction:
                pass
        elif session.state.phase == "reveal":  # any card still in each hand
            hands = [p.hand() for p in session.state.players]
            session.apply(Action.make("reveal", None, cards=[data.draw(st.sampled_from(h)) for h in hands]))
        else:
            legal = GAME.legal_actions(session.state)
            session.apply(legal[data.draw(st.integers(0, len(legal) - 1), label="action")])
        assert gem_count(session.state) == expected
        assert all(n >= 0 for pile in session.state.sites.values() for n in pile.values())
        assert all(n > 0 for p in session.state.players for n in p.bank.values())
    assert Session.replay(GAME, session.setup, session.log).state == session.state


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_hands_are_the_unplayed_cards(data):
    n = data.draw(st.integers(3, 5), label="players")
    at_once = data.draw(st.booleans(), label="cards_at_once")
    session = Session(GAME, GAME.setup(NAMES[:n], {"cards_at_once": at_once}))
    played: list[list] = [[] for _ in range(n)]  # the model
    for _ in range(data.draw(st.integers(10, 120), label="steps")):
        state = session.state
        if GAME.is_over(state):
            break
        if state.phase == "reveal":  # the model's own idea of each hand
            cards = [data.draw(st.sampled_from([c for c in DECK if c not in p])) for p in played]
            action = Action.make("reveal", None, cards=cards)
            for seat, card in enumerate(cards):
                played[seat].append(card)
        else:
            legal = GAME.legal_actions(state)
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
            if action.type == "card":  # turned over on the owner's turn
                played[action.player].append(action["card"])
        round_before = state.round
        session.apply(action)
        if session.state.round != round_before:  # a round ended: full piles come back
            played = [[] if len(p) == len(DECK) else p for p in played]
        for seat, player in enumerate(session.state.players):
            unplayed = [c for c in DECK if c not in played[seat]]
            assert player.hand() == unplayed
            assert GAME.view(session.state)["players"][seat]["hand"] == unplayed
