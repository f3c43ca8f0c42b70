"""What Mamma Mia's screen may import: labels, constants and pure table helpers (no engine internals)."""

from .facts import KINDS, fact, scarcest
from .game import SPECIALS, MammaMiaState

__all__ = ["KINDS", "SPECIALS", "MammaMiaState", "fact", "scarcest"]
