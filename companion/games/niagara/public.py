"""What Niagara's screen may import: labels, constants, the state type and read-only helpers."""

from .facts import FALLS, LOST, SHORE, facts
from .game import meets_goal, needs, river_flow
from .state import NiagaraState

__all__ = ["FALLS", "LOST", "SHORE", "NiagaraState", "facts", "meets_goal", "needs", "river_flow"]
