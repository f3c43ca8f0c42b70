"""What Maritime Silk Road's screen may import: labels, constants and the state type (no engine internals)."""

from .state import SPECIALS, SilkState, facts

__all__ = ["SPECIALS", "SilkState", "facts"]
