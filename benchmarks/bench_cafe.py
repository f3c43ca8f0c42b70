"""A café's evening on one server (a script that prints; never a test).

``companion serve`` on loopback carries 20 tables x 5 devices.  Each device is
a scripted web-socket client speaking the app's own protocol (Flet 1.0.5:
binary frames ``0x00 + msgpack([action, body])``, see ``flet/messaging/``): it
registers like the browser client, answers the server's method calls (its
browser storage holds a device token, English, and the table to open), then
follows what the server sends.  Each table has one Niagara table open on all
five devices; every few seconds one of its devices taps Undo or Redo (a
``click`` event on that button's control) and the script times, for the four
others, the tap -> the arrival of the redraw that shows the new move number
("Move n" in the app bar).  The arrival is what a phone then paints (a few ms
to tens of ms of the phone's own, not counted); a few real Chromium pages
following one table check the figure with painting included.

It prints the tap -> redraw figures (median, p95, max) for each load, the
server's CPU (its process's user+system time over the wall time: 1.0 is one
core) and its memory per connected device (RSS growth from the warm server to
all devices connected, divided by their number), then where it saturates: the
taps are made faster in steps (a tap every 3 s per table, then 1.5, 0.75,
0.4 s) until p95 passes 500 ms or the server's one process uses a whole core.

Every device and the server run on this 2-core machine: the 100 scripted
clients take CPU from the server too (measured and printed as "clients").

    python benchmarks/bench_cafe.py [--tables 20] [--devices 5] [--phase 30]
        [--intervals 3,1.5,0.75,0.4] [--browsers 2] [--root CHECKOUT] [--port 8627]
        [--workers 1] [--gc]

``--gc``: each server process also notes how long each of its garbage
collections stopped it (``benchmarks/gc_probe``), printed at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.core import Action  # noqa: E402
from companion.registry import get_game  # noqa: E402
from companion.storage import Store  # noqa: E402
from companion import access  # noqa: E402
from common import wait_port  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD, SESSION_CRASHED = 1, 2, 3, 4, 5, 6
TIMEOUT = 15.0


def packed_text(text: str) -> bytes:
    """How a string sits in a msgpack frame (its length header, then UTF-8)."""
    return msgpack.packb(text)


MOVE = {n: packed_text(f"Move {n}") for n in (0, 1)}


# ----- the server -----------------------------------------------------------------------------


def family(pid: int) -> list[int]:
    """``pid`` and its descendants (a server's worker processes)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        todo.extend(parents.get(current, []))
    return out


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of a process and its descendants (alive)."""
    total = 0.0
    for member in family(pid):
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def proc_rss(pid: int) -> float:
    """Resident memory of a process and its descendants, MiB."""
    total = 0.0
    for member in family(pid):
        try:
            lines = Path(f"/proc/{member}/status").read_text().splitlines()
        except OSError:
            continue
        total += next((int(line.split()[1]) / 1024 for line in lines if line.startswith("VmRSS:")), 0.0)
    return total


def make_tables(data: Path, n: int) -> list[tuple[str, str]]:
    """``n`` Niagara tables at move 1; their ids and join codes."""
    store = Store(data / "companion.db")
    game = get_game("niagara")
    out = []
    for i in range(n):
        table = store.create_table(game, game.setup([f"Ann{i}", f"Bo{i}", f"Cy{i}"], {}))
        table.apply(Action.make("correct_weather", None, weather=1))
        out.append((table.id, access.for_store(store).code(table.id)))
    store.close()
    return out


# ----- one scripted device ----------------------------------------------------------------------
@dataclass
class Device:
    """A phone showing one table, as the server sees it: a web socket."""

    url: str
    table: str
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))  # as the app's (>= 22 characters)
    ws: Any = None
    #: tooltip -> the newest control id that carries it (Undo, Redo)
    buttons: dict[str, int] = field(default_factory=dict)
    #: move number -> when a frame showing it last arrived
    seen: dict[int, float] = field(default_factory=dict)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    crashed: str = ""
    task: Any = None
    frames: int = 0

    async def start(self) -> None:
        host = self.url.split("//", 1)[1]
        self.ws = await connect(f"ws://{host}/ws", origin=self.url, max_size=None, open_timeout=60,
                                ping_interval=None)
        page = {"route": "/", "web": True, "pwa": False, "debug": False, "platform": "android",
                "platform_brightness": "light", "width": 390.0, "height": 844.0}
        await self.send(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": page})
        self.task = asyncio.ensure_future(self.receive())

    async def send(self, action: int, body: Any) -> None:
        await self.ws.send(b"\x00" + msgpack.packb([action, body]))

    async def receive(self) -> None:
        try:
            async for frame in self.ws:
                self.frames += 1
                now = time.perf_counter()
                if isinstance(frame, str) or not frame or frame[0] != 0:
                    continue
                for n, text in MOVE.items():
                    if text in frame:
                        self.seen[n] = now
                        self.arrived.set()
                if b"Undo" in frame or b"Redo" in frame or frame[1:2] == b"\x92" and frame[2] == INVOKE_METHOD:
                    await self.handle(msgpack.unpackb(frame[1:], strict_map_key=False))
        except Exception:  # noqa: BLE001 - closed at the end
            pass

    async def handle(self, message: Any) -> None:
        action, body = message[0], message[1]
        if action == INVOKE_METHOD:
            await self.answer(body)
        elif action == SESSION_CRASHED:
            self.crashed = str(body)
        self.find_buttons(body)

    async def answer(self, body: dict[str, Any]) -> None:
        """The browser's side of a method call: its storage (SharedPreferences)."""
        result: Any = None
        args = body.get("args") or {}
        if body.get("name") == "get":
            result = {"device": self.token, "lang": "en", "theme": None, "open_table": self.table}.get(args.get("key"))
        elif body.get("name") in ("set", "remove", "clear"):
            result = True
        await self.send(INVOKE_METHOD, {"control_id": body.get("control_id"), "call_id": body.get("call_id"),
                                        "result": result, "error": None})

    def find_buttons(self, value: Any) -> None:
        if isinstance(value, dict):
            tip = value.get("tooltip")
            if tip in ("Undo", "Redo") and isinstance(value.get("_i"), int):
                self.buttons[tip] = max(self.buttons.get(tip, 0), value["_i"])
            for v in value.values():
                if isinstance(v, (dict, list)):
                    self.find_buttons(v)
        elif isinstance(value, list):
            for v in value:
                if isinstance(v, (dict, list)):
                    self.find_buttons(v)

    async def tap(self, tooltip: str) -> None:
        await self.send(CONTROL_EVENT, {"target": self.buttons[tooltip], "name": "click", "data": None})

    async def wait_move(self, n: int, since: float, timeout: float = TIMEOUT) -> float | None:
        """When a frame showing move ``n`` arrived after ``since`` (None: not within the timeout)."""
        deadline = time.perf_counter() + timeout
        while self.seen.get(n, 0) <= since:
            self.arrived.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except asyncio.TimeoutError:
                return None
        return self.seen[n]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.task is not None:
            self.task.cancel()


# ----- a table tapping ---------------------------------------------------------------------------
@dataclass
class Phase:
    interval: float
    others: list[float] = field(default_factory=list)  # tap -> redraw on each other device, s
    own: list[float] = field(default_factory=list)  # tap -> the tapping device's own redraw
    missed: int = 0
    taps: int = 0
    browser: list[float] = field(default_factory=list)  # tap -> "Move n" visible in a real Chromium page
    browser_scripted: list[float] = field(default_factory=list)  # the same taps, on the scripted devices


async def play_table(devices: list[Device], phase: Phase, until: float, rng: random.Random,
                     pages: list[Any] | None = None, at: list[int] | None = None) -> None:
    """Tap Undo and Redo in turn on one table until ``until``.  ``at``: the
    table's move number, kept from one phase to the next (a phase that
    ended on move 0 must start with Redo: an Undo there does nothing, and
    before it was kept every such table lost its first tap's five redraws)."""
    at = at if at is not None else [1]
    cursor = at[0]
    turn = 0
    await asyncio.sleep(rng.uniform(0, phase.interval))
    while time.perf_counter() < until:
        tapper = devices[turn % len(devices)]
        turn += 1
        label, cursor = ("Undo", 0) if cursor == 1 else ("Redo", 1)
        if label not in tapper.buttons:
            phase.missed += 1
            break
        t0 = time.perf_counter()
        await tapper.tap(label)
        at[0] = cursor
        phase.taps += 1
        page_waits = [asyncio.ensure_future(visible(page, cursor, t0)) for page in pages or []]
        arrivals = await asyncio.gather(*(d.wait_move(cursor, t0) for d in devices))
        for d, t in zip(devices, arrivals):
            if t is None:
                phase.missed += 1
            elif d is tapper:
                phase.own.append(t - t0)
            else:
                phase.others.append(t - t0)
                if pages:
                    phase.browser_scripted.append(t - t0)
        for t in await asyncio.gather(*page_waits):
            if t is not None:
                phase.browser.append(t)
        if any(t is None for t in arrivals):
            # a device fell behind: let the table settle before the next tap
            await asyncio.sleep(2)
        await asyncio.sleep(phase.interval * rng.uniform(0.5, 1.5))


async def visible(page: Any, n: int, t0: float) -> float | None:
    try:
        await page.get_by_text(re.compile(rf"(^|\s)Move {n}$")).first.wait_for(timeout=TIMEOUT * 1000)
    except Exception:  # noqa: BLE001
        return None
    return time.perf_counter() - t0


def ms(values: list[float], missed: int = 0) -> str:
    """Median, p95 and max; a redraw that never came within the timeout
    counts as the timeout (so misses raise the p95, never hide from it)."""
    if not values and not missed:
        return "—"
    v = sorted(values + [TIMEOUT] * missed)
    p95 = v[min(len(v) - 1, int(round(0.95 * (len(v) - 1))))]
    return f"median {statistics.median(v) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {v[-1] * 1000:.0f} ms"


# ----- the evening --------------------------------------------------------------------------------
async def evening(args) -> None:
    rng = random.Random(25)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        tables = make_tables(data, args.tables)
        env = {**os.environ, "COMPANION_DATA_DIR": str(data), "FLET_FORCE_WEB_SERVER": "1", "LANG": "en_US.UTF-8"}
        probes = data / "gc"
        if args.gc:  # every server process notes its garbage collections (benchmarks/gc_probe)
            probes.mkdir()
            env["GC_PROBE_DIR"] = str(probes)
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "benchmarks" / "gc_probe"), env.get("PYTHONPATH")]))
        env.pop("DISPLAY", None)
        log = open(data / "server.log", "w")
        server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(args.port),
                                   "--workers", str(args.workers)],
                                  cwd=args.root, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{args.port}"
        all_devices: list[Device] = []
        try:
            wait_port(args.port)
            # warm the server: one device opens a table and leaves (imports, the store, the first screen)
            warm = [Device(url, tables[0][0]) for _ in range(3 * args.workers)]  # each worker, likely
            for device in warm:
                await device.start()
                await device.wait_move(1, 0, 60)
            for device in warm:
                await device.close()
            await asyncio.sleep(2)
            rss0 = proc_rss(server.pid)
            cpu0, wall0, own0 = proc_cpu(server.pid), time.perf_counter(), time.process_time()
            per_table: list[list[Device]] = []
            for table_id, _code in tables:
                per_table.append([Device(url, table_id) for _ in range(args.devices)])
            all_devices = [d for ds in per_table for d in ds]
            started = time.perf_counter()
            for i in range(0, len(all_devices), 10):  # ten phones at a time open the page
                batch = all_devices[i:i + 10]
                await asyncio.gather(*(d.start() for d in batch))
                await asyncio.gather(*(d.wait_move(1, 0, 60) for d in batch))
            joined = time.perf_counter() - started
            not_shown = [d for d in all_devices if 1 not in d.seen]
            await asyncio.sleep(3)
            rss1 = proc_rss(server.pid)
            cpu_join = proc_cpu(server.pid) - cpu0
            n = len(all_devices)
            print(f"cafe: {args.tables} tables x {args.devices} devices = {n} scripted devices connected in "
                  f"{joined:.1f} s ({len(not_shown)} without their table); server CPU {cpu_join / n * 1000:.0f} ms "
                  f"a device to open its table; server RSS {rss0:.0f} -> {rss1:.0f} MiB: "
                  f"{(rss1 - rss0) / n:.2f} MiB per connected device (goal <= 1 MiB)", flush=True)
            crashed = [d.crashed for d in all_devices if d.crashed]
            if crashed:
                print(f"  !! {len(crashed)} sessions crashed: {crashed[0][:300]}")

            pages: list[Any] = []
            playwright = browser = None
            if args.browsers and Path(CHROMIUM).exists():
                from playwright.async_api import async_playwright

                playwright = await async_playwright().start()
                browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for _ in range(args.browsers):
                    context = await browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
                    page = await context.new_page()
                    await page.goto(f"{url}/?join={tables[0][1]}")
                    await page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=90_000)
                    await page.locator("flt-semantics-placeholder").dispatch_event("click")
                    await page.get_by_text(re.compile(r"(^|\s)Move 1$")).first.wait_for(timeout=60_000)
                    pages.append(page)
                rss_b = proc_rss(server.pid)
                print(f"  + {len(pages)} Chromium pages on table 1 (server RSS {rss_b:.0f} MiB)", flush=True)

            saturated = None
            moves = [[1] for _ in per_table]  # each table's move number, across the phases
            for interval in [float(x) for x in args.intervals.split(",")]:
                phase = Phase(interval)
                c0, w0, o0 = proc_cpu(server.pid), time.perf_counter(), time.process_time()
                each0 = {pid: proc_cpu(pid) for pid in family(server.pid)[1:]}
                until = time.perf_counter() + args.phase
                await asyncio.gather(*(play_table(ds, phase, until, rng, pages if i == 0 else None, moves[i])
                                       for i, ds in enumerate(per_table)))
                wall = time.perf_counter() - w0
                cores = (proc_cpu(server.pid) - c0) / wall
                each = [(proc_cpu(pid) - c) / wall for pid, c in each0.items() if Path(f"/proc/{pid}").exists()]
                clients = (time.process_time() - o0) / wall
                rate = phase.taps / wall
                print(f"  a tap every {interval:g} s a table ({rate:.1f} taps/s in all, {phase.taps} taps): "
                      f"tap -> redraw on the other devices {ms(phase.others, phase.missed)}; the tapper's own {ms(phase.own)}; "
                      f"{phase.missed} redraws not within {TIMEOUT:.0f} s; server CPU {cores:.2f} core "
                      f"({cores / max(rate, 1e-9) * 1000:.0f} ms a tap, all 5 redraws), clients {clients:.2f} core; "
                      f"RSS {proc_rss(server.pid):.0f} MiB"
                      + (f"; the workers: {', '.join(f'{c:.2f}' for c in each)} core" if len(each) > 1 else ""),
                      flush=True)
                if pages:
                    print(f"      Chromium pages on table 1: tap -> 'Move n' visible {ms(phase.browser)} "
                          f"(the scripted devices on the same taps: {ms(phase.browser_scripted)})", flush=True)
                counted = sorted(phase.others + [TIMEOUT] * phase.missed)
                p95 = counted[int(0.95 * (len(counted) - 1))] if counted else 99
                if saturated is None and (p95 > 0.5 or cores > 0.9 * args.workers or phase.missed):
                    saturated = (interval, rate, cores, p95)
            if saturated:
                interval, rate, cores, p95 = saturated
                print(f"  saturates at a tap every {interval:g} s a table ({rate:.1f} taps/s): p95 {p95 * 1000:.0f} ms, "
                      f"server CPU {cores:.2f} core ({args.workers} Python process(es): at most one core each)", flush=True)
            else:
                print("  no saturation within the steps measured", flush=True)
            if browser is not None:
                await browser.close()
                await playwright.stop()
        finally:
            await asyncio.gather(*(d.close() for d in all_devices), return_exceptions=True)
            server.terminate()
            try:
                server.wait(5)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
            if args.gc:
                print_collections(probes)
            said = (data / "server.log").read_text(errors="replace")
            if "Traceback" in said or "ERROR" in said:
                print(f"  !! the server logged errors ({said.count('Traceback')} tracebacks); the first:\n"
                      + said[said.find("Traceback") if "Traceback" in said else said.find("ERROR"):][:3000], flush=True)


def print_collections(probes: Path) -> None:
    """What each server process's garbage collections cost, by generation
    (the whole run: connecting included)."""
    for path in sorted(probes.glob("*.txt")):
        lines = path.read_text().splitlines()
        if not lines:
            continue
        name = "worker" if re.search(r"--worker(\s|$)", lines[0]) else "the workers' parent"
        by_gen: dict[int, list[float]] = {}
        for line in lines[1:]:
            gen, held, _collected = line.split()
            by_gen.setdefault(int(gen), []).append(float(held))
        said = "; ".join(f"generation {g}: {len(v)} collections, {sum(v):.0f} ms in all, the longest {max(v):.0f} ms"
                         for g, v in sorted(by_gen.items()))
        print(f"  garbage collection, {name} {path.stem}: {said or 'none'}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--devices", type=int, default=5)
    parser.add_argument("--phase", type=float, default=30, help="seconds of tapping at each rate")
    parser.add_argument("--intervals", default="3,1.5,0.75,0.4", help="seconds between a table's taps, per step")
    parser.add_argument("--browsers", type=int, default=2, help="real Chromium pages following table 1")
    parser.add_argument("--root", default=str(ROOT), help="the checkout to serve")
    parser.add_argument("--port", type=int, default=8627)
    parser.add_argument("--workers", type=int, default=1, help="server processes (companion serve --workers)")
    parser.add_argument("--gc", action="store_true", help="print each server process's garbage collections")
    asyncio.run(evening(parser.parse_args()))


if __name__ == "__main__":
    main()
