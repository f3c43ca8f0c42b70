"""Opening the database under faults: only real damage is moved aside.

Disk full (a file-size limit), a lock held elsewhere and a read-only folder
raise StoreUnavailable and leave the healthy file where and as it was; a
truncated or bit-flipped file is kept aside under a name never reused, and
the notice survives restarts until acknowledged.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion import storage
from companion.storage import APPLICATION_ID, Store, StoreUnavailable
from toy import TOY

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.usefixtures("toy_registered")  # tests/conftest.py


def healthy(path: Path, tables: int = 1) -> str:
    """A database holding toy tables of a few actions each; returns the first id."""
    store = Store(path)
    ids = []
    for _ in range(tables):
        stored = store.create_table(TOY, TOY.setup(["Ann", "Bo"], {"pile": 50}))
        for i in range(5):
            stored.apply(TOY_TAKE(i % 2))
        ids.append(stored.id)
    store.close()
    return ids[0]


def TOY_TAKE(player: int):  # noqa: N802 - reads like the action it builds
    from companion.core.actions import Action

    return Action.make("take", player, n=1)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kept_aside(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if ".corrupt-" in p.name and not p.name.endswith(("-wal", "-shm")))


def checkpoint(path: Path) -> None:
    """Fold the WAL into the main file so the file alone holds everything."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()


def run_opener(path: Path, prelude: str) -> dict:
    """Open the store in a child process after ``prelude`` (limits, uid).

    Modules and catalogs are loaded first: this Python lives in a folder the
    unprivileged user cannot read."""
    code = textwrap.dedent(f"""
        import json, os, resource, signal, sys
        from pathlib import Path
        from companion.storage import Store, StoreUnavailable
        from companion.i18n import Translator
        for lang in ("en", "zh_Hans", "zh_Hant"):
            Translator(lang).gettext("x")
        {prelude}
        reachable = os.access(os.path.dirname({str(path)!r}), os.X_OK)
        try:
            store = Store(Path({str(path)!r}), timeout=0.5)
            print(json.dumps({{"tables": len(store.list_tables()), "reachable": reachable}}))
        except StoreUnavailable as exc:
            print(json.dumps({{"reason": exc.reason, "message": exc.message(), "reachable": reachable}}))
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


# ----- operational errors: nothing moved ------------------------------------------
def test_disk_full_moves_nothing_and_the_data_is_there_afterwards(tmp_path):
    path = tmp_path / "c.db"
    table_id = healthy(path)
    checkpoint(path)
    before = digest(path)
    out = run_opener(path, "signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
                           "resource.setrlimit(resource.RLIMIT_FSIZE, (1, 1))")
    assert out["reason"] in ("disk_full", "io_error")
    assert digest(path) == before and kept_aside(tmp_path) == []
    store = Store(path)  # the space is back: everything is still there, and no notice
    assert [t.id for t in store.list_tables()] == [table_id] and store.notices() == []


def test_disk_full_on_first_start_leaves_no_empty_file_to_report(tmp_path):
    path = tmp_path / "new.db"
    out = run_opener(path, "signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
                           "resource.setrlimit(resource.RLIMIT_FSIZE, (1, 1))")
    assert out["reason"] in ("disk_full", "io_error")
    assert Store(path).notices() == []


def test_lock_held_by_another_connection_moves_nothing(tmp_path):
    path = tmp_path / "c.db"
    table_id = healthy(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA locking_mode=EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("UPDATE settings SET value=value")
    try:
        with pytest.raises(StoreUnavailable) as caught:
            Store(path, timeout=0.2)
        assert caught.value.reason == "locked"
        assert "Another program" in caught.value.message("en")
        assert caught.value.message("zh_Hant") != caught.value.message("en")
        assert kept_aside(tmp_path) == [] and path.exists()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert [t.id for t in Store(path).list_tables()] == [table_id]


@pytest.fixture
def open_base():
    """A folder the unprivileged user can reach (pytest's tmp_path is root-only)."""
    import shutil
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="faults-"))
    base.chmod(0o755)
    yield base
    shutil.rmtree(base, ignore_errors=True)


def test_read_only_folder_moves_nothing(open_base):
    tmp_path = open_base
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "c.db"
    healthy(path)
    checkpoint(path)
    for side in folder.iterdir():
        if side != path:
            side.unlink()
    before = digest(path)
    folder.chmod(0o555)
    path.chmod(0o444)
    tmp_path.chmod(0o755)
    try:
        # root ignores permissions: the opener drops to "nobody" first
        out = run_opener(path, "os.setgid(65534); os.setuid(65534)")
    finally:
        folder.chmod(0o755)
    assert out["reachable"] and out["reason"] == "read_only", out
    assert sorted(p.name for p in folder.iterdir()) == ["c.db"] and digest(path) == before


def test_unwritable_new_location_is_read_only_not_a_traceback(open_base):
    tmp_path = open_base
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    tmp_path.chmod(0o755)
    try:
        out = run_opener(folder / "c.db", "os.setgid(65534); os.setuid(65534)")
    finally:
        folder.chmod(0o755)
    assert out["reachable"] and out["reason"] == "read_only" and list(folder.iterdir()) == []


def test_foreign_sqlite_file_is_left_untouched(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE contacts(name TEXT)")
    conn.execute("INSERT INTO contacts VALUES ('x')")
    conn.commit()
    conn.close()
    before = digest(path)
    with pytest.raises(StoreUnavailable) as caught:
        Store(path)
    assert caught.value.reason == "foreign"
    assert digest(path) == before and sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]


def test_file_with_another_application_id_is_foreign_even_with_our_tables(tmp_path):
    path = tmp_path / "c.db"
    healthy(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id=12345")
    conn.commit()
    conn.close()
    with pytest.raises(StoreUnavailable) as caught:
        Store(path)
    assert caught.value.reason == "foreign"


def test_older_file_of_ours_without_application_id_is_adopted_and_migrated(tmp_path):
    path = tmp_path / "c.db"
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, setup TEXT NOT NULL,
            cursor INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT 'active',
            created REAL NOT NULL, updated REAL NOT NULL, finished REAL, result TEXT);
        CREATE TABLE actions (table_id TEXT NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL,
            PRIMARY KEY (table_id, seq)) WITHOUT ROWID;
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO tables VALUES ('t1', 'toy', '{"players": ["A", "B"], "options": {"pile": 10}}',
            1, 'active', 1.0, 2.0, NULL, NULL);
        INSERT INTO actions VALUES ('t1', 1, '{"type": "take", "player": 0, "n": 2}');
    """)
    conn.close()
    store = Store(path)
    assert store.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert "origin" in {r[1] for r in store.conn.execute("PRAGMA table_info(tables)")}
    assert store.open_table("t1").state.pile == 8


# ----- real damage: kept aside, never overwritten, reported until acknowledged ---
def test_truncated_database_is_kept_aside_and_reported_on_every_start(tmp_path):
    path = tmp_path / "c.db"
    healthy(path, tables=150)
    checkpoint(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    store = Store(path)
    (aside,) = kept_aside(tmp_path)
    assert aside.read_bytes() == data[: len(data) // 2]
    assert store.recovered == aside and store.list_tables() == []
    store.close()
    for _ in range(2):  # every later start says it again
        again = Store(path)
        (notice,) = again.notices()
        assert notice.kind == "recovered" and notice.file == aside.name
        assert aside.name in notice.message("en") and aside.name in notice.message("zh_Hans")
        again.close()
    last = Store(path)
    last.acknowledge(notice.id)
    last.close()
    assert Store(path).notices() == []


@pytest.mark.parametrize("offset", [0, 16, 4096])
def test_bit_flipped_database_is_kept_aside(tmp_path, offset):
    """Byte 0: the header magic; 16: the page size; 4096: page 2's b-tree type."""
    path = tmp_path / "c.db"
    healthy(path, tables=150)
    checkpoint(path)
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x5A
    path.write_bytes(bytes(data))
    store = Store(path)
    (aside,) = kept_aside(tmp_path)
    assert aside.read_bytes() == bytes(data)
    assert [n.kind for n in store.notices()] == ["recovered"]


def test_two_recoveries_in_the_same_second_keep_both_files(tmp_path, monkeypatch):
    path = tmp_path / "c.db"
    monkeypatch.setattr(storage.time, "strftime", lambda fmt, *a: "20260101-000000")
    tokens = iter(["same", "same", "other"])
    monkeypatch.setattr(storage.secrets, "token_hex", lambda n: next(tokens))
    monkeypatch.setattr(storage.os, "getpid", lambda: 42)
    path.write_bytes(b"first damage" * 500)
    Store(path).close()
    path.write_bytes(b"second damage" * 500)
    Store(path).close()
    kept = kept_aside(tmp_path)
    assert [p.name for p in kept] == ["c.db.corrupt-20260101-000000-42-other",
                                      "c.db.corrupt-20260101-000000-42-same"]
    assert kept[1].read_bytes().startswith(b"first damage")
    assert kept[0].read_bytes().startswith(b"second damage")
    # the first notice lived in the database that was damaged next; the new one names the latest
    assert [n.file for n in Store(path).notices()] == [kept[0].name]


def test_empty_database_file_is_reported(tmp_path):
    path = tmp_path / "c.db"
    path.write_bytes(b"")
    store = Store(path)
    assert [n.kind for n in store.notices()] == ["empty_file"]
    assert "empty" in store.notices()[0].message("en")


def test_cli_tables_reports_the_recovery_until_acknowledged(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DATA_DIR": str(tmp_path)}
    (tmp_path / "companion.db").write_bytes(b"not a database at all" * 300)

    def tables(*extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "companion", "tables", *extra], capture_output=True,
                              text=True, env=env, timeout=60)

    for _ in range(2):
        result = tables()
        assert result.returncode == 3 and "Traceback" not in result.stderr
        body = json.loads(result.stderr)
        assert body["error"] == "recovered" and body["notices"][0]["kind"] == "recovered"
        assert "kept aside" in body["notices"][0]["message"]
    assert tables("--acknowledge").returncode == 0
    result = tables()
    assert result.returncode == 0 and result.stderr == ""


# ----- damaged tables: marked, kept apart, the others stay usable -------------------
def two_tables(path: Path) -> tuple[str, str]:
    store = Store(path)
    ids = []
    for _ in range(2):
        stored = store.create_table(TOY, TOY.setup(["Ann", "Bo"], {"pile": 50}))
        stored.apply(TOY_TAKE(0))
        stored.apply(TOY_TAKE(1))
        ids.append(stored.id)
    store.close()
    return ids[0], ids[1]


def one_damaged(path: Path, statement: str) -> tuple[str, str]:
    """Two tables in a store at ``path``, the first's rows changed by ``statement`` behind the store."""
    bad, good = two_tables(path)
    conn = sqlite3.connect(path)
    conn.execute(statement, (bad,))
    conn.commit()
    conn.close()
    return bad, good


@pytest.mark.parametrize("damage", [
    "UPDATE actions SET action='{\"type\": \"take\", \"pla' WHERE table_id=? AND seq=2",   # JSONDecodeError
    "UPDATE actions SET action='{\"type\": \"take\", \"player\": 0, \"n\": 3}' WHERE table_id=? AND seq=2",  # refused
    "UPDATE tables SET setup='{\"players\": [\"Ann\"]}' WHERE id=?",                          # KeyError
    "UPDATE tables SET game='no_such_game' WHERE id=?",                                      # unknown game
])
def test_a_table_that_cannot_be_decoded_is_marked_damaged_and_the_rest_stay_usable(tmp_path, damage):
    path = tmp_path / "c.db"
    bad, good = one_damaged(path, damage)
    store = Store(path)
    writes = store.writes
    with pytest.raises(storage.TableDamaged) as caught:
        store.open_table(bad)
    assert store.writes == writes + 1  # the mark is a counted write: the static build keeps it before the screen
    assert caught.value.table_id == bad and "damaged" in caught.value.message("en")
    assert [t.id for t in store.list_tables("active")] == [good]
    assert [t.id for t in store.list_tables("damaged")] == [bad]
    assert store.open_table(good).state.pile == 48
    raw = store.raw_log(bad)  # the rows as they are, for a rescue
    assert raw["table"] == bad and len(raw["log"]) == 2
    assert kept_aside(tmp_path) == []  # one damaged table never moves the database


def test_a_tab_that_only_reads_finds_a_damaged_table_without_writing(tmp_path):
    """A following tab (writes refused) reports the table damaged as the writer does; the mark
    is the writer's to keep."""
    path = tmp_path / "c.db"
    bad, good = one_damaged(path, "UPDATE tables SET game='no_such_game' WHERE id=?")
    store = Store(path)
    store.refuse_writes()
    writes = store.writes
    with pytest.raises(storage.TableDamaged):
        store.open_table(bad)
    assert store.writes == writes and store.open_table(good).state.pile == 48


def test_an_undecodable_setup_row_is_listed_as_damaged_not_a_crash(tmp_path):
    path = tmp_path / "c.db"
    bad, good = one_damaged(path, "UPDATE tables SET setup='{not json' WHERE id=?")
    store = Store(path)
    assert {t.id: t.status for t in store.list_tables()} == {bad: "damaged", good: "active"}
    assert [t.id for t in Store(path).list_tables("damaged")] == [bad]  # stays marked


def test_cli_reports_a_damaged_table_and_exports_its_raw_log(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DATA_DIR": str(tmp_path)}
    path = tmp_path / "companion.db"
    store = Store(path)
    stored = store.create_table(get_toy(), TOY.setup(["Ann", "Bo"]))
    stored.apply(TOY_TAKE(0))
    store.conn.execute("UPDATE actions SET action='garbage' WHERE table_id=?", (stored.id,))
    store.close()

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                              env=env, timeout=60)

    result = cli("export", stored.id, str(tmp_path / "out.json"))
    assert result.returncode == 1 and json.loads(result.stdout)["code"] == "table_damaged"
    result = cli("export", "--raw", stored.id, str(tmp_path / "raw.json"))
    assert result.returncode == 0
    assert json.loads((tmp_path / "raw.json").read_text())["log"] == ["garbage"]
    listing = cli("tables").stdout
    assert f"{stored.id}\ttoy\tdamaged" in listing


def get_toy():
    return TOY


def test_ui_shows_a_translated_message_for_a_damaged_table_and_keeps_the_rest(tmp_path):
    from companion.ui.app import App
    from ui_harness import FakePage, texts

    path = tmp_path / "c.db"
    bad, good = two_tables(path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE actions SET action='{' WHERE table_id=?", (bad,))
    conn.commit()
    conn.close()
    app = App(FakePage(), Store(path))
    app.render()
    app.open_table(bad)  # no exception reaches Flet
    assert app.nav.screen == "home" and app.table is None
    shown = texts(app.page)
    assert any(t.startswith("This table's saved data is damaged") for t in shown)
    assert "Damaged tables" in shown and "Export raw log" in shown
    app.set_language("zh_Hant")
    assert "已損壞的遊戲" in texts(app.page)
    app.open_table(good)
    assert app.nav.screen == "table" and app.table.state.pile == 48


def test_ui_unexpected_error_while_acting_keeps_the_table_and_shows_a_message(tmp_path, monkeypatch):
    from companion.ui.app import App
    from ui_harness import FakePage, texts

    path = tmp_path / "c.db"
    _, good = two_tables(path)
    app = App(FakePage(), Store(path))
    app.render()
    app.open_table(good)

    def broken(state, action):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(app.table, "apply", lambda action: broken(None, action))
    assert app.dispatch(TOY_TAKE(0)) is False
    assert app.nav.screen == "table" and app.table.state.pile == 48
    assert any(t.startswith("Something went wrong (OperationalError)") for t in texts(app.page))
    assert Store(path).open_table(good).state.pile == 48


def test_ui_cannot_start_shows_the_reason_in_three_languages(tmp_path):

    from companion.ui.app import make_main
    from ui_harness import FakePage, run_coroutine, texts

    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE contacts(name TEXT)")
    conn.commit()
    conn.close()
    page = FakePage()
    run_coroutine(make_main(lambda: Store(other))(page))
    shown = texts(page)
    assert any("belongs to another program" in t for t in shown)
    assert any("屬於另一個程式" in t for t in shown) and any("属于另一个程序" in t for t in shown)


def test_cli_reports_store_unavailable_as_json(tmp_path):
    conn = sqlite3.connect(tmp_path / "companion.db")
    conn.execute("CREATE TABLE contacts(name TEXT)")
    conn.commit()
    conn.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DATA_DIR": str(tmp_path), "LANG": "zh_TW.UTF-8"}
    result = subprocess.run([sys.executable, "-m", "companion", "tables"], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 3 and "Traceback" not in result.stderr
    body = json.loads(result.stdout)
    assert body["error"] == "store_unavailable" and body["code"] == "foreign"
    assert "屬於另一個程式" in body["message"]


def test_a_file_replaced_by_another_process_since_the_check_is_not_moved(tmp_path):
    """Two starts recovering at once: the second finds a fresh healthy file
    where the damaged one was, and must leave it alone."""
    path = tmp_path / "c.db"
    path.write_bytes(b"damaged" * 100)
    seen = os.stat(path)
    path.unlink()
    table_id = healthy(path)  # another process already recovered and started fresh
    store = Store.__new__(Store)
    store.path = path
    assert store._keep_aside(seen) is None
    assert kept_aside(tmp_path) == [] and [t.id for t in Store(path).list_tables()] == [table_id]


def test_imported_play_keeps_its_dates_and_export_id(tmp_path):
    from datetime import datetime, timezone

    from companion.transfer import export_table, import_from_text

    store = Store(tmp_path / "a.db")
    stored = store.create_table(TOY, TOY.setup(["Ann", "Bo"], {"pile": 2}))
    stored.apply(TOY_TAKE(0))
    stored.apply(TOY_TAKE(1))  # the pile is empty: Bo took the last counter
    data = export_table(stored)
    assert data["export_id"] == export_table(stored)["export_id"]  # made once, stored
    data["created"], data["finished"] = "2020-01-02T03:04:05Z", "2020-01-02T04:00:00Z"
    other = Store(tmp_path / "b.db")
    copy = import_from_text(other, json.dumps(data))
    (info,) = other.list_tables("finished")
    assert info.id == copy.id and info.origin == data["export_id"]
    assert info.created == datetime(2020, 1, 2, 3, 4, 5, tzinfo=timezone.utc).timestamp()
    assert info.finished == datetime(2020, 1, 2, 4, 0, tzinfo=timezone.utc).timestamp()
    again = export_table(copy)  # the copy carries the same identity and dates onward
    assert (again["export_id"], again["created"], again["finished"]) == \
        (data["export_id"], "2020-01-02T03:04:05Z", "2020-01-02T04:00:00Z")


def test_new_table_form_refuses_a_name_with_an_escape_in_the_chosen_language(tmp_path):
    """The app's form uses the same name rule as import and the referee."""
    from companion.ui.app import App
    from ui_harness import FakePage, press, texts, type_into

    app = App(FakePage(), Store(tmp_path / "ui.db"))
    app.lang = "zh_Hans"
    app.render()
    app.go("new_table", game="toy")
    type_into(app.page, "1 号座位", "Mei\x1b[31m")
    type_into(app.page, "2 号座位", "Tom")
    press(app.page, "开始游戏")
    assert app.nav.screen == "new_table"
    assert any("不能作为玩家名字" in t for t in texts(app.page))
