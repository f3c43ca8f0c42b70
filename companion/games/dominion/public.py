"""What Dominion's screen may import: labels, constants and pure table helpers (no engine internals)."""

from .facts import SCORING
from .game import DominionState

__all__ = ["SCORING", "DominionState"]
