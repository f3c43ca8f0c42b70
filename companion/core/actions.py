"""The one small action type shared by every game.

An action is ``type`` + the acting seat (``player``, or ``None`` for the table
itself: a die value entered, a correction) + named arguments holding plain JSON
values.  Its JSON form is flat, one object per line of a transcript::

    {"type": "bid", "player": 1, "amount": 7}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from .errors import MalformedAction

_RESERVED = ("type", "player")
#: argument values an action stores as given (everything else is frozen: a list as a tuple)
SCALAR_TYPES = frozenset({int, str, bool, float, type(None)})


class _FrozenDict(tuple):  # type: ignore[type-arg]
    """A dict argument made hashable: sorted (key, value) pairs."""

    __slots__ = ()


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return _FrozenDict(sorted((str(k), _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, _FrozenDict):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    type: str
    player: int | None = None
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, type: str, player: int | None = None, **args: Any) -> "Action":
        if not args:
            return cls(type, player)
        return cls(type, player, tuple(sorted([(k, v if v.__class__ in SCALAR_TYPES else _freeze(v))
                                              for k, v in args.items()])))

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return _thaw(v)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return _thaw(v)
        return default

    def __contains__(self, key: str) -> bool:
        return any(k == key for k, _ in self.args)

    def keys(self) -> Iterator[str]:
        return (k for k, _ in self.args)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.player is not None:
            out["player"] = self.player
        for k, v in self.args:
            out[k] = _thaw(v)
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        if not isinstance(data, Mapping):
            raise MalformedAction("not_an_object", None, got=type(data).__name__)
        kind = data.get("type")
        if not isinstance(kind, str) or not kind:
            raise MalformedAction("missing_type", None)
        player = data.get("player")
        if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
            raise MalformedAction("bad_player", None, player=player)
        args = {k: v for k, v in data.items() if k not in _RESERVED}
        return cls.make(kind, player, **args)

    def __str__(self) -> str:
        who = "" if self.player is None else f"#{self.player} "
        rest = " ".join(f"{k}={_thaw(v)}" for k, v in self.args)
        return f"{who}{self.type} {rest}".strip()
