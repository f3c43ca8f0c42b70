"""Die Kutschfahrt zur Teufelsburg table helper; see game.py."""

from .game import (GAME, CoachState, Kutschfahrt, fight_winner, judge_claim, loge_points, minority,
                   setup_summary, victory_points)

__all__ = ["GAME", "CoachState", "Kutschfahrt", "fight_winner", "judge_claim", "loge_points", "minority",
           "setup_summary", "victory_points"]
