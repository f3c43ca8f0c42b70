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

What the person typed or picked in a field (a ``TextField`` or ``Dropdown``)
is the same story: the redraw builds the field with the view's value and
would send it back over what the phone shows -- a bid half typed was wiped
when another phone moved or joined.  So a field the phone changed (its value
is no longer the one the view built) gets the phone's value in the new
screen, if the new field is in the same place (screen, label, how many of
that label before it) and the view still builds the value it built before.
A field whose value was sent (:func:`sending`: an entry confirmed, a PIN)
starts afresh instead.
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
FIELD = "_field_id"  # a field's id on this device (screen + label), set by settle
BUILT = "_field_built"  # the value the view built it with
GONE = "_field_sent"  # its value was sent (sending): the next screen's field starts afresh
FIELDS = (ft.TextField, ft.Dropdown)


def lazy(tile: ft.ExpansionTile, make: Callable[[], list[ft.Control]]) -> None:
    object.__setattr__(tile, FILL, make)


def name(tile: ft.ExpansionTile, section: str) -> None:
    object.__setattr__(tile, NAME, section)


def _title(tile: ft.ExpansionTile) -> str:
    title = tile.title
    return title if isinstance(title, str) else str(getattr(title, "value", "") or "")


def learn(shown: Any, states: dict[str, bool]) -> dict[str, tuple[Any, Any]]:
    """What the phone reported on the screen drawn last: a section's state
    other than the one sent is the person's (into ``states``); returns the
    fields whose value the phone changed: {id: (value built, value now)}."""
    typed: dict[str, tuple[Any, Any]] = {}
    for control in controls(shown):
        if isinstance(control, ft.ExpansionTile) and ID in control.__dict__:
            if bool(control.expanded) != control.__dict__[SENT]:
                states[control.__dict__[ID]] = bool(control.expanded)
        elif isinstance(control, FIELDS) and FIELD in control.__dict__ and not control.__dict__.get(GONE):
            built = control.__dict__[BUILT]
            if (control.value or "") != (built or ""):
                typed[control.__dict__[FIELD]] = (built, control.value)
    return typed


def settle(root: Any, screen: str, states: dict[str, bool], redraw: Callable[[], None],
           typed: dict[str, tuple[Any, Any]] | None = None) -> None:
    """Open or close every section under ``root`` (a screen just built) as
    the person left it on ``screen``, fill the open lazy ones, empty the
    closed ones, and note each change the person makes (``redraw``: draws
    the screen again, for a lazy section just opened); give each field what
    the phone had in it (``typed``, from :func:`learn`; None: nothing)."""
    seen: dict[str, int] = {}
    tiles: list[ft.ExpansionTile] = []
    for control in controls(root):
        if isinstance(control, ft.ExpansionTile):
            tiles.append(control)
        elif isinstance(control, FIELDS):
            _field(control, screen, seen, typed)
    for tile in tiles:
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
            for control in controls(tile.controls):  # the content just made: its fields too
                if isinstance(control, FIELDS):
                    _field(control, screen, seen, typed)
        tile.on_change = _noting(sid, states, tile.on_change, redraw if make is not None else None)


def _field(control: Any, screen: str, seen: dict[str, int], typed: dict[str, tuple[Any, Any]] | None) -> None:
    base = f"field:{control.label if isinstance(control.label, str) else ''}"
    count = seen.get(base, 0)
    seen[base] = count + 1
    fid = f"{screen}|{base}#{count}"
    object.__setattr__(control, FIELD, fid)
    object.__setattr__(control, BUILT, control.value)
    if typed and fid in typed:
        built, value = typed[fid]
        if (control.value or "") == (built or "") and _offers(control, value):
            control.value = value


def sending(*fields: Any) -> Any:
    """Mark ``fields`` as sent (an entry confirmed with them): at the next
    redraw they start afresh, what the phone has in them is not carried.
    Returns the first one's value (``claim_seat(seat, sending(pin))``)."""
    for field in fields:
        object.__setattr__(field, GONE, True)
    return fields[0].value if fields else None


def unsent(*fields: Any) -> None:
    """The entry was refused: the fields keep what the phone has in them."""
    for field in fields:
        field.__dict__.pop(GONE, None)


def _offers(field: Any, value: Any) -> bool:
    """Whether ``field`` can show ``value``: any text in a text field, one of
    its options in a drop-down."""
    if not isinstance(field, ft.Dropdown):
        return True
    return value is None or any(option.key == value for option in field.options or ())


def _noting(sid: str, states: dict[str, bool], then: Any, redraw: Callable[[], None] | None) -> Callable[[Any], None]:
    def changed(e: Any) -> Any:
        opened = getattr(e, "data", None) in (True, "true", "True")
        states[sid] = opened
        if then is not None:
            then(e)
        if opened and redraw is not None:
            redraw()
    return changed
