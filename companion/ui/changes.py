"""Writes made by another process on the same data folder, noticed once per
process and told to the sessions that follow the table.

Devices served by one process hear of each other's writes at once (Flet's
pubsub, ``App._announce``).  A second process on the same SQLite file -- a
worker of ``companion serve --workers N``, or ``companion`` run again on the
same folder -- commits through its own connection; SQLite's ``PRAGMA
data_version`` changes for this process's connection exactly then.  One
thread per process reads it every ``every`` seconds (one PRAGMA: a few
microseconds) and, when it moved, which tables' revs and access records
changed; each of those is published on the table's topic, as a write in this
process would be.  Before, every session polled on its own once a second: up
to a second late, and a hundred polls a second for a café's hundred phones.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from ..storage import Store

log = logging.getLogger(__name__)

#: seconds between two looks at ``PRAGMA data_version``
EVERY = 0.05


class ChangeNotice:
    """What other processes changed in one store, since the last look."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._version: tuple[int, int] | None = None
        self._revs: dict[str, int] = {}
        self._access: dict[str, str] = {}
        self._publish: Callable[[str, int | None], None] | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self.look()  # the baseline: what is there now is nobody's news

    def _read(self) -> tuple[tuple[int, int], dict[str, int], dict[str, str]]:
        with self.store.lock:
            conn = self.store.conn
            version = self.store.change_token()
            if version == self._version:
                return version, self._revs, self._access
            revs = {row[0]: row[1] for row in conn.execute("SELECT id, rev FROM tables")}
            access = {row[0][len("access:"):]: hashlib.blake2b(row[1].encode(), digest_size=16).hexdigest()
                      for row in conn.execute("SELECT key, value FROM settings WHERE key LIKE 'access:%'")}
        return version, revs, access

    def look(self) -> list[tuple[str, int | None]]:
        """The tables whose rev or access record changed since the last look:
        ``(table_id, rev)``, rev the table's rev now if it moved, None if only
        its access record changed.  Commits by other processes are what it is
        for; this process's own are listed too (through this connection but
        not through a session, such as a script's, they would go unheard
        otherwise): a session that already shows that rev skips it
        (``App._on_message``), so a device is never redrawn twice for one
        write."""
        with self._lock:
            version, revs, access = self._read()
            if version == self._version:
                return []
            first = self._version is None
            moved = {t: revs.get(t) for t in revs.keys() | self._revs.keys() if revs.get(t) != self._revs.get(t)}
            moved.update({t: moved.get(t) for t in access.keys() | self._access.keys()
                          if access.get(t) != self._access.get(t)})
            self._version, self._revs, self._access = version, revs, access
            return [] if first else sorted(moved.items())

    def start(self, publish: Callable[[str, int | None], None], every: float = EVERY) -> None:
        """Look every ``every`` seconds from now on and ``publish(table_id, rev)``
        each change (once per process: later calls only keep the newest
        ``publish``, e.g. a hub of a newer server app in tests)."""
        with self._lock:
            self._publish = publish
            if self._thread is not None and self._thread.is_alive():
                return
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, args=(every,), name="change-notice", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self, every: float) -> None:
        while not self._stop.wait(every):
            try:
                changed = self.look()
            except sqlite3.ProgrammingError:  # the store was closed: nothing more to notice
                return
            except Exception:  # noqa: BLE001 - a busy store: look again next time
                log.debug("could not look for changes", exc_info=True)
                continue
            publish = self._publish
            for table_id, rev in changed:
                try:
                    if publish is not None:
                        publish(table_id, rev)
                except Exception:  # noqa: BLE001 - one table's listeners never stop the others'
                    log.exception("could not tell the change of %s", table_id)


_NOTICES_LOCK = threading.Lock()


def for_store(store: Store) -> ChangeNotice:
    """The one :class:`ChangeNotice` of ``store`` in this process (kept on
    the store: it lives and ends with it)."""
    with _NOTICES_LOCK:
        found = getattr(store, "_change_notice", None)
        if found is None:
            found = ChangeNotice(store)
            store._change_notice = found  # type: ignore[attr-defined]
        return found


def hub_publisher(hub: Any) -> Callable[[str, int | None], None]:
    """Publish a table's change on its topic through Flet's pubsub ``hub``
    (the process's hub of sessions: ``page.session.connection.pubsubhub``)."""
    def publish(table_id: str, rev: int | None) -> None:
        hub.send_all_on_topic(f"table:{table_id}", {"kind": "elsewhere", "rev": rev})
    return publish


#: the one thread that redraws this process's devices after a change, in turn
_REDRAWS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="redraw")


def redraw_in_turn(redraw: Callable[..., Any], *args: Any) -> None:
    """Run ``redraw(*args)`` after the redraws asked for before it.

    A change reaches each device of a table through Flet's pubsub, which runs
    every handler in a thread of its own pool: the four other phones of a table
    (and those of a table that moved at the same moment) were redrawn all at
    once, sharing the one core Python gives a process, so each finished only
    when all did, and the event loop that sends the redraws waited for the
    interpreter behind them.  One after another, the first phone has its
    screen after one redraw's time, not four."""
    _REDRAWS.submit(redraw, *args)
