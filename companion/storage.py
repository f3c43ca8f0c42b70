"""SQLite persistence: every accepted action is committed before anyone sees it.

Tables::

    tables(id, game, setup, cursor, status, created, updated, finished, result)
    actions(table_id, seq, action)          -- the log, seq from 1
    snapshots(table_id, seq, engine, state) -- a cache: pickled state after seq actions
    settings(key, value)

A new action after an undo deletes the redo tail, inserts the action and moves
the cursor in one transaction.  Snapshots are only a cache: if one cannot be
read (another engine version, a damaged row), the log is replayed instead.

A database that cannot be opened or fails its integrity check is renamed
aside (``*.corrupt-<time>``) and a fresh one is started; ``Store.recovered``
names the kept file so the UI can tell the user.
"""

from __future__ import annotations

import json
import pickle
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, MutableSequence, overload

from .core.actions import Action
from .core.game import Game, TableSetup
from .core.session import Session
from .paths import user_data_dir
from .registry import get_game

SNAPSHOT_EVERY = 200
ENGINE_VERSION = "1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    cursor INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active',
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished REAL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    engine TEXT NOT NULL,
    state BLOB NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS roster (
    name TEXT PRIMARY KEY,
    last_used REAL NOT NULL
);
"""


class ActionLog(MutableSequence[Action]):
    """A table's log, read from SQLite a chunk at a time when first needed.

    Resuming a long game reads only the actions after the newest snapshot, so
    opening a table of 10,000 actions costs about what one of 10 does.  The
    database always holds exactly this log (StoredSession writes both).
    """

    CHUNK = 256

    def __init__(self, length: int, load: Callable[[int, int], list[str]]) -> None:
        self._len = length
        self._load = load  # (first index, count) -> raw JSON rows
        self._items: dict[int, Action] = {}

    def __len__(self) -> int:
        return self._len

    def _get(self, index: int) -> Action:
        if index not in self._items:
            start = index - index % self.CHUNK
            count = min(self.CHUNK, self._len - start)
            for offset, raw in enumerate(self._load(start, count)):
                self._items.setdefault(start + offset, Action.from_json(json.loads(raw)))
        return self._items[index]

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self._get(i) for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(index)
        return self._get(index)

    def __setitem__(self, index: Any, value: Any) -> None:
        raise TypeError("the log is append-only")

    def __delitem__(self, index: int | slice) -> None:
        if not (isinstance(index, slice) and index.step in (None, 1) and index.stop is None):
            raise TypeError("only the tail of the log can be dropped")
        start = index.indices(self._len)[0]
        for key in [k for k in self._items if k >= start]:
            del self._items[key]
        self._len = start

    def insert(self, index: int, value: Action) -> None:
        if index != self._len:
            raise TypeError("the log is append-only")
        self._items[index] = value
        self._len += 1

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, ActionLog)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


@dataclass
class TableInfo:
    id: str
    game: str
    players: list[str]
    options: dict[str, Any]
    cursor: int
    status: str
    created: float
    updated: float
    finished: float | None
    result: dict[str, Any] | None


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


class Store:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or (user_data_dir() / "companion.db")
        self.recovered: Path | None = None
        self.conn = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            conn = connect(self.path)
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity: {ok}")
            conn.executescript(_SCHEMA)
            return conn
        except sqlite3.DatabaseError:
            try:
                conn.close()  # type: ignore[possibly-undefined]
            except Exception:  # noqa: BLE001
                pass
            aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            self.path.rename(aside)
            for suffix in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    side.rename(aside.with_name(aside.name + suffix))
            self.recovered = aside
            conn = connect(self.path)
            conn.executescript(_SCHEMA)
            return conn

    def close(self) -> None:
        self.conn.close()

    # ----- settings and roster -------------------------------------------
    def get_setting(self, key: str, default: str | None = None) -> str | None:
        row = self.conn.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_setting(self, key: str, value: str) -> None:
        self.conn.execute("INSERT INTO settings(key, value) VALUES(?, ?) "
                          "ON CONFLICT(key) DO UPDATE SET value=excluded.value", (key, value))

    def roster(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT name FROM roster ORDER BY last_used DESC, name")]

    def _remember_players(self, players: list[str]) -> None:
        now = time.time()
        self.conn.executemany("INSERT INTO roster(name, last_used) VALUES(?, ?) "
                              "ON CONFLICT(name) DO UPDATE SET last_used=excluded.last_used",
                              [(p, now) for p in players])

    # ----- tables --------------------------------------------------------
    def create_table(self, game: Game, setup: TableSetup,  # type: ignore[type-arg]
                     session: Session | None = None) -> "StoredSession":  # type: ignore[type-arg]
        """A new table; with ``session`` (an import) its whole log is written
        in the same transaction, so a half-imported table never appears."""
        table_id = uuid.uuid4().hex[:12]
        now = time.time()
        session = session or Session(game, setup)
        stored = StoredSession(self, table_id, session)
        with self._tx():
            self.conn.execute(
                "INSERT INTO tables(id, game, setup, cursor, status, created, updated) VALUES(?,?,?,?,?,?,?)",
                (table_id, game.id, json.dumps(setup.to_json(), ensure_ascii=False), 0, "active", now, now))
            self.conn.executemany("INSERT INTO actions(table_id, seq, action) VALUES(?,?,?)",
                                  [(table_id, i + 1, json.dumps(a.to_json(), ensure_ascii=False))
                                   for i, a in enumerate(session.log)])
            if session.log:
                stored._update_row(session.cursor, session.state, game.is_over(session.state))
            self._remember_players(list(setup.players))
        return stored

    def list_tables(self, status: str | None = None) -> list[TableInfo]:
        sql = "SELECT id, game, setup, cursor, status, created, updated, finished, result FROM tables"
        args: tuple[Any, ...] = ()
        if status:
            sql += " WHERE status=?"
            args = (status,)
        sql += " ORDER BY updated DESC"
        out = []
        for row in self.conn.execute(sql, args):
            setup = json.loads(row[2])
            out.append(TableInfo(row[0], row[1], setup["players"], setup["options"], row[3], row[4],
                                 row[5], row[6], row[7], json.loads(row[8]) if row[8] else None))
        return out

    def delete_table(self, table_id: str) -> None:
        with self._tx():
            for name in ("actions", "snapshots"):
                self.conn.execute(f"DELETE FROM {name} WHERE table_id=?", (table_id,))
            self.conn.execute("DELETE FROM tables WHERE id=?", (table_id,))

    def open_table(self, table_id: str) -> "StoredSession":
        row = self.conn.execute("SELECT game, setup, cursor FROM tables WHERE id=?", (table_id,)).fetchone()
        if row is None:
            raise KeyError(table_id)
        game = get_game(row[0])
        raw = json.loads(row[1])
        setup = TableSetup(tuple(raw["players"]), raw["options"])
        cursor = row[2]
        length = self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id=?",
                                   (table_id,)).fetchone()[0]  # seq runs 1..n

        def load(first: int, count: int) -> list[str]:
            return [a for (a,) in self.conn.execute(
                "SELECT action FROM actions WHERE table_id=? AND seq>? AND seq<=? ORDER BY seq",
                (table_id, first, first + count))]

        log = ActionLog(length, load)
        start = self._snapshot(game, table_id, cursor)
        session = Session.replay(game, setup, log, cursor, start=start)
        session.snapshot_source = lambda at: self._snapshot(game, table_id, at)
        return StoredSession(self, table_id, session)

    def _snapshot(self, game: Game, table_id: str, at: int) -> tuple[int, Any] | None:  # type: ignore[type-arg]
        """The newest stored snapshot at or before ``at`` that can be read."""
        rows = self.conn.execute(
            "SELECT seq, state FROM snapshots WHERE table_id=? AND seq<=? AND engine=? ORDER BY seq DESC",
            (table_id, at, f"{game.id}:{ENGINE_VERSION}"))
        for seq, blob in rows:
            try:
                return seq, pickle.loads(blob)
            except Exception:  # noqa: BLE001 - a snapshot is only a cache
                continue
        return None

    def _tx(self) -> "_Transaction":
        return _Transaction(self.conn)


class _Transaction:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: Any, *_: Any) -> None:
        if exc_type is None:
            self.conn.execute("COMMIT")
        else:
            self.conn.execute("ROLLBACK")


class StoredSession:
    """A session whose every change is committed to SQLite before it shows."""

    def __init__(self, store: Store, table_id: str, session: Session) -> None:  # type: ignore[type-arg]
        self.store = store
        self.id = table_id
        self.session = session

    @property
    def game(self) -> Game:  # type: ignore[type-arg]
        return self.session.game

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def setup(self) -> TableSetup:
        return self.session.setup

    def apply(self, action: Action) -> Any:
        session = self.session
        new_state = session.preview(action)  # raises; nothing written
        seq = session.cursor + 1
        finished = session.game.is_over(new_state)
        conn = self.store.conn
        with self.store._tx():
            if session.cursor < len(session.log):
                conn.execute("DELETE FROM actions WHERE table_id=? AND seq>=?", (self.id, seq))
                conn.execute("DELETE FROM snapshots WHERE table_id=? AND seq>=?", (self.id, seq))
            conn.execute("INSERT INTO actions(table_id, seq, action) VALUES(?,?,?)",
                         (self.id, seq, json.dumps(action.to_json(), ensure_ascii=False)))
            if seq % SNAPSHOT_EVERY == 0:
                conn.execute("INSERT OR REPLACE INTO snapshots(table_id, seq, engine, state) VALUES(?,?,?,?)",
                             (self.id, seq, f"{session.game.id}:{ENGINE_VERSION}", pickle.dumps(new_state)))
            self._update_row(seq, new_state, finished)
        session.commit(action, new_state)
        return new_state

    def _update_row(self, cursor: int, state: Any, finished: bool) -> None:
        now = time.time()
        if finished:
            game = self.session.game
            result = {
                "winners": [self.setup.players[i] for i in game.winners(state)],
                "scores": game.scores(state),
            }
            self.store.conn.execute(
                "UPDATE tables SET cursor=?, updated=?, status='finished', finished=COALESCE(finished, ?), result=? "
                "WHERE id=?", (cursor, now, now, json.dumps(result, ensure_ascii=False), self.id))
        else:
            self.store.conn.execute(
                "UPDATE tables SET cursor=?, updated=?, status='active', finished=NULL, result=NULL WHERE id=?",
                (cursor, now, self.id))

    def undo(self) -> None:
        session = self.session
        if not session.can_undo():
            session.undo()  # raises the right refusal
        self._move_cursor(session.cursor - 1)

    def redo(self) -> None:
        session = self.session
        if not session.can_redo():
            session.redo()  # raises
        self._move_cursor(session.cursor + 1)

    def _move_cursor(self, target: int) -> None:
        session = self.session
        before = (session.cursor, session.state)
        session.seek(target)
        try:
            with self.store._tx():
                self._update_row(target, session.state, session.game.is_over(session.state))
        except BaseException:
            session.cursor, session._state = before
            raise

    def actions(self) -> Iterator[Action]:
        return iter(self.session.actions)
