"""One app, two hosts (issue 32): the screens import no server module, and in
the browser's host a screen after a write waits until the write is kept."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from companion.ui import hosts
from companion.ui.hosts.browser import BrowserHost, StorageFailed
from companion.storage import Store
from companion.ui.app import App
from ui_harness import FakePage, manila_to, run_coroutine, texts

ROOT = Path(__file__).resolve().parents[1]

SERVER_ONLY = ("uvicorn", "fastapi", "starlette", "flet_web")


def test_the_screens_run_with_no_server_module_importable(tmp_path):
    """As in the browser, where they are not installed: the app imports, draws its home
    screen and plays a Manila table with uvicorn, fastapi, starlette and flet_web missing."""
    code = f"""
import sys
for name in {SERVER_ONLY!r}:
    sys.modules[name] = None  # importing it raises ImportError, as in Pyodide
sys.path.insert(0, {str(ROOT / 'tests')!r})
from companion.ui import hosts
from companion.ui.hosts.browser import BrowserHost
hosts.install(BrowserHost())
from companion.storage import Store
from companion.ui.app import App
from ui_harness import FakePage, manila_to, texts
app = App(FakePage(), Store({str(tmp_path / 'c.db')!r}))
app.render()
shown = texts(app.page)
assert "New table" in shown and "Join a table" not in shown, shown
assert any("several phones" in t for t in shown), shown
manila_to(app, "place")
print("ok", app.table.rev, sorted(m for m in {SERVER_ONLY!r} if sys.modules.get(m)))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split()[0] == "ok" and out.stdout.strip().endswith("[]"), out.stdout


class SlowSync(BrowserHost):
    """The browser's host with IndexedDB played by a folder: a sync copies the database's files
    there after a while (or fails, copying nothing, as IDBFS's one transaction does); reading back
    (``populate``) copies them back."""

    def __init__(self, folder: Path, fail_after: int | None = None) -> None:
        super().__init__()
        self.mounted = True
        self.folder, self.kept_dir = folder, folder / "indexeddb"
        self.kept_dir.mkdir()
        self.fail_after = fail_after
        self.log: list[str] = []

    async def _syncfs(self, populate: bool) -> None:
        import shutil

        if populate:
            for name in ("c.db", "c.db-wal", "c.db-shm"):
                (self.folder / name).unlink(missing_ok=True)
                if (self.kept_dir / name).exists():
                    shutil.copyfile(self.kept_dir / name, self.folder / name)
            return
        self.log.append("sync started")
        await asyncio.sleep(0.05)
        if self.fail_after is not None and self.syncs >= self.fail_after:
            raise StorageFailed("QuotaExceededError")
        for name in ("c.db", "c.db-wal", "c.db-shm"):
            if (self.folder / name).exists():
                shutil.copyfile(self.folder / name, self.kept_dir / name)
        self.log.append("sync done")
        self.syncs += 1


async def _settled(host: BrowserHost) -> None:
    """Until the host's sync (if one was started) is over."""
    await asyncio.sleep(0)
    while host._syncing:
        await asyncio.sleep(0.01)


def test_in_the_browser_a_move_is_shown_only_after_its_sync(tmp_path, monkeypatch):
    host = SlowSync(tmp_path)
    monkeypatch.setattr(hosts, "_CURRENT", [host])
    app = App(FakePage(), Store(tmp_path / "c.db"))
    drawn: list[int] = []
    original = app._render

    def render() -> None:
        host.log.append("drawn")
        drawn.append(app.table.rev if app.table is not None else -1)
        original()

    app._render = render  # type: ignore[method-assign]

    async def play() -> None:
        app.start_table("manila", ["Ana", "Ben", "Cho"], {})
        assert host.log == [] and host._syncing  # the new table is not shown before it is kept
        while host._syncing:
            await asyncio.sleep(0.01)
        assert host.log == ["sync started", "sync done", "drawn"]
        host.log.clear()
        legal = app.table.game.legal_actions(app.table.state)
        assert app.dispatch(next(a for a in legal if a.type == "shares_later"))
        assert host.log == [] and drawn[-1] == app.table.rev - 1  # the screen before the move
        while host._syncing:
            await asyncio.sleep(0.01)
        assert host.log[-2:] == ["sync done", "drawn"] and drawn[-1] == app.table.rev
        assert host.kept == app.store.writes
        host.log.clear()
        app.go("rules")  # no write: drawn at once
        assert host.log == ["drawn"]

    run_coroutine(play())


def test_in_the_browser_a_move_the_storage_refuses_is_undone_and_told(tmp_path, monkeypatch):
    """Storage full after the table was kept: the next move is not kept, and the screen shows the
    table as the browser keeps it (before that move), with the message; nothing half-written."""
    host = SlowSync(tmp_path, fail_after=1)
    monkeypatch.setattr(hosts, "_CURRENT", [host])
    app = App(FakePage(), Store(tmp_path / "c.db"))

    async def play() -> None:
        app.start_table("manila", ["Ana", "Ben", "Cho"], {})
        await _settled(host)
        assert host.failure is None and app.table.rev == 0
        legal = app.table.game.legal_actions(app.table.state)
        assert app.dispatch(next(a for a in legal if a.type == "shares_later"))
        assert app.table.rev == 1  # accepted in memory ...
        await _settled(host)

    run_coroutine(play())
    assert host.failure == "QuotaExceededError"
    assert app.table.rev == 0 and app.table.session.cursor == 0  # ... but the table is as it was kept
    assert app.refusal is not None and "could not keep that change" in app.refusal.message
    assert any("could not keep that change" in t for t in texts(app.page))
    again = Store(tmp_path / "indexeddb" / "c.db")  # what the browser keeps: the table, no move
    assert [t.cursor for t in again.list_tables()] == [0]


def test_the_server_host_draws_at_once(tmp_path):
    assert type(hosts.current()) is hosts.Host and hosts.current().multi_device
    app = App(FakePage(), Store(tmp_path / "c.db"))
    manila_to(app, "auction")
    assert "Join a table" not in texts(app.page)  # a table screen
    app.go_home()
    assert "Join a table" in texts(app.page)


def test_in_the_browser_settings_notices_no_answers_and_export_ids_are_kept_before_the_screen(
        tmp_path, monkeypatch):
    """Every write of the store counts (``Store.writes``), not only a table's: a setting, a
    notice put away, a search's "no" and a table's export id are in the browser's storage
    before the screen after them is drawn (before, they waited for the next move's sync, and a
    tab closed first lost them)."""
    host = SlowSync(tmp_path)
    monkeypatch.setattr(hosts, "_CURRENT", [host])
    app = App(FakePage(), Store(tmp_path / "c.db"))
    original = app._render

    def render() -> None:
        host.log.append("drawn")
        original()

    app._render = render  # type: ignore[method-assign]

    async def play() -> None:
        app.start_table("manila", ["Ana", "Ben", "Cho"], {})
        await _settled(host)
        table_id = app.table.id

        def older_table_without_an_export_id() -> None:  # a table from before export ids: made on first need
            with app.store.lock:
                app.store.conn.execute("UPDATE tables SET origin=NULL WHERE id=?", (table_id,))
            app.store.export_identity(table_id)

        for write in (lambda: app.store.set_setting("theme", "dark"),
                      lambda: app.store.record_search_miss("who pays the pirates", "manila.overview.goal", "en",
                                                           table_id, "manila"),
                      older_table_without_an_export_id,
                      lambda: app.store.acknowledge()):
            host.log.clear()
            write()
            app.render()
            assert host.log == [], (write, host.log)  # not drawn before it is kept
            await _settled(host)
            assert host.log == ["sync started", "sync done", "drawn"]
        return table_id

    table_id = run_coroutine(play())
    app.store.close()
    kept = Store(tmp_path / "indexeddb" / "c.db")  # what the browser keeps
    assert kept.get_setting("theme") == "dark"
    assert [m["query"] for m in kept.search_misses(table_id)] == ["who pays the pirates"]
    origin = kept.conn.execute("SELECT origin FROM tables WHERE id=?", (table_id,)).fetchone()[0]
    assert origin and origin == Store(tmp_path / "c.db").export_identity(table_id)["origin"]
