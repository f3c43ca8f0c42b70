"""Teach: Modern Art's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, lines

F = load("modern_art")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    deal = F["deal"][str(players)]
    if players == 3 and options.get("deal_3p") is not None:
        deal = int(options["deal_3p"])
    return lines(
        ("each", "money", {"n": F["start_money"]}),
        ("each", "cards", {"n": deal}),
        ("board", "deck", {"n": F["total_cards"] - deal * players}),
        ("later", "refill", {"n": F["refill"][str(players)]}),
        ("start", "random", {}),
    )


def box() -> list[Component]:
    return [Component("paintings", sum(a["cards"] for a in F["artists"])),
            Component("value_tokens", len(F["values"]) * F["tokens_each"]),
            Component("screens", F["screens"])]
