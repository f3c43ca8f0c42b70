"""Modern Art's numbers, read once from ``rules_data/modern_art/facts.json``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Mapping

from ...core.facts import header, load as load_facts

GAME_ID = "modern_art"
#: the whole of rules_data/modern_art/facts.json, as every game's facts.py names it
FACTS: Mapping[str, Any] = load_facts(GAME_ID)


@dataclass(frozen=True)
class Facts:
    min_players: int
    max_players: int
    start_money: int
    artist_ids: tuple[str, ...]
    artist_names: tuple[str, ...]
    artist_cards: tuple[int, ...]
    auctions: tuple[str, ...]
    double: str
    values: tuple[int, ...]
    rounds: int
    round_end_count: int
    deal: dict[int, int]
    deal_3p_choices: tuple[int, ...]
    refill: dict[int, int]
    refill_before_rounds: frozenset[int]
    min_open_bid: int
    min_sealed_bid: int
    min_fixed_price: int

    @property
    def singles(self) -> tuple[str, ...]:
        """Auction types a second painting of a double may carry."""
        return tuple(a for a in self.auctions if a != self.double)

    def deal_size(self, n_players: int, deal_3p: int) -> int:
        return deal_3p if n_players == 3 else self.deal[n_players]


@cache
def load() -> Facts:
    raw = load_facts(GAME_ID)
    artists = raw["artists"]
    return Facts(
        min_players=header(GAME_ID).min_players,
        max_players=header(GAME_ID).max_players,
        start_money=raw["start_money"],
        artist_ids=tuple(a["id"] for a in artists),
        artist_names=tuple(a["name"] for a in artists),
        artist_cards=tuple(a["cards"] for a in artists),
        auctions=tuple(raw["auctions"]),
        double=raw["double"],
        values=tuple(raw["values"]),
        rounds=raw["rounds"],
        round_end_count=raw["round_end_count"],
        deal={int(k): v for k, v in raw["deal"].items()},
        deal_3p_choices=tuple(raw["deal_3p_choices"]),
        refill={int(k): v for k, v in raw["refill"].items()},
        refill_before_rounds=frozenset(raw["refill_before_rounds"]),
        min_open_bid=raw["min_open_bid"],
        min_sealed_bid=raw["min_sealed_bid"],
        min_fixed_price=raw["min_fixed_price"],
    )
