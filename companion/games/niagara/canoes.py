"""A number card's turn: what each canoe does, checked and carried out.

A turn is one ``paddle`` action with flat arguments per canoe ``k``:
``canoek`` where it ends (a space, ``shore`` or ``falls``; leave it out for a
canoe that stays ashore), ``canoek_unload`` / ``canoek_load`` (a colour) and
``canoek_gems`` (``before`` or ``after`` the move) for gems, and
``canoek_rob_player`` + ``canoek_rob_canoe`` for a robbery at the end.  The
canoes act one after the other, canoe 1 first unless ``first`` says otherwise::

    {"type": "paddle", "player": 0, "canoe1": "3", "canoe1_load": "violet", "canoe1_gems": "after"}
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core import Action, IllegalAction, MalformedAction, Param
from .facts import FALLS, LOST, SHORE, facts
from .state import Canoe, NiagaraState, Player

TIMINGS = ("before", "after")
_NO_TIMING: tuple[str | None, ...] = (None,)


@dataclass(frozen=True)
class Plan:
    canoe: int  # 0-based index
    to: str
    unload: bool = False
    load: str | None = None
    gems: str | None = None  # "before" | "after" when unload/load
    rob: tuple[int, int] | None = None  # (seat, 0-based canoe)

    def cost(self) -> int:
        f = facts()
        return (f.unload_cost if self.unload else 0) + (f.load_cost if self.load else 0)

    def to_args(self) -> dict[str, Any]:
        key = f"canoe{self.canoe + 1}"
        out: dict[str, Any] = {key: self.to}
        if self.unload:
            out[key + "_unload"] = True
        if self.load:
            out[key + "_load"] = self.load
        if self.unload or self.load:
            out[key + "_gems"] = self.gems
        if self.rob is not None:
            out[key + "_rob_player"] = self.rob[0]
            out[key + "_rob_canoe"] = self.rob[1] + 1
        return out


def paddle_params() -> dict[str, Param]:
    """The ``paddle`` move's arguments, for as many canoes as the facts say."""
    f = facts()
    places = (SHORE, FALLS) + f.river.order
    params: dict[str, Param] = {"first": Param("int", required=False, min=1, max=f.canoes)}
    for k in range(1, f.canoes + 1):
        key = f"canoe{k}"
        params[key] = Param("str", required=False, choices=places)
        params[key + "_unload"] = Param("bool", required=False)
        params[key + "_load"] = Param("str", required=False, choices=f.colours)
        params[key + "_gems"] = Param("str", required=False, choices=TIMINGS)
        params[key + "_rob_player"] = Param("seat", required=False)
        params[key + "_rob_canoe"] = Param("int", required=False, min=1, max=f.canoes)
    return params


def parse_plans(action: Action) -> list[Plan]:
    """A ``paddle`` action's arguments → plans, in the order they act."""
    f = facts()
    given = {k for k, _ in action.args}
    plans: list[Plan] = []
    for k in range(1, f.canoes + 1):
        key = f"canoe{k}"
        extras = [x for x in ("_unload", "_load", "_gems", "_rob_player", "_rob_canoe") if key + x in given]
        if key not in given:
            if extras:
                raise MalformedAction("missing_arg", None, action="paddle", arg=key)
            continue
        unload = bool(action.get(key + "_unload", False))
        load = action.get(key + "_load")
        gems = action.get(key + "_gems")
        if (unload or load) and gems is None:
            raise MalformedAction("missing_arg", None, action="paddle", arg=key + "_gems")
        rob_player, rob_canoe = action.get(key + "_rob_player"), action.get(key + "_rob_canoe")
        if (rob_player is None) != (rob_canoe is None):
            missing = key + ("_rob_canoe" if rob_canoe is None else "_rob_player")
            raise MalformedAction("missing_arg", None, action="paddle", arg=missing)
        rob = None if rob_player is None else (rob_player, rob_canoe - 1)
        plans.append(Plan(k - 1, action[key], unload, load, gems if (unload or load) else None, rob))
    first = action.get("first", 1) - 1
    plans.sort(key=lambda p: (p.canoe != first, p.canoe))
    return plans


def check_turn_shape(state: NiagaraState, seat: int, plans: list[Plan]) -> None:
    """Which canoes must, may or may not move this turn."""
    canoes = state.players[seat].canoes
    listed = [p.canoe for p in plans]
    for i in listed:
        if canoes[i].where == LOST:
            raise IllegalAction("canoe_lost", "niagara.falls.lost", canoe=i + 1)
    for i, canoe in enumerate(canoes):
        if canoe.in_river and i not in listed:
            raise IllegalAction("river_canoe_must_move", "niagara.turn.river-moves", canoe=i + 1)
    ashore = [i for i, c in enumerate(canoes) if c.where == SHORE]
    if any(c.in_river for c in canoes) or not ashore:
        return
    launching = [i for i in listed if i in ashore]
    if not launching:
        rule = "niagara.turn.both-ashore" if len(ashore) > 1 else "niagara.turn.only-canoe"
        raise IllegalAction("must_launch", rule, player=seat)
    if len(launching) > 1:
        raise IllegalAction("launch_one_only", "niagara.turn.both-ashore", player=seat)


def _handle_gems(state: NiagaraState, canoe: Canoe, number: int, where: str, plan: Plan) -> None:
    """Unload and/or load at the site beside ``where``."""
    f = facts()
    site = f.river.ports.get(where) if where not in (SHORE, FALLS) else None
    if site is None:
        raise IllegalAction("no_gem_site", "niagara.gems.at-site", canoe=number, space=where)
    pile = state.sites[site]
    unloaded: str | None = None
    if plan.unload:
        if canoe.gem is None:
            raise IllegalAction("no_gem_to_unload", "niagara.gems.at-site", canoe=number)
        if canoe.gem == site:
            raise IllegalAction("unload_own_colour", "niagara.gems.own-colour", canoe=number)
        unloaded = canoe.gem
        pile[unloaded] = pile.get(unloaded, 0) + 1
        canoe.gem = None
    if plan.load:
        if canoe.gem is not None:
            raise IllegalAction("canoe_full", "niagara.gems.one", canoe=number)
        if plan.load == unloaded:
            raise IllegalAction("reload_same_colour", "niagara.gems.swap", canoe=number)
        if pile.get(plan.load, 0) <= 0:
            raise IllegalAction("gem_not_at_site", "niagara.gems.choose", canoe=number)
        pile[plan.load] -= 1
        if not pile[plan.load]:
            del pile[plan.load]
        canoe.gem = plan.load


def lose_canoe(state: NiagaraState, seat: int, index: int) -> None:
    """Over the falls: the canoe is gone, its gem goes back to its own site."""
    canoe = state.players[seat].canoes[index]
    if canoe.gem is not None:
        pile = state.sites[canoe.gem]
        pile[canoe.gem] = pile.get(canoe.gem, 0) + 1
    canoe.where, canoe.gem = LOST, None


def bank_gem(state: NiagaraState, seat: int, index: int) -> None:
    player = state.players[seat]
    canoe = player.canoes[index]
    if canoe.gem is not None:
        player.bank[canoe.gem] = player.bank.get(canoe.gem, 0) + 1
    canoe.where, canoe.gem = SHORE, None


def carry_out(state: NiagaraState, seat: int, plan: Plan, card: int) -> None:
    """Check one canoe's plan against the rules and carry it out."""
    river = facts().river
    canoe = state.players[seat].canoes[plan.canoe]
    number = plan.canoe + 1
    start = canoe.where
    points = card - plan.cost()
    if points < 0:
        raise IllegalAction("not_enough_points", "niagara.gems.cost", canoe=number, points=card, cost=plan.cost())
    if start == SHORE and not river.is_space(plan.to):
        raise IllegalAction("launch_into_river", "niagara.move.launch", canoe=number)
    if plan.gems == "before":
        _handle_gems(state, canoe, number, start, plan)
    if plan.to == SHORE:
        direction, distance = "up", river.depth[start]
        if points < distance:
            raise IllegalAction("wrong_distance", "niagara.move.exact", canoe=number, to=plan.to,
                                distance=distance, points=points)
    elif plan.to == FALLS:
        direction, distance = "down", points
        if not river.reaches_falls(start, points):
            raise IllegalAction("cannot_reach_falls", "niagara.move.exact", canoe=number, points=points)
    else:
        relation = river.relation(start, plan.to)
        if relation is None:
            raise IllegalAction("other_branch", "niagara.move.branch", canoe=number, to=plan.to)
        direction, distance = relation
        if distance != points:
            raise IllegalAction("wrong_distance", "niagara.move.exact", canoe=number, to=plan.to,
                                distance=distance, points=points)
    if plan.gems == "after":
        _handle_gems(state, canoe, number, plan.to, plan)
    if plan.rob is not None:
        _rob(state, seat, canoe, number, plan, direction, distance)
    if plan.to == FALLS:
        lose_canoe(state, seat, plan.canoe)
    elif plan.to == SHORE:
        bank_gem(state, seat, plan.canoe)
    else:
        canoe.where = plan.to


def _rob(state: NiagaraState, seat: int, canoe: Canoe, number: int, plan: Plan,
         direction: str, distance: int) -> None:
    assert plan.rob is not None
    victim_seat, victim_index = plan.rob
    rule = "niagara.rob.when"
    if direction != "up" or distance == 0 or plan.to == SHORE:
        raise IllegalAction("rob_not_upstream", rule, canoe=number)
    if canoe.gem is not None:
        raise IllegalAction("rob_not_empty", rule, canoe=number)
    if victim_seat == seat:
        raise IllegalAction("rob_own_canoe", rule, canoe=number)
    victim = state.players[victim_seat].canoes[victim_index]
    if victim.where != plan.to:
        raise IllegalAction("rob_not_beside", rule, canoe=number, target_player=victim_seat,
                            target_canoe=victim_index + 1)
    if victim.gem is None:
        raise IllegalAction("rob_target_empty", rule, canoe=number, target_player=victim_seat,
                            target_canoe=victim_index + 1)
    canoe.gem, victim.gem = victim.gem, None


# ----- listing every legal plan ------------------------------------------------

@cache
def _gem_patterns() -> tuple[tuple[bool, str | None, int], ...]:
    """Every (unload, load, cost) a plan may hold, nothing-at-all first."""
    f = facts()
    pairs = [(False, None), (True, None)] + [(False, c) for c in f.colours] + [(True, c) for c in f.colours]
    return tuple((unload, load, (f.unload_cost if unload else 0) + (f.load_cost if load else 0))
                 for unload, load in pairs)


def _gems_possible(state: NiagaraState, canoe: Canoe, where: str, unload: bool, load: str | None) -> bool:
    """A cheap pre-filter: could (unload, load) work beside ``where``?"""
    site = facts().river.ports.get(where)  # None off the river (shore, falls) and beside no site
    if site is None:
        return False
    if unload and (canoe.gem is None or canoe.gem == site):
        return False
    if load is not None:
        if canoe.gem is not None and not unload:
            return False
        if load == canoe.gem or state.sites[site].get(load, 0) <= 0:
            return False
    return True


def candidate_plans(state: NiagaraState, seat: int, index: int, card: int) -> list[Plan]:
    """Plans for one canoe, in a fixed order; each still to be checked."""
    f = facts()
    river = f.river
    canoe = state.players[seat].canoes[index]
    start = canoe.where

    # both asked again for every gem pattern: answered once per call
    found_destinations: dict[int, list[str]] = {}
    found_robberies: dict[str, list[tuple[int, int] | None]] = {}

    def destinations(points: int) -> list[str]:
        found = found_destinations.get(points)
        if found is None:
            if start == SHORE:
                found = river.walk_down(start, points) if points > 0 else []
            elif points == 0:
                found = [start]
            else:
                found = [river.walk_up(start, points)] + river.walk_down(start, points)
            found_destinations[points] = found
        return found

    def robberies(to: str) -> list[tuple[int, int] | None]:
        found = found_robberies.get(to)
        if found is None:
            found = found_robberies[to] = _robberies(to)
        return found

    def _robberies(to: str) -> list[tuple[int, int] | None]:
        options: list[tuple[int, int] | None] = [None]
        if start == SHORE or not river.is_space(to):
            return options
        relation = river.relation(start, to)
        if relation is None or relation[0] != "up":
            return options
        for s, player in enumerate(state.players):
            if s != seat:
                options += [(s, k) for k, c in enumerate(player.canoes) if c.where == to and c.gem]
        return options

    out: list[Plan] = []
    for unload, load, cost in _gem_patterns():
        points = card - cost
        if points < 0:
            continue
        timings: tuple[str | None, ...] = _NO_TIMING if cost == 0 else TIMINGS
        for timing in timings:
            if timing == "before" and not _gems_possible(state, canoe, start, unload, load):
                continue
            for to in destinations(points):
                if timing == "after" and (to == start or not _gems_possible(state, canoe, to, unload, load)):
                    continue
                for rob in robberies(to):
                    out.append(Plan(index, to, unload, load, timing, rob))
    return out


def legal_plan_lists(state: NiagaraState, seat: int, card: int) -> list[list[Plan]]:
    """Every legal turn for a number card: canoes in number order, then the
    turns that are legal only with the canoes acting in the other order."""
    canoes = state.players[seat].canoes
    in_river = [i for i, c in enumerate(canoes) if c.in_river]
    ashore = [i for i, c in enumerate(canoes) if c.where == SHORE]
    if in_river:
        groups: list[list[int]] = [sorted(in_river)]
        for i in ashore:
            groups = groups + [sorted(g + [i]) for g in groups]
    elif ashore:
        groups = [[i] for i in ashore]
    else:
        groups = [[]]
    out: list[list[Plan]] = []
    for group in groups:
        _extend(state, seat, card, group, [], out)
    seen = {frozenset(plans) for plans in out}
    for group in groups:
        if len(group) > 1:
            reverse: list[list[Plan]] = []
            _extend(state, seat, card, group[::-1], [], reverse, seen)
            out += [plans for plans in reverse if frozenset(plans) not in seen]
    return out


def _trial(state: NiagaraState, seat: int, plan: Plan) -> NiagaraState:
    """A copy of ``state`` that :func:`carry_out` may change for ``plan``, made for
    listing turns only (not a clone for the pipeline): carry_out changes the canoes
    of ``seat``, that seat's bank, the gem sites and, when robbing, the victim's
    canoe, so exactly those are copied; the other players, the cards, the spares
    and the rest are shared with ``state`` and only read.  Measured about three times
    cheaper than ``state.copy()`` (benchmarks/bench_niagara.py, profiled)."""
    new = object.__new__(NiagaraState)
    new.__dict__.update(state.__dict__)
    players = state.players.copy()
    mine = players[seat]
    players[seat] = Player(mine.name, [Canoe(c.where, c.gem) for c in mine.canoes], mine.bank.copy(), mine.played)
    if plan.rob is not None and plan.rob[0] != seat:
        victim = players[plan.rob[0]]
        players[plan.rob[0]] = Player(victim.name, [Canoe(c.where, c.gem) for c in victim.canoes], victim.bank,
                                      victim.played)
    new.players = players
    new.sites = {colour: pile.copy() for colour, pile in state.sites.items()}
    return new


def _extend(state: NiagaraState, seat: int, card: int, todo: list[int], done: list[Plan],
            out: list[list[Plan]], skip: set[frozenset[Plan]] | None = None) -> None:
    """Every legal way for the canoes ``todo`` to act in that order after ``done``, into
    ``out``; a complete turn whose plans are in ``skip`` (already listed in the other
    order) is not tried at all."""
    if not todo:
        out.append(done)
        return
    last = len(todo) == 1
    for plan in candidate_plans(state, seat, todo[0], card):
        if last and skip and frozenset(done + [plan]) in skip:
            continue
        trial = _trial(state, seat, plan)
        try:
            carry_out(trial, seat, plan, card)
        except IllegalAction:
            continue
        _extend(trial, seat, card, todo[1:], done + [plan], out, skip)


def plans_args(plans: list[Plan]) -> dict[str, Any]:
    """A turn's plans → the ``paddle`` action's arguments."""
    args: dict[str, Any] = {}
    for plan in plans:
        args.update(plan.to_args())
    if len(plans) > 1 and plans[0].canoe > plans[1].canoe:
        args["first"] = plans[0].canoe + 1
    return args


def is_number(card: Any) -> bool:
    return isinstance(card, int) and not isinstance(card, bool)
