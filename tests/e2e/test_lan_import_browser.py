"""A phone on a café's Wi-Fi brings its own table (issue 32: "move a table ... onto a café's
server"), end to end: the server runs as ``companion serve --host 0.0.0.0`` and the phones'
browsers reach it at this machine's own network address, not at 127.0.0.1 -- so the server
sees them as guests from another address, as it sees a phone on the Wi-Fi.

The file is a Manila table three moves in, exported as the app exports it.  The phone that
imports it plays on from that move and is the table's host (it can invite); the server's own
export folder is never offered to it; a second phone bringing the same file is shown nothing of
the table, in its own language, only the way to join it."""

from __future__ import annotations

import json
import socket
import types

import pytest

from companion.core import Action
from companion.i18n import Translator
from companion.registry import get_game
from companion.storage import Store
from companion.transfer import export_table
from conftest import PHONE, Screen, Server
from test_multidevice import move, no_error_overlay

NAMES = ["Ann", "Bo", "Cy"]


def lan_address() -> str | None:
    """This machine's address on its network (the one a phone on the Wi-Fi would use), or None
    when it has none but loopback.  A UDP socket's connect sends nothing: it only picks the route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.254", 9))
            address = s.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def exported_manila(tmp_path) -> tuple[bytes, int]:
    """A Manila table played three moves on another device (its own store), as exported."""
    store = Store(tmp_path / "phone-alone.db")
    try:
        game = get_game("manila")
        stored = store.create_table(game, game.setup(NAMES, {}))
        table = store.open_table(stored.id)
        for seat in range(3):
            table.apply(Action.make("shares_later", seat))
        data = json.dumps(export_table(store.open_table(stored.id)), ensure_ascii=False).encode("utf-8")
        return data, 3
    finally:
        store.close()


def choose_file(screen: Screen, path, label: str) -> None:
    with screen.page.expect_file_chooser(timeout=20000) as chooser:
        screen.click(label)
    chooser.value.set_files(str(path))


def test_a_phone_on_the_wifi_brings_its_table_and_hosts_it_a_second_phone_sees_nothing_of_it(browser, tmp_path):
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no network address but loopback: no second address to come from")
    data, moves = exported_manila(tmp_path)
    saved = tmp_path / "manila-from-my-phone.json"
    saved.write_bytes(data)
    served = tmp_path / "served"
    (served / "exports").mkdir(parents=True)
    (served / "exports" / "the-cafes-own-table.json").write_text("{}", encoding="utf-8")
    server = Server(served, host="0.0.0.0")
    wifi = types.SimpleNamespace(url=f"http://{address}:{server.port}")  # what a phone on the Wi-Fi opens
    phone = other = None
    try:
        phone = Screen(browser, wifi, PHONE)
        phone.wait_text("Import a table")
        assert phone.page.get_by_text("Resume a table").count() == 0  # a guest sees no table of the server's
        phone.click("Import a table")
        phone.wait_text("Choose a file on this device")
        assert phone.page.get_by_text("the-cafes-own-table.json").count() == 0  # the server's folder: not a guest's
        assert phone.page.get_by_text("Exported files").count() == 0
        choose_file(phone, saved, "Choose a file on this device")
        phone.wait_text(move(moves), timeout=30000)
        phone.shot("lan-import-guest-hosts-the-table")
        phone.click("Invite players")  # the phone that brought it hosts it
        phone.wait_text("Other phones join this table with this code:")
        assert phone.page.get_by_text("Only the host of this table can invite players.").count() == 0
        no_error_overlay(phone)
        assert phone.outside == []

        store = Store(served / "companion.db")  # the server holds it, once
        try:
            (info,) = store.list_tables()
            assert info.game == "manila" and store.open_table(info.id).session.cursor == moves
        finally:
            store.close()

        other = Screen(browser, wifi, PHONE, locale="zh-TW")  # another phone brings the same file
        zh = Translator("zh_Hant").gettext
        other.wait_text(zh("Import a table"))
        assert other.page.get_by_text("Ann", exact=False).count() == 0
        other.click(zh("Import a table"))
        other.wait_text(zh("Choose a file on this device"))
        choose_file(other, saved, zh("Choose a file on this device"))
        other.wait_text(zh("This table is already on this computer, hosted by another device. To play on, ask "
                           "its host for the table's join code."), timeout=30000)
        other.shot("lan-import-second-phone-zh_Hant")
        assert other.button(zh("Join a table"), exact=True).is_visible()
        assert other.page.get_by_text(zh("Open that table")).count() == 0
        body = other.page.locator("body").inner_text()
        assert "Ann" not in body and info.id not in body
        no_error_overlay(other)
        store = Store(served / "companion.db")
        try:
            assert [t.id for t in store.list_tables()] == [info.id]  # not copied
        finally:
            store.close()
    finally:
        for screen in (phone, other):
            if screen is not None:
                screen.close()
        server.stop()
