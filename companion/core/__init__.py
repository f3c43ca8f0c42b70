"""The shared referee core: actions, errors, games, sessions, storage."""

from .actions import Action
from .errors import (AmbiguousAction, IllegalAction, MalformedAction, RefereeError, SetupError, SetupProblem,
                     StaleTable)
from .events import END, Event, private, public, reveal, shown, stand_in, visible
from .legal import LegalActions
from .game import Game, Move, OptionSpec, Param, TableSetup, move, moves_table
from .session import Session

__all__ = [
    "END", "Action", "AmbiguousAction", "Event", "Game", "LegalActions", "IllegalAction", "MalformedAction", "Move",
    "OptionSpec", "Param", "RefereeError", "Session", "SetupError", "SetupProblem", "StaleTable", "TableSetup",
    "move", "moves_table", "private", "public", "reveal", "shown", "stand_in", "visible",
]
