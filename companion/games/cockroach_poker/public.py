"""What Cockroach Poker's screen may import: labels, constants and pure table helpers (no engine internals)."""

from .game import ANSWERS, CREATURES, LOSE_ALL, LOSE_SAME, CockroachState, taker

__all__ = ["ANSWERS", "CREATURES", "LOSE_ALL", "LOSE_SAME", "CockroachState", "taker"]
