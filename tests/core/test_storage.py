"""SQLite persistence, resume, undo across restarts, corrupt databases, export/import."""

from __future__ import annotations

import json
import pickle
import sqlite3

import pytest

from companion import registry, storage
from companion.core import Action, IllegalAction, Session
from companion.storage import Store
from companion.transfer import ImportRefused, export_table, import_from_text
from toy import TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", "toy")
    registry.get_game.cache_clear()
    yield
    registry.get_game.cache_clear()


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
    assert data["format"] == "table-companion" and data["version"] == 1 and data["cursor"] == 11
    copy = import_from_text(store, json.dumps(data))
    assert copy.id != stored.id
    assert copy.state == stored.state and copy.session.log == stored.session.log
    assert Store(tmp_path / "c.db").open_table(copy.id).state == stored.state


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


# ----- one authority per table (two devices, two connections) -----------------

from companion.core import StaleTable  # noqa: E402


def stored_log(store, table_id):
    rows = store.conn.execute("SELECT seq, action FROM actions WHERE table_id=? ORDER BY seq", (table_id,)).fetchall()
    return [s for s, _ in rows], [Action.from_json(json.loads(a)) for _, a in rows]


def two_devices(tmp_path, same_store):
    path = tmp_path / "c.db"
    store = Store(path)
    first = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 50}))
    second = (store if same_store else Store(path)).open_table(first.id)
    return store, first, second


@pytest.mark.parametrize("same_store", [True, False])
def test_a_stale_device_is_refused_and_shows_the_current_table(tmp_path, same_store):
    store, a, b = two_devices(tmp_path, same_store)
    a.apply(Action.make("take", 0, n=2))  # accepted on A; B has not seen it
    with pytest.raises(StaleTable) as info:
        b.apply(Action.make("take", 0, n=1))  # B still thinks it is A's turn at 50
    assert info.value.code == "stale_table" and info.value.rule is None
    # nothing of B's was written, A's action is intact, and B now shows it
    seqs, log = stored_log(store, a.id)
    assert seqs == [1] and log == [Action.make("take", 0, n=2)]
    assert b.state == a.state and b.state.pile == 48 and b.session.cursor == 1
    b.apply(Action.make("take", 1, n=3))  # after the refresh B's move is accepted
    assert stored_log(store, a.id)[0] == [1, 2]


@pytest.mark.parametrize("same_store", [True, False])
def test_a_stale_undo_never_deletes_another_devices_action(tmp_path, same_store):
    # the reported bug: Undo on a stale device followed by a move deleted two accepted actions
    store, a, b = two_devices(tmp_path, same_store)
    a.apply(Action.make("take", 0, n=1))
    b.sync()
    a.apply(Action.make("take", 1, n=1))
    a.apply(Action.make("take", 0, n=1))
    with pytest.raises(StaleTable):
        b.undo()  # B saw one action; undoing it now would drop two of A's
    assert b.session.cursor == 3 and b.state.pile == 47
    b.undo()  # now B knows the table: its undo takes back A's last action only
    with pytest.raises(StaleTable):
        a.apply(Action.make("take", 1, n=3))  # A has not seen the undo
    assert a.session.cursor == 2 and a.session.log == b.session.log  # the redo tail is still there
    with pytest.raises(StaleTable):
        b.redo(expected_rev=b.rev - 1)  # a caller that showed an older state is refused too
    b.redo()
    seqs, log = stored_log(store, a.id)
    assert seqs == [1, 2, 3]
    assert log == [Action.make("take", 0, n=1), Action.make("take", 1, n=1), Action.make("take", 0, n=1)]
    assert Store(tmp_path / "c.db").open_table(a.id).state.pile == 47


@pytest.mark.parametrize("same_store", [True, False])
def test_corrections_are_checked_the_same_way(tmp_path, same_store):
    store, a, b = two_devices(tmp_path, same_store)
    a.apply(Action.make("fix", None, pile=20))
    with pytest.raises(StaleTable):
        b.apply(Action.make("fix", None, pile=30))
    assert b.state.pile == 20
    b.apply(Action.make("fix", None, pile=30))
    assert a.sync() is True and a.state.pile == 30
    assert a.sync() is False  # nothing changed since


def test_a_refused_move_after_a_refresh_changes_nothing(tmp_path):
    store, a, b = two_devices(tmp_path, True)
    a.apply(Action.make("take", 0, n=1))
    rev = store.conn.execute("SELECT rev FROM tables").fetchone()[0]
    with pytest.raises(StaleTable):
        b.apply(Action.make("take", 1, n=1))
    with pytest.raises(IllegalAction):
        b.apply(Action.make("take", 0, n=1))  # not A's turn: an ordinary refusal
    assert store.conn.execute("SELECT rev FROM tables").fetchone()[0] == rev  # rolled back
    assert b.session.cursor == 1


def test_interleaved_devices_keep_one_log(tmp_path):
    import random

    rng = random.Random(7)
    path = tmp_path / "c.db"
    store = Store(path)
    first = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 50}))
    devices = [first, store.open_table(first.id), Store(path).open_table(first.id), Store(path).open_table(first.id)]
    expected: list[Action] = []  # the log as the acknowledgements say it must be
    cursor = 0
    stale = 0
    for _ in range(300):
        dev = rng.choice(devices)
        if rng.random() < 0.3:
            dev.sync()
        kind = rng.random()
        try:
            if kind < 0.15 and dev.session.can_undo():
                dev.undo()
                cursor -= 1
            elif kind < 0.25 and dev.session.can_redo():
                dev.redo()
                cursor += 1
            else:
                legal = TOY.legal_actions(dev.state)
                action = (rng.choice(legal) if legal and dev.state.pile > 3
                          else Action.make("fix", None, pile=rng.randint(20, 50)))
                dev.apply(action)
                del expected[cursor:]
                expected.append(action)
                cursor += 1
        except StaleTable:
            stale += 1
            assert dev.session.cursor == cursor and list(dev.session.log) == expected
    assert stale > 10  # the interleaving did produce stale writes
    seqs, log = stored_log(store, first.id)
    assert seqs == list(range(1, len(expected) + 1)) and log == expected
    reopened = Store(path).open_table(first.id)
    assert reopened.session.cursor == cursor
    assert reopened.state == Session.replay(TOY, reopened.setup, expected[:cursor]).state


def test_an_old_database_gets_the_rev_column(tmp_path):
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.executescript(storage._SCHEMA.replace(",\n    rev INTEGER NOT NULL DEFAULT 0", ""))
    conn.execute("INSERT INTO tables(id, game, setup, created, updated) VALUES('t1', 'toy', ?, 0, 0)",
                 (json.dumps({"players": ["A", "B"], "options": {"pile": 10}}),))
    conn.commit()
    assert "rev" not in {r[1] for r in conn.execute("PRAGMA table_info(tables)")}
    conn.close()
    store = Store(path)
    stored = store.open_table("t1")
    assert stored.rev == 0
    stored.apply(Action.make("take", 0, n=1))
    assert store.conn.execute("SELECT rev FROM tables WHERE id='t1'").fetchone() == (1,)


def test_stale_table_message_is_translated():
    from companion.messages import describe_error

    assert describe_error(StaleTable("t"), "toy", "en").startswith("Another device changed this table first.")
    assert "裝置" in describe_error(StaleTable("t"), "toy", "zh_Hant")
    assert "设备" in describe_error(StaleTable("t"), "toy", "zh_Hans")


# ----- one shared store per process -------------------------------------------

def test_shared_store_is_opened_and_checked_once_per_path(tmp_path, monkeypatch):
    opened = []
    real_open = Store._open
    monkeypatch.setattr(Store, "_open", lambda self: opened.append(self.path) or real_open(self))
    first = Store.shared(tmp_path / "a.db")
    try:
        assert Store.shared(tmp_path / "a.db") is first
        assert Store.shared(tmp_path / "." / "a.db") is first  # the same file, spelled differently
        assert len(opened) == 1
        other = Store.shared(tmp_path / "b.db")
        assert other is not first and len(opened) == 2
        other.close()
        assert Store.shared(tmp_path / "b.db") is not other  # a closed store is not handed out again
    finally:
        for store in list(Store._shared.values()):
            store.close()


def test_threads_share_one_store_without_losing_a_write(tmp_path):
    import threading

    store = Store(tmp_path / "c.db")
    tables = [store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 50})) for _ in range(4)]
    same = [store.open_table(tables[0].id) for _ in range(2)]  # two devices racing on table 0
    acked: list[int] = []
    errors: list[BaseException] = []

    def player(stored, record):
        try:
            for _ in range(60):
                try:
                    stored.sync()
                    if stored.state.pile <= 3:
                        stored.apply(Action.make("fix", None, pile=50))
                    else:
                        stored.apply(Action.make("take", stored.state.turn, n=1))
                    if record:
                        acked.append(stored.rev)
                except StaleTable:
                    pass
                store.list_tables()  # reads interleave with the writes
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=player, args=(t, False)) for t in tables[1:]]
    threads += [threading.Thread(target=player, args=(s, True)) for s in same]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for t in tables[1:]:
        assert stored_log(store, t.id)[0] == list(range(1, 61))
    # on the raced table every acknowledged write has its own rev and is in the log
    assert sorted(acked) == list(range(1, len(acked) + 1))
    assert stored_log(store, tables[0].id)[0] == list(range(1, len(acked) + 1))


# ----- snapshots ----------------------------------------------------------------

def test_state_fingerprint_follows_the_fields_of_nested_dataclasses():
    import dataclasses

    def shapes(inner_fields, outer_extra=()):
        inner = dataclasses.make_dataclass("Inner", inner_fields)
        return dataclasses.make_dataclass("State", [("pile", int), ("seats", list[inner]), *outer_extra])

    base = storage.state_fingerprint(shapes([("cash", int)]))
    assert storage.state_fingerprint(shapes([("cash", int)])) == base  # same shape, same key
    assert storage.state_fingerprint(shapes([("cash", int)], [("round", int)])) != base  # a new field
    assert storage.state_fingerprint(shapes([("cash", int), ("shares", dict)])) != base  # nested new field
    assert storage.state_fingerprint(shapes([("cash", float)])) != base  # a retyped field


def test_snapshots_of_another_state_shape_are_ignored(tmp_path, monkeypatch):
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 50}))
    play(stored, storage.SNAPSHOT_EVERY * 2 + 7)
    assert store.conn.execute("SELECT COUNT(*) FROM snapshots").fetchone() == (2,)
    loads = []
    real_loads = pickle.loads
    monkeypatch.setattr(storage.pickle, "loads", lambda blob: loads.append(1) or real_loads(blob))
    assert Store(tmp_path / "c.db").open_table(stored.id).state == stored.state
    assert loads == [1]  # the newest snapshot was used
    # the state class gains a field: its fingerprint changes, the old snapshots are never unpickled
    monkeypatch.setitem(storage._FINGERPRINTS, type(stored.state), "0123456789abcdef")
    loads.clear()
    resumed = Store(tmp_path / "c.db").open_table(stored.id)
    assert resumed.state == stored.state and loads == []
    resumed.undo()  # undo/seek still work by replaying
    assert resumed.state == Session.replay(TOY, resumed.setup, list(stored.session.log)[:-1]).state


def test_damaged_newest_snapshot_falls_back_to_the_next_older(tmp_path):
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 50}))
    play(stored, storage.SNAPSHOT_EVERY * 2 + 7)
    store.conn.execute("UPDATE snapshots SET state=x'00' WHERE seq=?", (storage.SNAPSHOT_EVERY * 2,))
    found = store._snapshot(TOY, stored.id, stored.session.cursor, stored.setup)
    assert found is not None and found[0] == storage.SNAPSHOT_EVERY
    assert Store(tmp_path / "c.db").open_table(stored.id).state == stored.state


def test_memory_snapshots_stay_bounded_and_seek_stays_right(tmp_path, monkeypatch):
    from companion.core import session as session_mod

    monkeypatch.setattr(session_mod, "KEEP_SNAPSHOTS", 2)
    store = Store(tmp_path / "c.db")
    stored = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 50}))
    play(stored, session_mod.SNAPSHOT_EVERY * 9 + 5)
    live = stored.session
    assert len(live._snapshots) <= 3 and 0 in live._snapshots
    log = list(live.log)
    resumed = Store(tmp_path / "c.db").open_table(stored.id)
    for target in (0, 1, 63, 64, 65, 200, 401, 450, len(log) - 1, len(log)):
        for sess in (live, resumed.session):
            sess.seek(target)
            assert sess.state == Session.replay(TOY, stored.setup, log[:target]).state, target
            assert len(sess._snapshots) <= 3
    plain = Session.replay(TOY, stored.setup, log)
    assert len(plain._snapshots) <= 3
    plain.seek(100)
    assert plain.state == Session.replay(TOY, stored.setup, log[:100]).state


def test_an_imported_table_gets_the_same_snapshots_as_a_live_one(tmp_path, monkeypatch):
    store = Store(tmp_path / "c.db")
    live = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 50}))
    play(live, storage.SNAPSHOT_EVERY * 2 + 7)
    live.undo()
    copy = import_from_text(store, json.dumps(export_table(live)))
    seqs = [r[0] for r in store.conn.execute("SELECT seq FROM snapshots WHERE table_id=? ORDER BY seq", (copy.id,))]
    assert seqs == [storage.SNAPSHOT_EVERY, storage.SNAPSHOT_EVERY * 2]
    loads = []
    real_loads = pickle.loads
    monkeypatch.setattr(storage.pickle, "loads", lambda blob: loads.append(1) or real_loads(blob))
    resumed = Store(tmp_path / "c.db").open_table(copy.id)
    assert loads == [1]  # resumed from the stored snapshot, not by replaying the whole log
    assert resumed.state == live.state and resumed.session.cursor == live.session.cursor
    resumed.redo()
    live.redo()
    assert resumed.state == live.state
    # the imported snapshots hold the states the log leads to
    blob = store.conn.execute("SELECT state FROM snapshots WHERE table_id=? AND seq=?",
                              (copy.id, storage.SNAPSHOT_EVERY)).fetchone()[0]
    assert real_loads(blob) == Session.replay(TOY, live.setup, live.session.log[:storage.SNAPSHOT_EVERY]).state
