"""I'm the Boss score sheet; see game.py."""

from .game import (GAME, BossState, ImTheBoss, draw_count, end_numbers, hand_limit, last_deal_number,
                   setup_summary, split_payout, tile_for_deal, value_range)

__all__ = ["GAME", "BossState", "ImTheBoss", "draw_count", "end_numbers", "hand_limit", "last_deal_number",
           "setup_summary", "split_payout", "tile_for_deal", "value_range"]
