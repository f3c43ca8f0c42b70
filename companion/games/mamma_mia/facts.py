"""Pure table helpers for Mamma Mia: setup by player count and order checks.

Every number comes from ``rules_data/mamma_mia/facts.json``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load

GAME_ID = "mamma_mia"
#: the whole of rules_data/mamma_mia/facts.json, as every game's facts.py names it
FACTS: Mapping[str, Any] = load(GAME_ID)


def fact(key: str) -> Any:
    return load(GAME_ID)[key]


KINDS: tuple[str, ...] = tuple(fact("ingredients"))


def removed_per_ingredient(n_players: int) -> int:
    """Cards of each ingredient put back in the box (mamma_mia.setup.remove)."""
    return int(fact("removed_per_ingredient")[str(n_players)])


def available_per_ingredient(n_players: int) -> int:
    """Cards of each ingredient this table plays with."""
    return int(fact("cards_per_ingredient")) - removed_per_ingredient(n_players)


def shortfall(heaps: Mapping[str, int], needs: Mapping[str, int]) -> dict[str, int]:
    """Cards missing per ingredient for an order (only kinds that are short)."""
    return {k: n - heaps.get(k, 0) for k, n in needs.items() if n > heaps.get(k, 0)}


def scarcest(heaps: Mapping[str, int], shown: str) -> list[str]:
    """Kinds tied for fewest cards (none excluded) once the shown card is set aside
    (mamma_mia.specials.mini, mamma_mia.specials.mini-scarcest)."""
    rest = dict(heaps)
    if rest.get(shown, 0) > 0:
        rest[shown] -= 1
    counts = {k: n for k, n in rest.items() if n > 0}
    if not counts:
        return []
    low = min(counts.values())
    return [k for k in KINDS if counts.get(k) == low]


def combine(*parts: Mapping[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in parts:
        for k, n in part.items():
            if n:
                out[k] = out.get(k, 0) + n
    return out


def setup_summary(n_players: int) -> dict[str, Any]:
    available = available_per_ingredient(n_players)
    return {
        "players": n_players,
        "removed_per_ingredient": removed_per_ingredient(n_players),
        "available_per_ingredient": available,
        "ingredient_deck": available * len(KINDS) + int(fact("mamma_cards")),
        "deal_ingredients": int(fact("deal_ingredients")),
        "deal_orders": int(fact("deal_orders")),
        "hand_size": int(fact("hand_size")),
        "orders_per_player": int(fact("orders_per_player")),
        "rounds": int(fact("rounds")),
    }
