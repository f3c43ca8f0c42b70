"""Modern Art's rules as plain functions on a state clone.

Every function here mutates the state it is given; the core pipeline hands
moves a clone, so a refusal raised half-way leaves the table untouched.
"""

from __future__ import annotations

from typing import Any

from .facts import Facts, load
from .state import BANK, ModernArtState

F: Facts = load()


# ----- seats ---------------------------------------------------------------
def seats_from(n: int, start: int) -> list[int]:
    """Every seat once, clockwise, beginning with ``start``."""
    return [(start + i) % n for i in range(n)]


def left_of(state: ModernArtState, seat: int) -> int:
    return (seat + 1) % len(state.players)


def next_with_cards(state: ModernArtState, start: int) -> int | None:
    """The first seat from ``start`` clockwise that still holds a card."""
    for seat in seats_from(len(state.players), start):
        if state.hands[seat] > 0:
            return seat
    return None


def cards_left(state: ModernArtState, artist: int) -> int:
    """Paintings of ``artist`` not yet played this game (in hands or the deck)."""
    return F.artist_cards[artist] - state.played[artist]


# ----- money ---------------------------------------------------------------
def transfer(state: ModernArtState, payer: int, payee: int, amount: int, reason: str) -> None:
    """Move money and write it in the ledger (``BANK`` is the bank)."""
    if amount == 0 or payer == payee:
        return
    if payer != BANK:
        state.money[payer] -= amount
    if payee != BANK:
        state.money[payee] += amount
    state.ledger.append((state.round, payer, payee, amount, reason))


def pay_for_lot(state: ModernArtState, buyer: int, price: int) -> None:
    """The buyer pays the seller; a seller buying pays the bank.

    A shared double splits the takings: the seller who ran the auction gets
    the odd half, the first seller the even half; whoever of the two buys
    pays their own half to the bank instead.
    """
    if state.co_seller is None:
        transfer(state, buyer, BANK if buyer == state.seller else state.seller, price, "sale")
        return
    runner_half, first_half = (price + 1) // 2, price // 2
    transfer(state, buyer, BANK if buyer == state.seller else state.seller, runner_half, "sale")
    transfer(state, buyer, BANK if buyer == state.co_seller else state.co_seller, first_half, "sale")


# ----- the turn --------------------------------------------------------------
def play_card(state: ModernArtState, seat: int, artist: int) -> bool:
    """A painting leaves ``seat``'s hand; True if it is the round's ending painting."""
    state.hands[seat] -= 1
    state.played[artist] += 1
    state.counts[artist] += 1
    return state.counts[artist] >= F.round_end_count


def start_auction(state: ModernArtState, kind: str) -> None:
    n = len(state.players)
    state.auction = kind
    state.high, state.high_bidder, state.price = 0, None, None
    if kind == "open":
        state.phase = "open"
    elif kind == "once_around":
        # from the seller's left, the seller last
        state.queue = seats_from(n, left_of(state, state.seller))
        state.phase = "once_around"
    elif kind == "sealed":
        state.sealed = [None] * n
        state.phase = "sealed"
    elif kind == "fixed":
        state.phase = "fixed_price"
    else:  # pragma: no cover - offer/join never start a double auction
        raise ValueError(kind)


def ask_for_partner(state: ModernArtState) -> None:
    """A lone double goes round from the seller's left; empty hands are not asked."""
    n = len(state.players)
    state.queue = [s for s in seats_from(n, left_of(state, state.seller))[:-1] if state.hands[s] > 0]
    state.auction = F.double
    state.phase = "double"
    if not state.queue:
        settle(state, state.seller, 0)


def settle(state: ModernArtState, buyer: int, price: int) -> None:
    """The lot goes to ``buyer`` for ``price``; the next seller's turn begins."""
    assert state.artist is not None and state.auction is not None
    pay_for_lot(state, buyer, price)
    state.bought[buyer][state.artist] += state.paintings
    state.sales.append((state.round, state.artist, state.paintings, state.auction,
                        state.seller, state.co_seller, buyer, price))
    runner = state.seller
    clear_lot(state)
    following = next_with_cards(state, left_of(state, runner))
    if following is None:
        end_round(state, runner)
    else:
        state.seller = following
        state.phase = "offer"


def clear_lot(state: ModernArtState) -> None:
    state.co_seller = None
    state.artist = None
    state.auction = None
    state.paintings = 0
    state.high, state.high_bidder, state.price = 0, None, None
    state.queue = []
    state.sealed = []


def sealed_winner(state: ModernArtState) -> int:
    """Highest sealed bid; a tie goes to the seller if tied, else nearest the seller's left."""
    bids = [b if b is not None else -1 for b in state.sealed]
    best = max(bids)
    if bids[state.seller] == best:
        return state.seller
    for seat in seats_from(len(state.players), left_of(state, state.seller)):
        if bids[seat] == best:
            return seat
    raise AssertionError("no bidder")  # pragma: no cover


# ----- valuation -------------------------------------------------------------
def ranking(counts: list[int]) -> list[int]:
    """Artists with paintings this round, most first, ties by board order; top three."""
    shown = [a for a in range(len(counts)) if counts[a] > 0]
    shown.sort(key=lambda a: (-counts[a], a))
    return shown[: len(F.values)]


def tokens_for(counts: list[int]) -> list[int]:
    tokens = [0] * len(counts)
    for place, artist in enumerate(ranking(counts)):
        tokens[artist] = F.values[place]
    return tokens


def painting_values(board: list[list[int]], tokens: list[int]) -> list[int]:
    """What one painting of each artist sells for after a round with ``tokens``:
    every token the artist ever got, but only if it got one this round."""
    return [sum(row[a] for row in board) + tokens[a] if tokens[a] else 0 for a in range(len(tokens))]


def payouts(bought: list[list[int]], values: list[int]) -> list[int]:
    return [sum(k * v for k, v in zip(row, values)) for row in bought]


def preview(state: ModernArtState) -> dict[str, Any]:
    """If the round ended now: tokens, painting values and each player's takings."""
    tokens = tokens_for(state.counts)
    values = painting_values(state.board, tokens)
    return {"tokens": tokens, "values": values, "payouts": payouts(state.bought, values)}


def end_round(state: ModernArtState, ender: int) -> None:
    """Score the round, sell every bought painting to the bank, set up the next one."""
    tokens = tokens_for(state.counts)
    values = painting_values(state.board, tokens)
    paid = payouts(state.bought, values)
    for seat, amount in enumerate(paid):
        transfer(state, BANK, seat, amount, "value")
    state.results.append({
        "round": state.round, "ender": ender, "counts": state.counts[:],
        "ranking": ranking(state.counts), "tokens": tokens, "values": values,
        "bought": [row[:] for row in state.bought], "payouts": paid,
    })
    state.board.append(tokens)
    clear_lot(state)
    n_artists = len(F.artist_ids)
    state.counts = [0] * n_artists
    state.bought = [[0] * n_artists for _ in state.players]
    state.ender = ender
    if state.round >= F.rounds:
        state.phase = "end"
        return
    state.round += 1
    if state.round in F.refill_before_rounds:
        extra = F.refill[len(state.players)]
        state.hands = [h + extra for h in state.hands]
    first = next_with_cards(state, left_of(state, ender))
    if first is None:
        end_round(state, ender)  # nobody can sell: this round is over before it starts
    else:
        state.seller = first
        state.phase = "offer"
