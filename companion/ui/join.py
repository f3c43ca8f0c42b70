"""Several devices at one table: the join and invite screens, the strip above
a table, the QR code and the web server's gate.

Who may do what -- identity, roles, join codes, PINs, seat requests and the
limits on guessing -- is :mod:`companion.access` (plain Python); these
screens only ask it and show what it says.

Serving on loopback (the default) every device is the same person's: every
table is listed and open.  Served on a LAN (``companion serve --host
0.0.0.0``) a device sees a table only if it created it, entered its code, or --
for a table without a recorded creator (made before, imported, from the CLI) --
it runs on the server machine itself.
"""

from __future__ import annotations

import base64
import io
import ipaddress
import socket
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import flet as ft
import segno
from babel.dates import format_time

from .. import access
from ..i18n import _NUMBER_LOCALE, list_separator
from ..messages import game_message
from . import sections
from .widgets import TOUCH, banner, big_button, icon_button, section_title

if TYPE_CHECKING:
    from .app import App

ALPHABET = access.ALPHABET
CODE_LENGTH = access.CODE_LENGTH


def is_loopback(address: str | None) -> bool:
    if not address:
        return False
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return address == "localhost"


def clock_text(stamp: float, lang: str) -> str:
    """A time of day in the language's own format (14:02, 下午2:02)."""
    return format_time(datetime.fromtimestamp(stamp), "short", locale=_NUMBER_LOCALE.get(lang, "en"))


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
    if params.get("waiting"):
        parts.append(banner(_("Wrong join codes have been tried on this server, so the table's host lets each "
                              "new device in. Waiting for the host\u2026"), "info"))
        parts.append(ft.Text(_("This device: {tag}", tag=app.device.who.tag), size=14, weight=ft.FontWeight.BOLD))
    if params.get("error"):
        parts.append(banner(params["error"], "error"))
    parts.append(big_button(_("Join the table"), lambda e: app.join_with_code(field.value or ""),
                            icon=ft.Icons.LOGIN, filled=True))
    return _bar(app, _("Join a table")), ft.Column(parts, spacing=12)


def device_line(app: "App", entry: dict[str, Any]) -> str:
    """What tells devices apart: browser, address, device tag (and time)."""
    _ = app._
    line = _("{agent} · {address} · device {tag}", agent=entry.get("agent") or "?",
             address=entry.get("address") or "?", tag=entry.get("tag") or "?")
    if entry.get("time"):
        line += " · " + clock_text(entry["time"], app.lang)
    return line


def _seat_name(players: Any, seat: int) -> str:
    return players[seat] if 0 <= seat < len(players) else str(seat + 1)


def screen_invite(app: "App") -> tuple[Any, ft.Control]:
    """The host's screen: join code (end it, make a new one), QR code, seat
    requests to approve, wrong PINs tried, claimed seats to free."""
    _ = app._
    table = app.table
    if table is None or not app.is_host():
        return _bar(app, _("Invite players")), ft.Text(_("Only the host of this table can invite players."))
    guard_ = app.access
    code = guard_.code(table.id)
    players = table.setup.players
    parts: list[ft.Control] = []
    if code:
        url = join_url(app.device.base_url, code)
        expires = guard_.code_expires(table.id)
        parts += [
            ft.Text(_("Other phones join this table with this code:"), size=15),
            ft.Text(spaced(code), size=40, weight=ft.FontWeight.BOLD, selectable=True, font_family="monospace"),
            ft.Container(qr_image(url), bgcolor=ft.Colors.WHITE, padding=8, border_radius=8,
                         alignment=ft.Alignment.CENTER),
            ft.Text(url, size=13, selectable=True),
        ]
        if expires:
            parts.append(ft.Text(_("The code works until {time}.", time=clock_text(expires, app.lang)), size=14))
        parts.append(ft.Row([
            ft.OutlinedButton(_("New code"), icon=ft.Icons.REFRESH, height=TOUCH, on_click=lambda e: app.renew_code()),
            ft.OutlinedButton(_("End the code"), icon=ft.Icons.BLOCK, height=TOUCH, on_click=lambda e: app.end_code()),
        ], wrap=True, spacing=8))
    else:
        parts += [
            banner(_("No join code now: no other device can join this table. Devices that joined before "
                     "keep their place."), "info"),
            big_button(_("Make a join code"), lambda e: app.renew_code(), icon=ft.Icons.QR_CODE_2, filled=True),
        ]
    if not app.device.lan:
        parts.append(banner(_("Only this computer can reach the app now. To let phones join, start it with "
                              "\u201ccompanion serve --host 0.0.0.0\u201d on a trusted network."), "info"))
    record = guard_.record(table.id)
    wrong_codes = guard_.wrong_codes(table.id, record) if code else 0
    if wrong_codes >= access.CODE_BUDGET:
        parts.append(banner(_("Wrong join codes tried on this server since this code was made: {count}. Someone "
                              "may be guessing codes, so this code no longer lets a device in on its own: you let "
                              "each one in below. A new code lets devices in directly again.",
                              count=wrong_codes), "error"))
    elif wrong_codes:
        parts.append(ft.Text(_("Wrong join codes tried on this server since this code was made: {count} (after "
                               "{limit}, you let each new device in).", count=wrong_codes,
                               limit=access.CODE_BUDGET), size=14))
    joins = guard_.join_requests(table.id)
    if joins:
        parts.append(section_title(_("Devices asking to join")))
        for req in joins:
            parts.append(ft.Container(ft.Column([
                ft.Text(_("A device with the right code asks to join this table."), size=15,
                        weight=ft.FontWeight.BOLD),
                ft.Text(device_line(app, req), size=14),
                ft.Row([
                    ft.FilledButton(_("Let in"), on_click=lambda e, r=req["id"]: app.let_in(r), height=TOUCH),
                    ft.TextButton(_("Turn away"), on_click=lambda e, r=req["id"]: app.turn_away(r), height=TOUCH),
                ], wrap=True)], spacing=4), padding=8, border_radius=8,
                bgcolor=ft.Colors.with_opacity(0.08, ft.Colors.BLUE)))
    alerts = guard_.alerts(table.id)
    if alerts:
        parts.append(section_title(_("Wrong PINs")))
        for alert in alerts[-5:]:
            parts.append(ft.Text(alert_text(app, players, alert), size=15))
        parts.append(ft.Row([ft.TextButton(_("Dismiss"), height=TOUCH, on_click=lambda e: app.dismiss_alerts())]))
    waiting = guard_.requests(table.id)
    if waiting:
        parts.append(section_title(_("Waiting for your approval")))
        for req in waiting:
            name = _seat_name(players, req["seat"])
            what = (_("Takes {name}'s seat from the device that holds it (the PIN was right).", name=name)
                    if req.get("takeover") else
                    _("Back to {name}'s seat (the PIN was right).", name=name) if req.get("pin_ok") else
                    _("Claims {name}'s seat for the first time and sets its PIN.", name=name))
            parts.append(ft.Container(ft.Column([
                ft.Text(_("A device asks for {name}'s seat.", name=name), size=15, weight=ft.FontWeight.BOLD),
                ft.Text(device_line(app, req), size=14),
                ft.Text(what, size=14),
                ft.Row([
                    ft.FilledButton(_("Approve"), on_click=lambda e, r=req["id"]: app.approve_seat(r), height=TOUCH),
                    ft.TextButton(_("Refuse"), on_click=lambda e, r=req["id"]: app.refuse_seat(r), height=TOUCH),
                ], wrap=True)], spacing=4), padding=8, border_radius=8,
                bgcolor=ft.Colors.with_opacity(0.08, ft.Colors.BLUE)))
    parts.append(section_title(_("Seats")))
    for seat, name in enumerate(players):
        entry = record["seats"].get(str(seat)) or {}
        if entry.get("device"):
            parts.append(ft.Column([
                ft.Row([ft.Icon(ft.Icons.PHONE_ANDROID), ft.Text(_("{name}: on their own device", name=name))]),
                ft.Text(device_line(app, {k: v for k, v in entry.items() if k != "time"}), size=13)
                if entry.get("tag") else ft.Container(),
                ft.Row([
                    ft.TextButton(_("Free the seat"), on_click=lambda e, s=seat: app.free_seat(s), height=TOUCH),
                    ft.TextButton(_("Free the seat and remove the device"), height=TOUCH,
                                  on_click=lambda e, s=seat: app.free_seat(s, remove_device=True)),
                ], wrap=True)], spacing=2))
        else:
            parts.append(ft.Row([ft.Icon(ft.Icons.EVENT_SEAT), ft.Text(_("{name}: at this device", name=name))]))
        if guard_.locked(table.id, seat, record):
            parts.append(ft.Column([
                banner(_("{name}'s seat is locked after {count} wrong PINs: no device can take it with its PIN "
                         "until you unlock it.", name=name, count=access.PIN_LOCK), "error"),
                ft.Row([ft.OutlinedButton(_("Unlock {name}'s seat", name=name), icon=ft.Icons.LOCK_OPEN,
                                          height=TOUCH, on_click=lambda e, s=seat: app.unlock_seat(s))], wrap=True),
            ], spacing=4))
        elif entry.get("pin") and guard_.wrong_pins(table.id, seat, record):
            parts.append(ft.Text(_("Wrong PINs for {name}'s seat: {count} (it locks at {limit}).", name=name,
                                   count=guard_.wrong_pins(table.id, seat, record), limit=access.PIN_LOCK),
                                 size=14))
    parts.append(big_button(_("Back to the table"), app.go_back, icon=ft.Icons.ARROW_BACK))
    return _bar(app, _("Invite players")), ft.Column(parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def alert_text(app: "App", players: Any, alert: dict[str, Any]) -> str:
    """A wrong PIN (or the one that locked the seat), with the device that tried it."""
    _ = app._
    name = _seat_name(players, alert["seat"])
    if alert.get("locked"):
        return _("{name}'s seat is locked after {count} wrong PINs; the last: {device}", name=name,
                 count=access.PIN_LOCK, device=device_line(app, alert))
    return _("A wrong PIN for {name}'s seat: {device}", name=name, device=device_line(app, alert))


def screen_claim(app: "App") -> tuple[Any, ft.Control]:
    """A joined device picks its seat (and sets or enters that seat's PIN)."""
    _ = app._
    table = app.table
    if table is None:
        return _bar(app, _("Claim a seat")), ft.Text("")
    params = app.nav.params
    players = table.setup.players
    taken = app.access.seated(table.id)
    mine = app.my_seat()
    pin = ft.TextField(label=_("PIN for your seat"), password=True, can_reveal_password=True,
                       max_length=access.PIN_MAX, keyboard_type=ft.KeyboardType.NUMBER, value=params.get("pin", ""))
    parts: list[ft.Control] = [
        ft.Text(_("Pick your seat. The first time, choose a PIN of {low} to {high} digits and wait for the host "
                  "to approve; later the PIN lets you back in (the host approves a change of device).",
                  low=access.PIN_MIN, high=access.PIN_MAX), size=15),
        ft.Text(_("This device: {tag}", tag=app.device.who.tag), size=14, weight=ft.FontWeight.BOLD),
        pin,
    ]
    waiting = app.access.request_of(table.id, app.device.token)
    if waiting is not None:
        parts.append(banner(_("Waiting for the host to approve."), "info"))
    elif params.get("status") == "waiting":
        parts.append(banner(_("The host did not approve, or the request expired. You can ask again."), "info"))
    if params.get("error"):
        parts.append(banner(params["error"], "error"))
    for seat, name in enumerate(players):
        label = name if seat not in taken else _("{name} (taken)", name=name)
        parts.append(big_button(label, lambda e, s=seat: app.claim_seat(s, sections.sending(pin) or ""),
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
    if not app.host.multi_device:  # the browser build: no other phones (hosts/browser.py)
        return False
    return table is not None and (app.device.lan or bool(app.access.seated(table.id)))


def table_strip(app: "App") -> ft.Control:
    """Shown above the game screen: the host's "Invite players" (with seat
    requests and wrong PINs waiting), a joined device's seat and its own
    secrets, or a viewer's "Claim a seat"."""
    _ = app._
    table = app.table
    assert table is not None
    device = app.device
    role = app.role()
    host = role == access.HOST
    seat = app.my_seat()
    parts: list[ft.Control] = []
    row: list[ft.Control] = []
    if host:
        row.append(ft.OutlinedButton(_("Invite players"), icon=ft.Icons.QR_CODE_2, height=TOUCH,
                                     on_click=lambda e: app.go("invite")))
    if seat is None and access.scope("claim", role) and not (host and not device.lan):
        row.append(ft.OutlinedButton(_("Claim a seat"), icon=ft.Icons.EVENT_SEAT, height=TOUCH,
                                     on_click=lambda e: app.go("claim")))
    parts.append(ft.Row(row, wrap=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if role == access.VIEWER:
        parts.append(ft.Text(_("You are watching this table. Claim a seat to play your own moves."), size=14))
    if not device.persistent:
        parts.append(banner(_("This browser keeps no data for this app: after a reload, join the table again."),
                            "info"))
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
    if device.lan and host:
        if app.access.requests(table.id):
            parts.append(banner(_("A device asks for a seat."), "info",
                                [ft.TextButton(_("Invite players"), on_click=lambda e: app.go("invite"),
                                               height=TOUCH)]))
        if app.access.join_requests(table.id):
            parts.append(banner(_("A device asks to join this table."), "info",
                                [ft.TextButton(_("Invite players"), on_click=lambda e: app.go("invite"),
                                               height=TOUCH)]))
        alerts = app.access.alerts(table.id)
        if alerts:
            last = next((a for a in reversed(alerts) if a.get("locked")), alerts[-1])
            parts.append(banner(alert_text(app, table.setup.players, last), "error", [
                ft.TextButton(_("Dismiss"), on_click=lambda e: app.dismiss_alerts(), height=TOUCH)]))
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
        if scope["type"] == "http":
            await app(scope, receive, _without_cors(send))
            return
        await app(scope, receive, send)

    return guarded


def _without_cors(send: Any) -> Any:
    """Flet's web server marks every response readable by any web page
    (``Access-Control-Allow-Origin: *``); ours are for our own page only."""
    async def strip(message: dict[str, Any]) -> None:
        if message.get("type") == "http.response.start":
            message = {**message, "headers": [(k, v) for k, v in message.get("headers") or []
                                              if k.lower() != b"access-control-allow-origin"]}
        await send(message)

    return strip
