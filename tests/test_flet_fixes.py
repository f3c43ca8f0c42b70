"""Flet 1.0.5's waste on every redraw, removed (``companion/ui/flet_fixes.py``):
its per-control memo of reported validation errors is made only when an error
is reported (memory), and a message to a phone is not made text for a debug
line nobody writes (CPU) and wakes the loop that sends it (latency), and its
walks over a redraw's added and removed controls skip scalar fields (CPU);
Flet's behaviour stays what it was."""

from __future__ import annotations

import time
from pathlib import Path

import flet as ft
import pytest
from flet.utils import validation

from flet.controls.object_patch import DiffBuilder

from companion import registry
from companion.storage import Store
from companion.ui import app as appmod
from companion.ui import flet_fixes
from companion.ui.flet_fixes import lazy_validation_memo, quiet_send, short_walks

from ui_harness import FakePage, objects, open_section
from wire import LiveServer, WireClient, niagara_folder

MEMO = validation._REPORTED_VALIDATION_ERRORS_KEY


@pytest.fixture(autouse=True)
def fixes():
    from flet_web.fastapi import flet_app
    original = validation._get_reported_validation_errors, flet_app.FletApp.send_message
    walks = DiffBuilder._configure_dataclass, DiffBuilder._removed_controls
    assert lazy_validation_memo()
    yield
    validation._get_reported_validation_errors, flet_app.FletApp.send_message = original
    DiffBuilder._configure_dataclass, DiffBuilder._removed_controls = walks


def test_a_valid_control_gets_no_memo():
    text = ft.Text("Move 1")
    validation.validate(text, suppress_repeated_errors=True)
    assert MEMO not in text.__dict__


def test_a_repeated_error_is_raised_once_then_cleared_as_flet_does():
    slider = ft.Slider(min=10, max=1)
    with pytest.raises(ValueError, match="min"):
        validation.validate(slider, suppress_repeated_errors=True)
    assert slider.__dict__[MEMO]  # the memo joined the control with its error
    validation.validate(slider, suppress_repeated_errors=True)  # the same error: not raised again
    slider.max = 20.0
    validation.validate(slider, suppress_repeated_errors=True)  # valid again: the memo is cleared
    assert not slider.__dict__[MEMO]
    slider.max = 1.0
    with pytest.raises(ValueError):  # so the error, back, is reported again
        validation.validate(slider, suppress_repeated_errors=True)


def test_a_phone_showing_a_niagara_table_holds_no_empty_memo(tmp_path: Path, monkeypatch):
    """The real server: a phone opens a table and a tap redraws it; none of
    the ~850 controls the server keeps for that phone carries a memo (Flet
    1.0.5 alone gives each one an empty set)."""
    niagara_folder(tmp_path)
    apps: list[appmod.App] = []
    original = appmod.App.__init__

    def keep(self, *args, **kwargs):
        original(self, *args, **kwargs)
        apps.append(self)

    monkeypatch.setattr(appmod.App, "__init__", keep)
    server = LiveServer(tmp_path, lan=False)
    try:
        phone = WireClient(server, address="127.0.0.1")
        phone.wait(lambda: phone.shows("Undo"), 30)
        phone.click("Undo")
        phone.wait(lambda: phone.shows("Redo"), 30)
        shown = [c for c in objects([apps[-1].page.appbar, apps[-1].page.controls]) if isinstance(c, ft.BaseControl)]
        assert len(shown) > 250  # the whole screen (its closed sections empty)
        assert [c for c in shown if MEMO in c.__dict__] == []
        phone.close()
    finally:
        server.stop()


class Told:
    """A message whose text counts how often it was made."""

    made = 0

    def __init__(self) -> None:
        from flet.messaging.protocol import MessageAction
        self.action = MessageAction.PATCH_CONTROL
        self.body = {"id": 1, "patch": [[0], [0, 0, "value", "Move 2"]]}

    def __repr__(self) -> str:
        Told.made += 1
        return "Told()"


class Sink:
    def __init__(self) -> None:
        import asyncio
        self._FletApp__send_queue = asyncio.Queue()


def test_a_message_goes_out_as_flet_sends_it_without_being_made_text(caplog):
    from flet_web.fastapi import flet_app

    from companion.ui import flet_fixes

    assert quiet_send()
    assert flet_app.FletApp.send_message is flet_fixes._send_message
    ours, theirs = Sink(), Sink()
    Told.made = 0
    flet_fixes._send_message(ours, Told())
    assert Told.made == 0  # no debug log: not formatted
    flet_fixes._ORIGINAL_SEND(theirs, Told())
    assert Told.made == 1  # Flet's own formats it every time
    assert ours._FletApp__send_queue.get_nowait() == theirs._FletApp__send_queue.get_nowait()
    with caplog.at_level("DEBUG", logger=flet_app.transport_log.name):
        flet_fixes._send_message(ours, Told())
    assert Told.made > 1 and "send_message: Told()" in caplog.text  # a debug log still says it


def test_a_message_for_a_connection_that_just_closed_is_dropped():
    """The send loop ends (no queue) a moment before the session hears its
    phone went: the app's start, still running, sent then and Flet's own
    send raised, so the start failed and a tab reconnected to that session
    stayed blank."""
    import pytest

    from companion.ui import flet_fixes

    gone = Sink()
    gone._FletApp__send_queue = None
    with pytest.raises(AttributeError):
        flet_fixes._ORIGINAL_SEND(gone, Told())
    flet_fixes._send_message(gone, Told())  # dropped, no error
    assert gone._FletApp__send_queue is None


def test_a_message_from_another_thread_wakes_the_loop_that_sends_it():
    """A redraw made in a worker thread is sent at once: the send loop,
    asleep with nothing else to wake it (no other phone's frame, no timer),
    gets it.  With Flet's own put on the queue it slept on (it woke only at
    uvicorn's next 100 ms tick, or never, as here)."""
    import asyncio
    import threading

    from companion.ui import flet_fixes

    class Session:
        pass

    session = Session()
    got: list[bytes] = []
    ready, done = threading.Event(), threading.Event()

    async def send_loop() -> None:
        session.loop = asyncio.get_running_loop()
        session._FletApp__send_queue = asyncio.Queue()
        ready.set()
        got.append(await session._FletApp__send_queue.get())  # asleep: nothing else is scheduled
        done.set()

    runner = threading.Thread(target=asyncio.run, args=(send_loop(),), daemon=True)
    runner.start()
    assert ready.wait(10)
    time.sleep(0.2)  # the loop is in its wait
    flet_fixes._send_message(session, Told())  # from this thread, as a handler's redraw is
    assert done.wait(10), "the send loop never woke for the message"
    assert got and got[0].startswith(b"\x00")
    runner.join(10)


GAMES = [g for g in registry.GAMES if g != "toy"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_short_walks_find_what_flets_walks_find_on_every_games_screen(tmp_path, game_id):
    """Flet's two walks over the controls a redraw added or removed, without
    a step into each scalar field, find the same controls in the same order
    on every game's table screen (every section open: its forms too) -- from
    the screen's root and from each object in it, as Flet starts them."""
    assert short_walks()
    game = registry.get_game(game_id)
    app = appmod.App(FakePage(), Store(tmp_path / "walks.db"))
    app.start_table(game_id, ["Ana", "Ben", "Cho", "Dee", "Eve"][:max(3, game.min_players)], {})
    for title in ("Correct the app to match the table", "What can I do now?"):
        open_section(app.page, title)
    root = [app.page.appbar, app.page.controls]
    everything = objects(root)
    for item in everything:  # no snapshots: Flet's removed-walk steps into every field, as after forget()
        for name in ("__prev_lists", "__prev_dicts", "__prev_classes"):
            item.__dict__.pop(name, None)
    builder = DiffBuilder(None, None, control_cls=ft.BaseControl)
    plain = (flet_fixes._ORIGINAL_CONFIGURE, flet_fixes._ORIGINAL_REMOVED)
    short = (DiffBuilder._configure_dataclass, DiffBuilder._removed_controls)

    def walk(walks, item):
        DiffBuilder._configure_dataclass, DiffBuilder._removed_controls = walks
        return ([id(c) for c in builder._configure_dataclass(item, None, False)],
                [id(c) for c in builder._removed_controls(item, True)])

    found = 0
    for item in [root, *everything]:
        theirs, ours = walk(plain, item), walk(short, item)
        assert ours == theirs, type(item).__name__
        found += len(ours[0])
    assert found > 300


def test_the_short_walks_start_far_fewer_walks(tmp_path):
    """What the fix is for: a Niagara screen's walk starts Flet's generator
    only for what can hold a control, not for each text, number and flag."""
    started = []
    original = flet_fixes._ORIGINAL_CONFIGURE

    def counted(self, *args, **kwargs):
        started.append(1)
        return original(self, *args, **kwargs)

    app = appmod.App(FakePage(), Store(tmp_path / "walks.db"))
    app.start_table("niagara", ["Ana", "Ben", "Cho"], {})
    root = [app.page.appbar, app.page.controls]
    builder = DiffBuilder(None, None, control_cls=ft.BaseControl)
    counts = []
    for fixed in (False, True):
        if fixed:
            assert short_walks()
            flet_fixes._ORIGINAL_CONFIGURE = counted  # the fix's wrapper starts Flet's walk through this
        else:
            DiffBuilder._configure_dataclass = counted  # Flet's walk recurses through this
        try:
            started.clear()
            list(builder._configure_dataclass(root, None, False))
        finally:
            flet_fixes._ORIGINAL_CONFIGURE = original
        counts.append(len(started))
    assert counts[1] * 4 < counts[0], counts


def test_a_method_answer_for_a_control_that_left_the_page_keeps_the_connection():
    """A redraw replaced the table's scrolling part while its ``scroll_to``
    was on its way to the browser; the browser's answer named a control Flet
    no longer knew, Flet raised, and that error ended the phone's connection
    (seen in the security tests: the host's Back to the table never came)."""
    import asyncio

    from flet.messaging.session import Session

    session = Session.__new__(Session)
    session._Session__index = {}
    waiting = asyncio.Event()
    session._Session__method_calls = {"call-1": waiting}
    session._Session__method_call_results = {}
    with pytest.raises(RuntimeError, match="not registered"):
        flet_fixes._ORIGINAL_METHOD_RESULTS(session, 3748, "call-1", None, None)
    assert Session.handle_invoke_method_results is flet_fixes._method_results
    session.handle_invoke_method_results(3748, "call-1", {"ok": 1}, None)  # no error
    assert waiting.is_set() and session._Session__method_call_results[waiting] == ({"ok": 1}, None)
    assert session._Session__method_calls == {}
    session.handle_invoke_method_results(3748, "call-2", None, None)  # nobody waits: dropped



def _away(app, client) -> None:
    """The tab goes (a reload, the Wi-Fi gone): until the server has seen it go."""
    client.go_away()
    deadline = time.time() + 10
    while app.page.session.connection is not None:
        assert time.time() < deadline, "the server did not see the tab go"
        time.sleep(0.02)


def _redraw_holding(app, seconds: float):
    """A redraw of ``app`` in a worker thread that takes ``seconds`` (a busy machine): the
    thread, the event set once it holds the app's lock, and the time it let go."""
    import threading

    holding, released = threading.Event(), []

    def redraw() -> None:
        with app.lock:
            app.page.controls.append(ft.Button("Drawn while away", color="red"))
            holding.set()
            time.sleep(seconds)
            app.page.update()
            released.append(time.monotonic())

    worker = threading.Thread(target=redraw)
    worker.start()
    assert holding.wait(5)
    return worker, released


def test_a_tab_coming_back_to_its_session_gets_the_page_after_the_redraw_in_progress(tmp_path):
    """A tab that comes back to its session (a reload, the Wi-Fi back) is sent the whole
    page, made on Flet's event loop, after Flet has set the page's size and route from it;
    a redraw of that session in a worker thread (another device's move) at that moment was
    making its patch from the same controls: it failed with "dictionary changed size during
    iteration" (seen in a stress run: the page's changed fields, as the loop set more), or
    the phone got a page and a patch that did not fit together (a full run's mirror of a
    page: ``KeyError('_internals')``).  The tab's return now waits for the redraw in progress,
    and the page it gets is the redrawn one, its one new button once."""
    server = LiveServer(tmp_path, lan=False)
    try:
        client = WireClient(server, address=None)
        client.wait_text("New table")
        app = server.app_of(client)
        _away(app, client)
        worker, released = _redraw_holding(app, 0.6)
        client.come_back()  # asks for its session again, as a reloaded tab does
        client.wait(lambda: bool(client.page), 10, "the page")
        got = time.monotonic()
        worker.join(10)
        assert released and got >= released[0], "the page was sent during the redraw"
        assert server.app_of(client) is app  # its own session again, not a new one
        time.sleep(0.3)
        assert client.crashes == []
        assert client.texts().count("Drawn while away") == 1, client.texts()
        client.close()
    finally:
        server.stop()


def test_a_phones_own_change_waits_for_the_redraw_in_progress(tmp_path):
    """What a phone changes on its page itself (its size, a typed text) is set on the
    page by Flet's event loop: while a redraw of that page is on, it waits for it."""
    server = LiveServer(tmp_path, lan=False)
    try:
        client = WireClient(server, address=None)
        client.wait_text("New table")
        app = server.app_of(client)
        before = app.page.width
        worker, released = _redraw_holding(app, 0.6)
        client.report(client.page["_i"], {"width": 500.0})  # the phone turned
        time.sleep(0.3)
        assert app.page.width == before  # not during the redraw
        worker.join(10)
        deadline = time.time() + 5
        while app.page.width != 500.0:
            assert time.time() < deadline, app.page.width
            time.sleep(0.02)
        assert client.crashes == []
        client.close()
    finally:
        server.stop()


def test_a_redraw_that_holds_its_page_too_long_does_not_keep_the_tab_out(tmp_path, monkeypatch):
    """A redraw that waits on the event loop itself must not hold the tab's return for
    ever: after ``_REDRAW_WAIT`` it goes in, as before."""
    monkeypatch.setattr(flet_fixes, "_REDRAW_WAIT", 0.3)
    server = LiveServer(tmp_path, lan=False)
    try:
        client = WireClient(server, address=None)
        client.wait_text("New table")
        app = server.app_of(client)
        _away(app, client)
        worker, released = _redraw_holding(app, 3.0)
        client.come_back()
        client.wait(lambda: bool(client.page), 10, "the page")
        assert not released  # in before the redraw ended
        worker.join(10)
        client.close()
    finally:
        server.stop()
