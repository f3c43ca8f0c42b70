"""Teach: Pandemic's set-up for the table's count and difficulty and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, card, even_piles, lines

F = load("pandemic")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    hand = F["starting_hand"][str(players)]
    epidemics = F["difficulty"][str(options.get("difficulty") or F["default_difficulty"])]
    left = F["city_cards"] + F["event_cards"] - hand * players
    sizes = [n + 1 for n in even_piles(left, epidemics)]  # one epidemic shuffled into each pile
    return lines(
        ("each", "cards", {"n": hand}),
        ("each", "role", {"n": 1}),
        ("board", "atlanta", {"n": F["starting_stations"]}),
        ("board", "infection", {"n": F["setup_infection_cards"]}),
        ("board", "piles", {"n": epidemics, "sizes": sizes}),
        ("board", "cubes", {"n": F["cubes_per_colour"], "colours": len(F["colours"])}),
        ("aside", "epidemics", {"n": F["max_epidemic_cards"] - epidemics}),
        ("start", "choose", {}),
    )


def box() -> list[Component]:
    return [Component(k, n) for k, n in F["components"].items()]


#: teaching play: the round's structure, each step's card where the table first meets it
PLAY = (
    card("pandemic.setup.roles", phase="roles"),
    card("pandemic.turn.structure", phase="actions"),
    card("pandemic.draw.two-cards", phase="draw"),
    card("pandemic.infection.step", phase="infect"),
    card("pandemic.end.win", phase="end"),
)
