"""SQLite persistence: every accepted action is committed before anyone sees it.

Tables::

    tables(id, game, setup, cursor, status, created, updated, finished, result, origin, rev)
    actions(table_id, seq, action)          -- the log, seq from 1
    snapshots(table_id, seq, engine, state) -- a cache: pickled state after seq actions
    settings(key, value)
    notices(id, kind, file, created, acknowledged) -- recoveries to report until acknowledged

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

Opening tells real damage from trouble of the moment.  A file that is not a
database, is malformed or fails its quick check is moved aside under a name
nobody has (``*.corrupt-<time>-<pid>-<random>``, never overwriting anything)
and a fresh database is started with a notice in it, reported by every later
start until acknowledged.  A full disk, an I/O error, a lock held elsewhere, a
read-only place or another program's SQLite file raise
:class:`StoreUnavailable` and move nothing.  ``tables.origin`` is the table's
stable export id (an imported table keeps its file's), so a re-import is
recognised.
"""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import json
import logging
import os
import pickle
import secrets
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
from .i18n import N_
from .paths import user_data_dir
from . import teach
from .core import teach as core_teach
from .registry import get_game

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 200
MAX_MISS_QUERY = 200  # characters of a search question kept with its "no"
#: stored snapshots kept per table: the newest ones (a resume needs only the newest,
#: an undo a few back); older ones are dropped, so a state that grows with its log
#: (a money ledger) does not make the database grow with the square of the log
SNAPSHOTS_KEPT = 8
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
-- tries of join codes and PINs, shared by every process on this file (companion/access.py):
-- ok 1 right, 0 wrong, NULL not answered yet (counted as wrong)
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY,
    purpose TEXT NOT NULL,
    key TEXT NOT NULL,
    time REAL NOT NULL,
    ok INTEGER
);
CREATE INDEX IF NOT EXISTS attempts_by_key ON attempts(purpose, key, time);
-- "Did this answer it?" answered no in the rules search (issue 34): kept on this device only;
-- a table's own go into that table's export, so the misses of real tables can be read later
CREATE TABLE IF NOT EXISTS search_misses (
    id INTEGER PRIMARY KEY,
    time REAL NOT NULL,
    table_id TEXT,
    game TEXT,
    lang TEXT NOT NULL,
    query TEXT NOT NULL,
    clause TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS notices (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    file TEXT NOT NULL,
    created REAL NOT NULL,
    acknowledged REAL
);
"""

#: ``PRAGMA application_id`` of our databases ("TCmp"); 0 = not set (older files)
APPLICATION_ID = 0x54436D70
#: the tables an older file of ours may hold (anything else: a foreign file)
OUR_TABLES = frozenset({"tables", "actions", "snapshots", "settings", "roster", "notices", "attempts",
                        "search_misses"})


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
    #: the table's stable export id (an imported table keeps its file's)
    origin: str | None = None


def _dues(game: Any, state: Any, before: Any = None, action: Any = None) -> list[tuple[str, int | None]]:
    """The first-time cards due at this step (companion/teach.py); none if working them out
    fails: teaching is a help, never a reason to refuse a move (the failure is logged)."""
    try:
        return teach.dues(game, state, before, action)
    except Exception:  # noqa: BLE001 - a card's test that met a state it did not expect
        log.exception("teaching play: the cards of %s could not be worked out", game.id)
        return []


def _teach_record(raw: Any) -> dict[str, Any] | None:
    """The stored teaching record, or None (never switched on, or unreadable: teaching is
    a help, never a reason to refuse a table)."""
    if not raw:
        return None
    try:
        record = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(record, dict) or not isinstance(record.get("met", {}), dict) \
            or not isinstance(record.get("done", []), list):
        return None
    return record


def _close(conn: sqlite3.Connection | None) -> None:
    if conn is not None:
        try:
            conn.close()
        except Exception:  # noqa: BLE001
            pass


def connect(path: Path, timeout: float = 5.0) -> sqlite3.Connection:
    return _configure(_raw_connect(path, timeout))


def _raw_connect(path: Path, timeout: float = 5.0) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=timeout)


def _configure(conn: sqlite3.Connection) -> sqlite3.Connection:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


class StoreUnavailable(Exception):
    """The database cannot be used right now, and nothing was moved.

    ``reason`` is a stable code (see :data:`UNAVAILABLE_MESSAGES`): the disk is
    full, an I/O error, another program holds a lock, the file or its folder is
    read-only, the file cannot be opened, or it belongs to another program.
    """

    def __init__(self, reason: str, detail: str = "", path: Path | None = None) -> None:
        self.reason = reason if reason in UNAVAILABLE_MESSAGES else "cant_open"
        self.detail = detail
        self.path = path
        super().__init__(f"{self.reason}: {detail}" if detail else self.reason)

    def message(self, lang: str = "en") -> str:
        from .i18n import Translator

        return Translator(lang).gettext(UNAVAILABLE_MESSAGES[self.reason], file=str(self.path or ""))

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"error": "store_unavailable", "code": self.reason, "rule": None,
                "message": self.message(lang), "file": str(self.path or "")}


class ReadOnly(Exception):
    """This store refuses every write (:meth:`Store.refuse_writes`): another holds the data
    (the browser's tab that follows the one that writes).  Nothing was changed."""


class TableDamaged(Exception):
    """One table's stored rows cannot be decoded or replayed; it is marked
    ``damaged`` and every other table stays usable."""

    def __init__(self, table_id: str, detail: str = "") -> None:
        self.table_id = table_id
        self.detail = detail
        super().__init__(f"table {table_id} is damaged: {detail}")

    def message(self, lang: str = "en") -> str:
        from .i18n import Translator

        return Translator(lang).gettext(DAMAGED_MESSAGE)


DAMAGED_MESSAGE = N_("This table's saved data is damaged and cannot be opened. Your other tables are fine; "
                     "its raw log can still be exported.")

#: reason code -> translated message (gettext, ``locales/``)
UNAVAILABLE_MESSAGES: dict[str, str] = {
    "disk_full": N_("The saved data cannot be written: the disk is full. Free some space and start again; "
                    "nothing was changed."),
    "io_error": N_("The saved data cannot be read or written (an input/output error). Nothing was changed; "
                   "try again."),
    "locked": N_("Another program is using the saved data. Close it and start again; nothing was changed."),
    "read_only": N_("The saved data is in a read-only place ({file}). Nothing was changed."),
    "cant_open": N_("The saved data cannot be opened ({file}). Nothing was changed."),
    "foreign": N_("{file} belongs to another program, so the app left it untouched. Choose another data folder."),
}

#: notice kind -> translated message shown until acknowledged
NOTICE_MESSAGES: dict[str, str] = {
    "recovered": N_("The saved data could not be read. It was kept aside as {file} and the app started fresh."),
    "empty_file": N_("The saved data file was empty (0 bytes), so the app started fresh."),
}

#: SQLite primary result codes that mean the file itself is damaged
_DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
_OPERATIONAL = {13: "disk_full", 10: "io_error", 5: "locked", 6: "locked", 8: "read_only",
                14: "cant_open", 3: "read_only", 23: "read_only", 7: "io_error", 15: "io_error"}


class _Damaged(Exception):
    """The file is not a usable database (kept aside, then started fresh)."""


def _classify(exc: BaseException) -> str | None:
    """``None`` for real damage, else the StoreUnavailable reason."""
    if isinstance(exc, _Damaged):
        return None
    if isinstance(exc, PermissionError):
        return "read_only"
    if isinstance(exc, OSError):
        return "disk_full" if exc.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT) else \
            "read_only" if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM) else "io_error"
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(exc, sqlite3.DatabaseError) and code is not None:
        if code & 0xFF in _DAMAGE_CODES:
            return None
        return _OPERATIONAL.get(code & 0xFF, "cant_open")
    text = str(exc).lower()
    if "not a database" in text or "malformed" in text:
        return None
    return "cant_open"


@dataclass
class Notice:
    id: int
    kind: str
    file: str
    created: float

    def message(self, lang: str = "en") -> str:
        from .i18n import Translator

        return Translator(lang).gettext(NOTICE_MESSAGES.get(self.kind, self.kind), file=self.file)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "file": self.file, "created": self.created,
                "message": self.message(lang)}


def _unique_aside(path: Path) -> Path:
    """A name beside ``path`` that nobody has: time, pid and a random suffix."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return path.with_name(f"{path.name}.corrupt-{stamp}-{os.getpid()}-{secrets.token_hex(4)}")


def _move_aside(src: Path, dst: Path) -> bool:
    """Move ``src`` to ``dst`` without ever replacing an existing ``dst``."""
    try:
        os.link(src, dst)  # fails with FileExistsError rather than overwrite
    except FileNotFoundError:
        return False
    except OSError as exc:
        if isinstance(exc, FileExistsError):
            raise
        # no hard links here: reserve the name, then move onto our own reservation
        fd = os.open(dst, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        os.close(fd)
        os.replace(src, dst)
        return True
    os.unlink(src)
    return True


class Store:
    """The app's database: tables, their logs and snapshots, settings.

    One connection; every transaction and read holds ``self.lock`` (an RLock),
    so one Store may be shared by the threads of every browser session of a
    server process (:meth:`shared`).


    Opening tells real damage (not a database, malformed, a failed quick check)
    from operational errors: damage is kept aside under a unique name and a
    fresh database started, with a notice stored in it until acknowledged
    (:meth:`notices`, :meth:`acknowledge`); anything else raises
    :class:`StoreUnavailable` and moves nothing.  A file of another program
    (another ``application_id`` or other tables) is never adopted.
    """

    _shared: dict[str, "Store"] = {}
    _shared_lock = threading.Lock()


    def __init__(self, path: Path | None = None, timeout: float = 5.0) -> None:
        if path is None:
            try:
                path = user_data_dir() / "companion.db"
            except OSError as exc:
                raise StoreUnavailable(_classify(exc) or "cant_open", str(exc)) from exc
        self.path = Path(path)
        self.timeout = timeout
        #: the kept-aside file, when this start recovered from damage
        self.recovered: Path | None = None
        self.lock = threading.RLock()
        #: commits made through this connection (PRAGMA data_version does not count them)
        self.writes = 0
        #: how often the file was opened again (:meth:`reopen`: its content replaced underneath)
        self.opened = 0
        #: every write refused (:meth:`refuse_writes`)
        self.read_only = False
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
            return self.opened, self.conn.execute("PRAGMA data_version").fetchone()[0], self.writes

    # ----- a store that only reads (the browser's tab that follows another) --------------------
    def refuse_writes(self, on: bool = True) -> None:
        """Refuse every write (``on``) -- :class:`ReadOnly`, and SQLite's ``query_only`` behind it
        for any statement that would change the file -- or take writes again."""
        with self.lock:
            self.read_only = on
            self.conn.execute(f"PRAGMA query_only={1 if on else 0}")

    def _writable(self) -> None:
        if self.read_only:
            raise ReadOnly()

    def stand_in(self) -> None:
        """Reads go to a copy of the database in memory until :meth:`reopen`: the file is about
        to be replaced underneath (the browser reads its kept copy back), and a read meanwhile
        must neither find the connection closed nor half a new file.  The copy refuses writes."""
        with self.lock:
            copy = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            self.conn.backup(copy)
            copy.execute("PRAGMA query_only=1")
            old, self.conn = self.conn, copy
            _close(old)

    def reopen(self) -> None:
        """Open the file again (its content replaced underneath), writes refused as before."""
        with self.lock:
            _close(self.conn)
            self.conn = self._open()
            self.opened += 1
            if self.read_only:
                self.conn.execute("PRAGMA query_only=1")

    def _open(self) -> sqlite3.Connection:
        for _attempt in range(3):
            try:
                before = os.stat(self.path)
            except FileNotFoundError:
                before = None
            except OSError as exc:
                raise StoreUnavailable(_classify(exc) or "cant_open", str(exc), self.path) from exc
            empty = before is not None and before.st_size == 0 and not \
                self.path.with_name(self.path.name + "-wal").exists()
            conn: sqlite3.Connection | None = None
            try:
                conn = _raw_connect(self.path, timeout=self.timeout)
                self._check(conn)  # reads only: a foreign file is left as it was
                self._prepare(conn)
                if empty:
                    self._add_notice(conn, "empty_file", self.path.name)
                return conn
            except StoreUnavailable:
                _close(conn)
                if before is None:
                    self._forget_new_file()
                raise
            except Exception as exc:  # noqa: BLE001 - classified below
                _close(conn)
                reason = _classify(exc)
                if reason is not None:
                    if before is None:
                        self._forget_new_file()
                    raise StoreUnavailable(self._why(reason), str(exc), self.path) from exc
                if before is None:
                    raise StoreUnavailable("cant_open", str(exc), self.path) from exc
                aside = self._keep_aside(before)
                if aside is None:
                    continue  # someone else moved it already: open what is there now
                self.recovered = aside
                conn = None
                try:
                    conn = _raw_connect(self.path, timeout=self.timeout)
                    self._prepare(conn)
                    self._add_notice(conn, "recovered", aside.name)
                    return conn
                except StoreUnavailable:
                    _close(conn)
                    raise
                except Exception as again:  # noqa: BLE001
                    _close(conn)
                    raise StoreUnavailable(self._why(_classify(again) or "cant_open"), str(again),
                                           self.path) from again
        raise StoreUnavailable("cant_open", "the file kept changing while opening", self.path)

    def _forget_new_file(self) -> None:
        """A file this start created but could not fill is removed again, so
        the next start does not report it as an empty database."""
        try:
            if self.path.stat().st_size == 0:
                self.path.unlink()
        except OSError:
            pass

    @staticmethod
    def _check(conn: sqlite3.Connection) -> None:
        rows = conn.execute("PRAGMA quick_check").fetchall()
        if not rows or rows[0][0] != "ok":
            raise _Damaged(f"quick_check: {rows[:3]}")

    def _why(self, reason: str) -> str:
        """A refused open or write in a folder we may not write to is ``read_only``."""
        if reason == "cant_open":
            folder = self.path.parent
            if not os.access(folder, os.W_OK) or (self.path.exists() and not os.access(self.path, os.W_OK)):
                return "read_only"
        return reason

    def _prepare(self, conn: sqlite3.Connection) -> None:
        """Refuse a foreign file; then configure, create or migrate our schema."""
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        names = {r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")}
        if app_id not in (0, APPLICATION_ID):
            raise StoreUnavailable("foreign", f"application_id {app_id}", self.path)
        if app_id == 0 and names and not (names <= OUR_TABLES and {"tables", "actions"} <= names):
            raise StoreUnavailable("foreign", f"tables {sorted(names)[:5]}", self.path)
        _configure(conn)
        conn.executescript(_SCHEMA)
        columns = {r[1] for r in conn.execute("PRAGMA table_info(tables)")}
        if "origin" not in columns:
            conn.execute("ALTER TABLE tables ADD COLUMN origin TEXT")
        if "teach" not in columns:  # teaching play's record (core/teach.py); NULL: never switched on
            conn.execute("ALTER TABLE tables ADD COLUMN teach TEXT")
        if app_id == 0:
            conn.execute(f"PRAGMA application_id={APPLICATION_ID}")

    def _keep_aside(self, seen: os.stat_result) -> Path | None:
        """Move the damaged file (and its -wal/-shm) to a fresh unique name.

        Only the very file found damaged is moved: if another process already
        replaced it, nothing is moved and ``None`` is returned."""
        try:
            now = os.stat(self.path)
        except FileNotFoundError:
            return None
        def identity(st: os.stat_result) -> tuple[int, ...]:  # inode numbers alone get reused
            return st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns, st.st_ctime_ns

        if identity(now) != identity(seen):
            return None
        while True:
            aside = _unique_aside(self.path)
            try:
                moved = _move_aside(self.path, aside)
            except FileExistsError:
                continue
            except OSError as exc:
                raise StoreUnavailable(_classify(exc) or "cant_open", str(exc), self.path) from exc
            break
        if not moved:
            return None
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            try:
                _move_aside(side, aside.with_name(aside.name + suffix))
            except OSError:
                pass
        return aside

    # ----- notices (a recovery stays reported until acknowledged) ----------
    @staticmethod
    def _add_notice(conn: sqlite3.Connection, kind: str, file: str) -> None:
        conn.execute("INSERT INTO notices(kind, file, created) VALUES(?,?,?)", (kind, file, time.time()))

    def notices(self) -> list[Notice]:
        """Recoveries not yet acknowledged, oldest first."""
        with self.lock:
            return [Notice(*row) for row in self.conn.execute(
                "SELECT id, kind, file, created FROM notices WHERE acknowledged IS NULL ORDER BY id")]

    def acknowledge(self, notice_id: int | None = None) -> None:
        """Mark one notice (or all, with ``None``) as seen."""
        with self._tx() as conn:  # counted (``writes``): the browser's storage keeps it before the screen
            if notice_id is None:
                conn.execute("UPDATE notices SET acknowledged=? WHERE acknowledged IS NULL", (time.time(),))
            else:
                conn.execute("UPDATE notices SET acknowledged=? WHERE id=?", (time.time(), notice_id))

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
        self._writable()
        if self.get_setting(key) == value:  # nothing to write (nor for the browser to keep)
            return
        with self._tx() as conn:
            conn.execute("INSERT INTO settings(key, value) VALUES(?, ?) "
                         "ON CONFLICT(key) DO UPDATE SET value=excluded.value", (key, value))

    def roster(self) -> list[str]:
        with self.lock:
            return [r[0] for r in self.conn.execute("SELECT name FROM roster ORDER BY last_used DESC, name")]

    def _remember_players(self, players: list[str]) -> None:
        now = time.time()
        self.conn.executemany("INSERT INTO roster(name, last_used) VALUES(?, ?) "
                              "ON CONFLICT(name) DO UPDATE SET last_used=excluded.last_used",
                              [(p, now) for p in players])

    # ----- the rules search's "no" answers (issue 34) ----------------------
    def record_search_miss(self, query: str, clause_id: str, lang: str, table_id: str | None = None,
                           game: str | None = None) -> None:
        """A player said the clause ``clause_id`` (shown in ``lang``) did not answer ``query``
        (at table ``table_id`` of ``game``, or in the library with no table). Kept here only."""
        with self._tx() as conn:
            conn.execute("INSERT INTO search_misses(time, table_id, game, lang, query, clause) "
                         "VALUES(?, ?, ?, ?, ?, ?)",
                         (time.time(), table_id, game, lang, query[:MAX_MISS_QUERY], clause_id))

    def search_misses(self, table_id: str | None = None) -> list[dict[str, Any]]:
        """The "no" answers, oldest first: one table's, or (None) every one on this device."""
        sql = "SELECT time, table_id, game, lang, query, clause FROM search_misses"
        args: tuple[Any, ...] = ()
        if table_id is not None:
            sql, args = sql + " WHERE table_id=?", (table_id,)
        with self.lock:
            rows = self.conn.execute(sql + " ORDER BY time, id", args).fetchall()
        return [{"time": r[0], "table": r[1], "game": r[2], "lang": r[3], "query": r[4], "clause": r[5]}
                for r in rows]

    # ----- tables --------------------------------------------------------
    def create_table(self, game: Game, setup: TableSetup,  # type: ignore[type-arg]
                     session: Session | None = None, *,  # type: ignore[type-arg]
                     origin: str | None = None, created: float | None = None,
                     finished: float | None = None, teaching: bool = False,
                     teach_record: dict[str, Any] | None = None) -> "StoredSession":
        """A new table; with ``session`` (an import) its whole log is written
        in the same transaction, so a half-imported table never appears.

        Snapshots every ``SNAPSHOT_EVERY`` actions go in with the log, as live
        play writes them, so an imported table resumes as fast as one played here.
        ``origin``: the stable export id (default: a new one); ``created`` and
        ``finished``: the original dates of an imported play (Unix time).  ``teaching``:
        teaching play is on from the start (a table started from Teach): the first step's
        cards are met at once.  ``teach_record``: an imported table's teaching record
        (``transfer``: which cards it met and put away), kept as it was."""
        table_id = uuid.uuid4().hex[:12]
        now = time.time()
        session = session or Session(game, setup)
        record = None
        if teach_record is not None:
            record = {"on": bool(teach_record.get("on")), "met": dict(teach_record.get("met") or {}),
                      "done": list(teach_record.get("done") or [])}
        elif teaching:
            record = core_teach.new_record(True)
            core_teach.meet(record, _dues(game, session.state), session.cursor)
        stored = StoredSession(self, table_id, session, rev=0, teach=record)
        with self._tx():
            self.conn.execute(
                "INSERT INTO tables(id, game, setup, cursor, status, created, updated, finished, origin, rev, teach) "
                "VALUES(?,?,?,?,?,?,?,?,?,0,?)",
                (table_id, game.id, json.dumps(setup.to_json(), ensure_ascii=False), 0, "active",
                 created if created is not None else now, now, finished, origin or uuid.uuid4().hex,
                 None if record is None else json.dumps(record)))
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
        first_kept = len(log) - SNAPSHOTS_KEPT * SNAPSHOT_EVERY  # live play keeps only the newest too
        for index, action in enumerate(log):
            seq = index + 1
            batch.append((table_id, seq, json.dumps(action.to_json(), ensure_ascii=False)))
            if len(batch) >= 1024:
                self.conn.executemany("INSERT INTO actions(table_id, seq, action) VALUES(?,?,?)", batch)
                batch.clear()
            state = game.apply(state, action)
            if seq % SNAPSHOT_EVERY == 0 and seq > first_kept:
                self.conn.execute("INSERT OR REPLACE INTO snapshots(table_id, seq, engine, state) VALUES(?,?,?,?)",
                                  (table_id, seq, key, pickle.dumps(state)))
        if batch:
            self.conn.executemany("INSERT INTO actions(table_id, seq, action) VALUES(?,?,?)", batch)

    def list_tables(self, status: str | None = None) -> list[TableInfo]:
        """Tables, newest first.  A row that cannot be decoded is marked
        ``damaged`` (and listed only under that status); the rest stay usable."""
        sql = "SELECT id, game, setup, cursor, status, created, updated, finished, result, origin FROM tables"
        out = []
        damaged = []
        with self.lock:
            rows = self.conn.execute(sql + " ORDER BY updated DESC").fetchall()
        for row in rows:
            try:
                info = self._decode_info(row)
            except Exception:  # noqa: BLE001 - any undecodable row is damage, not a crash
                damaged.append(row[0])
                info = TableInfo(str(row[0]), str(row[1]), [], {}, 0, "damaged", 0.0, 0.0, None, None, None)
            if status is None or info.status == status:
                out.append(info)
        for table_id in damaged:
            self.mark_damaged(table_id)
        return out

    @staticmethod
    def _decode_info(row: tuple[Any, ...]) -> TableInfo:
        setup = json.loads(row[2])
        players, options = setup["players"], setup["options"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players) \
                or not isinstance(options, dict):
            raise ValueError("setup")
        result = json.loads(row[8]) if row[8] else None
        if result is not None and not isinstance(result, dict):
            raise ValueError("result")
        return TableInfo(row[0], row[1], players, options, int(row[3]), str(row[4]), float(row[5]),
                         float(row[6]), None if row[7] is None else float(row[7]), result, row[9])

    def mark_damaged(self, table_id: str) -> None:
        """Keep an unreadable table out of the way (status ``damaged``); its
        rows stay as they are, so the raw log can still be exported."""
        try:
            with self._tx() as conn:  # counted (Store.writes): the browser keeps it before the screen
                conn.execute("UPDATE tables SET status='damaged' WHERE id=?", (table_id,))
        except (sqlite3.Error, ReadOnly):
            pass  # reporting it damaged must not fail because the disk is full (or this tab only reads)

    def raw_log(self, table_id: str) -> dict[str, Any]:
        """A damaged table's rows as they are (text), for a rescue export."""
        with self.lock:
            row = self.conn.execute("SELECT game, setup, cursor FROM tables WHERE id=?", (table_id,)).fetchone()
            if row is None:
                raise KeyError(table_id)
            actions = [a for (a,) in self.conn.execute(
                "SELECT action FROM actions WHERE table_id=? ORDER BY seq", (table_id,))]
            return {"format": "table-companion-raw", "table": table_id, "game": row[0], "setup": row[1],
                    "cursor": row[2], "log": actions}

    def find_origin(self, origin: str) -> str | None:
        """The id of the table with this export id, if there is one."""
        with self.lock:
            row = self.conn.execute("SELECT id FROM tables WHERE origin=? LIMIT 1", (origin,)).fetchone()
            return row[0] if row else None

    def export_identity(self, table_id: str) -> dict[str, Any]:
        """``origin`` (made and stored on first need), ``created``, ``finished``."""
        with self.lock:
            row = self.conn.execute("SELECT origin, created, finished FROM tables WHERE id=?", (table_id,)).fetchone()
            if row is None:
                raise KeyError(table_id)
            origin = row[0]
            if not origin:
                with self._tx() as conn:
                    conn.execute("UPDATE tables SET origin=? WHERE id=? AND origin IS NULL",
                                 (uuid.uuid4().hex, table_id))
                    origin = conn.execute("SELECT origin FROM tables WHERE id=?", (table_id,)).fetchone()[0]
            return {"origin": origin, "created": row[1], "finished": row[2]}

    def delete_table(self, table_id: str) -> None:
        with self._tx():
            for name in ("actions", "snapshots", "search_misses"):
                self.conn.execute(f"DELETE FROM {name} WHERE table_id=?", (table_id,))
            self.conn.execute("DELETE FROM tables WHERE id=?", (table_id,))

    def open_table(self, table_id: str) -> "StoredSession":
        """The table as stored now, resumed.  KeyError if there is none;
        :class:`TableDamaged` (and the table marked ``damaged``) if its rows
        cannot be decoded or its stored log is refused on replay."""
        with self.lock:
            exists = self.conn.execute("SELECT 1 FROM tables WHERE id=?", (table_id,)).fetchone()
        if exists is None:
            raise KeyError(table_id)
        try:
            return self._open_table(table_id)
        except (sqlite3.OperationalError, MemoryError):
            raise
        except Exception as exc:  # noqa: BLE001 - JSONDecodeError, KeyError, a refused replay…
            self.mark_damaged(table_id)
            raise TableDamaged(table_id, f"{type(exc).__name__}: {exc}"[:300]) from exc

    def _open_table(self, table_id: str) -> "StoredSession":
        """The table as stored now: cursor, log length and rev are read in one
        read transaction, and the state rebuilt from the newest snapshot."""
        with self.lock:
            self.conn.execute("BEGIN")
            try:
                row = self.conn.execute("SELECT game, setup, cursor, rev, teach FROM tables WHERE id=?",
                                        (table_id,)).fetchone()
                if row is None:
                    raise KeyError(table_id)
                game = get_game(row[0])
                raw = json.loads(row[1])
                setup = TableSetup(tuple(raw["players"]), raw["options"])
                cursor, rev = row[2], row[3]
                record = _teach_record(row[4])
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
        return StoredSession(self, table_id, session, rev=rev, teach=record)

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
        self._writable()
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
                 rev: int = 0, teach: dict[str, Any] | None = None) -> None:
        self.store = store
        self.id = table_id
        self.session = session
        self.rev = rev
        #: teaching play's record (core/teach.py) as last read; None: never switched on
        self.teach = teach
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
        self.teach = fresh.teach

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
                conn.execute("DELETE FROM snapshots WHERE table_id=? AND seq<=?",
                             (self.id, seq - SNAPSHOTS_KEPT * SNAPSHOT_EVERY))
            self._update_row(seq, new_state, finished)
            if self.teach is not None:  # a table that never taught pays nothing for it
                record = self._read_teach(conn)
                if record is not None and core_teach.meet(record, _dues(session.game, new_state, session.state,
                                                                        action), seq):
                    self._write_teach(conn, record)
                self._teach_after = record
            return new_state

        with self.store.lock:
            self._teach_after = self.teach
            new_state = self._write(expected_rev, body)
            session.commit(action, new_state)  # only after COMMIT
            self.teach = self._teach_after
        return new_state

    # ----- teaching play (core/teach.py: the record; companion/teach.py: the cards) ---------
    def _read_teach(self, conn: sqlite3.Connection) -> dict[str, Any] | None:
        row = conn.execute("SELECT teach FROM tables WHERE id=?", (self.id,)).fetchone()
        return _teach_record(row[0] if row else None)

    def _write_teach(self, conn: sqlite3.Connection, record: dict[str, Any]) -> None:
        conn.execute("UPDATE tables SET teach=? WHERE id=?", (json.dumps(record), self.id))

    @property
    def teaching(self) -> bool:
        return bool(self.teach and self.teach.get("on"))

    def set_teaching(self, on: bool, expected_rev: int | None = None) -> None:
        """Switch teaching play on or off: a write like a move (every device redraws).
        Switched on, the cards of the step the table is at are met there."""
        session = self.session

        def body(conn: sqlite3.Connection) -> dict[str, Any]:
            record = self._read_teach(conn) or core_teach.new_record(on)
            record["on"] = on
            if on:
                core_teach.meet(record, _dues(session.game, session.state), session.cursor)
            self._write_teach(conn, record)
            return record

        with self.store.lock:
            self.teach = self._write(expected_rev, body)

    def dismiss_card(self, clause: str, seat: int | None, hand_seats: Any = ()) -> None:
        """One tap on a card: it is not shown again.  Not a move: the table's rev stays, so
        nobody's tap in flight is refused for it (another device showing the same card drops
        it at its next redraw)."""
        with self.store.lock:
            with self.store._tx() as conn:
                record = self._read_teach(conn)
                if record is None:
                    return
                if core_teach.dismiss(record, clause, self.session.cursor, seat, hand_seats):
                    self._write_teach(conn, record)
            self.teach = record

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
            if self.teach is not None:  # the cards follow the log: met again on a redo, forgotten on an undo
                record = self._read_teach(conn)
                if record is not None and (core_teach.forget_after(record, target) if step < 0 else core_teach.meet(
                        record, _dues(session.game, state, session.state, session.log[session.cursor]), target)):
                    self._write_teach(conn, record)
                self._teach_after = record
            return target, state

        with self.store.lock:
            self._teach_after = self.teach
            target, state = self._write(expected_rev, body)
            session.move_to(target, state)  # only after COMMIT
            self.teach = self._teach_after

    def actions(self) -> Iterator[Action]:
        return iter(self.session.actions)
