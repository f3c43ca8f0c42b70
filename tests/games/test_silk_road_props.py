"""Property tests: random tables played from legal_actions().

Invariants after every action: the 66 goods cards (deck + hands + market +
covered) and the 30 tokens (supply + ships, 5 of each good) and the 20 special
cards are all accounted for; money never goes negative; every listed action is
accepted; a refused action changes nothing; replaying the log gives an equal
state; the game ends in bounded steps and then lists no actions.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Action, IllegalAction, MalformedAction, Session
from companion.games.silk_road import GAME
from companion.games.silk_road.state import SilkState

from games.test_silk_road_support import cards_accounted

GOODS = ("porcelain", "silk", "tea", "spice", "glass", "ore")
SPECIAL_TOTALS = {"ship": 14, "exchange": 2, "licence": 2, "porter": 2}


def check_invariants(state: SilkState) -> None:
    assert cards_accounted(state) == 66
    assert len(state.market) == 6 or state.phase == "setup_market"
    assert all(state.market.count(g) + state.buried[g] <= 11 for g in GOODS)
    for good in GOODS:
        on_ships = sum(p.ships.count(good) for p in state.players)
        assert state.tokens[good] + on_ships == 5
    assert sum(state.tokens.values()) + sum(len(p.ships) for p in state.players) == 30
    owned = {
        "ship": sum(len(p.ships) for p in state.players) if state.phase not in ("setup_market", "setup_first", "setup_load")
        else 2 * len(state.players),
        "exchange": sum(p.exchanges for p in state.players),
        "licence": sum(p.licences for p in state.players),
        "porter": sum(p.porters for p in state.players),
    }
    for card, total in SPECIAL_TOTALS.items():
        assert state.specials[card] + owned[card] == total
    assert all(p.money >= 0 and p.hand >= 0 for p in state.players)


def playout(n: int, seed: int, prefer_cheap: bool) -> Session:
    rng = random.Random(seed)
    s = Session(GAME, GAME.setup([f"P{i}" for i in range(n)]))
    check_invariants(s.state)
    for _ in range(2000):
        actions = GAME.legal_actions(s.state)
        if not actions:
            break
        assert actions == GAME.legal_actions(s.state)          # deterministic
        if prefer_cheap and rng.random() < 0.5:
            # bias towards buying and swapping so special cards come into play
            pick = [a for a in actions if a.type in ("buy", "swap")] or actions
        else:
            pick = actions
        s.apply(rng.choice(pick))
        check_invariants(s.state)
    assert GAME.is_over(s.state)
    return s


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), prefer_cheap=st.booleans())
def test_random_games_account_for_every_card_and_token(n, seed, prefer_cheap):
    s = playout(n, seed, prefer_cheap)
    assert GAME.legal_actions(s.state) == []
    assert GAME.winners(s.state)
    # replay equality
    again = Session.replay(GAME, s.setup, s.log)
    assert again.state == s.state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_listed_actions_are_accepted_and_refusals_change_nothing(seed, steps):
    rng = random.Random(seed)
    s = Session(GAME, GAME.setup(["A", "B", "C"]))
    for _ in range(steps):
        actions = GAME.legal_actions(s.state)
        if not actions:
            break
        s.apply(rng.choice(actions))
    state = s.state
    snapshot = GAME.clone(state)
    listed = GAME.legal_actions(state)
    for action in rng.sample(listed, min(25, len(listed))):
        GAME.apply(state, action)          # accepted
    # a handful of likely-illegal actions: none may alter the state
    seat = rng.randrange(3)
    probes = [
        Action.make("swap", seat, ship=rng.randrange(7), good=rng.choice(GOODS)),
        Action.make("buy", seat, card=rng.choice(list(SPECIAL_TOTALS))),
        Action.make("play", seat, good=rng.choice(GOODS), slots=rng.sample(range(6), rng.randrange(7))),
        Action.make("exchange_draw", seat, count=rng.randrange(4)),
        Action.make("draw", seat),
        Action.make("load", seat, good=rng.choice(GOODS)),
    ]
    for probe in probes:
        try:
            GAME.apply(state, probe)
        except (IllegalAction, MalformedAction):
            pass
        assert state == snapshot
    assert GAME.clone(state) == state
