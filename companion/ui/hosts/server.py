"""The server host: ``companion serve`` -- uvicorn around Flet's ASGI app.

Everything here is of the served app only (uvicorn, starlette, flet_web,
threads, worker processes); the browser build never imports it
(``hosts/__init__.py``).  The screens are ``companion.ui.app``'s.
"""

from __future__ import annotations

import asyncio
import gc
import gzip
import ipaddress
import logging
import mimetypes
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Callable

import flet as ft
import uvicorn
from starlette.responses import FileResponse, PlainTextResponse

from ...paths import assets_dir
from ...rules import search
from ...storage import Store
from .. import budget, join
from ..app import SERVING, make_main
from ..offline_web import compressed_path, precompress, web_assets
from ..web_cache import CachedWeb, accepts
from .build_web import default_out

log = logging.getLogger(__name__)


#: Python's collector in a server process: (700, 10, 10) by default.  A full (oldest
#: generation) collection walks every object a connected phone's screen is made of, and
#: stops the whole process meanwhile: in a run of ``benchmarks/bench_cafe.py --gc``
#: (100 phones, two workers, 2 minutes of taps) 33 of them a worker, the longest 490 ms,
#: 9-10 s in all -- the taps they caught were the slowest twentieth.  A redraw makes
#: thousands of short-lived objects; with a young generation of 5,000 fewer of them live
#: long enough to be promoted, and a full collection comes after 100 middle ones instead
#: of 10: one a worker in the same run (at start-up), 3-4 s of collecting in all instead
#: of 12-13, the longest pause 216 ms.  The p95 of tap -> redraw on the other phones fell
#: by a third to a half (README, "A café's evening").
SERVER_GC_THRESHOLDS = (5000, 20, 100)


def server_config(app: Any, host: str, port: int, proxies: Any = (), **options: Any) -> uvicorn.Config:
    """uvicorn's configuration for the app (``serve``; ``tests/wire.py`` runs
    the same).  A client's address is its socket's peer: uvicorn by default
    believed an ``X-Forwarded-For`` header from 127.0.0.1, so any program on
    the server computer could give each of its connections a new address (and
    a fresh guess limit).  Only behind a proxy the command line names
    (``companion serve --proxy ADDR``) is the header read, and only from
    that proxy."""
    proxies = [str(p) for p in proxies or ()]
    return uvicorn.Config(app, host=host, port=port, log_level="warning", ws="websockets-sansio",
                          proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None,
                          ws_max_size=budget.MAX_FILE_FRAME, **options)


def parse_proxies(values: Any) -> list[str]:
    """``--proxy`` values (repeated or comma-separated) as addresses or
    networks; ValueError names one that is neither."""
    found: list[str] = []
    for value in values or ():
        for part in str(value).split(","):
            part = part.strip()
            if not part:
                continue
            try:
                found.append(str(ipaddress.ip_network(part, strict=False)) if "/" in part
                             else str(ipaddress.ip_address(part)))
            except ValueError:
                raise ValueError(part) from None
    return found


def serve(host: str | None = None, port: int | None = None, desktop: bool = False, workers: int = 1,
          worker: bool = False, proxies: Any = ()) -> None:
    """Start the app: the web server on a headless machine, else a window.

    The web server is uvicorn around Flet's ASGI app, behind a check of the
    Host and Origin headers (``join.guard``); it stops cleanly on SIGTERM and
    SIGINT.  Beyond loopback (``--host 0.0.0.0`` or a LAN address) every table
    needs its join code.

    ``workers`` > 1: that many server processes share the port (``--worker``
    is one of them; see :func:`serve_workers`).  ``proxies``: the addresses
    whose ``X-Forwarded-For`` is believed (:func:`server_config`)."""
    if workers > 1 and not desktop:
        serve_workers(host, port, workers, proxies)
        return
    gc.set_threshold(*SERVER_GC_THRESHOLDS)
    search.warm_up()  # the rules search's index, built while the first page loads
    host = host or os.environ.get("COMPANION_HOST", "127.0.0.1")
    port = port or int(os.environ.get("COMPANION_PORT", "8550"))
    headless = not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux")
    if desktop and not headless:
        ft.run(make_main(), view=ft.AppView.FLET_APP, assets_dir=str(assets_dir()), no_cdn=True, name="")
        return
    # flet_web keeps a closed browser's session (and its memory) for
    # FLET_SESSION_TIMEOUT s, 3600 by default; a LAN table needs only a
    # short grace for a dropped Wi-Fi — a later reconnect reopens the
    # stored table in a new session.  (Read when the web app is created.)
    os.environ.setdefault("FLET_SESSION_TIMEOUT", "60")
    lan = not join.is_loopback(host)
    address = join.lan_address(host) if lan else "127.0.0.1"
    SERVING.update(lan=lan, base_url=f"http://{address}:{port}")
    # our assets plus the web client patched to ask no CDN, and our own splash;
    # the gzip copies are made once per installed version, in the background
    folder = web_assets(assets_dir())
    if not worker:  # a worker's parent made them
        threading.Thread(target=precompress, args=(folder,), name="precompress", daemon=True).start()
    guarded = web_app(host, port, address, folder)
    if not worker:
        _say_where(host, port, address, lan)
    config = server_config(guarded, host, port, proxies, timeout_graceful_shutdown=3)
    server = CleanServer(config)
    if worker:
        server.run(sockets=[shared_socket(host, port)])
    else:
        server.run()
    log.info("stopped")


def _say_where(host: str, port: int, address: str, lan: bool) -> None:
    print(f"Table Companion is running at http://{address if lan else host}:{port}/", flush=True)
    if static_folder() is not None:
        print(f"The app for a phone on its own (installs, then runs offline): "
              f"http://{address if lan else host}:{port}/app/", flush=True)
    if lan:
        print("Served beyond this computer: every table needs its join code "
              "(the host's screen shows it under \u201cInvite players\u201d).", flush=True)


def shared_socket(host: str, port: int, listen: bool = True) -> socket.socket:
    """A listening socket on ``host:port`` that other processes of this user
    may bind too (``SO_REUSEPORT``): the kernel then hands each new
    connection to one of the listening ones."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    if listen:
        sock.listen(2048)
    return sock


def serve_workers(host: str | None, port: int | None, workers: int, proxies: Any = ()) -> None:
    """``workers`` server processes on one port and one data folder.

    One Python process draws with one core at most (the GIL): a café's
    evening of 100 phones needs more (``benchmarks/bench_cafe.py``).  Each
    worker is ``companion serve --worker``, a whole server of its own: the
    kernel gives each new connection (a phone's page, its web socket) to one
    of them, and a phone stays with its worker for as long as its socket
    lives.  They share the SQLite file as two processes always could (every
    write checked against the table's rev, issue 11), and each hears of the
    others' writes within 50 ms (``changes.ChangeNotice``).  Guess limits
    (``access.Limiter``, a seat's lock, the wrong-code count) are counted in
    the shared SQLite file, so two workers allow no more tries than one.
    This process makes the web folder and its gzip copies, starts the workers, starts again one that
    dies, and stops them all on SIGTERM or SIGINT."""
    host = host or os.environ.get("COMPANION_HOST", "127.0.0.1")
    port = port or int(os.environ.get("COMPANION_PORT", "8550"))
    if not hasattr(socket, "SO_REUSEPORT"):
        print("This system cannot share a port between processes: serving from one.", flush=True)
        serve(host, port, proxies=proxies)
        return
    probe = shared_socket(host, port, listen=False)  # a port another server holds fails here, before any worker
    lan = not join.is_loopback(host)
    address = join.lan_address(host) if lan else "127.0.0.1"
    folder = web_assets(assets_dir())
    threading.Thread(target=precompress, args=(folder,), name="precompress", daemon=True).start()
    command = [sys.executable, "-m", "companion", "serve", "--host", host, "--port", str(port), "--worker"]
    for proxy in proxies or ():
        command += ["--proxy", str(proxy)]
    stopping = threading.Event()

    def stop(signum: int, frame: Any) -> None:
        stopping.set()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    children = [subprocess.Popen(command) for _ in range(workers)]
    probe.close()  # the workers hold the port now
    _say_where(host, port, address, lan)
    print(f"({workers} worker processes)", flush=True)
    try:
        while not stopping.wait(0.5):
            for i, child in enumerate(children):
                if child.poll() is not None and not stopping.is_set():
                    log.warning("worker %s ended (%s): starting another", child.pid, child.returncode)
                    children[i] = subprocess.Popen(command)
    finally:
        for child in children:
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    log.info("stopped")


def web_app(host: str, port: int, address: str, folder: Any,
            store_factory: Callable[[], Store] = Store.shared, static: Path | None | bool = True) -> Any:
    """What ``serve`` runs: Flet's ASGI app for ``make_main()`` on the web
    folder, served compressed under versioned URLs (``web_cache.CachedWeb``),
    behind the Host/Origin check (``join.guard``).  ``store_factory``: the
    data the sessions open (tests/wire.py runs it in-process on a folder of
    its own)."""
    asgi = ft.run(make_main(store_factory), assets_dir=str(folder), no_cdn=True, name="", export_asgi_app=True)
    cached = CachedWeb(asgi, folder)
    SERVING["assets"] = cached.asset_prefix
    if static is True:
        static = static_folder()
    inner: Any = StaticBuild(cached, static) if static else cached
    # every web socket within a budget of its own (budget.py), behind the gate
    return join.guard(budget.budgeted(inner), join.allowed_hosts(host, address), port)


def static_folder() -> Path | None:
    """The static build ``companion build-web`` made (by default in the user's data folder), if any."""
    folder = default_out()
    return folder if (folder / "sw.js").is_file() and (folder / "index.html").is_file() else None


class StaticBuild:
    """``/app/``: the static build (the whole app in the phone's browser, hosts/browser.py)
    handed out as plain files, so a computer gives it to a phone once; after that the phone
    needs neither this server nor a network.  Revalidated on every visit (its own service
    worker keeps the version it installed); everything else goes on to the served app.
    Code, fonts and data go gzipped to a browser that takes it (the copy made at the first
    request, kept in the folder's ``.gz/``; the next build replaces the folder, copies too)."""

    PREFIX = "/app/"

    def __init__(self, app: Any, folder: Path) -> None:
        self.app = app
        self.folder = Path(folder).resolve()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path == "/app":
            await send({"type": "http.response.start", "status": 308,
                        "headers": [(b"location", b"/app/"), (b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return
        if not path.startswith(self.PREFIX) or scope.get("method", "GET") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        rel = path[len(self.PREFIX):] or "index.html"
        target = self.folder.joinpath(*[p for p in rel.split("/") if p])
        try:
            found = ".." not in rel.split("/") and "\\" not in rel and "\x00" not in rel and \
                not rel.startswith(".") and target.resolve().is_relative_to(self.folder) and target.is_file()
        except (OSError, ValueError):
            found = False
        if not found:
            await PlainTextResponse("Not found\n", status_code=404)(scope, receive, send)
            return
        headers = {"cache-control": "no-cache", "vary": "Accept-Encoding"}
        sent = target
        asked = dict((k.decode("latin-1").lower(), v.decode("latin-1")) for k, v in scope.get("headers", []))
        packed = compressed_path(self.folder, rel)
        if packed is not None and accepts(asked.get("accept-encoding", ""), "gzip") \
                and target.stat().st_size >= 1024:
            if await asyncio.to_thread(self._gzip_copy, target, packed):
                sent = packed
                headers["content-encoding"] = "gzip"
        media_type = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if target.suffix == ".mjs":
            media_type = "text/javascript"
        await FileResponse(sent, headers=headers, media_type=media_type)(scope, receive, send)

    @staticmethod
    def _gzip_copy(source: Path, packed: Path) -> bool:
        """The gzip copy of ``source`` at ``packed``, made now if it is missing or older."""
        try:
            if packed.is_file() and packed.stat().st_mtime_ns >= source.stat().st_mtime_ns:
                return True
            packed.parent.mkdir(parents=True, exist_ok=True)
            aside = packed.with_name(f".{packed.name}.{os.getpid()}.{threading.get_ident()}")
            aside.write_bytes(gzip.compress(source.read_bytes(), 6))
            os.replace(aside, packed)
            return True
        except OSError:  # a read-only folder: the file as it is
            return False


class CleanServer(uvicorn.Server):
    """uvicorn re-raises SIGTERM/SIGINT after its graceful shutdown (the
    process then dies of the signal); a stop asked for is a clean exit."""

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        self._captured_signals.clear()
