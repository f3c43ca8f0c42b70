"""SQLite persistence, resume, undo across restarts, corrupt databases, export/import."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion import storage
from companion.core import Action, IllegalAction
from companion.storage import Store
from companion.transfer import ImportRefused, export_table, import_from_text
from toy import TOY


pytestmark = pytest.mark.usefixtures("toy_registered")  # tests/conftest.py


def play(stored, count):
    for _ in range(count):
        legal = TOY.legal_actions(stored.state)
        if not legal:
            stored.apply(Action.make("fix", None, pile=40))
            continue
        stored.apply(legal[-1] if stored.session.cursor % 3 else legal[0])


def test_every_action_is_in_the_database_before_apply_returns(tmp_path):
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 40}))
    stored.apply(Action.make("take", 0, n=2))
    other = sqlite3.connect(tmp_path / "c.db")  # a second reader sees it committed
    rows = other.execute("SELECT seq, action FROM actions WHERE table_id=?", (stored.id,)).fetchall()
    assert rows == [(1, json.dumps({"type": "take", "player": 0, "n": 2}))]
    assert other.execute("SELECT cursor FROM tables").fetchone() == (1,)


def test_resume_after_restart_gives_the_same_state_and_undo_history(tmp_path):
    path = tmp_path / "c.db"
    store = Store(path)
    stored = store.create_table(TOY, TOY.setup(["A", "B", "C"], {"pile": 40}))
    play(stored, 30)
    stored.undo()
    stored.undo()
    live_state, live_cursor, live_log = stored.state, stored.session.cursor, list(stored.session.log)
    store.close()

    again = Store(path).open_table(stored.id)
    assert again.state == live_state
    assert again.session.cursor == live_cursor == 28
    assert again.session.log == live_log  # the redo tail survives a restart
    again.redo()
    assert again.session.cursor == 29


def test_new_action_after_undo_drops_the_redo_tail_in_the_database(tmp_path):
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 40}))
    play(stored, 6)
    for _ in range(3):
        stored.undo()
    stored.apply(TOY.legal_actions(stored.state)[0])
    seqs = [r[0] for r in store.conn.execute("SELECT seq FROM actions WHERE table_id=? ORDER BY seq", (stored.id,))]
    assert seqs == [1, 2, 3, 4]
    assert Store(tmp_path / "c.db").open_table(stored.id).state == stored.state


def test_refused_action_writes_nothing(tmp_path):
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["A", "B"]))
    with pytest.raises(IllegalAction):
        stored.apply(Action.make("take", 1, n=1))
    assert store.conn.execute("SELECT COUNT(*) FROM actions").fetchone() == (0,)


def test_snapshots_make_long_games_resume_from_the_middle(tmp_path, monkeypatch):
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 50}))
    play(stored, storage.SNAPSHOT_EVERY * 2 + 7)
    snaps = [r[0] for r in store.conn.execute("SELECT seq FROM snapshots ORDER BY seq")]
    assert snaps == [storage.SNAPSHOT_EVERY, storage.SNAPSHOT_EVERY * 2]
    resumed = Store(tmp_path / "c.db").open_table(stored.id)
    assert resumed.state == stored.state
    # a damaged snapshot is only a cache: the log is replayed instead
    store.conn.execute("UPDATE snapshots SET state=x'00'")
    assert Store(tmp_path / "c.db").open_table(stored.id).state == stored.state


def test_finished_table_is_marked_with_result(tmp_path):
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["Ann", "Bo"], {"pile": 3}))
    stored.apply(Action.make("take", 0, n=3))
    info = store.list_tables()[0]
    assert info.status == "finished" and info.result["winners"] == ["Ann"] and info.finished
    stored.undo()
    info = store.list_tables()[0]
    assert info.status == "active" and info.result is None and info.finished is None


def test_corrupt_database_is_kept_aside_and_app_starts(tmp_path):
    path = tmp_path / "c.db"
    path.write_bytes(b"this is not a database" * 100)
    store = Store(path)
    assert store.recovered is not None and store.recovered.exists()
    assert store.recovered.read_bytes().startswith(b"this is not")
    assert store.list_tables() == []
    store.create_table(TOY, TOY.setup(["A", "B"]))
    assert len(Store(path).list_tables()) == 1


def test_export_import_round_trip(tmp_path):
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 30}))
    play(stored, 12)
    stored.undo()
    data = export_table(stored)
    assert data["format"] == "table-companion" and data["version"] == 2 and data["cursor"] == 11
    other = Store(tmp_path / "other.db")  # the same table on another device
    copy = import_from_text(other, json.dumps(data))
    assert copy.id != stored.id
    assert copy.state == stored.state and copy.session.log == stored.session.log
    assert Store(tmp_path / "other.db").open_table(copy.id).state == stored.state


@pytest.mark.parametrize("mutate, code, where", [
    (lambda d: "{not json", "import_bad_json", {"line": 1}),
    (lambda d: json.dumps([1]), "import_not_object", {}),
    (lambda d: json.dumps({**d, "format": "other"}), "import_bad_format", {"found": "other"}),
    (lambda d: json.dumps({**d, "version": 99}), "import_bad_version", {"found": "99"}),
    (lambda d: json.dumps({**d, "game": "chess"}), "import_unknown_game", {"game": "chess"}),
    (lambda d: json.dumps({**d, "setup": {"players": ["A"], "options": {}}}), "import_bad_setup", {}),
    (lambda d: json.dumps({**d, "cursor": 99}), "import_bad_log", {"where": "cursor"}),
    (lambda d: json.dumps({**d, "log": d["log"][:2] + [{"type": "take", "player": 1, "n": 3}], "cursor": 3}),
     "import_illegal_action", {"index": 3}),
])
def test_import_refusals_name_what_and_where_and_write_nothing(tmp_path, mutate, code, where):
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 30}))
    play(stored, 4)
    before = store.conn.execute("SELECT COUNT(*) FROM tables").fetchone()
    with pytest.raises(ImportRefused) as info:
        import_from_text(store, mutate(export_table(stored)))
    assert info.value.code == code
    for key, value in where.items():
        assert info.value.params[key] == value
    assert store.conn.execute("SELECT COUNT(*) FROM tables").fetchone() == before


def test_roster_and_settings(tmp_path):
    store = Store(tmp_path / "c.db")
    store.create_table(TOY, TOY.setup(["Mei", "Tom"]))
    assert set(store.roster()) == {"Mei", "Tom"}
    store.set_setting("lang", "zh_Hant")
    assert Store(tmp_path / "c.db").get_setting("lang") == "zh_Hant"
