"""What Saboteur's screen may import: labels, constants and pure table helpers (no engine internals)."""

from .facts import gold_cards_drawn, saboteur_range
from .game import GOLD_VALUES, SaboteurState

__all__ = ["GOLD_VALUES", "SaboteurState", "gold_cards_drawn", "saboteur_range"]
