"""Teach: Manila's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, lines

F = load("manila")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    acc = F["accomplices"][str(players)]
    shares = F["shares"]
    wares = len(F["wares"])
    return lines(
        ("each", "money", {"n": F["start_money"]}),
        ("each", "accomplices", {"n": acc}),
        ("each", "shares", {"n": shares["per_player"]}),
        ("board", "shares_dealt", {"n": shares["dealt_per_ware"] * wares, "each": shares["dealt_per_ware"]}),
        ("board", "share_supply", {"n": shares["total"] - shares["per_player"] * players}),
        ("board", "price_markers", {"n": F["components"]["price_markers"]}),
        ("aside", "accomplices", {"n": F["accomplice_colours"] * F["accomplices_per_colour"] - acc * players}),
        ("start", "oldest", {"player": int(options.get("oldest", 0))}),
    )


def box() -> list[Component]:
    c = F["components"]
    return [Component("shares", F["shares"]["total"]), Component("price_markers", c["price_markers"]),
            Component("ware_loads", c["ware_loads"]), Component("dice", c["dice"]),
            Component("boats", c["boats"]),
            Component("accomplices", F["accomplice_colours"] * F["accomplices_per_colour"])]
