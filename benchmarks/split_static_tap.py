"""Where a tap's time goes in the static build (issue 32): a script that prints figures, never a test.

The static folder (``companion build-web``, or ``--folder``) on a plain static file server,
headless Chromium at 390x844 (CPU throttling ``--rate``), a new Manila table, then N taps
of "Tell us at the end" (as ``bench_static_app.py``).  Before the taps, timers are put
into the Python worker's own functions (``pyodide.runPython``): the move (``StoredSession.apply``: the engine and the SQLite
write), the redraw
(``App._render``), Flet's diff and send (``Page.update``), the patch's encoding and
postMessage (``PyodideConnection.send_message``) and the IndexedDB sync (``_syncfs``).
Per tap it prints the tap to the next move shown (in the page) and those parts; what
is left is the page's: the event's way to the worker, the patch's way back, Flutter's
frame.

    python benchmarks/split_static_tap.py [--folder DIR] [--n 3] [--rate 1] [--runs 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_static_app import Counting, new_manila_table, python_worker, tap_share_later, usable  # noqa: E402

#: timers put into the worker's Python: each wrapped function appends (name, start, end) in ms
PROBES = r"""
import time, functools, inspect
import flet as ft
from flet.messaging import pyodide_connection
from companion import storage as _storage
from companion.ui import app as _app
from companion.ui.hosts import browser as _browser
PROBED = []

def _probe(owner, attr, name):
    original = getattr(owner, attr)
    if inspect.iscoroutinefunction(original):
        @functools.wraps(original)
        async def timed(*a, **k):
            t = time.perf_counter()
            try:
                return await original(*a, **k)
            finally:
                PROBED.append((name, t * 1000, time.perf_counter() * 1000))
    else:
        @functools.wraps(original)
        def timed(*a, **k):
            t = time.perf_counter()
            try:
                return original(*a, **k)
            finally:
                PROBED.append((name, t * 1000, time.perf_counter() * 1000))
    setattr(owner, attr, timed)

_probe(_storage.StoredSession, "apply", "the move (engine + SQLite)")
_probe(_app.App, "_render", "App._render (build + update)")
_probe(ft.Page, "update", "Page.update (diff + send)")
_probe(pyodide_connection.PyodideConnection, "send_message", "send_message (msgpack + postMessage)")
_probe(_browser.BrowserHost, "_syncfs", "IndexedDB sync")
"""

READ = "import json; _r = json.dumps(PROBED); PROBED.clear(); _r"


def one_run(pw, folder: Path, rate: float, n_taps: int) -> list[dict[str, float]]:
    """A fresh profile, a new Manila table, the probes, ``n_taps`` taps: each tap's figures."""
    server = Counting(folder)
    profile = Path(tempfile.mkdtemp(prefix="static-profile-"))
    _, context, page = usable(pw, profile, server.url, rate, offline=False)
    worker = python_worker(page)
    new_manila_table(page)
    worker.evaluate(f"() => self.pyodide.runPython({PROBES!r})")
    page.wait_for_timeout(1500)
    worker.evaluate(f"() => self.pyodide.runPython({READ!r})")  # what ran before the first tap
    rows: list[dict[str, float]] = []
    for n in range(1, n_taps + 1):
        total = tap_share_later(page, n)
        page.wait_for_timeout(300)  # what the tap set going after the screen showed
        probed = json.loads(worker.evaluate(f"() => self.pyodide.runPython({READ!r})"))
        row = {"tap -> next move shown (page)": total}
        for name, start, end in probed:
            row[name] = row.get(name, 0.0) + end - start
        rows.append(row)
        print(f"tap {n}: " + "; ".join(f"{k} {v:.1f}" for k, v in row.items()), flush=True)
    context.close()
    server.stop()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", default=None, help="an existing build (default: build one now)")
    parser.add_argument("--n", type=int, default=3, help="taps (at most 3: the share purchases of three players)")
    parser.add_argument("--rate", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=1, help="fresh profiles, each a new table and its taps")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if args.folder:
        folder = Path(args.folder)
    else:
        from companion.ui.hosts.build_web import build

        folder = Path(tempfile.mkdtemp(prefix="static-split-")) / "web"
        build(folder)
    rows: list[dict[str, float]] = []
    with sync_playwright() as pw:
        for _ in range(args.runs):
            rows += one_run(pw, folder, args.rate, min(args.n, 3))
    print(f"medians over {len(rows)} taps at {args.rate:g}x (ms):")
    for key in rows[0]:
        values = [r.get(key, 0.0) for r in rows]
        print(f"  {key:45} {statistics.median(values):8.1f}")


if __name__ == "__main__":
    main()
