"""Storage figures for issue 16 (a script that prints; never a test):

* resume (open_table on an open store) of a table played live next to the
  same log imported, at 10, 1k, 10k and 100k actions (goal: flat, equal);
* apply+commit of one action on a table of 1k and of 100k actions (goal: equal);
* page load with a 1 MiB and a 50 MiB database: store open (integrity check)
  once per process vs. per browser session, then table open, and the time to
  the first interactive frame of a new browser session in headless Chromium
  on a running server (goal: equal);
* server RSS after 50 browser sessions opened and closed, next to a minimal
  Flet app, before and after the closed sessions expire (the servers run
  with FLET_SESSION_TIMEOUT=5 so the run stays short; the app's default is 60),
  and the app with flet_web's old default of 3600 s.

``--quick`` skips the 100k tables and the browser parts; ``--browser-only``
runs only the browser parts, ``--no-browser`` all but them (and ``--rss-only`` only the RSS one of them;
``--with-table``: the sessions of the RSS part each reopen a Manila table).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from companion import registry  # noqa: E402
from companion.core import Action  # noqa: E402
from companion.storage import Store  # noqa: E402
from companion.transfer import export_table, import_from_text  # noqa: E402
from toy import TOY  # noqa: E402
from common import open_until_ready  # noqa: E402

registry.GAMES["toy"] = "toy"

QUICK = "--quick" in sys.argv
SIZES = (10, 1_000, 10_000) if QUICK else (10, 1_000, 10_000, 100_000)
#: resume is measured at SIZE + MID actions: halfway between two stored
#: snapshots (every 200), the average case, not the best one
MID = 100


def next_action(state, seq):
    if state.pile <= 3:
        return Action.make("fix", None, pile=1_000)
    return Action.make("take", state.turn, n=1 + seq % 3)


def play_live(store: Store, count: int):
    """A table played through StoredSession.apply (fsync off while building)."""
    stored = store.create_table(TOY, TOY.setup(["A", "B", "C"], {"pile": 50}))
    for seq in range(count):
        stored.apply(next_action(stored.state, seq))
    return stored


def median_ms(fn, runs: int = 15) -> float:
    return timed_ms(fn, runs)[0]


def timed_ms(fn, runs: int = 15) -> tuple[float, float]:
    """(median, fastest) of ``runs`` calls, in ms (the fastest shows the cost
    without other processes' load)."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3, min(times) * 1e3


def bench_resume_and_commit(tmp: Path) -> None:
    store = Store(tmp / "r.db")
    store.conn.execute("PRAGMA synchronous=OFF")  # building only
    rows = []
    live_tables = {}
    for count in SIZES:
        t0 = time.perf_counter()
        live = play_live(store, count + MID)
        build = time.perf_counter() - t0
        t0 = time.perf_counter()
        body = export_table(live)
        body["export_id"] = uuid.uuid4().hex  # a copy beside its original: not refused as the same table
        imported = import_from_text(store, json.dumps(body))
        imp = time.perf_counter() - t0
        assert imported.state == live.state
        r_live = timed_ms(lambda: store.open_table(live.id))
        r_imp = timed_ms(lambda: store.open_table(imported.id))
        rows.append((count, r_live, r_imp, build, imp))
        live_tables[count] = live.id
    print(f"resume a table (open_table on an open store, median of 15; at N+{MID} actions):")
    print(f"  {'actions':>8}  {'live (fastest)':>18}  {'imported (fastest)':>18}   (built live in / imported in)")
    for count, r_live, r_imp, build, imp in rows:
        print(f"  {count:>8}  {r_live[0]:7.2f} ({r_live[1]:5.2f}) ms  {r_imp[0]:7.2f} ({r_imp[1]:5.2f}) ms"
              f"   ({build:.1f} s / {imp:.1f} s)")
    store.conn.execute("PRAGMA synchronous=FULL")
    print("apply+commit of one action (median of 100, synchronous=FULL, the two tables interleaved):")
    sizes = (1_000, SIZES[-1])
    tables = [store.open_table(live_tables[count]) for count in sizes]
    times: list[list[float]] = [[], []]
    for seq in range(100):
        for i, stored in enumerate(tables):
            action = next_action(stored.state, seq)
            t0 = time.perf_counter()
            stored.apply(action)
            times[i].append(time.perf_counter() - t0)
    for count, ts in zip(sizes, times):
        print(f"  on a table of {count:>7} actions: {statistics.median(ts) * 1e3:.3f} ms")
    store.close()


def make_database(path: Path, mib: float) -> str:
    """A database of about ``mib`` MiB: copies (rows copied in SQL) of one
    imported table of 5,000 toy actions, marked finished so the home screen
    does not list them; returns the id of the last one."""
    store = Store(path)
    store.conn.execute("PRAGMA synchronous=OFF")
    live = play_live(store, 5_000)
    body = export_table(live)
    body["export_id"] = uuid.uuid4().hex  # a copy beside its original: not refused as the same table
    first = import_from_text(store, json.dumps(body)).id
    last = first
    conn = store.conn
    while path.stat().st_size < mib * 2**20:
        with store._tx():
            for _ in range(5):
                last = uuid.uuid4().hex[:12]
                conn.execute("INSERT INTO tables(id, game, setup, cursor, status, created, updated, rev) "
                             "SELECT ?, game, setup, cursor, status, created, updated, rev FROM tables WHERE id=?",
                             (last, first))
                for name, cols in (("actions", "seq, action"), ("snapshots", "seq, engine, state")):
                    conn.execute(f"INSERT INTO {name}(table_id, {cols}) SELECT ?, {cols} FROM {name} "
                                 "WHERE table_id=?", (last, first))
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("UPDATE tables SET status='finished'")
    store.set_setting("lang", "en")
    store.close()
    return last


def bench_open(path: Path, table_id: str) -> tuple[float, float, float]:
    """(store open with its integrity check, table open on it, table open on the shared store) in ms."""
    opens = []
    for _ in range(5):
        t0 = time.perf_counter()
        store = Store(path)
        opens.append(time.perf_counter() - t0)
        store.close()
    shared = Store.shared(path)
    table = median_ms(lambda: shared.open_table(table_id))
    per_session = median_ms(lambda: Store.shared(path).get_setting("open_table"))
    shared.close()
    return statistics.median(opens) * 1e3, table, per_session


# ----- browser parts -------------------------------------------------------------

BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]

MINIMAL_APP = """
import flet as ft
def main(page: ft.Page):
    page.add(ft.Button("Ready", on_click=lambda e: None))
ft.run(main, host="127.0.0.1", port={port}, view=ft.AppView.WEB_BROWSER, no_cdn=True)
"""


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Server:
    def __init__(self, cmd: list[str], env: dict[str, str], port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def open_session(browser, url: str, ready: str) -> tuple[float, object]:
    """A new browser session: seconds to its first interactive frame, and its context."""
    context = browser.new_context()
    started = open_until_ready(context.new_page(), url, ready)
    return time.perf_counter() - started, context


def page_loads(browser, server: Server, ready: str, count: int = 5) -> float:
    """Median seconds to the first frame of new sessions on a warm server (after one warm-up)."""
    times = []
    for i in range(count + 1):
        elapsed, context = open_session(browser, server.url, ready)
        context.close()
        if i:
            times.append(elapsed)
    return statistics.median(times)


def sessions_rss(browser, server: Server, ready: str, sessions: int = 50) -> tuple[float, float, float]:
    """RSS (MiB) after one session, after ``sessions`` more opened and closed, and after they expire."""
    _, context = open_session(browser, server.url, ready)
    context.close()
    time.sleep(1)
    base = rss_mib(server.proc.pid)
    for _ in range(sessions):
        _, context = open_session(browser, server.url, ready)
        context.close()
    time.sleep(1)
    closed = rss_mib(server.proc.pid)
    time.sleep(5 + 12)  # FLET_SESSION_TIMEOUT=5, flet_web evicts every 10 s
    return base, closed, rss_mib(server.proc.pid)


def bench_browser(tmp: Path, databases: dict[str, Path]) -> None:
    if not Path("/usr/bin/chromium").exists():
        print("browser parts: skipped (no /usr/bin/chromium)")
        return
    from playwright.sync_api import sync_playwright

    env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1", "LANG": "en_US.UTF-8", "FLET_SESSION_TIMEOUT": "5"}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=BROWSER_ARGS)
        print("first interactive frame of a new browser session on a running server (median of 5):")
        for label, path in ({} if "--rss-only" in sys.argv else databases).items():
            port = free_port()
            server = Server([sys.executable, "-m", "companion", "serve", "--port", str(port)],
                            {**env, "COMPANION_DATA_DIR": str(path.parent)}, port)
            try:
                first, _ = open_session(browser, server.url, "New table")  # opens the shared store
                _.close()
                print(f"  {label} database: {page_loads(browser, server, 'New table'):.2f} s "
                      f"(the server's first session, with the integrity check: {first:.2f} s)")
            finally:
                server.stop()
        print("server RSS, 50 browser sessions opened and closed (MiB: after 1 / after 50 closed / after expiry):")
        port = free_port()
        script = tmp / "minimal.py"
        script.write_text(MINIMAL_APP.replace("{port}", str(port)))
        servers = {"minimal Flet app": (Server([sys.executable, str(script)], env, port), "Ready")}
        with_table = "--with-table" in sys.argv  # every session reopens a Manila table
        for label, timeout in (("Table Companion", "5"), ("  same, 3600 s", "3600")):
            port = free_port()
            data = tmp / f"rss{timeout}"
            data.mkdir()
            if with_table:
                from companion.registry import get_game

                store = Store(data / "companion.db")
                game = get_game("manila")
                table = store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {}))
                store.set_setting("open_table", table.id)
                store.set_setting("lang", "en")
                store.close()
            servers[label] = (Server([sys.executable, "-m", "companion", "serve", "--port", str(port)],
                                     {**env, "COMPANION_DATA_DIR": str(data), "FLET_SESSION_TIMEOUT": timeout},
                                     port), "What can I do now?" if with_table else "New table")
        for label, (server, ready) in servers.items():
            try:
                base, closed, expired = sessions_rss(browser, server, ready)
                print(f"  {label:18} {base:6.1f} / {closed:6.1f} / {expired:6.1f}   "
                      f"(+{(closed - base) / 50:.2f} MiB per closed session, +{(expired - base) / 50:.2f} after expiry)")
            finally:
                server.stop()
        browser.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        if "--browser-only" not in sys.argv:
            bench_resume_and_commit(tmp)
        databases = {}
        print("page load, storage part (ms): store open with integrity check | table open | "
              "a further session on the shared store")
        for label, mib in (("1 MiB", 1), ("50 MiB", 50)):
            folder = tmp / label.replace(" ", "")
            folder.mkdir()
            path = folder / "companion.db"
            t0 = time.perf_counter()
            table_id = make_database(path, mib)
            built = time.perf_counter() - t0
            check, table, again = bench_open(path, table_id)
            print(f"  {label:>6} ({path.stat().st_size / 2**20:.1f} MiB, built in {built:.0f} s): "
                  f"{check:7.2f} | {table:6.2f} | {again:6.3f}")
            databases[label] = path
        if not QUICK and "--no-browser" not in sys.argv:
            bench_browser(tmp, databases)


if __name__ == "__main__":
    main()
