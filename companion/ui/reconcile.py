"""Redraw only what changed: a rebuilt screen is reconciled against the one
shown, then made editable in place again.

Every redraw builds the screen afresh from the table's state (views keep no
state of their own).  ``App`` gives each screen's root a stable ``key``; Flet
1.0 then compares the new tree with the shown one field by field and sends only
the differences, so the phone repaints what changed instead of a whole new
page.  Flet marks the controls it reconciled this way ``_frozen`` and never
records their "last sent" snapshots, so a later in-place change of one of them
(a half-filled form redrawn with ``control.update()``) would not be noticed and
never reach the phone.  :func:`thaw` gives those controls what a first send
would have: no ``_frozen`` mark, and the snapshots of their lists, dicts and
nested controls as they are now (what the phone shows after the patch).
"""

from __future__ import annotations

import dataclasses
import weakref
from typing import Any, Callable, Iterable

import flet as ft
from flet.controls.value_types import _UNSET, Value
from flet.messaging.protocol import configure_encode_object_for_msgpack

from .taps import controls

_snapshot = configure_encode_object_for_msgpack(ft.BaseControl)


def _walk(root: Any, visit: Callable[[Any], Iterable[Any] | None]) -> int:
    """Visit every dataclass under ``root`` (through lists, tuples and dicts),
    each once; ``visit(item)`` returns the values to walk on from it, or None
    for an item it leaves alone.  Returns how many controls were visited and
    not left alone."""
    counted = 0
    stack = [root]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
            continue
        if isinstance(item, dict):
            stack.extend(item.values())
            continue
        if not dataclasses.is_dataclass(item) or isinstance(item, type) or id(item) in seen:
            continue
        seen.add(id(item))
        onward = visit(item)
        if onward is not None:
            counted += isinstance(item, ft.BaseControl)
            stack.extend(onward)
    return counted


def thaw(root: Any) -> int:
    """Make every reconciled control under ``root`` updatable in place again;
    returns how many were thawed.

    Only reconciled (``_frozen``) objects are visited: anything else in a
    freshly drawn screen was sent whole, and a send records the snapshots of
    everything under it, so nothing below it was reconciled."""
    def visit(item: Any) -> Iterable[Any] | None:
        if "_frozen" not in getattr(item, "__dict__", ()):
            return None
        del item._frozen
        return record_snapshots(item)

    return _walk(root, visit)


def record_snapshots(item: Any) -> list[Any]:
    """Record on ``item`` the ``__prev_*`` snapshots a send records (its
    lists, dicts and nested values as they are now); returns those values.

    For controls and Flet's value types this is the snapshot part of Flet
    1.0.5's encoder (``flet/messaging/protocol.py``, its fast path) without
    the message it also builds -- a third of the cost; anything else goes
    through the encoder itself.  ``tests/test_reconcile.py`` holds the two
    equal on every game's table screen."""
    values = getattr(item, "_values", None)
    structural = getattr(type(item), "_structural_fields", None)
    if values is None or structural is None or not isinstance(item, (ft.BaseControl, Value)):
        fields = _snapshot(item)
        return [v for v in fields.values() if isinstance(v, (list, tuple, dict)) or dataclasses.is_dataclass(v)]
    lists: dict[str, Any] = {}
    dicts: dict[str, Any] = {}
    classes: dict[str, Any] = {}
    root_defaults = getattr(type(item), "_root_defaults", {})
    for name, value in values.items():
        if value is None:
            continue
        default = root_defaults.get(name, _UNSET)
        if default is not _UNSET and value == default:
            continue
        if dataclasses.is_dataclass(value):
            classes[name] = value
        elif isinstance(value, list):
            lists[name] = value[:]
        elif isinstance(value, dict):
            dicts[name] = value.copy()
    for name in structural:
        value = getattr(item, name)
        if isinstance(value, list):
            lists[name] = value[:]
        elif isinstance(value, dict):
            dicts[name] = value.copy()
        elif dataclasses.is_dataclass(value):
            classes[name] = value
    setattr(item, "__prev_lists", lists)
    setattr(item, "__prev_dicts", dicts)
    setattr(item, "__prev_classes", classes)
    return [*lists.values(), *dicts.values(), *classes.values()]


#: what a send (or thaw) records on a control: its lists, dicts and nested values as sent
SNAPSHOTS = ("__prev_lists", "__prev_dicts", "__prev_classes")


def forget(root: Any, keep: Any = None) -> int:
    """Drop the snapshots of the shown screen ``root`` just before a redraw
    replaces it (all but ``keep``, a control the new screen shows again);
    returns how many controls had them.

    The redraw compares the new tree with the shown one value by value and
    never reads these snapshots -- but Flet, listing what the redraw removed,
    walks the whole subtree of every shown control that has them, once per
    control: with :func:`thaw`'s snapshots on every control of a Manila screen
    that was some 60,000 steps a redraw (a quarter of its server time).
    Without them it lists each replaced control once, as it does for a screen
    it reconciled itself."""
    def visit(item: Any) -> Iterable[Any] | None:
        held = getattr(item, "__dict__", None)
        if item is keep or held is None:
            return None
        snapshots = [held.pop(name) for name in SNAPSHOTS if name in held]
        return [v for snapshot in snapshots for v in snapshot.values()] if snapshots else None

    return _walk(root, visit)


def in_place(shown: Any, new: Any) -> bool:
    """Have Flet reconcile ``new`` with ``shown`` (the control it replaces in a
    field of its own, not in a list) field by field, as it does a keyed control
    in a list; returns whether it will.

    Flet 1.0.5 reconciles a rebuilt control with the one shown only in a list
    (a matching ``key``) or under a reconciled parent.  A control assigned to a
    single field of a control that is not reconciled itself -- the page's app
    bar, ``View.appbar`` -- is replaced whole at every redraw, keys or no keys:
    the bar, its title and every action button (1.3 kB), and the phone builds
    the bar anew.  Marking the new one ``_frozen`` (what Flet's components do
    with what they render) takes it down the reconciling path: only what
    changed is sent.  :func:`thaw` then removes the mark, as for every
    reconciled control.  Only when the two are of one type with one key and
    ``shown`` was sent (it has an id the phone knows)."""
    if shown is None or new is None or shown is new or type(shown) is not type(new):
        return False
    if getattr(shown, "key", None) is None or getattr(shown, "key", None) != getattr(new, "key", None):
        return False
    if not isinstance(new, ft.BaseControl) or getattr(shown, "_i", None) is None:
        return False
    object.__setattr__(new, "_frozen", True)
    return True


def keep_unchanged(root: Any, key: str, shown: Any) -> Any:
    """Show the control drawn last time again if the new drawing equals it.

    ``root``: the screen just built; ``key``: the key of the control whose
    ``content`` may be unchanged (the board's pane); ``shown``: that content
    as shown now (what this returned last time), or None.  Flet compares an
    unchanged board field by field on every redraw -- about 20 ms of a Manila
    bid's 45, for a board the bid does not touch -- but skips an object it has
    already sent.  So when the new content equals the shown one (dataclass
    equality: every value, key and handler; an event handler drawn anew is a
    new function, so a board with anything to tap is never kept: its taps
    belong to the new rev), the shown object takes its place.  What reaches
    the phone is the same either way.  Returns the content now in place."""
    holder = next((c for c in controls(root) if getattr(c, "key", None) == key), None)
    if holder is None:
        return None
    content = getattr(holder, "content", None)
    if shown is not None and content is not None and content is not shown and content == shown:
        # not through the field's setter, which keeps the new object when the two are equal
        holder._values["content"] = shown
        shown._parent = weakref.ref(holder)  # as Flet's own reconciliation does for a kept child
        return shown
    return content
