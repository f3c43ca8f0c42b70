"""Pure table helpers for Catan: scores, awards, robber discards, trade ratios.

Every number comes from ``rules_data/catan/facts.json``; nothing here knows
about actions or the score sheet's state, so a screen can call these directly.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core.facts import load

GAME_ID = "catan"
FACTS: dict[str, Any] = load(GAME_ID)
RESOURCES: tuple[str, ...] = tuple(FACTS["resources"])
GENERIC = "generic"
HARBORS: tuple[str, ...] = (GENERIC, *RESOURCES)
BUILDS: tuple[str, ...] = tuple(FACTS["costs"])


def robber_discard(hand: int) -> int:
    """Cards a player with ``hand`` resource cards must discard on a 7."""
    return hand // 2 if hand > FACTS["robber"]["hand_limit"] else 0


def trade_ratio(resource: str, harbors: Sequence[str]) -> int:
    """How many ``resource`` cards buy one card of another kind, given the
    harbors the player has a settlement or city on."""
    ratio = int(FACTS["trade"]["bank"])
    if GENERIC in harbors:
        ratio = min(ratio, int(FACTS["trade"]["generic"]))
    if resource in harbors:
        ratio = min(ratio, int(FACTS["trade"]["special"]))
    return ratio


def trade_ratios(harbors: Sequence[str]) -> dict[str, int]:
    return {r: trade_ratio(r, harbors) for r in RESOURCES}


def cost(build: str) -> dict[str, int]:
    """The resources a road / settlement / city / development card costs."""
    return dict(FACTS["costs"][build])


def affordable(hand: Mapping[str, int]) -> list[str]:
    """The builds a hand of resources can pay for (each on its own)."""
    return [b for b in BUILDS if all(hand.get(r, 0) >= n for r, n in FACTS["costs"][b].items())]


def points(settlements: int, cities: int, vp_cards: int, longest_road: bool, largest_army: bool) -> int:
    p = FACTS["points"]
    return (settlements * p["settlement"] + cities * p["city"] + vp_cards * p["victory_point"]
            + (p["longest_road"] if longest_road else 0) + (p["largest_army"] if largest_army else 0))


def award_holder(values: Sequence[int], holder: int | None, minimum: int) -> int | None:
    """Who holds Longest Road / Largest Army after ``values`` changed.

    The holder keeps the card while nobody is strictly ahead and they still
    meet ``minimum``.  Otherwise the card goes to the single player with the
    highest value at or above ``minimum``; if the highest value is shared (or
    nobody reaches ``minimum``) it is set aside until someone is strictly ahead.
    """
    best = max(values, default=0)
    if holder is not None and values[holder] >= minimum and values[holder] == best:
        return holder
    if best < minimum:
        return None
    leaders = [i for i, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 else None


def placement_order(n_players: int) -> list[int]:
    """Seats in the order they place their starting settlement and road:
    once round the table, then back in reverse."""
    forward = list(range(n_players))
    order: list[int] = []
    for r in range(int(FACTS["start"]["placement_rounds"])):
        order.extend(forward if r % 2 == 0 else forward[::-1])
    return order


def setup_summary(n_players: int) -> dict[str, Any]:
    return {
        "players": n_players,
        "pieces": dict(FACTS["pieces"]),
        "start": dict(FACTS["start"]),
        "placement_order": placement_order(n_players),
        "terrain": dict(FACTS["terrain"]),
        "dev_cards": dict(FACTS["dev_cards"]),
        "harbors": dict(FACTS["harbors"]),
    }
