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
from typing import Any

import flet as ft
from flet.messaging.protocol import configure_encode_object_for_msgpack

_snapshot = configure_encode_object_for_msgpack(ft.BaseControl)


def thaw(root: Any) -> int:
    """Make every reconciled control under ``root`` updatable in place again;
    returns how many were thawed."""
    thawed = 0
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
        if isinstance(item, ft.BaseControl) and "_frozen" in item.__dict__:
            del item._frozen
            thawed += 1
        fields = _snapshot(item)  # records the __prev_* snapshots, as a send does
        stack.extend(v for v in fields.values() if isinstance(v, (list, tuple, dict)) or dataclasses.is_dataclass(v))
    return thawed
