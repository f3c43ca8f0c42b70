"""Teach: Catan's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, card, lines

F = load("catan")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    pieces, start = F["pieces"], F["start"]
    return lines(
        ("board", "hexes", {"n": F["terrain_hexes"]}),
        ("board", "number_tokens", {"n": F["number_tokens"]}),
        ("board", "harbours", {"n": F["harbors"]["total"]}),
        ("board", "robber", {}),
        ("board", "resources", {"n": F["resource_cards_each"], "kinds": len(F["resources"])}),
        ("board", "dev_cards", {"n": F["dev_cards_total"]}),
        ("each", "pieces", {"settlements": pieces["settlements"], "cities": pieces["cities"],
                            "roads": pieces["roads"]}),
        ("each", "placed", {"settlements": start["settlements"], "roads": start["roads"]}),
        ("aside", "colours", {"n": F["player_colours"] - players}),
        ("start", "highest_roll", {}),
    )


def box() -> list[Component]:
    colours, pieces = F["player_colours"], F["pieces"]
    return [Component("terrain_hexes", F["terrain_hexes"]), Component("number_tokens", F["number_tokens"]),
            Component("resource_cards", F["resource_cards_each"] * len(F["resources"])),
            Component("dev_cards", F["dev_cards_total"]),
            Component("settlements", colours * pieces["settlements"]),
            Component("cities", colours * pieces["cities"]), Component("roads", colours * pieces["roads"])]


#: teaching play: the round's structure, each step's card where the table first meets it
PLAY = (
    card("catan.setup.placement", phase="setup"),
    card("catan.turn.order", phase="play"),
    card("catan.turn.roll", phase="play"),
    # the points the sheet counts (catan.end.points): at the first change of anyone's points,
    # with "Why?" (each player's points by source); the final count at the end
    card("catan.end.points", event="points", why=True),
    card("catan.end.win", phase="end", why=True),
)
