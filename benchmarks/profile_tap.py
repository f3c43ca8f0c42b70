"""Where a tap's server time goes (a script that prints figures; never a test).

The app's real web server in this process (``tests/wire.py``) and a client
speaking Flet's protocol: a Manila bid and its Undo, a boat seat and its Undo,
each tapped N times.  Per tap it prints the server's phases (the screen's build,
the stamp of its taps, ``page.update`` -- Flet's diff, patch encoding and send --
and what follows), the bytes of the patch sent, and the time from the tap's
event to the patch in the client.

    PYTHONPATH=. .venv/bin/python benchmarks/profile_tap.py [--n 10] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10)
    parser.add_argument("--profile", action="store_true", help="cProfile the server's redraws")
    args = parser.parse_args()

    import flet as ft

    from bench_ui_latency import prepare
    from companion.rules import library
    from companion.storage import Store
    from companion.ui import app as appmod
    from wire import LiveServer, WireClient

    phases: dict[str, list[float]] = defaultdict(list)
    profile = cProfile.Profile() if args.profile else None
    original_render = appmod.App._render
    original_update = ft.Page.update

    def timed_update(self: Any, *controls: Any) -> Any:
        start = time.perf_counter()
        try:
            return original_update(self, *controls)
        finally:
            phases["page.update (diff+encode+send)"].append((time.perf_counter() - start) * 1000)

    def timed_render(self: Any) -> Any:
        start = time.perf_counter()
        if profile is not None:
            profile.enable()
        try:
            return original_render(self)
        finally:
            if profile is not None:
                profile.disable()
            phases["_render (whole)"].append((time.perf_counter() - start) * 1000)

    appmod.App._render = timed_render  # type: ignore[method-assign]
    ft.Page.update = timed_update  # type: ignore[method-assign]

    def timing(name: str, fn: Any) -> Any:
        def timed(*a: Any, **k: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                phases[name].append((time.perf_counter() - start) * 1000)
        return timed

    from flet.controls.object_patch import ObjectPatch
    from flet.messaging.session import Session

    from companion.ui import screens, sections, taps
    screens.screen_table = timing("build: screen_table", screens.screen_table)
    appmod.taps.stamp = timing("taps.stamp", taps.stamp)
    appmod.keep_unchanged = timing("reconcile.keep_unchanged", appmod.keep_unchanged)
    appmod.forget = timing("reconcile.forget", appmod.forget)
    appmod.thaw = timing("reconcile.thaw", appmod.thaw)
    appmod.App._track_taps = timing("App._track_taps", appmod.App._track_taps)
    sections.learn = timing("sections.learn", sections.learn)
    sections.settle = timing("sections.settle", sections.settle)
    original_from_diff = ObjectPatch.from_diff.__func__
    ObjectPatch.from_diff = classmethod(timing("update: ObjectPatch.from_diff", original_from_diff))
    send = "_Session__send_message"
    setattr(Session, send, timing("update: encode + queue", getattr(Session, send)))

    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        tables = prepare(data)
        server = LiveServer(data, lan=False)
        try:
            harbour = library.message("manila", "en", "ui.space.harbor_a")
            for name, table_id, tap, after in (("bid", tables["bid"], "Bid 1", "Now: Ben"),
                                               ("seat", tables["board"], "2", "Now: Ben"),
                                               ("harbour", tables["board"], harbour, "Now: Ben")):
                store = Store(data / "companion.db")
                store.set_setting("open_table", table_id)
                store.close()
                client = WireClient(server, address=None)
                sizes: list[int] = []
                recv = client.ws.recv

                def counting_recv(*a: Any, **k: Any) -> Any:
                    message = recv(*a, **k)
                    if isinstance(message, bytes):
                        sizes.append(len(message))
                        client.last_arrival = time.perf_counter()
                    return message

                client.ws.recv = counting_recv  # type: ignore[method-assign]
                _wait_now(client, "Now: Ana", 60)
                time.sleep(1)
                for _ in range(args.n):
                    for label, text, wait in ((name, tap, after), (f"{name}: undo", "Undo", "Now: Ana")):
                        for key in phases:
                            phases[key].clear()
                        sizes.clear()
                        control = _pressed(client.controls(), text)
                        if text == "Undo":
                            control = [c for c in client.controls() if c.get("on_click") and
                                       (c.get("tooltip") == "Undo" or "Undo" in list(_texts(c)))]
                        start = time.perf_counter()
                        client.event(control[-1 if text == "Undo" else 0]["_i"], "click")
                        _wait_now(client, wait, 30)
                        time.sleep(0.3)  # anything sent after (a scroll)
                        total = (client.last_arrival - start) * 1000
                        rows = _rows.setdefault(label, defaultdict(list))
                        rows["tap -> last message in the client"].append(total)
                        rows["bytes sent"].append(sum(sizes))
                        rows["messages"].append(len(sizes))
                        for key, values in phases.items():
                            rows[key].append(sum(values))
                client.close()
        finally:
            server.stop()
    for label, rows in _rows.items():
        print(f"{label}:")
        for key, values in rows.items():
            print(f"  {key:40s} median {statistics.median(values):9.1f}   (n={len(values)})")
    if profile is not None:
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(30)


_rows: dict[str, dict[str, list[float]]] = {}


def _wait_now(client: Any, text: str, timeout: float) -> None:
    """Until the banner says ``text`` ("Now: Ben": the label and the name are two spans)."""
    def now() -> bool:
        shown = client.texts()
        return any(a + b == text for a, b in zip(shown, shown[1:]) if a == "Now: ")
    client.wait(now, timeout, repr(text))


def _pressed(nodes: Any, text: str) -> list[Any]:
    """The pressable controls that show ``text``, innermost first: a control with a
    click handler with the text inside it, or the one tap inside the smallest control
    showing it (a board place: its tap is laid over its drawing, ``board.spot``)."""
    found = []
    for node in nodes:
        shown = list(_texts(node))
        if text not in shown:
            continue
        hits = [d for d in _descendants(node) if d.get("on_click")]
        if len(hits) == 1:
            found.append((len(shown), hits[0]))
    found.sort(key=lambda f: f[0])
    return [hit for _, hit in found]


def _descendants(node: Any) -> Any:
    if isinstance(node, dict):
        if "_c" in node:
            yield node
        for key, value in node.items():
            if key != "_c":
                yield from _descendants(value)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from _descendants(value)


def _texts(node: Any) -> Any:
    from wire import _strings
    return _strings(node)


if __name__ == "__main__":
    main()
