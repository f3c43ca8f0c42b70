"""Maritime Silk Road's facts: every number comes from ``rules_data/silk_road/facts.json``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Mapping

from ...core.facts import header, load as load_facts

GAME_ID = "silk_road"
#: the whole of rules_data/silk_road/facts.json, as every game's facts.py names it
FACTS: Mapping[str, Any] = load_facts(GAME_ID)

#: the four kinds of special card, in the order the screen shows them
SPECIALS: tuple[str, ...] = ("ship", "exchange", "licence", "porter")


@dataclass(frozen=True)
class Facts:
    min_players: int
    max_players: int
    goods: tuple[str, ...]
    cards_per_good: int
    goods_cards: int
    tokens_per_good: int
    tokens: int
    hand_start: int
    market_size: int
    start_ships: int
    start_money: int
    draw: int
    counts: dict[str, int]
    prices: dict[str, int]
    licence_bonus: int
    porter_swaps: int
    exchange_draws: int
    special_cards: int


@cache
def facts() -> Facts:
    raw: dict[str, Any] = load_facts(GAME_ID)
    specials = raw["specials"]
    return Facts(
        min_players=header(GAME_ID).min_players,
        max_players=header(GAME_ID).max_players,
        goods=tuple(raw["goods"]),
        cards_per_good=raw["cards_per_good"],
        goods_cards=raw["goods_cards"],
        tokens_per_good=raw["tokens_per_good"],
        tokens=raw["tokens"],
        hand_start=raw["hand_start"],
        market_size=raw["market_size"],
        start_ships=raw["start_ships"],
        start_money=raw["start_money"],
        draw=raw["draw"],
        counts={k: specials[k]["count"] for k in SPECIALS},
        prices={k: specials[k]["price"] for k in SPECIALS},
        licence_bonus=specials["licence"]["bonus"],
        porter_swaps=specials["porter"]["extra_swaps"],
        exchange_draws=specials["exchange"]["extra_draws"],
        special_cards=raw["special_cards"],
    )
