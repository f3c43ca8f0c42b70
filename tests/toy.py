"""A tiny game used only to test the core: players take 1-3 counters from a pile
of 10 in turn; whoever takes the last counter wins.  A "peek" move is secret
and not undoable; a "fix" move is a table correction."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core import Action, Game, IllegalAction, Move, OptionSpec, Param, SetupProblem


@dataclass
class ToyState:
    players: list[str]
    pile: int
    turn: int = 0
    phase: str = "take"
    winner: int | None = None
    peeks: list[int] = field(default_factory=list)
    marks: list[tuple[int, str, bool]] = field(default_factory=list)


def _take(state: ToyState, action: Action) -> None:
    n = action["n"]
    state.pile -= n  # mutate first: the pipeline must still leave the caller's state alone
    if state.pile < 0:
        raise IllegalAction("too_many", "toy.take.limit", n=n, left=state.pile + n)
    if state.pile == 0:
        state.winner = action.player
        state.phase = "end"
    else:
        state.turn = (state.turn + 1) % len(state.players)


def _peek(state: ToyState, action: Action) -> None:
    state.peeks.append(action["value"])


def _fix(state: ToyState, action: Action) -> None:
    state.pile = action["pile"]


def _mark(state: ToyState, action: Action) -> None:
    state.marks.append((action["seat"], action["colour"], action.get("loud", False)))


class Toy(Game[ToyState]):
    id = "toy"
    min_players = 2
    max_players = 4
    flow_rule = "toy.flow"
    options = (OptionSpec("pile", "int", 10, min=1, max=50),)
    moves = {
        "take": Move("take", _take, frozenset({"take"}), "turn", {"n": Param("int", min=1, max=3)}),
        "peek": Move("peek", _peek, frozenset({"take"}), "seat", {"value": Param("int")}, secret=True, undoable=False),
        "fix": Move("fix", _fix, None, "table", {"pile": Param("int", min=0)}, correction=True),
        "mark": Move("mark", _mark, None, "table", {"seat": Param("seat"), "colour": Param("str", choices=("red", "blue")),
                                                    "loud": Param("bool", required=False)}, correction=True),
    }

    def validate_game_setup(self, players, options):
        return [SetupProblem("pile_too_small")] if options["pile"] < len(players) else []

    def new_state(self, setup):
        return ToyState(list(setup.players), setup.options["pile"])

    def active_players(self, state):
        return frozenset() if state.phase == "end" else frozenset({state.turn})

    def winners(self, state):
        return [] if state.winner is None else [state.winner]

    def scores(self, state):
        return [10.0 if seat == state.winner else 0.0 for seat in range(len(state.players))]

    def legal_actions(self, state):
        if state.phase == "end":
            return []
        return [Action.make("take", state.turn, n=n) for n in (1, 2, 3) if n <= state.pile]

    def view(self, state, reveal=False):
        return {"pile": state.pile}


TOY = Toy()
GAME = TOY
