"""Teach: I'm the Boss's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, card, lines

F = load("im_the_boss")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    each = F["investors_per_player"][str(players)]
    return lines(
        ("each", "investors", {"n": each}),
        ("board", "investors", {"n": F["investor_cards"] - each * players}),
        ("each", "cards", {"n": F["start_hand"]}),
        ("board", "deck", {"n": F["influence_cards"]["total"] - F["start_hand"] * players}),
        ("board", "deal_tiles", {"n": F["deal_tiles"]}),
        ("start", "first_letter", {}),
    )


def box() -> list[Component]:
    return [Component("investor_cards", F["investor_cards"]),
            Component("influence_cards", F["influence_cards"]["total"]),
            Component("deal_tiles", F["deal_tiles"]), Component("cash_cards", F["cash_cards"]),
            Component("money_marker", F["money_markers"])]


#: teaching play: the round's structure, each step's card where the table first meets it
PLAY = (
    card("im_the_boss.turn.choices", phase="play"),
    card("im_the_boss.end.roll", phase="end_roll"),
    card("im_the_boss.end.winner", phase="end"),
)
