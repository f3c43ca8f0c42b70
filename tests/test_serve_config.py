"""serve(): closed browser sessions are released after a short timeout, and
every browser session shares the process's one Store (issue 16)."""

import gc
import inspect

from companion.storage import Store


def test_serve_sets_a_short_session_timeout_and_shares_the_store(monkeypatch):
    from companion.ui.hosts import server as app
    from companion.ui import app as ui_app

    calls = []
    monkeypatch.setattr(app.ft, "run", lambda *a, **k: calls.append((a, k)))
    monkeypatch.setattr(app, "CleanServer", lambda config: type("NoServer", (), {"run": lambda self: None})())
    for name in ("FLET_SESSION_TIMEOUT", "DISPLAY", "WAYLAND_DISPLAY", "FLET_FORCE_WEB_SERVER"):
        monkeypatch.setenv(name, "")  # so that what serve() sets is undone after the test
        monkeypatch.delenv(name)
    thresholds = gc.get_threshold()
    try:
        app.serve(port=8999)
        # a full collection stops the process for every phone's screen: rarer in a server
        assert gc.get_threshold() == app.SERVER_GC_THRESHOLDS
        assert app.SERVER_GC_THRESHOLDS[0] > thresholds[0] and app.SERVER_GC_THRESHOLDS[2] > thresholds[2]
    finally:
        gc.set_threshold(*thresholds)
    assert calls
    # flet_web reads FLET_SESSION_TIMEOUT when the web app is created (default 3600 s)
    assert 0 < int(app.os.environ["FLET_SESSION_TIMEOUT"]) <= 300
    assert inspect.signature(ui_app.make_main).parameters["store_factory"].default == Store.shared
