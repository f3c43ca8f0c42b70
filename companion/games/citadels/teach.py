"""Teach: Citadels' set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, card, lines

F = load("citadels")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    draft = F["draft"][str(players)]
    two = F["two_player"]
    in_play = F["base_characters"] - len(draft["removed"])
    out = lines(
        ("each", "districts", {"n": F["start"]["districts"]}),
        ("each", "gold", {"n": F["start"]["gold"]}),
        ("aside", "expansion", {"n": F["expansion_characters"]}),
        ("board", "characters", {"n": in_play}),
        ("aside", "removed", {"n": len(draft["removed"])}),
        ("aside", "face_up", {"n": draft["face_up"]}),
        ("aside", "face_down", {"n": two["first_face_down"] if players == 2 else draft["face_down"]}),
        ("each", "characters", {"n": draft["characters_each"]}),
        ("later", "two_player_discards",
         {"n": draft["face_down"] - two["first_face_down"] if players == 2 else 0}),
        ("later", "end_districts", {"n": _end(players, options)}),
        ("start", "crown", {}),
    )
    # with seven, the crown holder is handed every character but the face-down one; the last
    # player takes that one too (pool after the face-down card < players + 1)
    if in_play - draft["face_up"] - draft["face_down"] < players + 1 and players > 2:
        out.insert(-1, Line("later", "seventh_takes_face_down", {}))
    return out


def _end(players: int, options: Mapping[str, Any]) -> int:
    if options.get("short_game"):
        return int(F["short_game_end"])
    if players == 2 and options.get("long_game"):
        return int(F["two_player_long_end"])
    return int(F["end_districts"][str(players)])


def box() -> list[Component]:
    return [Component("district_cards", F["district_cards"]), Component("gold", F["gold_coins"]),
            Component("character_cards", F["character_cards"]), Component("crown", F["crown_cards"])]


#: teaching play: the round's structure, each step's card where the table first meets it
PLAY = (
    card("citadels.draft.table", phase="draft"),
    card("citadels.round.calls", phase="call"),
    card("citadels.turn.resources", phase="turn"),
    card("citadels.end.scoring", phase="end"),
)
