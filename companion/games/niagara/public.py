"""What Niagara's screen may import: labels, constants and the state type.

The screen reads the board (flow, what each player still needs, whether a
goal is met) from ``GAME.observe(state)["public"]``; nothing here changes a state.
"""

from .facts import FALLS, LOST, SHORE, facts
from .state import NiagaraState

__all__ = ["FALLS", "LOST", "SHORE", "NiagaraState", "facts"]
