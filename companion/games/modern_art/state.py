"""Modern Art's table state: plain values only, compared whole."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.ledger import Ledger

#: the bank in ledger entries
BANK = -1

#: one money movement: (round, payer, payee, amount, reason); BANK for the bank
Transfer = tuple[int, int, int, int, str]

#: one finished auction: (round, artist, paintings, auction, seller, co_seller, buyer, price)
Sale = tuple[int, int, int, str, int, int | None, int, int]


@dataclass
class ModernArtState:
    players: list[str]
    money: list[int]
    hands: list[int]                 # cards in each hand (the app never knows which)
    played: list[int]                # per artist: cards out of the deck so far this game
    counts: list[int]                # per artist: paintings played this round (ending card too)
    bought: list[list[int]]          # bought[seat][artist] this round
    open_money: bool = False
    phase: str = "start"
    round: int = 1
    board: list[list[int]] = field(default_factory=list)   # board[r][artist]: token of finished round r
    seller: int = 0                  # whose turn it is to sell / who runs the auction
    co_seller: int | None = None     # the first seller of a double shared with `seller`
    artist: int | None = None        # the lot's artist
    auction: str | None = None       # the auction type being run
    paintings: int = 0               # 1, or 2 for a double sold with a second painting
    high: int = 0                    # best bid so far (open, once around)
    high_bidder: int | None = None
    queue: list[int] = field(default_factory=list)          # seats still to answer, in order
    sealed: list[int | None] = field(default_factory=list)  # sealed bids entered, per seat
    price: int | None = None         # fixed price
    ender: int | None = None         # who ended the last round
    ledger: Ledger[Transfer] = field(default_factory=Ledger)  # shared frozen chunks: a clone is O(1)
    sales: list[Sale] = field(default_factory=list)
    last_bids: list[int] | None = None   # the last sealed bids, once revealed
    results: list[dict[str, Any]] = field(default_factory=list)  # one per finished round

    def clone(self) -> "ModernArtState":
        return ModernArtState(
            players=self.players,  # names never change
            money=self.money[:],
            hands=self.hands[:],
            played=self.played[:],
            counts=self.counts[:],
            bought=[row[:] for row in self.bought],
            open_money=self.open_money,
            phase=self.phase,
            round=self.round,
            board=[row[:] for row in self.board],
            seller=self.seller,
            co_seller=self.co_seller,
            artist=self.artist,
            auction=self.auction,
            paintings=self.paintings,
            high=self.high,
            high_bidder=self.high_bidder,
            queue=self.queue[:],
            sealed=self.sealed[:],
            price=self.price,
            ender=self.ender,
            ledger=self.ledger.copy(),      # entries are tuples: the chunks are shared
            sales=self.sales[:],            # entries are tuples
            last_bids=None if self.last_bids is None else self.last_bids[:],
            results=self.results[:],        # finished-round dicts are never changed
        )
