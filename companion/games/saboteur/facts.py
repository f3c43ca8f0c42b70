"""Pure table helpers for Saboteur: dealing by player count and sharing the gold.

Every number comes from ``rules_data/saboteur/facts.json``.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any, Mapping

from ...core.facts import load

GAME_ID = "saboteur"
#: the whole of rules_data/saboteur/facts.json, as every game's facts.py names it
FACTS: Mapping[str, Any] = load(GAME_ID)


def fact(key: str) -> Any:
    return load(GAME_ID)[key]


def role_cards(n_players: int) -> tuple[int, int]:
    """(saboteur cards, miner cards) shuffled and dealt for this many players."""
    row = fact("roles")[str(n_players)]
    return int(row["saboteurs"]), int(row["miners"])


def saboteur_range(n_players: int) -> tuple[int, int]:
    """Fewest and most saboteurs a round can have: one dwarf card stays out."""
    saboteurs, miners = role_cards(n_players)
    return max(0, n_players - miners), min(saboteurs, n_players)


def hand_size(n_players: int) -> int:
    return int(fact("hand_size")[str(n_players)])


def gold_cards_drawn(n_players: int) -> int:
    """Gold cards drawn when the miners win (saboteur.scoring.miners)."""
    return min(n_players, int(fact("max_gold_cards_drawn")))


def saboteur_share(saboteurs: int) -> int:
    """Nuggets each saboteur takes when the saboteurs win (0 if none played)."""
    return int(fact("saboteur_gold").get(str(saboteurs), 0))


def pick_order(n_players: int, finder: int, saboteurs: list[int]) -> list[int]:
    """Miners in picking order: the finder (or the nearest miner counterclockwise
    from them), then counterclockwise.  Seats are numbered clockwise."""
    return [seat for step in range(n_players)
            if (seat := (finder - step) % n_players) not in saboteurs]


def full_gold_deck() -> dict[str, int]:
    return {str(k): int(v) for k, v in fact("gold_card_values").items()}


def draws_possible(deck: dict[str, int], count: int) -> list[list[int]]:
    """Every multiset of ``count`` gold cards the deck can still supply."""
    values = sorted(int(v) for v, n in deck.items() if n > 0)
    out = []
    for combo in combinations_with_replacement(values, count):
        if all(combo.count(v) <= deck[str(v)] for v in set(combo)):
            out.append(list(combo))
    return out


def ways_to_take(deck: dict[str, int], amount: int) -> list[list[int]]:
    """Every way (largest cards first) to take exactly ``amount`` nuggets from the deck."""
    values = sorted((int(v) for v, n in deck.items() if n > 0), reverse=True)
    out: list[list[int]] = []

    def go(rest: int, start: int, taken: list[int]) -> None:
        if rest == 0:
            out.append(list(taken))
            return
        for i in range(start, len(values)):
            v = values[i]
            if v <= rest and taken.count(v) < deck[str(v)]:
                go(rest - v, i, taken + [v])

    go(amount, 0, [])
    return out


def best_take(deck: dict[str, int], share: int) -> int:
    """What a saboteur actually takes: the share, or if the deck can no longer
    make it up exactly, the nearest amount below it (saboteur.scoring.short-deck)."""
    return next(t for t in range(share, -1, -1) if ways_to_take(deck, t))


def saboteur_sets(n_players: int) -> list[list[int]]:
    """Every set of saboteur seats the dwarf cards allow."""
    low, high = saboteur_range(n_players)
    return [list(c) for k in range(low, high + 1) for c in combinations(range(n_players), k)]


def setup_summary(n_players: int) -> dict[str, Any]:
    saboteurs, miners = role_cards(n_players)
    low, high = saboteur_range(n_players)
    return {
        "players": n_players,
        "saboteur_cards": saboteurs,
        "miner_cards": miners,
        "possible_saboteurs": [low, high],
        "hand_size": hand_size(n_players),
        "gold_cards_drawn": gold_cards_drawn(n_players),
        "saboteur_share": {str(k): saboteur_share(k) for k in range(max(1, low), high + 1)},
        "rounds": int(fact("rounds")),
    }
