"""Several devices at one table: join codes, QR codes, seats and who may see a table.

What a table's devices share is kept with the table (the store's settings,
key ``access:<table id>``, one JSON object):

* ``code``: the join code, 6 characters of an alphabet without look-alikes;
* ``owner``: the device that created the table (its host);
* ``members``: devices that entered the code;
* ``seats``: ``{seat: {"device": token, "pin": hash}}`` for claimed seats.

A device is known by a random token kept in its own browser storage (see
``App``).  Requests waiting for the host's approval live only in this process.

Serving on loopback (the default) every device is the same person's: every
table is listed and open.  Served on a LAN (``companion serve --host
0.0.0.0``) a device sees a table only if it created it, entered its code, or —
for a table without a recorded creator (made before, imported, from the CLI) —
it runs on the server machine itself.
"""

from __future__ import annotations

import base64
import hashlib
import io
import ipaddress
import json
import secrets
import socket
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import flet as ft
import segno

from ..i18n import list_separator
from ..messages import game_message
from ..storage import Store
from .widgets import TOUCH, banner, big_button, icon_button, section_title

if TYPE_CHECKING:
    from .app import App

#: no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B: read aloud and typed without mistakes
ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 6

_lock = threading.RLock()


@dataclass
class SeatRequest:
    device: str
    seat: int
    pin: str  # hashed


#: table id -> device token -> a seat request waiting for the host
REQUESTS: dict[str, dict[str, SeatRequest]] = {}


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    return "".join(c for c in (text or "").upper() if c.isalnum())


def hash_pin(table_id: str, pin: str) -> str:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), table_id.encode(), 20_000).hex()


def is_loopback(address: str | None) -> bool:
    if not address:
        return False
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return address == "localhost"


# ----- what is stored with the table ------------------------------------------------
def _key(table_id: str) -> str:
    return f"access:{table_id}"


def access(store: Store, table_id: str) -> dict[str, Any]:
    """The table's access record, created (with a fresh join code) if missing."""
    with _lock:
        raw = store.get_setting(_key(table_id))
        record = json.loads(raw) if raw else {}
        if not record.get("code"):
            record = {"code": new_code(), "owner": record.get("owner"), "members": record.get("members", []),
                      "seats": record.get("seats", {})}
            store.set_setting(_key(table_id), json.dumps(record))
        return record


def _save(store: Store, table_id: str, record: dict[str, Any]) -> None:
    store.set_setting(_key(table_id), json.dumps(record))


def set_owner(store: Store, table_id: str, device: str) -> None:
    with _lock:
        record = access(store, table_id)
        record["owner"] = device
        _save(store, table_id, record)


def table_for_code(store: Store, code: str) -> str | None:
    code = normalize_code(code)
    if len(code) != CODE_LENGTH:
        return None
    for info in store.list_tables():
        raw = store.get_setting(_key(info.id))
        if raw and json.loads(raw).get("code") == code:
            return info.id
    return None


def add_member(store: Store, table_id: str, device: str) -> None:
    with _lock:
        record = access(store, table_id)
        if device not in record["members"]:
            record["members"].append(device)
            _save(store, table_id, record)


def is_host(store: Store, table_id: str, device: str, loopback: bool) -> bool:
    owner = access(store, table_id).get("owner")
    return owner == device or (owner is None and loopback)


def may_see(store: Store, table_id: str, device: str, loopback: bool) -> bool:
    return is_host(store, table_id, device, loopback) or device in access(store, table_id)["members"]


def seat_of(store: Store, table_id: str, device: str) -> int | None:
    for seat, entry in access(store, table_id)["seats"].items():
        if entry.get("device") == device:
            return int(seat)
    return None


def seated(store: Store, table_id: str) -> dict[int, str]:
    """Claimed seats: seat -> device token."""
    return {int(s): e["device"] for s, e in access(store, table_id)["seats"].items() if e.get("device")}


def request_seat(store: Store, table_id: str, device: str, seat: int, pin: str) -> str:
    """A device asks for a seat.  If the seat already has a PIN and this one
    matches, it is granted at once ("granted"); a wrong PIN is refused
    ("bad_pin"); a seat without a PIN waits for the host ("waiting")."""
    with _lock:
        record = access(store, table_id)
        entry = record["seats"].get(str(seat))
        hashed = hash_pin(table_id, pin)
        if entry and entry.get("pin"):
            if not secrets.compare_digest(entry["pin"], hashed):
                return "bad_pin"
            _give(record, seat, device, hashed)
            _save(store, table_id, record)
            REQUESTS.get(table_id, {}).pop(device, None)
            return "granted"
        REQUESTS.setdefault(table_id, {})[device] = SeatRequest(device, seat, hashed)
        return "waiting"


def _give(record: dict[str, Any], seat: int, device: str, pin: str) -> None:
    for key, entry in list(record["seats"].items()):
        if entry.get("device") == device:
            entry["device"] = None  # one seat per device
    record["seats"][str(seat)] = {"device": device, "pin": pin}
    if device not in record["members"]:
        record["members"].append(device)


def approve(store: Store, table_id: str, device: str) -> bool:
    with _lock:
        req = REQUESTS.get(table_id, {}).pop(device, None)
        if req is None:
            return False
        record = access(store, table_id)
        _give(record, req.seat, req.device, req.pin)
        _save(store, table_id, record)
        return True


def refuse(table_id: str, device: str) -> None:
    with _lock:
        REQUESTS.get(table_id, {}).pop(device, None)


def free_seat(store: Store, table_id: str, seat: int) -> None:
    """The host frees a seat: its device goes back to the shared view; the PIN stays."""
    with _lock:
        record = access(store, table_id)
        entry = record["seats"].get(str(seat))
        if entry:
            entry["device"] = None
            _save(store, table_id, record)


def pending(table_id: str) -> list[SeatRequest]:
    with _lock:
        return list(REQUESTS.get(table_id, {}).values())


# ----- the join address and its QR code -------------------------------------------
def lan_address(bound: str) -> str:
    """The address other devices reach this server at."""
    if bound and bound not in ("0.0.0.0", "::", "*"):
        return bound
    try:  # no packet is sent: this only asks the OS which interface routes outwards
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def join_url(base: str, code: str) -> str:
    return f"{base.rstrip('/')}/?join={code}"


def qr_png(text: str) -> bytes:
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=8, border=3, dark="#000000", light="#ffffff")
    return out.getvalue()


def qr_image(text: str, size: int = 240) -> ft.Image:
    return ft.Image(src=base64.b64encode(qr_png(text)).decode("ascii"), width=size, height=size,
                    fit=ft.BoxFit.CONTAIN)


# ----- screens ------------------------------------------------------------------------
def _bar(app: "App", title: str) -> ft.AppBar:
    return ft.AppBar(title=ft.Text(title, size=18),
                     leading=icon_button(ft.Icons.ARROW_BACK, app.go_back, app._("Back")),
                     automatically_imply_leading=False)


def spaced(code: str) -> str:
    return f"{code[:3]} {code[3:]}"


def screen_join(app: "App") -> tuple[Any, ft.Control]:
    """A device enters a table's join code."""
    _ = app._
    params = app.nav.params
    field = ft.TextField(label=_("Join code"), value=params.get("code", ""), autofocus=True,
                         capitalization=ft.TextCapitalization.CHARACTERS, max_length=8,
                         on_submit=lambda e: app.join_with_code(field.value or ""))
    parts: list[ft.Control] = [
        ft.Text(_("Ask the host for the table's join code (on the host's screen under "
                  "\u201cInvite players\u201d) or scan its QR code."), size=15),
        field,
    ]
    if params.get("error"):
        parts.append(banner(params["error"], "error"))
    parts.append(big_button(_("Join the table"), lambda e: app.join_with_code(field.value or ""),
                            icon=ft.Icons.LOGIN, filled=True))
    return _bar(app, _("Join a table")), ft.Column(parts, spacing=12)


def screen_invite(app: "App") -> tuple[Any, ft.Control]:
    """The host's screen: join code, QR code, seat requests and claimed seats."""
    _ = app._
    table = app.table
    if table is None:
        return _bar(app, _("Invite players")), ft.Text("")
    record = access(app.store, table.id)
    code = record["code"]
    url = join_url(app.device.base_url, code)
    players = table.setup.players
    parts: list[ft.Control] = [
        ft.Text(_("Other phones join this table with this code:"), size=15),
        ft.Text(spaced(code), size=40, weight=ft.FontWeight.BOLD, selectable=True, font_family="monospace"),
        ft.Container(qr_image(url), bgcolor=ft.Colors.WHITE, padding=8, border_radius=8,
                     alignment=ft.Alignment.CENTER),
        ft.Text(url, size=13, selectable=True),
    ]
    if not app.device.lan:
        parts.append(banner(_("Only this computer can reach the app now. To let phones join, start it with "
                              "\u201ccompanion serve --host 0.0.0.0\u201d on a trusted network."), "info"))
    waiting = pending(table.id)
    if waiting:
        parts.append(section_title(_("Waiting for your approval")))
        for req in waiting:
            name = players[req.seat] if req.seat < len(players) else str(req.seat + 1)
            parts.append(ft.Row([
                ft.Text(_("A device asks for {name}'s seat.", name=name), size=15),
                ft.FilledButton(_("Approve"), on_click=lambda e, d=req.device: app.approve_seat(d), height=TOUCH),
                ft.TextButton(_("Refuse"), on_click=lambda e, d=req.device: app.refuse_seat(d), height=TOUCH),
            ], wrap=True))
    taken = seated(app.store, table.id)
    parts.append(section_title(_("Seats")))
    for seat, name in enumerate(players):
        if seat in taken:
            parts.append(ft.Row([
                ft.Icon(ft.Icons.PHONE_ANDROID), ft.Text(_("{name}: on their own device", name=name)),
                ft.TextButton(_("Free the seat"), on_click=lambda e, s=seat: app.free_seat(s), height=TOUCH),
            ], wrap=True))
        else:
            parts.append(ft.Row([ft.Icon(ft.Icons.EVENT_SEAT), ft.Text(_("{name}: at this device", name=name))]))
    parts.append(big_button(_("Back to the table"), app.go_back, icon=ft.Icons.ARROW_BACK))
    return _bar(app, _("Invite players")), ft.Column(parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def screen_claim(app: "App") -> tuple[Any, ft.Control]:
    """A joined device picks its seat (and sets or enters that seat's PIN)."""
    _ = app._
    table = app.table
    if table is None:
        return _bar(app, _("Claim a seat")), ft.Text("")
    params = app.nav.params
    players = table.setup.players
    taken = seated(app.store, table.id)
    mine = seat_of(app.store, table.id, app.device.token)
    pin = ft.TextField(label=_("PIN for your seat"), password=True, can_reveal_password=True, max_length=8,
                       keyboard_type=ft.KeyboardType.NUMBER, value=params.get("pin", ""))
    parts: list[ft.Control] = [
        ft.Text(_("Pick your seat. The first time, choose a PIN and wait for the host to approve; "
                  "later the PIN alone lets you back in."), size=15),
        pin,
    ]
    status = params.get("status")
    if status == "waiting":
        parts.append(banner(_("Waiting for the host to approve."), "info"))
    elif status == "bad_pin":
        parts.append(banner(_("That PIN is not this seat's PIN."), "error"))
    elif status == "no_pin":
        parts.append(banner(_("Choose a PIN of at least 4 digits."), "error"))
    for seat, name in enumerate(players):
        label = name if seat not in taken else _("{name} (taken)", name=name)
        parts.append(big_button(label, lambda e, s=seat: app.claim_seat(s, pin.value or ""),
                                icon=ft.Icons.CHECK if seat == mine else ft.Icons.EVENT_SEAT,
                                filled=seat == mine))
    return _bar(app, _("Claim a seat")), ft.Column(parts, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# ----- the strip above a table: status, invite, seat, own secrets -----------------------
def N_(msgid: str) -> str:
    """Marks a shell string for the catalogs; translated where it is shown."""
    return msgid


SECRET_LABELS = {
    "money": N_("Your money"),
    "income": N_("Your last income"),
    "shares_dealt": N_("Your shares"),
    "wealth": N_("Your wealth if the game ended now"),
    "sealed_bid": N_("Your sealed bid"),
    "vp_cards": N_("Your victory point cards"),
    "gold": N_("Your gold"),
    "score": N_("Your score"),
    "paddle_hand": N_("Your paddle cards in hand"),
}


def secret_value(app: "App", key: str, value: Any) -> str:
    table = app.table
    assert table is not None
    gid, lang, players = table.game.id, app.lang, table.setup.players
    if key in ("money", "income", "sealed_bid", "wealth"):
        text = game_message(gid, "ui.money", lang, {"amount": value}, players)
        return text if text != "ui.money" else str(value)
    if isinstance(value, list):
        sep = list_separator(lang)
        out = []
        for v in value:
            msg = f"ui.ware.{v}" if key_is_ware(gid) else f"ui.{v}"
            text = game_message(gid, msg, lang, {}, players) if isinstance(v, str) else msg
            out.append(text if text != msg else str(v))
        return sep.join(out) if out else "—"
    return str(value)


def key_is_ware(game_id: str) -> bool:
    return game_id == "manila"


def with_move_number(app: "App", appbar: Any) -> Any:
    """The table's move number under its title: the same on every device, so
    players can see at a glance that their screens agree."""
    table = app.table
    if appbar is None or table is None or not isinstance(getattr(appbar, "title", None), ft.Control):
        return appbar
    appbar.title = ft.Column([appbar.title, ft.Text(app._("Move {n}", n=table.session.cursor), size=11)],
                             spacing=0, tight=True)
    return appbar


def shows_strip(app: "App") -> bool:
    """Served on a LAN, or once a seat is claimed: the invite/seat strip shows.
    On loopback with nobody seated the table screen stays as it was."""
    table = app.table
    return table is not None and (app.device.lan or bool(seated(app.store, table.id)))


def table_strip(app: "App") -> ft.Control:
    """Shown above the game screen: the move number (the same on every device),
    the host's "Invite players", a joined device's seat and its own secrets."""
    _ = app._
    table = app.table
    assert table is not None
    device = app.device
    host = app.is_host()
    seat = app.my_seat()
    parts: list[ft.Control] = []
    row: list[ft.Control] = []
    if host:
        row.append(ft.OutlinedButton(_("Invite players"), icon=ft.Icons.QR_CODE_2, height=TOUCH,
                                     on_click=lambda e: app.go("invite")))
    elif seat is None:
        row.append(ft.OutlinedButton(_("Claim a seat"), icon=ft.Icons.EVENT_SEAT, height=TOUCH,
                                     on_click=lambda e: app.go("claim")))
    parts.append(ft.Row(row, wrap=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if seat is not None:
        name = table.setup.players[seat]
        private = app.observation()["private"]
        lines: list[ft.Control] = [ft.Text(_("You are {name}. Only this device shows your secrets.", name=name),
                                           weight=ft.FontWeight.BOLD)]
        for key, value in private.items():
            label = SECRET_LABELS.get(key)
            if label is None or value is None:
                continue
            lines.append(ft.Text(_("{label}: {value}", label=_(label), value=secret_value(app, key, value)),
                                 size=16))
        parts.append(ft.Container(ft.Column(lines, spacing=4), padding=10, border_radius=8,
                                  bgcolor=ft.Colors.with_opacity(0.12, ft.Colors.AMBER)))
    if device.lan and host and pending(table.id):
        parts.append(banner(_("A device asks for a seat."), "info",
                            [ft.TextButton(_("Invite players"), on_click=lambda e: app.go("invite"), height=TOUCH)]))
    return ft.Column(parts, spacing=8)


# ----- the web server's gate ------------------------------------------------------------
def allowed_hosts(bound: str, address: str) -> set[str]:
    """Host names this server answers to: loopback, the bound address, and —
    bound to every interface — this machine's own addresses and names.  Any
    other Host header (DNS rebinding, a foreign page) is refused."""
    hosts = {"localhost", "127.0.0.1", "::1", address}
    if bound not in ("0.0.0.0", "::", "*", ""):
        hosts.add(bound)
    else:
        name = socket.gethostname()
        hosts |= {name.lower(), f"{name.lower()}.local"}
        try:
            hosts |= {info[4][0] for info in socket.getaddrinfo(name, None)}
        except OSError:
            pass
    return hosts


def _host_name(value: str) -> str:
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def guard(app: Any, hosts: set[str], port: int) -> Any:
    """ASGI middleware: HTTP and web-socket requests must name one of
    ``hosts`` in their Host header, and a web socket's Origin (sent by every
    browser) must be the page's own origin."""
    async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = {k.lower(): v for k, v in scope.get("headers") or []}
            host = headers.get(b"host", b"").decode("latin-1")
            ok = _host_name(host) in hosts
            if ok and scope["type"] == "websocket" and b"origin" in headers:
                origin = urlparse(headers[b"origin"].decode("latin-1"))
                ok = origin.scheme in ("http", "https") and origin.netloc.lower() == host.lower()
            if not ok:
                if scope["type"] == "websocket":
                    await receive()  # websocket.connect
                    await send({"type": "websocket.close", "code": 1008})
                else:
                    await send({"type": "http.response.start", "status": 403,
                                "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
                    await send({"type": "http.response.body", "body": b"Forbidden: unknown Host or Origin\n"})
                return
        await app(scope, receive, send)

    return guarded
