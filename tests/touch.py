"""Tap targets read off a control tree: every control a finger presses is at
least ``TOUCH`` (48) px each way, by what it declares.  Flutter draws its
buttons 40 px high and icon buttons 40x40 where the browser does not say it is
a phone (the tester measured the shell's back button, the More button and the
seat arrows at 40x40, the rules' language switch at 32 px high), so a button
is touch-sized only by a size of its own:

* an icon button: ``size_constraints`` of at least 48x48 (``widgets.icon_button``),
  or a width and height of at least 48 (Flet lays it out in that exact box);
* the More menu: its padding around the 24 px icon;
* a text, filled or outlined button: a height of at least 48 (their width is
  at least 64 already);
* a clickable label (``widgets.chip``/``tile``, a card): a height of at least 48,
  or the invisible strut of a label of fixed width, or — a label hugging its
  text — 15 px of padding and frame above and below a line of text of 15 px or more.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.ui.widgets import TOUCH
from ui_harness import walk

ICON = 24
BUTTONS = (ft.Button, ft.TextButton, ft.OutlinedButton)  # FilledButton and FilledTonalButton are Buttons


def _at_least(value: Any) -> bool:
    return value is not None and value >= TOUCH


def _label_height_ok(box: ft.Container) -> bool:
    padding = ft.Padding.all(box.padding) if isinstance(box.padding, (int, float)) else box.padding
    frame = box.border.top.width if box.border is not None else 0
    row = box.content
    if isinstance(row, ft.Row):  # a label of fixed width: the strut holds one line at touch height
        strut = next((c for c in row.controls if isinstance(c, ft.Container) and c.width == 0), None)
        return (strut is not None and padding is not None
                and strut.height + padding.top + padding.bottom + 2 * frame >= TOUCH)
    if isinstance(row, ft.Text) and padding is not None:
        return padding.top + frame >= 15 and padding.bottom + frame >= 15 and (row.size or 14) >= 15
    return False


def too_small(control: Any, covers: Any = None, width: Any = None) -> str | None:
    """Why ``control`` is not a 48x48 touch target, or None (also for a control
    that cannot be pressed); ``covers``: the drawing a tap laid over it fills, in a
    Stack of ``width``."""
    name = type(control).__name__
    shown = getattr(control, "tooltip", None) or getattr(control, "content", None) or getattr(control, "icon", "")
    if isinstance(control, ft.IconButton):
        box = control.size_constraints
        if box is not None and _at_least(box.min_width) and _at_least(box.min_height):
            return None
        if _at_least(control.width) and _at_least(control.height):
            return None
        return f"{name} {shown!r}: size_constraints {box}, {control.width}x{control.height}"
    if isinstance(control, ft.PopupMenuButton):
        box = control.size_constraints
        if box is not None and _at_least(box.min_width) and _at_least(box.min_height):
            return None
        if isinstance(control.padding, (int, float)) and ICON + 2 * control.padding >= TOUCH:
            return None
        return f"{name} {shown!r}: padding {control.padding}, size_constraints {box}"
    if isinstance(control, BUTTONS):
        return None if _at_least(control.height) else f"{name} {shown!r}: height {control.height}"
    if isinstance(control, ft.Container) and control.on_click is not None:
        box = control if covers is None else covers
        wide = box.width if width is None else width
        if wide is not None and wide < TOUCH:
            return f"clickable Container: width {wide}"
        if _at_least(box.height) or (box.height is None and _label_height_ok(box)):
            return None
        return f"clickable Container: height {box.height}, padding {box.padding}"
    return None


def small_targets(*roots: Any) -> list[str]:
    """Every control below ``roots`` that is pressed but smaller than 48x48 (a tap
    laid over a drawing, ``board.spot``: by the size of what it covers)."""
    over = overlaid(*roots)
    return [why for c in walk(list(roots)) if (why := too_small(c, *over.get(id(c), (None, None)))) is not None]


def _fills(control: Any) -> bool:
    return all(getattr(control, side, None) == 0 for side in ("left", "top", "right", "bottom"))


def overlaid(*roots: Any) -> dict[int, tuple[Any, Any]]:
    """Each pressable that fills a Stack over a drawing (``board.spot``): the
    drawing it covers and the Stack's width (by id)."""
    out: dict[int, tuple[Any, Any]] = {}
    for stack in walk(list(roots)):
        if isinstance(stack, ft.Stack):
            drawings = [c for c in stack.controls if not _fills(c)]
            for c in stack.controls:
                if _fills(c) and drawings:
                    out[id(c)] = (drawings[0], stack.width)
    return out


def pressables(*roots: Any) -> list[Any]:
    """The controls below ``roots`` that ``too_small`` judges (so a test can
    say it saw some)."""
    return [c for c in walk(list(roots)) if isinstance(c, (ft.IconButton, ft.PopupMenuButton, *BUTTONS))
            or (isinstance(c, ft.Container) and c.on_click is not None)]


def unnamed(*roots: Any) -> list[str]:
    """Every icon-only button below ``roots`` a screen reader could not name.
    Flutter web does not give an icon button its tooltip as its name (Chromium's
    tree had four nameless buttons in the table's bar); the icon's
    ``semantics_label`` becomes the button's name (``widgets.icon_button``)."""
    out = []
    for c in walk(list(roots)):
        if isinstance(c, (ft.IconButton, ft.PopupMenuButton)) and not isinstance(getattr(c, "content", None), str):
            icon = c.icon
            if not (isinstance(icon, ft.Icon) and icon.semantics_label):
                out.append(f"{type(c).__name__} {c.tooltip!r}: no name for a screen reader")
    return out
