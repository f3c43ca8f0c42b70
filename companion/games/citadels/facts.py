"""Pure Citadels helpers: the draft table, the call order, income and scoring.

Numbers come from ``rules_data/citadels/facts.json``.  A district is a list
``[colour, cost, points]`` (``points`` is the end-game value, normally the cost).
"""

from __future__ import annotations

from typing import Any, Sequence

from ...core.facts import load

GAME_ID = "citadels"
FACTS: dict[str, Any] = load(GAME_ID)
CHARACTERS: tuple[str, ...] = tuple(FACTS["characters"])
COLOURS: tuple[str, ...] = tuple(FACTS["colours"])
SPECIAL = "special"
KING = int(FACTS["king_rank"])
RANKS: tuple[int, ...] = tuple(range(1, len(CHARACTERS) + 1))

District = list  # [colour: str, cost: int, points: int]


def character(rank: int) -> str:
    return CHARACTERS[rank - 1]


def rank(name: str) -> int:
    return int(FACTS["rank"][name])


def draft_rules(n_players: int) -> dict[str, Any]:
    """Face-up and face-down discards, removed characters and picks for ``n``."""
    row = FACTS["draft"][str(n_players)]
    return {
        "face_up": int(row["face_up"]),
        "face_down": int(row["face_down"]),
        "removed": [rank(c) for c in row["removed"]],
        "characters_each": int(row["characters_each"]),
        "king_never_face_up": True,
    }


def unheld(n_players: int) -> int:
    """How many of the characters called in a round nobody holds: the ones put face
    down (before the draft, or left over at its end).  Every other called character is
    in a player's hand, so it is the calls minus the characters the players hold."""
    rules = draft_rules(n_players)
    called = len(RANKS) - len(rules["removed"]) - rules["face_up"]
    return called - n_players * rules["characters_each"]


def end_districts(n_players: int, short_game: bool = False, long_game: bool = False) -> int:
    """How many districts end the game (the round is finished first)."""
    if short_game:
        return int(FACTS["short_game_end"])
    if long_game:
        return int(FACTS["two_player_long_end"])
    return int(FACTS["end_districts"][str(n_players)])


def call_order(n_players: int, face_up: Sequence[int]) -> list[int]:
    """Ranks the crown calls this round, lowest first, skipping characters out of play."""
    out_of_play = set(face_up) | set(draft_rules(n_players)["removed"])
    return [r for r in RANKS if r not in out_of_play]


def colour_count(city: Sequence[District], colour: str) -> int:
    return sum(1 for d in city if d[0] == colour)


def income(city: Sequence[District], rank_: int) -> int:
    """Gold a character collects from the districts of its colour (and the
    merchant's extra coin).  Characters without a colour collect nothing."""
    name = character(rank_)
    colour = FACTS["income_colour"].get(name)
    total = colour_count(city, colour) * int(FACTS["income_per_district"]) if colour else 0
    if name == "merchant":
        total += int(FACTS["merchant_bonus_gold"])
    return total


def builds_allowed(rank_: int) -> int:
    return int(FACTS["architect"]["builds"]) if character(rank_) == "architect" else int(FACTS["turn"]["builds"])


def destroy_cost(cost: int) -> int:
    """Gold the warlord pays to destroy a district of this cost."""
    return max(0, cost - int(FACTS["warlord_discount"]))


def score(city: Sequence[District], first: bool, complete: bool) -> dict[str, int]:
    """Final score: district values + all-colours bonus + completion bonus."""
    districts = sum(int(d[2]) for d in city)
    colours = {d[0] for d in city}
    b = FACTS["bonus"]
    all_colours = int(b["all_colours"]) if all(c in colours for c in COLOURS) else 0
    finish = int(b["first_complete"]) if first else int(b["other_complete"]) if complete else 0
    return {"districts": districts, "all_colours": all_colours, "complete": finish,
            "total": districts + all_colours + finish}


def setup_summary(n_players: int, end_at: int | None = None) -> dict[str, Any]:
    """What the host needs to set the table: deal, draft discards, end count."""
    return {
        "players": n_players,
        "start": dict(FACTS["start"]),
        "draft": draft_rules(n_players),
        "end_districts": end_districts(n_players) if end_at is None else end_at,
    }
