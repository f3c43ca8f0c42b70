"""The default ``Game.clone``: a copy driven by the state dataclass's fields.

Plain values (numbers, strings, ``None``, frozensets) are shared; lists, dicts
and sets are copied, nested dataclasses cloned field by field, and tuples
(NamedTuples included) shared when everything in them is plain.  Anything else
falls back to :func:`copy.deepcopy`.  A game overrides ``clone`` only when a
hand-written copy is measured faster, and says so with the figure.
"""

from __future__ import annotations

import copy
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")

_PLAIN = frozenset({int, str, float, bool, type(None), bytes, frozenset, complex})
_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    return names


def _plain_tuple(value: tuple[Any, ...]) -> bool:
    return all(type(x) in _PLAIN or (isinstance(x, tuple) and _plain_tuple(x)) for x in value)


def clone_value(value: T) -> T:
    """An independent copy of ``value`` (see the module docstring)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [x if type(x) in _PLAIN else clone_value(x) for x in value]  # type: ignore[return-value,attr-defined]
    if kind is dict:
        return {k: (x if type(x) in _PLAIN else clone_value(x))  # type: ignore[return-value]
                for k, x in value.items()}  # type: ignore[attr-defined]
    if kind is set:
        return set(value)  # type: ignore[return-value,arg-type]
    if issubclass(kind, tuple) and _plain_tuple(value):  # type: ignore[arg-type]
        return value
    if kind in _FIELDS or is_dataclass(kind):
        return clone_dataclass(value)
    return copy.deepcopy(value)


def clone_dataclass(state: T) -> T:
    """A copy of a dataclass instance, each field cloned with :func:`clone_value`."""
    cls = type(state)
    new = object.__new__(cls)
    for name in _field_names(cls):
        object.__setattr__(new, name, clone_value(getattr(state, name)))
    return new
