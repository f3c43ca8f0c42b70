"""Core figures (a script that prints; never a test):

* per-action apply + SQLite commit, next to a bare INSERT+COMMIT of the same
  row with the same pragmas (goal: within 1.5x);
* resume time for a table of 10 and of 10,000 actions (goal: about equal);
* cold start to first interactive frame in Chromium, next to a minimal Flet
  app (goal: within 2x) -- skipped with a note if chromium is not installed.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from companion import registry  # noqa: E402
from companion.core import Action  # noqa: E402
from companion.storage import Store, connect  # noqa: E402
from toy import TOY  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from common import open_until_ready  # noqa: E402

registry.GAMES["toy"] = "toy"


def next_action(state):
    if state.pile <= 3:
        return Action.make("fix", None, pile=100_000)
    return Action.make("take", state.turn, n=1 + state.pile % 3)


def bench_commit(n: int = 400) -> tuple[float, float]:
    """Interleaved, so both see the same disk: fsync latency swings with load."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "a.db")
        stored = store.create_table(TOY, TOY.setup(["A", "B", "C"], {"pile": 50}))
        conn = connect(Path(tmp) / "b.db")
        conn.execute("CREATE TABLE actions (table_id TEXT, seq INTEGER, action TEXT, PRIMARY KEY (table_id, seq)) "
                     "WITHOUT ROWID")
        app, bare = [], []
        for seq in range(n):
            action = next_action(stored.state)
            row = json.dumps(action.to_json())
            t0 = time.perf_counter()
            stored.apply(action)
            t1 = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO actions VALUES (?, ?, ?)", ("t", seq, row))
            conn.execute("COMMIT")
            t2 = time.perf_counter()
            app.append(t1 - t0)
            bare.append(t2 - t1)
        return statistics.median(app), statistics.median(bare)


def bench_resume(count: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "r.db"
        store = Store(path)
        stored = store.create_table(TOY, TOY.setup(["A", "B", "C"], {"pile": 50}))
        conn = store.conn
        # write the log in one transaction (fast set-up), then snapshots as the app would
        from companion.core import Session
        from companion.storage import SNAPSHOT_EVERY, snapshot_key
        import pickle

        session = Session(TOY, stored.setup)
        conn.execute("BEGIN")
        for seq in range(1, count + 1):
            action = next_action(session.state)
            session.apply(action)
            conn.execute("INSERT INTO actions VALUES (?,?,?)", (stored.id, seq, json.dumps(action.to_json())))
            if seq % SNAPSHOT_EVERY == 0:
                conn.execute("INSERT INTO snapshots VALUES (?,?,?,?)",
                             (stored.id, seq, snapshot_key(TOY, session.state), pickle.dumps(session.state)))
        conn.execute("UPDATE tables SET cursor=? WHERE id=?", (count, stored.id))
        conn.execute("COMMIT")
        store.close()
        runs = []
        for _ in range(5):
            t0 = time.perf_counter()
            opened = Store(path).open_table(stored.id)
            runs.append(time.perf_counter() - t0)
            assert opened.state == session.state
        return statistics.median(runs)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


MINIMAL_APP = """
import flet as ft
def main(page: ft.Page):
    page.add(ft.Button("Ready", on_click=lambda e: None))
ft.run(main, host="127.0.0.1", port={port}, view=ft.AppView.WEB_BROWSER, no_cdn=True)
"""


def time_first_frame(cmd: list[str], port: int, ready_text: str, env: dict[str, str]) -> float:
    from playwright.sync_api import sync_playwright

    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
            open_until_ready(browser.new_page(), url, ready_text)
            elapsed = time.perf_counter() - t0
            browser.close()
        return elapsed
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


def bench_cold_start() -> tuple[float, float] | None:
    if not Path("/usr/bin/chromium").exists():
        return None
    env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        script = Path(tmp) / "minimal.py"
        script.write_text(MINIMAL_APP.replace("{port}", str(port)))
        minimal = time_first_frame([sys.executable, str(script)], port, "Ready", env)
        port = free_port()
        ours = time_first_frame([sys.executable, "-m", "companion", "serve", "--port", str(port)], port,
                                "New table", {**env, "COMPANION_DATA_DIR": tmp, "LANG": "en_US.UTF-8"})
    return ours, minimal


def main() -> None:
    app, bare = bench_commit()
    print(f"apply+commit per action (median): {app * 1e3:.3f} ms; bare INSERT+COMMIT: {bare * 1e3:.3f} ms; "
          f"ratio {app / bare:.2f}x (goal <= 1.5x)")
    r10, r10k = bench_resume(10), bench_resume(10_000)
    print(f"resume a table: 10 actions {r10 * 1e3:.1f} ms; 10,000 actions {r10k * 1e3:.1f} ms")
    cold = bench_cold_start()
    if cold is None:
        print("cold start: skipped (no /usr/bin/chromium)")
    else:
        ours, minimal = cold
        print(f"cold start to first interactive frame: {ours:.2f} s; minimal Flet app {minimal:.2f} s; "
              f"ratio {ours / minimal:.2f}x (goal <= 2x)")


if __name__ == "__main__":
    main()
