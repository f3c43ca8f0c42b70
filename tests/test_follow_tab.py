"""Issue 32: one tab writes; a second tab may follow it (hosts/browser.py).  In-process: a store
that refuses every write, and two tabs of one browser played by two hosts whose "IndexedDB" is
one shared folder and whose BroadcastChannel is a list of channels (the page's part -- the Web
Lock, ``build_web.BOOT`` -- is played by the test: it tells each tab what the page would)."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.registry import get_game
from companion.storage import ReadOnly, Store
from companion.ui import hosts
from companion.ui.app import App
from companion.ui.hosts.browser import BrowserHost
from ui_harness import FakePage, run_coroutine, texts

FILES = ("c.db", "c.db-wal", "c.db-shm")
REFUSED = "Only the other tab can change the table"
FOLLOWS = "This tab follows the table played in another tab"


def _rows(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def test_a_store_that_refuses_writes_changes_nothing_and_still_reads(tmp_path):
    store = Store(tmp_path / "c.db")
    game = get_game("manila")
    table = store.create_table(game, game.setup(["Ana", "Ben", "Cho"], {}))
    store.refuse_writes(True)
    before = _rows(tmp_path / "c.db"), store.writes
    legal = game.legal_actions(table.state)
    with pytest.raises(ReadOnly):
        table.apply(legal[0])
    with pytest.raises(ReadOnly):
        store.create_table(game, game.setup(["Dan", "Eve", "Fay"], {}))
    with pytest.raises(ReadOnly):
        store.set_setting("lang", "zh_Hans")
    with pytest.raises(ReadOnly):
        store.record_search_miss("boats", "manila.x", "en")
    with pytest.raises(sqlite3.OperationalError, match="readonly"):  # SQLite's query_only behind it
        store.conn.execute("DELETE FROM tables")
    assert table.rev == 0 and table.session.cursor == 0  # nothing changed in memory either
    assert [t.id for t in store.list_tables()] == [table.id]  # reads as before
    assert store.open_table(table.id).rev == 0
    store.reopen()  # opened again (the file replaced underneath): still refusing
    with pytest.raises(ReadOnly):
        table.apply(legal[0])
    # (closing may checkpoint the WAL into the file: the same rows, laid out anew)
    assert (_rows(tmp_path / "c.db"), store.writes) == before
    store.refuse_writes(False)
    table.apply(legal[0])
    assert store.open_table(table.id).rev == 1


def test_a_copy_in_memory_answers_while_the_file_is_replaced_and_the_table_sees_the_new_one(tmp_path):
    writer = Store(tmp_path / "w.db")
    game = get_game("manila")
    table = writer.create_table(game, game.setup(["Ana", "Ben", "Cho"], {}))
    writer.close()
    for name in ("w.db", "w.db-wal", "w.db-shm"):
        if (tmp_path / name).exists():
            shutil.copyfile(tmp_path / name, tmp_path / name.replace("w.db", "r.db"))
    reader = Store(tmp_path / "r.db")
    reader.refuse_writes(True)
    shown = reader.open_table(table.id)
    assert not shown.sync()
    writer = Store(tmp_path / "w.db")
    writer.open_table(table.id).apply(game.legal_actions(table.state)[0])
    writer.close()
    reader.stand_in()
    assert [t.id for t in reader.list_tables()] == [table.id]  # the copy answers meanwhile
    for name in ("r.db", "r.db-wal", "r.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    for name in ("w.db", "w.db-wal", "w.db-shm"):
        if (tmp_path / name).exists():
            shutil.copyfile(tmp_path / name, tmp_path / name.replace("w.db", "r.db"))
    reader.reopen()
    assert shown.sync() and shown.rev == 1 and shown.session.cursor == 1
    with pytest.raises(ReadOnly):
        shown.apply(game.legal_actions(shown.state)[0])


class Channels:
    """The browser's BroadcastChannel of one name: a message reaches every other tab's, later."""

    def __init__(self) -> None:
        self.open: list[Channel] = []


class Channel:
    def __init__(self, channels: Channels) -> None:
        self.channels = channels
        channels.open.append(self)
        self.onmessage = None
        self.sent: list[dict] = []

    def postMessage(self, data: str) -> None:  # noqa: N802 - the browser's name
        self.sent.append(json.loads(data))
        loop = asyncio.get_running_loop()
        for other in self.channels.open:
            if other is not self and other.onmessage is not None:
                loop.call_soon(other.onmessage, SimpleNamespace(data=data))


class Port:
    """The tab's port to its page: what Python told the page; the test tells Python the page's word."""

    def __init__(self) -> None:
        self.onmessage = None
        self.sent: list[dict] = []

    def postMessage(self, data: str) -> None:  # noqa: N802
        self.sent.append(json.loads(data))

    def tell(self, **message) -> None:
        self.onmessage(SimpleNamespace(data=json.dumps(message)))


class Tab(BrowserHost):
    """A tab's host: its own files in memory (``folder``), the browser's IndexedDB one shared
    folder (``kept``); a sync copies the files there, reading back copies them here."""

    def __init__(self, folder: Path, kept: Path) -> None:
        super().__init__()
        self.mounted = True
        self.folder, self.kept_dir = folder, kept
        folder.mkdir(exist_ok=True)
        kept.mkdir(exist_ok=True)
        self.pushes = 0

    async def _syncfs(self, populate: bool) -> None:
        src, dst = (self.kept_dir, self.folder) if populate else (self.folder, self.kept_dir)
        await asyncio.sleep(0.02)
        for name in FILES:
            (dst / name).unlink(missing_ok=True)
            if (src / name).exists():
                shutil.copyfile(src / name, dst / name)
        self.syncs += 1
        if not populate:
            self.pushes += 1


def _tab(tmp_path: Path, name: str, channels: Channels, mode: str, monkeypatch) -> tuple[Tab, App, Port]:
    host = Tab(tmp_path / name, tmp_path / "indexeddb")
    port = Port()
    monkeypatch.setattr(hosts, "_CURRENT", [host])
    if mode == "follow":  # what the page's follower reads at start: IndexedDB
        for f in FILES:
            if (host.kept_dir / f).exists():
                shutil.copyfile(host.kept_dir / f, host.folder / f)
    store = Store(host.folder / "c.db")
    host.store = store
    host.connect(mode, port, Channel(channels))
    if host.following:
        store.refuse_writes(True)
    page = FakePage()
    app = App(page, store)
    page.data = app
    host.page = page
    app.render()
    host.started()
    return host, app, port


async def _settle(*tabs: Tab, rounds: int = 40) -> None:
    for _ in range(rounds):
        await asyncio.sleep(0.01)
    while any(t._syncing or t._reading for t in tabs):
        await asyncio.sleep(0.01)


def test_a_following_tab_shows_each_move_refuses_its_own_and_takes_over_with_nothing_lost(tmp_path, monkeypatch):
    channels = Channels()
    result: dict = {}

    async def play() -> None:
        a, app_a, port_a = _tab(tmp_path, "a", channels, "write", monkeypatch)
        app_a.start_table("manila", ["Ana", "Ben", "Cho"], {})
        game = app_a.table.game
        await _settle(a)
        assert app_a.dispatch(next(x for x in game.legal_actions(app_a.table.state) if x.type == "shares_later"))
        await _settle(a)

        b, app_b, port_b = _tab(tmp_path, "b", channels, "follow", monkeypatch)
        await _settle(a, b)  # B asked where A is; A told; B read back and opened A's table
        assert app_b.table is not None and app_b.table.id == app_a.table.id and app_b.table.rev == 1
        assert app_b.nav.screen == "table"
        assert any(FOLLOWS in t for t in texts(app_b.page)) and "Use it here" in texts(app_b.page)

        # a move in A shows in B
        assert app_a.dispatch(next(x for x in game.legal_actions(app_a.table.state) if x.type == "shares_later"))
        await _settle(a, b)
        assert app_b.table.rev == 2 and app_b.table.session.cursor == 2 and b.reads >= 2

        # a tap in B that would write: refused, said, nothing written anywhere
        kept = {f: (b.kept_dir / f).read_bytes() for f in FILES if (b.kept_dir / f).exists()}
        assert not app_b.dispatch(next(x for x in game.legal_actions(app_b.table.state)
                                       if x.type == "shares_later"))
        assert app_b.refusal is not None and REFUSED in app_b.refusal.message
        assert any(REFUSED in t for t in texts(app_b.page))
        app_b.set_language("zh_Hans")  # a setting: this tab's alone, not written
        app_b.set_language("en")
        await _settle(a, b)
        assert b.pushes == 0 and app_b.table.rev == 2
        assert {f: (b.kept_dir / f).read_bytes() for f in FILES if (b.kept_dir / f).exists()} == kept

        # A plays on; B takes over ("Use it here"): the page steals the lock, A stops, B reads, B writes
        assert app_a.dispatch(next(x for x in game.legal_actions(app_a.table.state) if x.type == "shares_later"))
        b.take_over()
        assert port_b.sent[-1] == {"kind": "take"}
        port_a.tell(kind="lost")  # the page's lock taken: A's Python syncs nothing more, says it stopped
        port_b.tell(kind="writer", stolen=True)
        await _settle(a, b)
        assert a.mode == "lost" and b.mode == "write" and not b.store.read_only
        assert app_b.table.rev == 3  # A's last move, kept before it stopped, is here
        assert not any(FOLLOWS in t for t in texts(app_b.page))
        assert app_b.dispatch(next(x for x in game.legal_actions(app_b.table.state) if x.type == "supply"))
        await _settle(a, b)
        assert b.pushes == 1
        result["id"] = app_b.table.id

    run_coroutine(play())
    kept = Store(tmp_path / "indexeddb" / "c.db")  # what the browser keeps: every move of both tabs
    table = kept.open_table(result["id"])
    assert table.rev == 4 and [a.type for a in table.session.actions] == ["shares_later"] * 3 + ["supply"]


def test_a_following_tab_goes_to_the_table_the_writer_opens_and_writes_once_the_writer_closes(tmp_path,
                                                                                            monkeypatch):
    channels = Channels()

    async def play() -> None:
        a, app_a, port_a = _tab(tmp_path, "a", channels, "write", monkeypatch)
        b, app_b, port_b = _tab(tmp_path, "b", channels, "follow", monkeypatch)
        await _settle(a, b)
        assert app_b.nav.screen == "home" and any(FOLLOWS in t for t in texts(app_b.page))
        app_a.start_table("manila", ["Ana", "Ben", "Cho"], {})
        await _settle(a, b)
        assert app_b.table is not None and app_b.table.id == app_a.table.id  # followed from Home
        first = app_a.table.id
        app_a.go_home()
        app_a.start_table("manila", ["Dan", "Eve", "Fay"], {})
        await _settle(a, b)
        assert app_b.table.id == app_a.table.id != first  # and from one table to the next
        # a new table from the follower is refused too (not only a move)
        app_b.go_home()
        app_b.start_table("manila", ["Gus", "Hal", "Ivy"], {})
        assert any(REFUSED in t for t in texts(app_b.page)) and len(app_b.store.list_tables()) == 2
        # the writing tab closes: the page gets the lock (not taken): B reads, then writes
        channels.open.remove(a._channel)
        port_b.tell(kind="writer", stolen=False)
        await _settle(b)
        assert b.mode == "write"
        assert b.pushes == 1  # what it remembered on taking over (its open table) is kept, as every write is
        app_b.start_table("manila", ["Gus", "Hal", "Ivy"], {})
        await _settle(b)
        assert b.pushes == 2  # the new table: one sync

    run_coroutine(play())
    assert len(Store(tmp_path / "indexeddb" / "c.db").list_tables()) == 3
