"""What Kutschfahrt's screen may import: labels, constants and pure table helpers (no engine internals)."""

from .game import FACTS, ITEMS, TEAMS, CoachState, fight_winner, judge_claim

__all__ = ["FACTS", "ITEMS", "TEAMS", "CoachState", "fight_winner", "judge_claim"]
