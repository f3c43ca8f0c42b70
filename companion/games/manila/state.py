"""Manila's state: plain values only, so ``==`` compares whole tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ...core.ledger import Ledger

BANK = -1


class Flow(NamedTuple):
    """One movement of money, kept in the ledger: ``payer`` → ``payee``.

    A seat number, or :data:`BANK` for the harbor's cash box.  ``reason`` is a
    stable code (``seat_cost``, ``boat_profit`` …); ``where`` names the space or
    ware it concerns.
    """

    voyage: int
    reason: str
    payer: int
    payee: int
    amount: int
    where: str = ""


@dataclass
class ManilaState:
    players: list[str]
    phase: str
    oldest: int
    variant: bool
    cash: list[int]
    left: list[int]                     # accomplices not on the board
    mortgaged: list[int]
    bought: list[dict[str, int]]        # shares bought as harbor master (public)
    dealt: list[list[str] | None]       # the two dealt shares, once entered
    share_state: list[str]              # pending | secret | later | shown
    supply: dict[str, int]
    dealt_count: dict[str, int]         # shares of each ware dealt at setup (once known)
    price_step: dict[str, int]
    voyage: int = 1
    master: int | None = None           # harbor master of this voyage
    previous_master: int | None = None
    # auction
    bidder: int = 0
    high_bid: int = 0
    high_bidder: int | None = None
    out: list[bool] = field(default_factory=list)
    # the board of this voyage
    cargo: list[str] = field(default_factory=list)        # sailing wares, facts order
    position: dict[str, int] = field(default_factory=dict)
    seats: dict[str, list[int | None]] = field(default_factory=dict)
    spaces: dict[str, int | None] = field(default_factory=dict)
    pirates: list[int] = field(default_factory=list)      # captain first
    harbor: list[str] = field(default_factory=list)       # wares in harbor A, B, C order
    shipyard: list[str] = field(default_factory=list)
    plundered: list[str] = field(default_factory=list)
    to_decide: list[str] = field(default_factory=list)    # plundered boats awaiting the captain
    withdrawn: list[bool] = field(default_factory=list)   # held back this voyage
    round: int = 0
    queue: list[int] = field(default_factory=list)        # seats still to place this round
    rolls: int = 0
    pilots_due: list[str] = field(default_factory=list)   # "small"/"large" still to act
    boarding: list[str] = field(default_factory=list)     # "captain"/"crew" still to decide
    fresh: list[tuple[str, int]] = field(default_factory=list)  # (ware, seat index) just boarded
    ledger: Ledger[Flow] = field(default_factory=Ledger)  # shared frozen chunks: a clone is O(1)
    #: where the last voyage's boats ended (harbour wares in A, B, C order; shipyard wares), kept
    #: when the board is cleared so the table's story can tell it (a tuple: a clone shares it)
    ended: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    @property
    def n(self) -> int:
        return len(self.players)

