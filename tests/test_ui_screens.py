"""In-process tests of the screens' logic (no browser): navigation, new table,
refusal banner with its rule link, undo/redo, language switch, hand-the-phone."""

from __future__ import annotations

import pytest

from companion import registry
from companion.core import Action
from companion.storage import Store
from companion.ui.app import App
from ui_harness import FakePage, find, press, texts, type_into


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", "toy")
    registry.get_game.cache_clear()
    application = App(FakePage(), Store(tmp_path / "ui.db"))
    application.render()
    yield application
    registry.get_game.cache_clear()


def start_toy(app, names=("Ann", "Bo"), pile=10):
    app.start_table("toy", list(names), {"pile": pile})


def test_home_in_each_language(app):
    assert "Table Companion" in texts(app.page)
    app.set_language("zh_Hant")
    assert "桌遊助手" in texts(app.page) and "開新一桌" in texts(app.page)
    app.set_language("zh_Hans")
    assert "桌游助手" in texts(app.page) and "开新一桌" in texts(app.page)


def test_new_table_lists_every_registered_game_and_starts_a_table(app):
    press(app.page, "New table")
    assert app.nav.screen == "new_table"
    app.go("new_table", game="toy")
    assert len([t for t in texts(app.page) if t.startswith("Seat ")]) == 3  # 2-4 players: three seats to start
    press(app.page, "Remove a player")
    type_into(app.page, "Seat 1", "Mei")
    type_into(app.page, "Seat 2", "Tom")
    press(app.page, "Move down")  # Mei moves to seat 2
    type_into(app.page, "Seat 1", "Tom")
    type_into(app.page, "Seat 2", "Mei")
    press(app.page, "Start the table")
    assert app.nav.screen == "table"
    assert app.table.setup.players == ("Tom", "Mei")
    assert app.store.get_setting("open_table") == app.table.id


def test_setup_problems_are_shown_not_raised(app):
    app.go("new_table", game="toy")
    press(app.page, "Remove a player")
    type_into(app.page, "Seat 1", "Mei")
    type_into(app.page, "Seat 2", "mei")
    press(app.page, "Start the table")
    assert app.nav.screen == "new_table"
    assert "Two players are called mei." in texts(app.page)


def test_legal_actions_are_buttons_and_refusal_shows_reason_and_rule(app):
    start_toy(app)
    labels = texts(app.page)
    assert {"Ann: take n=1", "Ann: take n=2", "Ann: take n=3"} <= set(labels)
    press(app.page, "Ann: take n=3")
    assert app.table.state.pile == 7
    assert app.dispatch(Action.make("take", 1, n=3))
    assert not app.dispatch(Action.make("take", 1, n=1))
    assert app.refusal is not None and app.refusal.rule == "toy.flow"
    assert "It is not Bo's decision now; waiting for Ann." in texts(app.page)
    assert app.table.state.pile == 4


def test_undo_and_redo_buttons(app):
    start_toy(app)
    press(app.page, "Ann: take n=2")
    assert app.table.state.pile == 8
    press(app.page, "Undo")
    assert app.table.state.pile == 10 and app.table.session.cursor == 0
    press(app.page, "Redo")
    assert app.table.state.pile == 8
    assert find(app.page, "Redo").disabled


def test_language_switch_changes_table_screen(app):
    start_toy(app)
    app.set_language("zh_Hant")
    assert "復原" in [c for c in texts(app.page)]
    app.set_language("zh_Hans")
    assert "撤销" in texts(app.page)


def test_game_over_banner_and_history(app):
    start_toy(app, pile=3)
    press(app.page, "Ann: take n=3")
    assert "Game over. Winner: Ann" in texts(app.page)
    app.go_home()
    app.go("history")
    assert any("Winner: Ann" in t for t in texts(app.page))


def test_hand_the_phone_flow(app):
    start_toy(app)
    built = []

    def form(done):
        import flet as ft

        built.append(done)
        return ft.Text("secret form")

    app.private(1, "Peek", form)
    assert "Pass the phone to Bo." in texts(app.page) and "secret form" not in texts(app.page)
    press(app.page, "I am Bo")
    assert "secret form" in texts(app.page)
    built[-1]()
    assert "Entered and hidden." in texts(app.page) and "secret form" not in texts(app.page)
    press(app.page, "Continue")
    assert app.private_flow is None


def test_reload_reopens_the_open_table(app, tmp_path):
    start_toy(app)
    press(app.page, "Ann: take n=1")
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from companion.ui.app import make_main

    page = FakePage()
    # in a thread of its own: the browser tests may hold this thread's event loop
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, make_main(lambda: Store(tmp_path / "ui.db"))(page)).result()
    again = page.data
    assert again.nav.screen == "table" and again.table.state.pile == 9


def test_rules_search_as_you_type(app):
    app.go("rules")
    type_into(app.page, "Search all rules", "Manila")
    found = [t for t in texts(app.page)]
    assert any("Manila" in t or "马尼拉" in t or "馬尼拉" in t for t in found)


def test_export_and_import_through_the_screens(app, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    start_toy(app)
    press(app.page, "Ann: take n=2")
    press(app.page, "Export")
    assert any(t.startswith("Exported to ") for t in texts(app.page))
    exported_state = app.table.state
    app.go_home()
    press(app.page, "Import a table")
    files = [t for t in texts(app.page) if t.startswith("toy-") and t.endswith(".json")]
    assert len(files) == 1
    press(app.page, files[0])  # the table is already here: recognised, not duplicated
    assert any(t.startswith("This table is already here") for t in texts(app.page))
    assert len(app.store.list_tables()) == 1
    app.store.delete_table(app.store.list_tables()[0].id)
    press(app.page, files[0])
    assert app.nav.screen == "table" and app.table.state == exported_state
    app.go_home()
    press(app.page, "Import a table")
    type_into(app.page, "Paste an exported table", '{"format": "table-companion", "version": 7}')
    press(app.page, "Import")
    assert "The file has version 7; this app reads version 2." in texts(app.page)


def test_correction_form_offers_names_choices_and_switches(app):
    import flet as ft

    start_toy(app, names=("Ann", "Bo"))
    entry = find(app.page, "Entry", ft.Dropdown)
    entry.value = "mark"
    entry.on_select(None)
    seat = find(app.page, "seat", ft.Dropdown)
    assert [o.text for o in seat.options] == ["Ann", "Bo"]
    colour = find(app.page, "colour", ft.Dropdown)
    assert [o.key for o in colour.options] == ["red", "blue"]
    loud = find(app.page, "loud", ft.Switch)
    seat.value, colour.value, loud.value = "1", "blue", True
    press(app.page, "Enter")
    assert app.table.state.marks == [(1, "blue", True)]


def test_damaged_database_is_reported_once_on_the_home_screen(tmp_path):
    path = tmp_path / "bad.db"
    path.write_bytes(b"not a database" * 50)
    application = App(FakePage(), Store(path))
    application.render()
    notice = [t for t in texts(application.page) if t.startswith("The saved data could not be read.")]
    assert len(notice) == 1 and "bad.db.corrupt-" in notice[0]
    again = App(FakePage(), Store(path))  # a later start still says it, until dismissed
    again.render()
    assert sum(t.startswith("The saved data could not be read.") for t in texts(again.page)) == 1
    press(again.page, "Dismiss")
    assert not any(t.startswith("The saved data could not be read.") for t in texts(again.page))
    later = App(FakePage(), Store(path))
    later.render()
    assert not any(t.startswith("The saved data could not be read.") for t in texts(later.page))
