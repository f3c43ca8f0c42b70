"""The shared referee core: actions, errors, games, sessions, storage."""

from .actions import Action
from .errors import (AmbiguousAction, IllegalAction, MalformedAction, RefereeError, SetupError, SetupProblem,
                     StaleTable)
from .events import END, Event, private, public, reveal, shown, stand_in, visible
from .legal import LegalActions
from .game import Game, Move, OptionSpec, Param, TableSetup, bad_arg, move, moves_table, number_problem
from .session import Session

__all__ = [
    "END", "Action", "AmbiguousAction", "Event", "Game", "LegalActions", "IllegalAction", "MalformedAction", "Move",
    "OptionSpec", "Param", "RefereeError", "Session", "SetupError", "SetupProblem", "StaleTable", "TableSetup",
    "bad_arg", "move", "moves_table", "number_problem", "private", "public", "reveal", "shown", "stand_in",
    "visible",
]
