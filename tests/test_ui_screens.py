"""In-process tests of the screens' logic (no browser): navigation, new table,
refusal banner with its rule link, undo/redo, language switch, hand-the-phone."""

from __future__ import annotations

import json
import sqlite3

import flet as ft
import pytest

from companion import registry, storage
from companion.core import Action
from companion.storage import Store
from companion.ui.app import App, Device, Prefs
from companion.ui.widgets import TOUCH
from touch import pressables, small_targets, unnamed
from ui_harness import manila_to, FakePage, find, open_section, press, run_coroutine, texts, type_into, walk


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


def test_adding_or_removing_a_player_greys_out_at_the_games_limits(app):
    app.go("new_table", game="pandemic")  # 2 to 4 players
    counts = []
    for _ in range(3):
        counts.append(len([t for t in texts(app.page) if t.startswith("Seat ")]))
        if find(app.page, "Add a player").disabled:
            break
        press(app.page, "Add a player")
    assert counts[-1] == 4 and find(app.page, "Add a player").disabled
    assert not find(app.page, "Remove a player").disabled
    while not find(app.page, "Remove a player").disabled:
        press(app.page, "Remove a player")
    assert len([t for t in texts(app.page) if t.startswith("Seat ")]) == 2
    assert not find(app.page, "Add a player").disabled


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


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_history_in_chinese_uses_the_full_width_colon(app, lang):
    start_toy(app, pile=3)
    press(app.page, "Ann: take n=3")
    app.go_home()
    app.set_language(lang)
    app.go("history")
    shown = texts(app.page)
    counts = [t for t in shown if t.endswith("：1")]        # "<game>：1" under plays per game
    assert counts, shown
    assert not [t for t in shown if ": " in t], shown


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
    from companion.ui.app import make_main

    page = FakePage()
    run_coroutine(make_main(lambda: Store(tmp_path / "ui.db"))(page))
    again = page.data
    assert again.nav.screen == "table" and again.table.state.pile == 9


def test_rules_search_as_you_type(app):
    app.go("rules")
    type_into(app.page, "Search all rules", "Manila")
    found = [t for t in texts(app.page)]
    assert any("Manila" in t or "马尼拉" in t or "馬尼拉" in t for t in found)


def touch_sized(control) -> bool:
    """An icon button at least 48x48: its own constraints, or its padding
    around the 24 px icon (the More menu's button)."""
    box = getattr(control, "size_constraints", None)
    if isinstance(control, ft.IconButton):
        return box is not None and box.min_width >= TOUCH and box.min_height >= TOUCH
    return 24 + 2 * control.padding >= TOUCH


def test_touch_targets_are_48_px_on_the_shell_screens(app):
    """The tester measured the rules' language switch at 32 px high, the More
    button and the seat arrows at 40x40."""
    app.go("new_table", game="toy")
    arrows = [c for c in walk(app.page.controls) if isinstance(c, ft.IconButton)
              and c.tooltip in ("Move up", "Move down")]
    assert len(arrows) == 6 and all(touch_sized(c) for c in arrows)
    start_toy(app)
    assert all(touch_sized(c) for c in app.page.appbar.actions)
    assert len(app.page.appbar.actions) == 4 and unnamed(app.page.appbar, app.page.controls) == []
    app.go("rules", game="manila")
    assert unnamed(app.page.appbar, app.page.controls) == []  # its back button
    buttons = [c for c in walk(app.page.controls) if isinstance(c, ft.TextButton)]
    switch = [c for c in buttons if c.content in ("简体中文", "繁體中文", "English")]
    assert len(switch) == 3 and all(c.height >= TOUCH for c in switch)
    assert len(buttons) > 5 and all(c.height is not None and c.height >= TOUCH for c in buttons)  # the contents too
    contents = next(c for c in walk(app.page.controls) if isinstance(c, ft.ExpansionTile))
    assert contents.expanded_cross_axis_alignment == ft.CrossAxisAlignment.START


def test_the_shells_other_buttons_are_48_px_high(app, tmp_path):
    """The home screen's OK and Dismiss, a damaged table's Export raw log and
    hand-the-phone's Cancel were Flutter's 40 px high text buttons."""
    problems, seen = [], []

    def check(application, where: str) -> None:
        page = application.page
        problems.extend(f"{where}: {why}" for why in small_targets(page.appbar, page.controls))
        seen.extend(c for c in pressables(page.appbar, page.controls) if isinstance(c, ft.TextButton))

    start_toy(app)
    app.private(1, "Peek", lambda done: ft.Text("secret form"))
    check(app, "handover")                               # Cancel
    press(app.page, "I am Bo")
    check(app, "form")                                   # Cancel
    app.private_flow = None
    app.problem = "Something went wrong."
    app.go_home()
    check(app, "home with a problem")                    # OK
    path = tmp_path / "bad.db"
    path.write_bytes(b"not a database" * 50)
    damaged = App(FakePage(), Store(path))               # a notice: Dismiss
    damaged.render()
    check(damaged, "home with a notice")
    table = damaged.store.create_table(registry.get_game("toy"), registry.get_game("toy").setup(["Ann", "Bo"], {}))
    damaged.store.close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE tables SET game='no_such_game' WHERE id=?", (table.id,))
    conn.commit()
    conn.close()
    listed = App(FakePage(), Store(path))                # a damaged table: Export raw log
    with pytest.raises(storage.TableDamaged):
        listed.store.open_table(table.id)                # found damaged on opening
    listed.render()
    check(listed, "home with a damaged table")
    shown = sorted(c.content for c in seen)
    assert shown == ["Cancel", "Cancel", "Dismiss", "Dismiss", "Export raw log", "OK"], shown
    assert problems == []


def test_a_games_full_name_fits_the_table_bar_on_a_360_px_phone(app):
    """Undo, redo, rules and More (Home, Language, Export) beside the title:
    at 360 px that leaves the title 360 - 4 x 48 - 2 x 16 = 136 px, where
    "Die Kutschfahrt zur Teufelsburg" takes two lines of 16 px (seen in
    Chromium); with Home beside them too it was cut to "Die Kutsc…"."""
    start_toy(app)
    bar = app.page.appbar
    assert len(bar.actions) == 4
    title = bar.title.controls[0]                      # the move number goes under it
    assert title.max_lines == 2 and title.size <= 16
    press(app.page, "Home")                            # in the More menu
    assert app.nav.screen == "home"


def test_export_and_import_through_the_screens(app, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    start_toy(app)
    press(app.page, "Ann: take n=2")
    press(app.page, "Export")
    assert any(t.startswith("Exported: toy-") and t.endswith("(downloaded to this device)") for t in texts(app.page))
    handler, args, _kw = app.page.tasks[-1]  # the browser download: the file's own bytes
    assert handler.__name__ == "download" and args[0] is app.picker  # the page's one picker (files.py)
    assert args[2].startswith("toy-") and b'"format"' in args[3]
    exported = args[3].decode("utf-8")
    # a download only: no file is written on the server for it (issue 22)
    assert not list((tmp_path / "data").rglob("toy-*.json"))
    exported_state = app.table.state
    app.go_home()
    press(app.page, "Import a table")
    assert not [t for t in texts(app.page) if t.startswith("toy-")]
    type_into(app.page, "Paste an exported table", exported)
    press(app.page, "Import")  # the table is already here: recognised, not duplicated
    assert any(t.startswith("This table is already here") for t in texts(app.page))
    assert len(app.store.list_tables()) == 1
    press(app.page, "Open that table")  # the one already here
    assert app.nav.screen == "table" and app.table.state == exported_state
    app.go_home()
    press(app.page, "Import a table")
    app.store.delete_table(app.store.list_tables()[0].id)
    type_into(app.page, "Paste an exported table", exported)
    press(app.page, "Import")
    assert app.nav.screen == "table" and app.table.state == exported_state
    app.go_home()
    press(app.page, "Import a table")
    type_into(app.page, "Paste an exported table", '{"format": "table-companion", "version": 7}')
    press(app.page, "Import")
    assert "The file has version 7; this app reads version 2." in texts(app.page)


class Saver:
    """A stand-in for the page's file picker: what a download hands the browser."""

    def __init__(self) -> None:
        self.saved: list[tuple[str, bytes]] = []

    async def save_file(self, file_name: str, src_bytes: bytes) -> str:
        self.saved.append((file_name, src_bytes))
        return file_name


def test_a_damaged_tables_raw_log_is_downloaded_through_the_pages_picker(app, tmp_path):
    """A damaged table's Export raw log handed download() no picker: the download failed
    (a TypeError in its task) and only "Saved as ..." was shown."""
    path = tmp_path / "bad.db"
    store = Store(path)
    table = store.create_table(registry.get_game("toy"), registry.get_game("toy").setup(["Ann", "Bo"], {}))
    store.close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE tables SET game='no_such_game' WHERE id=?", (table.id,))
    conn.commit()
    conn.close()
    listed = App(FakePage(), Store(path))
    listed.page.web = True  # a browser's download (in a desktop window the chosen path is written)
    with pytest.raises(storage.TableDamaged):
        listed.store.open_table(table.id)
    listed.render()
    press(listed.page, "Export raw log")
    assert f"Saved as damaged-{table.id}.json." in texts(listed.page)
    handler, args, kwargs = listed.page.tasks[-1]
    assert handler.__name__ == "download" and args[0] is listed.picker  # the page's one picker
    saver = Saver()
    assert run_coroutine(handler(saver, *args[1:], **kwargs)) == f"damaged-{table.id}.json"
    (name, data), = saver.saved
    assert json.loads(data) == listed.store.raw_log(table.id) and listed.store.raw_log(table.id)


def test_import_chooses_the_file_in_the_tap_and_reads_the_pickers_result(app, tmp_path, monkeypatch):
    """The import's "Choose a file" opens the browser's chooser itself (a PickFiles client
    action on the page's picker, the file's bytes asked for); the chosen file arrives at the
    picker's on_result and is imported.  A path named by a browser is not read."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    start_toy(app)
    press(app.page, "Ann: take n=2")
    press(app.page, "Export")
    exported, state = app.page.tasks[-1][1][3], app.table.state
    app.store.delete_table(app.table.id)
    app.go_home()
    press(app.page, "Import a table")
    button = find(app.page, "Choose a file on this device")
    action = button.action
    assert isinstance(action, ft.PickFiles) and action.file_picker is app.picker
    assert action.with_data and action.allowed_extensions == ["json"] and not action.cancel_upload_on_window_blur
    assert button.on_click is None  # no round trip to Python before the chooser opens
    secret = tmp_path / "secret.json"
    secret.write_bytes(exported)
    app.page.web = True
    app.picker.on_result(ft.FilePickerResultEvent(name="result", control=app.picker, files=[
        ft.FilePickerFile(id=0, name="secret.json", size=len(exported), path=str(secret))]))
    assert app.nav.screen == "import_table" and app.store.list_tables() == []  # the path was not read
    app.picker.on_result(ft.FilePickerResultEvent(name="result", control=app.picker, files=[]))  # cancelled
    assert app.nav.screen == "import_table"
    app.picker.on_result(ft.FilePickerResultEvent(name="result", control=app.picker, files=[
        ft.FilePickerFile(id=0, name="toy.json", size=len(exported), bytes=exported)]))
    assert app.nav.screen == "table" and app.table.state == state
    app.store.delete_table(app.table.id)
    app.go_home()  # a file arriving when the import screen is no longer shown is not imported
    app.picker.on_result(ft.FilePickerResultEvent(name="result", control=app.picker, files=[
        ft.FilePickerFile(id=0, name="toy.json", size=len(exported), bytes=exported)]))
    assert app.nav.screen == "home" and app.store.list_tables() == []


def test_correction_form_offers_names_choices_and_switches(app):
    import flet as ft

    start_toy(app, names=("Ann", "Bo"))
    with pytest.raises(LookupError):  # closed, the section's form is not even sent
        find(app.page, "Entry", ft.Dropdown)
    open_section(app.page, "Correct the app to match the table")
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


# ----- the now-banner ------------------------------------------------------------
def _manila_to_auction(app, names=("Ana", "Ben", "Cho")):
    app.start_table("manila", list(names), {})
    game = app.table.game
    while game.phase(app.table.state) != "auction":
        legal = game.legal_actions(app.table.state)
        assert app.dispatch(next((a for a in legal if a.type == "shares_later"), legal[0]))


def test_now_banner_names_who_acts_and_the_last_action_with_its_undo(app):
    _manila_to_auction(app)
    shown = texts(app.page)
    assert "Now: Ana" in shown
    assert app.dispatch(Action.make("pass_bid", 0))
    shown = texts(app.page)
    # the screen visibly moves on: the next bidder is named, the pass is told
    assert "Now: Ben" in shown and "Now: Ana" not in shown
    assert "Last: Ana passes." in shown
    assert app.dispatch(Action.make("bid", 1, amount=3))
    shown = texts(app.page)
    assert "Now: Cho" in shown and "Last: Ben bids 3 pesos." in shown
    press(app.page, "Undo: Ben bids 3 pesos.")  # the banner's own undo button
    assert "Now: Ben" in texts(app.page) and "Last: Ana passes." in texts(app.page)


def test_now_banner_in_chinese_uses_full_width_colon(app):
    _manila_to_auction(app)
    app.set_language("zh_Hant")
    shown = texts(app.page)
    assert any(t.endswith("Ana") and "：" in t for t in shown), shown[:20]
    app.set_language("zh_Hans")
    assert app.dispatch(Action.make("pass_bid", 0))
    assert any("Ana" in t and "：" in t and t.startswith(("上一步", "刚才")) for t in texts(app.page))


def test_now_banner_summarises_other_games_actions(app):
    app.start_table("silk_road", ["Ana", "Ben", "Cho"], {})
    game = app.table.game
    first = game.legal_actions(app.table.state)[0]
    assert app.dispatch(first)
    last = [t for t in texts(app.page) if t.startswith("Last: ")]
    assert len(last) == 1 and "{" not in last[0] and "action." not in last[0]


# ----- refusals where the person is looking -----------------------------------------
@pytest.mark.parametrize("lang, name", [("en", "Not allowed"), ("zh_Hant", "不可以這樣做"), ("zh_Hans", None)])
def test_the_refusal_dialog_is_named_in_the_readers_language(app, lang, name):
    """A screen reader announces the dialog by its name: Flet's default is the English "Alert"."""
    shown = []
    app.page.show_dialog = shown.append
    manila_to(app, "auction")
    app.set_language(lang)
    assert not app.dispatch(Action.make("bid", 1, amount=1))
    dialog = shown[-1]
    assert dialog.semantics_label == dialog.title.value
    assert dialog.semantics_label != "Alert" and (name is None or dialog.semantics_label == name)


def test_refusal_opens_a_dialog_with_its_rule_link_and_does_not_rebuild(app):
    shown = []
    app.page.show_dialog = shown.append
    app.page.pop_dialog = lambda: shown and shown.pop()
    manila_to(app, "auction")
    page_before = app.page.controls
    assert not app.dispatch(Action.make("bid", 1, amount=1))  # Ben out of turn: Ana bids first
    assert app.page.controls is page_before  # nothing rebuilt: a half-filled form stays as it was
    dialog = shown[-1]
    message = dialog.content.value
    assert "Ben" in message and "Ana" in message
    # nothing inserted into the page: what the finger pressed has not moved
    assert message not in texts(app.page) and app.refusal_slot.content is None
    rule_link = next(b for b in dialog.actions if str(b.content).startswith("Rule: "))
    rule = app.refusal.rule
    assert rule.startswith("manila.")
    rule_link.on_click(None)
    assert not shown  # the dialog closed
    assert app.nav.screen == "rules" and app.nav.params["clause"] == rule
    # the clause's own page: its title is the first text under the app bar
    from companion.rules import library
    first_text = next(t for t in texts(app.page) if t not in ("Rules", "Back"))
    assert first_text.startswith(library.clause(rule, "en")["title"])
    app.go_back()
    assert app.nav.screen == "table"


def test_a_refusal_read_and_dismissed_is_gone(app):
    shown = []
    app.page.show_dialog = shown.append
    app.page.pop_dialog = lambda: shown and shown.pop()
    manila_to(app, "auction")
    assert not app.dispatch(Action.make("bid", 1, amount=1))
    ok = next(b for b in shown[-1].actions if b.content == "OK")
    ok.on_click(None)
    assert not shown and app.refusal is None  # no stale copy waits for the next redraw
    assert not app.dispatch(Action.make("bid", 1, amount=1))
    shown[-1].on_dismiss(None)  # tapped beside the dialog
    assert app.refusal is None
    # an older dialog closing later does not clear a newer refusal
    assert not app.dispatch(Action.make("bid", 1, amount=1))
    first = shown[-1]
    assert not app.dispatch(Action.make("bid", 2, amount=1))
    first.on_dismiss(None)
    assert app.refusal is not None and "Cho" in app.refusal.message


def test_manila_supply_button_says_why_it_cannot_be_used_with_its_rule(app):
    manila_to(app, "supply")
    # every share is still in the supply (nobody told their hand): 4 wares x 5 shares minus
    # the 2 dealt to each of 3 players = 14 -- the form starts on a right count
    assert not any("cannot be right" in t for t in texts(app.page))
    press(app.page, "−")
    shown = texts(app.page)
    assert any("cannot be right" in t and "14" in t for t in shown)
    assert any(t.startswith("Rule: ") for t in shown)
    press(app.page, "+")
    assert not any("cannot be right" in t for t in texts(app.page))


def test_manila_launch_button_says_why_before_the_boats_are_set(app):
    manila_to(app, "launch")
    shown = texts(app.page)
    assert "Load and set out the boats" in shown
    # beside the button: what is missing first (the ware that stays home), with its rule
    assert "Which ware stays home?" in shown, shown
    assert "Rule: Choosing the cargo" in shown or any(t.startswith("Rule: ") for t in shown), shown


def test_refused_correction_keeps_the_form_open_with_the_reason_beside_it(app):
    import flet as ft
    from ui_harness import Event, walk

    app.page.show_dialog = lambda d: None
    manila_to(app, "auction")
    tile = open_section(app.page, "Correct the app to match the table")
    form = tile.controls[0]
    from companion.ui.corrections import shown_fields

    move_pick, enter, why = form.controls[0], form.controls[3], form.controls[4]
    # a boat is corrected only while the boats are out: not offered in the auction
    assert "correct_boat" not in [o.key for o in move_pick.options]
    move_pick.value = "correct_money"
    move_pick.on_select(Event(move_pick))
    whose, cash = shown_fields(form)
    assert [o.text for o in whose.options] == ["Ana", "Ben", "Cho"]
    whose.value = "1"
    cash.value = "-4"
    page_before = app.page.controls
    cash_before = list(app.table.state.cash)
    enter.on_click(Event(enter))  # money cannot go below zero: refused
    assert app.page.controls is page_before and tile.controls[0] is form  # the form was not rebuilt
    assert app.table.state.cash == cash_before
    shown = [c.value for c in walk(why) if isinstance(c, ft.Text)] + \
            [c.content for c in walk(why) if isinstance(getattr(c, "content", None), str)]
    assert any("below zero" in t for t in shown if t), shown
    assert any(t.startswith("Rule: ") for t in shown if t)
    assert cash.value == "-4" and whose.value == "1"  # the entry is still there to fix


# ----- where each screen starts ---------------------------------------------------
def _scrolls(app):
    """Run the scroll tasks the app queued; the offsets it scrolled to."""
    done = []

    async def scroll_to(offset=None, **kw):
        done.append(offset)

    app.page.scroll_to = scroll_to  # the tasks look it up when they run
    tasks, app.page.tasks = app.page.tasks, []
    for handler, args, kwargs in tasks:
        run_coroutine(handler(*args, **kwargs))
    return done


def test_a_new_screen_starts_at_its_top_and_back_returns_where_you_were(app):
    async def nowhere(**kw):
        pass

    app.page.scroll_to = nowhere
    manila_to(app, "auction")
    _scrolls(app)
    app.scrolled(type("E", (), {"pixels": 700.0})())  # the user scrolled down the table
    app.open_clause("manila.auction.bids")
    assert _scrolls(app) == [0.0]  # the clause page starts at its top
    # reading rules opened from the table: a reload comes back to the table
    assert app.store.get_setting("open_table") == app.table.id
    app.scrolled(type("E", (), {"pixels": 120.0})())
    app.go_back()
    assert app.nav.screen == "table" and _scrolls(app) == [700.0]
    assert app.dispatch(Action.make("correct_money", None, for_player=1, money=29))
    assert _scrolls(app) == []  # an action that leaves the turn where it is redraws the same screen where it is
    assert app.dispatch(Action.make("pass_bid", 0))
    # the turn passed to Ben: nothing jumps -- the banner naming him is pinned above what scrolls
    assert _scrolls(app) == []
    banner = next(c for c in walk([app.page.controls]) if getattr(c, "key", None) == "table:banner")
    scroller = next(c for c in walk([app.page.controls]) if getattr(c, "key", None) == "table:scroll")
    assert "now-players" in [getattr(c, "key", None) for c in walk(banner)]
    assert "now-players" not in [getattr(c, "key", None) for c in walk(scroller)]
    assert app.page.scroll is None and scroller.scroll == ft.ScrollMode.AUTO
    app.go_home()
    assert _scrolls(app) == [0.0] and app.store.get_setting("open_table") == ""


def test_what_can_i_do_now_opened_is_brought_into_view(app):
    asked = []

    async def scroll_to(**kw):
        asked.append(kw)

    manila_to(app, "auction")
    app.page.scroll_to = scroll_to
    app.page.tasks.clear()
    card = next(c for c in walk([app.page.controls]) if isinstance(c, ft.ExpansionTile)
                and getattr(c.title, "value", None) == "What can I do now?")
    from ui_harness import Event
    card.on_change(Event(card, data=False))          # closed: nothing moves
    assert app.page.tasks == []
    card.on_change(Event(card, data=True))           # opened below the fold: scrolled up to it
    for handler, args, kwargs in app.page.tasks:
        run_coroutine(handler(*args, **kwargs))
    assert asked and asked[0]["scroll_key"] == "now-card"
    assert getattr(card.key, "value", card.key) == "now-card"


# ----- the final ranking ----------------------------------------------------------
def test_dominion_final_ranking_explains_the_tie_break(app):
    app.start_table("dominion", ["Ana", "Ben", "Cho"], {})
    # Cho buys a Province on his first turn; Ana buys one on her second turn, and
    # three supply piles run out in it: the game ends after her turn.  Both have
    # 3 Estates + 1 Province = 9 points, Ben his 3 Estates; Cho took 1 turn, Ana 2.
    moves = [Action.make("end_turn", 0), Action.make("end_turn", 1), Action.make("gain", 2, card="province"),
             Action.make("end_turn", 2), Action.make("gain", 0, card="province")]
    for action in moves:
        assert app.dispatch(action)
    for pile in ("copper", "silver", "gold"):
        assert app.dispatch(Action.make("pile_out", pile=pile))
    assert app.dispatch(Action.make("end_turn", 0))
    shown = texts(app.page)
    assert "Final ranking" in shown
    ranking = [t for t in shown if t[:2] in ("1.", "2.", "3.")]
    assert ranking == ["1. Cho: 9", "2. Ana: 9", "3. Ben: 3"]
    assert "Cho, Ana tied on the score; the tie-break decided the winner:" in shown
    assert any("fewer turns" in t for t in shown)  # the rule's own words
    assert "Rule: Winner and ties" in shown


@pytest.mark.parametrize("lang, ranking, together", [
    ("en", ["1. Ana: 1", "1. Cho: 1", "3. Ben: 0", "3. Dee: 0"], "Ana, Cho win together."),
    ("zh_Hans", ["第 1 名　Ana：1", "第 1 名　Cho：1", "第 3 名　Ben：0", "第 3 名　Dee：0"], "Ana、Cho 共同获胜。"),
    ("zh_Hant", ["第 1 名　Ana：1", "第 1 名　Cho：1", "第 3 名　Ben：0", "第 3 名　Dee：0"], "Ana、Cho 共同獲勝。"),
])
def test_a_team_that_wins_together_is_not_called_tied(app, lang, ranking, together):
    """Kutschfahrt: Ana claims the win with three keys and Cho as her ally; the Order (Ana,
    Cho) wins as a team.  Its rules have no tie-break, so the ranking says they win together,
    not that they tied, and no sentence ends in a colon with nothing after it."""
    app.set_language(lang)
    app.start_table("kutschfahrt", ["Ana", "Ben", "Cho", "Dee"], {})
    assert app.dispatch(Action.make("claim", 0, items=[["key", "dagger"], ["key", "key"]],
                                    associations=["order", "brotherhood", "order", "brotherhood"], allies=[2]))
    shown = texts(app.page)
    assert [t for t in shown if t.startswith(("1.", "3.", "第 1 名", "第 3 名"))] == ranking
    assert together in shown
    assert not [t for t in shown if t.endswith((":", "："))]


def test_final_ranking_shares_places_and_a_shared_win():
    from companion.ui.viewmodels import final_ranking

    class Finished:
        def __init__(self, scores, winners):
            self._scores, self._winners = scores, winners

        def winners(self, state):
            return self._winners

        def scores(self, state):
            return self._scores

    class State:
        players = [0, 0, 0, 0]

    rows, beaten = final_ranking(Finished([5.0, 7.0, 7.0, 5.0], [1, 2]), State())
    assert [(r.place, r.seat, r.winner) for r in rows] == [(1, 1, True), (1, 2, True), (3, 0, False), (3, 3, False)]
    assert beaten == []
    rows, beaten = final_ranking(Finished([9.0, 3.0, 9.0], [2]), State())
    assert [(r.place, r.seat) for r in rows][:2] == [(1, 2), (2, 0)] and beaten == [0]


def test_finished_table_opens_read_only_from_home_and_resume_list_shows_progress(app):
    start_toy(app)
    press(app.page, "Ann: take n=2")
    app.go_home()
    shown = texts(app.page)
    assert any(t.startswith("Ann, Bo\n") and t.endswith(" · 1 move") for t in shown), shown
    app.open_table(app.store.list_tables("active")[0].id)
    while not app.table.game.is_over(app.table.state):
        seat = min(app.table.game.active_players(app.table.state))
        assert app.dispatch(Action.make("take", seat, n=min(3, app.table.state.pile)))
    app.go_home()
    shown = texts(app.page)
    assert "Finished tables" in shown and "Resume a table" not in shown
    finished = app.store.list_tables("finished")[0]
    app.open_table(finished.id, read_only=True)
    shown = texts(app.page)
    assert "A finished table, open to look at: nothing can be changed." in "\n".join(shown)
    assert "Undo" not in shown and "Redo" not in shown
    assert "Final ranking" in shown


# ----- results screens ----------------------------------------------------------------
def test_manila_voyage_results_screen_then_a_tap_goes_on(app):
    manila_to(app, "auction")
    game = app.table.game
    # play the first voyage out: every decision takes the last legal choice
    while app.table.state.voyage == 1:
        legal = game.legal_actions(app.table.state)
        assert app.dispatch(legal[-1])
    state = app.table.state
    shown = texts(app.page)
    assert "Voyage 1: results" in shown
    from companion.games.manila.money import BANK  # the ledger's own figures
    # what the bank hands each player now: the voyage's payouts from the bank (its bids, shares
    # and seats were paid while it was played and are in the full account, one tap away)
    assert "The bank pays now" in shown
    paid = {}
    for f in state.ledger:
        if f.voyage == 1 and f.payer == BANK and f.payee >= 0 and f.amount and f.reason in (
                "boat_profit", "harbor_reward", "loot", "shipyard_reward", "claim_cover"):
            paid[f.payee] = paid.get(f.payee, 0) + f.amount
    for seat, total in paid.items():
        unit = "peso" if total == 1 else "pesos"
        assert f"{app.table.setup.players[seat]}  {total} {unit}" in shown, (seat, total, shown)
    assert not any(t.startswith("Bid ") for t in shown)  # the board waits behind the results
    press(app.page, "Continue")
    shown = texts(app.page)
    assert "Voyage 1: results" not in shown and any(t.startswith("Bid ") for t in shown)
    # put away on this device, it stays away when the table is opened again (Home, then
    # Resume), and when this device starts the app again
    table_id = app.table.id
    app.go_home()
    app.open_table(table_id)
    assert "Voyage 1: results" not in texts(app.page)
    again = App(FakePage(), app.store, app.device)
    again.open_table(table_id)
    assert "Voyage 1: results" not in texts(again.page)
    # another browser (settings of its own, none put away) still sees the results once
    other = App(FakePage(), app.store, Device(token="other", prefs=Prefs({"results_seen": "{}"})))
    other.open_table(table_id)
    assert "Voyage 1: results" in texts(other.page)


def test_modern_art_round_results_screen_then_a_tap_goes_on(app):
    app.start_table("modern_art", ["Ana", "Ben", "Cho"], {})
    game = app.table.game
    while app.table.state.round == 1:
        assert app.dispatch(game.legal_actions(app.table.state)[0])
    shown = texts(app.page)
    assert "Round 1: results" in shown and "Artist values" in shown and "The bank pays now" in shown
    # only Lite Metal was ever offered: the five paintings end the round, and
    # as the only artist sold it ranks first and takes the 30 token
    assert "1. Lite Metal: 30" in shown
    assert not any(t.startswith("2. ") for t in shown)
    # each seller closed at once and kept the painting for nothing (Ana twice, Ben, Cho; Ben's
    # fifth ended the round unsold): the bank hands out 30 a painting, nothing was paid before
    payouts = shown[shown.index("The bank pays now") + 1:][:3]
    assert payouts == ["Ana  60", "Ben  30", "Cho  30"], payouts
    press(app.page, "Continue")
    assert "Round 1: results" not in texts(app.page)


def test_money_in_english_takes_the_plural_through_ngettext():
    from companion.core import Session
    from companion.registry import get_game
    from companion.ui.context import GameContext

    game = get_game("manila")
    session = Session(game, game.setup(["Ana", "Ben", "Cho"], {}))
    ctx = GameContext(game, session.setup, session.state, "en", None, None, None, None)
    assert (ctx.money(1), ctx.money(2), ctx.money(0)) == ("1 peso", "2 pesos", "0 pesos")
    zh = GameContext(game, session.setup, session.state, "zh_Hant", None, None, None, None)
    assert zh.money(1) == "1 披索"


def test_import_says_a_history_report_is_not_a_table(app, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    start_toy(app, pile=2)
    press(app.page, "Ann: take n=2")
    app.go_home()
    app.go("history")
    press(app.page, "Download as JSON")
    assert app.page.tasks[-1][1][2].startswith("history-")
    download = app.page.tasks[-1]
    app.go_home()
    press(app.page, "Import a table")
    assert not any(t.startswith("history-") for t in texts(app.page))  # not offered as a table
    report = download[1][3].decode("utf-8")  # the downloaded bytes (nothing kept on the server)
    assert not (tmp_path / "data" / "exports").exists()
    type_into(app.page, "Paste an exported table", report)
    press(app.page, "Import")
    assert any("history report" in t and "not a table" in t for t in texts(app.page))


# ----- setup: names, not seat numbers; messages that go once fixed ---------------------
def test_oldest_player_is_picked_by_name_and_messages_clear_once_fixed(app):
    import flet as ft
    from ui_harness import walk

    app.store.roster = lambda: []  # no remembered names: the fields start empty
    app.go("new_table", game="manila")
    picker = next(c for c in walk([app.page.controls]) if isinstance(c, ft.Dropdown))
    assert [o.text for o in picker.options] == ["Seat 1", "Seat 2", "Seat 3"]  # three seats, not 0-4
    type_into(app.page, "Seat 1", "Ana")
    type_into(app.page, "Seat 2", "Ben")
    assert [o.text for o in picker.options] == ["Ana", "Ben", "Seat 3"]
    press(app.page, "Start the table")
    assert app.nav.screen == "new_table"
    assert "Every player needs a name." in texts(app.page)
    type_into(app.page, "Seat 3", "Cho")
    assert "Every player needs a name." not in texts(app.page)  # gone as soon as the name is there
    picker = next(c for c in walk([app.page.controls]) if isinstance(c, ft.Dropdown))  # the form was redrawn
    assert [o.text for o in picker.options] == ["Ana", "Ben", "Cho"]
    picker.value = "2"
    picker.on_select(type("E", (), {"control": picker})())
    press(app.page, "Start the table")
    assert app.nav.screen == "table" and app.table.state.oldest == 2


# ----- "What can I do now?" ---------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_what_can_i_do_now_lists_the_phase_clauses_and_a_press_lands_on_the_clause(app, lang):
    import flet as ft

    from companion.rules import library
    from ui_harness import Event, walk

    app.lang = lang
    _manila_to_auction(app)
    assert app.table.game.phase(app.table.state) == "auction"
    card = open_section(app.page, app._("What can I do now?"))
    # the clauses facts.json lists for the auction, in that order, with their own words
    ids = library.facts("manila")["phase_clauses"]["auction"]
    assert ids
    clauses = [library.clause(i, lang) for i in ids]
    assert [tile.title.value for tile in card.controls] == [c["title"] for c in clauses]
    assert [tile.subtitle.value.replace("\n", "") for tile in card.controls] == \
        [c["text"].replace("\n", "") for c in clauses]
    last = card.controls[-1]
    last.on_click(Event(last))
    assert app.nav.screen == "rules" and app.nav.params == {"game": "manila", "clause": ids[-1]}
    # its own page: that clause first, highlighted, then the way back to the table
    body = app.page.controls[0].content.content
    first = body.controls[0]
    assert getattr(first.key, "value", first.key) == ids[-1]  # its scroll key: the clause id
    assert first.content.controls[0].value.startswith(clauses[-1]["title"])
    app.go_back()
    assert app.nav.screen == "table"


def test_what_can_i_do_now_is_absent_without_phase_clauses(app):
    import flet as ft

    from ui_harness import walk

    start_toy(app)  # the toy game has no rules data: no card, and the table still shows
    assert app.nav.screen == "table"
    assert not [c for c in walk([app.page.controls]) if isinstance(c, ft.ExpansionTile)
                and c.title.value == "What can I do now?"]


@pytest.mark.parametrize("width, lang", [(390, "en"), (360, "zh_Hant"), (1024, "en")])
def test_a_switchs_label_is_given_the_width_left_beside_the_switch_so_it_wraps(app, width, lang):
    """Issue 23: Flet draws a switch's label in a row that gives it no width, so
    Niagara's long option ran off a phone's edge ("...flow known befo").  Every
    option switch's label is a text as wide as the page leaves beside the switch
    (less the page's padding), so it wraps; phone-en-new-table-niagara-options.png
    shows it."""
    from companion.registry import get_game
    from companion.ui.labels import option_label

    app.page.width = width
    app.set_language(lang)
    app.go("new_table", game="niagara")
    switches = [c for c in walk(app.page.controls) if isinstance(c, ft.Switch)]
    wanted = {option_label("niagara", o.key, lang) for o in get_game("niagara").options if o.kind == "bool"}
    assert len(switches) == len(wanted) >= 2
    for switch in switches:
        assert isinstance(switch.label, ft.Text) and switch.label.value in wanted
        room = min(width, 720) - 2 * 12 - 52  # the page's padding, the switch itself
        assert 160 <= switch.label.width <= room, (switch.label.width, room)


@pytest.mark.parametrize("width", ["wide", float("nan"), -5, 1e12, None])
def test_a_switch_label_survives_any_width_the_browser_reports(app, width):
    app.page.width = width
    app.go("new_table", game="niagara")
    labels = [c.label for c in walk(app.page.controls) if isinstance(c, ft.Switch)]
    assert labels and all(160 <= label.width <= 720 - 24 - 52 for label in labels)


# ----- issue 36: the New-table form ----------------------------------------------------
def test_the_new_table_form_offers_the_last_group_in_seat_order_and_a_clear_button(app):
    """The form kept 3 of the last 4 names, in another order, with no way to clear them."""
    device = App(FakePage(), app.store, Device(token="host", prefs=Prefs({})))
    device.start_table("citadels", ["Dan", "Ann", "Cy", "Bo"], {})
    device.store.roster = lambda: ["Ann", "Bo", "Cy", "Dan", "Eve"]   # the server's own list, another order
    device.go_home()
    device.go("new_table", game="manila")
    fields = [c for c in walk([device.page.controls]) if isinstance(c, ft.TextField)]
    assert [f.value for f in fields] == ["Dan", "Ann", "Cy", "Bo"]       # the whole group, in its seats
    type_into(device.page, "Seat 2", "Zoe")
    press(device.page, "Clear the names")
    fields = [c for c in walk([device.page.controls]) if isinstance(c, ft.TextField)]
    assert [f.value for f in fields] == ["", "", "", ""]
    press(device.page, "Remove a player")
    press(device.page, "Last group: Dan, Ann, Cy, Bo")                   # one tap: the group back, 4 seats
    fields = [c for c in walk([device.page.controls]) if isinstance(c, ft.TextField)]
    assert [f.value for f in fields] == ["Dan", "Ann", "Cy", "Bo"]
    press(device.page, "Start the table")
    assert list(device.table.setup.players) == ["Dan", "Ann", "Cy", "Bo"]


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_every_option_is_explained_in_one_line_and_no_picker_cuts_its_label(app, lang):
    from companion.registry import game_ids, get_game
    from companion.ui.labels import option_hint, option_value_label

    app.lang = lang
    for game_id in game_ids():
        game = get_game(game_id)
        if not game.options or game_id == "toy":   # the test toy has no rules data
            continue
        for spec in game.options:
            hint = option_hint(game_id, spec.key, lang)
            assert hint and "\n" not in hint and len(hint) <= (120 if lang == "en" else 60), (game_id, spec.key)
        app.go("new_table", game=game_id)
        shown = texts(app.page)
        for spec in game.options:
            assert option_hint(game_id, spec.key, lang) in shown, (game_id, spec.key)
        # at 390 px every choice of a picker fits its width (16 px text, a Chinese character a
        # full em, a Latin letter at most 0.6 em, 48 px for the arrow and padding)
        for picker in (c for c in walk([app.page.controls]) if isinstance(c, ft.Dropdown)):
            for option in picker.options:
                text = option.text or ""
                need = 48 + sum(16 if ord(ch) >= 0x2E80 else 9.6 for ch in text)
                assert need <= picker.width <= 390 - 24, (game_id, text, picker.width)
    zh = {"zh_Hans": "任一城市建满 7 个地区（而非 8 个）时游戏结束。",
          "zh_Hant": "任一城市蓋滿 7 個地區（而不是 8 個）時遊戲結束。",
          "en": "The game ends once a city has 7 districts instead of 8."}[lang]
    app.go("new_table", game="citadels")
    assert zh in texts(app.page)
