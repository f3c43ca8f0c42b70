"""Costs Flet 1.0.5 pays on every redraw for nothing, removed (each only if
the Flet installed still has the spot; pinned in pyproject.toml).

* :func:`lazy_validation_memo`: a memo of reported validation errors is made
  for a control on its first error, not for every control (memory).
* :func:`quiet_send`: a message to a phone is no longer turned into text for
  a debug log line that is not written (CPU), and one sent from a worker
  thread wakes the event loop that sends it (latency: up to 100 ms).
* :func:`short_walks`: Flet's walks over the controls a redraw added or
  removed no longer step into every scalar field of every control (CPU).
* :func:`drop_unknown_events`: an event for a control the session does not
  have is dropped as it is read, before Flet makes a task for it (a flood of
  them stalled the server: ``budget.py``).  The same wrapper makes a tab's
  return to its session and a phone's own page changes wait for the app's
  redraw in progress (:func:`_redraw_lock_of`: they raced it).

``apply()`` does all; ``make_main`` calls it.  Tests:
``tests/test_flet_fixes.py``.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from typing import Any, Iterator

import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import DiffBuilder
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session as _Session
from flet.utils import validation as _flet_validation

try:  # the web server (absent where only the desktop client is installed)
    from flet_web.fastapi import flet_app as _flet_web_app
    from flet_web.fastapi.flet_app_manager import app_manager as _app_manager
except ImportError:  # pragma: no cover - flet[all] installs it
    _flet_web_app = None  # type: ignore[assignment]
    _app_manager = None


# ----- Flet's per-control validation memo, made lazy ---------------------------------------------
class _MemoOnError(set):  # type: ignore[type-arg]
    """An empty memo of reported validation errors that joins its control
    only when an error is recorded in it."""

    __slots__ = ("_owner",)

    def __init__(self, owner: Any) -> None:
        super().__init__()
        self._owner = owner

    def add(self, item: Any) -> None:
        super().add(item)
        try:
            setattr(self._owner, _flet_validation._REPORTED_VALIDATION_ERRORS_KEY, self)
        except Exception:  # noqa: BLE001 - as Flet's own: an instance that takes no attributes
            pass


def _memo_on_error(instance: Any) -> set[Any] | None:
    found = getattr(instance, _flet_validation._REPORTED_VALIDATION_ERRORS_KEY, None)
    return found if found is not None else _MemoOnError(instance)


def lazy_validation_memo() -> bool:
    """Flet 1.0.5 validates a control before every send and gives each one,
    on its first validation, an empty set to remember the errors it already
    reported (so that a repeated identical error is raised once).  Our
    controls are valid, so those sets stay empty: 216 bytes each, some
    190 kB per connected phone showing a Niagara table (tracemalloc), 0.1 MiB
    of its RSS.  The memo is now made on the first error instead; Flet's
    behaviour is the same (``tests/test_flet_fixes.py``).  Returns
    whether Flet has the hook (False: a later Flet; nothing is changed)."""
    if not hasattr(_flet_validation, "_get_reported_validation_errors") or \
            not hasattr(_flet_validation, "_REPORTED_VALIDATION_ERRORS_KEY"):
        return False
    _flet_validation._get_reported_validation_errors = _memo_on_error
    return True


# ----- a message to a phone, not also turned into text -----------------------------------------
_ENCODE = configure_encode_object_for_msgpack(BaseControl)
_ORIGINAL_SEND = getattr(getattr(_flet_web_app, "FletApp", None), "send_message", None)


def _send_message(self: Any, message: Any) -> None:
    """``FletApp.send_message`` as Flet 1.0.5 has it, with two changes.

    * The log line is formatted only when it is written: Flet formats it
      always (an f-string), and the text of a redraw's message is the repr of
      every control it adds -- 5-8 ms of a Niagara redraw's 45-60 in
      ``Page.update``.
    * A message from another thread than the event loop's (every redraw of a
      tap's handler or of a change notice: Flet runs them in a thread pool)
      wakes the loop.  Flet puts it on the loop's queue, and an asyncio queue
      does not wake its loop for another thread: the loop, asleep in its wait
      for the network, sent it only when something else woke it -- another
      phone's frame, or uvicorn's tick every 100 ms: each redraw reached the
      phones up to 0.1 s late.  The message still goes on the queue at once,
      as Flet's did (a phone must get its messages in the order they were
      made: each patch is against the one before), and the loop is woken.
    * A message for a connection that has just closed is dropped, as Flet's
      session drops what it makes while its phone is away.  Flet's raised:
      its send loop has ended (no queue) a moment before the session is told
      the phone went.  A tab sent to the join address as the app started
      lost its app that way -- the start, still running for the first page,
      failed on its next send -- and stayed blank after it reconnected (seen
      in the test suite).  A reconnected tab gets the whole page anyway."""
    log = getattr(_flet_web_app, "transport_log", None)
    if log is not None and log.isEnabledFor(logging.DEBUG):
        log.debug("send_message: %s", message)
    queue = self._FletApp__send_queue
    if queue is None:  # the phone has gone
        return
    body = msgpack.packb([message.action, message.body], default=_ENCODE)
    queue.put_nowait(b"\x00" + body)
    loop = getattr(self, "loop", None)
    if loop is not None and not _on_loop(loop):
        try:
            loop.call_soon_threadsafe(_nothing)  # its one job: to wake the loop
        except RuntimeError:  # the loop is closed: the phone has gone
            pass


def _nothing() -> None:
    pass


def _on_loop(loop: Any) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:  # no loop runs in this thread
        return False


def quiet_send() -> bool:
    """Use :func:`_send_message` for Flet's web sessions; False (nothing
    changed) if this Flet's web app is not the one it was written for."""
    app = getattr(_flet_web_app, "FletApp", None)
    if app is None or _ORIGINAL_SEND is None or "_FletApp__send_queue" not in _ORIGINAL_SEND.__code__.co_names:
        return False
    app.send_message = _send_message
    return True


# ----- the walks over added and removed controls, without a step per scalar field -------------
_ORIGINAL_CONFIGURE = getattr(DiffBuilder, "_configure_dataclass", None)
_ORIGINAL_REMOVED = getattr(DiffBuilder, "_removed_controls", None)
#: values in which neither walk can find anything (``bool`` is an ``int``)
_SCALARS = (str, int, float, type(None), enum.Enum)
_NOTHING: tuple[Any, ...] = ()


def _configure_dataclass(self: Any, item: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
    """Flet's ``DiffBuilder._configure_dataclass``, which walks a control the
    redraw added (and every dataclass matched in place) through each of its
    fields: a generator started, and given up after two type checks, for
    every text, number, flag and enum of every control -- some 6,600 a Niagara
    redraw, which adds about 90 controls (its pressables are new at every rev:
    ``taps.py``).  Such a value holds no dataclass, list or dict, so Flet's
    walk does nothing with it; here it is not started."""
    if isinstance(item, _SCALARS):
        return iter(_NOTHING)
    return _ORIGINAL_CONFIGURE(self, item, *args, **kwargs)  # type: ignore[misc]


def _removed_controls(self: Any, item: Any, recurse: bool) -> Iterator[Any]:
    """Flet's ``DiffBuilder._removed_controls``, which lists the controls a
    redraw removed by stepping into every field of each (``reconcile.forget``
    drops the snapshots it would otherwise follow).  It finds controls only in
    controls, lists and dicts; any other value is not stepped into."""
    if not isinstance(item, (list, dict)) and not (self.control_cls and isinstance(item, self.control_cls)):
        return iter(_NOTHING)
    return _ORIGINAL_REMOVED(self, item, recurse)  # type: ignore[misc]


def short_walks() -> bool:
    """Use :func:`_configure_dataclass` and :func:`_removed_controls` in
    Flet's diff; False (nothing changed) if this Flet has not both walks as
    written for (each a generator that recurses through itself)."""
    originals = (_ORIGINAL_CONFIGURE, _ORIGINAL_REMOVED)
    if any(f is None or not getattr(f, "__code__", None) or not f.__code__.co_flags & 0x20 for f in originals):
        return False
    if "_configure_dataclass" not in _ORIGINAL_CONFIGURE.__code__.co_names or \
            "_removed_controls" not in _ORIGINAL_REMOVED.__code__.co_names:
        return False
    DiffBuilder._configure_dataclass = _configure_dataclass
    DiffBuilder._removed_controls = _removed_controls
    return True


# ----- events for controls the session does not have, dropped as they are read ------------------
_ORIGINAL_ON_MESSAGE = getattr(getattr(_flet_web_app, "FletApp", None), "_FletApp__on_message", None)
_CONTROL_EVENT = 3  # flet.messaging.protocol.MessageAction.CONTROL_EVENT
#: how many events were dropped (benchmarks and tests)
DROPPED = {"events": 0}


async def _on_message(self: Any, data: Any) -> Any:
    """``FletApp.__on_message``, with an event for a control this session
    does not know dropped first.  Flet made a task for every event, and the
    session then found no control; our late-tap answer (``taps.install``)
    first looked for it among the retired controls in a worker thread: a
    flood of made-up ids (150,000 a connection) filled the event loop with
    tasks and the thread pool with look-ups.  Known: a control in Flet's index
    of the session, or one the app still answers (``session.knows_control``,
    set by ``taps.install``; it says yes while a redraw is retiring controls).
    Anything else -- the page's own events, method results, registration --
    goes to Flet as before, a phone's own changes to its page (its size, a
    typed text) and a tab's return to its session after the app's redraw
    in progress (:func:`_redraw_lock_of`)."""
    if type(data) is list and len(data) == 2 and data[0] in (_REGISTER, _UPDATE_PROPS):
        lock = await _redraw_lock_of(self, data)
        if lock is not None:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + _REDRAW_WAIT
            while not (got := lock.acquire(blocking=False)) and loop.time() < deadline:
                await asyncio.sleep(0.005)  # the loop serves the other phones meanwhile
            try:
                return await _ORIGINAL_ON_MESSAGE(self, data)  # type: ignore[misc]
            finally:
                if got:
                    lock.release()
    if type(data) is list and len(data) == 2 and data[0] == _CONTROL_EVENT:
        session = self._FletApp__session
        body = data[1]
        target = body.get("target") if type(body) is dict else None
        if session is not None:
            if type(target) is not int:
                DROPPED["events"] += 1
                return None
            if target not in session.index:
                knows = getattr(session, "knows_control", None)
                if knows is None or not knows(target):
                    DROPPED["events"] += 1
                    return None
    return await _ORIGINAL_ON_MESSAGE(self, data)  # type: ignore[misc]


_REGISTER, _UPDATE_PROPS = 1, 4  # MessageAction.REGISTER_CLIENT, .UPDATE_CONTROL_PROPS
#: how long a phone's change waits for a redraw of its session (then goes in anyway, as before)
_REDRAW_WAIT = 2.0


async def _redraw_lock_of(flet_app: Any, data: list[Any]) -> Any:
    """The lock the app's redraws hold (``App.lock``) for the session a
    message changes, else None.  Flet applies a phone's changes to its page
    (``UPDATE_CONTROL_PROPS``: its size, a field's text) and, when a tab
    comes back to its session (a reload, the Wi-Fi back), the page's size and
    route, and then sends it the whole page, on the event loop -- while a
    redraw of that session in a worker thread (another device's move) may be
    making its patch from the same controls: the redraw failed with
    "dictionary changed size during iteration" (its page's changed fields, as
    the loop set more), or the phone was sent a page and a patch that did not
    fit together.  Such a message now waits for the redraw in progress (at
    most ``_REDRAW_WAIT`` s: a redraw that waits on the loop itself must not
    hold it).  A new session has no redraw yet: nothing to wait for."""
    session: Any = None
    body = data[1]
    if data[0] == _UPDATE_PROPS:
        session = getattr(flet_app, "_FletApp__session", None)
    elif type(body) is dict and body.get("session_id"):
        unique = getattr(flet_app, "_FletApp__get_unique_session_id", None)
        try:
            session = await _app_manager.get_session(unique(str(body["session_id"]))) \
                if unique and _app_manager is not None else None
        except Exception:  # noqa: BLE001 - Flet finds no such session either: a new one
            session = None
        if session is not None and session.connection is not None:
            session = None  # Flet makes a new session then
    page = getattr(session, "page", None) if session is not None else None
    lock = getattr(getattr(page, "data", None), "lock", None)
    return lock if hasattr(lock, "acquire") else None


def drop_unknown_events() -> bool:
    """Use :func:`_on_message` for Flet's web sessions; False (nothing
    changed) if this Flet's web app has no such method as written for."""
    app = getattr(_flet_web_app, "FletApp", None)
    original = _ORIGINAL_ON_MESSAGE
    if app is None or original is None or not asyncio.iscoroutinefunction(original) or \
            "_FletApp__session" not in original.__code__.co_names or \
            "dispatch_event" not in original.__code__.co_names:
        return False
    app._FletApp__on_message = _on_message
    return True


_ORIGINAL_METHOD_RESULTS = getattr(_Session, "handle_invoke_method_results", None)


def _method_results(self: Any, control_id: Any, call_id: Any, result: Any, error: Any) -> None:
    """``Session.handle_invoke_method_results``, where the control whose
    method the browser answers has left the page meanwhile: Flet raised, and
    that error ends the phone's connection.  A redraw (another device's move,
    the table screen's layout) can replace the table's scrolling part while
    its ``scroll_to`` is on its way; the answer then still reaches the caller
    waiting for it, and is otherwise dropped."""
    if control_id in self.index:
        return _ORIGINAL_METHOD_RESULTS(self, control_id, call_id, result, error)  # type: ignore[misc]
    calls = getattr(self, "_Session__method_calls", None)
    results = getattr(self, "_Session__method_call_results", None)
    if calls is None or results is None:
        return None
    event = calls.pop(call_id, None)
    if event is not None:
        results[event] = (result, error)
        event.set()
    return None


def late_method_results() -> bool:
    """Use :func:`_method_results` for Flet's sessions; False (nothing
    changed) if this Flet's session keeps its calls otherwise than written for."""
    original = _ORIGINAL_METHOD_RESULTS
    if original is None or "_Session__method_calls" not in original.__code__.co_names or \
            "_Session__method_call_results" not in original.__code__.co_names:
        return False
    _Session.handle_invoke_method_results = _method_results  # type: ignore[method-assign]
    return True


def apply() -> None:
    lazy_validation_memo()
    quiet_send()
    short_walks()
    drop_unknown_events()
    late_method_results()
