"""Teach: Saboteur's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, card, lines

F = load("saboteur")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    roles, hand = F["roles"][str(players)], F["hand_size"][str(players)]
    c, kinds = F["components"], F["action_card_kinds"]
    assert sum(kinds.values()) == c["action_cards"]
    return lines(
        ("board", "dwarfs", {"saboteurs": roles["saboteurs"], "miners": roles["miners"]}),
        ("each", "dwarf", {"n": 1}),
        ("aside", "dwarf", {"n": roles["saboteurs"] + roles["miners"] - players}),
        ("each", "hand", {"n": hand}),
        ("board", "mine", {"goals": F["special_path_cards"]["goal"], "gap": F["mine"]["gap"]}),
        ("board", "deck", {"n": F["tunnel_cards"] + c["action_cards"] - hand * players}),
        ("board", "gold", {"n": c["gold_cards"]}),
        ("start", "choose", {}),
    )


def box() -> list[Component]:
    c = F["components"]
    return [Component(k, c[k]) for k in ("saboteur_cards", "miner_cards", "path_cards", "action_cards",
                                         "gold_cards")]


#: teaching play: the round's structure, each step's card where the table first meets it
PLAY = (
    card("saboteur.turn.play", phase="play"),
    card("saboteur.scoring.reveal", phase="roles"),
    card("saboteur.end.winner", phase="end"),
)
