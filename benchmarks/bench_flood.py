"""A flood from one connection while another device taps (a script that prints; never a test).

``companion serve`` on loopback, one Niagara table.  A scripted phone (the
web-socket device of ``bench_cafe.py``) taps Undo and Redo in turn, one tap
every ``--interval`` s, and times each tap -> the redraw that shows the new
move on that phone and on a second phone watching the same table; a thread
asks the server for its page (``GET /``, an HTTP request as a phone's first
visit makes) every ``--interval`` s and times the answer.  First a phase with
no flood, then a phase in which ``--flooders`` other connections (each registered as Flet's
client does, in a process of its own, writing prepared frames so that it
costs this shared machine next to nothing) send events for made-up control
ids as fast as the socket takes them -- the issue-35 attack -- and connect
again whenever the server closes them.  The server's CPU is printed for each
phase.  Both phases in one run, side by side:

    python benchmarks/bench_flood.py [--phase 30] [--interval 0.5] [--flooders 1]
        [--root CHECKOUT] [--port 8631]

``--root``: the checkout to serve (a checkout before issue 35, to compare).
Each tap waits at most 15 s for its redraws; one that never came counts as
15 s (so a stall raises the p99, never hides from it).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_cafe import CONTROL_EVENT, TIMEOUT, Device, make_tables, proc_cpu, wait_port  # noqa: E402


def figures(values: list[float], missed: int = 0) -> str:
    if not values and not missed:
        return "—"
    v = sorted(values + [TIMEOUT] * missed)
    p99 = v[min(len(v) - 1, int(round(0.99 * (len(v) - 1))))]
    return (f"median {statistics.median(v) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {v[-1] * 1000:.0f} ms "
            f"(n = {len(v)}{f', {missed} not within {TIMEOUT:.0f} s' if missed else ''})")


# ----- the flooder: a process of its own ---------------------------------------------------------
def frame(payload: bytes) -> bytes:
    """A client's binary web-socket frame, masked with a zero key (the bytes as they are)."""
    n = len(payload)
    head = bytes([0x82, 0x80 | n]) if n < 126 else bytes([0x82, 0x80 | 126]) + n.to_bytes(2, "big")
    return head + b"\x00\x00\x00\x00" + payload


def flood(port: int, stop: Any, sent: Any, closed: Any) -> None:
    """Connect, register as Flet's client does, then write events for
    made-up control ids as fast as the socket takes them -- prepared bytes,
    so that the flooder itself costs this shared machine next to nothing --
    and connect again when the server closes the connection."""
    events = b"".join(frame(b"\x00" + msgpack.packb([CONTROL_EVENT, {"target": 900_000_000 + i, "name": "click",
                                                                       "data": None}])) for i in range(4000))
    per_buffer = 4000
    register = frame(b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": {
        "route": "/", "web": True, "platform": "android", "width": 390.0, "height": 844.0}}]))
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                              "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                              "Sec-WebSocket-Version: 13\r\n\r\n").encode())
                answer = b""
                while b"\r\n\r\n" not in answer:
                    chunk = sock.recv(4096)
                    if not chunk:
                        raise ConnectionError("refused")
                    answer += chunk
                if b" 101 " not in answer.split(b"\r\n", 1)[0]:
                    raise ConnectionError(answer[:80])
                sock.sendall(register)
                time.sleep(1.0)  # its session starts
                while not stop.is_set():
                    sock.sendall(events)
                    with sent.get_lock():
                        sent.value += per_buffer
        except OSError:  # closed by the server: connect again
            with closed.get_lock():
                closed.value += 1
            time.sleep(0.05)


# ----- one phase --------------------------------------------------------------------------------
def http_probe(url: str, interval: float, until: float, out: list[float], failed: list[int]) -> None:
    while time.perf_counter() < until:
        t0 = time.perf_counter()
        try:
            with urllib.request.urlopen(url + "/", timeout=TIMEOUT) as answer:
                answer.read()
            out.append(time.perf_counter() - t0)
        except Exception:  # noqa: BLE001 - not answered within the timeout
            failed[0] += 1
        time.sleep(max(0.0, interval - (time.perf_counter() - t0)))


async def phase(url: str, tapper: Device, watcher: Device, seconds: float, interval: float,
                at: list[int]) -> dict[str, Any]:
    own: list[float] = []
    other: list[float] = []
    missed = [0, 0]
    http: list[float] = []
    http_failed = [0]
    until = time.perf_counter() + seconds
    probe = threading.Thread(target=http_probe, args=(url, interval, until, http, http_failed), daemon=True)
    probe.start()
    while time.perf_counter() < until:
        label, move = ("Undo", 0) if at[0] == 1 else ("Redo", 1)
        t0 = time.perf_counter()
        await tapper.tap(label)
        at[0] = move
        mine, theirs = await asyncio.gather(tapper.wait_move(move, t0), watcher.wait_move(move, t0))
        for t, into, i in ((mine, own, 0), (theirs, other, 1)):
            if t is None:
                missed[i] += 1
            else:
                into.append(t - t0)
        await asyncio.sleep(max(0.0, interval - (time.perf_counter() - t0)))
    await asyncio.to_thread(probe.join, TIMEOUT + 5)
    return {"own": own, "other": other, "missed": missed, "http": http, "http_failed": http_failed[0]}


def report(name: str, result: dict[str, Any]) -> None:
    print(f"  {name}:", flush=True)
    print(f"    tap -> redraw, the tapping phone: {figures(result['own'], result['missed'][0])}")
    print(f"    tap -> redraw, the other phone:   {figures(result['other'], result['missed'][1])}")
    print(f"    HTTP GET / answered:              {figures(result['http'], result['http_failed'])}", flush=True)


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        (table, _code), = make_tables(data, 1)
        env = {**os.environ, "COMPANION_DATA_DIR": str(data), "FLET_FORCE_WEB_SERVER": "1", "LANG": "en_US.UTF-8",
               "PYTHONPATH": args.root}
        env.pop("DISPLAY", None)
        log = open(data / "server.log", "w")
        server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(args.port)],
                                  cwd=args.root, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{args.port}"
        tapper, watcher = Device(url, table), Device(url, table)
        ctx = multiprocessing.get_context("spawn")
        stop, sent, closed = ctx.Event(), ctx.Value("q", 0), ctx.Value("i", 0)
        flooders: list[Any] = []
        try:
            wait_port(args.port)
            for device in (tapper, watcher):
                await device.start()
                if await device.wait_move(1, 0, 60) is None:
                    raise RuntimeError("a phone did not get its table")
            at = [1]
            print(f"bench_flood: {args.root}, one Niagara table, a tap every {args.interval} s, "
                  f"{args.phase:.0f} s a phase", flush=True)
            c0, w0 = proc_cpu(server.pid), time.perf_counter()
            quiet = await phase(url, tapper, watcher, args.phase, args.interval, at)
            report("no flood", quiet)
            print(f"    server CPU {(proc_cpu(server.pid) - c0) / (time.perf_counter() - w0):.2f} core", flush=True)
            flooders = [ctx.Process(target=flood, args=(args.port, stop, sent, closed), daemon=True)
                        for _ in range(args.flooders)]
            for p in flooders:
                p.start()
            deadline = time.time() + 60
            while sent.value < 5000 and time.time() < deadline:  # the flood is on
                await asyncio.sleep(0.1)
            started, t_flood, c0 = sent.value, time.perf_counter(), proc_cpu(server.pid)
            loud = await phase(url, tapper, watcher, args.phase, args.interval, at)
            flooded = time.perf_counter() - t_flood
            report(f"{args.flooders} connection(s) flooding", loud)
            print(f"    server CPU {(proc_cpu(server.pid) - c0) / flooded:.2f} core", flush=True)
            print(f"    the flood: {sent.value - started:,} events sent in {flooded:.0f} s "
                  f"({(sent.value - started) / flooded:,.0f} a second), "
                  f"the server closed a flooder {closed.value} times", flush=True)
        finally:
            stop.set()
            for p in flooders:
                p.join(10)
                if p.is_alive():
                    p.kill()
            for device in (tapper, watcher):
                try:
                    await asyncio.wait_for(device.close(), 5)
                except Exception:  # noqa: BLE001
                    pass
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
            said = (data / "server.log").read_text(errors="replace")
            if "Traceback" in said:
                kinds: dict[str, int] = {}
                for block in said.split("Traceback (most recent call last):")[1:]:
                    last = [line for line in block.splitlines() if line and not line.startswith(" ")]
                    kinds[last[0] if last else "?"] = kinds.get(last[0] if last else "?", 0) + 1
                print(f"  !! the server logged {said.count('Traceback')} tracebacks: "
                      + "; ".join(f"{n} x {k[:160]}" for k, n in kinds.items()))
                heads = [line for line in said.splitlines() if line.startswith(("ERROR", "WARNING"))]
                print("     after: " + "; ".join(sorted(set(heads)))[:600])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--phase", type=float, default=30, help="seconds of tapping in each phase")
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between taps (and HTTP requests)")
    parser.add_argument("--flooders", type=int, default=1, help="connections flooding at once")
    parser.add_argument("--root", default=str(ROOT), help="the checkout to serve")
    parser.add_argument("--port", type=int, default=8631)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
