"""A tap belongs to the screen it was made on.

Flet reconciles a rebuilt screen with the one shown: a rebuilt button takes
over the id of the button it replaces, so a tap the phone sent before the new
screen reached it would run the *new* button's handler -- an Undo pressed on
a screen from before another device's undo would take back a second step.
So, on every table screen:

* :func:`stamp` gives every pressable control a key that names the table's
  rev: at a new rev it is a new control with a new id, never a reconciled one;
* its handlers run with :data:`companion.ui.app.TAP_REV` set to that rev, which
  ``App.dispatch``/``undo``/``redo`` pass to the store as the rev the write was
  made from (a stale one is refused, never applied on top);
* the controls of earlier screens are kept for a while (``App._retired``) and
  :func:`install` answers a tap on one of them with that control's own
  handler -- so a stale tap is refused with the message, never silently
  dropped because its id no longer exists.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import logging
import traceback
from contextvars import ContextVar
from typing import Any, Callable, Iterator

import flet as ft
from flet.controls.context import _context_page

_log = logging.getLogger(__name__)

#: events that press something (their controls get a rev key)
PRESS_EVENTS = ("on_click", "on_tap", "on_long_press", "on_secondary_tap", "on_double_tap")
#: the events whose handlers run with the rev of their screen
EVENTS = PRESS_EVENTS + ("on_select", "on_change", "on_submit", "on_dismiss")
_STAMP = "@"  # key = "<own key>|<hash of the label>@<rev>#<n>"

#: the fields through which a control holds others (a walk of every field
#: of every control costs 40 ms a screen; tests/test_multidevice_app.py checks
#: that these find every pressable of every game's screen)
CHILD_FIELDS = ("content", "controls", "title", "subtitle", "leading", "trailing", "actions", "items", "rows",
                "cells", "columns", "tabs", "label", "prefix", "suffix", "header", "footer", "destinations",
                "bottom", "flexible_space", "spans")
#: per class: which of them it has
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
_SCALARS = (str, int, float, bool, type(None))


def child_fields(cls: type, every: bool = False) -> tuple[str, ...]:
    if every:
        return tuple(f.name for f in dataclasses.fields(cls)
                     if not f.name.startswith(("on_", "_")) and f.name not in ("key", "data", "ref", "parent"))
    found = _CHILD_FIELDS.get(cls)
    if found is None:
        names = {f.name for f in dataclasses.fields(cls)}
        found = _CHILD_FIELDS[cls] = tuple(n for n in CHILD_FIELDS if n in names)
    return found


def controls(root: Any, every: bool = False) -> Iterator[ft.BaseControl]:
    """Every control under ``root`` (a control or lists of them); ``every``:
    through every field, not only :data:`CHILD_FIELDS` (slow; for tests)."""
    stack = [root]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
            continue
        if not isinstance(item, ft.BaseControl) or id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        for name in child_fields(type(item), every):
            value = getattr(item, name, None)
            if isinstance(value, _SCALARS):
                continue
            if isinstance(value, ft.BaseControl):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack.extend(v for v in value if isinstance(v, (ft.BaseControl, list, tuple)))


def is_pressable(control: Any) -> bool:
    return any(getattr(control, name, None) is not None for name in PRESS_EVENTS)


def pressables(root: Any, every: bool = False) -> dict[int, Any]:
    """The pressable controls under ``root`` by id."""
    return {c._i: c for c in controls(root, every) if is_pressable(c)}


def pressables_and_targets(root: Any) -> tuple[dict[int, Any], set[int]]:
    """:func:`pressables`, and the ids of every control under ``root`` with a
    handler for any of :data:`EVENTS` (a typed field's change too): the
    controls whose events the session answers, in one walk."""
    found: dict[int, Any] = {}
    targets: set[int] = set()
    for control in controls(root):
        for name in EVENTS:
            if getattr(control, name, None) is not None:
                targets.add(control._i)
                if is_pressable(control):
                    found[control._i] = control
                break
    return found, targets


def with_rev(handler: Callable[..., Any], rev: int | None, var: ContextVar[int | None]) -> Callable[..., Any]:
    """``handler`` running with ``var`` set to ``rev`` (the screen's rev)."""
    original = getattr(handler, "__tap_original__", handler)
    takes_event = _param_count(original) != 0
    if inspect.iscoroutinefunction(original):
        async def run_async(e: Any = None) -> Any:
            token = var.set(rev)
            try:
                return await (original(e) if takes_event else original())
            finally:
                var.reset(token)
        wrapped: Callable[..., Any] = run_async
    else:
        def run(e: Any = None) -> Any:
            token = var.set(rev)
            try:
                return original(e) if takes_event else original()
            finally:
                var.reset(token)
        wrapped = run
    wrapped.__tap_original__ = original  # type: ignore[attr-defined]
    wrapped.__tap_rev__ = rev  # type: ignore[attr-defined]
    return wrapped


def _param_count(fn: Callable[..., Any]) -> int | None:
    try:
        return len(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return None


def labelled(control: Any, text: str) -> Any:
    """Tell :func:`label` what ``control`` shows when that is not inside it (a tap laid
    over a drawing: ``board.spot``); returns ``control``."""
    object.__setattr__(control, "_tap_label", text)
    return control


def texts(root: Any) -> list[str]:
    """The texts shown under ``root``, in no particular order."""
    return [v for c in controls(root) if isinstance(v := getattr(c, "value", None), str) and v]


def label(control: Any) -> str:
    """What a pressable shows: what :func:`labelled` said, its text, tooltip, or the
    first text inside it."""
    given = control.__dict__.get("_tap_label")
    if given:
        return given
    for name in ("content", "tooltip", "text", "label"):
        value = getattr(control, name, None)
        if isinstance(value, str) and value:
            return value
    for inner in controls(getattr(control, "content", None) or getattr(control, "title", None)):
        value = getattr(inner, "value", None)
        if isinstance(value, str) and value:
            return value
    return type(control).__name__


def _digest(text: str) -> str:
    return hashlib.blake2s(text.encode("utf-8"), digest_size=4).hexdigest()


def stamp(root: Any, rev: int | None, var: ContextVar[int | None]) -> int:
    """Tie every control under ``root`` to the screen's ``rev``: handlers run
    with it, and each pressable control gets a key naming what it shows (a
    hash of its label) and the rev (``|5e1c9a02@12#0``; ``#n`` counts the same
    label before it).  So a
    control is only ever reconciled with one showing the same thing at the
    same rev: a tap can never land on another button.  Returns how many
    pressables were stamped."""
    n = 0
    same: dict[str, int] = {}
    for control in controls(root):
        pressable = False
        for name in EVENTS:
            handler = getattr(control, name, None)
            if handler is None or not callable(handler):
                continue
            if getattr(handler, "__tap_rev__", object()) != rev or not hasattr(handler, "__tap_original__"):
                setattr(control, name, with_rev(handler, rev, var))
            pressable = pressable or name in PRESS_EVENTS
        if pressable and rev is not None:
            if "_tap_key" not in control.__dict__:  # its own key, before any stamp
                object.__setattr__(control, "_tap_key", control.key)
            base = control.__dict__["_tap_key"]
            # the label's hash, not its words: a key is sent as a text of its own
            shown = f"{'' if base is None else base}|{_digest(label(control))}"
            count = same.get(shown, 0)
            same[shown] = count + 1
            control.key = f"{shown}{_STAMP}{rev}#{count}"
            n += 1
    return n


def on_page(control: Any) -> bool:
    """Whether ``control`` still hangs from a page (Flet's ``control.page``
    walks its parents and raises when one of them is gone)."""
    try:
        return control.page is not None
    except RuntimeError:
        return False


def _left_before_its_handler(exc: BaseException, control: Any) -> bool:
    """Whether ``exc`` is Flet's "must be added to the page first", raised by
    ``_trigger_event``'s own look-up of the control's page -- before any
    handler ran -- because the control left the page after the gate looked
    (a redraw in another thread retired it in between)."""
    if not isinstance(exc, RuntimeError) or on_page(control):
        return False
    names = []
    tb = exc.__traceback__
    while tb is not None:
        names.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    return names[-2:] == ["_trigger_event", "page"]


def install(session: Any, answer: Callable[[int, str, Any], Any],
            knows: Callable[[int], bool] | None = None) -> None:
    """Route a tap on a control that left the page to ``answer(control_id,
    event, data)`` (an awaitable returning True if it answered it) instead of
    Flet dropping it silently; other events go to Flet as before.

    A control that left the page can still be in Flet's index of controls
    (a redraw in another thread replacing it just now, or kept alive by the
    late-tap store after its parents went): Flet would then fail to find its
    page and show the phone "Error running app" (seen once in the browser
    race test).  It is treated as gone: answered by ``answer``, else
    dropped, as Flet drops a tap on a control it no longer knows.  The same
    holds when it leaves the page between this look and Flet's own (CI, once:
    a host's tap on "Back to the table" while a guest's PIN redrew its
    screen): for a control on the page this gate does what Flet's
    ``dispatch_event`` does, and a tap whose control was gone before its
    handler ran is answered as a late one, not sent to the phone as a crash.

    ``knows(control_id)``: whether ``answer`` may answer an event for a
    control that is not in Flet's index; an event for one neither knows is
    dropped as it is read (``flet_fixes.drop_unknown_events``)."""
    original = session.dispatch_event
    if knows is not None:
        session.knows_control = knows

    async def dispatch_event(control_id: int, event_name: str, event_data: Any) -> None:
        control = session.index.get(control_id)
        if control is None or not on_page(control):
            if await answer(control_id, event_name, event_data) or control is not None:
                return
            await original(control_id, event_name, event_data)
            return
        # Flet's Session.dispatch_event for a control it finds mounted
        _context_page.set(session.page)
        try:
            await control._trigger_event(event_name, event_data)
        except Exception as exc:  # noqa: BLE001 - as Flet: the phone is told
            if _left_before_its_handler(exc, control):
                await answer(control_id, event_name, event_data)
                return
            _log.error("Unhandled error in 'on_%s' handler", event_name, exc_info=True)
            session.error(f"{exc}\n{traceback.format_exc()}")

    session.dispatch_event = dispatch_event
