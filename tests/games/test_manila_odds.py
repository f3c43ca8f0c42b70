"""The odds calculator against brute force.

Two independent checks:
- boat chances against a plain enumeration of every joint roll of all boats
  (no factorisation per boat);
- the expected return of every open space against the referee itself: the
  player is placed there, everyone then holds back, pirates stay, pilots
  decline, plundered boats go to the harbor, and every possible roll is played
  through the engine; the payouts to that space are read from the ledger.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from companion.core import Action
from companion.games.manila import GAME
from companion.games.manila.facts import INSURANCE, PIRATE, load
from companion.games.manila.flow import arrival_orders, arrivals, at_sea
from companion.games.manila.odds import compute, to_json
from companion.games.manila.state import ManilaState

from games.test_manila_support import Table, start

F = load()
HANDS = {"A": ["silk", "jade"], "B": ["nutmeg", "ginseng"], "C": ["jade", "jade"]}


# ----- brute force 1: every joint roll, positions only ---------------------------------------
def brute_boats(state: ManilaState) -> dict[str, tuple[Fraction, Fraction | None, Fraction]]:
    moving = at_sea(state)
    left = F.rolls - state.rolls
    faces = range(F.die_min, F.die_max + 1)
    hits = {w: [0, 0, 0] for w in state.cargo}     # arrive (by the dice or docking), on 13 after 2, after 3
    total = 0
    for joint in product(faces, repeat=left * len(moving)):
        total += 1
        pos = dict(state.position)
        done = {w: w not in moving for w in state.cargo}
        for r in range(left):
            roll_no = state.rolls + r + 1
            for i, w in enumerate(moving):
                if done[w]:
                    continue
                pos[w] += joint[r * len(moving) + i]
                if pos[w] > F.last_space:
                    done[w] = True
                elif pos[w] == F.last_space and roll_no == F.board_after_roll:
                    hits[w][1] += 1
        for w in state.cargo:
            stop = not done[w] and pos[w] == F.last_space
            if stop:
                hits[w][2] += 1
            if done[w] or (stop and not state.pirates):
                hits[w][0] += 1
    return {w: (Fraction(h[0], total), Fraction(h[1], total) if state.rolls < F.board_after_roll else None,
                Fraction(h[2], total)) for w, h in hits.items()}


# ----- brute force 2: the referee plays every roll ---------------------------------------------
def play_out(state: ManilaState, voyage: int, chance: Fraction = Fraction(1)) -> list[tuple[ManilaState, Fraction]]:
    """Every end of ``voyage`` under the assumptions, with its probability."""
    while state.voyage == voyage and state.phase != "roll":
        seat = min(GAME.active_players(state))
        kind = {"place": "pass_place", "board": "stay", "pilot": "skip_pilot"}.get(state.phase)
        assert kind or state.phase == "plunder", state.phase
        if state.phase == "plunder":
            action = Action.make("plunder", seat, ware=state.to_decide[0], to="harbor")
        else:
            action = Action.make(kind, seat)  # type: ignore[arg-type]
        state = GAME.apply(state, action)
    if state.voyage != voyage:
        return [(state, chance)]
    ends = []
    moving = at_sea(state)
    each = chance / (F.die_max - F.die_min + 1) ** len(moving)
    for faces in product(range(F.die_min, F.die_max + 1), repeat=len(moving)):
        dice = dict(zip(moving, faces))
        order = arrival_orders(arrivals(state, dice))[0]
        extra = {"order": order} if len(order) > 1 else {}
        after = GAME.apply(state, Action.make("roll", state.master, **dice, **extra))
        ends.extend(play_out(after, voyage, each))
    return ends


def space_income(end: ManilaState, seat: int, space: str, voyage: int) -> int:
    flows = [f for f in end.ledger if f.voyage == voyage]
    if space in F.seat_costs:
        return sum(f.amount for f in flows if f.reason == "boat_profit" and f.payee == seat and f.where == space)
    if space == PIRATE:
        return sum(f.amount for f in flows if f.reason == "loot" and f.payee == seat)
    if space == INSURANCE:
        return sum(f.amount if f.payee == seat else -f.amount for f in flows
                   if f.reason in ("insurance_bonus", "claim") and seat in (f.payer, f.payee))
    return sum(f.amount for f in flows if f.payee == seat and f.where == space
               and f.reason in ("harbor_reward", "claim", "claim_cover", "shipyard_reward"))


def brute_space(state: ManilaState, space: str) -> Fraction:
    seat = state.queue[0]
    voyage = state.voyage
    placed = GAME.apply(state, Action.make("place", seat, space=space))
    # several accomplices of the player on one boat (or both pirates) share its income equally
    mine = placed.seats[space].count(seat) if space in F.seat_costs else \
        placed.pirates.count(seat) if space == PIRATE else 1
    ends = play_out(placed, voyage)
    assert sum(p for _e, p in ends) == 1
    return sum((p * space_income(e, seat, space, voyage) for e, p in ends), Fraction(0)) / mine


# ----- the positions checked ---------------------------------------------------------------------
def last_round_no_pirates() -> Table:
    """3 players, round 4 (one roll left): silk on 8, jade on 12, nutmeg 10; A about to place."""
    t = start(["A", "B", "C"], HANDS)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.do("A", "launch", nutmeg=3, silk=2, jade=4)
    t.do("A", "place", space="silk")
    t.do("B", "place", space="harbor_b")
    t.do("C", "place", space="jade")
    t.do("A", "place", space="harbor_c")
    t.do("B", "place", space="nutmeg")
    t.do("C", "place", space="harbor_a")
    t.roll(nutmeg=3, silk=3, jade=4)    # 6, 5, 8
    t.do("A", "place", space="pilot_small")
    t.do("B", "place", space="jade")
    t.do("C", "pass_place")
    t.roll(nutmeg=4, silk=3, jade=4)    # 10, 8, 12
    assert t.phase() == "place" and t.turn() == ["A"] and t.state.rolls == 2
    return t


def last_round_with_pirate_and_insurer() -> Table:
    """3 players, round 4: B on the pirate ship, C the insurer; ginseng 11, silk 11, jade 10; A to place."""
    t = start(["A", "B", "C"], HANDS)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.do("A", "launch", ginseng=4, silk=2, jade=3)
    t.do("A", "place", space="silk")
    t.do("B", "place", space="pirate")
    t.do("C", "place", space="insurance")
    t.do("A", "place", space="jade")
    t.do("B", "pass_place")
    t.do("C", "place", space="ginseng")
    t.roll(ginseng=4, silk=4, jade=6)   # 8, 6, 9
    t.do("A", "place", space="shipyard_a")
    t.do("C", "place", space="harbor_c")
    t.roll(ginseng=3, silk=5, jade=1)   # 11, 11, 10
    assert t.turn() == ["A"] and t.state.pirates == [1]
    return t


def one_boat_two_rolls() -> Table:
    """4 players, round 2 (two rolls left): jade already in Manila; silk and ginseng at sea."""
    t = start(["A", "B", "C", "D"], {"A": ["silk", "jade"], "B": ["nutmeg", "ginseng"], "C": ["jade", "jade"],
                                     "D": ["silk", "silk"]})
    t.passes("A", "B", "C", "D")
    t.do("A", "skip_share")
    t.do("A", "launch", jade=5, silk=4, ginseng=0)
    t.do("A", "place", space="pirate")
    t.do("B", "place", space="ginseng")
    t.do("C", "place", space="silk")
    t.do("D", "place", space="insurance")
    t.do(None, "correct_boat", ware="jade", position=13)
    t.roll(jade=6, silk=5, ginseng=6)   # jade in Manila; silk 9, ginseng 6
    assert t.state.rolls == 1 and t.turn() == ["A"]
    return t


POSITIONS = [last_round_no_pirates, last_round_with_pirate_and_insurer, one_boat_two_rolls]


def test_the_positions_cover_every_kind_of_space() -> None:
    kinds = set()
    for position in POSITIONS:
        state = position().state
        kinds |= set(compute(state).spaces)  # type: ignore[union-attr]
    assert {"insurance", "pirate", "harbor_a", "shipyard_a", "shipyard_c", "pilot_large"} <= kinds
    assert kinds & set(F.seat_costs)


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.__name__)
def test_boat_chances_match_every_joint_roll(position) -> None:
    state = position().state
    odds = compute(state)
    assert odds is not None
    for ware, (arrive, on13_board, on13_end) in brute_boats(state).items():
        boat = odds.boats[ware]
        assert (boat.arrive, boat.on_last_after_board, boat.on_last_after_plunder) == (arrive, on13_board, on13_end)


def test_a_fresh_voyage_against_every_joint_roll_of_one_boat_by_hand() -> None:
    # from space 3 with three rolls: arrives with 11+ on 3d6 (108/216), stops on 13 with exactly 10 (27/216);
    # on 13 after roll 2 with exactly 10 on 2d6 (3/36)
    t = start(["A", "B", "C"], HANDS)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.do("A", "launch", nutmeg=3, silk=3, jade=3)
    boat = compute(t.state).boats["jade"]  # type: ignore[union-attr]
    assert boat.arrive == Fraction(108 + 27, 216)           # no pirate: a boat stopping on 13 docks
    assert boat.on_last_after_plunder == Fraction(27, 216)
    assert boat.on_last_after_board == Fraction(3, 36)
    assert boat.shipyard == Fraction(81, 216)
    # a jade seat with nobody aboard: 36 * 135/216 = 22.5
    assert compute(t.state).spaces["jade"].expected == Fraction(45, 2)  # type: ignore[union-attr]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.__name__)
def test_space_values_match_the_referee_playing_every_roll(position) -> None:
    state = position().state
    odds = compute(state)
    assert odds is not None and odds.player == state.queue[0]
    seat = state.queue[0]
    checked = 0
    for space, value in odds.spaces.items():
        if space == INSURANCE and any(state.spaces[s] == seat for s in F.shipyard_spaces):
            continue   # the insurer's claims to himself cancel out: not the space's own value
        assert value.expected == brute_space(state, space), space
        checked += 1
    assert checked >= len(odds.spaces) - 1


def test_odds_only_while_boats_are_out() -> None:
    t = start(["A", "B", "C"], HANDS)
    assert compute(t.state) is None
    odds = compute(last_round_no_pirates().state)
    data = to_json(odds)  # type: ignore[arg-type]
    assert data["rolls_left"] == 1 and data["player"] == 0
    assert set(data["spaces"]) == set(odds.spaces)  # type: ignore[union-attr]
    assert data["boats"]["jade"]["on_last_after_board"] is None   # roll 2 is past
