"""Exact odds for the current voyage, on request (off by default: a referee is neutral).

For the boats' current positions and the rolls left, every boat's exact chance
to reach Manila, to stand on the last space after the boarding roll and after
the plunder roll, and the expected return of every open space for an accomplice
placed there now.

Assumptions (stated to the players, clause ``manila.app.odds``): nobody places,
boards or pilots any more, and a plundered boat is sent to the harbor.

Method: the boats move independently, so each boat's die sequences are
enumerated on their own (at most 6³ per boat) and counted by outcome — reaches
Manila, stops on the last space after the last roll, or ends short.  The joint
distribution of the outcomes (at most 3³ combinations) is the product of the
counts; payouts depend only on how many boats end in the harbor and shipyard
and which boats arrive or are plundered.  Everything is counted in whole
numbers, so the probabilities are exact fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any, Callable

from .facts import INSURANCE, PIRATE, load
from .flow import at_sea
from .moves import open_spaces
from .state import ManilaState

F = load()

ARRIVE, STOP, SHORT = "arrive", "stop", "short"   # per boat: Manila, on the last space at the end, short


@dataclass(frozen=True)
class BoatOdds:
    arrive: Fraction            # ends in the harbor by the dice (or stops on the last space with no pirate)
    on_last_after_board: Fraction | None   # on the last space right after the boarding roll (None: past)
    on_last_after_plunder: Fraction        # on the last space right after the last roll
    shipyard: Fraction


@dataclass(frozen=True)
class SpaceOdds:
    cost: int
    expected: Fraction          # expected payout to an accomplice put there now (insurance: bonus - claims)

    @property
    def net(self) -> Fraction:
        return self.expected - self.cost


@dataclass(frozen=True)
class Odds:
    rolls_left: int
    boats: dict[str, BoatOdds]
    spaces: dict[str, SpaceOdds]
    player: int | None          # the seat about to place (None outside the placement rounds)


@cache
def boat_counts(position: int, rolls_done: int, rolls_left: int) -> tuple[dict[str, int], int, int]:
    """Die sequences of one boat by outcome, and how many stand on the last space
    after the boarding roll and after the last roll."""
    counts = {ARRIVE: 0, STOP: 0, SHORT: 0}
    board_hits = 0
    faces = range(F.die_min, F.die_max + 1)
    for dice in product(faces, repeat=rolls_left):
        pos, arrived = position, False
        for i, die in enumerate(dice):
            pos += die
            if pos > F.last_space:
                arrived = True
                break
            if rolls_done + i + 1 == F.board_after_roll and pos == F.last_space:
                board_hits += 1
        if arrived:
            counts[ARRIVE] += 1
        elif pos == F.last_space:
            counts[STOP] += 1
        else:
            counts[SHORT] += 1
    return counts, board_hits, counts[STOP]


def compute(state: ManilaState) -> Odds | None:
    """The odds now, or None when no boat is on the board."""
    if not state.cargo or state.phase not in ("place", "roll", "board", "pilot"):
        return None
    rolls_left = F.rolls - state.rolls
    moving = at_sea(state)
    total_one = (F.die_max - F.die_min + 1) ** rolls_left
    per_boat: dict[str, dict[str, int]] = {}
    boats: dict[str, BoatOdds] = {}
    for ware in state.cargo:
        if ware in moving:
            counts, board_hits, stops = boat_counts(state.position[ware], state.rolls, rolls_left)
        else:
            counts, board_hits, stops = {ARRIVE: total_one, STOP: 0, SHORT: 0}, 0, 0
        per_boat[ware] = counts
        pirates = bool(state.pirates)
        arrive = counts[ARRIVE] + (0 if pirates else counts[STOP])
        boats[ware] = BoatOdds(
            arrive=Fraction(arrive, total_one),
            on_last_after_board=Fraction(board_hits, total_one) if state.rolls < F.board_after_roll else None,
            on_last_after_plunder=Fraction(stops, total_one),
            shipyard=Fraction(counts[SHORT], total_one),
        )
    player = state.queue[0] if state.phase == "place" and state.queue else None
    outcomes = _outcomes(per_boat)
    spaces = {space: SpaceOdds(cost, _expected(state, outcomes, space))
              for space, cost in open_spaces(state).items()}
    return Odds(rolls_left, boats, spaces, player)


def _outcomes(per_boat: dict[str, dict[str, int]]) -> list[tuple[dict[str, str], int]]:
    """Every combination of boat outcomes with its number of die sequences."""
    wares = list(per_boat)
    out = []
    for combo in product((ARRIVE, STOP, SHORT), repeat=len(wares)):
        weight = 1
        for ware, kind in zip(wares, combo):
            weight *= per_boat[ware][kind]
        if weight:
            out.append((dict(zip(wares, combo)), weight))
    return out


def _expected(state: ManilaState, outcomes: list[tuple[dict[str, str], int]], space: str) -> Fraction:
    """Weighted sum of whole-peso payouts; one division at the end keeps it exact and quick."""
    pirates = len(state.pirates) + (1 if space == PIRATE else 0)
    if space in F.seat_costs:
        share = sum(1 for s in state.seats[space] if s is not None) + 1
    else:
        share = pirates if space == PIRATE else 1
    total = weight_sum = 0
    for outcome, weight in outcomes:
        weight_sum += weight
        total += weight * _payout(state, space, outcome)
    return Fraction(total, weight_sum * share) if weight_sum else Fraction(0)


def _payout(state: ManilaState, space: str, outcome: dict[str, str]) -> int:
    """What ``space`` pays in all, before it is shared (boat profit, the pirates' loot)."""
    # with a pirate aboard, a stopped boat is plundered and (assumed) sent to the harbor;
    # without one it docks: either way it takes a harbor space
    if space in F.seat_costs:
        kind = outcome[space]
        paid = kind == ARRIVE or (kind == STOP and not state.pirates)
        return F.profit[space] if paid else 0
    if space in F.harbor_spaces:
        harbor = sum(1 for kind in outcome.values() if kind != SHORT)
        return F.harbor_rewards[F.harbor_spaces.index(space)] if harbor > F.harbor_spaces.index(space) else 0
    shipyard = sum(1 for kind in outcome.values() if kind == SHORT)
    if space in F.shipyard_spaces:
        i = F.shipyard_spaces.index(space)
        return F.shipyard_rewards[i] if shipyard > i else 0
    if space == PIRATE:
        return sum(F.profit[w] for w, kind in outcome.items() if kind == STOP)
    if space == INSURANCE:
        return F.insurance_bonus - sum(F.shipyard_rewards[:shipyard])
    return 0   # pilots: assumed not to act


def _figures(odds: Odds, f: Callable[[Fraction | None], Any]) -> dict[str, object]:
    """The odds as plain data, each probability and expected value passed through ``f``."""
    return {
        "rolls_left": odds.rolls_left,
        "player": odds.player,
        "boats": {w: {"arrive": f(b.arrive), "on_last_after_board": f(b.on_last_after_board),
                      "on_last_after_plunder": f(b.on_last_after_plunder), "shipyard": f(b.shipyard)}
                  for w, b in odds.boats.items()},
        "spaces": {s: {"cost": v.cost, "expected": f(v.expected), "net": f(v.net)} for s, v in odds.spaces.items()},
    }


def to_json(odds: Odds) -> dict[str, object]:
    """Plain numbers for the screen (probabilities 0–1, pesos)."""
    return _figures(odds, lambda x: None if x is None else round(float(x), 4))


def to_exact_json(odds: Odds) -> dict[str, object]:
    """The same figures exactly: probabilities and expected pesos as fractions ("5/36")."""
    return _figures(odds, lambda x: None if x is None else str(x))
