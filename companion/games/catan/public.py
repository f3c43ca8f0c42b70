"""What Catan's screen may import: labels, constants and pure table helpers (no engine internals)."""

from .facts import BUILDS, FACTS, GENERIC, cost, robber_discard
from .game import CatanState

__all__ = ["BUILDS", "FACTS", "GENERIC", "CatanState", "cost", "robber_discard"]
