"""Who may do what at a table served to several devices: identity, roles,
join codes, seat PINs, takeovers and the limits on guessing.

Plain Python (no flet): the app's screens ask this module, the tests drive it
directly with a fake clock.

Identity
    A device is a random token (:func:`new_token`, 144 bits) kept in its own
    browser storage.  A token that does not look like one of ours (too short,
    other characters) is never accepted: the device gets a new one.  A browser
    that cannot keep a token gets a token for this connection only (it must
    join again after a reload) -- never one shared with other devices.

Roles (:func:`role`)
    ``host``: the device that created the table; for a table without a
    recorded creator (made before, imported, from the command line) a browser
    on the server computer.  Served on loopback only, every device is on the
    server computer and is the host.
    ``seated``: a device holding a seat (it acts for that seat and enters that
    seat's secrets).  ``viewer``: a device that entered the join code (it sees
    the shared board).  ``stranger``: anyone else (nothing of the table).
    :data:`RULES` is the table of who may do what; :func:`check_act` and
    :func:`check_step` apply it to a move, an undo or a redo.

Join codes and PINs
    A code is 6 characters of a 22-letter alphabet without look-alikes and
    expires :data:`CODE_LIFETIME` seconds after it was made; the host can end
    it or make a new one.  A seat's PIN is :data:`PIN_MIN`-:data:`PIN_MAX`
    digits, stored as PBKDF2-SHA256 with its own random salt.
    Every wrong code or PIN counts against the device and against its network
    address (:class:`Limiter`, :data:`POLICIES`): a few free tries, then waits
    that double with each further failure.  Above those, two bounds hold
    whatever the number of devices and addresses: a seat locks after
    :data:`PIN_LOCK` wrong PINs until its host unlocks it, and once
    :data:`CODE_BUDGET` wrong codes were tried on the server since a table's
    code was made, that code only asks the host to let a device in
    (:class:`JoinWaiting`).  Every count is kept in the store (the
    ``attempts`` table and the access record), written in a transaction, so
    all worker processes of one data folder share it.  A device that joined a
    table opens it again with its code (a second tab, an old link) without a
    count.  A wrong PIN for a seat is also told to the host
    (:meth:`TableAccess.alerts`).

Seats
    A seat nobody has claimed: the device sets a PIN and the host approves.  A
    seat freed by the host: its PIN alone lets the player back in.  A seat
    another device holds: the right PIN makes a *takeover request* that only
    the host can approve (the PIN proves the player, the host confirms the
    device).  Requests show the browser, address, device tag and time, and
    expire after :data:`REQUEST_LIFETIME` seconds.

What is stored with a table (setting ``access:<table id>``, one JSON object)::

    {"code": "ACD347" | null, "code_expires": 1700000000.0, "code_made": 1699956800.0,
     "old_codes": ["KMN479", ...],
     "owner": token | null, "members": [token, ...],
     "seats": {"1": {"device": token | null, "pin": "pbkdf2$<iterations>$<salt>$<hash>",
                     "wrong": 0, "locked": time (once locked)}},
     "requests": [{"id", "device", "seat", "pin", "pin_ok", "takeover", "agent", "address", "tag", "time"}],
     "joins": [{"id", "device", "agent", "address", "tag", "time"}],
     "alerts": [{"seat", "agent", "address", "tag", "time", "locked" (the try that locked it)}]}
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import secrets
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .core.actions import Action
from .core.errors import RefereeError
from .inputgate import normal_pin
from .storage import Store

# ----- policy ------------------------------------------------------------------------
#: no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B: read aloud and typed without mistakes
ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 6
#: a join code works for this long after it was made (the host can make a new one)
CODE_LIFETIME = 12 * 3600.0
#: a seat request waits this long for the host, then it is gone
REQUEST_LIFETIME = 10 * 60.0
PIN_MIN, PIN_MAX = 6, 12
PIN_ITERATIONS = 200_000
TOKEN_BYTES = 18
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{22,64}$")
#: alerts and seat requests kept per table (the newest)
MAX_ALERTS = 20
MAX_REQUESTS = 20
#: a seat locks after this many wrong PINs, from any device or address, until
#: its host unlocks it: a 6-digit PIN is found with a chance of at most
#: 10 / 10^6 = 10^-5 between two unlocks
PIN_LOCK = 10
#: wrong join codes tried on the whole server since a code was made, after
#: which that code no longer lets a device in on its own (the host lets each
#: one in): at most 10 guesses can ever open a table with it, a chance of
#: 10 / 22^6 = 8.9 x 10^-8 for each code
CODE_BUDGET = 10
#: a table's earlier codes kept, so its own devices' old links still open it
OLD_CODES = 5


class Denied(RefereeError):
    """A refusal of this module: shown like any refusal, in the reader's language."""

    kind = "denied"


# ----- identity ------------------------------------------------------------------------
def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def valid_token(value: Any) -> bool:
    """A token we could have made (a guessable or foreign value is not one)."""
    return isinstance(value, str) and bool(_TOKEN.match(value))


def device_tag(token: str) -> str:
    """Four characters that tell devices apart on the host's screen (a hash of
    the token: shows nothing of it)."""
    digest = hashlib.sha256(("tag:" + token).encode()).digest()
    return "".join(ALPHABET[b % len(ALPHABET)] for b in digest[:4])


_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser", "Samsung Internet"), ("Firefox/", "Firefox"),
             ("FxiOS", "Firefox"), ("CriOS", "Chrome"), ("Chrome/", "Chrome"), ("Chromium", "Chromium"),
             ("Safari/", "Safari"))
_SYSTEMS = (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
            ("Mac OS X", "Mac"), ("Macintosh", "Mac"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))


def describe_agent(agent: str | None) -> str:
    """"Chrome · Android" from a browser's User-Agent; "?" when unknown."""
    agent = agent or ""
    browser = next((name for mark, name in _BROWSERS if mark in agent), "")
    system = next((name for mark, name in _SYSTEMS if mark in agent), "")
    return " · ".join(p for p in (browser, system) if p) or "?"


@dataclass(frozen=True)
class Who:
    """One device as the server sees it."""

    token: str
    address: str = ""
    agent: str = ""
    #: on the server computer itself
    loopback: bool = True

    @property
    def tag(self) -> str:
        return device_tag(self.token)

    def limit_keys(self) -> list[tuple[str, str]]:
        return [("device", self.token), ("address", self.address or "?")]

    def label(self) -> dict[str, Any]:
        return {"agent": describe_agent(self.agent), "address": self.address or "?", "tag": self.tag}


# ----- codes and PINs ---------------------------------------------------------------------
def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    return "".join(c for c in (text or "").upper() if c.isalnum())[:32]


def valid_pin(pin: str) -> bool:
    return PIN_MIN <= len(pin) <= PIN_MAX and pin.isascii() and pin.isdigit()


def hash_pin(pin: str, salt: str | None = None, iterations: int | None = None) -> str:
    salt = salt or secrets.token_hex(16)
    iterations = iterations or PIN_ITERATIONS
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), salt.encode(), iterations).hex()
    return f"pbkdf2${iterations}${salt}${digest}"


def check_pin(pin: str, stored: str | None, table_id: str = "") -> bool:
    if not stored:
        return False
    if stored.startswith("pbkdf2$"):
        _, iterations, salt, _digest = stored.split("$", 3)
        return secrets.compare_digest(hash_pin(pin, salt, int(iterations)), stored)
    # the first version's hashes: salted with the table id, 20,000 rounds
    old = hashlib.pbkdf2_hmac("sha256", pin.encode(), table_id.encode(), 20_000).hex()
    return secrets.compare_digest(old, stored)


# ----- roles and the table of rules -----------------------------------------------------------
HOST, SEATED, VIEWER, STRANGER = "host", "seated", "viewer", "stranger"
ROLES = (HOST, SEATED, VIEWER, STRANGER)

#: operation -> role -> scope.  Scopes: ``all``; ``own`` (the device's own
#: seat only); ``unclaimed`` (seats nobody claimed on a device of their own);
#: ``full``/``seat``/``public`` (what an export holds).  A role not listed may not.
RULES: dict[str, dict[str, str]] = {
    "see": {HOST: "all", SEATED: "all", VIEWER: "all"},
    "act": {HOST: "all", SEATED: "own"},
    "secret": {HOST: "unclaimed", SEATED: "own"},
    "undo": {HOST: "all", SEATED: "own"},
    "redo": {HOST: "all", SEATED: "own"},
    "correct": {HOST: "all"},
    "claim": {HOST: "all", SEATED: "all", VIEWER: "all"},
    "approve": {HOST: "all"},
    "free_seat": {HOST: "all"},
    "invite": {HOST: "all"},
    "teach": {HOST: "all"},
    "export": {HOST: "full", SEATED: "seat", VIEWER: "public"},
}

#: what each operation means, for the README's table and the tests
OPERATIONS = {
    "see": "see the shared board",
    "act": "make a move",
    "secret": "enter a seat's secrets",
    "undo": "undo",
    "redo": "redo",
    "correct": "correct the app to match the table",
    "claim": "claim a seat",
    "approve": "approve or refuse seat requests",
    "free_seat": "free a seat",
    "invite": "show, end or renew the join code",
    "teach": "switch teaching play on or off",
    "export": "export",
}


def scope(op: str, role_: str) -> str | None:
    return RULES[op].get(role_)


def role(record: dict[str, Any], token: str, *, lan: bool, loopback: bool) -> str:
    """The device's role at the table whose access record is ``record``."""
    if not lan:
        return HOST  # served on loopback only: every device is the server computer's
    owner = record.get("owner")
    if owner == token or (owner is None and loopback):
        return HOST
    if any(entry.get("device") == token for entry in record.get("seats", {}).values()):
        return SEATED
    if token in record.get("members", []):
        return VIEWER
    return STRANGER


def require(op: str, role_: str) -> str:
    """The scope ``role_`` has for ``op``; :class:`Denied` if none."""
    granted = scope(op, role_)
    if granted is None:
        if role_ == STRANGER:
            raise Denied("access_stranger")
        if role_ == VIEWER and op in ("act", "undo", "redo", "secret"):
            raise Denied("access_viewer")
        raise Denied("access_host_only")
    return granted


def check_act(role_: str, seat: int | None, action: Action, correction: bool = False) -> None:
    """May a device of ``role_`` holding ``seat`` make ``action``?"""
    if correction:
        require("correct", role_)
        return
    if require("act", role_) == "all":
        return
    if action.player is None:
        raise Denied("access_table_move")
    if action.player != seat:
        raise Denied("access_not_your_seat", player=seat)


def check_step(op: str, role_: str, seat: int | None, action: Action | None) -> None:
    """May a device undo (``op="undo"``: ``action`` is the one taken back) or
    redo (the one made again)?  A seated player only their own seat's moves."""
    if require(op, role_) == "all" or action is None:
        return
    if action.player is None or action.player != seat:
        raise Denied(f"access_{op}_not_yours", player=seat)


def check_secret(role_: str, seat: int | None, player: int, claimed: Iterable[int]) -> None:
    """May this device enter ``player``'s secret?  The seat's own device; the
    host's shared screen (hand the phone around) for seats nobody claimed."""
    granted = require("secret", role_)
    if seat is not None and player != seat:  # a device holding a seat shows that seat's secrets only
        raise Denied("access_secret_elsewhere", player=player)
    if granted == "own" and player != seat:
        raise Denied("access_secret_elsewhere", player=player)
    if granted == "unclaimed" and player in set(claimed) and player != seat:
        raise Denied("access_secret_elsewhere", player=player)


# ----- the limiter ------------------------------------------------------------------------
@dataclass(frozen=True)
class Policy:
    """How many attempts one key (a device, an address) may make.

    ``free`` failures cost nothing; after them the next attempt waits
    ``first_wait`` seconds, doubling with each further failure up to
    ``max_wait``.  Failures are forgotten ``forget`` seconds after they
    happened.  ``windows``: at most N attempts (right or wrong) in S seconds."""

    free: int = 5
    first_wait: float = 2.0
    max_wait: float = 3600.0
    forget: float = 24 * 3600.0
    windows: tuple[tuple[float, int], ...] = ()

    def wait_after(self, failures: int) -> float:
        if failures < self.free:
            return 0.0
        return min(self.max_wait, self.first_wait * 2 ** (failures - self.free))


POLICIES: dict[str, Policy] = {
    # a join code: 22^6 = 113 million codes (26.8 bits)
    "code": Policy(free=5, windows=((600.0, 30),)),
    # a seat's PIN: at least 10^6 PINs
    "pin": Policy(free=5, windows=((600.0, 30),)),
    # new tables (and imports): no failures, only windows
    "create": Policy(free=10**9, windows=((600.0, 6), (24 * 3600.0, 60))),
}


class _MemoryDB:
    """An in-memory attempts table for a :class:`Limiter` without a store (the
    README's figures, unit tests): the same queries as a store's."""

    def __init__(self) -> None:
        import sqlite3

        from .storage import _SCHEMA

        self.lock = threading.RLock()
        self.writes = 0
        self.conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self.conn.executescript(_SCHEMA)

    def _tx(self) -> Any:
        from .storage import _Transaction

        return _Transaction(self)  # type: ignore[arg-type]


#: purpose of the server-wide count of wrong join codes (one key: the server)
CODE_ANY = "code_any"
SERVER_KEY = ("server", "*")
#: attempts are kept this long (the longest of the policies' memories)
KEEP = 24 * 3600.0


class Limiter:
    """Attempts per key and purpose, against an injectable clock, counted in
    SQLite (the ``attempts`` table of the store): every worker process on one
    data folder sees the same counts.  An attempt whose answer is not known yet
    (:meth:`begin`, a PIN being checked) counts as a failure until
    :meth:`finish` says otherwise, so two processes answering at once cannot
    both slip under a limit."""

    def __init__(self, policies: dict[str, Policy] | None = None, clock: Callable[[], float] = time.time,
                 store: Any = None) -> None:
        self.policies = dict(POLICIES if policies is None else policies)
        self.clock = clock
        self.db = store if store is not None else _MemoryDB()
        self._pruned = 0.0

    @staticmethod
    def _name(key: tuple[str, str]) -> str:
        return f"{key[0]}:{key[1]}"

    def _wait(self, conn: Any, purpose: str, keys: Iterable[tuple[str, str]], now: float) -> float:
        policy = self.policies[purpose]
        longest = 0.0
        window = max((w for w, _ in policy.windows), default=0.0)
        for key in keys:
            name = self._name(key)
            failures = [t for (t,) in conn.execute(
                "SELECT time FROM attempts WHERE purpose=? AND key=? AND time>? AND (ok IS NULL OR ok=0) "
                "ORDER BY time", (purpose, name, now - policy.forget))]
            if failures:
                longest = max(longest, failures[-1] + policy.wait_after(len(failures)) - now)
            if window:
                attempts = [t for (t,) in conn.execute(
                    "SELECT time FROM attempts WHERE purpose=? AND key=? AND time>? ORDER BY time",
                    (purpose, name, now - window))]
                for seconds, most in policy.windows:
                    inside = [t for t in attempts if t > now - seconds]
                    if len(inside) >= most:
                        longest = max(longest, inside[-most] + seconds - now)
        return max(0.0, longest)

    def wait(self, purpose: str, keys: Iterable[tuple[str, str]]) -> float:
        """Seconds until every key may try again (0: now)."""
        with self.db.lock:
            return self._wait(self.db.conn, purpose, list(keys), self.clock())

    def check(self, purpose: str, keys: Iterable[tuple[str, str]], code: str = "limit_wait",
              conn: Any = None) -> None:
        """:class:`Denied` (``code``, with ``seconds``) if an attempt must wait."""
        if conn is None:
            wait = self.wait(purpose, keys)
        else:
            wait = self._wait(conn, purpose, list(keys), self.clock())
        if wait > 0:
            raise Denied(code, seconds=math.ceil(wait))

    def _insert(self, conn: Any, purpose: str, keys: Iterable[tuple[str, str]], ok: bool | None) -> list[int]:
        now = self.clock()
        ids = []
        for key in keys:
            cur = conn.execute("INSERT INTO attempts(purpose, key, time, ok) VALUES(?, ?, ?, ?)",
                               (purpose, self._name(key), now, None if ok is None else int(ok)))
            ids.append(int(cur.lastrowid))
        if now - self._pruned > 60 or now < self._pruned:
            self._pruned = now
            conn.execute("DELETE FROM attempts WHERE time<?", (now - KEEP,))
        return ids

    def record(self, purpose: str, keys: Iterable[tuple[str, str]], ok: bool, conn: Any = None) -> None:
        if conn is not None:
            self._insert(conn, purpose, keys, ok)
            return
        with self.db._tx() as conn:
            self._insert(conn, purpose, keys, ok)

    def begin(self, purpose: str, keys: Iterable[tuple[str, str]], conn: Any, code: str = "limit_wait") -> list[int]:
        """Inside the caller's transaction: :class:`Denied` if the keys must
        wait, else an attempt for each, counted as a failure until
        :meth:`finish`."""
        keys = list(keys)
        self.check(purpose, keys, code, conn=conn)
        return self._insert(conn, purpose, keys, None)

    def finish(self, ids: Iterable[int], ok: bool, conn: Any) -> None:
        for id_ in ids:
            conn.execute("UPDATE attempts SET ok=? WHERE id=?", (int(ok), id_))

    def failures(self, purpose: str, key: tuple[str, str]) -> int:
        policy = self.policies.get(purpose, Policy())
        with self.db.lock:
            return int(self.db.conn.execute(
                "SELECT COUNT(*) FROM attempts WHERE purpose=? AND key=? AND time>? AND (ok IS NULL OR ok=0)",
                (purpose, self._name(key), self.clock() - policy.forget)).fetchone()[0])

    def attempts(self, purpose: str, key: tuple[str, str]) -> int:
        """Answered attempts for ``key`` (right or wrong, kept a day), by every
        process; one still being checked is not counted here yet."""
        with self.db.lock:
            return int(self.db.conn.execute(
                "SELECT COUNT(*) FROM attempts WHERE purpose=? AND key=? AND ok IS NOT NULL",
                (purpose, self._name(key))).fetchone()[0])

    def wrong_since(self, purpose: str, key: tuple[str, str], since: float, conn: Any = None) -> int:
        """Failures (and answers not known yet) for ``key`` at or after ``since``."""
        query = ("SELECT COUNT(*) FROM attempts WHERE purpose=? AND key=? AND time>=? AND (ok IS NULL OR ok=0)",
                 (purpose, self._name(key), since))
        if conn is not None:
            return int(conn.execute(*query).fetchone()[0])
        with self.db.lock:
            return int(self.db.conn.execute(*query).fetchone()[0])


def attempts_allowed(policy: Policy, seconds: float) -> int:
    """How many failed attempts one key can make in ``seconds`` under
    ``policy``, trying again the moment it may (for the README's figures)."""
    now = [0.0]
    limiter = Limiter({"x": policy}, clock=lambda: now[0])
    keys = [("device", "d")]
    made = 0
    while True:
        wait = limiter.wait("x", keys)
        if now[0] + wait > seconds:
            return made
        now[0] += wait
        limiter.record("x", keys, ok=False)
        made += 1


# ----- a table's access record ---------------------------------------------------------------
def _key(table_id: str) -> str:
    return f"access:{table_id}"


def possible_code(code: str) -> bool:
    """Could ``code`` (normalised) be a join code at all?  Only such tries can
    hit a table, so only they spend the server's budget of wrong codes."""
    return len(code) == CODE_LENGTH and set(code) <= set(ALPHABET)


def is_member(record: dict[str, Any], token: str) -> bool:
    """Has this device joined the table (or made it, or does it hold a seat)?"""
    return record.get("owner") == token or token in record.get("members", []) or any(
        entry.get("device") == token for entry in record.get("seats", {}).values())


class JoinWaiting(Denied):
    """The right code, but the table's host must let the device in (wrong
    codes have been tried since the code was made): ``table_id`` is the table
    whose host was asked."""

    def __init__(self, table_id: str) -> None:
        super().__init__("join_waiting")
        self.table_id = table_id


class TableAccess:
    """The access records of one store, its limiter and its clock.  Every
    count lives in the store (SQLite): the worker processes of one data folder
    share them."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self.limiter = Limiter(clock=lambda: self.clock(), store=store)

    # ----- the record ---------------------------------------------------------------------
    def _fresh(self, record: dict[str, Any]) -> dict[str, Any]:
        now = self.clock()
        out = {"code": None, "code_expires": None, "owner": None, "members": [], "seats": {}, "requests": [],
               "alerts": [], "joins": [], "old_codes": []}
        out.update(record)
        if out.get("code_made") is None and out["code_expires"]:
            out["code_made"] = out["code_expires"] - CODE_LIFETIME
        out["requests"] = [r for r in out["requests"] if r.get("time", 0) + REQUEST_LIFETIME > now]
        out["joins"] = [r for r in out["joins"] if r.get("time", 0) + REQUEST_LIFETIME > now]
        return out

    def _read(self, conn: Any, table_id: str) -> tuple[dict[str, Any], bool]:
        row = conn.execute("SELECT value FROM settings WHERE key=?", (_key(table_id),)).fetchone()
        if row:
            return self._fresh(json.loads(row[0])), False
        now = self.clock()
        record = self._fresh({"code": new_code(), "code_expires": now + CODE_LIFETIME, "code_made": now})
        return record, True

    @staticmethod
    def _write(conn: Any, table_id: str, record: dict[str, Any]) -> None:
        conn.execute("INSERT INTO settings(key, value) VALUES(?, ?) "
                     "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                     (_key(table_id), json.dumps(record, ensure_ascii=False)))

    def record(self, table_id: str, make: bool = False) -> dict[str, Any]:
        """The table's access record.  A table that has none yet (made before,
        imported, from the command line) reads as one without a host, member
        or seat; ``make`` stores it, with a fresh join code (the invite
        screen), so listing tables writes nothing."""
        with self.store.lock:
            record, new = self._read(self.store.conn, table_id)
        if new and make:
            return self._update(table_id, lambda r: None)
        return record

    def _update(self, table_id: str, change: Callable[..., Any], conn_too: bool = False) -> Any:
        """Read, change and write the record in one transaction; returns what
        ``change`` returned (or the record, if that was None).  ``conn_too``:
        ``change(record, conn)``, for counts written in the same transaction."""
        with self.store._tx() as conn:
            record, _new = self._read(conn, table_id)
            result = change(record, conn) if conn_too else change(record)
            self._write(conn, table_id, record)
        return record if result is None else result

    # ----- who is who ---------------------------------------------------------------------
    def set_owner(self, table_id: str, token: str) -> None:
        self._update(table_id, lambda r: r.update(owner=token))

    def role(self, table_id: str, who: Who, lan: bool) -> str:
        return role(self.record(table_id), who.token, lan=lan, loopback=who.loopback)

    def seat_of(self, table_id: str, token: str, record: dict[str, Any] | None = None) -> int | None:
        for seat, entry in (record or self.record(table_id))["seats"].items():
            if entry.get("device") == token:
                return int(seat)
        return None

    def seated(self, table_id: str) -> dict[int, str]:
        """Claimed seats: seat -> device token."""
        return {int(s): e["device"] for s, e in self.record(table_id)["seats"].items() if e.get("device")}

    # ----- join codes -----------------------------------------------------------------------
    def code(self, table_id: str) -> str | None:
        """The table's working join code (None: ended or expired)."""
        record = self.record(table_id, make=True)
        if record["code"] and (record["code_expires"] or 0) > self.clock():
            return str(record["code"])
        return None

    def code_expires(self, table_id: str) -> float | None:
        record = self.record(table_id)
        return record["code_expires"] if record["code"] else None

    @staticmethod
    def _retire(record: dict[str, Any]) -> None:
        if record.get("code"):
            record["old_codes"] = (record["old_codes"] + [record["code"]])[-OLD_CODES:]

    def renew_code(self, table_id: str) -> str:
        code = new_code()
        now = self.clock()

        def change(record: dict[str, Any]) -> None:
            self._retire(record)
            record.update(code=code, code_expires=now + CODE_LIFETIME, code_made=now)

        self._update(table_id, change)
        return code

    def end_code(self, table_id: str) -> None:
        def change(record: dict[str, Any]) -> None:
            self._retire(record)
            record.update(code=None, code_expires=None, code_made=None)

        self._update(table_id, change)

    def _find(self, conn: Any, code: str) -> tuple[str, dict[str, Any], bool] | None:
        """The table whose working code is ``code`` (``True``), or -- so that
        a device's own old link still opens its table -- whose earlier code it
        was (``False``)."""
        if len(code) != CODE_LENGTH:
            return None
        now = self.clock()
        rows = conn.execute("SELECT key, value FROM settings WHERE key LIKE 'access:%'").fetchall()
        old = None
        for key, value in rows:
            record = json.loads(value)
            table_id = str(key.split(":", 1)[1])
            if record.get("code") and secrets.compare_digest(str(record["code"]), code) \
                    and (record.get("code_expires") or 0) > now:
                return table_id, self._fresh(record), True
            if old is None and any(secrets.compare_digest(str(c), code) for c in record.get("old_codes") or ()):
                old = (table_id, self._fresh(record), False)
        return old

    def table_for_code(self, code: str) -> str | None:
        with self.store.lock:
            found = self._find(self.store.conn, normalize_code(code))
        return found[0] if found and found[2] else None

    def wrong_codes(self, table_id: str, record: dict[str, Any] | None = None) -> int:
        """Wrong join codes tried on this whole server since the table's code
        was made (0 without a code)."""
        record = record or self.record(table_id)
        if not record.get("code") or record.get("code_made") is None:
            return 0
        return self.limiter.wrong_since(CODE_ANY, SERVER_KEY, float(record["code_made"]))

    def join(self, code: str, who: Who) -> str:
        """A device enters a join code: the table it opens.  Refused (and
        counted against the device, its address and the server) if no table
        has it.  A device that joined the table before opens it again with its
        code, new or old, without a count.  Once :data:`CODE_BUDGET` wrong
        codes were tried on the server since this code was made, the right
        code only asks the host (:class:`JoinWaiting`)."""
        code = normalize_code(code)
        keys = who.limit_keys()
        outcome: Any
        with self.store._tx() as conn:
            found = self._find(conn, code)
            if found and is_member(found[1], who.token):
                return found[0]  # its own table again (a second tab, a link opened again): not a try
            try:
                self.limiter.check("code", keys, conn=conn)
            except Denied as exc:
                outcome = exc
            else:
                if found and not found[2]:
                    found = None  # an old code: only its own devices may still use it
                self.limiter.record("code", keys, ok=found is not None, conn=conn)
                if found is None:
                    if possible_code(code):
                        self.limiter.record(CODE_ANY, [SERVER_KEY], ok=False, conn=conn)
                    outcome = Denied("join_no_table")
                else:
                    table_id, record, _current = found
                    spent = self.limiter.wrong_since(CODE_ANY, SERVER_KEY, float(record["code_made"]),
                                                     conn=conn) >= CODE_BUDGET
                    if spent:
                        mine = next((r for r in record["joins"] if r["device"] == who.token), None)
                        joins = [r for r in record["joins"] if r["device"] != who.token][-(MAX_REQUESTS - 1):]
                        joins.append({"id": mine["id"] if mine else secrets.token_hex(6), "device": who.token,
                                      "time": self.clock(), **who.label()})  # asking again: the same request
                        record["joins"] = joins
                        outcome = JoinWaiting(table_id)
                    else:
                        if who.token not in record["members"]:
                            record["members"].append(who.token)
                        outcome = table_id
                    self._write(conn, table_id, record)
        if isinstance(outcome, Exception):
            raise outcome
        return str(outcome)

    def join_requests(self, table_id: str) -> list[dict[str, Any]]:
        """Devices with the right code waiting for the host to let them in."""
        return list(self.record(table_id)["joins"])

    def waiting_to_join(self, table_id: str, token: str) -> bool:
        return any(r["device"] == token for r in self.join_requests(table_id))

    def join_answer(self, table_id: str, who: Who, lan: bool) -> str:
        """Where a device that asked to be let in stands: ``"in"``, ``"waiting"``
        or ``"out"`` (turned away, or its request expired) -- read from one
        snapshot of the record: read in two, a "let in" written between them
        reads as neither a member nor waiting."""
        record = self.record(table_id)
        if role(record, who.token, lan=lan, loopback=who.loopback) != STRANGER:
            return "in"
        return "waiting" if any(r["device"] == who.token for r in record["joins"]) else "out"

    def let_in(self, table_id: str, request_id: str) -> bool:
        """The host lets a waiting device in: it joins the table."""
        def change(record: dict[str, Any]) -> bool:
            req = next((r for r in record["joins"] if r["id"] == request_id), None)
            if req is None:
                return False
            if req["device"] not in record["members"]:
                record["members"].append(req["device"])
            record["joins"] = [r for r in record["joins"] if r["device"] != req["device"]]
            return True

        return bool(self._update(table_id, change))

    def turn_away(self, table_id: str, request_id: str) -> None:
        self._update(table_id, lambda r: r.update(joins=[q for q in r["joins"] if q["id"] != request_id]))

    # ----- seats ------------------------------------------------------------------------------
    def claim(self, table_id: str, who: Who, seat: int, pin: str) -> str:
        """A device asks for a seat: ``"granted"`` or ``"waiting"`` (for the
        host); a wrong PIN, a locked seat or too many tries is a
        :class:`Denied`.  A wrong PIN counts against the device, its address
        and the seat itself: after :data:`PIN_LOCK` the seat is locked, for
        every device, until the host unlocks it."""
        pin = normal_pin(pin)
        record = self.record(table_id)
        entry = record["seats"].get(str(seat)) or {}
        legacy = bool(entry.get("pin")) and not str(entry["pin"]).startswith("pbkdf2$")
        if not (valid_pin(pin) or (legacy and 4 <= len(pin) <= 8 and pin.isascii() and pin.isdigit())):
            raise Denied("pin_policy", min=PIN_MIN, max=PIN_MAX)  # a seat from before keeps its 4-digit PIN
        keys = who.limit_keys()
        if entry.get("device") == who.token:
            return "granted"  # already this device's

        def reserve(record: dict[str, Any], conn: Any) -> tuple[str | None, list[int]]:
            """Every claim counts; a PIN being checked counts as wrong (for
            the device, its address and the seat) until it proved right."""
            current = record["seats"].get(str(seat)) or {}
            stored = current.get("pin")
            if stored and int(current.get("wrong", 0)) >= PIN_LOCK:
                raise Denied("seat_locked", count=PIN_LOCK)
            ids = self.limiter.begin("pin", keys, conn)
            if stored:
                current["wrong"] = int(current.get("wrong", 0)) + 1
                record["seats"][str(seat)] = current
            return stored, ids

        stored_pin, ids = self._update(table_id, reserve, conn_too=True)
        right = check_pin(pin, stored_pin, table_id) if stored_pin else True
        if not right:
            def wrong(record: dict[str, Any], conn: Any) -> bool:
                self.limiter.finish(ids, False, conn)
                current = record["seats"].get(str(seat)) or {}
                self._alert(record, seat, who)
                if int(current.get("wrong", 0)) >= PIN_LOCK and not current.get("locked"):
                    current["locked"] = self.clock()
                    self._alert(record, seat, who, locked=True)
                    return True
                return False

            locked = self._update(table_id, wrong, conn_too=True)
            raise Denied("seat_locked", count=PIN_LOCK) if locked else Denied("pin_wrong")
        hashed = stored_pin if stored_pin else hash_pin(pin)
        holder = entry.get("device")

        def change(record: dict[str, Any], conn: Any) -> str:
            self.limiter.finish(ids, True, conn)
            current = record["seats"].get(str(seat)) or {}
            if stored_pin and current:
                current["wrong"] = max(0, int(current.get("wrong", 0)) - 1)  # it proved right
            if current.get("pin") and not holder and not current.get("device"):
                _give(record, seat, who.token, current["pin"], who.label())  # a freed seat: the PIN is enough
                record["requests"] = [r for r in record["requests"] if r["device"] != who.token]
                return "granted"
            record["requests"] = [r for r in record["requests"] if r["device"] != who.token][-(MAX_REQUESTS - 1):]
            record["requests"].append({
                "id": secrets.token_hex(6), "device": who.token, "seat": seat, "pin": hashed,
                "pin_ok": bool(stored_pin), "takeover": bool(current.get("device")), "time": self.clock(),
                **who.label()})
            return "waiting"

        return str(self._update(table_id, change, conn_too=True))

    def _alert(self, record: dict[str, Any], seat: int, who: Who, locked: bool = False) -> None:
        alert = {"seat": seat, "time": self.clock(), **who.label(), **({"locked": True} if locked else {})}
        record["alerts"] = (record["alerts"] + [alert])[-MAX_ALERTS:]

    def wrong_pins(self, table_id: str, seat: int, record: dict[str, Any] | None = None) -> int:
        """Wrong PINs tried for the seat since it was last unlocked (every device)."""
        entry = (record or self.record(table_id))["seats"].get(str(seat)) or {}
        return int(entry.get("wrong", 0))

    def locked(self, table_id: str, seat: int, record: dict[str, Any] | None = None) -> bool:
        entry = (record or self.record(table_id))["seats"].get(str(seat)) or {}
        return bool(entry.get("pin")) and int(entry.get("wrong", 0)) >= PIN_LOCK

    def unlock(self, table_id: str, seat: int) -> None:
        """The host unlocks a seat: its count of wrong PINs starts again."""
        def change(record: dict[str, Any]) -> None:
            entry = record["seats"].get(str(seat))
            if entry:
                entry.pop("locked", None)
                entry["wrong"] = 0

        self._update(table_id, change)

    def requests(self, table_id: str) -> list[dict[str, Any]]:
        """Seat requests waiting for the host (expired ones are gone)."""
        return list(self.record(table_id)["requests"])

    def request_of(self, table_id: str, token: str) -> dict[str, Any] | None:
        return next((r for r in self.requests(table_id) if r["device"] == token), None)

    def approve(self, table_id: str, request_id: str) -> bool:
        """The host gives the seat to the request's device: the seat's other
        requests are dropped, its former device goes back to the shared view."""
        def change(record: dict[str, Any]) -> bool:
            req = next((r for r in record["requests"] if r["id"] == request_id), None)
            if req is None:
                return False
            current = record["seats"].get(str(req["seat"])) or {}
            pin = current.get("pin") or req["pin"]  # a takeover keeps the seat's PIN
            _give(record, req["seat"], req["device"], pin, req)
            record["requests"] = [r for r in record["requests"]
                                  if r["id"] != request_id and r["seat"] != req["seat"] and r["device"] != req["device"]]
            return True

        return bool(self._update(table_id, change))

    def refuse(self, table_id: str, request_id: str) -> None:
        self._update(table_id, lambda r: r.update(requests=[q for q in r["requests"] if q["id"] != request_id]))

    def withdraw(self, table_id: str, token: str) -> None:
        """A device's own request goes (it left, or its connection ended)."""
        self._update(table_id, lambda r: r.update(requests=[q for q in r["requests"] if q["device"] != token]))

    def free_seat(self, table_id: str, seat: int, remove_device: bool = False) -> None:
        """The host frees a seat: its device goes back to the shared view (the
        PIN stays); with ``remove_device`` it is no longer a member either and
        needs a join code again."""
        def change(record: dict[str, Any]) -> None:
            entry = record["seats"].get(str(seat))
            if not entry:
                return
            device, entry["device"] = entry.get("device"), None
            if remove_device and device:
                record["members"] = [m for m in record["members"] if m != device]
                record["requests"] = [q for q in record["requests"] if q["device"] != device]

        self._update(table_id, change)

    def alerts(self, table_id: str) -> list[dict[str, Any]]:
        return list(self.record(table_id)["alerts"])

    def dismiss_alerts(self, table_id: str) -> None:
        self._update(table_id, lambda r: r.update(alerts=[]))

    # ----- limits on new tables -----------------------------------------------------------------
    def check_create(self, who: Who) -> None:
        """:class:`Denied` (``limit_tables``) if this device or address made
        too many tables lately; the server computer itself is not limited."""
        if who.loopback:
            return
        self.limiter.check("create", who.limit_keys(), code="limit_tables")

    def created(self, who: Who) -> None:
        if not who.loopback:
            self.limiter.record("create", who.limit_keys(), ok=True)


def _give(record: dict[str, Any], seat: int, token: str, pin: str, label: dict[str, Any] | None = None) -> None:
    for entry in record["seats"].values():
        if entry.get("device") == token:
            entry["device"] = None  # one seat per device
    kept = {k: v for k, v in (record["seats"].get(str(seat)) or {}).items() if k in ("wrong", "locked")}
    record["seats"][str(seat)] = {"device": token, "pin": pin, **kept,
                                  **{k: v for k, v in (label or {}).items() if k in ("agent", "address", "tag")}}
    if token not in record["members"]:
        record["members"].append(token)


_ACCESS: "weakref.WeakKeyDictionary[Store, TableAccess]" = weakref.WeakKeyDictionary()
_ACCESS_LOCK = threading.Lock()


def for_store(store: Store) -> TableAccess:
    """The one :class:`TableAccess` of ``store`` in this process (its limiter
    counts every device of the server)."""
    with _ACCESS_LOCK:
        found = _ACCESS.get(store)
        if found is None:
            found = _ACCESS[store] = TableAccess(store)
        return found
