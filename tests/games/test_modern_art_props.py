"""Modern Art property tests: random legal games, checked after every action.

- money: each player's money is the start money plus what the ledger paid them
  minus what it took; what the players gained the bank lost, and vice versa;
  every sale's payments add up to its price; nobody's money goes below zero.
- paintings: no artist ever shows more paintings than exist; the cards in
  hands plus the cards played are exactly those dealt; bought paintings never
  outnumber the paintings played this round.
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.core import Action, Session
from companion.games.modern_art import GAME
from companion.games.modern_art.facts import load
from companion.games.modern_art.state import BANK, ModernArtState

F = load()


#: shrinking goes towards the first choice: actions that move the game on come first
_ORDER = ["sell", "pass", "reveal", "buy", "join", "offer", "set_price", "first_seller", "sealed_bid", "bid"]


def pick(data: st.DataObject, legal: list[Action]) -> Action:
    """An action type first, then one of its actions (bids highest first), so bids do not
    crowd out the rest and a shrunk game stays short."""
    kinds = sorted({a.type for a in legal}, key=_ORDER.index)
    kind = data.draw(st.sampled_from(kinds), label="type")
    options = [a for a in legal if a.type == kind]
    if kind in ("bid", "sealed_bid", "set_price"):
        options.sort(key=lambda a: -a["amount"])
    return data.draw(st.sampled_from(options), label="action")


def dealt(state: ModernArtState, deal: int) -> int:
    """Cards that have gone into hands so far: the deal plus each refill reached."""
    n = len(state.players)
    refills = sum(1 for r in F.refill_before_rounds if r <= state.round)
    return n * (deal + refills * F.refill[n])


def check_money(state: ModernArtState) -> None:
    n = len(state.players)
    for seat in range(n):
        got = sum(t[3] for t in state.ledger if t[2] == seat)
        gave = sum(t[3] for t in state.ledger if t[1] == seat)
        assert state.money[seat] == F.start_money + got - gave
        assert state.money[seat] >= 0
    bank_in = sum(t[3] for t in state.ledger if t[2] == BANK)
    bank_out = sum(t[3] for t in state.ledger if t[1] == BANK)
    assert sum(state.money) == n * F.start_money + bank_out - bank_in
    assert all(t[3] > 0 and t[1] != t[2] for t in state.ledger)
    for rnd in range(1, state.round + 1):
        sold = sum(s[7] for s in state.sales if s[0] == rnd)
        paid = sum(t[3] for t in state.ledger if t[0] == rnd and t[4] == "sale")
        assert sold == paid


def check_paintings(state: ModernArtState, deal: int) -> None:
    for a, cards in enumerate(F.artist_cards):
        assert 0 <= state.played[a] <= cards
        assert 0 <= state.counts[a] <= F.round_end_count
        assert sum(row[a] for row in state.bought) <= state.counts[a]
    assert sum(state.hands) + sum(state.played) == dealt(state, deal)
    assert all(h >= 0 for h in state.hands)
    view = GAME.view(state)
    for artist in view["artists"]:
        assert 0 <= artist["left"] and artist["count"] <= F.round_end_count
    for result in state.results:
        assert sorted(t for t in result["tokens"] if t) == sorted(F.values[: len(result["ranking"])])
        assert max(result["counts"]) <= F.round_end_count


# no shrinking: a shrunk playout is no easier to read and shrinking one takes minutes
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(n=st.integers(min_value=3, max_value=5), open_money=st.booleans(), data=st.data())
def test_random_games_keep_the_ledger_and_the_deck(n: int, open_money: bool, data: st.DataObject) -> None:
    setup = GAME.setup([f"P{i}" for i in range(n)], {"open_money": open_money})
    deal = F.deal_size(n, setup.options["deal_3p"])
    session = Session(GAME, setup)
    steps = 0
    while not GAME.is_over(session.state):
        legal = GAME.legal_actions(session.state)
        assert legal
        session.apply(pick(data, legal))
        check_money(session.state)
        check_paintings(session.state, deal)
        shown = any("money" in p for p in GAME.view(session.state)["players"])
        assert shown == (open_money or GAME.is_over(session.state))
        steps += 1
        assert steps < 20000
    assert len(session.state.results) == F.rounds
    assert GAME.winners(session.state)
    assert Session.replay(GAME, setup, session.log).state == session.state


@settings(max_examples=150, deadline=None)
@given(price=st.integers(min_value=0, max_value=60), buyer=st.sampled_from(["runner", "first", "other"]))
def test_shared_double_split(price: int, buyer: str) -> None:
    """Whoever buys a shared lot, the runner gets the odd half of the price, the first seller
    the even half, and a seller who buys pays their own half to the bank."""
    session = Session(GAME, GAME.setup(["A", "B", "C", "D"], {}))
    for action in [Action.make("first_seller", None, seller=0),
                   Action.make("offer", 0, artist="yoko", auction="double"),
                   Action.make("join", 1, auction="fixed"),            # B runs it, A shares
                   Action.make("set_price", 1, amount=price)]:
        session.apply(action)
    who = {"runner": 1, "first": 0, "other": 3}[buyer]
    for seat in (2, 3, 0):
        if seat == who:
            session.apply(Action.make("buy", seat))
            break
        session.apply(Action.make("pass", seat))
    state = session.state
    runner_half, first_half = (price + 1) // 2, price // 2
    expected = [100, 100, 100, 100]
    expected[who] -= price
    if who != 1:
        expected[1] += runner_half
    if who != 0:
        expected[0] += first_half
    assert state.money == expected
    assert state.bought[who][1] == 2
    assert state.seller == 2  # C, left of the runner B
