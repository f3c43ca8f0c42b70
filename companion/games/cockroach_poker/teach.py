"""Teach: Cockroach Poker's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, card, lines

F = load("cockroach_poker")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    deal = F["deal"][str(players)]
    assert deal["hand"] * players + deal["aside"] == F["deck_size"]
    return lines(("each", "cards", {"n": deal["hand"]}), ("aside", "cards", {"n": deal["aside"]}),
                 ("start", "choose", {}))


def box() -> list[Component]:
    return [Component("cards", F["creature_count"] * F["cards_per_creature"])]


#: teaching play: the round's structure, each step's card where the table first meets it
PLAY = (
    card("cockroach_poker.setup.first-player", phase="start"),
    card("cockroach_poker.round.offer", phase="play"),
    card("cockroach_poker.round.answer", phase="play"),
    card("cockroach_poker.end.same-kind", phase="end"),
)
