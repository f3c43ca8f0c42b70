"""Teach: Die Kutschfahrt zur Teufelsburg's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, card, lines

F = load("kutschfahrt")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    c = F["components"]
    k = F["associations"][str(players)]
    each_items = F["start_items"][str(players)]
    bags = F["secret_bags"]
    odd = players % 2 == 1
    removed = F["removed_items"].get(str(players), [])
    out = lines(
        ("each", "character", {"n": 1}),
        ("aside", "characters", {"n": c["characters"] - players}),
        ("each", "occupation", {"n": 1}),
        ("board", "occupations", {"n": c["occupations"] - players}),
        ("board", "associations", {"order": k, "brotherhood": k}),
        ("each", "association", {"n": 1}),
        ("aside", "association", {"n": 2 * k - players}),
        ("each", "drink", {"n": 1 if odd else 0}),
        ("aside", "drinks", {"n": c["drinks"] - players if odd else c["drinks"]}),
        ("board", "items_dealt", {"bags": bags, "items": each_items * players - bags}),
        ("each", "items", {"n": each_items}),
        ("start", "farthest", {}),
    )
    for item in removed:
        out.insert(-1, Line("aside", "item", {"item": item}))
    return out


def box() -> list[Component]:
    c = F["components"]
    return [Component(k, c[k]) for k in ("characters", "occupations", "associations", "items", "drinks")]


#: teaching play: the round's structure, each step's card where the table first meets it
PLAY = (
    card("kutschfahrt.turn.choices", phase="journey"),
    card("kutschfahrt.claim.reveal", phase="end"),
)
