"""Manila's numbers, read once from ``rules_data/manila/facts.json``.

The engine never types a number of the board itself: every cost, reward,
count and limit comes from here, the same file the rules text renders.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Mapping

from ...core.facts import header, load as load_facts

GAME_ID = "manila"
#: the whole of rules_data/manila/facts.json, as every game's facts.py names it
FACTS: Mapping[str, Any] = load_facts(GAME_ID)


@dataclass(frozen=True)
class Facts:
    min_players: int
    max_players: int
    start_money: int
    accomplices: dict[int, int]
    placement_rounds: dict[int, int]
    rolls: int
    die_min: int
    die_max: int
    wares: tuple[str, ...]
    seat_costs: dict[str, tuple[int, ...]]
    profit: dict[str, int]
    boats_sailing: int
    last_space: int
    start_min: int
    start_max: int
    start_sum: int
    harbor_spaces: tuple[str, ...]
    shipyard_spaces: tuple[str, ...]
    harbor_costs: tuple[int, ...]
    harbor_rewards: tuple[int, ...]
    shipyard_costs: tuple[int, ...]
    shipyard_rewards: tuple[int, ...]
    pirate_seats: int
    pirate_cost: int
    board_after_roll: int
    plunder_after_roll: int
    pilot_cost: dict[str, int]
    pilot_steps: dict[str, int]
    insurance_cost: int
    insurance_bonus: int
    prices: tuple[int, ...]
    shares_total: int
    shares_per_ware: int
    dealt_per_ware: int
    shares_per_player: int
    share_min_price: int
    mortgage: int
    redeem: int
    min_bid: int

    @property
    def single_spaces(self) -> tuple[str, ...]:
        """Every one-accomplice space, in board order."""
        return self.harbor_spaces + self.shipyard_spaces + PILOT_SPACES + (INSURANCE,)

    @property
    def manila(self) -> int:
        """The first position past the last space: the boat is in Manila."""
        return self.last_space + 1

    def rolls_after_round(self, n_players: int) -> int:
        """How many placement rounds come before the first roll."""
        return self.placement_rounds[n_players] - self.rolls + 1


@cache
def load() -> Facts:
    raw = load_facts(GAME_ID)
    boats = raw["boats"]
    wares = tuple(raw["wares"])
    return Facts(
        min_players=header(GAME_ID).min_players,
        max_players=header(GAME_ID).max_players,
        start_money=raw["start_money"],
        accomplices={int(k): v for k, v in raw["accomplices"].items()},
        placement_rounds={int(k): v for k, v in raw["placement_rounds"].items()},
        rolls=raw["rolls"],
        die_min=raw["die"]["min"],
        die_max=raw["die"]["max"],
        wares=wares,
        seat_costs={w: tuple(boats[w]["seat_costs"]) for w in wares},
        profit={w: boats[w]["profit"] for w in wares},
        boats_sailing=raw["boats_sailing"],
        last_space=raw["route"]["last_space"],
        start_min=raw["route"]["start_min"],
        start_max=raw["route"]["start_max"],
        start_sum=raw["route"]["start_sum"],
        harbor_spaces=tuple(f"harbor_{s.lower()}" for s in raw["harbor"]["spaces"]),
        shipyard_spaces=tuple(f"shipyard_{s.lower()}" for s in raw["shipyard"]["spaces"]),
        harbor_costs=tuple(raw["harbor"]["costs"]),
        harbor_rewards=tuple(raw["harbor"]["rewards"]),
        shipyard_costs=tuple(raw["shipyard"]["costs"]),
        shipyard_rewards=tuple(raw["shipyard"]["rewards"]),
        pirate_seats=raw["pirates"]["seats"],
        pirate_cost=raw["pirates"]["cost"],
        board_after_roll=raw["pirates"]["board_after_roll"],
        plunder_after_roll=raw["pirates"]["plunder_after_roll"],
        pilot_cost={k: v["cost"] for k, v in raw["pilots"].items()},
        pilot_steps={k: v["steps"] for k, v in raw["pilots"].items()},
        insurance_cost=raw["insurance"]["cost"],
        insurance_bonus=raw["insurance"]["bonus"],
        prices=tuple(raw["prices"]),
        shares_total=raw["shares"]["total"],
        shares_per_ware=raw["shares"]["per_ware"],
        dealt_per_ware=raw["shares"]["dealt_per_ware"],
        shares_per_player=raw["shares"]["per_player"],
        share_min_price=raw["shares"]["min_price"],
        mortgage=raw["loans"]["mortgage"],
        redeem=raw["loans"]["redeem"],
        min_bid=raw["auction"]["min_bid"],
    )


#: names of the spaces that are not boat seats
PILOTS = ("small", "large")
PILOT_SPACES = ("pilot_small", "pilot_large")
INSURANCE = "insurance"
PIRATE = "pirate"
