"""Teach: Mamma Mia's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, card, lines

F = load("mamma_mia")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    kinds = len(F["ingredients"])
    removed = F["removed_per_ingredient"][str(players)]
    cards = F["cards_per_ingredient"] * kinds
    seats = F["order_cards"] // F["orders_per_player"]
    return lines(
        ("aside", "ingredients", {"n": removed, "total": removed * kinds}),
        ("aside", "orders", {"n": F["orders_per_player"] * (seats - players)}),
        ("each", "orders", {"n": F["orders_per_player"]}),
        ("each", "ingredients", {"n": F["deal_ingredients"]}),
        ("each", "order_in_hand", {"n": F["deal_orders"]}),
        ("board", "deck", {"n": cards - removed * kinds + F["mamma_cards"] - F["deal_ingredients"] * players}),
        ("start", "hungriest", {}),
    )


def box() -> list[Component]:
    return [Component("ingredient_cards", F["cards_per_ingredient"] * len(F["ingredients"])),
            Component("mamma_cards", F["mamma_cards"]), Component("order_cards", F["order_cards"])]


#: teaching play: the round's structure, each step's card where the table first meets it
PLAY = (
    card("mamma_mia.turn.order", phase="play"),
    card("mamma_mia.evaluation.reveal", phase="evaluate"),
    card("mamma_mia.end.winner", phase="end"),
)
