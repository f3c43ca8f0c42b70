"""What Manila's screen may import: labels, constants, the state type and read-only helpers.

The view reads everything else from ``GAME.observe(state)["public"]``; nothing
here changes a state.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from .account import SETTLED, voyage_account
from .facts import INSURANCE, PILOT_SPACES, PILOTS, PIRATE, load
from .money import credit, share_cost
from .moves import open_spaces
from .odds import compute as odds
from .state import BANK, ManilaState


def roll_dice(boats: Sequence[str], rng: random.Random | None = None) -> Mapping[str, int]:
    """One die per boat at sea, as the table would roll them (each face of
    ``die_min``..``die_max`` equally likely): for "let the app roll the dice".
    The result is a suggestion the players see and then enter as a ``roll``."""
    facts = load()
    rng = rng or random.Random()
    return {ware: rng.randint(facts.die_min, facts.die_max) for ware in boats}


__all__ = ["BANK", "SETTLED", "INSURANCE", "PILOT_SPACES", "PILOTS", "PIRATE", "ManilaState", "credit", "load", "odds", "open_spaces", "roll_dice",
           "share_cost", "voyage_account"]
