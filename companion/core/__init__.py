"""The shared referee core: actions, errors, games, sessions, storage."""

from .actions import Action
from .errors import (AmbiguousAction, IllegalAction, MalformedAction, RefereeError, SetupError, SetupProblem,
                     StaleTable)
from .legal import LegalActions
from .game import Game, Move, OptionSpec, Param, TableSetup, bad_arg, move, moves_table, number_problem
from .session import Session

__all__ = [
    "Action", "AmbiguousAction", "Game", "LegalActions", "IllegalAction", "MalformedAction", "Move",
    "OptionSpec", "Param", "RefereeError", "Session", "SetupError", "SetupProblem", "StaleTable", "TableSetup",
    "bad_arg", "move", "moves_table", "number_problem",
]
