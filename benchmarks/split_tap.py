"""One tap's time split between the server and the browser (a script that prints
figures; never a test): a Manila bid and a boat seat (each with its Undo) in headless
Chromium at 390x844, served by ``companion serve``.  Per tap: the tap to the first
websocket frame the page receives (the event's trip, the server's handling, the
patch's trip), that frame to the text in the accessibility tree (the Flutter client:
decoding the patch, the build, layout, paint and semantics of the frame), and the
frame's size.

    PYTHONPATH=. .venv/bin/python benchmarks/split_tap.py [--n 8]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "benchmarks"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=8)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from bench_ui_latency import prepare
    from companion.storage import Store
    from conftest import ARGS, CHROMIUM, PHONE, Screen, Server
    from test_phone_referee import into_view

    rows: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        tables = prepare(data)
        server = Server(data)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for name, table, tap in (("bid", "bid", lambda page: page.get_by_role("button", name="Bid 1", exact=True).first),
                                         ("seat", "board", lambda page: page.get_by_role("button", name="2", exact=True).first)):
                    store = Store(data / "companion.db")
                    store.set_setting("open_table", tables[table])
                    store.close()
                    frames: list[tuple[float, int]] = []
                    screen = Screen(browser, server, PHONE)
                    page = screen.page
                    page.get_by_text("Now: Ana", exact=True).first.wait_for(timeout=60000)
                    page.wait_for_timeout(1000)
                    for _ in range(args.n):
                        for label, control, after in ((name, lambda: tap(page), "Now: Ben"),
                                                      (f"{name}: undo", lambda: page.get_by_role("button", name="Undo", exact=True).last, "Now: Ana")):
                            target = into_view(screen, control())
                            box = target.bounding_box()
                            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                            page.wait_for_timeout(300)
                            frames.clear()
                            locator = page.get_by_text(after, exact=True).first
                            # the page's clock: the frame's arrival, and the moment the text is there
                            page.evaluate("""() => { window.__frames = []; if (!window.__hooked) { window.__hooked = true;
                                const orig = WebSocket.prototype.addEventListener;
                                const seen = new WeakSet();
                                const hook = (ws) => { if (seen.has(ws)) return; seen.add(ws);
                                  orig.call(ws, 'message', (ev) => { window.__frames.push([performance.now(), ev.data.byteLength || ev.data.size || ev.data.length || 0]); }); };
                                const send = WebSocket.prototype.send;
                                WebSocket.prototype.send = function (d) { hook(this); window.__sent = window.__sent || []; window.__sent.push(performance.now()); return send.call(this, d); };
                              } window.__sent = []; }""")
                            start_page = page.evaluate("performance.now()")
                            start = time.perf_counter()
                            page.mouse.click(x, y)
                            locator.wait_for(timeout=30000)
                            total = (time.perf_counter() - start) * 1000
                            shown_page = page.evaluate("performance.now()")
                            got = page.evaluate("[window.__frames, window.__sent]")
                            frames_, sent = got
                            page.wait_for_timeout(200)
                            row = rows.setdefault(label, {})
                            row.setdefault("tap -> settled (this process)", []).append(total)
                            if sent and frames_:
                                first = [f for f in frames_ if f[0] >= sent[0]]
                                if first:
                                    row.setdefault("tap sent -> first frame in (server + wire)", []).append(first[0][0] - sent[0])
                                    row.setdefault("first frame -> text seen (client)", []).append(shown_page - first[0][0])
                                    row.setdefault("bytes in", []).append(sum(f[1] for f in first))
                                    row.setdefault("press -> tap sent (browser input)", []).append(sent[0] - start_page)
                    screen.close()
                browser.close()
        finally:
            server.stop()
    for label, row in rows.items():
        print(f"{label}:")
        for key, values in row.items():
            print(f"  {key:46s} median {statistics.median(values):8.1f}   (n={len(values)})")


if __name__ == "__main__":
    main()
