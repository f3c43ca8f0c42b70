"""SQLite persistence: every accepted action is committed before anyone sees it.

Tables::

    tables(id, game, setup, cursor, status, created, updated, finished, result, rev)
    actions(table_id, seq, action)          -- the log, seq from 1
    snapshots(table_id, seq, engine, state) -- a cache: pickled state after seq actions
    settings(key, value)

One authority per table: ``tables.rev`` counts the table's writes.  Every
write (action, correction, undo, redo) names the rev it was made against and,
in one ``BEGIN IMMEDIATE`` transaction, bumps it with ``UPDATE ... WHERE
rev=?``; if another device or process wrote first the update matches no row,
nothing is written, :class:`StaleTable` is raised and the refused
``StoredSession`` reloads the table as it is now.  A new action after an undo
deletes the redo tail, inserts the action and moves the cursor in that same
transaction; the session in memory changes only after COMMIT.

Snapshots are only a cache, keyed by the game and a fingerprint of its state
class (dataclass field names and types, nested ones included): a snapshot
written before a field was added is ignored, and one that cannot be read (a
damaged row) is skipped; the log is replayed instead.

A server process shares one :class:`Store` (one connection, guarded by a
re-entrant lock) between all its browser sessions: :meth:`Store.shared`.

A database that cannot be opened or fails its integrity check is renamed
aside (``*.corrupt-<time>``) and a fresh one is started; ``Store.recovered``
names the kept file so the UI can tell the user.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pickle
import sqlite3
import threading
import time
import typing
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, MutableSequence, overload

from .core.actions import Action
from .core.errors import StaleTable
from .core.game import Game, TableSetup
from .core.session import Session
from .paths import user_data_dir
from .registry import get_game

SNAPSHOT_EVERY = 200
ENGINE_VERSION = "1"  # kept for old callers; snapshots are keyed by snapshot_key()

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
    result TEXT,
    rev INTEGER NOT NULL DEFAULT 0
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


_FINGERPRINTS: dict[type, str] = {}
_STATE_CLASSES: dict[str, type] = {}


def state_fingerprint(cls: type) -> str:
    """A short hash of ``cls``'s dataclass fields (names and types), nested
    dataclasses included: it changes when a field is added, removed, renamed
    or retyped, so snapshots pickled from an older shape are never loaded."""
    if cls in _FINGERPRINTS:
        return _FINGERPRINTS[cls]
    parts: list[str] = []
    seen: set[type] = set()

    def walk(tp: Any) -> None:
        for arg in typing.get_args(tp):
            walk(arg)
        origin = typing.get_origin(tp)
        if origin is not None:
            walk(origin)
        if not isinstance(tp, type) or tp in seen:
            return
        seen.add(tp)
        if not dataclasses.is_dataclass(tp):
            if tp.__module__ not in ("builtins", "typing", "collections.abc"):
                parts.append(f"{tp.__module__}.{tp.__qualname__}")
            return
        try:
            hints = typing.get_type_hints(tp)
        except Exception:  # noqa: BLE001 - an unresolvable annotation: use its text
            hints = {}
        fields = []
        for f in dataclasses.fields(tp):
            hint = hints.get(f.name, f.type)
            fields.append(f"{f.name}:{hint!r}")
        parts.append(f"{tp.__module__}.{tp.__qualname__}(" + ",".join(fields) + ")")
        for f in dataclasses.fields(tp):
            walk(hints.get(f.name))

    walk(cls)
    digest = hashlib.sha1("|".join(parts).encode()).hexdigest()[:16]
    _FINGERPRINTS[cls] = digest
    return digest


def snapshot_key(game: Game, state: Any = None, setup: TableSetup | None = None) -> str:  # type: ignore[type-arg]
    """The ``snapshots.engine`` value for ``game``: its id and the fingerprint
    of its state class (from ``state``, or a new state for ``setup``)."""
    if state is not None:
        cls = type(state)
    elif game.id in _STATE_CLASSES:
        cls = _STATE_CLASSES[game.id]
    else:
        cls = type(game.new_state(setup))  # type: ignore[arg-type]
    _STATE_CLASSES.setdefault(game.id, cls)
    return f"{game.id}:{state_fingerprint(cls)}"


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
    """The app's database: tables, their logs and snapshots, settings.

    One connection; every transaction and read holds ``self.lock`` (an RLock),
    so one Store may be shared by the threads of every browser session of a
    server process (:meth:`shared`)."""

    _shared: dict[str, "Store"] = {}
    _shared_lock = threading.Lock()

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or (user_data_dir() / "companion.db")
        self.recovered: Path | None = None
        self.lock = threading.RLock()
        #: commits made through this connection (PRAGMA data_version does not count them)
        self.writes = 0
        self._is_shared = False
        self.conn = self._open()
        self._migrate()

    @classmethod
    def shared(cls, path: Path | None = None) -> "Store":
        """The one Store of this process for ``path`` (default: the user's
        database), opened — and integrity-checked — on first use only."""
        path = path or (user_data_dir() / "companion.db")
        key = str(Path(path).resolve())
        with cls._shared_lock:
            store = cls._shared.get(key)
            if store is None:
                store = cls(Path(path))
                store._is_shared = True
                cls._shared[key] = store
            return store

    def _migrate(self) -> None:
        """Bring a database made by an older version up to this schema."""
        with self.lock:
            cols = {r[1] for r in self.conn.execute("PRAGMA table_info(tables)")}
            if "rev" in cols:
                return
            with self._tx():
                cols = {r[1] for r in self.conn.execute("PRAGMA table_info(tables)")}
                if "rev" not in cols:  # another process may have just added it
                    self.conn.execute("ALTER TABLE tables ADD COLUMN rev INTEGER NOT NULL DEFAULT 0")

    def change_token(self) -> tuple[int, int]:
        """Changes whenever any table may have changed: a commit by another
        process or connection (``PRAGMA data_version``) or through this one."""
        with self.lock:
            return self.conn.execute("PRAGMA data_version").fetchone()[0], self.writes

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
        with self.lock:
            if self._is_shared:
                with Store._shared_lock:
                    for key, store in list(Store._shared.items()):
                        if store is self:
                            del Store._shared[key]
            self.conn.close()

    # ----- settings and roster -------------------------------------------
    def get_setting(self, key: str, default: str | None = None) -> str | None:
        with self.lock:
            row = self.conn.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_setting(self, key: str, value: str) -> None:
        with self.lock:
            self.conn.execute("INSERT INTO settings(key, value) VALUES(?, ?) "
                              "ON CONFLICT(key) DO UPDATE SET value=excluded.value", (key, value))

    def roster(self) -> list[str]:
        with self.lock:
            return [r[0] for r in self.conn.execute("SELECT name FROM roster ORDER BY last_used DESC, name")]

    def _remember_players(self, players: list[str]) -> None:
        now = time.time()
        self.conn.executemany("INSERT INTO roster(name, last_used) VALUES(?, ?) "
                              "ON CONFLICT(name) DO UPDATE SET last_used=excluded.last_used",
                              [(p, now) for p in players])

    # ----- tables --------------------------------------------------------
    def create_table(self, game: Game, setup: TableSetup,  # type: ignore[type-arg]
                     session: Session | None = None) -> "StoredSession":  # type: ignore[type-arg]
        """A new table; with ``session`` (an import) its whole log — and
        snapshots every ``SNAPSHOT_EVERY`` actions, as live play writes them —
        go in the same transaction, so a half-imported table never appears
        and an imported table resumes as fast as one played here."""
        table_id = uuid.uuid4().hex[:12]
        now = time.time()
        session = session or Session(game, setup)
        stored = StoredSession(self, table_id, session, rev=0)
        with self._tx():
            self.conn.execute(
                "INSERT INTO tables(id, game, setup, cursor, status, created, updated, rev) VALUES(?,?,?,?,?,?,?,0)",
                (table_id, game.id, json.dumps(setup.to_json(), ensure_ascii=False), 0, "active", now, now))
            if session.log:
                self._write_log(table_id, game, setup, session.log)
                stored._update_row(session.cursor, session.state, game.is_over(session.state))
            self._remember_players(list(setup.players))
        session.snapshot_source = lambda at: self._snapshot(game, table_id, at, setup)
        return stored

    def _write_log(self, table_id: str, game: Game, setup: TableSetup,  # type: ignore[type-arg]
                   log: Any) -> None:
        """Insert a whole log and its snapshots (inside the caller's
        transaction), replaying it once: time linear in its length, memory
        one state at a time."""
        key = snapshot_key(game, setup=setup)
        state = game.new_state(setup)
        batch: list[tuple[str, int, str]] = []
        for index, action in enumerate(log):
            seq = index + 1
            batch.append((table_id, seq, json.dumps(action.to_json(), ensure_ascii=False)))
            if len(batch) >= 1024:
                self.conn.executemany("INSERT INTO actions(table_id, seq, action) VALUES(?,?,?)", batch)
                batch.clear()
            state = game.apply(state, action)
            if seq % SNAPSHOT_EVERY == 0:
                self.conn.execute("INSERT OR REPLACE INTO snapshots(table_id, seq, engine, state) VALUES(?,?,?,?)",
                                  (table_id, seq, key, pickle.dumps(state)))
        if batch:
            self.conn.executemany("INSERT INTO actions(table_id, seq, action) VALUES(?,?,?)", batch)

    def list_tables(self, status: str | None = None) -> list[TableInfo]:
        sql = "SELECT id, game, setup, cursor, status, created, updated, finished, result FROM tables"
        args: tuple[Any, ...] = ()
        if status:
            sql += " WHERE status=?"
            args = (status,)
        sql += " ORDER BY updated DESC"
        out = []
        with self.lock:
            rows = self.conn.execute(sql, args).fetchall()
        for row in rows:
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
        """The table as stored now: cursor, log length and rev are read in one
        read transaction, and the state rebuilt from the newest snapshot."""
        with self.lock:
            self.conn.execute("BEGIN")
            try:
                row = self.conn.execute("SELECT game, setup, cursor, rev FROM tables WHERE id=?",
                                        (table_id,)).fetchone()
                if row is None:
                    raise KeyError(table_id)
                game = get_game(row[0])
                raw = json.loads(row[1])
                setup = TableSetup(tuple(raw["players"]), raw["options"])
                cursor, rev = row[2], row[3]
                length = self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id=?",
                                           (table_id,)).fetchone()[0]  # seq runs 1..n

                def load(first: int, count: int) -> list[str]:
                    with self.lock:
                        return [a for (a,) in self.conn.execute(
                            "SELECT action FROM actions WHERE table_id=? AND seq>? AND seq<=? ORDER BY seq",
                            (table_id, first, first + count))]

                log = ActionLog(length, load)
                start = self._snapshot(game, table_id, cursor, setup)
                session = Session.replay(game, setup, log, cursor, start=start)
            finally:
                self.conn.execute("COMMIT")
        session.snapshot_source = lambda at: self._snapshot(game, table_id, at, setup)
        return StoredSession(self, table_id, session, rev=rev)

    def _snapshot(self, game: Game, table_id: str, at: int,  # type: ignore[type-arg]
                  setup: TableSetup | None = None) -> tuple[int, Any] | None:
        """The newest stored snapshot at or before ``at`` that can be read
        (one indexed lookup; the next older only if that one is damaged)."""
        key = snapshot_key(game, setup=setup)
        with self.lock:
            while True:
                row = self.conn.execute(
                    "SELECT seq, state FROM snapshots WHERE table_id=? AND seq<=? AND engine=? "
                    "ORDER BY seq DESC LIMIT 1", (table_id, at, key)).fetchone()
                if row is None:
                    return None
                try:
                    return row[0], pickle.loads(row[1])
                except Exception:  # noqa: BLE001 - a snapshot is only a cache
                    at = row[0] - 1

    def _tx(self) -> "_Transaction":
        return _Transaction(self)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an exception),
    holding the store's lock throughout."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.conn = store.conn

    def __enter__(self) -> sqlite3.Connection:
        self.store.lock.acquire()
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.store.lock.release()
            raise
        return self.conn

    def __exit__(self, exc_type: Any, *_: Any) -> None:
        try:
            if exc_type is None:
                self.conn.execute("COMMIT")
                self.store.writes += 1
            else:
                self.conn.execute("ROLLBACK")
        finally:
            self.store.lock.release()


class StoredSession:
    """A session whose every change is committed to SQLite before it shows.

    ``rev`` is the table's write counter as this session last saw it; every
    write is checked against it (see the module doc).  A refused stale write
    raises :class:`StaleTable` after reloading ``session`` from the database.
    """

    def __init__(self, store: Store, table_id: str, session: Session,  # type: ignore[type-arg]
                 rev: int = 0) -> None:
        self.store = store
        self.id = table_id
        self.session = session
        self.rev = rev
        self._seen: tuple[int, int] | None = None

    @property
    def game(self) -> Game:  # type: ignore[type-arg]
        return self.session.game

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def setup(self) -> TableSetup:
        return self.session.setup

    # ----- the one-authority check -----------------------------------------
    def _claim(self, conn: sqlite3.Connection, expected_rev: int | None) -> int:
        """Inside the write transaction: bump the table's rev if it is still
        the one this write was made against, else raise StaleTable."""
        rev = self.rev
        if expected_rev is not None and expected_rev != rev:
            raise StaleTable(self.id, expected_rev, rev)  # this session moved on since the caller looked
        cur = conn.execute("UPDATE tables SET rev=rev+1 WHERE id=? AND rev=?", (self.id, rev))
        if cur.rowcount != 1:
            row = conn.execute("SELECT rev FROM tables WHERE id=?", (self.id,)).fetchone()
            raise StaleTable(self.id, rev, row[0] if row else None)
        return rev + 1

    def _reload(self) -> None:
        fresh = self.store.open_table(self.id)
        self.session = fresh.session
        self.rev = fresh.rev

    def _write(self, expected_rev: int | None, body: Callable[[sqlite3.Connection], Any]) -> Any:
        store = self.store
        with store.lock:
            try:
                with store._tx() as conn:
                    rev = self._claim(conn, expected_rev)
                    result = body(conn)
            except StaleTable:
                try:
                    self._reload()
                except KeyError:
                    pass  # the table was deleted: nothing to show
                raise
            self.rev = rev
            return result

    def sync(self) -> bool:
        """Reload if the table changed elsewhere (another device sharing the
        store, another connection or process); True if it did.  Cheap when
        nothing changed anywhere: one PRAGMA."""
        with self.store.lock:
            token = self.store.change_token()
            if token == self._seen:
                return False
            self._seen = token
            row = self.store.conn.execute("SELECT rev FROM tables WHERE id=?", (self.id,)).fetchone()
            if row is None or row[0] == self.rev:
                return False
            self._reload()
            return True

    # ----- writes ------------------------------------------------------------
    def apply(self, action: Action, expected_rev: int | None = None) -> Any:
        session = self.session

        def body(conn: sqlite3.Connection) -> Any:
            new_state = session.preview(action)  # raises; the transaction rolls back
            seq = session.cursor + 1
            finished = session.game.is_over(new_state)
            if session.cursor < len(session.log):
                conn.execute("DELETE FROM actions WHERE table_id=? AND seq>=?", (self.id, seq))
                conn.execute("DELETE FROM snapshots WHERE table_id=? AND seq>=?", (self.id, seq))
            conn.execute("INSERT INTO actions(table_id, seq, action) VALUES(?,?,?)",
                         (self.id, seq, json.dumps(action.to_json(), ensure_ascii=False)))
            if seq % SNAPSHOT_EVERY == 0:
                conn.execute("INSERT OR REPLACE INTO snapshots(table_id, seq, engine, state) VALUES(?,?,?,?)",
                             (self.id, seq, snapshot_key(session.game, new_state), pickle.dumps(new_state)))
            self._update_row(seq, new_state, finished)
            return new_state

        with self.store.lock:
            new_state = self._write(expected_rev, body)
            session.commit(action, new_state)  # only after COMMIT
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

    def undo(self, expected_rev: int | None = None) -> None:
        self._move_cursor(-1, expected_rev)

    def redo(self, expected_rev: int | None = None) -> None:
        self._move_cursor(+1, expected_rev)

    def _move_cursor(self, step: int, expected_rev: int | None) -> None:
        """Undo/redo: a cursor move, checked against the rev like any write."""
        session = self.session

        def body(conn: sqlite3.Connection) -> tuple[int, Any]:
            if step < 0 and not session.can_undo():
                session.undo()  # raises the right refusal
            if step > 0 and not session.can_redo():
                session.redo()  # raises
            target = session.cursor + step
            state = session.state_at(target)
            self._update_row(target, state, session.game.is_over(state))
            return target, state

        with self.store.lock:
            target, state = self._write(expected_rev, body)
            session.move_to(target, state)  # only after COMMIT

    def actions(self) -> Iterator[Action]:
        return iter(self.session.actions)
