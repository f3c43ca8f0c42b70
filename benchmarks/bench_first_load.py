"""A phone's first and repeat visit over a throttled network (a script that
prints; never a test).

Headless Debian Chromium at 390x844 opens ``companion serve`` on loopback with
the network throttled as a phone on Wi-Fi sees it (CDP
``Network.emulateNetworkConditions``: 20 Mbit/s and 20 ms, 5 Mbit/s and 50 ms;
and none).  For each visit it prints the bytes on the wire (CDP's
``encodedDataLength``: headers and body as sent) and two times from the start
of the navigation:

* **usable**: the home screen's "New table" button is in the page's semantics
  tree (Flutter built the first screen; a tap works), and -- for a Chinese
  phone -- the font that draws it has arrived (before, the text is blank);
* **settled**: nothing more was asked for during 1 s (fonts drawn later
  included);
* for a Chinese phone, **readable**: the home title is as wide as its characters
  drawn in the font (boxes are under half as wide); "inf" if not within 30 s of usable.

A *repeat visit* is a new tab in the same browser profile, later: what the
browser cache spares.  Every host but 127.0.0.1 is unresolvable
(``--host-resolver-rules``), so nothing can leave the machine -- Playwright's
request routing is not used here because it switches the HTTP cache off.

*Ten phones joining at once* go through a shaping proxy of this script (an
asyncio TCP relay with one token bucket shared by every connection: 20 Mbit/s
towards the phones, 20 ms added each way), ten browser profiles opened
together; it prints when each one was usable.  All ten run in the one
Chromium on this 2-core machine, so the later ones also wait for CPU (a real
phone has its own).

The same is measured for a minimal Flet app (one button) served by Flet's own
web server (``ft.run(..., export_asgi_app=True, no_cdn=True)`` under uvicorn),
as the reference.

    python benchmarks/bench_first_load.py [--runs 2] [--lang en|zh_Hans|zh_Hant]
        [--only first,repeat,ten] [--no-minimal] [--root CHECKOUT] [--port 8625] [--net loopback,20,5]

``--root`` serves another checkout (e.g. the version before a change), with
this script's interpreter.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from common import wait_port  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
PHONE = {"width": 390, "height": 844}
#: name -> (download bits/s, one-way-ish latency ms as CDP takes it); None: not throttled
NETWORKS = {"loopback": None, "20 Mbit/s 20 ms": (20e6, 20), "5 Mbit/s 50 ms": (5e6, 50)}
LOCALES = {"en": "en-US", "zh_Hans": "zh-CN", "zh_Hant": "zh-TW"}
BUTTON = {"en": "New table", "zh_Hans": "开新一桌", "zh_Hant": "開新一桌"}
#: the home screen's title (28 px): drawn in a CJK font it is about 28 px a character, as boxes under half
TITLE = {"zh_Hans": "桌游助手", "zh_Hant": "桌遊助手"}
FONT_SUFFIXES = (".otf", ".ttf", ".woff2", ".woff")

MINIMAL_APP = """
import flet as ft, uvicorn, sys
def main(page):
    page.add(ft.Text("Minimal app"), ft.Button("New table"))
app = ft.run(main, export_asgi_app=True, no_cdn=True)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


# ----- servers ----------------------------------------------------------------------------


class Served:
    """``companion serve`` (or the minimal Flet app) in a child process."""

    def __init__(self, port: int, root: Path, minimal: bool = False) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.tmp = tempfile.TemporaryDirectory()
        env = {**os.environ, "COMPANION_DATA_DIR": self.tmp.name, "FLET_FORCE_WEB_SERVER": "1", "LANG": "en_US.UTF-8"}
        env.pop("DISPLAY", None)
        if minimal:
            script = Path(self.tmp.name) / "minimal_app.py"
            script.write_text(MINIMAL_APP)
            cmd = [sys.executable, str(script), str(port)]
        else:
            cmd = [sys.executable, "-m", "companion", "serve", "--port", str(port)]
        self.log = open(Path(self.tmp.name) / "server.log", "w")
        self.proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        wait_port(port)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()
        self.tmp.cleanup()


class ShapingProxy:
    """A TCP relay to ``target`` whose traffic towards the browser shares one
    token bucket (``rate`` bits/s over all connections together); each chunk
    is also held ``delay`` s in each direction."""

    def __init__(self, port: int, target: int, rate: float, delay: float) -> None:
        self.port, self.target, self.rate, self.delay = port, target, rate / 8, delay
        self.tokens = 0.0
        self.stamp = time.perf_counter()
        self.lock = asyncio.Lock()
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", self.port)

    async def stop(self) -> None:
        if self.server:
            self.server.close()

    async def _take(self, n: int) -> None:
        async with self.lock:  # first come, first served: one bucket for the whole "access point"
            now = time.perf_counter()
            self.tokens = min(self.tokens + (now - self.stamp) * self.rate, 16384)
            self.stamp = now
            self.tokens -= n
            if self.tokens < 0:
                await asyncio.sleep(-self.tokens / self.rate)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, shaped: bool) -> None:
        queue: asyncio.Queue = asyncio.Queue()

        async def read() -> None:
            while True:
                data = await reader.read(16384)
                await queue.put((time.perf_counter() + self.delay, data))
                if not data:
                    return

        task = asyncio.ensure_future(read())
        try:
            while True:
                due, data = await queue.get()
                wait = due - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not data:
                    break
                if shaped:
                    await self._take(len(data))
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            task.cancel()
            try:
                writer.close()
            except Exception:  # noqa: BLE001
                pass

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._pipe(reader, up_writer, False), self._pipe(up_reader, writer, True))


# ----- one visit ----------------------------------------------------------------------------
@dataclass
class Visit:
    usable: float = 0.0
    readable: float = 0.0  # Chinese: the home title drawn in its font, not as boxes (inf: not within 30 s)
    settled: float = 0.0
    bytes_usable: int = 0
    bytes_settled: int = 0
    requests: int = 0
    encodings: dict[str, int] = field(default_factory=dict)
    outside: list[str] = field(default_factory=list)
    files: dict[str, int] = field(default_factory=dict)
    files_usable: dict[str, int] = field(default_factory=dict)  # what was fetched before the screen was usable


async def visit(context, url: str, lang: str, network: tuple[float, float] | None, settle: float = 1.0) -> Visit:
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    await cdp.send("Network.enable")
    await cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    if network:
        bits, latency = network
        await cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": latency, "downloadThroughput": bits / 8, "uploadThroughput": bits / 8})
    result = Visit()
    pending: dict[str, str] = {}
    fonts_pending: set[str] = set()
    last = [time.perf_counter()]

    def sent(e) -> None:
        u = e["request"]["url"]
        if u.startswith(("data:", "blob:")):  # made in the page (skwasm's worker): nothing on the wire
            return
        if not (u.startswith(url) or u.startswith(url.replace("127.0.0.1", "localhost"))):
            result.outside.append(u)
        pending[e["requestId"]] = u
        if u.split("?")[0].endswith(FONT_SUFFIXES):
            fonts_pending.add(e["requestId"])
        result.requests += 1
        last[0] = time.perf_counter()

    def received(e) -> None:
        enc = {k.lower(): v for k, v in e["response"]["headers"].items()}.get("content-encoding", "identity")
        if e["response"].get("fromDiskCache") or e["response"].get("fromMemoryCache"):
            enc = "cache"
        result.encodings[enc] = result.encodings.get(enc, 0) + 1

    def finished(e) -> None:
        u = pending.pop(e["requestId"], None)
        fonts_pending.discard(e["requestId"])
        result.bytes_settled += int(e["encodedDataLength"])
        if u:
            name = u.split("?")[0][len(url):] or "/"
            result.files[name] = result.files.get(name, 0) + int(e["encodedDataLength"])
        last[0] = time.perf_counter()

    def failed(e) -> None:
        pending.pop(e["requestId"], None)
        fonts_pending.discard(e["requestId"])
        last[0] = time.perf_counter()

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.responseReceived", received)
    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.loadingFailed", failed)
    start = time.perf_counter()
    try:
        await page.goto(url, wait_until="commit", timeout=240_000)
        await page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=240_000)
        await page.locator("flt-semantics-placeholder").dispatch_event("click")
        await page.get_by_role("button", name=BUTTON[lang]).first.wait_for(timeout=240_000)
        if lang != "en":  # the text is blank until its font is in
            while fonts_pending:
                await asyncio.sleep(0.02)
        result.usable = time.perf_counter() - start
        if lang in TITLE:  # readable: the title is as wide as its characters drawn
            result.readable = float("inf")
            title = page.get_by_text(TITLE[lang], exact=True).first
            while time.perf_counter() - start < result.usable + 30:
                box = await title.bounding_box() if await title.count() else None
                if box and box["width"] >= 0.8 * 28 * len(TITLE[lang]):
                    result.readable = time.perf_counter() - start
                    break
                await asyncio.sleep(0.05)
    except Exception as exc:  # noqa: BLE001 - counted, not fatal (ten pages on 2 cores can starve)
        print(f"  !! not usable within 240 s: {str(exc).splitlines()[0][:120]}", flush=True)
        result.usable = float("inf")
    result.bytes_usable = result.bytes_settled
    result.files_usable = dict(result.files)
    while time.perf_counter() - last[0] < settle or pending:
        await asyncio.sleep(0.05)
        if time.perf_counter() - start > 120:
            print(f"  !! still pending after 120 s: {sorted(pending.values())[:5]}", flush=True)
            break
    result.settled = last[0] - start
    await cdp.detach()
    await page.close()
    return result


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


def span(values: list[float], unit: str = "s") -> str:
    lo, hi = min(values), max(values)
    return f"{lo:.2f} {unit}" if abs(hi - lo) < 0.005 else f"{lo:.2f}–{hi:.2f} {unit}"


async def first_and_repeat(pw, url: str, lang: str, runs: int, label: str, verbose: bool,
                           nets: list[str]) -> None:
    for name, network in NETWORKS.items():
        if nets and not any(n in name for n in nets):
            continue
        firsts, repeats = [], []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as profile:  # a browser profile with its cache on disk, as a phone's
                for visits in (firsts, repeats):  # the browser is closed in between: only its disk cache is left
                    context = await pw.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=ARGS, viewport=PHONE, locale=LOCALES[lang])
                    for blank in context.pages:
                        await blank.close()
                    visits.append(await visit(context, url, lang, network))
                    await context.close()
            if firsts[-1].outside or repeats[-1].outside:
                print(f"  !! requests to other hosts: {sorted(set(firsts[-1].outside + repeats[-1].outside))[:5]}")
        f, r = firsts[-1], repeats[-1]
        readable = (f" (Chinese readable {span([v.readable for v in firsts])})" if lang != "en" else "")
        print(f"{label:10} {lang:7} {name:16} first: usable {span([v.usable for v in firsts])}{readable} "
              f"({mb(f.bytes_usable)}), settled {span([v.settled for v in firsts])} ({mb(f.bytes_settled)}, "
              f"{f.requests} requests {f.encodings}) | repeat: usable {span([v.usable for v in repeats])} "
              f"({mb(r.bytes_usable)}), settled {span([v.settled for v in repeats])} ({mb(r.bytes_settled)}, "
              f"{r.requests} requests {r.encodings})", flush=True)
        if verbose:
            for visit_name, v in (("first", f), ("repeat", r)):
                print(f"    {visit_name}:")
                for fname, n in sorted(v.files.items(), key=lambda kv: -kv[1])[:12]:
                    print(f"      {n:>10}  {fname}")


async def fetch_like_a_phone(url: str, paths: list[str]) -> float:
    """Download what a phone's first visit downloads before its screen is usable
    (six connections, as a browser opens to one host); seconds to the last byte."""
    import httpx

    t0 = time.perf_counter()
    async with httpx.AsyncClient(base_url=url, limits=httpx.Limits(max_connections=6), timeout=300,
                                 headers={"accept-encoding": "gzip, deflate, br, zstd"}) as client:
        async def one(path: str) -> None:
            async with client.stream("GET", path) as response:
                async for _ in response.aiter_raw():
                    pass
        await asyncio.gather(*(one(p) for p in paths))
    return time.perf_counter() - t0


async def ten_phones(browser, target: int, proxy_port: int, lang: str, label: str, phones: int = 10) -> None:
    # one phone alone, unthrottled: what it fetches, and its own start-up time (mostly CPU)
    context = await browser.new_context(viewport=PHONE, locale=LOCALES[lang])
    solo = await visit(context, f"http://127.0.0.1:{target}", lang, None)
    await context.close()
    paths = [p for p in solo.files_usable if p.startswith("/")]
    proxy = ShapingProxy(proxy_port, target, 20e6, 0.020)
    await proxy.start()
    url = f"http://127.0.0.1:{proxy_port}"
    try:
        # the link alone: ten scripted downloads of those files at once (no browser CPU)
        links = sorted(await asyncio.gather(*(fetch_like_a_phone(url, paths) for _ in range(phones))))
        # ten real browser pages at once (all in this machine's Chromium: they share its 2 cores)
        contexts = [await browser.new_context(viewport=PHONE, locale=LOCALES[lang]) for _ in range(phones)]
        t0 = time.perf_counter()
        results = await asyncio.gather(*(visit(c, url, lang, None) for c in contexts))
        wall = time.perf_counter() - t0
        for c in contexts:
            await c.close()
    finally:
        await proxy.stop()
    usable = sorted(v.usable for v in results)
    total = sum(v.bytes_settled for v in results)
    print(f"{label:10} {lang:7} {phones} phones at once through one shared 20 Mbit/s link (+20 ms each way): "
          f"the link alone (scripted downloads of a first visit's {mb(solo.bytes_usable)}): last one done after "
          f"{links[-1]:.1f} s (median {statistics.median(links):.1f} s); one phone's own start-up unthrottled "
          f"{solo.usable:.1f} s; so the last usable at about {links[-1] + solo.usable:.1f} s on real phones. "
          f"Ten real Chromium pages here (sharing 2 cores): usable first {usable[0]:.1f} s, median "
          f"{statistics.median(usable):.1f} s, last {usable[-1]:.1f} s; {mb(total)} through the link, "
          f"all settled after {wall:.1f} s", flush=True)


async def run(args) -> None:
    from playwright.async_api import async_playwright

    if not Path(CHROMIUM).exists():
        print("first_load: skipped (no /usr/bin/chromium)")
        return
    only = set(args.only.split(","))
    targets = [("app", False)] + ([("minimal", True)] if args.minimal else [])
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for label, minimal in targets:
            server = Served(args.port, Path(args.root), minimal)
            try:
                lang = "en" if minimal else args.lang
                # warm the server (its first page load opens the store, builds the web folder)
                context = await browser.new_context(viewport=PHONE)
                await visit(context, server.url, "en", None, settle=0.2)
                await context.close()
                if only & {"first", "repeat"}:
                    await first_and_repeat(p, server.url, lang, args.runs, label, args.verbose,
                                           [n for n in args.net.split(",") if n])
                if "ten" in only:
                    await ten_phones(browser, args.port, args.port + 1, lang, label)
            finally:
                server.stop()
        await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--lang", default="en", choices=sorted(LOCALES))
    parser.add_argument("--only", default="first,repeat,ten")
    parser.add_argument("--no-minimal", dest="minimal", action="store_false")
    parser.add_argument("--root", default=str(ROOT), help="the checkout to serve")
    parser.add_argument("--port", type=int, default=8625)
    parser.add_argument("--net", default="", help="only these networks (comma-separated parts of their names)")
    parser.add_argument("--verbose", action="store_true", help="list the largest files of each first visit")
    args = parser.parse_args()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
