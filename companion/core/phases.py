"""Phases as data: who acts in each phase, declared in the facts.json header.

``phases`` in ``rules_data/<id>/facts.json`` lists every phase the state can be
in, each with the seats that may make a ``turn`` move in it (boardgame.io's
phases and turn order, written as data)::

    "phases": [
      {"id": "deal",    "acts": {"seats_where": {"field": "share_state", "in": ["pending"]}}},
      {"id": "supply",  "acts": "none"},
      {"id": "auction", "acts": {"seat": "bidder"}},
      {"id": "place",   "acts": {"queue": "queue"}},
      {"id": "pilot",   "acts": {"rule": "pilot_holder"}},
      {"id": "end",     "acts": "none"}
    ]

``acts`` is one of

- ``"all"`` — every seat (simultaneous choices);
- ``"none"`` — no seat (the table enters something, or the game is over);
- ``{"seat": "path"}`` — the one seat in a state field (``None`` there: no seat);
  a path is a field name, ``a.b`` reads ``b`` of a dict (or object) in field ``a``;
- ``{"queue": "path"}`` — the first seat of a list field (empty list: no seat);
- ``{"seats_where": {"field": "path", "in": [values]}}`` (or ``"is": value``) —
  every seat whose entry in a per-seat list field is one of the values;
- ``{"rule": "name"}`` — a small named selector the game registers for a
  genuinely game-specific case (``acts_rules = {"name": fn}`` on the Game
  class, ``fn(state) -> seats``), e.g. Pandemic's players over the hand limit.

A phase may also name ``turn_clause``: the rules clause cited when someone acts
out of turn in it (else the move's own clause, then the game's ``flow_rule``).

:func:`parse` checks the shape (raising ``ValueError``); :class:`PhaseTable`
compiles every ``acts`` once per game class into a function of the state, so
``Game.active_players`` is one dict look-up and one small call.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Callable, Iterable, Mapping

#: a game's selector for ``{"rule": name}``: the seats that act, from the state
Rule = Callable[[Any], Iterable[int]]
#: a compiled ``acts``: (state, the game) -> the seats that act (the game counts the seats for "all")
Selector = Callable[[Any, Any], frozenset[int]]

ACTS_KINDS = ("all", "none", "seat", "queue", "seats_where", "rule")
_EMPTY: frozenset[int] = frozenset()
_ALL = [frozenset(range(n)) for n in range(33)]


@dataclass(frozen=True)
class Phase:
    """One phase of the header: its id, who acts (the raw ``acts``) and the
    clause cited for an out-of-turn action (optional)."""

    id: str
    acts: Any
    turn_clause: str | None = None


def _check_path(value: Any, what: str) -> None:
    if not (isinstance(value, str) and value and all(part.isidentifier() for part in value.split("."))):
        raise ValueError(f"{what} must be a field path like 'bidder' or 'pending.player', not {value!r}")


def _check_acts(acts: Any, where: str) -> None:
    if acts in ("all", "none"):
        return
    if not (isinstance(acts, dict) and len(acts) == 1 and next(iter(acts)) in ACTS_KINDS[2:]):
        raise ValueError(f"{where}: acts must be \"all\", \"none\" or one of {{{', '.join(ACTS_KINDS[2:])}: ...}},"
                         f" not {acts!r}")
    (kind, arg), = acts.items()
    if kind in ("seat", "queue"):
        _check_path(arg, f"{where}: {kind}")
    elif kind == "rule":
        if not (isinstance(arg, str) and arg.isidentifier()):
            raise ValueError(f"{where}: rule must name a selector, not {arg!r}")
    else:  # seats_where
        if not (isinstance(arg, dict) and "field" in arg and len(arg) == 2
                and ("in" in arg and isinstance(arg["in"], list) or "is" in arg)):
            raise ValueError(f"{where}: seats_where needs {{\"field\": path, \"in\": [values]}} or"
                             f" {{\"field\": path, \"is\": value}}, not {arg!r}")
        _check_path(arg["field"], f"{where}: seats_where field")


def parse(raw: Any) -> tuple[Phase, ...]:
    """The header's ``phases`` list → :class:`Phase` tuple; ``ValueError`` if malformed."""
    if not (isinstance(raw, list) and raw):
        raise ValueError("phases must be a non-empty list of {\"id\": ..., \"acts\": ...}")
    out: list[Phase] = []
    for i, entry in enumerate(raw):
        where = f"phases[{i}]"
        if not (isinstance(entry, dict) and isinstance(entry.get("id"), str) and entry["id"]):
            raise ValueError(f"{where}: a phase is {{\"id\": name, \"acts\": ...}}, not {entry!r}")
        where = f"phase {entry['id']!r}"
        extra = set(entry) - {"id", "acts", "turn_clause"}
        if extra:
            raise ValueError(f"{where}: unknown key(s) {sorted(extra)}")
        if "acts" not in entry:
            raise ValueError(f"{where}: says nothing about who acts (\"acts\")")
        _check_acts(entry["acts"], where)
        clause = entry.get("turn_clause")
        if clause is not None and not (isinstance(clause, str) and clause):
            raise ValueError(f"{where}: turn_clause must be a clause id")
        out.append(Phase(entry["id"], entry["acts"], clause))
    ids = [p.id for p in out]
    if len(set(ids)) != len(ids):
        raise ValueError("phases must have distinct ids")
    return tuple(out)


def getter(path: str) -> Callable[[Any], Any]:
    """A reader for a field path: ``a`` (an attribute) or ``a.b.c`` (then keys of
    dicts, or attributes of anything else)."""
    head, *rest = path.split(".")
    first = attrgetter(head)
    if not rest:
        return first

    def get(state: Any) -> Any:
        value = first(state)
        for key in rest:
            value = value[key] if isinstance(value, Mapping) else getattr(value, key)
        return value
    return get


def _all(state: Any, game: Any) -> frozenset[int]:
    n = game.n_players(state)
    return _ALL[n] if n < len(_ALL) else frozenset(range(n))


def _none(state: Any, game: Any) -> frozenset[int]:
    return _EMPTY


def compile_acts(acts: Any, rules: Mapping[str, Rule]) -> Selector:
    """One ``acts`` → a function (state, game) → frozenset of seats."""
    if acts == "all":
        return _all
    if acts == "none":
        return _none
    (kind, arg), = acts.items()
    if kind == "seat":
        get = getter(arg)

        def seat(state: Any, game: Any) -> frozenset[int]:
            value = get(state)
            return _EMPTY if value is None else frozenset((value,))
        return seat
    if kind == "queue":
        get = getter(arg)

        def queue(state: Any, game: Any) -> frozenset[int]:
            value = get(state)
            return frozenset((value[0],)) if value else _EMPTY
        return queue
    if kind == "seats_where":
        get = getter(arg["field"])
        values = tuple(arg["in"]) if "in" in arg else (arg["is"],)

        def seats_where(state: Any, game: Any) -> frozenset[int]:
            return frozenset(i for i, value in enumerate(get(state)) if value in values)
        return seats_where
    if arg not in rules:
        raise ValueError(f"acts names the rule {arg!r}, which the game does not register in acts_rules")
    rule = rules[arg]

    def by_rule(state: Any, game: Any) -> frozenset[int]:
        seats = rule(state)
        return seats if type(seats) is frozenset else frozenset(seats)
    return by_rule


class PhaseTable:
    """A game's phases, compiled: who acts in each, and the out-of-turn clause."""

    __slots__ = ("phases", "ids", "select", "_clause")

    def __init__(self, phases: Iterable[Phase], rules: Mapping[str, Rule] | None = None) -> None:
        rules = dict(rules or {})
        self.phases = tuple(phases)
        self.ids = tuple(p.id for p in self.phases)
        #: phase id -> compiled selector (``Game.active_players`` calls it directly)
        self.select: dict[str, Selector] = {p.id: compile_acts(p.acts, rules) for p in self.phases}
        self._clause = {p.id: p.turn_clause for p in self.phases if p.turn_clause}
        used = {p.acts["rule"] for p in self.phases if isinstance(p.acts, dict) and "rule" in p.acts}
        unused = set(rules) - used
        if unused:
            raise ValueError(f"acts_rules {sorted(unused)} are named by no phase")

    def active(self, phase: str, state: Any, game: Any) -> frozenset[int]:
        """The seats that may make a ``turn`` move in ``phase`` (``KeyError``: an undeclared phase);
        ``game`` counts the seats (``game.n_players(state)``) for ``"all"``."""
        return self.select[phase](state, game)

    def turn_clause(self, phase: str) -> str | None:
        return self._clause.get(phase)
