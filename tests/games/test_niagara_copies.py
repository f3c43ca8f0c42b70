"""Niagara's fast copies and lazy lists stay exact: the state copy is independent, listing
a turn's moves (which carries plans out on partial copies) never touches the state, and
the lazy ``reveal`` list is itertools.product over the hands."""

from __future__ import annotations

import copy
import random
from itertools import product

from companion.core import Action
from companion.games.niagara import GAME
from companion.games.niagara.state import NiagaraState

COPIED = {"players", "sites", "spares", "cards", "winners"}


def _random_states(seed: str, players: int, count: int, **options) -> list[NiagaraState]:
    rng = random.Random(seed)
    state = GAME.new_state(GAME.setup([f"P{i}" for i in range(players)], options))
    out = []
    while not GAME.is_over(state) and len(out) < count:
        out.append(state)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return out


def test_every_other_field_is_a_plain_value():
    """copy() shares every field but five containers: a new mutable field must be added there."""
    for state in _random_states("fields", 4, 60):
        for name, value in vars(state).items():
            if name not in COPIED:
                assert value is None or type(value) in (int, str, bool), (name, value)


def test_copy_is_independent():
    for state in _random_states("copy", 3, 80)[::7]:
        before = copy.deepcopy(state)
        twin = state.copy()
        assert twin == state
        for p in twin.players:
            for c in p.canoes:
                c.where, c.gem = "lost", "blue"
            p.bank["blue"] = 99
            p.played.append(1)
        for pile in twin.sites.values():
            pile["blue"] = 99
        twin.spares["blue"] = 99
        twin.cards.append(3)
        twin.winners.append(0)
        assert state == before


def test_listing_moves_leaves_the_state_untouched():
    for players in (3, 5):
        for state in _random_states(f"list-{players}", players, 300):
            before = copy.deepcopy(state)
            GAME.legal_actions(state)
            assert state == before


def test_lazy_reveal_is_the_product_of_the_hands():
    rng = random.Random(4)
    state = GAME.new_state(GAME.setup(list("ABCDE"), {"cards_at_once": True}))
    for player in state.players:
        player.played = rng.sample(player.hand(), rng.randrange(0, 6))
    legal = GAME.legal_actions(state)
    hands = [p.hand() for p in state.players]
    expected = [Action.make("reveal", None, cards=list(combo)) for combo in product(*hands)]
    # then the table's tap on the fork (the first disc goes left: the switch sends it right)
    expected.append(Action.make("fork", None, arm="right"))
    assert len(legal) == len(expected) and list(legal) == expected
    assert legal[len(expected) // 2] == expected[len(expected) // 2] and legal[-1] == expected[-1]
