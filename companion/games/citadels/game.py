"""Citadels score sheet and round helper.

Each round: the table enters the characters set aside face up (``draft_done``);
the sheet then calls the characters in rank order.  For each call a seat
reveals it (``reveal``) or nobody has it (``no_one``: refused once the
players would be left fewer characters than they hold, as only face-down
characters are nobody's); the assassinated character is skipped without a
word.  During a revealed character's turn the host enters its power target
(assassin, thief, warlord), the districts built and ``end_turn``.  After the
warlord's call the round ends; if any city has reached the end count the game
ends and the sheet scores it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Mapping

from ...core import (Action, AmbiguousAction, Event, Game, IllegalAction, Move, Param, SetupProblem, TableSetup,
                     moves_table)
from . import events as ev
from . import facts as h
from .facts import FACTS

NOBODY = -1


@dataclass
class CitadelsState:
    players: list[str]
    end_at: int
    phase: str = "draft"  # draft | call | turn | crown | end
    round: int = 1
    crown: int = 0
    face_up: list[int] = field(default_factory=list)
    call: int = 0
    killed: int | None = None
    robbed: int | None = None
    holders: list[int] = field(default_factory=list)   # per rank-1: seat or NOBODY
    called: list[int] = field(default_factory=list)    # ranks already called this round
    builds: int = 0
    power_used: bool = False
    cities: list[list[list[Any]]] = field(default_factory=list)
    first_complete: int | None = None


def _per_seat(s: CitadelsState) -> int:
    return int(h.draft_rules(len(s.players))["characters_each"])


def scores_of(s: CitadelsState) -> list[dict[str, int]]:
    return [h.score(city, s.first_complete == i, len(city) >= s.end_at) for i, city in enumerate(s.cities)]


# ----- flow ----------------------------------------------------------------------
def _next_call(s: CitadelsState) -> None:
    """Move to the next character to call; finish the round after the last."""
    for r in h.call_order(len(s.players), s.face_up):
        if r <= s.call:
            continue
        if r == s.killed:       # the assassinated character stays silent
            s.called.append(r)
            continue
        s.call, s.phase = r, "call"
        return
    if s.killed == h.KING:
        s.phase = "crown"
    else:
        _end_round(s)


def _end_round(s: CitadelsState) -> None:
    if any(len(city) >= s.end_at for city in s.cities):
        s.phase = "end"
        return
    s.round += 1
    s.phase, s.call, s.face_up, s.called = "draft", 0, [], []
    s.killed = s.robbed = None
    s.holders = [NOBODY] * len(h.CHARACTERS)


def _draft_done(s: CitadelsState, a: Action) -> None:
    rules = h.draft_rules(len(s.players))
    face_up = list(a["face_up"])
    if len(face_up) != rules["face_up"]:
        raise IllegalAction("face_up_count", "citadels.draft.table", count=len(face_up), expected_count=rules["face_up"])
    if len(set(face_up)) != len(face_up):
        raise IllegalAction("face_up_repeated", "citadels.draft.table")
    if h.KING in face_up:
        raise IllegalAction("king_face_up", "citadels.draft.king")
    if any(r in rules["removed"] for r in face_up):
        raise IllegalAction("character_removed", "citadels.players.three")
    s.face_up = sorted(face_up)
    _next_call(s)


def _reveal(s: CitadelsState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    if sum(1 for x in s.holders if x == seat) >= _per_seat(s):
        raise IllegalAction("too_many_characters", "citadels.draft.pick", player=seat, limit=_per_seat(s))
    s.holders[s.call - 1] = seat
    s.called.append(s.call)
    s.phase, s.builds, s.power_used = "turn", 0, False
    if s.call == h.KING:
        s.crown = seat


def _check_nobody(s: CitadelsState) -> None:
    """Refuse one more character held by nobody when the players would then hold fewer
    characters than they have: only the face-down ones can be nobody's.  The killed
    character's holder stays silent, so it counts as held."""
    n = len(s.players)
    nobody = sum(1 for r in s.called if s.holders[r - 1] == NOBODY and r != s.killed)
    limit = h.unheld(n)
    if nobody + 1 > limit:
        raise IllegalAction("too_many_unheld", "citadels.round.unheld",
                            called=len(h.call_order(n, s.face_up)), held=n * _per_seat(s), limit=limit,
                            count=nobody)


def _no_one(s: CitadelsState, a: Action) -> None:
    _check_nobody(s)
    s.called.append(s.call)
    _next_call(s)


def _power(s: CitadelsState, name: str) -> None:
    if h.character(s.call) != name:
        raise IllegalAction("power_not_yours", f"citadels.characters.{name}", character=h.character(s.call))
    if s.power_used:
        raise IllegalAction("power_used_once", "citadels.characters.powers")
    s.power_used = True


def _assassinate(s: CitadelsState, a: Action) -> None:
    _power(s, "assassin")
    target = a["target"]
    if target == h.rank("assassin") or target in h.draft_rules(len(s.players))["removed"]:
        raise IllegalAction("assassin_target", "citadels.characters.assassin", target=target)
    s.killed = target


def _rob(s: CitadelsState, a: Action) -> None:
    _power(s, "thief")
    target = a["target"]
    if target in (h.rank("assassin"), h.rank("thief"), s.killed) or target in h.draft_rules(len(s.players))["removed"]:
        raise IllegalAction("thief_target", "citadels.characters.thief", target=target)
    s.robbed = target


def _district(a: Action) -> list[Any]:
    """The district an action enters, ``[colour, cost, points]``: points only for a
    purple district, never below the cost (a build and a district added by correction)."""
    colour, cost = a["colour"], a["cost"]
    points = a.get("points", cost)
    if "points" in a and colour != h.SPECIAL:
        raise IllegalAction("points_only_special", "citadels.sheet.special_points")
    if points < cost:
        raise IllegalAction("points_below_cost", "citadels.sheet.special_points", points=points, cost=cost)
    return [colour, cost, points]


def _build(s: CitadelsState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    limit = h.builds_allowed(s.call)
    if s.builds >= limit:
        raise IllegalAction("build_limit", "citadels.characters.architect" if limit > 1 else "citadels.turn.build",
                            limit=limit)
    _set_city(s, seat, [*s.cities[seat], _district(a)])
    s.builds += 1


def _named_district(city: list[list[Any]], a: Action, seat: int, rule: str) -> int | None:
    """Where in ``city`` the district ``a`` names is (its colour, cost and, if given, its
    points); None if the city holds no district of that colour and cost.  The first entered
    of those that fit is taken: they all count the same.  Two that count different points
    (purple districts of one cost) are told apart only by the points: without them the
    action is ambiguous; points that none of them counts are refused."""
    colour, cost = a["colour"], a["cost"]
    fits = [i for i, d in enumerate(city) if d[0] == colour and d[1] == cost]
    if not fits:
        return None
    counted = sorted({city[i][2] for i in fits})
    if "points" in a:
        points = a["points"]
        for i in fits:
            if city[i][2] == points:
                return i
        raise IllegalAction("no_district_with_points", rule, player=seat, cost=cost, points=points, held=counted)
    if len(counted) > 1:
        raise AmbiguousAction("district_ambiguous", rule, player=seat, cost=cost, points=counted)
    return fits[0]


def _destroy(s: CitadelsState, a: Action) -> None:
    _power(s, "warlord")
    target = a["target_player"]
    city = s.cities[target]
    if len(city) >= s.end_at:
        raise IllegalAction("city_complete", "citadels.characters.warlord", target_player=target)
    if s.holders[h.rank("bishop") - 1] == target:
        raise IllegalAction("bishop_protected", "citadels.characters.bishop", target_player=target)
    i = _named_district(city, a, target, "citadels.characters.warlord")
    if i is None:
        raise IllegalAction("no_such_district", "citadels.characters.warlord", target_player=target, cost=a["cost"])
    del city[i]


def _end_turn(s: CitadelsState, a: Action) -> None:
    _next_call(s)


def _crown(s: CitadelsState, a: Action) -> None:
    assert a.player is not None
    if sum(1 for x in s.holders if x == a.player) >= _per_seat(s):
        raise IllegalAction("too_many_characters", "citadels.draft.pick", player=a.player, limit=_per_seat(s))
    s.crown = a.player
    s.holders[h.KING - 1] = a.player
    _end_round(s)


def _no_king(s: CitadelsState, a: Action) -> None:
    _check_nobody(s)
    _end_round(s)


# ----- corrections ---------------------------------------------------------------
def _set_city(s: CitadelsState, seat: int, city: list[list[Any]]) -> None:
    """Give ``seat`` this city (a build, or any correction of a city).  All cities together
    never hold more districts than the deck has.  A city brought up to the end count, when
    no city was complete, is the first one; the first city brought below it is no longer
    complete (correct_first names another)."""
    others = sum(len(c) for i, c in enumerate(s.cities) if i != seat)
    if others + len(city) > int(FACTS["district_cards"]):
        raise IllegalAction("districts_over_box", "citadels.sheet.corrections", limit=int(FACTS["district_cards"]))
    s.cities[seat] = city
    if s.first_complete is None and len(city) >= s.end_at:
        s.first_complete = seat
    elif s.first_complete == seat and len(city) < s.end_at:
        s.first_complete = None


def _correct_city(s: CitadelsState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    city: list[list[Any]] = []
    lo, hi = FACTS["district_cost"]["min"], FACTS["district_cost"]["max"]
    for d in a["districts"]:
        ok = (isinstance(d, list) and len(d) in (2, 3) and d[0] in h.COLOURS
              and all(isinstance(x, int) and not isinstance(x, bool) for x in d[1:])
              and lo <= d[1] <= hi and (len(d) == 2 or d[2] >= d[1]))
        if not ok:
            raise IllegalAction("bad_district", "citadels.sheet.corrections", district=str(d))
        if len(d) == 3 and d[0] != h.SPECIAL and d[2] != d[1]:  # as a build or an added district
            raise IllegalAction("points_only_special", "citadels.sheet.special_points")
        city.append([d[0], d[1], d[2] if len(d) == 3 else d[1]])
    _set_city(s, seat, city)


def _correct_add_district(s: CitadelsState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    _set_city(s, seat, [*s.cities[seat], _district(a)])


def _correct_remove_district(s: CitadelsState, a: Action) -> None:
    """The city loses one district of that colour and cost (and those points, if given),
    found as the Warlord's is."""
    seat = a.player
    assert seat is not None
    city = s.cities[seat]
    i = _named_district(city, a, seat, "citadels.sheet.corrections")
    if i is None:
        raise IllegalAction("no_district_to_remove", "citadels.sheet.corrections", player=seat, cost=a["cost"])
    _set_city(s, seat, city[:i] + city[i + 1:])


def _correct_crown(s: CitadelsState, a: Action) -> None:
    assert a.player is not None
    s.crown = a.player


def _correct_first(s: CitadelsState, a: Action) -> None:
    if a.player is not None and len(s.cities[a.player]) < s.end_at:
        raise IllegalAction("not_complete", "citadels.end.scoring", player=a.player, count=s.end_at)
    s.first_complete = a.player


# ----- the game ------------------------------------------------------------------
_rank = Param("int", min=1, max=len(h.CHARACTERS))
_COSTS = tuple(range(int(FACTS["district_cost"]["min"]), int(FACTS["district_cost"]["max"]) + 1))
#: a district's cost: one of the deck's costs (the correction form offers them as a picker)
_cost = Param("int", choices=_COSTS, min=_COSTS[0], max=_COSTS[-1])
_points = Param("int", required=False, min=1)
_colour = Param("str", choices=h.COLOURS)


def _destroy_actions(seat: int, target: int, city: list[list[Any]]) -> list[Action]:
    """The Warlord's choices in one city: each colour and cost it holds, told apart by the
    points only where districts of that colour and cost count different points."""
    counted: dict[tuple[str, int], set[int]] = {}
    for d in city:
        counted.setdefault((d[0], d[1]), set()).add(d[2])
    out = []
    for (colour, cost), points in sorted(counted.items()):
        if len(points) == 1:
            out.append(Action.make("destroy", seat, target_player=target, colour=colour, cost=cost))
        else:
            out += [Action.make("destroy", seat, target_player=target, colour=colour, cost=cost, points=p)
                    for p in sorted(points)]
    return out


class Citadels(Game[CitadelsState], facts=True):
    id = "citadels"
    kind = "scoresheet"
    flow_rule = "citadels.round.calls"
    #: who acts where the facts.json phase table says {"rule": ...}
    acts_rules = {"called_character": lambda state: (state.holders[state.call - 1],)}
    moves: Mapping[str, Move[CitadelsState]] = moves_table(
        Move("draft_done", _draft_done, frozenset({"draft"}), "table",
             {"face_up": Param("int_list", min=1, max=len(h.CHARACTERS))}, rule="citadels.draft.table"),
        Move("reveal", _reveal, frozenset({"call"}), "seat", rule="citadels.round.calls"),
        Move("no_one", _no_one, frozenset({"call"}), "table", rule="citadels.round.calls"),
        Move("assassinate", _assassinate, frozenset({"turn"}), "turn", {"target": _rank},
             rule="citadels.characters.assassin"),
        Move("rob", _rob, frozenset({"turn"}), "turn", {"target": _rank}, rule="citadels.characters.thief"),
        Move("build", _build, frozenset({"turn"}), "turn",
             {"colour": _colour, "cost": _cost, "points": _points},
             rule="citadels.turn.build"),
        Move("destroy", _destroy, frozenset({"turn"}), "turn",
             {"target_player": Param("seat"), "colour": _colour, "cost": _cost, "points": _points},
             rule="citadels.characters.warlord"),
        Move("end_turn", _end_turn, frozenset({"turn"}), "turn", rule="citadels.round.calls"),
        Move("crown", _crown, frozenset({"crown"}), "seat", rule="citadels.round.killed_king"),
        Move("no_king", _no_king, frozenset({"crown"}), "table", rule="citadels.round.killed_king"),
        # the correction panel lists them in this order: one district at a time first,
        # the whole city typed out last
        Move("correct_add_district", _correct_add_district, None, "seat",
             {"colour": _colour, "cost": _cost, "points": _points},
             rule="citadels.sheet.corrections", correction=True),
        Move("correct_remove_district", _correct_remove_district, None, "seat",
             {"colour": _colour, "cost": _cost, "points": _points}, rule="citadels.sheet.corrections",
             correction=True),
        Move("correct_crown", _correct_crown, None, "seat",
             rule="citadels.sheet.corrections", correction=True),
        Move("correct_first", _correct_first, None, "table",
             rule="citadels.sheet.corrections", correction=True),
        Move("correct_city", _correct_city, None, "seat", {"districts": Param("json")},
             rule="citadels.sheet.corrections", correction=True),
    )

    def validate_game_setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> list[SetupProblem]:
        problems: list[SetupProblem] = []
        if options["short_game"] and options["long_game"]:
            problems.append(SetupProblem("short_and_long"))
        if options["long_game"] and len(players) != 2:
            problems.append(SetupProblem("long_game_two_players", count=len(players)))
        return problems

    def new_state(self, setup: TableSetup) -> CitadelsState:
        n = len(setup.players)
        return CitadelsState(
            players=list(setup.players),
            end_at=h.end_districts(n, bool(setup.options["short_game"]), bool(setup.options["long_game"])),
            holders=[NOBODY] * len(h.CHARACTERS), cities=[[] for _ in range(n)])

    def scores(self, state: CitadelsState) -> list[float] | None:
        return [float(x["total"]) for x in scores_of(state)]

    def winners(self, state: CitadelsState) -> list[int]:
        """Highest score; a tie goes to the tied player who revealed the
        highest-ranked character in the last round (our ruling), else shared."""
        if state.phase != "end":
            return []
        totals = [x["total"] for x in scores_of(state)]
        best = max(totals)
        tied = [i for i, t in enumerate(totals) if t == best]
        if len(tied) == 1:
            return tied
        ranked = [(max((r for r in h.RANKS if state.holders[r - 1] == i), default=0), i) for i in tied]
        top = max(r for r, _ in ranked)
        leaders = [i for r, i in ranked if r == top]
        return leaders if top > 0 and len(leaders) == 1 else tied

    def legal_actions(self, state: CitadelsState) -> list[Action]:
        n = len(state.players)
        out: list[Action] = []
        if state.phase == "draft":
            rules = h.draft_rules(n)
            pool = [r for r in h.RANKS if r != h.KING and r not in rules["removed"]]
            out = [Action.make("draft_done", face_up=list(c)) for c in combinations(pool, rules["face_up"])]
        elif state.phase == "call":
            out = [Action.make("reveal", i) for i in range(n)] + [Action.make("no_one")]
        elif state.phase == "turn":
            seat = state.holders[state.call - 1]
            if state.builds < h.builds_allowed(state.call):
                out = [Action.make("build", seat, colour=c, cost=k) for c in h.COLOURS
                       for k in range(FACTS["district_cost"]["min"], FACTS["district_cost"]["max"] + 1)]
            name = h.character(state.call)
            powers: list[Action] = []
            if name in ("assassin", "thief") and not state.power_used:
                kind = "assassinate" if name == "assassin" else "rob"
                powers = [Action.make(kind, seat, target=r) for r in h.RANKS]
            elif name == "warlord" and not state.power_used:
                powers = [a for t in range(n) for a in _destroy_actions(seat, t, state.cities[t])]
            out += [a for a in powers if self.is_legal(state, a)]
            out.append(Action.make("end_turn", seat))
            return out
        elif state.phase == "crown":
            out = [Action.make("crown", i) for i in range(n)] + [Action.make("no_king")]
        return [a for a in out if self.is_legal(state, a)]

    # ----- the table's story (events.py) -------------------------------------
    def action_events(self, before: CitadelsState, action: Action, after: CitadelsState) -> list[Event]:
        return ev.action_events(before, action, after) or super().action_events(before, action, after)

    def outcome_events(self, before: CitadelsState, action: Action, after: CitadelsState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def chapter(self, state: CitadelsState) -> tuple[str, int]:
        return ev.chapter(state)

    def prompt(self, state: CitadelsState) -> dict[str, Any]:
        players = sorted(self.active_players(state))
        if state.phase == "draft":
            rules = h.draft_rules(len(state.players))
            return {"code": "phase.draft", "players": [state.crown],
                    "params": {"player": state.crown, "round": state.round, "face_up": rules["face_up"]}}
        if state.phase == "call":
            return {"code": f"phase.call.{h.character(state.call)}", "players": players, "params": {}}
        if state.phase == "turn":
            seat = state.holders[state.call - 1]
            if state.robbed == state.call:
                thief = state.holders[h.rank("thief") - 1]
                return {"code": "phase.robbed", "players": [seat],
                        "params": {"player": seat, "thief_player": thief}}
            return {"code": f"phase.turn.{h.character(state.call)}", "players": [seat],
                    "params": {"player": seat, "income": h.income(state.cities[seat], state.call),
                               "builds": h.builds_allowed(state.call) - state.builds}}
        if state.phase == "crown":
            return {"code": "phase.crown", "players": players, "params": {}}
        win = self.winners(state)
        return {"code": "phase.end", "players": win,
                "params": {"players": win, "points": max(x["total"] for x in scores_of(state))}}

    def view(self, state: CitadelsState, reveal: bool = False) -> dict[str, Any]:
        n = len(state.players)
        sc = scores_of(state)
        players = []
        for i, name in enumerate(state.players):
            city = state.cities[i]
            players.append({
                "name": name,
                "districts": len(city),
                "city": [list(d) for d in city],
                "colours": {c: h.colour_count(city, c) for c in h.COLOURS},
                "income": {name: h.income(city, h.rank(name)) for name in FACTS["income_colour"]},
                "crown": state.crown == i,
                "complete": len(city) >= state.end_at,
                "first_complete": state.first_complete == i,
                "score": sc[i]["total"],
                "score_parts": sc[i],
            })
        order = []
        for r in h.call_order(n, state.face_up):
            status = ("killed" if r == state.killed and r in state.called else
                      "current" if r == state.call and state.phase in ("call", "turn") else
                      "revealed" if state.holders[r - 1] != NOBODY else
                      "no_one" if r in state.called else "waiting")
            order.append({"rank": r, "character": h.character(r), "status": status,
                          "player": state.holders[r - 1] if state.holders[r - 1] != NOBODY else None,
                          "killed": r == state.killed, "robbed": r == state.robbed})
        return {
            "round": state.round, "end_at": state.end_at, "crown": state.crown,
            "face_up": [h.character(r) for r in state.face_up],
            "calls": order, "calling": h.character(state.call) if state.call else None,
            "killed": h.character(state.killed) if state.killed else None,
            "robbed": h.character(state.robbed) if state.robbed else None,
            "builds_left": h.builds_allowed(state.call) - state.builds if state.phase == "turn" else 0,
            "players": players,
            "setup": h.setup_summary(n, state.end_at),
        }


GAME = Citadels()
