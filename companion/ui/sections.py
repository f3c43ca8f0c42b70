"""Sections that open with a tap (``widgets.expander``) stay as the person left them.

A redraw builds every section anew, closed or open as its view says.  The
phone opened or closed it itself, though (Flet's client reports the tile's
new ``expanded``), so a redraw would send the view's default back and shut a
correction form a person was filling in -- every time another device at the
table moved.  So, at every redraw (:func:`settle`):

* a section the person opened or closed keeps that state: the states are kept
  per device (``App.sections``), by screen and section (its ``section`` id, or
  its title), and learnt both from the tile's change event and from what the
  phone reported on the tile drawn last (a redraw may come between the two);
* a section whose content is a function (``expander(title, make)``) gets its
  content only while open: a closed one is sent empty.  The two on every table
  screen ("Correct the app..." and "What can I do now?") are a third of its
  controls, and every redraw diffed and sent them for nobody to see.  Opening
  one redraws the screen with its content.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from .taps import controls

#: a tile's attributes (set on the Python object, never sent)
FILL = "_section_fill"  # the function making its content (a lazy section)
NAME = "_section_name"  # the view's id for it (else its title)
ID = "_section_id"  # its id on this device (screen + name), set by settle
SENT = "_section_sent"  # the expanded state the last redraw sent


def lazy(tile: ft.ExpansionTile, make: Callable[[], list[ft.Control]]) -> None:
    object.__setattr__(tile, FILL, make)


def name(tile: ft.ExpansionTile, section: str) -> None:
    object.__setattr__(tile, NAME, section)


def _title(tile: ft.ExpansionTile) -> str:
    title = tile.title
    return title if isinstance(title, str) else str(getattr(title, "value", "") or "")


def learn(shown: Any, states: dict[str, bool]) -> None:
    """What the phone reported on the sections drawn last: a state other than
    the one sent is the person's."""
    for tile in controls(shown):
        if isinstance(tile, ft.ExpansionTile) and ID in tile.__dict__:
            if bool(tile.expanded) != tile.__dict__[SENT]:
                states[tile.__dict__[ID]] = bool(tile.expanded)


def settle(root: Any, screen: str, states: dict[str, bool], redraw: Callable[[], None]) -> None:
    """Open or close every section under ``root`` (a screen just built) as
    the person left it on ``screen``, fill the open lazy ones, empty the
    closed ones, and note each change the person makes (``redraw``: draws
    the screen again, for a lazy section just opened)."""
    seen: dict[str, int] = {}
    for tile in [c for c in controls(root) if isinstance(c, ft.ExpansionTile)]:
        base = tile.__dict__.get(NAME) or _title(tile)
        count = seen.get(base, 0)
        seen[base] = count + 1
        sid = f"{screen}|{base}#{count}"
        if sid in states:
            tile.expanded = states[sid]
        object.__setattr__(tile, ID, sid)
        object.__setattr__(tile, SENT, bool(tile.expanded))
        make = tile.__dict__.get(FILL)
        if make is not None:
            tile.controls = list(make()) if tile.expanded else []
        tile.on_change = _noting(sid, states, tile.on_change, redraw if make is not None else None)


def _noting(sid: str, states: dict[str, bool], then: Any, redraw: Callable[[], None] | None) -> Callable[[Any], None]:
    def changed(e: Any) -> Any:
        opened = getattr(e, "data", None) in (True, "true", "True")
        states[sid] = opened
        if then is not None:
            then(e)
        if opened and redraw is not None:
            redraw()
    return changed
