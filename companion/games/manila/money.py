"""Money and shares: every peso moves through :func:`flow`, so the ledger is complete."""

from __future__ import annotations

from .facts import load
from .state import BANK, Flow, ManilaState

F = load()


def flow(state: ManilaState, reason: str, payer: int, payee: int, amount: int, where: str = "") -> None:
    """Move ``amount`` from ``payer`` to ``payee`` (a seat or BANK) and log it."""
    if payer != BANK:
        state.cash[payer] -= amount
    if payee != BANK:
        state.cash[payee] += amount
    state.ledger.append(Flow(state.voyage, reason, payer, payee, amount, where))


def total_shares(state: ManilaState, seat: int) -> int:
    """Shares the seat owns (the dealt ones and the bought ones), mortgaged or not."""
    return F.shares_per_player + sum(state.bought[seat].values())


def unmortgaged(state: ManilaState, seat: int) -> int:
    return total_shares(state, seat) - state.mortgaged[seat]


def credit(state: ManilaState, seat: int) -> int:
    """Cash plus what mortgaging every free share would bring: the most the seat can pay."""
    return state.cash[seat] + F.mortgage * unmortgaged(state, seat)


def mortgage_one(state: ManilaState, seat: int, reason: str = "mortgage") -> None:
    state.mortgaged[seat] += 1
    flow(state, reason, BANK, seat, F.mortgage)


def raise_cash(state: ManilaState, seat: int, amount: int) -> None:
    """Forced loans: mortgage as few shares as needed to hold ``amount`` (or all there are)."""
    while state.cash[seat] < amount and unmortgaged(state, seat) > 0:
        mortgage_one(state, seat, "forced_mortgage")


def pay_bank(state: ManilaState, seat: int, amount: int, reason: str, where: str = "") -> None:
    """Pay the bank, taking forced loans first; the caller has checked :func:`credit`."""
    raise_cash(state, seat, amount)
    flow(state, reason, seat, BANK, amount, where)


def share_price(state: ManilaState, ware: str) -> int:
    return F.prices[state.price_step[ware]]


def share_cost(state: ManilaState, ware: str) -> int:
    """What the harbor master pays for a share: its price, but never less than the minimum."""
    return max(F.share_min_price, share_price(state, ware))


def wealth(state: ManilaState, seat: int) -> int | None:
    """Cash + every share at its price − the redemption cost of each mortgaged share.

    None while the seat's dealt shares are not known.
    """
    dealt = state.dealt[seat]
    if dealt is None:
        return None
    value = sum(share_price(state, w) for w in dealt)
    value += sum(n * share_price(state, w) for w, n in state.bought[seat].items())
    return state.cash[seat] + value - F.redeem * state.mortgaged[seat]
