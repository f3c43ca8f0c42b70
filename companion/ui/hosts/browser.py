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

One tab writes at a time (the page's Web Lock, ``build_web.BOOT``).  A second
tab may *follow* it instead of waiting: it runs the same app with its store
refusing writes (``Store.refuse_writes``), never syncs, keeps no settings,
and after each sync the writer tells the other tabs (a BroadcastChannel) so
the follower reads IndexedDB back and redraws.  Asked ("Use it here") or when
the writer closes, the follower reads the latest data once more and writes
from then on; a writer whose lock was taken stops syncing and says so, and the
tab that took it waits for that word (at most :data:`STOP_WAIT`) before
reading: its last sync is in what is read.
"""

from __future__ import annotations

import asyncio
import json
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
#: the tabs of this browser tell each other what the writing tab kept (a BroadcastChannel)
CHANNEL = "table-companion"
#: how long a tab that took the lock waits for the old writer to say it stopped syncing (s)
STOP_WAIT = 2.0


class StorageFailed(Exception):
    """The browser did not keep the last write (storage full, blocked, evicted)."""


class BrowserHost(Host):
    name = "browser"
    #: one device: no join codes, invitations or seats on other phones
    multi_device = False
    #: the fonts come from this browser's cache: the whole CJK font at once (no cut in the build)
    fonts_local = True

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
        #: "write": this tab keeps the tables; "follow": it shows the writing tab's, read-only;
        #: "lost": another tab took over (the page says so; nothing more is synced)
        self.mode = "write"
        #: the mode was "take": the lock was taken from a tab that may still be syncing
        self._took = False
        self.page: Any = None
        self.store: Any = None
        self._port: Any = None
        self._channel: Any = None
        self._proxies: list[Any] = []
        #: when the last "stopped" was heard (time.monotonic())
        self._stopped_at: float | None = None
        self._told: tuple[Any, int] | None = None
        self._reading = False
        self._again = False
        self._wanted: str | None = None
        #: one read back at a time, and none once this tab writes (it would drop what is not kept)
        self._read_lock = asyncio.Lock()
        #: how often a following tab read the writer's data back (tests, benchmarks)
        self.reads = 0

    @property
    def following(self) -> bool:  # type: ignore[override]
        return self.mode == "follow"

    # ----- the other tabs of this browser -----------------------------------------------------------
    def connect(self, mode: str | None = None, port: Any = None, channel: Any = None) -> None:
        """The page's word on this tab (``mode``: write, take, follow; its message port) and the
        channel to the other tabs; by default what the worker holds (``python-worker.js``)."""
        proxy: Callable[[Any], Any] = lambda fn: fn  # noqa: E731
        if channel is None:
            try:
                import js  # type: ignore[import-not-found]
                from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
            except ImportError:
                return
            mode = getattr(js, "companionMode", None) if mode is None else mode
            port = getattr(js, "companionPort", None) if port is None else port
            channel = js.BroadcastChannel.new(CHANNEL)
            proxy = create_proxy
        self.mode = "follow" if mode == "follow" else "write"
        self._took = mode == "take"
        heard, told = proxy(self._heard), proxy(self._told_by_page)
        self._proxies = [heard, told]
        self._channel = channel
        channel.onmessage = heard
        if port is not None:
            self._port = port
            port.onmessage = told

    def started(self) -> None:
        """The app's first screen is up: a following tab asks the writing tab where it is."""
        if self.following:
            self._post({"kind": "where"})

    def _post(self, message: dict[str, Any], to: Any = None) -> None:
        target = self._channel if to is None else to
        if target is not None:
            target.postMessage(json.dumps(message))

    def _heard(self, event: Any) -> None:
        try:
            message = json.loads(str(event.data))
        except ValueError:
            return
        kind = message.get("kind")
        if kind == "where" and self.mode == "write":
            self._tell(force=True)
        elif kind == "kept" and self.following:
            self._read_later(message.get("table"))
        elif kind == "stopped":
            self._stopped_at = time.monotonic()

    def _told_by_page(self, event: Any) -> None:
        try:
            message = json.loads(str(event.data))
        except ValueError:
            return
        if message.get("kind") == "writer" and self.mode == "follow":
            asyncio.get_event_loop().create_task(self._become_writer(bool(message.get("stolen"))))
        elif message.get("kind") == "lost":
            asyncio.get_event_loop().create_task(self._stop())

    def take_over(self) -> None:
        """"Use it here" on a following tab: the page takes the lock, then says so (``writer``)."""
        if self.following:
            self._post({"kind": "take"}, self._port)

    def _table_id(self) -> str | None:
        table = getattr(getattr(self.page, "data", None), "table", None)
        return getattr(table, "id", None)

    def _tell(self, force: bool = False) -> None:
        """The writing tab: the other tabs hear which table it shows and how much is kept."""
        if self.mode != "write" or self._channel is None:
            return
        told = (self._table_id(), self.kept)
        if force or told != self._told:
            self._told = told
            self._post({"kind": "kept", "table": told[0], "kept": told[1]})

    async def _stop(self) -> None:
        """Another tab took the lock: no more syncs here; once the one under way (if any) is
        done, the other tabs hear that this one stopped."""
        self.mode = "lost"
        while self._syncing:
            await asyncio.sleep(0.01)
        self._post({"kind": "stopped"})

    async def _wait_stopped(self) -> None:
        """After taking the lock from a tab that may be syncing: its word that it stopped (heard
        since, or just before: the two tabs' messages cross), or :data:`STOP_WAIT` at most (a
        tab gone or asleep syncs nothing)."""
        started = time.monotonic()
        while (self._stopped_at is None or self._stopped_at < started - STOP_WAIT) \
                and time.monotonic() - started < STOP_WAIT:
            await asyncio.sleep(0.02)

    def _read_later(self, table: Any) -> None:
        self._wanted = table if isinstance(table, str) else None
        if self._reading:
            self._again = True
            return
        self._reading = True
        asyncio.get_event_loop().create_task(self._read_back())

    async def _read_back(self) -> None:
        try:
            while self.following:
                self._again = False
                async with self._read_lock:
                    if not self.following:
                        break
                    await self.read_kept()
                if not self._again:
                    break
        finally:
            self._reading = False
        app = getattr(self.page, "data", None)
        if self.following and app is not None and hasattr(app, "follow_writer"):
            app.follow_writer(self._wanted)

    async def read_kept(self) -> None:
        """The database as IndexedDB keeps it now, read into this tab (a copy in memory answers
        reads meanwhile: ``Store.stand_in``)."""
        store = self.store
        if store is None or not self.mounted:
            return
        store.stand_in()
        try:
            await self._syncfs(True)
        except Exception:  # noqa: BLE001 - the file in memory stays as it was; the next word reads again
            log.exception("could not read the writing tab's data")
        finally:
            store.reopen()
        self.reads += 1

    async def _become_writer(self, stolen: bool) -> None:
        """This following tab writes from now on: it reads what the other kept last, first."""
        if stolen:
            await self._wait_stopped()
        async with self._read_lock:
            if self.mode != "follow":
                return
            await self.read_kept()
            if self.store is not None:
                self.store.refuse_writes(False)
                self.kept = self.store.writes
            self.mode = "write"
        app = getattr(self.page, "data", None)
        if app is not None and hasattr(app, "taken_over"):
            app.taken_over()
        self._tell(force=True)

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
        if self._took:  # the lock taken from a tab that may be syncing: its last sync first
            await self._wait_stopped()
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
        if not self.mounted or self.mode != "write" or getattr(store, "writes", 0) == self.kept:
            # a following tab writes nothing; one whose lock was taken keeps nothing more
            show()
            self._tell()
            return
        self._syncing = True
        asyncio.get_event_loop().create_task(self._sync_then_show(store))

    async def _sync_then_show(self, store: Any) -> None:
        try:
            while getattr(store, "writes", 0) != self.kept and self.mode == "write":
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
        self._tell()  # the other tabs read it back now
        if self.failure is not None and self._lost is not None:
            self._lost(self.failure)
        elif self._show is not None:
            self._show()

    async def _back_to_kept(self, store: Any) -> None:
        """The database as IndexedDB keeps it: closed, read back, opened again."""
        with store.lock:
            store.stand_in()
            try:
                await self._syncfs(True)
            except Exception:  # noqa: BLE001 - nothing more to try: the next start reads what was kept
                log.exception("could not read the kept data back")
            finally:
                store.reopen()
        self.kept = store.writes


def run() -> None:
    """The app in the browser: the same screens as served (``companion.ui.app``)."""
    os.environ.setdefault("COMPANION_DATA_DIR", DATA)
    host = install(BrowserHost())
    try:
        host.connect()
    except Exception:  # noqa: BLE001 - no BroadcastChannel: this tab writes alone, as before
        log.exception("the other tabs cannot be told")

    def store() -> Store:
        if not host.mounted:  # IndexedDB blocked or gone: never a table kept in memory only
            raise StoreUnavailable("cant_open", "the browser's storage (IndexedDB) cannot be opened",
                                   Path(DATA) / DB_NAME)
        shared = Store.shared(Path(DATA) / DB_NAME)
        host.store = shared
        if host.following and not shared.read_only:
            shared.refuse_writes(True)
        return shared

    inner = make_main(store)

    async def main(page: ft.Page) -> None:
        _mark("session")
        try:
            await host.mount()
        except Exception:  # noqa: BLE001 - no IndexedDB (blocked): the store says it cannot open
            log.exception("the browser's storage cannot be opened")
        _mark("storage read")
        host.page = page
        await inner(page)
        host.started()
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
