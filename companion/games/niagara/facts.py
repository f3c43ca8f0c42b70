"""Niagara's facts, read once from ``rules_data/niagara/facts.json``.

The river is data: each space has a depth (points from the shore), the spaces
just downstream of it and, if a gem site lies beside it, the site's colour.
Everything the engine needs about the board is derived here from that file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Mapping, Union

from ...core.facts import header, load

Card = Union[int, str]

GAME_ID = "niagara"
#: the whole of rules_data/niagara/facts.json, as every game's facts.py names it
FACTS: Mapping[str, Any] = load(GAME_ID)
SHORE = "shore"
FALLS = "falls"
LOST = "lost"


@dataclass(frozen=True)
class River:
    """The layout: spaces from the rope to the falls, the sites, the fork."""

    order: tuple[str, ...]
    depth: dict[str, int]
    down: dict[str, tuple[str, ...]]
    up: dict[str, str]  # space -> the space just upstream (or SHORE)
    ports: dict[str, str]  # space -> colour of the gem site beside it
    fork_space: str
    fork_arms: dict[str, str]  # "left"/"right" -> first space of that arm
    fork_first: str
    #: space -> "left"/"right" for the spaces of an arm (the channel's spaces are not in it)
    arm_of: dict[str, str]
    #: answers of relation/walk_down, which depend on the layout only (filled on demand:
    #: listing a turn's moves asks the same few questions thousands of times)
    _memo: dict[tuple[str, str, Any], Any] = field(default_factory=dict, compare=False, repr=False)

    def is_space(self, where: str) -> bool:
        return where in self.depth

    def ancestors(self, space: str) -> list[str]:
        """Spaces upstream of ``space``, nearest first, ending with SHORE."""
        out: list[str] = []
        here = space
        while here != SHORE:
            here = self.up[here]
            out.append(here)
        return out

    def relation(self, start: str, end: str) -> tuple[str, int] | None:
        """("up"|"down"|"same", distance) from start to end; None if only a
        change of direction (through the fork) would get there."""
        key = ("relation", start, end)
        try:
            return self._memo[key]  # type: ignore[no-any-return]
        except KeyError:
            found = self._memo[key] = self._relation(start, end)
            return found

    def _relation(self, start: str, end: str) -> tuple[str, int] | None:
        if start == end:
            return ("same", 0)
        d_start = 0 if start == SHORE else self.depth[start]
        d_end = 0 if end == SHORE else self.depth[end]
        if start != SHORE and end in self.ancestors(start):
            return ("up", d_start - d_end)
        if end != SHORE and start in self.ancestors(end):
            return ("down", d_end - d_start)
        return None

    def reaches_falls(self, start: str, points: int) -> bool:
        """Can ``points`` downstream steps from ``start`` carry a canoe over?"""
        return FALLS in self.walk_down(start, points)

    def below(self, where: str) -> tuple[str, ...]:
        """The spaces one step downstream (the first spaces, from the shore)."""
        if where == SHORE:
            return tuple(s for s in self.order if self.up[s] == SHORE)
        return self.down[where]

    def walk_down(self, start: str, points: int) -> list[str]:
        """Every place ``points`` downstream steps from ``start`` can end
        (a space, or FALLS once a path runs off the end), in layout order."""
        key = ("walk_down", start, points)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = tuple(self._walk_down(start, points))
        return list(found)

    def _walk_down(self, start: str, points: int) -> list[str]:
        frontier = [start]
        for _ in range(points):
            nxt: list[str] = []
            for here in frontier:
                for there in (self.below(here) or (FALLS,)) if here != FALLS else (FALLS,):
                    if there not in nxt:
                        nxt.append(there)
            frontier = nxt
        return frontier

    def walk_up(self, start: str, points: int) -> str:
        """Where ``points`` upstream steps from ``start`` end (SHORE at most)."""
        if points >= self.depth[start]:
            return SHORE
        here = start
        for _ in range(points):
            here = self.up[here]
        return here

    def carried(self, space: str, arm: str) -> bool:
        """Does a step of current whose disc enters ``arm`` at the fork move a canoe on
        ``space``?  The channel's discs all move; of the arms only the one the disc
        enters moves (its last disc drops over the falls), the other stands still."""
        return self.arm_of.get(space, arm) == arm

    def flow_next(self, space: str, arm: str) -> str:
        """Where one step of current whose disc enters ``arm`` at the fork carries a
        canoe on ``space`` (FALLS past the end; see :meth:`carried` for who moves)."""
        below = self.down[space]
        if not below:
            return FALLS
        if len(below) == 1:
            return below[0]
        return self.fork_arms[arm]


@dataclass(frozen=True)
class Facts:
    min_players: int
    max_players: int
    canoes: int
    cards: tuple[Card, ...]
    cloud: str
    weather_track: tuple[int, ...]
    weather_start: int
    colours: tuple[str, ...]
    per_colour: int
    per_site: int
    spare_per_colour: int
    total_gems: int
    values: dict[str, int]
    load_cost: int
    unload_cost: int
    buy_back_gems: int
    river: River
    win_same: int
    win_different: int
    win_any: int
    tiebreak_default: bool
    round_limit_default: int
    round_limit_suggested: int
    round_limit_max: int


def _river(raw: dict[str, Any]) -> River:
    spaces = raw["spaces"]
    order = tuple(s["id"] for s in spaces)
    depth = {s["id"]: int(s["depth"]) for s in spaces}
    down = {s["id"]: tuple(s["down"]) for s in spaces}
    up: dict[str, str] = {}
    for s in spaces:
        for d in s["down"]:
            up[d] = s["id"]
    for s in order:
        up.setdefault(s, SHORE)
    ports = {s["id"]: s["site"] for s in spaces if s.get("site")}
    fork = raw["fork"]
    arms = {"left": fork["left"], "right": fork["right"]}
    arm_of: dict[str, str] = {}
    for side, first in arms.items():
        here: tuple[str, ...] = (first,)
        while here:
            assert len(here) == 1, "an arm does not split again"
            arm_of[here[0]] = side
            here = down[here[0]]
    river = River(order, depth, down, up, ports, fork["space"], arms, fork["first"], arm_of)
    assert all(arm_of[s] == side for side, spaces in raw["arms"].items() for s in spaces), "arms"
    assert set(arm_of) == {s for spaces in raw["arms"].values() for s in spaces}, "arms"
    # the data must agree with itself
    assert set(down[fork["space"]]) == set(arms.values()), "fork arms must be the fork's down spaces"
    for colour, where in raw["sites"].items():
        assert all(ports.get(w) == colour for w in where), colour
    assert all(up[s] == SHORE or depth[s] == depth[up[s]] + 1 for s in order), "depths must grow by one"
    return river


@cache
def facts() -> Facts:
    raw = load(GAME_ID)
    options = {o.key: o for o in header(GAME_ID).options}
    round_limit = next(o for o in raw["options"] if o["key"] == "round_limit")
    gems = raw["gems"]
    costs = raw["costs"]
    assert costs["unload_then_load"] == costs["unload"] + costs["load"], "unload+load cost"
    assert gems["per_colour"] == gems["per_site"] + gems["spare_per_colour"], "gems per colour"
    assert gems["total"] == gems["per_colour"] * len(gems["colours"]), "gem total"
    weather = raw["weather"]
    return Facts(
        min_players=header(GAME_ID).min_players,
        max_players=header(GAME_ID).max_players,
        canoes=int(raw["canoes_per_player"]),
        cards=tuple(raw["paddle_cards"]),
        cloud=str(raw["cloud"]),
        weather_track=tuple(weather["track"]),
        weather_start=int(weather["start"]),
        colours=tuple(gems["colours"]),
        per_colour=int(gems["per_colour"]),
        per_site=int(gems["per_site"]),
        spare_per_colour=int(gems["spare_per_colour"]),
        total_gems=int(gems["total"]),
        values={k: int(v) for k, v in gems["values"].items()},
        load_cost=int(costs["load"]),
        unload_cost=int(costs["unload"]),
        buy_back_gems=int(costs["buy_back_gems"]),
        river=_river(raw["river"]),
        win_same=int(raw["win"]["same_colour"]),
        win_different=int(raw["win"]["different_colours"]),
        win_any=int(raw["win"]["any_colours"]),
        tiebreak_default=bool(options["tiebreak"].default),
        round_limit_default=int(options["round_limit"].default),
        round_limit_suggested=int(round_limit["suggested"]),
        round_limit_max=int(options["round_limit"].max or 0),
    )
