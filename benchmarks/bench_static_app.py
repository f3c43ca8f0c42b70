"""The static build in the browser (issue 32): a script that prints figures, never a test.

Builds the folder (``companion build-web``; or ``--folder`` an existing one),
serves it with a plain static file server that counts what it sends, and
drives headless Debian Chromium at 390x844 on a browser profile kept on disk:

* **first visit**: bytes the server sent (its files as they are: Python's
  ``http.server`` does not compress) and what a host that gzips would send
  (the same files, gzip level 6, or as they are when that is smaller: the
  ``.lzma`` files), until the service worker has cached the
  version and nothing more was asked for 2 s;
* **usable**: from the navigation to the home screen's "New table" in the
  page's semantics tree (or the open table's "Now:" banner: a repeat launch
  reopens the table it was left at) -- first launch (empty profile), and repeat launch
  (the profile reopened with the server stopped and the network off: an
  installed app opened offline), each at CPU throttling 1x and 4x (CDP
  ``Emulation.setCPUThrottlingRate`` on the page; a fixed loop timed in the
  Python worker tells whether the worker was slowed too);
* **a Manila tap**: "Tell us at the end" tapped until the app bar shows the
  next move (the write kept in IndexedDB first), median of 3 on one table by
  Playwright's click and of 3 on another by a press at the control's centre
  (as ``bench_ui_latency.py`` times the served app's taps);
* **memory**: the page's JS heap (CDP ``Performance.getMetrics``) and the
  Python worker's WebAssembly memory;
* **the served app beside it** (``companion serve``, as it gzips), in the same run at each
  rate: its first visit's bytes, usable at a first and a repeat launch, the same taps
  (``--no-served`` leaves it out);
* **where a launch's time went**: each step's end in s from the navigation, from
  the marks of the page, of ``python-worker.js`` (``self.bootTimes``) and of
  ``hosts/browser.py`` (``BOOT``), printed per launch.

    python benchmarks/bench_static_app.py [--folder DIR] [--runs 1] [--rates 1,4]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import re
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows"]
PHONE = {"width": 390, "height": 844}
LOOP = "() => { const t = performance.now(); let x = 0; for (let i = 0; i < 3e7; i++) x += i % 7; return performance.now() - t; }"


class Counting:
    def __init__(self, folder: Path) -> None:
        self.sent = 0
        self.gz = 0
        self.files: list[str] = []
        outer = self
        sizes: dict[str, int] = {}

        class Handler(SimpleHTTPRequestHandler):
            def log_message(self, *args):  # noqa: ANN002
                pass

            def copyfile(self, source, outputfile):  # noqa: ANN001
                data = source.read()
                outputfile.write(data)
                outer.sent += len(data)
                rel = self.path.split("?")[0].lstrip("/") or "index.html"
                if rel not in sizes:  # such a host sends the smaller: not the LZMA files gzipped again
                    sizes[rel] = min(len(data), len(gzip.compress(data, 6)))
                outer.gz += sizes[rel]
                outer.files.append(rel)

        Handler.extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                                  ".wasm": "application/wasm", ".js": "text/javascript"}
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def usable(pw, profile: Path, url: str, rate: float, offline: bool,
           count: list | None = None, what: str | None = None) -> tuple[float, object, object]:
    context = pw.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=ARGS,
                                                    viewport=PHONE, locale="en-US", offline=offline)
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    if count is not None:  # every response's bytes on the wire (the served app's first visit)
        cdp.on("Network.loadingFinished", lambda e: count.append(e.get("encodedDataLength", 0)))
        cdp.send("Network.enable")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=300000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    # the home screen, or the table it was left at (a repeat launch reopens it)
    page.get_by_role("button", name="New table").or_(page.get_by_text("Now: ", exact=False)).first \
        .wait_for(timeout=300000)
    took = time.perf_counter() - started
    marks = breakdown(page)
    what = what or ("offline repeat launch" if offline else "first launch")
    print(f"  {what} at {rate:g}x: usable {took:.2f} s; {steps(marks)}",
          flush=True)
    return took, context, page


def new_manila_table(page) -> None:
    """From the home screen: a new Manila table for Ana, Ben and Cho, started (its banner shown)."""
    page.get_by_role("button", name="New table").first.click()
    page.get_by_role("button", name="Manila").first.click()
    for seat, name in enumerate(("Ana", "Ben", "Cho"), start=1):
        page.get_by_label(f"Seat {seat}", exact=True).first.click()
        page.keyboard.type(name)
    page.wait_for_timeout(500)
    page.get_by_role("button", name="Start the table").first.click()
    page.get_by_text("Now: Ana", exact=False).first.wait_for(timeout=120000)


def tap_share_later(page, n: int, how: str = "click") -> float:
    """The ``n``-th tap of "Tell us at the end" (one per player: at most 3), in ms until the
    app bar shows move ``n``: ``click`` is Playwright's (it first waits for the control to be
    visible and stable over two frames, and hit), ``tap`` a press at the control's centre,
    found before the clock starts, as a finger does (bench_ui_latency.py's two ways)."""
    page.wait_for_timeout(800)
    button = page.get_by_role("button", name="Tell us at the end", exact=True).first
    if how == "tap":
        box = button.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        started = time.perf_counter()
        page.mouse.click(x, y)
        page.get_by_text(re.compile(rf"Move {n}(?!\d)")).first.wait_for(timeout=60000)
        return (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    button.click()
    page.get_by_text(re.compile(rf"Move {n}(?!\d)")).first.wait_for(timeout=60000)
    return (time.perf_counter() - started) * 1000


def manila_taps(context, page) -> tuple[list[float], list[float], dict]:
    """From the home screen: a Manila table and its three taps by Playwright's click, then another
    and its three by a press at the control; and the page's metrics after them (CDP)."""
    new_manila_table(page)
    taps = [tap_share_later(page, n) for n in range(1, 4)]
    page.get_by_label("More", exact=True).first.click()
    page.get_by_role("menuitem", name="Home").or_(page.get_by_role("button", name="Home")).first.click()
    page.get_by_role("button", name="New table").first.wait_for(timeout=60000)
    new_manila_table(page)
    presses = [tap_share_later(page, n, "tap") for n in range(1, 4)]
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return taps, presses, metrics


BOOT_PY = "import json; from companion.ui.hosts import browser; json.dumps(browser.BOOT)"


def breakdown(page) -> list[tuple[str, float]]:
    """Where a launch's time went: each step's end, in s from the navigation (the page's
    marks, the Python worker's (python-worker.js) and the app's (hosts/browser.py))."""
    start, connect = page.evaluate("() => [performance.timeOrigin, (window.flet || {}).connectAt || null]")
    worker = python_worker(page)
    marks = []
    if worker is not None:
        marks += [tuple(m) for m in worker.evaluate("() => self.bootTimes || []")]
        try:
            marks += [tuple(m) for m in json.loads(worker.evaluate(f"() => self.pyodide.runPython({BOOT_PY!r})"))]
        except Exception:  # noqa: BLE001 - a build without the marks
            pass
    if connect:
        marks.append(("Flutter started, connects", connect))
    return sorted(((what, (at - start) / 1000) for what, at in marks), key=lambda m: m[1])


def steps(marks: list[tuple[str, float]]) -> str:
    return "; ".join(f"{what} {at:.2f}" for what, at in marks)


def python_worker(page):
    for _ in range(100):
        for worker in page.workers:
            if "python-worker" in worker.url:
                return worker
        page.wait_for_timeout(100)
    return None


def served(pw, rate: float) -> dict:
    """The served app in the same run (``companion serve``, gzip as it sends it): the first
    visit's bytes (every response's encoded length, CDP), usable at a first and at a repeat
    launch (the browser's cache kept; a served app has no offline launch), the same Manila taps."""
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from conftest import Server

    data = Path(tempfile.mkdtemp(prefix="served-bench-"))
    server = Server(data)
    profile = Path(tempfile.mkdtemp(prefix="served-profile-"))
    got: list[float] = []
    try:
        first, context, page = usable(pw, profile, server.url, rate, offline=False, count=got,
                                      what="served, first launch")
        page.wait_for_timeout(2000)
        sent = sum(got)
        taps, presses, metrics = manila_taps(context, page)
        context.close()
        repeat, context, page = usable(pw, profile, server.url, rate, offline=False, what="served, repeat launch")
        context.close()
    finally:
        server.stop()
    return {"rate": rate, "first": first, "repeat": repeat, "sent": sent, "tap": statistics.median(taps),
            "taps": taps, "press": statistics.median(presses), "presses": presses,
            "heap": metrics.get("JSHeapUsedSize", 0)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", default=None, help="an existing build (default: build one now)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--rates", default="1,4")
    parser.add_argument("--no-served", action="store_true", help="leave out the served app's row")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if args.folder:
        folder = Path(args.folder)
    else:
        from companion.ui.hosts.build_web import build

        folder = Path(tempfile.mkdtemp(prefix="static-bench-")) / "web"
        started = time.perf_counter()
        build(folder)
        print(f"build: {time.perf_counter() - started:.1f} s")
    info = json.loads((folder / "build-info.json").read_text())
    print(f"folder: {info['files']} files, {info['bytes'] / 1e6:.1f} MB; the service worker's list "
          f"{info['precache_bytes'] / 1e6:.1f} MB ({info['precache_gzip_bytes'] / 1e6:.1f} MB gzipped)")
    rates = [float(r) for r in args.rates.split(",")]
    rows = []
    served_rows: list[dict] = []
    with sync_playwright() as pw:
        for rate in rates:
            for run in range(args.runs):
                server = Counting(folder)
                profile = Path(tempfile.mkdtemp(prefix="static-profile-"))
                first, context, page = usable(pw, profile, server.url, rate, offline=False)
                worker = python_worker(page)
                loop_ms = worker.evaluate(LOOP) if worker else float("nan")
                page.evaluate("async () => { await navigator.serviceWorker.ready; }")
                quiet, last = 0, -1
                while quiet < 4:  # 2 s with nothing more asked
                    page.wait_for_timeout(500)
                    quiet = quiet + 1 if server.sent == last else 0
                    last = server.sent
                sent, gz = server.sent, server.gz
                twice = sorted({f for f in server.files if server.files.count(f) > 1})
                print(f"  first visit: {len(server.files)} requests, {sent} bytes ({gz} by a gzip host)"
                      + (f"; asked more than once: {', '.join(twice)}" if twice else ""), flush=True)
                taps, presses, metrics = manila_taps(context, page)
                wasm = worker.evaluate("() => self.pyodide._module.HEAP8.length") if worker else 0
                context.close()
                server.stop()
                repeat, context, page = usable(pw, profile, server.url, rate, offline=True)
                context.close()
                rows.append({"rate": rate, "first": first, "repeat": repeat, "sent": sent, "gz": gz,
                             "tap": statistics.median(taps), "taps": taps, "press": statistics.median(presses),
                             "presses": presses, "heap": metrics.get("JSHeapUsedSize", 0),
                             "wasm": wasm, "loop": loop_ms})
            if not args.no_served:  # the served app, in the same run, at the same rate
                served_rows.append(served(pw, rate))
                r = served_rows[-1]
                print(f"  served at {rate:g}x: first visit {r['sent'] / 1e6:.2f} MB, usable {r['first']:.2f} s, "
                      f"again {r['repeat']:.2f} s", flush=True)
    base_loop = next((r["loop"] for r in rows if r["rate"] == 1), None)
    print("| CPU | app | first visit sent (gzip host) | usable, first launch | usable, repeat launch offline "
          "| Manila tap -> next move, Playwright's click (median of 3) | the same, a press at the control (median of 3) "
          "| page JS heap | Python worker memory | worker slowed? |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        slowed = f"{r['loop'] / base_loop:.1f}x" if base_loop else "?"
        print(f"| {r['rate']:g}x | static | {r['sent'] / 1e6:.2f} MB ({r['gz'] / 1e6:.2f} MB) | {r['first']:.1f} s "
              f"| {r['repeat']:.1f} s | {r['tap']:.0f} ms ({', '.join(f'{t:.0f}' for t in r['taps'])}) "
              f"| {r['press']:.0f} ms ({', '.join(f'{t:.0f}' for t in r['presses'])}) "
              f"| {r['heap'] / 1e6:.0f} MB | {r['wasm'] / 1e6:.0f} MB | {slowed} |")
    for r in served_rows:
        print(f"| {r['rate']:g}x | served | {r['sent'] / 1e6:.2f} MB (as sent) | {r['first']:.1f} s "
              f"| {r['repeat']:.1f} s (online) | {r['tap']:.0f} ms ({', '.join(f'{t:.0f}' for t in r['taps'])}) "
              f"| {r['press']:.0f} ms ({', '.join(f'{t:.0f}' for t in r['presses'])}) "
              f"| {r['heap'] / 1e6:.0f} MB | (on the server) | |")


if __name__ == "__main__":
    main()
