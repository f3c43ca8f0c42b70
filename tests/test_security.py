"""A hostile guest on the café's Wi-Fi (issue 22), as explicit cases.

The app's real web server runs in this process (``tests/wire.py``); phones and
attackers are clients speaking Flet's websocket protocol from simulated
addresses: storage that refuses or never answers, any token in their storage,
events for any control id.  Time in the limiter is a fake clock: no sleeps.
Each case failed on the main branch before issue 22; the figures in the
docstrings are the issue's own trials.
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.request

import pytest

from companion import access
from companion.core import Action
from companion.ui import app as appmod
from wire import IPHONE_AGENT, LiveServer, WireClient

MOVE = re.compile(r"^Move (\d+)$")
CODE = re.compile(r"^[A-Z0-9]{3} [A-Z0-9]{3}$")
STALE = "Another device changed this table first. Showing the table as it is now."


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = LiveServer(tmp_path_factory.mktemp("security"))
    yield srv
    srv.stop()


@pytest.fixture
def clock(server):
    """The limiter's and the records' clock, moved by hand."""
    now = [time.time()]
    guard = access.for_store(server.store)
    old = guard.clock
    guard.clock = lambda: now[0]
    yield now
    guard.clock = old


@pytest.fixture
def clients(server):
    made: list[WireClient] = []

    def make(address: str, **kwargs) -> WireClient:
        client = WireClient(server, address=address, **kwargs)
        made.append(client)
        return client

    yield make
    for client in made:
        assert client.crashes == [], client.crashes
        client.close()


_net = iter(range(2, 250))


def subnet() -> str:
    """A fresh 10.x.y network for each test (the limiter counts per address)."""
    return f"10.22.{next(_net)}"


# ----- steps a person (or a script) takes ---------------------------------------------------------
def move_number(client: WireClient) -> int:
    for text in client.texts():
        found = MOVE.match(text)
        if found:
            return int(found.group(1))
    raise AssertionError(f"no move number on {client.texts()[:40]}")


def new_table(client: WireClient, game: str, names: list[str]) -> str:
    client.wait_text("New table")
    client.click("New table")
    client.wait_text("Pick a game")
    client.click(game)
    client.wait_text("Seat 1")
    for i, name in enumerate(names):
        client.type(f"Seat {i + 1}", name)
    client.click("Start the table")
    client.wait_text("Move 0")
    store = client.server.store
    return max(store.list_tables(), key=lambda t: t.created).id


def invite_code(host: WireClient) -> str:
    host.click("Invite players")
    host.wait(lambda: any(CODE.match(t) for t in host.texts()), what="the join code")
    code = next(t for t in host.texts() if CODE.match(t)).replace(" ", "")
    back_to_table(host)
    return code


def back_to_table(host: WireClient) -> None:
    """Back from the invite screen (which shows the move too) to the table.  A tap
    that meets a redraw (a guest's claim told to the host) lands on a replaced
    button and is dropped, as a person's would be: then tap again, as they would."""
    def at_table() -> bool:
        return any(MOVE.match(t) for t in host.texts()) and not host.shows_exactly("Back to the table")

    for _ in range(3):
        host.click("Back to the table")
        try:
            host.wait(at_table, timeout=5.0, what="the table")
            return
        except AssertionError:
            if not host.shows_exactly("Back to the table"):
                break
    host.wait(at_table, what="the table")


def counted(client: WireClient, purpose: str) -> int:
    """Attempts the server counted from this client's address (its answer came)."""
    return access.for_store(client.server.store).limiter.attempts(purpose, ("address", client.address))


def checking(client: WireClient) -> bool:
    """Whether a PIN try from this client's address is being checked now."""
    limiter = access.for_store(client.server.store).limiter
    with limiter.db.lock:
        return bool(limiter.db.conn.execute(
            "SELECT COUNT(*) FROM attempts WHERE purpose='pin' AND key=? AND ok IS NULL",
            (f"address:{client.address}",)).fetchone()[0])


def _answered(client: WireClient, purpose: str, before: int, expect: str | None, seen: int) -> None:
    """Wait for the server's answer: a counted attempt, or a new text."""
    client.wait(lambda: counted(client, purpose) > before or
                (expect is not None and any(expect in t for t in client.seen[seen:])), what=f"an answer ({expect})")
    if expect:
        client.wait_text(expect)


def join(client: WireClient, code: str, expect: str | None = None) -> None:
    if not any(c.get("_c") == "TextField" and c.get("label") == "Join code" for c in client.controls()):
        client.wait_text("Join a table")
        client.click("Join a table")
        client.wait_text("Join code")
    client.type("Join code", code)
    before, seen = counted(client, "code"), len(client.seen)
    client.click("Join the table")
    _answered(client, "code", before, expect, seen)


#: the answers to a try the server counts (a PIN it checked); every other answer is a refusal before any count
COUNTED = ("That PIN is not this seat's PIN.", "Waiting for the host to approve.")


def claim(client: WireClient, seat: str, pin: str, expect: str | None = None, counts: bool | None = None) -> None:
    """Type ``pin`` and tap ``seat``; wait for the answer ``expect``.  A try the
    server counts (``counts``; by default: ``expect`` is one of :data:`COUNTED`,
    or None) is waited for as a new count, never by its text alone: a redraw (the
    host's screen told of the last wrong PIN) can send the last answer's text again
    while this try is still on its way, and a test that went on then would type its
    next PIN into the middle of this one."""
    if counts is None:
        counts = expect is None or expect in COUNTED
    if not client.shows("PIN for your seat"):
        client.wait_text("Claim a seat")
        client.click("Claim a seat")
        client.wait_text("PIN for your seat")
    empty = "Choose a PIN of 6 to 12 digits."
    for attempt in range(3):
        client.type("PIN for your seat", pin)
        before, seen = counted(client, "pin"), len(client.seen)
        client.click(seat if client.shows_exactly(seat) else f"{seat} (taken)")
        try:
            client.wait(lambda: (counts and counted(client, "pin") > before) or any(
                (not counts and expect is not None and expect in t) or t == empty for t in client.seen[seen:]),
                timeout=6.0, what=f"an answer ({expect})")
        except AssertionError:
            if counts and (counted(client, "pin") > before or checking(client)):
                break  # being checked (slow under load): waited for below
            if attempt == 2:
                raise
            continue  # the tap met a redraw, landed on a replaced button and was dropped: tap again
        if expect == empty or not any(t == empty for t in client.seen[seen:]):
            break
        # "Choose a PIN": the PIN went into a field the screen had just replaced (a scripted
        # client types faster than the redraw after the last answer reaches it) -- or a redraw
        # sent that earlier refusal again while this PIN is being checked: then typing it
        # again is a second try at the same moment, which the limiter rightly refuses
        if counts:
            try:
                client.wait(lambda: counted(client, "pin") > before, timeout=5.0, what="the try counted")
                break
            except AssertionError:
                pass  # not counted: it really went nowhere; type it again
    if counts:
        client.wait(lambda: counted(client, "pin") > before, what=f"the try counted ({expect})")
    if expect:
        client.wait_text(expect)


def refused(client: WireClient, message: str, act) -> None:
    """``act()`` is answered with ``message`` (a new refusal, not one already shown)."""
    seen = len(client.seen)
    act()
    client.wait(lambda: message in client.seen[seen:], what=message)


def approve_all(host: WireClient, n: int = 1) -> None:
    host.click("Invite players")
    host.wait_text("Approve")
    for _ in range(n):
        host.click("Approve")
    host.wait(lambda: not host.shows("Approve"), what="no request left")
    back_to_table(host)


# ----- who a device is ------------------------------------------------------------------------------
def test_a_browser_without_storage_never_shares_another_ones_identity(server, clients, monkeypatch):
    """Issue: clients whose storage is blocked all fell back to one token kept
    in the server's database; a client without the join code, from another
    address, landed on a table as the seated player Cy and read Cy's secrets."""
    net = subnet()
    host = clients(f"{net}.10")
    table_id = new_table(host, "Modern Art", ["Ann", "Bo", "Cy"])
    table = server.store.open_table(table_id)
    table.apply(Action.make("correct_money", None, seat=2, money=37))  # Cy's secret money
    code = invite_code(host)

    cy = clients(f"{net}.23", storage=None)  # storage blocked
    cy.wait_text("Join a table")
    join(cy, code)
    claim(cy, "Cy", "135791", expect="Waiting for the host to approve.")
    approve_all(host)
    cy.wait_text("Your money: 37")

    stranger = clients(f"{net}.66", storage=None, agent=IPHONE_AGENT)  # storage blocked too, no code
    stranger.wait_text("Join a table")
    time.sleep(0.5)  # anything still coming would show now
    assert not stranger.shows("Your money") and not stranger.shows("37") and not stranger.shows("Ann")
    assert not any("Your money" in t or t == "Ann" for t in stranger.seen)
    assert server.store.get_setting("device") is None  # no token kept on the server for anyone


def test_a_browser_that_never_answers_gets_an_identity_of_its_own(server, clients, monkeypatch):
    """A client that never answers storage calls: after the wait it gets a
    token for this connection only -- two such clients are two devices."""
    monkeypatch.setattr(appmod, "STORAGE_WAIT", 0.3, raising=False)
    net = subnet()
    host = clients(f"{net}.10")
    new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
    code = invite_code(host)
    first = clients(f"{net}.31", storage="silent")
    first.wait_text("Join a table", timeout=30)
    join(first, code)
    first.wait_text("Claim a seat")
    assert first.shows("after a reload, join the table again")  # told it will not be remembered
    second = clients(f"{net}.32", storage="silent")
    second.wait_text("Join a table", timeout=30)
    time.sleep(0.3)
    assert not second.shows("Claim a seat") and not second.shows("Ann")


def test_a_token_that_is_not_one_of_ours_is_replaced(server, clients):
    """A guessable token planted in the storage ("local", a short word) is
    never used: the device gets a new one of 144 bits."""
    client = clients(f"{subnet()}.5", storage={"device": "local"})
    client.wait_text("New table")
    client.wait(lambda: client.storage.get("device") != "local", what="a new token")
    assert access.valid_token(client.storage["device"]) and len(client.storage["device"]) >= 22


def test_every_page_returns_to_its_table_after_a_restart(tmp_path, monkeypatch):
    """Issue: after a server restart 2 of 17 reconnecting pages came back on
    Home.  The browsers' storage answers slowly while everyone reconnects at
    once (here: 5.5 s for each key, longer than the old 5 s wait per key)."""
    first = LiveServer(tmp_path)
    pages: list[WireClient] = []
    try:
        host = WireClient(first, address="10.23.0.10")
        pages.append(host)
        table_id = new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
        code = invite_code(host)
        for n in range(5):
            phone = WireClient(first, address=f"10.23.0.{20 + n}")
            pages.append(phone)
            join(phone, code)
            phone.wait_text("Claim a seat")
        for page in pages:  # each browser keeps its own token and its open table
            page.wait(lambda p=page: p.storage.get("open_table") == table_id, what="the open table stored")
        storages = [p.storage for p in pages]
        assert len({s["device"] for s in storages}) == len(storages)
    finally:
        for page in pages:
            page.close()
        first.stop()
    second = LiveServer(tmp_path)  # the restarted server
    pages = []
    try:
        for n, storage in enumerate(storages):
            page = WireClient(second, address="10.23.0.10" if n == 0 else f"10.23.0.{19 + n}",
                              storage=storage, connect_now=False)
            page.storage_delay = 5.5
            pages.append(page)
        for page in pages:
            page.connect()
        for page in pages:
            page.wait_text("Move 0", timeout=40)
        assert pages[0].shows("Invite players") and all(p.shows("Claim a seat") for p in pages[1:])
    finally:
        for page in pages:
            page.close()
        second.stop()


# ----- guessing ------------------------------------------------------------------------------------
def test_pin_guessing_is_slowed_and_the_right_pin_alone_takes_no_seat(server, clients, clock):
    """Issue: 200 wrong PINs for Ann's seat took 24.5 s with no delay or
    lockout; the right one then handed the seat to the guesser at once,
    without the host, and Ann's phone lost it."""
    net = subnet()
    host = clients(f"{net}.10")
    new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
    code = invite_code(host)
    ann = clients(f"{net}.21")
    join(ann, code)
    claim(ann, "Ann", "482916", expect="Waiting for the host to approve.")
    approve_all(host)
    ann.wait_text("You are Ann. Only this device shows your secrets.")

    guesser = clients(f"{net}.66", agent=IPHONE_AGENT)
    join(guesser, code)
    guesser.wait_text("Claim a seat")
    for n in range(5):  # five free tries
        claim(guesser, "Ann", f"{100000 + n}", expect="That PIN is not this seat's PIN.")
    claim(guesser, "Ann", "100005", expect="Too many tries from this device or network.")
    # a new identity from the same address (storage blocked: a token per connection) is held too
    again = clients(f"{net}.66", storage=None)
    join(again, code)
    claim(again, "Ann", "100006", expect="Too many tries from this device or network.")
    # the waits double: in a whole minute a device and its address get at most 9 tries
    made = 5
    start = clock[0]
    while clock[0] - start < 60:
        wait = access.for_store(server.store).limiter.wait("pin", [("device", guesser.storage["device"]),
                                                                    ("address", f"{net}.66")])
        clock[0] += wait
        if clock[0] - start >= 60:
            break
        claim(guesser, "Ann", f"{200000 + made}", expect="That PIN is not this seat's PIN.")
        made += 1
    assert made <= 9, made  # about 490 a minute before any limit
    # the host was told, with what tells the guesser apart
    host.wait_text("A wrong PIN for Ann's seat", timeout=15)
    assert host.shows(f"{net}.66")
    # the right PIN: no seat without the host
    clock[0] += 3600
    claim(guesser, "Ann", "482916", expect="Waiting for the host to approve.")
    time.sleep(0.3)
    assert ann.shows("You are Ann.") and not guesser.shows("You are Ann.")


def test_join_code_guessing_is_slowed_per_device_and_per_address(server, clients, clock):
    """Issue: 200 wrong codes in 3.5 s, no delay or lockout."""
    net = subnet()
    host = clients(f"{net}.10")
    new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
    code = invite_code(host)
    wrong = "AAAAAA" if code != "AAAAAA" else "CCCCCC"
    guesser = clients(f"{net}.66")
    for n in range(5):
        join(guesser, wrong, expect="No table has this join code.")
    join(guesser, code, expect="Too many tries from this device or network.")  # even the right code waits now
    other_identity = clients(f"{net}.66", storage=None)
    join(other_identity, code, expect="Too many tries from this device or network.")
    neighbour = clients(f"{net}.67")  # another address is not locked out by the guesser
    join(neighbour, code, expect="Claim a seat")
    clock[0] += 2.5  # the first wait after five failures: 2 s
    join(other_identity, code, expect="Claim a seat")


def test_join_codes_expire_and_the_host_ends_and_renews_them(server, clients, clock):
    """Issue: a code never expired and could not be revoked or replaced;
    freeing a seat left that device a member."""
    net = subnet()
    host = clients(f"{net}.10")
    table_id = new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
    old = invite_code(host)
    host.click("Invite players")
    host.wait_text("New code")
    host.click("New code")
    host.wait(lambda: any(CODE.match(t) and t.replace(" ", "") != old for t in host.texts()), what="a new code")
    new = next(t for t in host.texts() if CODE.match(t)).replace(" ", "")
    late = clients(f"{net}.30")
    join(late, old, expect="No table has this join code.")
    bo = clients(f"{net}.31")
    join(bo, new)
    claim(bo, "Bo", "246810", expect="Waiting for the host to approve.")
    host.wait_text("Approve")
    host.click("Approve")
    host.wait_text("Free the seat and remove the device")
    host.click("Free the seat and remove the device")
    bo.wait_text("Join a table", timeout=20)  # no longer a member: back to joining
    host.click("End the code")
    host.wait_text("Make a join code")
    cy = clients(f"{net}.32")
    join(cy, new, expect="No table has this join code.")
    host.click("Make a join code")
    host.wait(lambda: any(CODE.match(t) for t in host.texts()), what="a code")
    newest = next(t for t in host.texts() if CODE.match(t)).replace(" ", "")
    clock[0] += access.CODE_LIFETIME + 1  # the code expires
    before = counted(cy, "code")
    join(cy, newest)
    assert counted(cy, "code") == before + 1 and cy.shows("No table has this join code.")
    assert access.for_store(server.store).code(table_id) is None


# ----- takeovers -----------------------------------------------------------------------------------
def test_a_takeover_needs_the_host_and_requests_tell_devices_apart(server, clients, clock):
    """Issue: two devices asking for Bo's seat showed as two identical lines;
    the first approval went to the impostor, the second silently replaced the
    holder and PIN; requests from devices long gone stayed pending."""
    net = subnet()
    host = clients(f"{net}.10")
    table_id = new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
    code = invite_code(host)
    bo = clients(f"{net}.21")
    join(bo, code)
    claim(bo, "Bo", "975310", expect="Waiting for the host to approve.")
    approve_all(host)
    bo.wait_text("You are Bo. Only this device shows your secrets.")
    impostor = clients(f"{net}.66", agent=IPHONE_AGENT)
    bo2 = clients(f"{net}.22")
    for device in (impostor, bo2):
        join(device, code)
        claim(device, "Bo", "975310", expect="Waiting for the host to approve.")
    assert bo.shows("You are Bo.")  # the right PIN alone took nothing
    host.click("Invite players")
    host.wait_text("Approve")
    lines = [t for t in host.texts() if " · device " in t]
    assert len(set(lines)) == len(lines) >= 2, lines  # what tells them apart: browser, address, tag, time
    assert any(f"{net}.66" in t and "Safari · iPhone" in t for t in lines)
    assert any(f"{net}.22" in t and "Chrome · Android" in t for t in lines)
    assert host.shows("Takes Bo's seat from the device that holds it (the PIN was right).")
    # the host approves the real second phone (its line names .22)
    guard = access.for_store(server.store)
    request = next(r for r in guard.requests(table_id) if r["address"] == f"{net}.22")
    approve_id = next(c["_i"] for c in host.controls() if c.get("on_click") and c.get("content") == "Approve"
                      and _in_block_with(host, c, f"{net}.22"))
    host.event(approve_id)
    bo2.wait_text("You are Bo. Only this device shows your secrets.")
    bo.wait(lambda: not bo.shows("You are Bo."), what="the old phone back to the shared view")
    assert not impostor.shows("You are Bo.") and guard.requests(table_id) == []  # the other request went
    assert guard.seat_of(table_id, request["device"]) == 1
    # a request from a device long gone expires
    cy = clients(f"{net}.23")
    join(cy, code)
    claim(cy, "Cy", "864200", expect="Waiting for the host to approve.")
    assert len(guard.requests(table_id)) == 1
    clock[0] += access.REQUEST_LIFETIME + 1
    assert guard.requests(table_id) == []


def _in_block_with(client: WireClient, control: dict, text: str) -> bool:
    """Is ``control`` inside the same request block as ``text``?"""
    def contains(node, target) -> bool:
        if node is target:
            return True
        if isinstance(node, dict):
            return any(contains(v, target) for v in node.values())
        if isinstance(node, list):
            return any(contains(v, target) for v in node)
        return False

    for block in client.index.values():
        if block.get("_c") == "Column" and contains(block, control):
            inner = [t for t in _texts(block)]
            if any(text in t for t in inner) and sum("Approve" == t for t in inner) == 1:
                return True
    return False


def _texts(node) -> list[str]:
    out = []
    if isinstance(node, str):
        out.append(node)
    elif isinstance(node, dict):
        for v in node.values():
            out.extend(_texts(v))
    elif isinstance(node, list):
        for v in node:
            out.extend(_texts(v))
    return out


# ----- export ---------------------------------------------------------------------------------------
def test_export_by_role_is_a_download_only(server, clients):
    """Issue: a phone that only joined downloaded the whole log with every
    player's secret entries, each tap wrote a file into the server's exports
    folder, and responses carried Access-Control-Allow-Origin: *."""
    net = subnet()
    host = clients(f"{net}.10")
    table_id = new_table(host, "Modern Art", ["Ann", "Bo", "Cy"])
    table = server.store.open_table(table_id)
    table.apply(Action.make("correct_money", None, seat=1, money=37))  # Bo's secret
    table.apply(Action.make("correct_money", None, seat=2, money=41))  # Cy's secret
    code = invite_code(host)
    viewer = clients(f"{net}.30")
    join(viewer, code)
    viewer.wait_text("Claim a seat")
    cy = clients(f"{net}.31")
    join(cy, code)
    claim(cy, "Cy", "112358", expect="Waiting for the host to approve.")
    approve_all(host)
    cy.wait_text("Your money: 41")
    exports = server.db.parent / "exports"
    for client in (viewer, cy, host):
        client.click("Export")  # the item of the "More" menu (the menu opens in the browser)
        client.wait(lambda c=client: bool(c.downloads), what="a download")
    public, mine, full = viewer.json_download(), cy.json_download(), host.json_download()
    assert public["format"] == "table-companion-view" and public["replayable"] is False and public["seat"] is None
    assert [m["move"] for m in public["log"]] == [1, 2]  # the public log: every move, no secret in it
    # (what the table showed, not the file's own dates: "created" ends in :37 one minute in sixty)
    def shown(export: dict) -> str:
        return json.dumps({k: export[k] for k in ("log", "public", "private")})
    assert "37" not in shown(public) and "41" not in shown(public)
    assert mine["seat"] == "Cy" and mine["private"].get("money") == 41 and "37" not in shown(mine)
    assert [m["move"] for m in mine["log"]] == [1, 2] and "41" in json.dumps(mine["log"])  # Cy's own, told to Cy
    assert full["format"] == "table-companion" and full["version"] == 2
    assert {"type": "correct_money", "seat": 1, "money": 37} in full["log"]
    assert not exports.exists() or not list(exports.iterdir())  # nothing written on the server
    with urllib.request.urlopen(server.url + "/") as response:
        assert response.headers.get("Access-Control-Allow-Origin") is None


def test_downloads_go_through_the_pages_one_picker_while_others_move(server, clients):
    """Issue (seen once in the suite): each download made a file picker and
    registered it with the page while a redraw for another device's move
    could be diffing the page in another thread; Flet then no longer knew
    the picker when the browser answered, and that ended the connection.
    Now the page's one picker is registered as the app starts and only
    called after that, whatever else redraws the page."""
    host = clients(f"{subnet()}.10")
    table_id = new_table(host, "Modern Art", ["Ann", "Bo", "Cy"])

    def pickers() -> list[int]:
        return sorted(c["_i"] for c in host.controls() if c.get("_c") == "FilePicker")

    (picker,) = pickers()
    stop = threading.Event()

    def another_device() -> None:  # writes from elsewhere: the host's page is redrawn all along
        table = server.store.open_table(table_id)
        n = 0
        while not stop.is_set():
            table.sync()
            table.apply(Action.make("correct_money", None, seat=1, money=30 + n % 20))
            n += 1
            time.sleep(0.01)

    mover = threading.Thread(target=another_device)
    mover.start()
    try:
        for n in range(12):
            before = move_number(host)
            host.click("Export")
            host.wait(lambda n=n: len(host.downloads) > n, what=f"download {n + 1}")
            assert pickers() == [picker]
        host.wait(lambda: move_number(host) > before, what="the other device's moves")
    finally:
        stop.set()
        mover.join()
    assert [name.endswith(".json") for name, _ in host.downloads] == [True] * 12
    assert host.json_download()["format"] == "table-companion"


def test_a_join_link_opened_as_the_app_starts_leaves_the_person_where_they_went(server, clients):
    """Issue (seen in CI): a tab that had just opened the app was sent to the
    QR code's address.  Flet kept the tab's session, whose start was still
    waiting for the first page's language: the new address's route change
    joined the table, the person tapped "Claim a seat" -- and then the
    start, its wait over, joined again and put the table back over the PIN
    field."""
    net = subnet()
    host = clients(f"{net}.10")
    new_table(host, "Modern Art", ["Ann", "Bo", "Cy"])
    code = invite_code(host)
    phone = clients(f"{net}.31", device_info=False)  # the language is asked of the page, which goes
    phone.wait(lambda: "get_device_info" in phone.asked, what="the app's start asking the language")
    asked = time.monotonic()
    phone.reload(f"/?join={code}")
    phone.wait_text("Claim a seat")
    phone.click("Claim a seat")
    phone.wait_text("PIN for your seat")
    time.sleep(max(0.0, asked + appmod.LANGUAGE_WAIT + 1.5 - time.monotonic()))  # the start's wait is over
    assert phone.shows("PIN for your seat") and phone.shows("Bo")
    claim(phone, "Bo", "246802", expect="Waiting for the host to approve.")


# ----- strangers -----------------------------------------------------------------------------------
def test_a_stranger_sees_no_table_and_no_name(server, clients):
    """Issue: every device's Home listed the server's finished tables with
    player names, and the New-table form was pre-filled with other tables'
    player names."""
    net = subnet()
    host = clients(f"{net}.10")
    table_id = new_table(host, "Saboteur", ["Quentin", "Rosalind", "Sigrid"])
    server.store.open_table(table_id)
    with server.store.lock:  # a finished table (as the end of a game writes it)
        server.store.conn.execute("UPDATE tables SET status='finished', finished=? WHERE id=?",
                                  (time.time(), table_id))
    stranger = clients(f"{net}.66")
    stranger.wait_text("New table")
    time.sleep(0.3)
    for name in ("Quentin", "Rosalind", "Sigrid"):
        assert not stranger.shows(name), name
    assert not stranger.shows("Finished tables")
    stranger.click("New table")
    stranger.wait_text("Pick a game")
    stranger.click("Saboteur")
    stranger.wait_text("Seat 1")
    assert not any(name in stranger.texts() for name in ("Quentin", "Rosalind", "Sigrid"))


# ----- stale taps ---------------------------------------------------------------------------------
def test_an_undo_held_from_before_another_devices_undo_is_refused(server, clients):
    """Issue: a phone pressing an Undo it held from before another device's
    Undo, 10 trials: 1 refused with the message, 1 applied on top (two steps
    undone), 8 silently dropped.  Here, every time: refused with the message,
    the fresh table shown, nothing applied."""
    net = subnet()
    host = clients(f"{net}.10")
    table_id = new_table(host, "Niagara", ["Ann", "Bo", "Cy"])
    stored = server.store.open_table(table_id)
    game = stored.game
    for _ in range(12):  # twelve legal moves to take back
        stored.apply(game.legal_actions(stored.state)[0])
    # a second screen of the host's: the server computer's browser (the same role)
    token = host.storage["device"]
    second = clients(f"{net}.10", storage={"device": token, "open_table": table_id})
    second.wait_text("Move 12")
    host.wait_text("Move 12", timeout=20)
    for trial in range(5):
        n = move_number(host)
        held = second.find("Undo", event="on_click")["_i"]  # the Undo on the second screen now
        host.click("Undo")
        second.wait_text(f"Move {n - 1}")  # the second screen was redrawn
        before = server.store.open_table(table_id).session.cursor
        seen = len(second.seen)
        second.event(held)  # ...but its finger was on the old Undo
        second.wait(lambda: STALE in second.seen[seen:], what="the refusal")
        assert server.store.open_table(table_id).session.cursor == before == n - 1, trial
        # the fresh screen's Redo is taken (and the refusal goes): back to move n
        second.click("Redo")
        second.wait(lambda: not second.shows(STALE) and move_number(second) == n, what="the redo")
        host.wait_text(f"Move {n}")
    # an Undo held from before another device's redo is refused the same way
    n = move_number(host)
    host.click("Undo")
    second.wait(lambda: move_number(second) == n - 1 and second.shows("Undone:"), what="the undo")
    held = second.find("Undo", event="on_click")["_i"]
    host.wait(lambda: move_number(host) == n - 1, what="the host's own undo")
    host.click("Redo")
    second.wait(lambda: move_number(second) == n, what="the redo")
    seen = len(second.seen)
    second.event(held)
    second.wait(lambda: STALE in second.seen[seen:], what="the refusal")
    assert server.store.open_table(table_id).session.cursor == n


# ----- who may act ----------------------------------------------------------------------------------
def test_only_a_seats_own_device_acts_for_it_and_viewers_only_watch(server, clients):
    """Issue: any joined device could play, undo or correct for any player."""
    net = subnet()
    host = clients(f"{net}.10")
    table_id = new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
    code = invite_code(host)
    viewer = clients(f"{net}.30")
    join(viewer, code)
    viewer.wait_text("Whose path reached the gold?")
    bo = clients(f"{net}.31")
    join(bo, code)
    claim(bo, "Bo", "555123", expect="Waiting for the host to approve.")
    approve_all(host)
    bo.wait_text("You are Bo. Only this device shows your secrets.")
    cursor = lambda: server.store.open_table(table_id).session.cursor  # noqa: E731
    watching = "You are watching this table. Claim a seat to play your own moves."
    refused(viewer, watching, lambda: viewer.click("Ann"))
    refused(bo, "This device plays Bo: it can act only for Bo.", lambda: bo.click("Ann"))
    assert cursor() == 0
    bo.click("OK")  # an access refusal is a dialog (the screen does not move)
    bo.click("Bo")  # Bo's own move
    host.wait_text("Move 1")
    assert cursor() == 1
    host.click("Undo")  # the host may take back anyone's
    host.wait_text("Move 0")
    host.click("Ann")
    bo.wait_text("Last: Ann's path reaches the gold")
    # greyed out on Bo's screen and on the viewer's, refused by the server all the same
    undo = bo.find("Undo", disabled=True)
    assert undo.get("disabled")
    refused(bo, "This device can undo only Bo's own moves; the host can undo the others.",
            lambda: bo.event(undo["_i"]))  # a script sends the tap the browser would not
    viewer.wait_text("Last: Ann's path reaches the gold")
    refused(viewer, watching, lambda: viewer.event(viewer.find("Undo", disabled=True)["_i"]))
    assert cursor() == 1
    assert not bo.shows("Correct the app to match the table") and host.shows("Correct the app to match the table")


def test_table_creation_is_rate_limited_per_device_and_address(server, clients, clock):
    """Issue: one guest made 100 tables in 33 s."""
    net = subnet()
    guest = clients(f"{net}.66")
    made = 0
    for n in range(7):
        guest.wait_text("New table")
        guest.click("New table")
        guest.wait_text("Pick a game")
        guest.click("Saboteur")
        guest.wait_text("Seat 1")
        for i in range(3):
            guest.type(f"Seat {i + 1}", f"P{n}{i}")
        guest.click("Start the table")
        guest.wait(lambda: guest.shows("Move 0") or guest.shows("started many tables lately"), what="an answer")
        if guest.shows("started many tables lately"):
            break
        made += 1
        guest.click("Home")
    assert made == 6
    again = clients(f"{net}.66", storage=None)  # a new identity from the same address
    again.wait_text("New table")
    again.click("New table")
    again.wait_text("Pick a game")
    again.click("Saboteur")
    again.wait_text("Seat 1")
    for i in range(3):
        again.type(f"Seat {i + 1}", f"Q{i}")
    again.click("Start the table")
    again.wait_text("started many tables lately")
    clock[0] += 600
    again.click("Start the table")
    again.wait_text("Move 0")


# ----- bounds that hold against many addresses (issue 35) ----------------------------------------------
LOCKED = "This seat is locked after 10 wrong PINs. Ask the host to unlock it."
WAITING = ("Wrong join codes have been tried on this server, so the table's host lets each new device in. "
           "Waiting for the host\u2026")


def test_many_addresses_guessing_one_seat_lock_it_until_the_host_unlocks(server, clients, clock, monkeypatch):
    """Issue 35: the limits were per device and per address; 49 addresses made
    490 tries in 77 s.  Now the seat locks after 10 wrong PINs, from any
    device at any address, the host sees it and unlocks it, and Ann -- who
    mistypes once -- gets back in."""
    monkeypatch.setattr(access, "PIN_ITERATIONS", 20_000)  # 12 hashes: the rounds are not what is tested here
    net = subnet()
    host = clients(f"{net}.10")
    new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
    code = invite_code(host)
    ann = clients(f"{net}.21")
    join(ann, code)
    claim(ann, "Ann", "482916", expect="Waiting for the host to approve.")
    approve_all(host)
    ann.wait_text("You are Ann. Only this device shows your secrets.")
    host.click("Invite players")
    host.wait_text("Free the seat")
    host.click("Free the seat")  # Ann's seat now takes its PIN alone
    host.wait(lambda: host.shows("Ann: at this device"), what="the seat freed")
    back_to_table(host)
    guessers = [clients(f"{net}.{100 + n}") for n in range(5)]  # two wrong PINs each: no address is held up
    for n in range(10):
        guesser = guessers[n % 5]
        if n < 5:
            join(guesser, code)
        claim(guesser, "Ann", f"{100000 + n}", expect=LOCKED if n == 9 else "That PIN is not this seat's PIN.",
              counts=True)
    host.wait_text("Ann's seat is locked after 10 wrong PINs; the last", timeout=15)  # on the table's screen
    phone = clients(f"{net}.22")  # Ann's new phone, the right PIN: nothing while the seat is locked
    join(phone, code)
    claim(phone, "Ann", "482916", expect=LOCKED)
    assert not phone.shows("You are Ann.")
    host.click("Invite players")
    host.wait_text("Ann's seat is locked after 10 wrong PINs: no device can take it with its PIN until you unlock it.")
    host.click("Unlock Ann's seat")
    host.wait(lambda: not host.shows("Unlock Ann's seat"), what="the seat unlocked")
    claim(phone, "Ann", "482961", expect="That PIN is not this seat's PIN.")  # a typo
    host.wait_text("Wrong PINs for Ann's seat: 1 (it locks at 10).")
    claim(phone, "Ann", "482916")
    phone.wait_text("You are Ann. Only this device shows your secrets.")


def test_after_ten_wrong_codes_the_right_code_waits_for_the_host_to_let_in(server, clients):
    """Issue 35: a /24 of addresses could try about 4,600 join codes in an
    evening.  After 10 wrong codes on the server since a table's code was
    made, its right code no longer joins on its own: the host sees the device
    (and that codes are being guessed) and lets it in."""
    net = subnet()
    host = clients(f"{net}.10")
    table_id = new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
    code = invite_code(host)
    guessers = [clients(f"{net}.{100 + n}") for n in range(2)]
    wrong = [c for c in ("ACDEFH", "ACDEFJ", "ACDEFK", "ACDEFM", "ACDEFN", "ACDEFP", "ACDEFR", "ACDEFT",
                         "ACDEFU", "ACDEFV", "ACDEFW") if c != code][:10]
    for n, guess in enumerate(wrong):
        join(guessers[n % 2], guess, expect="No table has this join code.")
    guest = clients(f"{net}.31", agent=IPHONE_AGENT)
    join(guest, code, expect=WAITING)
    assert guest.shows(f"This device: {access.device_tag(guest.storage['device'])}")
    assert not guest.shows("Claim a seat")
    host.wait_text("A device asks to join this table.")
    host.click("Invite players")
    host.wait_text("A device with the right code asks to join this table.")
    assert any("Someone may be guessing codes" in t for t in host.texts())  # told codes are being guessed
    assert any(f"{net}.31" in t and "Safari · iPhone" in t for t in host.texts())
    host.click("Let in")
    guest.wait_text("Claim a seat")  # the host's tap opens the table on the guest's phone
    assert access.for_store(server.store).role(table_id, access.Who(guest.storage["device"]), lan=True) \
        == access.VIEWER


def test_a_joined_device_reopening_its_link_is_not_counted(server, clients):
    """Issue 35: opening ``/?join=CODE`` again in another tab of a device
    that had joined counted as a code try ("Too many tries" after a few)."""
    net = subnet()
    host = clients(f"{net}.10")
    new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
    code = invite_code(host)
    phone = clients(f"{net}.31")
    join(phone, code)
    phone.wait_text("Claim a seat")
    before = counted(phone, "code")
    for _ in range(3):  # more tabs of the same browser, each opened from the link
        tab = clients(f"{net}.31", storage=phone.storage, route=f"/?join={code}")
        tab.wait_text("Claim a seat")
    phone.reload(f"/?join={code}")
    phone.wait_text("Claim a seat")
    assert counted(phone, "code") == before
