"""No secret in the websocket frames of a device that may not see it (issue 21),
in real headless Chromium: a host (the shared tablet) and two seated phones,
Bo and Cy, every websocket frame each receives recorded and decoded (msgpack).

* Modern Art: Bo's sealed bid (17) and Cy's hidden money (a correction to 43)
  reach only their own phones; the host and the other phone never receive
  those numbers, only "Bo entered a sealed bid", "Cy's money was corrected".
* Manila: Bo's secret shares reach only Bo's phone.
"""

from __future__ import annotations

import re
import time
from contextlib import contextmanager
from pathlib import Path

import msgpack
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion import access
from companion.core import Action
from companion.registry import get_game
from companion.storage import Store
from conftest import PHONE, TABLET, Screen, Server

pytestmark = pytest.mark.browser


class Recorded(Screen):
    """A device whose every websocket frame is kept, decoded to its strings."""

    def open(self) -> None:
        if not hasattr(self, "frames"):
            self.frames: list[str] = []
            self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        super().open()

    def _frame(self, payload) -> None:
        if isinstance(payload, str):
            self.frames.append(payload)
            return
        # one stream per device: a websocket message often holds several msgpack
        # messages (unpackb: ExtraData); read whole, such a frame's bytes were one
        # text holding a whole view's words (a false alarm in CI)
        if not hasattr(self, "_unpacker"):
            self._unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
            self.undecoded: list[bytes] = []
        self._unpacker.feed(payload)
        try:
            for message in self._unpacker:
                self.frames.extend(_strings(message))
        except Exception:  # noqa: BLE001 - not msgpack at all: keep it, the test says so
            self.undecoded.append(payload)
            self._unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)

    def received(self, since: int = 0) -> list[str]:
        assert not getattr(self, "undecoded", []), "a frame that is not msgpack"
        return self.frames[since:]


def _strings(value) -> list[str]:
    out: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, bytes):
            out.append(item.decode("utf-8", "replace"))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return out


def says(strings: list[str], number: int) -> list[str]:
    return [s for s in strings if re.search(rf"(?<![\w#.,]){number}(?![\d.,]\d)(?!\d)", s)]


def seat_phone(browser, server: Server, code: str, name: str, pin: str, host: Screen) -> Recorded:
    phone = Recorded(browser, server, PHONE)
    phone.page.goto(f"{server.url}/?join={code}")
    phone.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    phone.page.locator("flt-semantics-placeholder").dispatch_event("click")
    phone.wait_text("Claim a seat", exact=False)
    try:
        phone.button("Claim a seat").wait_for(timeout=15000)
    except PlaywrightTimeout:
        # seen twice in full runs on a loaded machine (not reproduced alone): the
        # viewer's line "… Claim a seat to play …" shown, its button never in the
        # semantics tree; keep the picture, open the join address again, as a person would
        phone.shot(f"FAILED-claim-button-{name}")
        phone.page.goto(f"{server.url}/?join={code}")
        phone.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
        phone.page.locator("flt-semantics-placeholder").dispatch_event("click")
        phone.button("Claim a seat").wait_for(timeout=30000)
    phone.click("Claim a seat")
    phone.fill("PIN for your seat", pin)
    phone.click(name, exact=True)
    phone.wait_text("Waiting for the host to approve.", exact=False)
    host.click("Invite players")
    host.wait_text(f"A device asks for {name}'s seat.", exact=False)
    host.click("Approve")
    phone.wait_text(f"You are {name}. Only this device shows your secrets.", timeout=20000)
    host.click("Back to the table")
    return phone


def settle(*screens: Screen, text: str) -> None:
    """Every device shows ``text`` (another process wrote: each follows within a second)."""
    for screen in screens:
        screen.wait_text(text, exact=False, timeout=20000)


def new_table(data: Path, game_id: str) -> tuple[str, str]:
    store = Store(data / "companion.db")
    game = get_game(game_id)
    table_id = store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {})).id
    store.set_setting("open_table", table_id)
    code = access.for_store(store).code(table_id)
    store.close()
    return table_id, code


def write(data: Path, table_id: str, *actions: Action) -> None:
    store = Store(data / "companion.db")
    table = store.open_table(table_id)
    for action in actions:
        table.apply(action)
    store.close()


@contextmanager
def host_and_two_seated_phones(browser, data: Path, game_id: str):
    """A table served on the LAN: the host's tablet, and Bo's and Cy's phones seated (each
    with its PIN, approved by the host), every frame each one receives recorded."""
    table_id, code = new_table(data, game_id)
    server = Server(data, host="0.0.0.0")
    screens: list[Recorded] = []
    try:
        host = Recorded(browser, server, TABLET)
        screens.append(host)
        host.wait_text("Invite players")
        screens.append(seat_phone(browser, server, code, "Bo", "246802", host))
        screens.append(seat_phone(browser, server, code, "Cy", "135791", host))
        yield table_id, screens[0], screens[1], screens[2]
    finally:
        for screen in screens:
            screen.close()
        server.stop()


def test_modern_art_secrets_reach_only_their_own_phone(browser, tmp_path):
    with host_and_two_seated_phones(browser, tmp_path, "modern_art") as (table_id, host, bo, cy):
        art = get_game("modern_art")
        write(tmp_path, table_id, Action.make("first_seller", None, seller=0))
        store = Store(tmp_path / "companion.db")
        table = store.open_table(table_id)
        offer = next(a for a in art.legal_actions(table.state)
                     if a.type == "offer" and a["auction"] == "sealed" and "second" not in a)
        table.apply(offer)
        store.close()
        marks = {s: len(s.frames) for s in (host, bo, cy)}
        write(tmp_path, table_id, Action.make("sealed_bid", 1, amount=17),
              Action.make("correct_money", None, seat=2, money=43))
        settle(host, bo, text="Cy's money was corrected.")
        settle(cy, text="Cy's money was set to 43.")
        time.sleep(1.5)  # and whatever else each device is sent for that write
        for screen, others in ((host, (17, 43)), (cy, (17,)), (bo, (43,))):
            got = screen.received(marks[screen])
            for number in others:
                assert not says(got, number), (number, says(got, number)[:5])
        assert says(bo.received(marks[bo]), 17)          # Bo's own phone: his bid
        assert says(cy.received(marks[cy]), 43)          # Cy's own phone: her money
        assert any("Cy's money was corrected." in s for s in host.received(marks[host]))
        host.shot("frames-host-sealed-bid-entered")
        bo.shot("frames-bo-own-sealed-bid")


def test_manila_secret_shares_reach_only_their_own_phone(browser, tmp_path):
    with host_and_two_seated_phones(browser, tmp_path, "manila") as (table_id, host, bo, cy):
        marks = {s: len(s.frames) for s in (host, bo, cy)}
        write(tmp_path, table_id, Action.make("enter_shares", 1, wares=["jade", "ginseng"]))
        settle(host, cy, text="Bo entered their secret shares.")
        settle(bo, text="Bo's secret shares: Jade, Ginseng.")
        time.sleep(1.5)
        told = "Bo's secret shares"
        for screen in (host, cy):
            got = screen.received(marks[screen])
            assert not [s for s in got if told in s or ("Jade" in s and "Ginseng" in s and "Bo" in s)], screen
        assert any(told in s for s in bo.received(marks[bo]))
        cy.shot("frames-cy-after-bos-secret-shares")
