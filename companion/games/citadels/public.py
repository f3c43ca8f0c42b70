"""What Citadels' screen may import: labels, constants and pure table helpers (no engine internals)."""

from .facts import COLOURS, FACTS, KING, RANKS, SPECIAL, character, destroy_cost, draft_rules
from .game import CitadelsState

__all__ = ["COLOURS", "FACTS", "KING", "RANKS", "SPECIAL", "CitadelsState", "character", "destroy_cost",
           "draft_rules"]
