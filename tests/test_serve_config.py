"""serve(): closed browser sessions are released after a short timeout, and
every browser session shares the process's one Store (issue 16)."""

import inspect

from companion.storage import Store


def test_serve_sets_a_short_session_timeout_and_shares_the_store(monkeypatch):
    from companion.ui import app

    calls = []
    monkeypatch.setattr(app.ft, "run", lambda *a, **k: calls.append((a, k)))
    monkeypatch.setattr(app, "CleanServer", lambda config: type("NoServer", (), {"run": lambda self: None})())
    for name in ("FLET_SESSION_TIMEOUT", "DISPLAY", "WAYLAND_DISPLAY", "FLET_FORCE_WEB_SERVER"):
        monkeypatch.setenv(name, "")  # so that what serve() sets is undone after the test
        monkeypatch.delenv(name)
    app.serve(port=8999)
    assert calls
    # flet_web reads FLET_SESSION_TIMEOUT when the web app is created (default 3600 s)
    assert 0 < int(app.os.environ["FLET_SESSION_TIMEOUT"]) <= 300
    assert inspect.signature(app.make_main).parameters["store_factory"].default == Store.shared
