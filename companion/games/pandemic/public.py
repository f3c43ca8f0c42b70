"""What Pandemic's screen may import: labels, constants and pure table helpers (no engine internals)."""

from .facts import fact
from .game import COLOURS, EVENTS, PandemicState

__all__ = ["COLOURS", "EVENTS", "PandemicState", "fact"]
