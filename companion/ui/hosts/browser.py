"""The browser host: the whole app inside the phone's browser (Pyodide).

The static build (``companion build-web``, ``hosts/build_web.py``) starts
:func:`run` from its ``main.py``.  Here there are no threads and no other
devices; the database is the same SQLite file, in Emscripten's file system at
:data:`DATA`, which is IndexedDB's (IDBFS).  A commit changes the file in the
page's memory only: it is kept once ``FS.syncfs`` has written it to
IndexedDB, so every screen after a write waits for that sync
(:meth:`BrowserHost.show_when_durable`) -- what the screen shows is in the
browser's storage, never only in memory.  IDBFS writes a sync's files in one
IndexedDB transaction: all of them or none.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from pathlib import Path
from typing import Any, Callable

import flet as ft

from ...rules import warmup
from ...storage import Store, StoreUnavailable
from ..app import make_main
from . import Host, install

log = logging.getLogger(__name__)

#: when the launch's steps ended (ms since the epoch, the page's clock too): benchmarks
BOOT: list[tuple[str, float]] = []


def _mark(what: str) -> None:
    BOOT.append((what, time.time() * 1000))


#: where the data lives (IDBFS: the browser's IndexedDB)
DATA = "/data"
DB_NAME = "companion.db"


class StorageFailed(Exception):
    """The browser did not keep the last write (storage full, blocked, evicted)."""


class BrowserHost(Host):
    name = "browser"
    #: one device: no join codes, invitations or seats on other phones
    multi_device = False

    def __init__(self) -> None:
        self.mounted = False
        #: the store's write count that the browser's storage holds
        self.kept = 0
        self._syncing = False
        self._show: Callable[[], None] | None = None
        self._lost: Callable[[str], None] | None = None
        #: the last sync's failure (shown by the screen), None when all is kept
        self.failure: str | None = None
        #: how many syncs ran and how long the last took (ms): benchmarks, tests
        self.syncs = 0
        self.last_sync_ms = 0.0

    async def off_loop(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args)  # no threads: the loop is all there is, and nothing else redraws meanwhile

    def in_turn(self, fn: Callable[..., Any], *args: Any) -> None:
        fn(*args)

    def watch(self, store: Any, hub: Any) -> None:
        return None  # no other process writes this database

    # ----- the database in IndexedDB -------------------------------------------------------------
    async def mount(self) -> None:
        """IDBFS at :data:`DATA`, filled from IndexedDB (what earlier visits kept)."""
        if self.mounted:
            return
        import pyodide_js  # type: ignore[import-not-found]

        fs = pyodide_js.FS
        os.makedirs(DATA, exist_ok=True)
        fs.mount(fs.filesystems.IDBFS, {}, DATA)
        await self._syncfs(True)
        self.mounted = True

    async def _syncfs(self, populate: bool) -> None:
        import pyodide_js  # type: ignore[import-not-found]
        from pyodide.code import run_js  # type: ignore[import-not-found]

        started = time.perf_counter()
        # the promise always resolves, with the error's name or null: a rejected promise awaited
        # here never came back (Pyodide 314 in Flet's worker: the await hung)
        sync = run_js("(FS) => (populate) => new Promise((ok) => "
                      "FS.syncfs(populate, (err) => ok(err ? String(err.name || err.code || err) : null)))")
        try:
            error = await sync(pyodide_js.FS)(populate)
        except Exception as exc:  # noqa: BLE001 - a JS error on the way: storage full, blocked, gone
            raise StorageFailed(str(exc)) from exc
        if error:
            raise StorageFailed(str(error))
        self.syncs += 1
        self.last_sync_ms = (time.perf_counter() - started) * 1000

    def show_when_durable(self, store: Any, show: Callable[[], None],
                          lost: Callable[[str], None] | None = None) -> None:
        """``show`` now if the browser's storage has every write; else once a
        sync has put them there (awaited; one sync at a time, the screen drawn
        once after it).  A sync that fails (storage full, blocked) changed
        nothing in IndexedDB (one transaction); the file in memory is then put
        back as IndexedDB has it and ``lost(reason)`` draws instead."""
        self._show = show
        self._lost = lost
        if self._syncing:
            return
        if not self.mounted or getattr(store, "writes", 0) == self.kept:
            show()
            return
        self._syncing = True
        asyncio.get_event_loop().create_task(self._sync_then_show(store))

    async def _sync_then_show(self, store: Any) -> None:
        try:
            while getattr(store, "writes", 0) != self.kept:
                writes = store.writes
                try:
                    await self._syncfs(False)
                except StorageFailed as exc:
                    log.error("the browser did not keep the data: %s", exc)
                    self.failure = str(exc)
                    await self._back_to_kept(store)
                    break
                self.failure = None
                self.kept = writes
        finally:
            self._syncing = False
        if self.failure is not None and self._lost is not None:
            self._lost(self.failure)
        elif self._show is not None:
            self._show()

    async def _back_to_kept(self, store: Any) -> None:
        """The database as IndexedDB keeps it: closed, read back, opened again."""
        with store.lock:
            store.conn.close()
            try:
                await self._syncfs(True)
            except Exception:  # noqa: BLE001 - nothing more to try: the next start reads what was kept
                log.exception("could not read the kept data back")
            finally:
                store.conn = store._open()
        self.kept = store.writes


def run() -> None:
    """The app in the browser: the same screens as served (``companion.ui.app``)."""
    os.environ.setdefault("COMPANION_DATA_DIR", DATA)
    host = install(BrowserHost())

    def store() -> Store:
        if not host.mounted:  # IndexedDB blocked or gone: never a table kept in memory only
            raise StoreUnavailable("cant_open", "the browser's storage (IndexedDB) cannot be opened",
                                   Path(DATA) / DB_NAME)
        return Store.shared(Path(DATA) / DB_NAME)

    inner = make_main(store)

    async def main(page: ft.Page) -> None:
        _mark("session")
        try:
            await host.mount()
        except Exception:  # noqa: BLE001 - no IndexedDB (blocked): the store says it cannot open
            log.exception("the browser's storage cannot be opened")
        _mark("storage read")
        await inner(page)
        _mark("first screen built")
        asyncio.get_event_loop().create_task(warm_search())

    ft.run(main)


#: how long after the first screen the search is warmed (s): the screen's messages sent and
#: Flutter drawing them first
WARM_AFTER = 2.0


async def warm_search(delay: float = WARM_AFTER) -> None:
    """The rules search made ready on the loop, a step at a time (``companion.rules.warmup``):
    there is no thread to build it in, as the server does, and a first search would otherwise
    pay for loading the index and the first run through its code.  A tap meanwhile waits one
    step at most; a search typed before it is done loads what it needs itself."""
    await asyncio.sleep(delay)
    try:
        for step in warmup.steps():
            _mark(step)
            await asyncio.sleep(0)  # the loop's turn: a tap or a redraw before the next step
    except Exception:  # noqa: BLE001 - a search that fails here fails again, with its message, when asked
        log.exception("warming the rules search failed")
