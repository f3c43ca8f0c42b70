"""Tap -> settled screen in headless Chromium at phone size (a script that
prints figures; never a test).

* a Manila bid: tap "Bid N" until the banner names the next bidder (then the
  banner's Undo puts the table back, timed too);
* a rule link: tap a clause under "What can I do now?" until the clause's own
  page shows it (then Back, timed too);
* the board (issue 23): a Manila harbor space tapped on the board until the
  banner names the next player (then its Undo) -- the harbor lies below the fold
  on a phone, so this includes the scroll back up to the banner when the turn
  passes; a boat's seat near the top of the board likewise, with no scroll; a
  Modern Art artist tapped on
  the value board, a form step redrawn in place, until the auction types show
  (and the "Double" type, until its second question shows);
* the floor (issue 36): the smallest Flet app (``minimal_flet_app.py``: a button
  and a text) served the same way, a tap on its button until the text says so:
  what Flet itself costs on this machine, so that a figure above can be read as a
  ratio to it, which holds from one machine to the next.

The time is measured in this process from the tap to the moment the new text
is in the page's accessibility tree (Flutter fills it with the frame), so it
includes Playwright's own round trips (a few ms).  Each is timed two ways:

* tap: a pointer press and release at the control's centre (found before the
  clock starts), as a finger does;
* click: Playwright's ``locator.click()``, which first waits for the control to
  be visible, stable over two animation frames and hit by the pointer: about
  50 ms of its own before the press (the figure README gave until 2026-11-26).

Robust on a loaded machine: every wait is bounded (``--wait`` s) and a wait
that runs out names the step that stalled, the page is reloaded to the state
the next sample needs, and the run goes on; each figure is printed as it comes
(``--quiet``: only the summary), and the whole run stops at ``--budget`` s with
the figures it has.  Median over N (>= 30).  Goal from the issue: <= 150 ms.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_ui_latency.py [--n 30] [--only board]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from companion.core import Action  # noqa: E402
from companion.registry import get_game  # noqa: E402
from companion.rules import library  # noqa: E402
from companion.storage import Store  # noqa: E402

SECTIONS = ("floor", "bid", "rule", "board")


class Stalled(Exception):
    """A bounded wait ran out: the message names the step."""


def prepare(data: Path) -> dict[str, str]:
    """The tables: a Manila auction, a Manila placement (Ana places first), a Modern Art offer."""
    store = Store(data / "companion.db")
    tables: dict[str, str] = {}
    manila = get_game("manila")
    for key, extra in (("bid", []), ("board", [Action.make("bid", 0, amount=1), Action.make("pass_bid", 1),
                                               Action.make("pass_bid", 2), Action.make("skip_share", 0),
                                               Action.make("launch", 0, nutmeg=3, silk=2, jade=4)])):
        table = store.create_table(manila, manila.setup(["Ana", "Ben", "Cho"], {}))
        for seat in range(3):
            table.apply(Action.make("shares_later", seat))
        table.apply(next(a for a in manila.legal_actions(table.state) if a.type == "supply"))
        for action in extra:
            table.apply(action)
        tables[key] = table.id
    art = get_game("modern_art")
    table = store.create_table(art, art.setup(["Ana", "Ben", "Cho"], {}))
    table.apply(Action.make("first_seller", seller=0))
    tables["art"] = table.id
    store.set_setting("lang", "en")
    store.close()
    return tables


class Bench:
    def __init__(self, browser: Any, server: Any, data: Path, wait: float, quiet: bool, deadline: float) -> None:
        self.browser, self.server, self.data = browser, server, data
        self.wait, self.quiet, self.deadline = wait, quiet, deadline
        self.figures: dict[str, list[float]] = {}
        self.stalls: list[str] = []
        self.screen: Any = None

    # ----- the page ---------------------------------------------------------------------------
    def open(self, table_id: str, ready: str) -> None:
        from conftest import PHONE, Screen

        if self.screen is not None:
            self.screen.close()
        if table_id:
            store = Store(self.data / "companion.db")
            store.set_setting("open_table", table_id)
            store.close()
        started = time.perf_counter()
        self.screen = Screen(self.browser, self.server, PHONE)
        self.screen.page.set_default_timeout(self.wait * 1000)  # no Playwright call waits longer
        self.expect(ready, "open the table")
        self.say(f"opened the table in {time.perf_counter() - started:.1f} s")

    def expect(self, text: str, step: str) -> None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.screen.page.get_by_text(text, exact=True).first.wait_for(timeout=self.wait * 1000)
        except PlaywrightTimeout:
            raise Stalled(f"{step}: “{text}” did not show within {self.wait:.0f} s") from None

    def shown(self, text: str) -> bool:
        locator = self.screen.page.get_by_text(text, exact=True)
        return bool(locator.count()) and locator.first.is_visible()

    def say(self, line: str) -> None:
        if not self.quiet:
            print(line, flush=True)

    def over(self) -> bool:
        return time.perf_counter() > self.deadline

    # ----- timing -----------------------------------------------------------------------------
    def timed(self, name: str, press: Callable[[], Any], text: str) -> float:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        locator = self.screen.page.get_by_text(text, exact=True).first
        start = time.perf_counter()
        press()
        try:
            locator.wait_for(timeout=self.wait * 1000)
        except PlaywrightTimeout:
            raise Stalled(f"{name}: “{text}” did not show within {self.wait:.0f} s of the tap") from None
        ms = (time.perf_counter() - start) * 1000
        values = self.figures.setdefault(name, [])
        values.append(ms)
        self.say(f"  {name:34s} {ms:7.1f} ms   (n={len(values)}, median so far {statistics.median(values):.1f})")
        return ms

    def tapper(self, control: Any) -> Callable[[], Any]:
        """A press at the control's centre, found now (before any clock starts)."""
        box = control.bounding_box()
        if box is None:
            raise Stalled("the control to tap is not on the screen")
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        return lambda: self.screen.page.mouse.click(x, y)

    def press(self, how: str, control: Any) -> Callable[[], Any]:
        """How the control is pressed, once it is brought into view (outside the clock: a
        tap at the centre of a control below the fold would land on nothing)."""
        from test_phone_referee import into_view

        into_view(self.screen, control)
        return self.tapper(control) if how == "tap" else control.click

    def run(self, section: str, n: int, table_id: str, ready: str,
            sample: Callable[[str], None], recover: Callable[[], None]) -> None:
        """``n`` samples of each way of pressing (alternated, so both see the same load);
        a stalled sample is reported, the page reopened and put back, and the run goes on."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        print(f"{section}:", flush=True)
        self.open(table_id, ready)
        done, tries = 0, 0
        while done < 2 * n and tries < 4 * n and not self.over():
            tries += 1
            how = "tap" if done % 2 else "click"
            try:
                try:
                    sample(how)
                except PlaywrightTimeout as exc:  # a control that never showed: a stall, not the end of the run
                    raise Stalled(str(exc).splitlines()[0]) from None
                done += 1
            except Stalled as exc:
                self.stalls.append(str(exc))
                print(f"  stalled: {exc}; reopening the page", flush=True)
                try:
                    self.open(table_id, ready)
                    recover()
                except Stalled as again:
                    self.stalls.append(str(again))
                    print(f"  stalled again: {again}; giving up on {section}", flush=True)
                    return
        if self.over():
            print(f"  the time budget ran out ({done} samples)", flush=True)


class MinimalServer:
    """``minimal_flet_app.py`` in a process of its own, as the app's server is."""

    def __init__(self, data: Path) -> None:
        import os
        import subprocess

        from conftest import free_port, wait_listening

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(data / "minimal.log", "a")
        env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1"}
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("minimal_flet_app.py")),
                                      str(self.port)], env=env, stdout=self.log, stderr=subprocess.STDOUT)
        wait_listening(self.port)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)
        self.log.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=30)
    parser.add_argument("--only", choices=SECTIONS, action="append", help="a section (again for more)")
    parser.add_argument("--wait", type=float, default=20.0, help="the longest wait for one step, in seconds")
    parser.add_argument("--budget", type=float, default=900.0, help="stop after this many seconds")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from conftest import ARGS, CHROMIUM, Server
    from test_phone_referee import into_view

    if not Path(CHROMIUM).exists():
        print("chromium is not installed: nothing measured")
        return
    sections = args.only or list(SECTIONS)
    deadline = time.perf_counter() + args.budget
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        tables = prepare(data)
        server = Server(data)
        bench: Bench | None = None
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                bench = Bench(browser, server, data, args.wait, args.quiet, deadline)
                b = bench

                def undo() -> Any:
                    return b.screen.page.get_by_role("button", name="Undo", exact=True).last

                def put_back(first: str, then: str) -> Callable[[], None]:
                    """After a stall: if the tap went through, undo it."""
                    def recover() -> None:
                        if b.shown(then) and not b.shown(first):
                            undo().click()
                            b.expect(first, "undo after a stall")
                    return recover

                if "floor" in sections:
                    floor_server = MinimalServer(data)
                    try:
                        def floor(how: str) -> None:
                            page = b.screen.page
                            shown = page.get_by_text("Tapped ", exact=False).first.inner_text()
                            n = int(shown.split()[1]) + 1
                            button = page.get_by_role("button", name="Tap me", exact=True).first
                            b.timed(f"floor: minimal Flet app's button, {how}", b.press(how, button),
                                    f"Tapped {n} times")

                        b.server = floor_server
                        b.run("the floor: a minimal Flet app's button", args.n, "", "Tapped 0 times", floor,
                              lambda: None)
                    finally:
                        b.server = server
                        floor_server.stop()

                if "bid" in sections:
                    def bid(how: str) -> None:
                        button = b.screen.page.get_by_role("button", name="Bid 1", exact=True).first
                        b.timed(f"Manila bid, {how}", b.press(how, button), "Now: Ben")
                        b.timed(f"undo (banner), {how}", b.press(how, undo()), "Now: Ana")

                    b.run("Manila bid and its undo", args.n, tables["bid"], "Now: Ana", bid,
                          put_back("Now: Ana", "Now: Ben"))

                if "rule" in sections:
                    clause = library.clause(library.facts("manila")["phase_clauses"]["auction"][0], "en")
                    assert clause is not None

                    def rule(how: str) -> None:
                        # the card is at the foot of the table screen, and closed again after Back
                        into_view(b.screen, b.screen.page.get_by_role("button", name="What can I do now?")).click()
                        b.screen.page.wait_for_timeout(300)
                        item = into_view(b.screen, b.screen.page.get_by_role("button", name=clause["title"]).first)
                        b.screen.page.wait_for_timeout(100)
                        b.timed(f"rule link, {how}", b.press(how, item), "More in this section")
                        back = b.screen.page.get_by_label("Back", exact=True).first
                        b.timed(f"back from the rule, {how}", b.press(how, back), "Now: Ana")

                    def leave_rule() -> None:
                        if not b.shown("Now: Ana"):
                            b.screen.page.get_by_label("Back", exact=True).first.click()
                            b.expect("Now: Ana", "back after a stall")

                    b.run("rule link and back", args.n, tables["bid"], "Now: Ana", rule, leave_rule)

                if "board" in sections:
                    def harbor(how: str) -> None:
                        harbor_a = library.message("manila", "en", "ui.space.harbor_a")
                        spot = b.screen.page.get_by_role("button", name=harbor_a).first
                        b.timed(f"board: Manila harbor space, {how}", b.press(how, spot), "Now: Ben")
                        b.timed(f"board: its undo (banner), {how}", b.press(how, undo()), "Now: Ana")

                    b.run("the board: a Manila harbor space and its undo", args.n, tables["board"], "Now: Ana",
                          harbor, put_back("Now: Ana", "Now: Ben"))

                    def seat(how: str) -> None:
                        # the nutmeg boat's first seat (2 pesos), near the top of the board: tapped
                        # without scrolling, so the screen settles without the scroll back to the banner
                        # that a tap further down brings when the turn passes
                        spot = b.screen.page.get_by_role("button", name="2", exact=True).first
                        b.timed(f"board: Manila boat seat, {how}", b.press(how, spot), "Now: Ben")
                        b.timed(f"board: the seat's undo (banner), {how}", b.press(how, undo()), "Now: Ana")

                    b.run("the board: a Manila boat seat and its undo", args.n, tables["board"], "Now: Ana",
                          seat, put_back("Now: Ana", "Now: Ben"))

                    def artist(how: str) -> None:
                        page = b.screen.page
                        yoko = page.get_by_role("button", name="Yoko").first
                        b.timed(f"board: Modern Art artist (a step), {how}", b.press(how, yoko),
                                "Auction type printed on the card:")
                        double = page.get_by_role("button", name="Double", exact=True).first
                        b.timed(f"board: its auction type (a step), {how}", b.press(how, double),
                                "Offer it to the others")

                    b.run("the board: a Modern Art artist and its auction type", args.n, tables["art"], "Now: Ana",
                          artist, lambda: None)
                if b.screen is not None:
                    b.screen.close()
                browser.close()
        finally:
            server.stop()
    figures = bench.figures if bench is not None else {}
    print()
    for name, values in sorted(figures.items(), key=lambda item: item[0]):
        print(f"{name:44s} median {statistics.median(values):7.1f} ms   "
              f"p90 {sorted(values)[max(0, int(len(values) * 0.9) - 1)]:7.1f} ms   (n={len(values)})")
    if bench is not None and bench.stalls:
        print(f"{len(bench.stalls)} stalled step(s): " + "; ".join(dict.fromkeys(bench.stalls)))
    print("goal: <= 150 ms tap -> settled screen")


if __name__ == "__main__":
    main()
