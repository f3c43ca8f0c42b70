"""What Manila's screen may import: labels, constants, the state type and read-only helpers.

The view reads everything else from ``GAME.view(state)``; nothing here changes a state.
"""

from .facts import INSURANCE, load
from .flow import at_sea
from .money import credit, share_cost
from .moves import open_spaces
from .odds import compute as odds
from .state import BANK, ManilaState

__all__ = ["BANK", "INSURANCE", "ManilaState", "at_sea", "credit", "load", "odds", "open_spaces", "share_cost"]
