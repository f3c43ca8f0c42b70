"""Several devices at one table (issue 11), in real headless Chromium.

* three browser contexts on one table while three writers race moves, undos,
  redos and corrections: the stored log is exactly what the accepted
  acknowledgements say, the write counter has no gap or duplicate, every
  device ends up showing the same move, and no device shows an error;
* per-device settings: a second browser does not land on the first one's table;
* a player's own phone shows his secret, the shared screen and the other
  devices do not; a device without the join code gets nothing of the table;
* screenshots of the invite screen (join code + QR code) in three languages;
* the server stops cleanly on SIGTERM and SIGINT.
"""

from __future__ import annotations

import json
import random
import re
import signal
import threading
import time
from pathlib import Path

import pytest

from companion import access
from companion.core import Action, IllegalAction, RefereeError
from companion.core.errors import StaleTable
from companion.i18n import Translator
from companion.registry import get_game
from companion.storage import Store

from conftest import PHONE, TABLET, Screen, Server

ERRORS = ("Error running app", "Traceback", "Exception")


def move(n: int) -> "re.Pattern[str]":
    """The move number under the table's title (its semantics may join it to the title)."""
    return re.compile(rf"(^|\s)Move {n}$")


def no_error_overlay(screen: Screen) -> None:
    body = screen.page.locator("body").inner_text()
    for marker in ERRORS:
        assert marker not in body, body[:500]


def new_tab(screen: Screen) -> None:
    """The same device (browser storage) in a new tab: a new app session.  (A
    reload keeps Flet's session, and with it the screen as it was.)"""
    old = screen.page
    screen.page = screen.context.new_page()
    screen.page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(screen.server.url) else r.abort())
    screen.open()
    old.close()


def tap_if_enabled(screen: Screen, label: str) -> bool:
    try:
        screen.page.get_by_label(label, exact=True).first.click(timeout=600)
        screen.page.wait_for_timeout(100)
        return True
    except Exception:  # noqa: BLE001 - disabled or being redrawn: a refused tap
        return False


# ----- racing ---------------------------------------------------------------------------
def model(acks: list[dict]) -> tuple[list[dict], int]:
    """The log and cursor the accepted writes describe, in rev order."""
    log: list[dict] = []
    cursor = 0
    for ack in acks:
        if ack["op"] == "apply":
            del log[cursor:]
            log.append(ack["action"])
            cursor += 1
        elif ack["op"] == "undo":
            cursor -= 1
        elif ack["op"] == "redo":
            cursor += 1
        assert 0 <= cursor <= len(log)
    return log, cursor


def racer(path: Path, table_id: str, seed: int, attempts: int, acks: list[dict], lock: threading.Lock,
          deadline: float, attempts_made: list[int]) -> None:
    """One device writing through its own connection: random legal moves,
    undos, redos and weather corrections, each acknowledged only if stored."""
    rng = random.Random(seed)
    store = Store(path)
    table = store.open_table(table_id)
    game = table.game
    try:
        for _ in range(attempts):
            if time.time() > deadline:
                break
            time.sleep(rng.uniform(0.01, 0.1))  # spread the racing over the browsers' taps
            with lock:
                attempts_made.append(seed)
            roll = rng.random()
            try:
                if roll < 0.6:
                    legal = game.legal_actions(table.state)
                    if not legal:
                        continue
                    action = rng.choice(legal)
                    table.apply(action)
                    entry = {"op": "apply", "action": action.to_json()}
                elif roll < 0.75:
                    table.undo()
                    entry = {"op": "undo", "action": None}
                elif roll < 0.85:
                    table.redo()
                    entry = {"op": "redo", "action": None}
                else:
                    action = Action.make("correct_weather", None, weather=rng.choice([0, 1, 2, 3]))
                    table.apply(action)
                    entry = {"op": "apply", "action": action.to_json()}
            except StaleTable:
                continue  # another device wrote first: this one reloaded; nothing was stored
            except (IllegalAction, RefereeError):
                continue
            with lock:
                acks.append({**entry, "rev": table.rev, "device": f"racer{seed}"})
    finally:
        store.close()


def quiet_journal(journal: Path, quiet: float = 5.0, timeout: float = 60.0) -> None:
    """Wait until the server's journal of accepted taps has not grown for
    ``quiet`` seconds (a refused tap writes neither to it nor to the table)."""
    def lines() -> int:
        return len(journal.read_text(encoding="utf-8").splitlines()) if journal.exists() else 0
    last, since, deadline = lines(), time.time(), time.time() + timeout
    while time.time() < deadline and time.time() - since < quiet:
        time.sleep(0.2)
        now = lines()
        if now != last:
            last, since = now, time.time()


def test_three_devices_race_on_one_table(browser, tmp_path, monkeypatch):
    journal = tmp_path / "acks.jsonl"
    monkeypatch.setenv("COMPANION_ACK_LOG", str(journal))
    store = Store(tmp_path / "companion.db")
    game = get_game("niagara")
    table_id = store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {})).id
    store.set_setting("open_table", table_id)  # every fresh device starts on it
    store.close()
    server = Server(tmp_path)
    screens: list[Screen] = []
    try:
        screens = [Screen(browser, server, PHONE) for _ in range(3)]
        for screen in screens:
            screen.wait_text(move(0))
        acks: list[dict] = []
        attempts_made: list[int] = []
        lock = threading.Lock()
        deadline = time.time() + 90
        threads = [threading.Thread(target=racer, args=(tmp_path / "companion.db", table_id, seed, 130, acks,
                                                        lock, deadline, attempts_made)) for seed in (1, 2, 3)]
        for t in threads:
            t.start()
        rng = random.Random(7)
        taps = 0
        while any(t.is_alive() for t in threads) and time.time() < deadline:
            screen = rng.choice(screens)
            if tap_if_enabled(screen, rng.choice(["Undo", "Redo"])):
                taps += 1
        for t in threads:
            t.join()
        for _ in range(40):  # then the browsers alone, racing each other inside the server
            taps += tap_if_enabled(rng.choice(screens), rng.choice(["Undo", "Redo", "Undo"]))
        for _ in range(6):  # a few real taps after the racing stops, each on an up-to-date screen
            for screen in screens:
                screen.page.wait_for_timeout(1300)
                taps += tap_if_enabled(screen, "Undo")
        # a click returns before the server has taken it: on a loaded machine (both workers running
        # Chromium) the last accepted one was stored after the table was read below -- 1.4 s after
        # its click -- and every screen rightly showed the move past the one expected
        quiet_journal(journal)
        served = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()] \
            if journal.exists() else []
        everything = sorted(acks + served, key=lambda a: a["rev"])
        assert len(attempts_made) >= 300, len(attempts_made)  # hundreds of racing writes tried
        assert len(acks) >= 100, len(acks)  # and many accepted (the others refused as stale or illegal)
        assert served, "no tap of a browser was accepted"
        # one write per rev: no gap, no duplicate
        assert [a["rev"] for a in everything] == list(range(1, len(everything) + 1))
        expected_log, expected_cursor = model(everything)
        check = Store(tmp_path / "companion.db")
        stored = check.open_table(table_id)
        assert stored.rev == len(everything)
        assert stored.session.cursor == expected_cursor
        assert [a.to_json() for a in stored.session.log[:len(expected_log)]] == expected_log
        assert len(stored.session.log) == len(expected_log)
        check.close()
        for screen in screens:
            screen.wait_text(move(expected_cursor), timeout=30000)  # 15 s ran out once with other tests loading both cores
            no_error_overlay(screen)
        screens[0].shot("multidevice-race-end")
        print(f"race: {len(attempts_made)} racing writes tried, {len(acks)} by the racers and {len(served)} by browser taps accepted "
              f"({taps} taps tried), final rev {len(everything)}, cursor {expected_cursor}")
    finally:
        for screen in screens:
            screen.close()
        server.stop()


# ----- per-device settings ----------------------------------------------------------------
def test_a_second_browser_does_not_land_on_the_first_ones_table(browser, server):
    store = Store(Path(server.log.name).parent / "companion.db")
    game = get_game("niagara")
    store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {}))
    store.close()
    first = Screen(browser, server, PHONE)
    second = Screen(browser, server, PHONE)
    try:
        first.wait_text("Resume a table")
        first.text("Ann, Bo, Cy").click()
        first.wait_text(move(0))
        new_tab(first)
        first.wait_text(move(0))  # the same device comes back to its own table
        new_tab(second)
        second.wait_text("Resume a table")  # another browser starts at home
        assert second.text(move(0)).count() == 0
        first.menu("Home")
        first.click("Settings")
        first.page.get_by_role("radio", name="简体中文").click()
        first.wait_text("语言")
        first.page.wait_for_timeout(500)
        new_tab(first)
        first.wait_text("桌游助手")  # the language belongs to the device that chose it
        new_tab(second)
        second.wait_text("Table Companion")
        assert second.text("桌游助手").count() == 0
        for screen in (first, second):
            no_error_overlay(screen)
    finally:
        first.close()
        second.close()


def test_a_count_half_typed_on_one_phone_survives_another_phones_entry(browser, tmp_path):
    """At the end of a Dominion game each player counts their deck.  One
    phone has Bob's and Cid's counts typed in, the other confirms Ann's: the
    redraw it brings used to empty both fields on the first phone."""
    store = Store(tmp_path / "companion.db")
    game = get_game("dominion")
    table = store.create_table(game, game.setup(["Ann", "Bob", "Cid"], {"gardens": True}))
    for action in (Action.make("correct_supply", None, card="province", count=1),
                   Action.make("gain", 0, card="gardens"), Action.make("gain", 0, card="province"),
                   Action.make("end_turn", 0)):
        table.apply(action)
    store.set_setting("open_table", table.id)
    store.close()
    server = Server(tmp_path)
    mine = other = None
    try:
        mine, other = Screen(browser, server, PHONE), Screen(browser, server, PHONE)
        for screen in (mine, other):
            screen.wait_text("Cards owned")
        mine.fill("Bob", "21")
        mine.fill("Cid", "7")
        other.fill("Ann", "14")
        other.click("Confirm")
        mine.wait_text("Ann owns 14 cards", exact=False)
        mine.shot("multidevice-count-kept")  # Bob 21 and Cid 7 still in their fields
        mine.click("Confirm")  # Bob's, as it stands: the phone sends nothing new
        other.wait_text("Bob owns 21 cards", exact=False)
        mine.wait_text("Bob owns 21 cards", exact=False)
        mine.click("Confirm")  # Cid's
        mine.wait_text("Cid owns 7 cards", exact=False)
        assert no_error_overlay(mine) is None
    finally:
        for screen in (mine, other):
            if screen is not None:
                screen.close()
        server.stop()


# ----- seats and secrets on a LAN -----------------------------------------------------------
def LanServer(data_dir: Path) -> Server:  # noqa: N802 - reads as the server it starts
    """``companion serve --host 0.0.0.0``: every table needs its join code."""
    return Server(data_dir, host="0.0.0.0")


def start_modern_art(host: Screen) -> None:
    host.wait_text("New table")
    host.click("New table")
    host.scroll_to_text("Modern Art").click()
    host.page.wait_for_timeout(500)
    for i, name in enumerate(["Ann", "Bo", "Cy"]):
        host.fill(f"Seat {i + 1}", name)
    host.scroll_to_text("Start the table").click()
    host.wait_text(move(0))


def test_own_phone_shows_own_secret_and_strangers_get_nothing(browser, tmp_path):
    server = LanServer(tmp_path)
    host = bo = cy = stranger = None
    try:
        host = Screen(browser, server, TABLET)
        start_modern_art(host)
        host.click("Invite players")
        host.wait_text("Other phones join this table with this code:")
        store = Store(tmp_path / "companion.db")
        (info,) = store.list_tables()
        code = access.for_store(store).code(info.id)
        # Bo's money differs from everyone's, so a leak would show: a correction,
        # then an ordinary move so the last action shown is not the correction
        table = store.open_table(info.id)
        table.apply(Action.make("correct_money", None, seat=1, money=37))
        table.apply(Action.make("first_seller", None, seller=0))
        store.close()

        stranger = Screen(browser, server, PHONE)
        stranger.wait_text("Join a table")
        body = stranger.page.locator("body").inner_text()
        assert "Ann" not in body and "Resume a table" not in body  # no table listed
        stranger.click("Join a table")
        stranger.fill("Join code", "AAAAAA")
        stranger.click("Join the table")
        stranger.wait_text("No table has this join code.")

        bo = Screen(browser, server, PHONE)
        bo.click("Join a table")
        bo.fill("Join code", code)
        bo.click("Join the table")
        bo.wait_text("Claim a seat", exact=False)
        bo.click("Claim a seat")
        bo.fill("PIN for your seat", "432100")
        bo.click("Bo", exact=True)
        bo.wait_text("Waiting for the host to approve.")
        host.wait_text("A device asks for Bo's seat.")
        host.shot("multidevice-host-approve")
        host.click("Approve")
        bo.wait_text("You are Bo. Only this device shows your secrets.", timeout=15000)
        bo.wait_text("Your money: 37")
        bo.shot("multidevice-own-secret")

        cy = Screen(browser, server, PHONE)  # opens the QR code's address
        cy.page.goto(f"{server.url}/?join={code}")
        cy.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
        cy.page.locator("flt-semantics-placeholder").dispatch_event("click")
        cy.wait_text(move(2))
        cy.click("Claim a seat")
        cy.fill("PIN for your seat", "111100")
        cy.click("Cy", exact=True)
        host.wait_text("A device asks for Cy's seat.")
        host.click("Approve")
        cy.wait_text("Your money: 100")  # the rulebook's starting money

        host.click("Back to the table")
        host.wait_text(move(2))
        for screen in (host, cy):
            body = screen.page.locator("body").inner_text()
            assert "37" not in body, body[:400]
        assert "Your money" not in host.page.locator("body").inner_text()
        for screen in (host, bo, cy, stranger):
            no_error_overlay(screen)
        # the stranger still sees nothing of the table
        new_tab(stranger)
        stranger.wait_text("Join a table")
        assert "Ann" not in stranger.page.locator("body").inner_text()
    finally:
        for screen in (host, bo, cy, stranger):
            if screen is not None:
                screen.close()
        server.stop()
        print((tmp_path / "server.log").read_text(encoding="utf-8")[-12000:])


def test_foreign_host_and_origin_are_refused(tmp_path):
    import urllib.error
    import urllib.request

    server = LanServer(tmp_path)
    try:
        ok = urllib.request.urlopen(urllib.request.Request(server.url + "/"), timeout=10)
        assert ok.status == 200
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(server.url + "/", headers={"Host": "evil.example"}),
                                   timeout=10)
        assert refused.value.code == 403
    finally:
        server.stop()


# ----- the invite screen, three languages, phone and tablet ---------------------------------
@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_invite_screen_screenshots(browser, tmp_path, lang):
    data = tmp_path
    store = Store(data / "companion.db")
    game = get_game("manila")
    table_id = store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {})).id
    store.set_setting("open_table", table_id)
    store.set_setting("lang", lang)
    # Bo on his phone, a second device asking for his seat, a wrong PIN for Cy's: what the host sees
    guard = access.for_store(store)
    bo = access.Who("b" * 24, "192.168.1.21", "Mozilla/5.0 (Linux; Android 14) Chrome/124.0", False)
    guard.claim(table_id, bo, 1, "246802")
    guard.approve(table_id, guard.requests(table_id)[0]["id"])
    cy = access.Who("c" * 24, "192.168.1.23", "Mozilla/5.0 (Linux; Android 14) Chrome/124.0", False)
    guard.claim(table_id, cy, 2, "135791")
    guard.approve(table_id, guard.requests(table_id)[0]["id"])
    stranger = access.Who("s" * 24, "192.168.1.66", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4) Version/17.4 Safari/604.1",
                          False)
    try:
        guard.claim(table_id, stranger, 2, "000000")
    except access.Denied:
        pass
    guard.claim(table_id, stranger, 1, "246802")  # the right PIN: a takeover, for the host to approve
    # issue 35: Ann's seat locked by 10 wrong PINs; 10 wrong codes, then a device with the right one waits
    ann = access.Who("a" * 24, "192.168.1.20", "Mozilla/5.0 (Linux; Android 14) Chrome/124.0", False)
    guard.claim(table_id, ann, 0, "482916")
    guard.approve(table_id, guard.request_of(table_id, ann.token)["id"])
    code = guard.code(table_id)
    for n in range(access.PIN_LOCK):
        with pytest.raises(access.Denied):
            guard.claim(table_id, access.Who(f"g{n}".ljust(24, "x"), f"192.168.2.{n}", "", False), 0, f"{100000 + n}")
    for n, guess in enumerate(c for c in ("ACDEF" + a for a in access.ALPHABET[:11]) if c != code):
        if n < access.CODE_BUDGET:
            with pytest.raises(access.Denied):
                guard.join(guess, access.Who(f"j{n}".ljust(24, "x"), f"192.168.3.{n}", "", False))
    with pytest.raises(access.JoinWaiting):
        guard.join(code, access.Who("w" * 24, "192.168.1.31", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4) "
                                    "Version/17.4 Safari/604.1", False))
    store.close()
    _ = Translator(lang).gettext
    server = LanServer(data)  # a table without a recorded creator: the server computer's browser hosts it
    try:
        for size, viewport in (("phone", PHONE), ("tablet", TABLET)):
            screen = Screen(browser, server, viewport)
            try:
                screen.click(_("Invite players"))
                try:
                    screen.wait_text(_("Other phones join this table with this code:"))
                except Exception:  # noqa: BLE001 - seen once in a full run (2026-12-08): the app bar
                    # drawn, the body blank for 20 s; the host reopens the page, as a person would
                    screen.page.reload()
                    screen.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
                    screen.page.locator("flt-semantics-placeholder").dispatch_event("click")
                    invite = screen.text(_("Other phones join this table with this code:"))
                    invite.or_(screen.button(_("Invite players"))).first.wait_for(timeout=40000)
                    if not invite.count():  # reopened at the table: the invitation asked for again
                        screen.click(_("Invite players"))
                    screen.wait_text(_("Other phones join this table with this code:"), timeout=40000)
                path = screen.shot(f"{size}-{lang}-join-qr")
                screen.scroll_to_text(_("Let in"))
                screen.shot(f"{size}-{lang}-join-let-in")
                screen.scroll_to_text(_("Approve"))
                screen.shot(f"{size}-{lang}-join-requests")
                screen.scroll_to_text(_("Unlock {name}'s seat", name="Ann"))
                screen.page.mouse.wheel(0, 3000)  # the seats close the page
                screen.page.wait_for_timeout(400)
                screen.shot(f"{size}-{lang}-join-locked")
                if path.stat().st_size <= 10_000:  # caught mid-reconnect on a loaded machine: once more
                    screen.wait_text(_("Other phones join this table with this code:"))
                    path = screen.shot(f"{size}-{lang}-join-qr")
                assert path.stat().st_size > 10_000
                no_error_overlay(screen)
            finally:
                screen.close()
    finally:
        server.stop()


# ----- stopping -------------------------------------------------------------------------------
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_serve_stops_cleanly_on_signal(tmp_path, sig):
    server = Server(tmp_path)
    try:
        server.proc.send_signal(sig)
        assert server.proc.wait(15) == 0
    finally:
        if server.proc.poll() is None:
            server.proc.kill()
        server.log.close()
