"""What Modern Art's screen may import: labels, constants and the state type (no engine internals)."""

from .account import round_account
from .facts import load
from .state import ModernArtState

__all__ = ["ModernArtState", "load", "round_account"]
