"""What I'm the Boss's screen may import: labels, constants and pure table helpers (no engine internals)."""

from .game import FACTS, SHORT, BossState, split_payout

__all__ = ["FACTS", "SHORT", "BossState", "split_payout"]
