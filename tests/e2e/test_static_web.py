"""The static build (``companion build-web``): the whole app in the phone's
browser, from a plain static file server, nothing else answered.

The folder is built once a session (``static_build``).  The server is
Python's own ``http.server`` on the folder: it records every path asked for
and answers only the folder's files.  Every request to another origin is
aborted and recorded.  A browser profile kept on disk (a persistent context)
stands in for a phone that is closed and opened again; for the offline part
the server is stopped and the context set offline, so everything comes from
the app's service worker and the browser's storage.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from companion.core import Action
from companion.registry import get_game
from companion.storage import Store
from companion.transfer import import_data
from conftest import ARGS, CHROMIUM, PHONE, Screen
from test_phone_layout import PROFIT, Player, Words, _cheapest_seat

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cho", "Dan"]
#: IndexedDB in the worker as with a full quota: a write aborts its transaction and is refused
FULL = """() => {
  self.__put = self.__put || IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function () {
    this.transaction.abort();
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
}"""

#: the Python worker busy for 6.5 s from now (its event loop blocked: no message is read meanwhile)
BUSY = "() => { setTimeout(() => { const t = Date.now(); while (Date.now() - t < 6500) {} }, 0); }"


class StaticServer:
    """A plain static file server on ``folder``, recording what it is asked."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        self.asked: list[tuple[str, int]] = []
        asked = self.asked

        class Handler(SimpleHTTPRequestHandler):
            def log_request(self, code="-", size="-"):  # noqa: ANN001 - http.server's own signature
                asked.append((self.path, int(code) if str(code).isdigit() else 0))

            def log_message(self, *args):  # noqa: ANN002
                pass

        Handler.extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                                  ".wasm": "application/wasm", ".js": "text/javascript"}
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=str(folder)))
        self.port = self.httpd.server_port
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def missing(self) -> list[str]:
        return [path for path, code in self.asked if code >= 400]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Phone(Screen):
    """A Screen on a persistent browser profile (a phone's browser, closed and opened again)."""

    def __init__(self, browser, server: StaticServer, profile: Path, offline: bool = False,
                 http_cache: bool = False, locale: str = "en-US") -> None:
        self.server = server
        # Playwright's routing turns the browser's HTTP cache off; with ``http_cache`` other
        # hosts are refused by the resolver instead, and requests to them only recorded
        args = ARGS + (["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"] if http_cache else [])
        self.context = browser.browser_type.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=args, viewport=PHONE, locale=locale,
            offline=offline)
        self.outside: list[str] = []
        if http_cache:
            self.context.on("request", self._seen)
        else:
            self.context.route("**/*", self._route)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.open()

    def _seen(self, request) -> None:
        url = request.url
        if not (url.startswith(self.server.url + "/") or url == self.server.url or url.startswith(("data:", "blob:"))):
            self.outside.append(url)

    def open(self) -> None:
        self.page.goto(self.server.url + "/")
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=120000)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")

    def move(self, n: int) -> None:
        """The app bar names the table's move ``n``."""
        self.page.get_by_text(re.compile(rf"Move {n}(?!\d)")).first.wait_for(timeout=30000)


class Voyage:
    """Manila with four players, played from the start into the first voyage (the taps of
    ``test_phone_layout``), the engine beside it to know each step."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.me = Player(phone, Words("en"))
        self.game = get_game("manila")
        self.state = self.game.new_state(self.game.setup(NAMES, {}))
        self.moves = 0

    def step(self, action: Action, taps) -> None:
        for find, what in taps:
            self.me.tap(find, what)
        self.state = self.game.apply(self.state, action)
        self.moves += 1
        self.phone.move(self.moves)

    def new_table(self) -> None:
        phone = self.phone
        phone.click("New table")
        phone.wait_text("Pick a game")
        phone.click("Manila")
        phone.wait_text("Players in seat order")
        phone.click("Add a player")
        for seat, name in enumerate(NAMES, start=1):
            phone.fill(f"Seat {seat}", name)
        phone.page.wait_for_timeout(500)
        phone.click("Start the table")
        phone.wait_text("Now: Ana", exact=False)

    def start(self) -> None:
        me = self.me
        self.new_table()
        for seat in range(4):
            self.step(Action.make("shares_later", seat), [(me.button("Tell us at the end"), "tell later")])
        self.step(next(a for a in self.game.legal_actions(self.state) if a.type == "supply"),
                  [(me.button("Enter the supply"), "supply")])
        self.step(Action.make("bid", 0, amount=1), [(me.button("Bid 1"), "bid")])
        for seat in (1, 2, 3):
            self.step(Action.make("pass_bid", seat), [(me.button("Pass"), "pass")])
        self.step(Action.make("skip_share", 0), [(me.button("Buy no share"), "no share")])
        starts = {"nutmeg": 3, "silk": 2, "jade": 4}
        taps = [(me.in_row(f"profit {PROFIT['ginseng']}", "Stays home"), "ginseng stays home")]
        for ware, at in starts.items():
            taps.append((me.in_row(f"profit {PROFIT[ware]}", str(at), below=True), f"{ware} starts on {at}"))
        taps.append((me.button("Load and set out the boats"), "launch"))
        self.step(Action.make("launch", 0, **starts), taps)

    def place(self, seat: int, space: str) -> None:
        if space in PROFIT:
            find = self.me.in_row(f"profit {PROFIT[space]}", str(_cheapest_seat(self.game, self.state, space)))
        else:
            find = self.me.button({"harbor_a": "Harbour A", "harbor_b": "Harbour B"}[space], exact=False)
        self.step(Action.make("place", seat, space=space), [(find, f"{NAMES[seat]} on {space}")])


def test_a_manila_table_in_the_static_build_survives_reload_and_a_closed_browser_offline(browser, static_build,
                                                                                       tmp_path):
    server = StaticServer(static_build)
    profile = tmp_path / "profile"
    phone = Phone(browser, server, profile)
    try:
        voyage = Voyage(phone)
        voyage.start()
        voyage.place(0, "nutmeg")  # the first voyage: Ana's first placement
        at = voyage.moves
        assert voyage.state.phase == "place" and voyage.state.voyage == 1
        phone.shot("static-manila-first-voyage")
        phone.page.reload()
        phone.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=120000)
        phone.page.locator("flt-semantics-placeholder").dispatch_event("click")
        phone.move(at)  # reopened at the same move
        phone.wait_text("Now: Ben", exact=False)
        # what the page asked for: the folder's own files, nothing missing, nothing elsewhere
        assert phone.outside == []
        assert server.missing() == []
        persisted = phone.page.evaluate("() => navigator.storage.persisted()")
        assert isinstance(persisted, bool)  # asked for (headless Chromium may say no)
    finally:
        phone.close()
        server.stop()

    # the phone closed and opened again with no server and no network: the service worker's
    # cache and the browser's storage are all there is
    offline = StaticServer.__new__(StaticServer)
    offline.url = server.url
    phone = Phone(browser, offline, profile, offline=True)
    try:
        phone.move(at)
        phone.wait_text("Now: Ben", exact=False)
        # Python came back as the first launch left it (its snapshot), not started anew
        python = next(w for w in phone.page.workers if "python-worker" in w.url)
        steps = [what for what, _ in python.evaluate("() => self.bootTimes")]
        assert "python restored" in steps and "pyodide started" not in steps, steps
        voyage.phone, voyage.me = phone, Player(phone, Words("en"))
        voyage.place(1, "harbor_a")  # play goes on
        phone.shot("static-manila-offline-after-a-move")
        phone.page.reload()
        phone.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=120000)
        phone.page.locator("flt-semantics-placeholder").dispatch_event("click")
        phone.move(at + 1)  # the offline move was kept
        assert phone.outside == []
        assert phone.errors == []
    finally:
        phone.close()


def _second_tab(phone: Phone) -> Phone:
    """Another tab of the same browser (same profile, same storage)."""
    tab = Phone.__new__(Phone)
    tab.server, tab.context, tab.outside, tab.errors = phone.server, phone.context, phone.outside, []
    tab.page = phone.context.new_page()
    tab.page.on("pageerror", lambda e: tab.errors.append(str(e)))
    return tab


def _start(tab: Phone) -> None:
    try:
        tab.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=120000)
    except Exception:
        tab.page.screenshot(path=str(Path(tab.shot("FAILED-static-tab-start")).with_name(
            "FAILED-static-tab-start-now.png")))
        waiting = tab.page.locator("#one-writer").count()
        raise AssertionError(f"the tab never started (the one-writer notice shown: {bool(waiting)})")
    tab.page.locator("flt-semantics-placeholder").dispatch_event("click")


def test_a_taiwanese_phone_gets_the_static_build_in_traditional_chinese_drawn_from_the_first_frame(
        browser, static_build, tmp_path):
    """The build has no first-screen cut of the CJK font (issue 32: the first visit's bytes): the
    whole font is in the service worker's cache before the page starts, and is drawn from the first
    frame, at the first visit and at an offline launch.  A player's name in a character the whole
    font lacks (雅婷's 婷) brings the names font, which the service worker keeps from then on: the
    offline launch has it."""
    from test_shell import GRACE, cjk_width_ok

    line = "桌上遊戲的規則書、裁判和記分員。"

    def drawn(phone: Phone) -> None:
        phone.wait_text("桌遊助手", exact=True)
        start = time.perf_counter()
        while not (cjk_width_ok(phone, "桌遊助手", 28) and cjk_width_ok(phone, line, 15 * 0.95)):
            assert time.perf_counter() - start < GRACE, phone.text("桌遊助手", True).bounding_box()
            phone.page.wait_for_timeout(50)

    server = StaticServer(static_build)
    profile = tmp_path / "profile"
    phone = Phone(browser, server, profile, locale="zh-TW")
    try:
        drawn(phone)
        phone.click("開新一桌")
        phone.click("馬尼拉")
        for seat, name in enumerate(("雅婷", "Ben", "Cho"), start=1):
            phone.fill(f"{seat} 號座位", name)
        phone.page.wait_for_timeout(400)
        phone.click("開始遊戲")
        phone.wait_text("現在輪到：雅婷", exact=False, timeout=30000)
        names = "fonts/NotoSansCJK-names.otf"
        for _ in range(100):  # asked for by the table's screen, kept by the service worker
            kept = [f for files in phone.page.evaluate(CACHED).values() for f in files]
            if any(f.endswith(names) for f in kept):
                break
            phone.page.wait_for_timeout(100)
        assert any(f.endswith(names) for f in kept), kept
        assert (names + ".lzma", 200) in [(p.lstrip("/"), c) for p, c in server.asked]  # packed on the way
        phone.tap("更多")
        phone.page.get_by_role("menuitem", name="首頁").or_(phone.page.get_by_role("button", name="首頁")).first.click()
        name = phone.page.get_by_text("雅婷", exact=False).first
        name.wait_for(timeout=30000)
        phone.shot("static-home-zh_Hant")
        assert server.missing() == [] and phone.outside == []
        assert not any("NotoSansCJK-ui" in path for path, _ in server.asked)
    finally:
        phone.close()
        server.stop()
    offline = StaticServer.__new__(StaticServer)
    offline.url = server.url
    phone = Phone(browser, offline, profile, offline=True, locale="zh-TW")
    try:
        drawn(phone)  # reopened where it was left: the home screen, the table listed
        phone.page.get_by_text("雅婷", exact=False).first.wait_for(timeout=30000)
        phone.shot("static-home-zh_Hant-offline")
        assert phone.errors == []
    finally:
        phone.close()


def test_two_tabs_of_the_static_build_one_writes_and_no_move_is_lost(browser, static_build, tmp_path):
    """A second tab says the app is open elsewhere and runs nothing; asked, it takes over (the
    first says so and stops); its moves and the first tab's are all kept."""
    server = StaticServer(static_build)
    phone = Phone(browser, server, tmp_path / "profile")
    try:
        voyage = Voyage(phone)
        voyage.new_table()
        voyage.step(Action.make("shares_later", 0), [(voyage.me.button("Tell us at the end"), "tell later")])
        second = _second_tab(phone)
        second.page.goto(server.url + "/")
        second.page.get_by_text("open in another tab or window", exact=False).wait_for(timeout=30000)
        second.page.wait_for_timeout(1500)
        assert second.page.locator("flt-semantics-placeholder").count() == 0  # no app started there
        second.page.screenshot(path=str(Path(phone.shot("static-two-tabs-first")).with_name(
            "static-two-tabs-second-waits.png")))
        # the first tab goes on meanwhile
        voyage.step(Action.make("shares_later", 1), [(voyage.me.button("Tell us at the end"), "tell later")])
        second.page.get_by_role("button", name="Use it here").click()
        _start(second)
        second.move(2)  # both of the first tab's moves
        phone.page.get_by_text("went on in another tab or window", exact=False).wait_for(timeout=30000)
        voyage.phone, voyage.me = second, Player(second, Words("en"))
        voyage.step(Action.make("shares_later", 2), [(voyage.me.button("Tell us at the end"), "tell later")])
        second.page.close()  # the second tab closed: the first opens again, with every move
        phone.page.reload()
        _start(phone)
        phone.move(3)
        phone.wait_text("Now: Dan", exact=False)
        assert phone.outside == [] and server.missing() == [] and second.errors == []
    finally:
        phone.close()
        server.stop()


def test_a_second_tab_follows_the_table_live_refuses_its_own_moves_and_takes_over_with_none_lost(
        browser, static_build, tmp_path):
    """A second tab asked to follow runs the app writing nothing: it shows the first tab's table
    and each move made there within a second or two; a tap there that would write is refused
    with its line; "Use it here" makes it the writer (the first says so) with every move."""
    server = StaticServer(static_build)
    phone = Phone(browser, server, tmp_path / "profile")
    try:
        voyage = Voyage(phone)
        voyage.new_table()
        voyage.step(Action.make("shares_later", 0), [(voyage.me.button("Tell us at the end"), "tell later")])
        second = _second_tab(phone)
        second.page.goto(server.url + "/")
        follow = second.page.get_by_role("button", name="Follow the table here")
        follow.wait_for(timeout=30000)
        assert second.page.get_by_role("button", name="Use it here").is_visible()
        second.page.screenshot(path=str(Path(phone.shot("static-follow-first")).with_name(
            "static-follow-notice.png")))
        follow.click()
        _start(second)
        second.move(1)  # the first tab's table, at its move
        second.wait_text("This tab follows the table", exact=False, timeout=30000)
        # a move in the first tab shows in the second
        voyage.step(Action.make("shares_later", 1), [(voyage.me.button("Tell us at the end"), "tell later")])
        shown = time.perf_counter()
        second.move(2)
        lag = time.perf_counter() - shown
        print(f"\nthe follower showed the move {lag:.2f} s after the writer did")
        assert lag < 3.0
        second.wait_text("Now: Cho", exact=False)
        second.shot("static-follow-second-tab")
        # a tap in the follower that would write: refused, said, nothing changed
        follower = Player(second, Words("en"))
        follower.tap(follower.button("Tell us at the end"), "tell later (follower)")
        second.wait_text("Only the other tab can change the table", exact=False, timeout=15000)
        second.shot("static-follow-refused")
        second.move(2)
        phone.page.wait_for_timeout(1000)
        phone.move(2)
        phone.wait_text("Now: Cho", exact=False)
        # "Use it here": the second tab writes, the first says so; every move is there
        second.button("Use it here").click()
        phone.page.get_by_text("went on in another tab or window", exact=False).wait_for(timeout=30000)
        second.page.get_by_text("This tab follows the table", exact=False).wait_for(state="detached",
                                                                                   timeout=15000)
        voyage.phone, voyage.me = second, Player(second, Words("en"))
        voyage.step(Action.make("shares_later", 2), [(voyage.me.button("Tell us at the end"), "tell later")])
        second.page.close()
        phone.page.reload()
        _start(phone)
        phone.move(3)
        phone.wait_text("Now: Dan", exact=False)
        assert phone.outside == [] and server.missing() == [] and second.errors == []
    finally:
        phone.close()
        server.stop()


def test_a_following_tab_writes_once_the_writer_closes_and_says_so_when_a_third_takes_over(
        browser, static_build, tmp_path):
    """The writing tab closed: the tab that followed it writes from then on, with every move.
    A third tab's "Use it here" takes the lock from it (a lock it got by waiting: the page hears
    that too) and it says so."""
    server = StaticServer(static_build)
    phone = Phone(browser, server, tmp_path / "profile")
    try:
        voyage = Voyage(phone)
        voyage.new_table()
        voyage.step(Action.make("shares_later", 0), [(voyage.me.button("Tell us at the end"), "tell later")])
        second = _second_tab(phone)
        second.page.goto(server.url + "/")
        second.page.get_by_role("button", name="Follow the table here").click()
        _start(second)
        second.move(1)
        second.wait_text("This tab follows the table", exact=False, timeout=30000)
        phone.page.close()  # the writing tab closed
        second.page.get_by_text("This tab follows the table", exact=False).wait_for(state="detached",
                                                                                   timeout=30000)
        voyage.phone, voyage.me = second, Player(second, Words("en"))
        voyage.step(Action.make("shares_later", 1), [(voyage.me.button("Tell us at the end"), "tell later")])
        third = _second_tab(second)
        third.page.goto(server.url + "/")
        third.page.get_by_role("button", name="Use it here").click()
        _start(third)
        third.move(2)
        second.page.get_by_text("went on in another tab or window", exact=False).wait_for(timeout=30000)
        voyage.phone, voyage.me = third, Player(third, Words("en"))
        voyage.step(Action.make("shares_later", 2), [(voyage.me.button("Tell us at the end"), "tell later")])
        third.page.reload()
        _start(third)
        third.move(3)
        third.wait_text("Now: Dan", exact=False)
        assert phone.outside == [] and server.missing() == [] and second.errors == [] and third.errors == []
    finally:
        phone.close()
        server.stop()


#: the page's answers before its body is parsed: the service worker there at once, and a lock
#: asked for "if available" refused at once (it is held elsewhere)
EARLY = """(() => {
  const sw = navigator.serviceWorker;
  Object.defineProperty(sw, "register", {value: () => Promise.resolve({})});
  Object.defineProperty(sw, "ready", {value: Promise.resolve({})});
  Object.defineProperty(sw, "controller", {value: {}});
  const request = navigator.locks.request.bind(navigator.locks);
  navigator.locks.request = function (name, options, callback) {
    if (options && options.ifAvailable) {
      window.__early = document.body === null;
      return Promise.resolve(callback(null));
    }
    return request(name, options, callback);
  };
})()"""


def test_a_tab_told_the_app_is_open_elsewhere_before_its_page_is_read_still_says_so(browser, static_build):
    """The page's script runs in its head.  A second tab's service worker and lock can answer
    before the body is read (seen one load in eight here, and in CI as a blank second tab): the
    notice still shows, with its button, and nothing of the app starts."""
    server = StaticServer(static_build)
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        holder = context.new_page()  # a page of the same origin holds the writer's lock
        holder.goto(server.url + "/build-info.json")
        holder.evaluate("""() => new Promise((held) => navigator.locks.request("table-companion-writer",
                           () => { held(); return new Promise(() => {}); }))""")
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda e: errors.append(str(e)))
        tab.add_init_script(EARLY)
        tab.goto(server.url + "/")
        tab.get_by_text("open in another tab or window", exact=False).wait_for(timeout=15000)
        assert tab.evaluate("window.__early") is True  # the answer came before the body
        assert tab.get_by_role("button", name="Use it here").is_visible()
        assert errors == []
        assert tab.locator("flt-semantics-placeholder").count() == 0
    finally:
        context.close()
        server.stop()


def test_storage_full_in_the_static_build_says_so_and_keeps_the_table_as_it_was(browser, static_build, tmp_path):
    """Storage full, emulated where the app meets it: in the Python worker, IndexedDB refuses a
    write as a full quota does (the transaction aborted, a QuotaExceededError).  The next move
    cannot be kept; the screen says so and shows the table before it; a reload finds that; with
    room again, play goes on.  (Chromium's own quota emulation, CDP's
    Storage.overrideQuotaForOrigin, did not make these writes fail here.)"""
    server = StaticServer(static_build)
    phone = Phone(browser, server, tmp_path / "profile")
    try:
        voyage = Voyage(phone)
        voyage.new_table()
        voyage.step(Action.make("shares_later", 0), [(voyage.me.button("Tell us at the end"), "tell later")])
        python = next(w for w in phone.page.workers if "python-worker" in w.url)
        python.evaluate(FULL)
        voyage.me.tap(voyage.me.button("Tell us at the end"), "tell later (storage full)")
        phone.wait_text("This browser could not keep that change", exact=False, timeout=30000)
        phone.move(1)
        phone.wait_text("Now: Ben", exact=False)
        phone.shot("static-storage-full")
        phone.page.reload()
        phone.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=120000)
        phone.page.locator("flt-semantics-placeholder").dispatch_event("click")
        phone.move(1)  # what the browser kept
        phone.wait_text("Now: Ben", exact=False)
        # a new page's worker has its IndexedDB as it is: room again
        voyage.me.tap(voyage.me.button("Tell us at the end"), "tell later")
        phone.move(2)
        phone.page.reload()
        phone.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=120000)
        phone.page.locator("flt-semantics-placeholder").dispatch_event("click")
        phone.move(2)
        phone.wait_text("Now: Cho", exact=False)
        assert phone.outside == [] and server.missing() == []
    finally:
        phone.close()
        server.stop()


#: every file in the app's caches, by cache: its path under the folder and its content's sha-256
CACHED = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const files = {};
    for (const req of await cache.keys()) {
      const body = await (await cache.match(req)).arrayBuffer();
      const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
      files[new URL(req.url).pathname.slice(1)] = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
    }
    out[name] = files;
  }
  return out;
}"""
#: the cache of Python's memory (its snapshot, made by a launch): not a file of the folder
SNAPSHOT_CACHE = "table-companion-python-"


def _versions(cached: dict) -> set[str]:
    return {name for name in cached if not name.startswith(SNAPSHOT_CACHE)}
#: the service worker's next version installed and waiting (or active already)
UPGRADED = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  await reg.update().catch(() => null);
  for (let i = 0; i < 600 && !reg.waiting; i++) await new Promise((ok) => setTimeout(ok, 200));
  return !!reg.waiting;
}"""


def _launched(phone: Phone) -> str | None:
    """The app up on its home screen; which build's Python worker runs it (B's says so)."""
    phone.button("New table").wait_for(timeout=120000)
    worker = next(w for w in phone.page.workers if "python-worker" in w.url)
    return worker.evaluate("() => self.buildMark || null")


def test_an_upgrade_replaces_the_cached_version_whole_never_a_mix(browser, static_build, tmp_path):
    """Version A visited; then version B (a Python worker and a renderer file changed) at the
    same address.  The visit that finds B still runs all of A while B's whole cache is filled;
    the next launch runs B, and every file the app keeps is B's, offline too.  A's files are a
    month old (a browser's HTTP cache would deem them fresh for days, and it is on: no routing
    here): B's are fetched anew."""
    from companion.ui.hosts.build_web import seal

    a, b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(static_build, a)
    old = time.time() - 30 * 86400
    for path in a.rglob("*"):
        os.utime(path, (old, old))
    shutil.copytree(a, b)
    worker = b / "python-worker.js"
    worker.write_text(worker.read_text(encoding="utf-8") + '\nself.buildMark = "B";\n', encoding="utf-8")
    renderer = b / "main.dart.mjs"
    renderer.write_text(renderer.read_text(encoding="utf-8") + "\n// version B\n", encoding="utf-8")
    version_a = json.loads((a / "build-info.json").read_text(encoding="utf-8"))["version"]
    version_b = seal(b)["version"]
    assert version_a != version_b
    profile = tmp_path / "profile"

    server = StaticServer(a)
    port = server.port
    phone = Phone(browser, server, profile, http_cache=True)
    try:
        assert _launched(phone) is None
        cached = phone.page.evaluate(CACHED)
        assert _versions(cached) == {"table-companion-" + version_a}
    finally:
        phone.close()
        server.stop()

    server = StaticServer(b, port)  # the upgrade, at the same address
    try:
        phone = Phone(browser, server, profile, http_cache=True)
        try:
            assert _launched(phone) is None  # A's, whole, while B installs beside it
            assert phone.page.evaluate(UPGRADED)
        finally:
            phone.close()  # A's last tab closed: B takes over at the next launch
        phone = Phone(browser, server, profile, http_cache=True)
        try:
            assert _launched(phone) == "B"
            cached = phone.page.evaluate(CACHED)
            assert _versions(cached) == {"table-companion-" + version_b}
            files = cached["table-companion-" + version_b]
            # the packed ones too (decoded by the service worker): each the very bytes of B's file
            assert {"python-worker.js", "main.dart.mjs", "index.html", "site.pack", "main.dart.wasm",
                    "pyodide/pyodide.asm.wasm", "canvaskit/skwasm.wasm"} <= set(files)
            mixed = [f for f, sha in files.items() if sha != hashlib.sha256((b / f).read_bytes()).hexdigest()]
            assert mixed == []
            assert phone.outside == [] and server.missing() == []
        finally:
            phone.close()
    finally:
        server.stop()

    offline = StaticServer.__new__(StaticServer)
    offline.url = server.url
    phone = Phone(browser, offline, profile, offline=True, http_cache=True)
    try:
        assert _launched(phone) == "B"
        assert _versions(phone.page.evaluate(CACHED)) == {"table-companion-" + version_b}
        assert phone.errors == []
    finally:
        phone.close()


def _dark(phone: Phone) -> bool:
    """Most of the screen is dark (the dark theme drawn, not only chosen)."""
    import io

    from PIL import Image

    picture = Image.open(io.BytesIO(phone.page.screenshot())).convert("L")
    return sorted(picture.tobytes())[picture.width * picture.height // 2] < 80


def test_every_game_starts_a_new_table_in_the_static_build_in_the_dark_theme(browser, static_build, tmp_path):
    """Each of the 13 games: New table, its players, Start: its first screen says the first
    decision (the engine's own words for it, worked out beside).  The dark theme chosen once
    in Settings, and drawn."""
    from companion.registry import GAMES
    from companion.ui.labels import game_title
    from companion.ui.viewmodels import now_text

    server = StaticServer(static_build)
    phone = Phone(browser, server, tmp_path / "profile")
    try:
        phone.click("Settings")
        phone.page.get_by_role("radio", name="Dark").click()
        phone.page.wait_for_timeout(500)
        phone.tap("Back")
        phone.button("New table").wait_for(timeout=30000)
        assert _dark(phone)
        assert len(GAMES) == 13
        for game_id in GAMES:
            game = get_game(game_id)
            title = game_title(game_id, "en")
            phone.click("New table")
            phone.wait_text("Pick a game")
            phone.scroll_to_text(title)
            phone.page.get_by_role("button", name=re.compile(rf"^{re.escape(title)}(?!\w)")).first.click()
            phone.wait_text("Players in seat order")
            seats = phone.page.get_by_label(re.compile(r"^Seat \d+$")).count()  # the form's own count
            players = NAMES[:seats]
            assert game.min_players <= seats <= game.max_players, game_id
            expected, _ = now_text(game, game.new_state(game.setup(players, {})), players, "en")
            for seat, name in enumerate(players, start=1):
                phone.fill(f"Seat {seat}", name)
            phone.page.wait_for_timeout(400)
            phone.click("Start the table")
            phone.wait_text(expected[:40], exact=False, timeout=30000)
            phone.menu("Home")
        assert _dark(phone)
        assert phone.outside == [] and server.missing() == [] and phone.errors == []
    finally:
        phone.close()
        server.stop()


def test_the_static_folder_names_only_its_own_files(static_build):
    """The service worker's list names files that are in the folder; Python's packages come
    installed ahead in one file (nothing for micropip or Pyodide to look up), the app's without
    the server's modules, babel's locale data cut, compiled to bytecode by the browser's Python."""
    from companion.ui.hosts.build_web import KEPT_SOURCES, SITE_PACK, read_pack

    sw = (static_build / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw).group(1))
    assert {"index.html", SITE_PACK, "python-worker.js", "pyodide/pyodide.asm.wasm",
            "pyodide/python_stdlib.zip"} <= set(files)
    assert all((static_build / f).is_file() for f in files)
    lock = json.loads((static_build / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {} and not list((static_build / "pyodide").glob("*.whl"))
    html = (static_build / "index.html").read_text(encoding="utf-8")
    assert "cdn.jsdelivr" not in html and "gstatic" not in html
    assert b"cdn.jsdelivr.net/npm/@rive-app" not in (static_build / "main.dart.js").read_bytes()
    assert 'serviceWorkerVersion: "' not in (static_build / "flutter_bootstrap.js").read_text(encoding="utf-8")
    info = json.loads((static_build / "build-info.json").read_text(encoding="utf-8"))
    code = ".pyc" if info["bytecode"] else ".py"  # compiled when the build had node

    site = read_pack((static_build / SITE_PACK).read_bytes())
    assert f"companion/ui/hosts/browser{code}" in site and f"companion/ui/app{code}" in site
    assert f"flet/__init__{code}" in site and any(n.startswith("msgpack/_cmsgpack") for n in site)
    assert not any(n.startswith(("companion/ui/hosts/server.", "companion/ui/web_cache.", "companion/ui/offline_web."))
                   for n in site)
    assert "companion/_data/locales/zh_Hant/LC_MESSAGES/companion.mo" in site
    assert any(n.startswith("companion/_data/rules_data/manila/") for n in site)
    assert "babel/locale-data/zh_Hant.dat" in site and "babel/locale-data/fr.dat" not in site
    assert not {n.split("/")[0] for n in site} & {"uvicorn", "fastapi", "starlette", "flet_web", "micropip"}
    import zipfile

    # the rules search's index built ahead, of the very rules and code in the site: the first
    # search in the browser loads it (no thread there to build it while the page opens); the
    # sources it is checked against are there to be read
    from companion.rules import search

    index_file = "companion/rules/data/search_index.bin"
    assert site[index_file].split(b"\n", 1)[0].split()[2].decode() == search.source_hash()
    assert all(name in site for name in KEPT_SOURCES)
    stdlib = set(zipfile.ZipFile(static_build / "pyodide" / "python_stdlib.zip").namelist())
    assert f"asyncio/__init__{code}" in stdlib and f"sqlite3/__init__{code}" in stdlib
    assert not any(n.startswith(("unittest/", "idlelib/", "tkinter/")) for n in stdlib)
    if info["bytecode"]:
        # nothing of the app compiled at a launch (each of its modules is loaded at build time:
        # bytecode), but the sources the search's index is checked against; of the rest, only
        # modules that importing the app never loads come as sources (pybabel's catalog tools)
        assert [n for n in site if n.startswith("companion/") and n.endswith(".py")] \
            == sorted([*KEPT_SOURCES, "companion/__main__.py"])
        assert "flet/__init__.pyc" in site and "babel/core.pyc" in site and "typing.pyc" in stdlib
        assert "babel/messages/pofile.py" in site and "babel/messages/frontend.py" not in site
        assert info["bytecode"].startswith("3.14")
    names = {json.loads((static_build / f"manifest.{lang}.json").read_text(encoding="utf-8"))["name"]
             for lang in ("en", "zh_Hans", "zh_Hant")}
    assert len(names) == 3  # the app's name in each language


def test_a_table_exported_from_the_static_build_imports_on_another_phone_and_when_served(browser, static_build,
                                                                                        tmp_path):
    """Export and import as files (issue 32): a Manila table three moves in is exported from the
    static build (a download in the browser, nothing sent anywhere), imported on another phone
    (a fresh browser profile, the file chosen in the browser's file chooser, which opens though
    Python is busy at the tap) at the same move, kept there across a reload, and the same file
    imports into the served app's store."""
    server = StaticServer(static_build)
    phone = Phone(browser, server, tmp_path / "first")
    actions = [Action.make("shares_later", seat) for seat in range(3)]
    try:
        voyage = Voyage(phone)
        voyage.new_table()
        for action in actions:
            voyage.step(action, [(voyage.me.button("Tell us at the end"), "tell later")])
        phone.wait_text("Now: Dan", exact=False)
        phone.tap("More")
        with phone.page.expect_download(timeout=30000) as got:
            phone.page.get_by_role("menuitem", name="Export").or_(
                phone.page.get_by_role("button", name="Export")).first.click()
        download = got.value
        assert download.failure() is None
        saved = tmp_path / download.suggested_filename
        download.save_as(saved)
        phone.wait_text("downloaded to this device", exact=False)
        assert phone.outside == [] and server.missing() == [] and phone.errors == []
    finally:
        phone.close()
    try:
        # the table's full export: its game, its players, the three moves, at move 3
        assert re.fullmatch(r"manila-[0-9a-f-]+-\d{8}-\d{6}\.json", saved.name), saved.name
        exported = json.loads(saved.read_text(encoding="utf-8"))
        assert exported["format"] == "table-companion" and exported["version"] == 2
        assert exported["game"] == "manila" and exported["setup"]["players"] == NAMES
        assert exported["log"] == [a.to_json() for a in actions] and exported["cursor"] == 3
        assert len(exported["story"]) == 3

        other = Phone(browser, server, tmp_path / "second")  # another phone: nothing of the first's
        try:
            other.button("Import a table").wait_for(timeout=30000)
            assert other.page.get_by_text("Resume a table").count() == 0
            other.click("Import a table")
            other.wait_text("Choose a file on this device")
            # Python busy when the tap comes (as a slow phone's can be): a browser opens a chooser
            # only while it still counts the tap (Chromium 5 s; iOS Safari, Flet's documentation
            # says, not after a round trip to Python), so the tap's own client action opens it
            python = next(w for w in other.page.workers if "python-worker" in w.url)
            python.evaluate(BUSY)
            with other.page.expect_file_chooser(timeout=5000) as chooser:
                other.click("Choose a file on this device")
            chooser.value.set_files(str(saved))
            other.move(3)  # the imported table open at the same move
            other.wait_text("Now: Dan", exact=False)
            other.shot("static-imported-table")
            other.page.reload()  # and kept in this browser's storage
            _start(other)
            other.move(3)
            other.wait_text("Now: Dan", exact=False)
            assert other.outside == [] and server.missing() == [] and other.errors == []
        finally:
            other.close()
    finally:
        server.stop()

    # the same file onto a café's server: the served app's import replays it to the same table
    store = Store(tmp_path / "served.db")
    try:
        stored = import_data(store, saved.read_bytes())
        reopened = store.open_table(stored.id)
        assert reopened.session.cursor == 3 and reopened.setup.players == tuple(NAMES)
        assert reopened.state == voyage.state
    finally:
        store.close()


def _top_level_imports(tree, package: str) -> set[str]:
    """The modules a module's own top level imports (what runs when it is imported: its body,
    class bodies, ``if``/``with`` blocks), absolute; not inside functions, not under
    ``if TYPE_CHECKING``, ``__main__`` or another platform's branch, not in a ``try`` that catches ImportError (optional by design)."""
    import ast

    found: set[str] = set()

    def visit(body) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*up, node.module] if node.module else up)
                else:
                    base = node.module
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
            elif isinstance(node, ast.If):
                test = ast.unparse(node.test)
                # not under TYPE_CHECKING, a script's own __main__, another platform's branch
                if not any(w in test for w in ("TYPE_CHECKING", "__main__", "win32", "'nt'", "darwin")):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                caught = " ".join(ast.unparse(h.type) for h in node.handlers if h.type is not None)
                if not any(e in caught for e in ("ImportError", "ModuleNotFoundError", "Exception")) \
                        and any(h.type is not None for h in node.handlers):
                    visit(node.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, (ast.ClassDef, ast.With)):
                visit(node.body)

    visit(tree.body)
    return found


def test_every_module_the_packed_code_imports_at_its_top_level_is_in_the_static_build(static_build):
    """The standard library goes in trimmed (to what importing the app and its every module
    loaded in Pyodide, and what that code names): no module the app's packages, or the standard
    library's modules kept, import at their top level may be left out of it.  Read statically
    from the sources (the app's checkout, the installed packages, Pyodide's own standard library)."""
    import ast
    import importlib.metadata as md
    import zipfile

    from companion.ui.hosts.build_web import PURE, SERVER_ONLY, SITE_PACK, read_pack
    from companion.ui.offline_web import flet_web_dir

    site = read_pack((static_build / SITE_PACK).read_bytes())
    packed = {n.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
              for n in site if n.endswith((".py", ".pyc"))}
    packed |= {n.split("/")[0] for n in site if n.endswith(".so")}  # msgpack's C extension
    kept = {n.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
            for n in zipfile.ZipFile(static_build / "pyodide" / "python_stdlib.zip").namelist()
            if n.endswith((".py", ".pyc"))}
    stock_zip = zipfile.ZipFile(flet_web_dir() / "pyodide" / "python_stdlib.zip")
    stock = {n[:-3].replace("/", ".").removesuffix(".__init__"): n for n in stock_zip.namelist() if n.endswith(".py")}

    sources: dict[str, tuple[str, bytes]] = {}  # module -> (its package, source)
    root = Path(__file__).resolve().parents[2]
    for path in (root / "companion").rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        if rel not in SERVER_ONLY and "__pycache__" not in rel:
            name = rel[:-3].replace("/", ".").removesuffix(".__init__")
            sources[name] = (name if path.name == "__init__.py" else name.rpartition(".")[0], path.read_bytes())
    for dist_name in PURE:
        for f in md.distribution(dist_name).files or ():
            rel = f.as_posix()
            if rel.endswith(".py") and not rel.startswith("..") and ".dist-info/" not in rel:
                name = rel[:-3].replace("/", ".").removesuffix(".__init__")
                sources[name] = (name if rel.endswith("__init__.py") else name.rpartition(".")[0],
                                 Path(md.distribution(dist_name).locate_file(f)).read_bytes())
    tops = {n.split(".")[0] for n in packed}
    missing, unread, todo, seen = [], [], sorted(n for n in sources if n in packed), set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in sources:
            package, text = sources[name]
        else:
            package = name if stock[name].endswith("__init__.py") else name.rpartition(".")[0]
            text = stock_zip.read(stock[name])
        try:
            tree = ast.parse(text)
        except SyntaxError:  # Pyodide's 3.14 syntax that this Python cannot read
            unread.append(name)
            continue
        for mod in _top_level_imports(tree, package):
            parts = mod.split(".")
            for i in range(1, len(parts) + 1):
                sub = ".".join(parts[:i])
                if sub in stock:  # a module of the standard library: it must be kept
                    if sub not in kept:
                        missing.append(f"{name} imports {sub}")
                    todo.append(sub)
                elif parts[0] in tops and i == 1 and sub not in packed:
                    missing.append(f"{name} imports {sub}")
                elif sub in packed and sub in sources:
                    todo.append(sub)
    assert not missing, sorted(set(missing))
    assert len(seen) > 600 and len(unread) < len(seen) // 20, (len(seen), unread)
