"""The shared referee core: actions, errors, games, sessions, storage."""

from .actions import Action
from .errors import (AmbiguousAction, IllegalAction, MalformedAction, RefereeError, SetupError, SetupProblem,
                     StaleTable)
from .game import Game, Move, OptionSpec, Param, TableSetup
from .session import Session

__all__ = [
    "Action", "AmbiguousAction", "Game", "IllegalAction", "MalformedAction", "Move",
    "OptionSpec", "Param", "RefereeError", "Session", "SetupError", "SetupProblem", "StaleTable", "TableSetup",
]
