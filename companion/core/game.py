"""What a game is: facts as data, moves as data, one legality pipeline.

A game subclasses :class:`Game`, declares its ``moves`` (name → :class:`Move`)
and implements ``new_state`` and the hooks it needs.  Who acts in each phase is
data (the facts.json header, :mod:`companion.core.phases`), so
``active_players`` comes from the phase table.  The pipeline in
:meth:`Game.apply` is fixed (boardgame.io's order):

1. well-formed?  unknown type, unknown/missing/wrongly typed argument, a seat
   that does not exist → :class:`MalformedAction`;
2. is the game still running? → ``game_over``;
3. allowed in this phase? → ``wrong_phase``;
4. this player's turn (a seat the phase table names)? → ``not_your_turn``;
5. the move's own check, run on a *clone* of the state → any
   :class:`IllegalAction` the move raises.

Because step 5 mutates a clone, a rejected action leaves the caller's state
exactly as it was, whatever the move did before raising.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field, is_dataclass
from typing import Any, Callable, Generic, Iterable, Literal, Mapping, Sequence, TypeVar

from ..inputgate import lookalikes, name_problem, normal_name, shown
from .actions import SCALAR_TYPES, Action
from .clone import clone_dataclass
from .errors import IllegalAction, MalformedAction, RefereeError, SetupProblem
from .events import END, Event, private, public, stand_in
from .facts import header as facts_header
from .options import OptionSpec
from .phases import PhaseTable, Rule

S = TypeVar("S")

ParamKind = Literal["int", "str", "bool", "int_list", "str_list", "seat", "seat_list", "json"]
#: kinds taking one plain value: they refuse a frozen list (a tuple) as they would the list
_SCALAR_KINDS = frozenset({"int", "str", "bool", "seat"})


@dataclass(frozen=True, slots=True)
class Param:
    """One named argument of a move. ``choices`` restricts a str/int value."""

    kind: ParamKind
    required: bool = True
    choices: tuple[Any, ...] | None = None
    min: int | None = None
    max: int | None = None


Actor = Literal["turn", "seat", "table"]


@dataclass(frozen=True)
class Move(Generic[S]):
    """A move declared as data.

    ``actor``: ``turn`` — a seat among :meth:`Game.active_players`; ``seat`` —
    any seat, at any moment the phase allows (a loan); ``table`` — the people at
    the table, no seat needed (a die value, a correction).
    ``secret``: its arguments are entered behind a hand-the-phone screen and
    never shown on the shared view.  ``undoable=False``: once made it cannot be
    taken back (a revealed secret).  ``correction``: the table fixing the app;
    allowed even after the game ended.
    """

    name: str
    run: Callable[[S, Action], None]
    phases: frozenset[str] | None = None
    actor: Actor = "turn"
    params: Mapping[str, Param] = field(default_factory=dict)
    rule: str | None = None
    undoable: bool = True
    secret: bool = False
    correction: bool = False
    #: a free-form (``json``) argument: the move checks its shape itself (set from ``params``)
    free_form: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "free_form", any(p.kind == "json" for p in self.params.values()))


def move(name: str, run: Callable[[S, Action], None], phases: Iterable[str] | None, rule: str | None,
         actor: Actor = "turn", params: Mapping[str, Param] | None = None, **flags: bool) -> Move[S]:
    """The one Move builder: ``phases`` any iterable (None: every phase), ``params``
    optional, ``flags`` the Move's booleans (``secret``, ``undoable``, ``correction``)."""
    return Move(name, run, None if phases is None else frozenset(phases), actor, dict(params or {}), rule=rule,
                **flags)


def moves_table(*moves: Move[S]) -> dict[str, Move[S]]:
    """The one moves-table builder: name -> Move, in declaration order; a name twice is a bug."""
    table: dict[str, Move[S]] = {}
    for m in moves:
        if m.name in table:
            raise ValueError(f"move {m.name!r} declared twice")
        table[m.name] = m
    return table


@dataclass(frozen=True)
class TableSetup:
    players: tuple[str, ...]
    options: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "options": dict(self.options)}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
_NUMBER_KINDS = ("int", "seat", "int_list", "seat_list")


def written(value: Any) -> str:
    """How a value was written in the JSON line ("3" with its quotes, null, true), short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def bad_arg(action: str, arg: str, value: Any, why: str | None = None, item: Any = None,
            **extra: Any) -> MalformedAction:
    """The one refusal of an argument of the wrong kind or outside its values (code
    ``bad_arg``, every game alike); ``why`` picks the message that says what is wrong:
    ``text`` (a whole number written as text, "3"), ``number`` (a whole number is wanted),
    ``min``/``max``/``range``, ``seat``, ``choice``, ``bool``, ``str``, ``list``.  ``item``:
    the value at fault inside a list (else ``value`` itself), ``shown`` as it was written."""
    params: dict[str, Any] = {"action": action, "arg": arg, "value": value}
    if why is not None:
        item = value if item is None else item
        params.update(why=why, item=item, shown=written(item), **extra)
    return MalformedAction("bad_arg", None, **params)


def number_problem(value: Any) -> str | None:
    """Why ``value`` is no whole number (``text`` for "3", ``number`` otherwise), or None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return None
    return "text" if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value.strip()) else "number"


def _arg_problem(param: Param, value: Any, n_players: int) -> tuple[Any, str, dict[str, Any]] | None:
    """(the value at fault, why, its message's extra fields) if ``value`` does not fit
    ``param``, else None.  A list kind names the first item at fault."""
    kind = param.kind
    if kind == "json":
        return None
    if kind == "bool":
        return None if isinstance(value, bool) else (value, "bool", {})
    if kind.endswith("_list"):
        if not isinstance(value, list):
            return value, "list", {}
        items = value
    else:
        items = [value]
    for item in items:
        if kind in _NUMBER_KINDS:
            why = number_problem(item)
            if why:
                return item, why, {}
        elif kind in ("str", "str_list") and not isinstance(item, str):
            return item, "str", {}
        if kind in ("seat", "seat_list"):
            if not 0 <= item < n_players:
                return item, "seat", {"last": n_players - 1}
            continue
        if param.choices is not None and item not in param.choices:
            return item, "choice", {"choices": [str(c) for c in param.choices]}
        if _is_int(item):
            low = param.min is not None and item < param.min
            high = param.max is not None and item > param.max
            if low or high:
                if param.min is not None and param.max is not None:
                    return item, "range", {"min": param.min, "max": param.max}
                return (item, "min", {"min": param.min}) if low else (item, "max", {"max": param.max})
    return None


def _type_ok(param: Param, value: Any, n_players: int) -> bool:
    return _arg_problem(param, value, n_players) is None


class Game(Generic[S]):
    """Base of every game engine (referee or score sheet)."""

    id: str = ""
    kind: Literal["referee", "scoresheet"] = "referee"
    min_players: int = 2
    max_players: int = 10
    options: tuple[OptionSpec, ...] = ()
    moves: Mapping[str, Move[S]] = {}
    #: clause cited when an action comes in the wrong phase or out of turn
    flow_rule: str = ""
    #: whether a higher final score is better (False: e.g. penalty cards)
    high_score_wins: bool = True
    #: table options under which random legal play is sure to end (used by the
    #: generic random-playout test, e.g. a round limit where random canoes
    #: rarely bring gems home); real tables use the defaults
    random_playout_options: Mapping[str, Any] = {}
    #: every phase the state can be in (facts.json header ``phases``, their ids)
    phases: tuple[str, ...] = ()
    #: who acts in each phase, compiled from the header (None: the game writes
    #: ``active_players`` itself)
    phase_table: PhaseTable | None = None
    #: the game's named selectors for ``{"acts": {"rule": name}}`` phases
    acts_rules: Mapping[str, Rule] = {}
    #: ``phase_table.select`` (phase id -> compiled selector), read by active_players
    _acts: Mapping[str, Callable[[Any, Any], frozenset[int]]] | None = None

    def __init_subclass__(cls, facts: bool = False, **kwargs: Any) -> None:
        """``class Manila(Game[ManilaState], facts=True)``: players, options and
        phases (with who acts in each) come from the common header of
        ``rules_data/<id>/facts.json``."""
        super().__init_subclass__(**kwargs)
        if facts:
            head = facts_header(cls.id)
            cls.min_players, cls.max_players = head.min_players, head.max_players
            cls.options, cls.phases = head.options, head.phases
            try:
                cls.phase_table = PhaseTable(head.phase_specs, cls.acts_rules)
            except ValueError as exc:
                raise TypeError(f"{cls.__name__}: {exc}") from None
        if cls.phase_table is not None:  # from the header, or a table the class built itself
            cls._acts = cls.phase_table.select

    # ----- setup -------------------------------------------------------------
    def resolve_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; raises ValueError on an unknown key or bad value."""
        raw = dict(raw or {})
        out: dict[str, Any] = {}
        specs = {o.key: o for o in self.options}
        for key in raw:
            if key not in specs:
                raise ValueError(f"unknown option {key!r}")
        for spec in self.options:
            out[spec.key] = spec.parse(raw[spec.key]) if spec.key in raw else spec.default
        return out

    def validate_setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> list[SetupProblem]:
        problems: list[SetupProblem] = []
        n = len(players)
        if n < self.min_players or n > self.max_players:
            problems.append(SetupProblem("player_count", count=n, min=self.min_players, max=self.max_players))
        names = [normal_name(p) if isinstance(p, str) else "" for p in players]  # é typed either way is é
        reported: set[str] = set()
        for p in players:
            problem = name_problem(p)
            if problem is not None and problem[0] not in reported:
                reported.add(problem[0])  # one problem of each kind is enough to fix the form
                problems.append(SetupProblem(problem[0], **problem[1]))
        seen: set[str] = set()
        for p in names:
            if p and p.casefold() in seen:
                problems.append(SetupProblem("duplicate_name", name=p))
            seen.add(p.casefold())
        for name, other in lookalikes([p for p in players if isinstance(p, str) and name_problem(p) is None]):
            problems.append(SetupProblem("lookalike_name", name=shown(name), other=shown(other)))
        specs = {o.key: o for o in self.options}
        for key, value in dict(options or {}).items():
            spec = specs.get(key)
            if spec is None:
                problems.append(SetupProblem("unknown_option", option=shown(key)))
                continue
            try:
                spec.parse(value)
            except (ValueError, TypeError):
                problems.append(SetupProblem("bad_option", option=shown(key), value=shown(value)))
        if not problems:
            problems.extend(self.validate_game_setup(tuple(names), self.resolve_options(options)))
        return problems

    def validate_game_setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> list[SetupProblem]:
        """Game-specific setup checks (e.g. a 2-player game needs an option)."""
        return []

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> TableSetup:
        from .errors import SetupError

        problems = self.validate_setup(players, options)
        if problems:
            raise SetupError(problems)
        return TableSetup(tuple(normal_name(p) for p in players), self.resolve_options(options))

    def new_state(self, setup: TableSetup) -> S:
        raise NotImplementedError

    # ----- flow --------------------------------------------------------------
    def phase(self, state: S) -> str:
        return getattr(state, "phase")

    def active_players(self, state: S) -> frozenset[int]:
        """Seats that may make a ``turn`` move now: by default what the phase
        table says for the state's phase."""
        acts = self._acts
        if acts is None:
            raise NotImplementedError(f"{type(self).__name__} declares no phases with acts")
        return acts[self.phase(state)](state, self)

    def is_over(self, state: S) -> bool:
        return self.phase(state) == "end"

    def winners(self, state: S) -> list[int]:
        return []

    def n_players(self, state: S) -> int:
        return len(getattr(state, "players"))

    def clone(self, state: S) -> S:
        """A copy the pipeline may mutate: driven by the state dataclass's fields
        (see :mod:`companion.core.clone`); deepcopy for anything else."""
        if is_dataclass(state):
            return clone_dataclass(state)
        return copy.deepcopy(state)

    # ----- the pipeline ------------------------------------------------------
    def check_form(self, state: S, action: Action) -> Move[S]:
        move = self.moves.get(action.type)
        if move is None:
            raise MalformedAction("unknown_action", None, action=action.type, game=self.id)
        n = self.n_players(state)
        player = action.player
        if player is None:
            if move.actor != "table":
                raise MalformedAction("missing_player", None, action=action.type)
        elif not 0 <= player < n:
            raise MalformedAction("bad_player", None, player=player)
        params = move.params
        if not params and not action.args:
            return move
        given = dict(action.args)  # frozen values: a list argument is a tuple here
        for key in given:
            if key not in params:
                raise MalformedAction("unknown_arg", None, action=action.type, arg=key)
        for key, param in params.items():
            if key not in given:
                if param.required:
                    raise MalformedAction("missing_arg", None, action=action.type, arg=key)
                continue
            value = given[key]
            if not (type(value) in SCALAR_TYPES or type(value) is tuple and param.kind in _SCALAR_KINDS):
                value = action[key]  # thawed: lists and objects as the move reads them
            problem = _arg_problem(param, value, n)
            if problem is not None:
                item, why, extra = problem
                raise bad_arg(action.type, key, action[key], why, item, **extra)
        return move

    def check_flow(self, state: S, action: Action, move: Move[S]) -> None:
        if not move.correction and self.is_over(state):
            raise IllegalAction("game_over", self.flow_rule or None, action=action.type)
        phase = self.phase(state)
        if move.phases is not None and phase not in move.phases:
            raise IllegalAction("wrong_phase", move.rule or self.flow_rule or None, action=action.type, phase=phase)
        if move.actor == "turn":
            active = self.active_players(state)
            if action.player not in active:
                table = self.phase_table
                clause = table.turn_clause(phase) if table is not None else None
                raise IllegalAction("not_your_turn", clause or move.rule or self.flow_rule or None,
                                    action=action.type, player=action.player, expected_players=sorted(active))

    def apply(self, state: S, action: Action) -> S:
        """Return the state after ``action``; ``state`` itself is never changed."""
        move = self.check_form(state, action)
        self.check_flow(state, action, move)
        new = self.clone(state)
        if move.free_form:
            # free-form arguments are checked by the move itself: a shape it did
            # not expect (a number where a list belongs) is malformed input
            try:
                move.run(new, action)
            except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
                raise MalformedAction("bad_value", None, action=action.type) from exc
        else:
            move.run(new, action)
        return new

    def is_legal(self, state: S, action: Action) -> bool:
        try:
            self.apply(state, action)
        except RefereeError:
            return False
        return True

    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action now, in a deterministic order.

        Games whose moves are finite override this.  Corrections are never
        listed: they are the table's escape hatch, not a move.
        """
        raise NotImplementedError

    def undoable(self, action: Action) -> bool:
        move = self.moves.get(action.type)
        return move.undoable if move is not None else True

    # ----- what the screen and the CLI show -------------------------------
    def prompt(self, state: S) -> dict[str, Any]:
        """The "now" banner: whose decision (seats) and a message code."""
        return {"code": f"phase.{self.phase(state)}", "players": sorted(self.active_players(state)), "params": {}}

    def view(self, state: S, reveal: bool = False) -> dict[str, Any]:
        """A JSON-able summary: the CLI prints it; ``reveal`` adds secrets."""
        raise NotImplementedError

    def observe(self, state: S, seat: int | None = None) -> dict[str, Any]:
        """What one device may show, in one call: ``public`` is the shared
        board (``view(state)``: no secret of any seat) and ``private`` holds
        exactly what ``seat`` may see besides (empty for ``seat=None``, the
        host's shared screen).  Screens show this; none filters secrets itself."""
        public = self.view(state, reveal=False)
        private = {} if seat is None else self.seat_secrets(state, seat)
        return {"seat": seat, "public": public, "private": private}

    def seat_secrets(self, state: S, seat: int) -> dict[str, Any]:
        """One seat's secrets.  By default: the entries of that seat's row in
        ``view(..)["players"]`` that ``reveal=True`` adds or changes (a game
        whose hidden information lies elsewhere overrides this)."""
        public = self.view(state, reveal=False).get("players")
        full = self.view(state, reveal=True).get("players")
        if not isinstance(public, list) or not isinstance(full, list) or not 0 <= seat < len(full):
            return {}
        mine, shown = full[seat], public[seat]
        if not isinstance(mine, dict) or not isinstance(shown, dict):
            return {}
        return {k: v for k, v in mine.items() if k not in shown or shown[k] != v}

    def summary(self, state: S, setup: TableSetup, reveal: bool = False) -> dict[str, Any]:
        """The CLI's state object: common keys plus the game's own view."""
        over = self.is_over(state)
        body = {
            "game": self.id,
            "phase": self.phase(state),
            "turn": [setup.players[i] for i in sorted(self.active_players(state))] if not over else [],
            "finished": over,
            "winners": [setup.players[i] for i in self.winners(state)] if over else [],
        }
        body.update(self.view(state, reveal=reveal))
        return body

    def scores(self, state: S) -> list[float] | None:
        """Final scores per seat for the play history (None if not scored)."""
        return None

    # ----- the table's story (events with visibility: core/events.py) ----------
    #: refusal codes whose sentence tells something hidden about a seat (its
    #: money, its hand): shown in full only to that seat (``secret_seat``)
    private_refusals: frozenset[str] = frozenset()
    #: the public number per seat the story's chart follows (a key of
    #: ``view(...)["players"][i]``); None: the first of score, money, points
    story_key: str | None = None

    def events(self, before: S, action: Action, after: S) -> list[Event]:
        """What ``action`` did, as events (see :mod:`companion.core.events`):
        the action's own line (:meth:`action_events`) then what it led to
        (:meth:`outcome_events`).  ``before``/``after`` are the states around
        it; neither may be changed."""
        return self.action_events(before, action, after) + self.outcome_events(before, action, after)

    def action_events(self, before: S, action: Action, after: S) -> list[Event]:
        """The action's own line.  A secret move is seen only by the seat that
        entered it (its ``player``, else its ``for_player``) until the game is
        over; everyone else reads that a secret was entered -- not which move,
        since the move alone may be the secret (Catan's Victory Point card).  A
        game whose secret move may be named (a sealed bid) says so itself."""
        move = self.moves.get(action.type)
        if move is not None and move.secret:
            owner = self.action_seat(action)
            return [private("action", [owner], END, action=action.to_json()),
                    stand_in("secret_entered", player=owner)]
        return [public("action", action=action.to_json())]

    def public_state(self, state: S, seen: frozenset[int] = frozenset()) -> S:
        """The state as a device that sees the secrets of ``seen`` (and no others)
        may reason about it: what the rules keep hidden for the other seats is
        replaced by what does not limit them (Modern Art's hidden money by no
        limit), so the legal moves a screen offers tell nothing of those secrets.
        Only for what a screen offers; every action still meets the real state
        (a refusal that tells a secret is one of :attr:`private_refusals`).
        By default the game hides nothing that limits a move: ``state`` itself."""
        return state

    def action_seat(self, action: Action) -> int | None:
        """The seat an action is about: its ``player``, else its first seat
        argument (a table's correction ``for_player``/``seat``)."""
        if action.player is not None:
            return action.player
        move = self.moves.get(action.type)
        for name, param in (move.params.items() if move is not None else ()):
            value = action.get(name)
            if param.kind == "seat" and isinstance(value, int) and not isinstance(value, bool):
                return value
        return None

    def outcome_events(self, before: S, action: Action, after: S) -> list[Event]:
        """What the action led to (an auction won, boats moved, payouts...)."""
        return []

    def chapter(self, state: S) -> tuple[str, int] | None:
        """Where the table is in the game (``("voyage", 3)``), to group the
        log; the state is the one before the action."""
        return None

    def secret_seat(self, state: S, error: RefereeError, action: Action | None) -> int | None:
        """The seat whose secret a refusal would tell (its code is one of
        :attr:`private_refusals`): the acting player, else the one it names."""
        if error.code not in self.private_refusals:
            return None
        seat = error.params.get("player")
        if isinstance(seat, int) and not isinstance(seat, bool):
            return seat
        return self.action_seat(action) if action is not None else None

    def story_values(self, state: S, reveal: bool = False) -> list[int | float | None] | None:
        """Each seat's number for the story's chart, from the public view
        (None for a seat whose number is hidden; ``reveal`` once the game is
        over and every secret is out)."""
        key = self.story_value_key(state, reveal)
        if key is None:
            return None
        rows = self.view(state, reveal=reveal).get("players") or []
        values = [row.get(key) if isinstance(row, dict) else None for row in rows]
        return [v if isinstance(v, (int, float)) and not isinstance(v, bool) else None for v in values]

    def story_value_key(self, state: S, reveal: bool = False) -> str | None:
        """Which number of the view's player rows the chart follows: ``story_key``,
        else the first of score, money, points that some row shows."""
        if self.story_key:
            return self.story_key
        rows = self.view(state, reveal=reveal).get("players")
        if not isinstance(rows, list) or not rows:
            return None
        for key in ("score", "money", "points"):
            if any(isinstance(row, dict) and key in row for row in rows):
                return key
        return None
