"""What Maritime Silk Road's screen may import: labels, constants and the state type (no engine internals)."""

from .facts import SPECIALS, facts
from .state import SilkState

__all__ = ["SPECIALS", "SilkState", "facts"]
