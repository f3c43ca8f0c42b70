"""Pure table helpers for Pandemic: setup by player count and the epidemic piles.

Every number comes from ``rules_data/pandemic/facts.json``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load

GAME_ID = "pandemic"
#: the whole of rules_data/pandemic/facts.json, as every game's facts.py names it
FACTS: Mapping[str, Any] = load(GAME_ID)


def fact(key: str) -> Any:
    return load(GAME_ID)[key]


def starting_hand(n_players: int) -> int:
    """Cards dealt to each player at setup (pandemic.setup.hands)."""
    return int(fact("starting_hand")[str(n_players)])


def epidemic_count(difficulty: str) -> int:
    """Epidemic cards for a difficulty (pandemic.setup.epidemics)."""
    return int(fact("difficulty")[difficulty])


def cards_before_epidemics(n_players: int) -> int:
    """City and event cards left to split into piles after the starting hands."""
    return int(fact("city_cards")) + int(fact("event_cards")) - n_players * starting_hand(n_players)


def epidemic_piles(n_players: int, epidemics: int) -> list[int]:
    """Pile sizes from the top of the player deck, each with its epidemic card.

    The cards are split as evenly as possible; the larger piles lie on top
    (pandemic.setup.piles, pandemic.setup.pile-order).
    """
    total = cards_before_epidemics(n_players)
    base, extra = divmod(total, epidemics)
    return [base + (1 if i < extra else 0) + 1 for i in range(epidemics)]


def pile_of(draw_index: int, piles: list[int]) -> tuple[int, int]:
    """(pile number, cards of that pile left including this one) for the
    ``draw_index``-th card drawn from the player deck (0-based)."""
    start = 0
    for number, size in enumerate(piles):
        if draw_index < start + size:
            return number, start + size - draw_index
        start += size
    raise IndexError(draw_index)


def infection_rate(rate_index: int) -> int:
    track: list[int] = fact("infection_rate_track")
    return track[min(rate_index, len(track) - 1)]


def setup_summary(n_players: int, difficulty: str) -> dict[str, Any]:
    """Everything the host needs to lay out the game for this table."""
    epidemics = epidemic_count(difficulty)
    piles = epidemic_piles(n_players, epidemics)
    hand = starting_hand(n_players)
    return {
        "players": n_players,
        "difficulty": difficulty,
        "starting_hand": hand,
        "cards_dealt": hand * n_players,
        "epidemics": epidemics,
        "piles": piles,
        "player_deck": sum(piles),
        "setup_infection": list(fact("setup_infection")),
        "infection_deck": int(fact("components")["infection_cards"]) - int(fact("setup_infection_cards")),
        "stations": int(fact("starting_stations")),
        "cubes_per_colour": int(fact("cubes_per_colour")),
    }
