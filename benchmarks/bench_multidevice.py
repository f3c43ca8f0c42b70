"""Several devices (a script that prints; never a test): the time from a tap
on one device to the redraw on another, on loopback.

Two headless Chromium contexts (Debian's /usr/bin/chromium) show one Niagara
table.  Device A taps Undo, then Redo, and so on; each tap is committed, then
announced on the table's pubsub topic; device B redraws.  The figure is from
just before A's click to the moment B's "Move n" text shows the new count
(it includes Playwright's own polling, so it is an upper bound).
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from companion.core import Action  # noqa: E402
from companion.registry import get_game  # noqa: E402
from companion.storage import Store  # noqa: E402

ROUNDS = 60


def main() -> None:
    from conftest import ARGS, CHROMIUM, PHONE, Screen, Server  # tests/e2e/conftest.py
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        print("multidevice: skipped (no /usr/bin/chromium)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        store = Store(data / "companion.db")
        game = get_game("niagara")
        table = store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {}))
        table.apply(Action.make("correct_weather", None, weather=1))
        store.set_setting("open_table", table.id)
        store.close()
        server = Server(data)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                a = Screen(browser, server, PHONE)
                b = Screen(browser, server, PHONE)
                a.wait_text(re.compile(r"(^|\s)Move 1$"))
                b.wait_text(re.compile(r"(^|\s)Move 1$"))
                times = []
                own = []
                cursor = 1
                for i in range(ROUNDS):
                    label, cursor = ("Undo", 0) if cursor == 1 else ("Redo", 1)
                    button = a.page.get_by_label(label, exact=True).first
                    button.wait_for()
                    a.page.wait_for_timeout(200)
                    t0 = time.perf_counter()
                    button.click()
                    b.page.get_by_text(re.compile(rf"(^|\s)Move {cursor}$")).first.wait_for(timeout=10000)
                    times.append(time.perf_counter() - t0)
                    a.page.get_by_text(re.compile(rf"(^|\s)Move {cursor}$")).first.wait_for(timeout=10000)
                    own.append(time.perf_counter() - t0)
                a.close()
                b.close()
                browser.close()
        finally:
            server.stop()
    times_ms = sorted(t * 1000 for t in times)
    own_ms = sorted(t * 1000 for t in own)
    print(f"multidevice: tap on one device -> redraw on another (loopback, {len(times_ms)} taps): "
          f"median {statistics.median(times_ms):.0f} ms, p90 {times_ms[int(len(times_ms) * 0.9) - 1]:.0f} ms, "
          f"max {times_ms[-1]:.0f} ms (goal: within 1 s); the tapping device's own redraw, for comparison: "
          f"median {statistics.median(own_ms):.0f} ms")


if __name__ == "__main__":
    main()
