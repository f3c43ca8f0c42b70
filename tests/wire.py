"""The app's real web server in this process, and a client that speaks Flet's
websocket protocol the way the browser does -- or the way an attacker's
script would (any token in its "browser storage", storage that refuses or
never answers, any event for any control id, from any address).

* :class:`LiveServer` runs ``companion.ui.app.web_app`` (the same ASGI app,
  Host/Origin gate included, that ``companion serve`` runs) under uvicorn in a
  background thread.  A test-only wrapper sets the client's address from an
  ``x-test-client`` header, so phones "on the Wi-Fi" are simulated on loopback.
* :class:`WireClient` registers like the Flutter client, answers the server's
  method calls (its storage, device info, downloads), keeps a mirror of the
  page by applying every patch, and sends clicks and typed text.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import msgpack
import uvicorn
from flet.messaging.protocol import decode_ext_from_msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from companion.core import Action
from companion.paths import assets_dir
from companion.registry import get_game
from companion.storage import Store
from companion.ui.hosts import server as hostserver
from companion.ui import app as appmod
from companion.ui import changes, join
from companion.ui.offline_web import web_assets

REGISTER, PATCH, EVENT, UPDATE, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3
PHONE_AGENT = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36"
IPHONE_AGENT = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                "Version/17.4 Mobile/15E148 Safari/604.1")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def niagara_table(store: Store) -> Any:
    """A three-player Niagara table at move 1 (the weather set): one Undo away from move 0."""
    game = get_game("niagara")
    table = store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {}))
    table.apply(Action.make("correct_weather", None, weather=1))
    return table


def niagara_folder(folder: Path) -> Any:
    """A data folder whose one Niagara table (:func:`niagara_table`) a new device opens; the table."""
    store = Store(folder / "companion.db")
    table = niagara_table(store)
    store.set_setting("open_table", table.id)
    store.close()
    return table


def _client_address(app: Any) -> Any:
    """Test only: the client's address from the ``x-test-client`` header."""
    async def wrapped(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            for key, value in scope.get("headers") or []:
                if key.lower() == b"x-test-client":
                    scope = {**scope, "client": (value.decode(), 40000)}
        await app(scope, receive, send)
    return wrapped


class LiveServer:
    """``companion serve --host 0.0.0.0`` (or loopback) in this process."""

    def __init__(self, data_dir: Path, lan: bool = True, proxies: Any = ()) -> None:
        self.port = free_port()
        self.db = data_dir / "companion.db"
        self.store = Store.shared(self.db)
        # as ``companion serve --host 0.0.0.0`` (or on loopback) builds it
        host = "0.0.0.0" if lan else "127.0.0.1"
        self.lan = lan
        address = join.lan_address(host) if lan else "127.0.0.1"
        self._serving = dict(appmod.SERVING)  # put back at stop: a later in-process test is not "on the LAN"
        appmod.SERVING.update(lan=lan, base_url=f"http://{address}:{self.port}")
        guarded = hostserver.web_app(host, self.port, address, web_assets(assets_dir()), lambda: Store.shared(self.db))
        # as ``companion serve [--proxy ADDR]`` configures uvicorn (client addresses, frame sizes)
        config = hostserver.server_config(_client_address(guarded), "127.0.0.1", self.port, proxies, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 30
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.port}"

    def app_of(self, client: "WireClient") -> Any:
        """The server's ``App`` for ``client``'s session (white-box: what the server believes of
        it); None until the session has made it."""
        from flet_web.fastapi.flet_app_manager import app_manager
        sessions = getattr(app_manager, "_FletAppManager__sessions")
        for session in list(sessions.values()):
            if session.id == client.session_id and client.session_id is not None:
                return session.page.data
        return None

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)
        changes.for_store(self.store).stop()
        appmod.SERVING.clear()
        appmod.SERVING.update(self._serving)


def _strings(node: Any, shown: bool = False) -> Iterator[str]:
    """The strings under ``node``; with ``shown``, not those of a closed dialog."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        if shown and str(node.get("_c", "")).endswith("Dialog") and not node.get("open"):
            return
        for key, value in node.items():
            if key in ("_c", "key", "icon", "font_family", "fonts", "route", "client_user_agent"):
                continue
            yield from _strings(value, shown)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from _strings(value, shown)


class WireClient:
    """One device, speaking the protocol.

    ``storage``: the browser's storage (a dict the client keeps, empty by
    default; pre-seed it with a token or an open table), ``None`` for storage
    that refuses every call (blocked), or ``"silent"`` for a client that never
    answers."""

    def __init__(self, server: LiveServer, address: str = "192.168.1.50", agent: str = PHONE_AGENT,
                 storage: Any = ..., route: str = "/", connect_now: bool = True, device_info: bool = True,
                 headers: dict[str, str] | None = None) -> None:
        self.server = server
        self.address = address
        self.agent = agent
        self.storage = {} if storage is ... else storage
        self.route = route
        self.page: dict[str, Any] = {}
        self.index: dict[int, dict[str, Any]] = {}
        self.seen: list[str] = []  # every string ever received
        self.downloads: list[tuple[str, bytes]] = []
        self.crashes: list[Any] = []
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self.closed = False
        #: seconds the storage takes to answer each call (a slow or busy browser)
        self.storage_delay = 0.0
        #: False: the device's info (its languages) is never answered (a page that went away)
        self.device_info = device_info
        #: the session the server gave this tab: a reload of the tab asks for it again
        self.session_id: str | None = None
        #: the methods the server called on this client, in order
        self.asked: list[str] = []
        #: more request headers; ``address=None``: no simulated address (the socket's own, loopback)
        self.headers = dict(headers or {})
        #: the close code the server ended the connection with (None while open)
        self.close_code: int | None = None
        if connect_now:
            self.connect()

    # ----- the connection -------------------------------------------------------------------
    def connect(self) -> None:
        url = f"ws://127.0.0.1:{self.server.port}/ws"
        headers = {**({} if self.address is None else {"x-test-client": self.address}), "User-Agent": self.agent,
                   **self.headers}
        self.close_code = None
        self.ws = connect(url,  # noqa: the client lives as long as the test's device origin=self.server.url,
                          additional_headers=headers, user_agent_header=self.agent, max_size=None,
                          open_timeout=30)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self._send(REGISTER, {"session_id": self.session_id, "page_name": "",
                              "page": {"route": self.route, "web": True, "platform": "android",
                                       "width": 390.0, "height": 844.0}})

    def reload(self, route: str) -> None:
        """The tab goes to ``route`` (a reload, as a QR code's address opened in
        it): a new connection that asks for the tab's session, as Flet's
        client does; the server then keeps running that session's app."""
        self.go_away()
        self.come_back(route)

    def go_away(self) -> None:
        """The tab's connection ends (a reload begins, the Wi-Fi drops); its session waits."""
        self.ws.close()
        self.reader.join(5)

    def come_back(self, route: str | None = None) -> None:
        """A new connection that asks for the tab's session again, with the page mirror emptied
        (the server sends the whole page); ``route``: the address it comes back to."""
        with self.lock:
            if route is not None:
                self.route = route
            self.page, self.index = {}, {}
        self.connect()

    def close(self) -> None:
        self.closed = True
        try:
            self.ws.close()
        except Exception:  # noqa: BLE001
            pass
        self.reader.join(5)

    def _send(self, action: int, body: Any) -> None:
        if self.closed:
            return
        try:
            self.ws.send(b"\x00" + msgpack.packb([action, body], use_bin_type=True))
        except ConnectionClosed:
            # the server closed the connection while this answer was on its way (a reply to
            # its last call, or a tap): what a phone meets too; the reader notes the close
            pass

    def _read(self) -> None:
        while not self.closed:
            try:
                data = self.ws.recv()
            except Exception as exc:  # noqa: BLE001 - closed
                with self.changed:
                    received = getattr(exc, "rcvd", None) or getattr(self.ws, "close_rcvd", None)
                    self.close_code = received.code if received is not None else 1006
                    self.close_error = repr(exc)
                    self.changed.notify_all()
                return
            if not isinstance(data, bytes) or not data or data[0] != 0:
                continue
            action, body = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False)
            try:
                self._handle(action, body)
            except Exception as exc:  # noqa: BLE001 - a client bug: make it visible
                # with what it was applying, so a failure seen once in a full run can be traced
                where = body.get("id") if isinstance(body, dict) else None
                self.crashes.append(("client", repr(exc), action, where, repr(body)[:600]))

    def _handle(self, action: int, body: Any) -> None:
        if action == REGISTER:
            with self.changed:
                self.session_id = body.get("session_id") or self.session_id
                self.page = body["page_patch"]
                self._reindex()
                self.seen.extend(_strings(self.page))
                self.changed.notify_all()
        elif action == PATCH:
            with self.changed:
                self._apply(body["id"], body["patch"])
                self._reindex()
                self.seen.extend(_strings(body["patch"]))
                self.changed.notify_all()
        elif action == INVOKE:
            self._invoke(body)
        elif action == CRASHED:
            self.crashes.append(body)

    def _invoke(self, body: dict[str, Any]) -> None:
        control = self.index.get(body["control_id"], {})
        kind, name, args = control.get("_c"), body["name"], body.get("args") or {}
        if not body.get("_late"):
            self.asked.append(name)
        result: Any = None
        error: str | None = None
        if kind == "SharedPreferences":
            if self.storage == "silent":
                return  # never answers
            if self.storage_delay and not body.get("_late"):  # a slow browser: answers later
                threading.Timer(self.storage_delay, self._invoke, [{**body, "_late": True}]).start()
                return
            if self.storage is None:
                error = "SecurityError: storage is blocked"
            elif name == "get":
                result = self.storage.get(args["key"])
            elif name == "set":
                self.storage[args["key"]] = args["value"]
                result = True
            else:
                result = None
        elif kind == "FilePicker" and name == "pick_files":  # the file the person chooses: self.pick
            chosen = getattr(self, "pick", None)
            result = [] if chosen is None else [{"id": 0, "name": chosen[0], "size": len(chosen[1]),
                                                 "bytes": chosen[1]}]
        elif kind == "FilePicker" and name == "save_file":
            self.downloads.append((args.get("file_name"), bytes(args.get("src_bytes") or b"")))
            result = args.get("file_name")
        elif name == "get_device_info":
            if not self.device_info:
                return  # never answers
            error = "not available"
        self._send(INVOKE, {"control_id": body["control_id"], "call_id": body["call_id"], "result": result,
                            "error": error})

    # ----- the page mirror -------------------------------------------------------------------
    def _apply(self, root_id: int, patch: list[Any]) -> None:
        root = self.index[root_id] if root_id in self.index else self.page
        trie = patch[0]
        paths: dict[int, list[Any]] = {}

        def walk(node: list[Any], path: list[Any]) -> None:
            paths[node[0]] = path
            if len(node) > 1:
                for part, child in node[1].items():
                    walk(child, path + [part])

        walk(trie, [])

        def resolve(index: int) -> Any:
            obj = root
            for part in paths[index]:
                obj = obj[part]
            return obj

        for op in patch[1:]:
            kind = op[0]
            if kind == REPLACE:
                target, key, value = resolve(op[1]), op[2], op[3]
                target[key] = value
            elif kind == ADD:
                target, key, value = resolve(op[1]), op[2], op[3]
                if isinstance(target, list):
                    target.insert(key, value)
                else:
                    target[key] = value
            elif kind == REMOVE:
                target, key = resolve(op[1]), op[2]
                if isinstance(target, list):
                    del target[key]
                else:
                    target.pop(key, None)
            elif kind == MOVE:
                source, from_key = resolve(op[1]), op[2]
                value = source.pop(from_key)
                target, to_key = resolve(op[3]), op[4]
                if isinstance(target, list):
                    target.insert(to_key, value)
                else:
                    target[to_key] = value

    def _reindex(self) -> None:
        index: dict[int, dict[str, Any]] = {}
        stack: list[Any] = [self.page]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                if "_i" in node:
                    index[node["_i"]] = node
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
        self.index = index

    # ----- reading the page ----------------------------------------------------------------
    def texts(self) -> list[str]:
        """What the page shows now (closed dialogs left out)."""
        with self.lock:
            return list(_strings(self.page, shown=True))

    def shows(self, text: str) -> bool:
        return any(text in t for t in self.texts())

    def shows_exactly(self, text: str) -> bool:
        return text in self.texts()

    def wait(self, predicate: Callable[[], bool], timeout: float = 15.0, what: str = "") -> None:
        deadline = time.time() + timeout
        with self.changed:
            while not predicate():
                left = deadline - time.time()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {what or predicate}; page shows: "
                                         f"{[t for t in self.texts() if len(t) < 200][:80]}")
                self.changed.wait(min(left, 0.2))

    def wait_text(self, text: str, timeout: float = 15.0) -> None:
        self.wait(lambda: self.shows(text), timeout, repr(text))

    def controls(self) -> Iterator[dict[str, Any]]:
        with self.lock:
            return iter(list(self.index.values()))

    def find(self, text: str, event: str = "on_click", exact: bool = True, disabled: bool = False) -> dict[str, Any]:
        """The first control with a handler for ``event`` showing ``text``
        (its own label, tooltip, or a text anywhere inside it); a greyed-out
        one only with ``disabled`` (a browser sends no tap for it; a script can)."""
        with self.lock:
            found = [c for c in self.index.values()
                     if (c.get(event) or (event == "on_click" and c.get("action")))  # a client action's too
                     and (disabled or not c.get("disabled")) and
                     any((t == text if exact else text in t) for t in _strings(c))]
            # the innermost match: no other match inside it
            found.sort(key=lambda c: len(list(_strings(c))))
            if not found:
                raise LookupError(f"no control for {text!r}; page shows {[t for t in self.texts()][:80]}")
            return found[0]

    def field(self, label: str) -> dict[str, Any]:
        with self.lock:
            for c in self.index.values():
                if c.get("_c") == "TextField" and c.get("label") == label:
                    return c
        raise LookupError(f"no field {label!r}")

    # ----- acting ------------------------------------------------------------------------------
    def event(self, control_id: int, name: str = "click", data: Any = None) -> None:
        self._send(EVENT, {"target": control_id, "name": name, "data": data})

    def click(self, text: str, exact: bool = True) -> int:
        """A tap: the control's client actions first, done here as Flet's client does them
        (inside the tap, no round trip), then its click event, if it has a handler."""
        control = self.find(text, exact=exact)
        actions = control.get("action") or []
        for action in actions if isinstance(actions, list) else [actions]:
            self._client_action(action)
        if control.get("on_click"):
            self.event(control["_i"], "click")
        return int(control["_i"])

    def _client_action(self, action: dict[str, Any]) -> None:
        service = self.index.get(action.get("service_id"), {})
        self.asked.append(action.get("method"))
        if service.get("_c") == "FilePicker" and action.get("method") == "pick_files":
            chosen = getattr(self, "pick", None)  # the file the person chooses: its bytes (with_data)
            files = [] if chosen is None else [{"id": 0, "name": chosen[0], "size": len(chosen[1]),
                                                "bytes": chosen[1] if action["args"].get("with_data") else None}]
            self.event(service["_i"], "result", {"files": files})
        else:
            raise AssertionError(f"no such client action here: {action}")

    def report(self, control_id: int, props: dict[str, Any]) -> None:
        """What the phone changed itself (a typed value, a picked option, a
        section opened): into its own page first, as Flet's client does, then
        to the server."""
        with self.lock:
            self.index.get(control_id, {}).update(props)
        self._send(UPDATE, {"id": control_id, "props": props})

    def type(self, label: str, value: str) -> None:
        control = self.field(label)
        self.report(control["_i"], {"value": value})
        if control.get("on_change"):
            self.event(control["_i"], "change", value)

    def json_download(self, index: int = -1) -> dict[str, Any]:
        return json.loads(self.downloads[index][1].decode("utf-8"))

