"""Teach: Dominion's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, card, lines

F = load("dominion")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    box_, deck, supply = F["box"], F["start_deck"], F["supply"][str(players)]
    estates_left = box_["estate"] - deck["estate"] * players
    return lines(
        ("each", "copper", {"n": deck["copper"]}),
        ("each", "estates", {"n": deck["estate"]}),
        ("each", "hand", {"n": F["hand_size"]}),
        ("board", "kingdom", {"piles": F["kingdom_in_game"], "n": box_["kingdom_each"]}),
        ("board", "copper", {"n": box_["copper"] - deck["copper"] * players}),
        ("board", "silver", {"n": box_["silver"]}),
        ("board", "gold", {"n": box_["gold"]}),
        ("board", "estate", {"n": supply["estate"]}),
        ("board", "duchy", {"n": supply["duchy"]}),
        ("board", "province", {"n": supply["province"]}),
        ("board", "curse", {"n": supply["curse"]}),
        ("board", "gardens", {"n": supply["gardens"] if options.get("gardens") else 0}),
        ("aside", "estate", {"n": estates_left - supply["estate"]}),
        ("aside", "duchy", {"n": box_["duchy"] - supply["duchy"]}),
        ("aside", "province", {"n": box_["province"] - supply["province"]}),
        ("aside", "curse", {"n": box_["curse"] - supply["curse"]}),
        ("start", "random", {}),
    )


def box() -> list[Component]:
    b = F["box"]
    return [Component(k, b[k]) for k in ("copper", "silver", "gold", "estate", "duchy", "province", "curse")] + [
        Component("kingdom_cards", F["kingdom_cards"]), Component("placeholder_cards", F["placeholder_cards"]),
        Component("blank_cards", F["blank_cards"])]


#: teaching play: the round's structure, each step's card where the table first meets it
PLAY = (
    card("dominion.turn.phases", phase="play"),
    card("dominion.scoring.points", phase="end"),
)
