"""Export a table to a versioned JSON file and import it back by replaying it.

The file::

    {"format": "table-companion", "version": 1, "game": "manila",
     "setup": {"players": [...], "options": {...}},
     "log": [{"type": ...}, ...], "cursor": 12}

Import checks everything before writing anything: a malformed file, an unknown
version or game, a bad setup or an illegal log is refused with a
:class:`ImportRefused` naming what and where.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .core.actions import Action
from .core.errors import RefereeError, SetupError
from .core.session import Session
from .registry import GAMES, get_game
from .storage import Store, StoredSession

FORMAT = "table-companion"
VERSION = 1


class ImportRefused(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(f"{code} {params}")


def export_table(stored: StoredSession) -> dict[str, Any]:
    body = stored.session.to_json()
    return {"format": FORMAT, "version": VERSION, **body}


def export_to_file(stored: StoredSession, path: Path) -> None:
    path.write_text(json.dumps(export_table(stored), ensure_ascii=False, indent=1), encoding="utf-8")


def parse_export(data: Any) -> Session:  # type: ignore[type-arg]
    """Validate and replay an export; returns the session, writes nothing."""
    if not isinstance(data, dict):
        raise ImportRefused("import_not_object")
    if data.get("format") != FORMAT:
        raise ImportRefused("import_bad_format", found=str(data.get("format")))
    if data.get("version") != VERSION:
        raise ImportRefused("import_bad_version", found=str(data.get("version")), expected=VERSION)
    game_id = data.get("game")
    if game_id not in GAMES:
        raise ImportRefused("import_unknown_game", game=str(game_id))
    game = get_game(game_id)
    setup_raw = data.get("setup")
    if not isinstance(setup_raw, dict) or not isinstance(setup_raw.get("players"), list) \
            or not isinstance(setup_raw.get("options", {}), dict):
        raise ImportRefused("import_bad_setup", where="setup")
    try:
        setup = game.setup([str(p) for p in setup_raw["players"]], setup_raw.get("options", {}))
    except SetupError as exc:
        raise ImportRefused("import_bad_setup", where=", ".join(p.code for p in exc.problems)) from exc
    log_raw = data.get("log")
    if not isinstance(log_raw, list):
        raise ImportRefused("import_bad_log", where="log")
    cursor = data.get("cursor", len(log_raw))
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(log_raw):
        raise ImportRefused("import_bad_log", where="cursor")
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
    session.seek(cursor)  # back to the saved position, from the nearest snapshot
    return session


def import_from_text(store: Store, text: str) -> StoredSession:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportRefused("import_bad_json", line=exc.lineno, column=exc.colno) from exc
    session = parse_export(data)
    return store.create_table(session.game, session.setup, session)
