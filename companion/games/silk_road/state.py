"""Maritime Silk Road (海上丝路): the state of one table (the numbers are in facts.py).

The state holds only what the table can see or the app can count: hand *sizes*
(hands are private), the deck count, the six market cards showing, how many
cards of each good lie covered under them, the token and special-card supplies,
and each player's ships, special cards and (secret) money.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .facts import GAME_ID, SPECIALS, Facts, facts

__all__ = ["GAME_ID", "SPECIALS", "Facts", "Seat", "SilkState", "facts", "loader", "new_state", "showing",
           "unseen"]


@dataclass
class Seat:
    name: str
    hand: int
    money: int
    #: the good carried by each ship, in the order the ships were taken
    ships: list[str] = field(default_factory=list)
    licences: int = 0
    porters: int = 0
    exchanges: int = 0
    #: what the most recent play paid this seat (secret, like money)
    income: int = 0

    def copy(self) -> "Seat":
        return Seat(self.name, self.hand, self.money, list(self.ships), self.licences,
                    self.porters, self.exchanges, self.income)


@dataclass
class SilkState:
    players: list[Seat]
    deck: int
    tokens: dict[str, int]
    specials: dict[str, int]
    buried: dict[str, int]
    open_money: bool = False
    #: the goods showing on the market, slot by slot (filled one by one at setup)
    market: list[str] = field(default_factory=list)
    phase: str = "setup_market"
    turn: int = 0
    first: int = 0
    #: setup tokens loaded so far
    loads: int = 0
    #: swaps still allowed this turn (phase 1 and the porter's extra swaps)
    swaps_left: int = 0
    #: ships already re-loaded this turn
    swapped: list[int] = field(default_factory=list)
    #: the most recent play: who, which good, how many cards, how many now showing
    last_player: int | None = None
    last_good: str | None = None
    last_cards: int = 0
    last_showing: int = 0
    #: the round of turns being played (1 from the start player's first turn; grows each
    #: time the turn comes back to the start player): the table's story groups its log by it
    round: int = 1


def new_state(names: list[str], open_money: bool) -> SilkState:
    f = facts()
    n = len(names)
    players = [Seat(name, f.hand_start, f.start_money) for name in names]
    specials = dict(f.counts)
    specials["ship"] -= f.start_ships * n
    return SilkState(
        players=players,
        deck=f.goods_cards - f.hand_start * n - f.market_size,
        tokens={g: f.tokens_per_good for g in f.goods},
        specials=specials,
        buried={g: 0 for g in f.goods},
        open_money=open_money,
    )


def showing(state: SilkState, good: str) -> int:
    """How many of the market's top cards show ``good``."""
    return state.market.count(good)


def unseen(state: SilkState, good: str) -> int:
    """Cards of ``good`` not on the table (in the deck or in someone's hand)."""
    return facts().cards_per_good - showing(state, good) - state.buried[good]


def loader(state: SilkState) -> int:
    """The seat loading a token during setup (start player, then clockwise, twice round)."""
    return (state.first + state.loads) % len(state.players)
