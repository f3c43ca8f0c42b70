"""Export a table to a versioned JSON file and import it back by replaying it.

The file (version 2; version 1 files, without the identity and dates, are
still read)::

    {"format": "table-companion", "version": 2,
     "export_id": "9f1c…",                 # the table's stable identity
     "created": "2026-11-25T03:20:00Z",    # ISO 8601, UTC
     "finished": null,                     # or when the game ended
     "game": "manila",
     "setup": {"players": [...], "options": {...}},
     "log": [{"type": ...}, ...], "cursor": 12,
     "story": [{"move": 1, "chapter": ["voyage", 1], "events": [...]}, ...],
     "teaching": {"on": true, "met": {"manila.setup.share_entry": 0, ...},
                  "done": ["manila.setup.share_entry"]}}

``teaching`` (written since teaching play exists, only for a table that ever taught; read
back) is teaching play's record (``core/teach.py``): whether it is on, which first-time cards
the table met at which move, which it put away; so an imported table resumes teaching where
it was, neither showing again a card put away nor skipping one still to read.

``story`` (written since events exist; never read back: importing replays the
log, and the story follows from it) is every event of every action in force
with its visibility -- the host's whole export.  A seat's or a viewer's
export is what that device may see (``story.visible_log``).

Import reads the bytes through :mod:`companion.inputgate` (size, strict UTF-8,
depth and number limits) and checks everything before writing anything: a
malformed file, an unknown version or game, a bad setup or an illegal log is
refused with an :class:`ImportRefused` naming what and where.  A table already
in the database (same ``export_id``; for a version-1 file, the same content)
is refused as ``import_duplicate`` naming the table it already is.  An
imported table keeps its original dates, so history counts it once, when it
was played.  Parsing and validation are linear in the log.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import inputgate, story
from .core.actions import Action
from .core.errors import RefereeError, SetupError
from .core.session import Session
from .registry import GAMES, get_game
from .storage import Store, StoredSession

FORMAT = "table-companion"
VERSION = 2
READABLE_VERSIONS = (1, 2)
_EXPORT_ID = re.compile(r"^[0-9A-Za-z:_-]{8,80}$")


class ImportRefused(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(f"{code} {params}")


def iso(timestamp: float | None) -> str | None:
    """A Unix time as ISO 8601 UTC (``2026-11-25T03:20:00Z``)."""
    if timestamp is None:
        return None
    return datetime.fromtimestamp(timestamp, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _timestamp(value: Any, key: str) -> float | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise ImportRefused("import_bad_date", where=key)
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ImportRefused("import_bad_date", where=key) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    if not 1970 <= moment.year <= 9999:
        raise ImportRefused("import_bad_date", where=key)
    return moment.timestamp()


def export_table(stored: StoredSession) -> dict[str, Any]:
    identity = stored.store.export_identity(stored.id)
    body = stored.session.to_json()
    session = stored.session
    # the table's story travels with it (read back, it is recomputed from the log: the log is the truth)
    body["story"] = story.full_log(session.game, session.setup, session.actions)
    # the rules search's "Did this answer it?" no's asked at this table (issue 34; not read back)
    body["search_misses"] = [{"time": iso(m["time"]), "lang": m["lang"], "query": m["query"], "clause": m["clause"]}
                             for m in stored.store.search_misses(stored.id)]
    if stored.teach is not None:  # teaching play's record: an imported table resumes teaching where it was
        record = stored.teach
        body["teaching"] = {"on": bool(record.get("on")), "met": dict(record.get("met") or {}),
                            "done": list(record.get("done") or [])}
    return {"format": FORMAT, "version": VERSION, "export_id": identity["origin"],
            "created": iso(identity["created"]), "finished": iso(identity["finished"]), **body}


def export_to_file(stored: StoredSession, path: Path) -> None:
    path.write_text(json.dumps(export_table(stored), ensure_ascii=False, indent=1, allow_nan=False),
                    encoding="utf-8")


VIEW_FORMAT = "table-companion-view"
VIEW_VERSION = 1


def view_export(stored: StoredSession, seat: int | None, lang: str | None = None) -> dict[str, Any]:
    """What one device may keep of a table it did not host: the log as that
    seat may see it (``story.visible_log``: events, each with its sentence in
    ``lang``) and the shared view plus ``seat``'s own secrets now (None: a
    viewer, the public log and view only).  Not a replayable log
    (``replayable: false``): another seat's secret entries appear only as
    "something was entered", so it cannot rebuild the table; importing it is
    refused."""
    game, state, setup = stored.game, stored.state, stored.setup
    identity = stored.store.export_identity(stored.id)
    observed = game.observe(state, seat)
    return {"format": VIEW_FORMAT, "version": VIEW_VERSION, "replayable": False,
            "game": game.id, "players": list(setup.players),
            "seat": None if seat is None else setup.players[seat],
            "created": iso(identity["created"]), "finished": iso(identity["finished"]),
            "moves": stored.session.cursor,
            "log": story.visible_log(game, setup, stored.session.actions, seat, lang),
            "public": observed["public"], "private": observed["private"]}


def export_bytes(stored: StoredSession, kind: str, seat: int | None, stamp: str,
                 lang: str | None = None) -> tuple[str, bytes]:
    """A file for a download (nothing is written on the server), by what the
    device may have (``access.RULES["export"]``): ``full`` -- the host's
    replayable log (format version 2) with the whole story; ``seat`` -- the log
    and view as that seat may see them; ``public`` -- the public log and view."""
    if kind == "full":
        body = export_table(stored)
        name = f"{stored.game.id}-{stored.id}-{stamp}.json"
    else:
        body = view_export(stored, seat if kind == "seat" else None, lang)
        name = f"{stored.game.id}-{stored.id}-{stamp}-{'seat' if kind == 'seat' else 'public'}.json"
    return name, json.dumps(body, ensure_ascii=False, indent=1, allow_nan=False).encode("utf-8")


class ParsedExport:
    """A validated export: the replayed session plus its identity and dates."""

    def __init__(self, session: Session, origin: str, created: float | None,  # type: ignore[type-arg]
                 finished: float | None, teaching: dict[str, Any] | None = None) -> None:
        self.session = session
        self.origin = origin
        self.created = created
        self.finished = finished
        #: teaching play's record (core/teach.py), None: the table never taught
        self.teaching = teaching


_CARD_KEY = re.compile(r"^([a-z0-9_]+(?:\.[a-z0-9_]+)+)(?:@(\d{1,2}))?$")


def _teaching(raw: Any, game_id: str, players: int, moves: int) -> dict[str, Any] | None:
    """The file's teaching record, checked: ``on`` a bool; ``met`` each card's key (a clause
    of this game, or ``<clause>@<seat>`` for a seat of this table) and the move it was met at
    (within the log); ``done`` keys it met.  Anything else refuses the file (where: teaching)."""
    if raw is None:
        return None

    def bad() -> ImportRefused:
        return ImportRefused("import_bad_log", where="teaching")

    if not isinstance(raw, dict) or set(raw) - {"on", "met", "done"} or not isinstance(raw.get("on", False), bool):
        raise bad()
    met, done = raw.get("met", {}), raw.get("done", [])
    if not isinstance(met, dict) or not isinstance(done, list) or len(met) > 1000 or len(done) > len(met):
        raise bad()
    for key, at in met.items():
        found = _CARD_KEY.match(key)
        if found is None or not found.group(1).startswith(game_id + ".") \
                or (found.group(2) is not None and int(found.group(2)) >= players):
            raise bad()
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= moves:
            raise bad()
    if any(not isinstance(k, str) or k not in met for k in done) or len(set(done)) != len(done):
        raise bad()
    return {"on": bool(raw.get("on", False)), "met": dict(met), "done": list(done)}


def _content_origin(game_id: str, setup: Any, log: list[Any]) -> str:
    """A version-1 file has no id: its content stands for it (linear)."""
    digest = hashlib.sha256()
    digest.update(json.dumps([game_id, setup], sort_keys=True, ensure_ascii=False).encode("utf-8"))
    for entry in log:
        digest.update(b"\n")
        digest.update(json.dumps(entry, sort_keys=True, ensure_ascii=False).encode("utf-8"))
    return "sha256:" + digest.hexdigest()[:40]


def read_export(data: Any) -> ParsedExport:
    """Validate and replay an export; returns it, writes nothing."""
    if not isinstance(data, dict):
        raise ImportRefused("import_not_object")
    if data.get("format") != FORMAT:
        raise ImportRefused("import_bad_format", found=inputgate.shown(data.get("format")))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version not in READABLE_VERSIONS:
        raise ImportRefused("import_bad_version", found=inputgate.shown(version), expected=VERSION)
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise ImportRefused("import_unknown_game", game=inputgate.shown(game_id))
    game = get_game(game_id)
    setup_raw = data.get("setup")
    if not isinstance(setup_raw, dict) or not isinstance(setup_raw.get("players"), list) \
            or not isinstance(setup_raw.get("options", {}), dict):
        raise ImportRefused("import_bad_setup", where="setup")
    try:
        setup = game.setup(setup_raw["players"], setup_raw.get("options", {}))
    except SetupError as exc:
        raise ImportRefused("import_bad_setup", where=", ".join(p.code for p in exc.problems)) from exc
    log_raw = data.get("log")
    if not isinstance(log_raw, list):
        raise ImportRefused("import_bad_log", where="log")
    cursor = data.get("cursor", len(log_raw))
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(log_raw):
        raise ImportRefused("import_bad_log", where="cursor")
    if version >= 2:
        origin = data.get("export_id")
        if not isinstance(origin, str) or not _EXPORT_ID.match(origin):
            raise ImportRefused("import_bad_log", where="export_id")
        created = _timestamp(data.get("created"), "created")
        finished = _timestamp(data.get("finished"), "finished")
    else:
        origin = _content_origin(game_id, setup_raw, log_raw)
        created = finished = None
    log: list[Action] = []
    for index, raw in enumerate(log_raw):
        try:
            log.append(Action.from_json(raw))
        except RefereeError as exc:
            raise ImportRefused("import_illegal_action", index=index + 1, reason=exc.code) from exc
    try:
        # the whole log must be legal, including a redo tail past the cursor
        session = Session.replay(game, setup, log)
    except RefereeError as exc:
        raise ImportRefused("import_illegal_action", index=exc.params.get("index", 0) + 1, reason=exc.code) from exc
    teaching = _teaching(data.get("teaching"), game_id, len(setup.players), len(log))
    session.seek(cursor)  # back to the saved position, from the nearest snapshot
    return ParsedExport(session, origin, created, finished, teaching)


def parse_export(data: Any) -> Session:  # type: ignore[type-arg]
    """Validate and replay an export; returns the session, writes nothing."""
    return read_export(data).session


def load_export(data: bytes | str) -> Any:
    """The file's JSON, through the input gate (limits, strict UTF-8, numbers)."""
    try:
        if isinstance(data, bytes):
            if len(data) > inputgate.MAX_FILE:
                raise inputgate.InputRefused("input_too_large", None, limit=inputgate.MAX_FILE)
            text = inputgate.decode(data)
        else:
            if len(data) > inputgate.MAX_FILE:
                raise inputgate.InputRefused("input_too_large", None, limit=inputgate.MAX_FILE)
            text = inputgate.check_text(data)
        return inputgate.loads(text)
    except inputgate.InputRefused as exc:
        if exc.code == "bad_json":
            raise ImportRefused("import_bad_json", line=exc.params.get("line"),
                                column=exc.params.get("column")) from None
        raise ImportRefused(exc.code, **exc.params) from None


def import_data(store: Store, data: bytes | str) -> StoredSession:
    parsed = read_export(load_export(data))
    existing = store.find_origin(parsed.origin)
    if existing is not None:
        raise ImportRefused("import_duplicate", table=existing)
    session = parsed.session
    return store.create_table(session.game, session.setup, session, origin=parsed.origin,
                              created=parsed.created, finished=parsed.finished, teach_record=parsed.teaching)


def import_from_text(store: Store, text: str) -> StoredSession:
    return import_data(store, text)


def import_from_file(store: Store, path: str) -> StoredSession:
    try:
        data = inputgate.read_file(path)
    except inputgate.InputRefused as exc:
        raise ImportRefused(exc.code, **exc.params) from None
    return import_data(store, data)
