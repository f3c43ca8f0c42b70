"""Pure Dominion helpers: supply by player count, points, Gardens, end and winners.

Numbers come from ``rules_data/dominion/facts.json``.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core.facts import load

GAME_ID = "dominion"
FACTS: dict[str, Any] = load(GAME_ID)
#: the cards the score sheet counts per player (victory cards and curses)
SCORING: tuple[str, ...] = ("estate", "duchy", "province", "curse", "gardens")
#: the one tracked card another player's card can give (the Witch); the others are gained in one's own turn
CURSE = "curse"
TREASURES: tuple[str, ...] = tuple(FACTS["treasure_value"])


def untracked_piles(gardens: bool) -> tuple[str, ...]:
    """Supply piles the sheet does not count card by card: the treasures and
    the kingdom piles other than Gardens (the table marks them when empty)."""
    kingdom = int(FACTS["kingdom_in_game"]) - (1 if gardens else 0)
    return TREASURES + tuple(f"kingdom_{i}" for i in range(1, kingdom + 1))


def start_deck() -> dict[str, int]:
    deck = dict.fromkeys(SCORING, 0)
    deck["estate"] = int(FACTS["start_deck"]["estate"])
    return deck


def start_supply(n_players: int, gardens: bool) -> dict[str, int]:
    """Victory and curse piles at the start (Estates besides the dealt ones)."""
    supply = {k: int(v) for k, v in FACTS["supply"][str(n_players)].items()}
    if not gardens:
        del supply["gardens"]
    return supply


def copper_in_supply(n_players: int) -> int:
    return int(FACTS["box"]["copper"]) - n_players * int(FACTS["start_deck"]["copper"])


def gardens_points(gardens: int, cards: int) -> int:
    """Each Gardens is worth 1 point per full 10 cards the player owns."""
    return gardens * (cards // int(FACTS["gardens_cards_per_point"]))


def points(deck: Mapping[str, int], cards: int = 0) -> int:
    vp = FACTS["victory_points"]
    return sum(deck.get(c, 0) * int(v) for c, v in vp.items()) + gardens_points(deck.get("gardens", 0), cards)


def game_over(supply: Mapping[str, int], empty_count: int) -> bool:
    """The Provinces are gone, or enough supply piles are empty."""
    return supply.get("province", 1) == 0 or empty_count >= int(FACTS["end_empty_piles"])


def winners(scores: Sequence[int], turns: Sequence[int]) -> list[int]:
    """Most points; among those tied, fewest turns; still tied: shared."""
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    fewest = min(turns[i] for i in tied)
    return [i for i in tied if turns[i] == fewest]


def cards_in_game(n_players: int, gardens: bool) -> int:
    """The most cards one player could own: every card that can enter a deck."""
    box = FACTS["box"]
    supply = start_supply(n_players, gardens)
    kingdom = (int(FACTS["kingdom_in_game"]) - (1 if gardens else 0)) * int(box["kingdom_each"])
    dealt = n_players * sum(int(v) for v in FACTS["start_deck"].values())
    return sum(int(box[t]) for t in TREASURES) - n_players * int(FACTS["start_deck"]["copper"]) \
        + dealt + sum(supply.values()) + kingdom


def setup_summary(n_players: int, gardens: bool) -> dict[str, Any]:
    return {
        "players": n_players,
        "start_deck": dict(FACTS["start_deck"]),
        "hand_size": int(FACTS["hand_size"]),
        "supply": start_supply(n_players, gardens),
        "copper": copper_in_supply(n_players),
        "silver": int(FACTS["box"]["silver"]),
        "gold": int(FACTS["box"]["gold"]),
        "kingdom_piles": int(FACTS["kingdom_in_game"]),
        "first_game": list(FACTS["first_game"]),
    }
