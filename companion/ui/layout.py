"""The table screen's layout: the next move never needs a scroll (issue 36).

One mechanism for every game's screen.  The now-banner (who acts, what to do,
the last move and its Undo) is pinned under the app bar; below it the page
does not scroll as a whole, its parts do:

* a phone (narrower than :data:`board.SIDE_BY_SIDE`): the board and everything
  else scroll in the middle; the controls of the step in hand (the view's
  ``step`` pane, ``board.two_pane(board, controls, step=...)``) are pinned at
  the foot of the screen, under the thumb;
* a tablet (or a phone on its side): the board scrolls on the left, the step's
  controls head the column on the right, which scrolls on its own.

A score sheet (no ``two_pane``) scrolls whole under the pinned banner.  The
scrolling parts keep their keys from one redraw to the next, so Flutter keeps
where each was scrolled: an accepted move leaves the board where it was.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any, Callable, Sequence

import flet as ft

from . import board
from .taps import controls as walk_controls
from .widgets import RESULTS

#: the key of the scrolling part (the phone's middle, the tablet's right column)
SCROLL = "table:scroll"
#: the key of the tablet's board column (it scrolls on its own)
BOARD_SCROLL = "table:board-scroll"
#: how often (ms) a scrolling part reports where it is (the back button returns there)
SCROLL_INTERVAL = 250
#: the most of the page's height the pinned step may take on a phone; a taller step is
#: not pinned but heads the scrolling part, so the board is never left a sliver
FOOT_SHARE = 0.45
#: an assumed phone when the browser has not said its size
PHONE = (390.0, 844.0)
_PRESSABLE = (ft.Button, ft.FilledButton, ft.TextButton, ft.OutlinedButton, ft.IconButton, ft.Dropdown,
              ft.TextField)


def estimate_height(control: Any, width: float) -> float:
    """A rough height (px) of ``control`` laid out ``width`` px wide: enough to
    tell a step that fits its panel from one that would push the board off the
    screen (Flet gives a container no maximum height, so the panel is capped by
    this reckoning).  Buttons are 48 px; text runs about 0.55 em a Latin character and
    1 em a Chinese one (:func:`text_width`)."""
    if control is None or getattr(control, "visible", True) is False:
        return 0.0
    fixed = getattr(control, "height", None)
    if isinstance(fixed, (int, float)) and not isinstance(control, _PRESSABLE):
        return float(fixed)
    if isinstance(control, _PRESSABLE):
        return 56.0 if isinstance(control, (ft.Dropdown, ft.TextField)) else 48.0
    if isinstance(control, ft.Text):
        size = float(control.size or 14)
        text = control.value or "".join(getattr(sp, "text", "") or "" for sp in (control.spans or []))
        lines = sum(text_lines(part, size, width) for part in str(text).split("\n"))
        return max(1, lines) * size * 1.45
    if isinstance(control, ft.Column):
        kids = [estimate_height(c, width) for c in control.controls or []]
        return sum(kids) + float(control.spacing or 0) * max(0, len(kids) - 1)
    if isinstance(control, ft.Row):
        kids = list(control.controls or [])
        if not kids:
            return 0.0
        tallest = max(estimate_height(c, width / (len(kids) if not control.wrap else 1)) for c in kids)
        if not control.wrap:
            return tallest
        # each piece about its label's width: 16 px padding a side, 9 px a character
        widths = [_piece_width(c) for c in kids]
        lines, used = 1, 0.0
        for w in widths:
            if used and used + w > width:
                lines, used = lines + 1, 0.0
            used += w + float(control.spacing or 0)
        return lines * tallest + (lines - 1) * float(control.run_spacing or 0)
    content = getattr(control, "content", None)
    if isinstance(content, ft.Control):
        pad = getattr(control, "padding", None)
        extra = 2 * float(pad) if isinstance(pad, (int, float)) else \
            float(getattr(pad, "top", 0) or 0) + float(getattr(pad, "bottom", 0) or 0)
        return max(estimate_height(content, width) + extra, 48.0 if getattr(control, "on_click", None) else 0.0)
    return 48.0


#: a character's width in em: a Chinese (wide) one is a full em, a Latin one about 0.55
WIDE_EM, NARROW_EM = 1.0, 0.55


def text_width(text: str, size: float) -> float:
    """A rough width (px) of ``text`` at ``size``: 1 em a wide character (Chinese, full-width
    punctuation), 0.55 em any other."""
    return size * sum(WIDE_EM if unicodedata.east_asian_width(ch) in ("W", "F") else NARROW_EM for ch in text)


def text_lines(text: str, size: float, width: float) -> int:
    """How many lines ``text`` (one paragraph) takes at ``size`` in ``width`` px (at least one)."""
    return max(1, math.ceil(text_width(text, size) / max(size, width) - 1e-9))


def _piece_width(control: Any) -> float:
    width = getattr(control, "width", None)
    if isinstance(width, (int, float)):
        return float(width)
    label = " ".join(t for t in _texts(control))
    # a button's label: 9 px a Latin character, 14 px (its 14 px em) a Chinese one
    chars = sum(14.0 if unicodedata.east_asian_width(ch) in ("W", "F") else 9.0 for ch in label)
    return 32.0 + chars + (24.0 if getattr(control, "icon", None) else 0.0)


def _texts(control: Any) -> list[str]:
    out: list[str] = []
    for c in walk_controls(control):
        if isinstance(c, ft.Text) and c.value:
            out.append(str(c.value))
        elif isinstance(getattr(c, "content", None), str):
            out.append(c.content)
    return out


def panes(view: ft.Control) -> tuple[Any, Any, Any] | None:
    """A game view's board pane, step pane and the rest, when it was built with
    ``board.two_pane(..., step=...)``; None for any other view."""
    if getattr(view, "key", None) != board.TWO_PANE:
        return None
    found = {getattr(c, "key", None): c for c in walk_controls(view)
             if getattr(c, "key", None) in (board.PANE_BOARD, board.PANE_STEP, board.PANE_INFO)}
    if board.PANE_STEP not in found or board.PANE_BOARD not in found:
        return None
    return found[board.PANE_BOARD], found[board.PANE_STEP], found.get(board.PANE_INFO)


def _scrolling(parts: Sequence[Any], key: str, on_scroll: Callable[[Any], Any] | None,
               expand: int | bool = True) -> ft.Control:
    column = ft.Column([ft.Container(content=ft.Column([p for p in parts if p is not None], spacing=12),
                                     padding=ft.Padding.only(left=12, right=12, top=0, bottom=16))],
                       scroll=ft.ScrollMode.AUTO, expand=expand, key=key, spacing=0)
    if on_scroll is not None:
        column.on_scroll = on_scroll
        column.scroll_interval = SCROLL_INTERVAL
    return column


def table_page(banner: ft.Control, before: Sequence[ft.Control], view: ft.Control, after: Sequence[ft.Control],
               *, wide: bool, on_scroll: Callable[[Any], Any] | None = None,
               size: tuple[float, float] = PHONE, happened: ft.Control | None = None,
               teaching: Sequence[ft.Control] = ()) -> tuple[ft.Control, ft.Control]:
    """The table screen's body and its scrolling part (what a back button
    scrolls back): ``banner`` pinned at the top, ``before`` (a refusal, a
    notice, the final ranking) and ``after`` (corrections, "What can I do
    now?") with the rest of the view; ``happened`` (what the last move led to)
    heads the column beside a tablet's board, and follows the board on a phone
    (the board shows it, ringed: the phone's screen is the board's).  ``teaching``: teaching
    play's first-time cards, where they are read without moving the next move: under the
    step's controls beside a tablet's board, heading what scrolls on a phone (its step is
    pinned at the foot), after a results sheet (what they explain)."""
    top = ft.Container(content=banner, padding=ft.Padding.only(left=12, right=12, top=4, bottom=4),
                       key="table:banner")
    split = panes(view)
    if split is None:
        # a results sheet (a voyage's payouts, a round's values) first, then the cards explaining it
        shown = [view, *teaching] if getattr(view, "key", None) == RESULTS else [*teaching, view]
        middle = _scrolling([happened, *before, *shown, *after], SCROLL, on_scroll)
        return ft.Column([top, middle], expand=True, spacing=0, key="table:layout"), middle
    board_pane, step_pane, info_pane = split
    board_pane.col = None
    if wide:
        left = _scrolling([board_pane], BOARD_SCROLL, None, expand=7)
        right = _scrolling([happened, *before, step_pane, *teaching, info_pane, *after], SCROLL, on_scroll,
                           expand=5)
        row = ft.Row([left, right], expand=True, spacing=0, vertical_alignment=ft.CrossAxisAlignment.START,
                     key="table:panes")
        return ft.Column([top, row], expand=True, spacing=0, key="table:layout"), right
    middle = _scrolling([*before, *teaching, board_pane, happened, info_pane, *after], SCROLL, on_scroll)
    width, height = size
    if estimate_height(step_pane, width - 24) > FOOT_SHARE * height:
        # too tall to pin (it would leave the board a sliver): it heads what scrolls instead,
        # and a new step starts there at the top (app.py)
        middle = _scrolling([*before, step_pane, *teaching, board_pane, happened, info_pane, *after], SCROLL,
                            on_scroll)
        return ft.Column([top, middle], expand=True, spacing=0, key="table:layout"), middle
    held: ft.Control = step_pane
    foot = ft.Container(content=held, key="table:step",
                        padding=ft.Padding.only(left=12, right=12, top=4, bottom=4),
                        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)))
    return ft.Column([top, middle, foot], expand=True, spacing=0, key="table:layout"), middle
