"""The default ``Game.clone``: a copy driven by the state dataclass's fields.

For each state class a copier is compiled once from its field annotations:
plain values (numbers, strings, ``None``, literals, frozensets, tuples and
NamedTuples of plain values) are shared, ``list[...]``/``dict[...]``/``set[...]``
are copied (element by element only when the elements are mutable), nested
dataclasses are copied with their own compiled copier, and a field whose type
cannot be read is copied by :func:`clone_value`, which looks at the value.
A game overrides ``clone`` only when a hand-written copy is measured faster,
and says so with the figure.
"""

from __future__ import annotations

import copy
import types
import typing
from dataclasses import fields, is_dataclass
from typing import Any, Callable, TypeVar, Union, get_args, get_origin, get_type_hints

T = TypeVar("T")

_PLAIN = frozenset({int, str, float, bool, type(None), bytes, frozenset, complex})
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _plain_tuple(value: tuple[Any, ...]) -> bool:
    return all(type(x) in _PLAIN or (isinstance(x, tuple) and _plain_tuple(x)) for x in value)


def clone_value(value: T) -> T:
    """An independent copy of ``value``, decided by looking at it."""
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
    if is_dataclass(kind):
        return clone_dataclass(value)
    return copy.deepcopy(value)


def _is_plain(tp: Any) -> bool:
    """Whether values of annotation ``tp`` are immutable (safe to share)."""
    if tp in _PLAIN or tp is typing.Literal:
        return True
    origin = get_origin(tp)
    if origin is typing.Literal:
        return True
    if origin in (Union, types.UnionType):
        return all(_is_plain(a) for a in get_args(tp))
    if origin is tuple or (isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields")):
        args = get_args(tp) if origin is tuple else tuple(get_type_hints(tp).values())
        return all(a is Ellipsis or _is_plain(a) for a in args)
    if origin is frozenset:
        return True
    if isinstance(tp, type) and is_dataclass(tp) and tp.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        try:
            return all(_is_plain(a) for a in get_type_hints(tp).values())
        except Exception:
            return False
    return False


class _Gen:
    def __init__(self) -> None:
        self.env: dict[str, Any] = {"clone_value": clone_value, "PLAIN": _PLAIN, "new_": object.__new__}
        self.n = 0

    def name(self, prefix: str, obj: Any) -> str:
        self.n += 1
        key = f"{prefix}{self.n}"
        self.env[key] = obj
        return key

    def expr(self, tp: Any, var: str) -> str | None:
        """An expression copying ``var`` of annotation ``tp``; None when it may be shared."""
        if _is_plain(tp):
            return None
        origin, args = get_origin(tp), get_args(tp)
        if origin in (Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            if len(rest) == 1 and len(args) == 2:
                inner = self.expr(rest[0], var)
                return None if inner is None else f"(None if {var} is None else {inner})"
            return f"clone_value({var})"
        if origin is list and args:
            self.n += 1
            item = f"x{self.n}"
            inner = self.expr(args[0], item)
            return f"{var}.copy()" if inner is None else f"[{inner} for {item} in {var}]"
        if origin is dict and len(args) == 2:
            self.n += 1
            key, item = f"k{self.n}", f"v{self.n}"
            inner = self.expr(args[1], item)
            return f"{var}.copy()" if inner is None else f"{{{key}: {inner} for {key}, {item} in {var}.items()}}"
        if origin is set and args and _is_plain(args[0]):
            return f"{var}.copy()"
        if isinstance(tp, type) and is_dataclass(tp):
            return f"{self.name('clone_', _copier(tp))}({var})"
        cls = origin if isinstance(origin, type) else tp
        if isinstance(cls, type) and "__deepcopy__" in vars(cls) and not is_dataclass(cls):
            # a class that says how it copies itself (core.Ledger shares its frozen chunks):
            # call it directly rather than through copy.deepcopy's dispatch
            return f"({var}.__deepcopy__({{}}) if type({var}) is {self.name('own_', cls)} else clone_value({var}))"
        return f"({var} if type({var}) in PLAIN else clone_value({var}))"


def _compile(cls: type) -> Callable[[Any], Any]:
    try:
        hints = get_type_hints(cls)
    except Exception:  # an annotation that cannot be evaluated: look at values instead
        hints = {}
    gen = _Gen()
    cls_name = gen.name("cls_", cls)
    names = [f.name for f in fields(cls)]
    has_dict = "__dict__" in dir(cls) and not hasattr(cls, "__slots__")
    body = [f"    new = new_({cls_name})"]
    if has_dict:
        # a copy of the instance dict, its mutable fields replaced by copies, given to
        # the new instance whole (measured faster than filling the new one's dict)
        body.append("    d = s.__dict__.copy()")
    for name in names:
        tp = hints.get(name, Any)
        src = f"d[{name!r}]" if has_dict else f"s.{name}"
        expr = gen.expr(tp, src)
        if has_dict:
            if expr is not None:
                body.append(f"    d[{name!r}] = {expr}")
        else:
            body.append(f"    object.__setattr__(new, {name!r}, {src if expr is None else expr})")
    if has_dict:
        body.append("    new.__dict__ = d")
    body.append("    return new")
    # the helpers are bound as default arguments: local look-ups, not global ones
    bound = ", ".join(f"{key}={key}" for key in gen.env)
    exec("\n".join([f"def clone(s, {bound}):", *body]), gen.env)  # noqa: S102 - from the class's own fields
    return gen.env["clone"]  # type: ignore[no-any-return]


def _copier(cls: type) -> Callable[[Any], Any]:
    copier = _COPIERS.get(cls)
    if copier is None:
        _COPIERS[cls] = clone_value  # recursion guard for self-referencing classes
        copier = _COPIERS[cls] = _compile(cls)
    return copier


def clone_dataclass(state: T) -> T:
    """A copy of a dataclass instance by its compiled field copier."""
    return _copier(type(state))(state)  # type: ignore[no-any-return]
