"""How fast can a guest on the Wi-Fi guess a seat's PIN or a join code, with
many addresses and both workers of a café's server?

1. Measured through the real server: ``companion serve --host 0.0.0.0
   --workers 2`` in a subprocess (two worker processes on one data folder,
   the kernel spreading connections between them), and guessers speaking
   Flet's websocket protocol (``tests/wire.py``), each connecting from its own
   loopback source address (127.0.0.10 … 127.0.0.59: 50 addresses; nothing
   leaves this computer).  For ``--seconds`` (60 by default) each address:

   a. joins the table with its code and sends wrong PINs for Ann's seat as
      fast as it is answered, waiting out every "Too many tries" it is told;
   b. then, as a new device, sends wrong join codes the same way.

   Then a guest types the right code and the host lets it in.  Every count is
   read from the data folder's SQLite file by this process (a third
   connection): the counts the two workers share.
2. Four hours cannot be run: from the policy (``companion.access``), the tries
   one address can make in 4 hours (trying again the moment it may), times
   253 addresses (a /24), and what of them can ever reach a seat or a table:
   at most ``PIN_LOCK`` wrong PINs a seat between two unlocks by its host,
   and at most ``CODE_BUDGET`` guesses while a code still lets a device in on
   its own.
3. The chance of finding a 6-digit PIN or a join code in a 4-hour evening.

Before issue 35 the limits were per device, per address and per worker: 49
addresses made 490 wrong join codes in 77 s (10 each; 20 each with
``--workers 2``), about 9,100 tries in 4 hours from a /24 -- a 1 in 110
chance of a 6-digit PIN.

    .venv/bin/python benchmarks/bench_guessing.py [--seconds 60] [--addresses 50]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from companion import access  # noqa: E402
from companion.registry import get_game  # noqa: E402
from companion.storage import Store  # noqa: E402

PIN = "482916"
WRONG_PIN = "That PIN is not this seat's PIN."
LOCKED = "This seat is locked after"
NO_TABLE = "No table has this join code."
TOO_MANY = re.compile(r"Too many tries from this device or network\. Try again in (\d+) (seconds|minutes)\.")
WAITING = "so the table's host lets each new device in"
NIGHT = 4 * 3600
SLASH_24 = 253


def policy_figures() -> None:
    print("from the policy (4 hours cannot be run): tries one address can make, trying again the moment it may")
    for purpose in ("pin", "code"):
        policy = access.POLICIES[purpose]
        minute, hour, night = (access.attempts_allowed(policy, s) for s in (60, 3600, NIGHT))
        print(f"  {purpose:5} first minute {minute}, first hour {hour}, 4 hours {night}; "
              f"a /24 ({SLASH_24} addresses, any number of workers: the counts are shared) {SLASH_24 * night:,} "
              f"in 4 hours (before: per worker, {2 * SLASH_24 * night:,} with two)")
    pin_space, code_space = 10 ** access.PIN_MIN, len(access.ALPHABET) ** access.CODE_LENGTH
    night_tries = SLASH_24 * access.attempts_allowed(access.POLICIES["pin"], NIGHT)
    print(f"  a seat's PIN ({pin_space:,} PINs): at most {access.PIN_LOCK} wrong PINs reach it, whatever the "
          f"addresses, until its host unlocks it: chance {access.PIN_LOCK / pin_space:.1e} an evening "
          f"(before: {2 * night_tries / pin_space:.1e}, 1 in {pin_space / (2 * night_tries):.0f})")
    print(f"  a join code ({code_space:,} codes): at most {access.CODE_BUDGET} guesses while it still lets a "
          f"device in on its own (every later one only asks its host): chance {access.CODE_BUDGET / code_space:.1e} "
          f"for a table's code in its 12-hour life; with 20 tables' codes {20 * access.CODE_BUDGET / code_space:.1e} "
          f"(before: {2 * night_tries / code_space:.1e} for one code)")


# ----- a real server with two workers -------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """What ``wire.WireClient`` needs of a server: its port, url and store."""

    def __init__(self, port: int, store: Store) -> None:
        self.port, self.url, self.store = port, f"http://127.0.0.1:{port}", store


def client_class():
    from websockets.sync.client import connect

    import wire

    class FromAddress(wire.WireClient):
        """A device whose connection comes from its own loopback source address."""

        def connect(self) -> None:
            sock = socket.create_connection(("127.0.0.1", self.server.port), timeout=30,
                                            source_address=(self.address, 0))
            self.ws = connect(f"ws://127.0.0.1:{self.server.port}/ws", sock=sock, origin=self.server.url,
                              additional_headers={"User-Agent": self.agent}, user_agent_header=self.agent,
                              max_size=None, open_timeout=60, ping_interval=None)
            self.reader = threading.Thread(target=self._read, daemon=True)
            self.reader.start()
            self._send(wire.REGISTER, {"session_id": self.session_id, "page_name": "",
                                       "page": {"route": self.route, "web": True, "platform": "android",
                                                "width": 390.0, "height": 844.0}})

    return FromAddress


def prepare(folder: Path) -> tuple[str, str, str]:
    """A Saboteur table whose host is ``host_token`` and whose seat 0 (Ann) a
    phone holds with a PIN: (table id, code, host token)."""
    store = Store(folder / "companion.db")
    game = get_game("saboteur")
    table = store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {}))
    guard = access.TableAccess(store)
    host = access.new_token()
    guard.set_owner(table.id, host)
    code = guard.code(table.id)
    ann = access.Who(access.new_token(), "10.9.0.21", "", False)
    guard.claim(table.id, ann, 0, PIN)
    guard.approve(table.id, guard.requests(table.id)[0]["id"])
    store.close()
    assert code
    return table.id, code, host


def counted(store: Store, purpose: str, address: str) -> int:
    with store.lock:
        return int(store.conn.execute("SELECT COUNT(*) FROM attempts WHERE purpose=? AND key=? AND ok IS NOT NULL",
                                      (purpose, f"address:{address}")).fetchone()[0])


def answer(client, store: Store, purpose: str, before: int, seen: int, timeout: float = 8.0) -> str:
    """What the server said: ``"counted"`` (a wrong try, counted), ``"locked"``,
    ``"wait N"`` or ``"none"``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if counted(store, purpose, client.address) > before:
            return "counted"
        for text in client.seen[seen:]:
            if LOCKED in text:
                return "locked"
            found = TOO_MANY.search(text)
            if found:
                return f"wait {int(found.group(1)) * (60 if found.group(2) == 'minutes' else 1)}"
        time.sleep(0.02)
    return "none"


def guess_pins(Client, server: Server, address: str, code: str, deadline: float, out: dict) -> None:
    client = Client(server, address=address)
    out.setdefault("clients", []).append(client)
    try:
        client.wait_text("Join a table", timeout=60)
        client.click("Join a table")
        client.wait_text("Join code")
        client.type("Join code", code)
        client.click("Join the table")
        client.wait_text("Claim a seat", timeout=30)
        client.click("Claim a seat")
        client.wait_text("PIN for your seat")
        locked = 0
        while time.time() < deadline and not locked:  # once told the seat is locked, a guesser stops
            before, seen = counted(server.store, "pin", address), len(client.seen)
            client.type("PIN for your seat", f"{random.randrange(10 ** 6):06d}".replace(PIN, "000000"))
            client.click("Ann (taken)")
            got = answer(client, server.store, "pin", before, seen)
            out.setdefault("pin", []).append((time.time(), got))
            if got == "locked":
                locked += 1
            elif got.startswith("wait"):
                time.sleep(max(0.0, min(int(got.split()[1]) + 0.2, deadline - time.time())))
    except Exception as exc:  # noqa: BLE001 - a benchmark reports, it does not stop
        out.setdefault("errors", []).append(f"{address}: {exc!r}"[:300])


def guess_codes(Client, server: Server, address: str, code: str, deadline: float, out: dict) -> None:
    client = Client(server, address=address)
    out.setdefault("clients", []).append(client)
    rng = random.Random(address)
    try:
        client.wait_text("Join a table", timeout=60)
        client.click("Join a table")
        client.wait_text("Join code")
        while time.time() < deadline:
            guess = "".join(rng.choice(access.ALPHABET) for _ in range(access.CODE_LENGTH))
            if guess == code:
                continue
            before, seen = counted(server.store, "code", address), len(client.seen)
            client.type("Join code", guess)
            client.click("Join the table")
            got = answer(client, server.store, "code", before, seen)
            out.setdefault("code", []).append((time.time(), got))
            if got.startswith("wait"):
                time.sleep(max(0.0, min(int(got.split()[1]) + 0.2, deadline - time.time())))
    except Exception as exc:  # noqa: BLE001
        out.setdefault("errors", []).append(f"{address}: {exc!r}"[:300])


def run_phase(target, Client, server: Server, addresses: list[str], code: str, seconds: float) -> dict:
    out: dict = {}
    start = time.time()
    deadline = start + seconds
    threads = []
    for address in addresses:  # the connections open a few a second (the server's start of a page)
        thread = threading.Thread(target=target, args=(Client, server, address, code, deadline, out), daemon=True)
        thread.start()
        threads.append(thread)
        time.sleep(0.05)
    for thread in threads:
        thread.join(seconds + 120)
    out["start"], out["end"] = start, time.time()
    for client in out.get("clients", []):
        client.close()
    return out


def measured(seconds: float, n_addresses: int) -> None:
    Client = client_class()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        table_id, code, host_token = prepare(folder)
        port = free_port()
        env = {**os.environ, "COMPANION_DATA_DIR": str(folder), "FLET_FORCE_WEB_SERVER": "1", "LANG": "en_US.UTF-8"}
        env.pop("DISPLAY", None)
        log = open(folder / "server.log", "w")
        proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", "0.0.0.0", "--port", str(port),
                                 "--workers", "2"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        store = Store(folder / "companion.db")
        server = Server(port, store)
        try:
            for _ in range(600):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            time.sleep(2)
            addresses = [f"127.0.0.{10 + n}" for n in range(n_addresses)]
            print(f"\nmeasured through `companion serve --host 0.0.0.0 --workers 2`, {n_addresses} source addresses "
                  f"({addresses[0]} … {addresses[-1]}), {seconds:.0f} s a phase:")

            pins = run_phase(guess_pins, Client, server, addresses, code, seconds)
            answers = [a for _, a in pins.get("pin", [])]
            guard = access.TableAccess(store)
            wrong = guard.wrong_pins(table_id, 0)
            span = pins["end"] - pins["start"]
            print(f"  PINs for Ann's seat: {len(answers)} tries in {span:.0f} s: "
                  f"{answers.count('counted')} wrong PINs counted, "
                  f"{answers.count('locked')} refused as locked, "
                  f"{sum(a.startswith('wait') for a in answers)} told to wait, {answers.count('none')} unanswered")
            seat = guard.record(table_id)["seats"]["0"]
            when = f"{seat['locked'] - pins['start']:.1f} s after the first guesser started" if seat.get("locked") \
                else "never"
            print(f"  the seat's count of wrong PINs, shared by both workers: {wrong} (locks at {access.PIN_LOCK}); "
                  f"locked {when}; PIN tries counted from all addresses: "
                  f"{sum(counted(store, 'pin', a) for a in addresses)}")

            codes = run_phase(guess_codes, Client, server, addresses, code, seconds)
            answers = [a for _, a in codes.get("code", [])]
            span = codes["end"] - codes["start"]
            with store.lock:
                wrong_codes = store.conn.execute("SELECT COUNT(*) FROM attempts WHERE purpose=? AND ok=0",
                                                 (access.CODE_ANY,)).fetchone()[0]
            made = answers.count("counted")
            print(f"  join codes: {len(answers)} tries in {span:.0f} s: {made} wrong codes counted "
                  f"({made / span * 60:.0f} a minute, {made / n_addresses / span * 60:.1f} an address a minute), "
                  f"{sum(a.startswith('wait') for a in answers)} told to wait, "
                  f"{answers.count('none')} unanswered")
            print(f"  wrong codes on the server since the code was made: {guard.wrong_codes(table_id)} "
                  f"({wrong_codes} in all); only the first {access.CODE_BUDGET} could have opened the table")
            print(f"  (before: the limits per worker, twice the tries with two: 20 an address a minute were measured)")

            # the right code now: the host lets the guest in
            host = Client(server, address="127.0.0.2", storage={"device": host_token, "open_table": table_id})
            guest = Client(server, address="127.0.0.200")
            try:
                host.wait_text("Invite players", timeout=60)
                guest.wait_text("Join a table", timeout=60)
                guest.click("Join a table")
                guest.wait_text("Join code")
                guest.type("Join code", code)
                t0 = time.perf_counter()
                guest.click("Join the table")
                guest.wait(lambda: any(WAITING in t for t in guest.seen), timeout=30, what="waiting for the host")
                host.wait_text("A device asks to join this table.", timeout=30)
                told = time.perf_counter() - t0
                host.click("Invite players")
                host.wait_text("Let in", timeout=30)
                t1 = time.perf_counter()
                host.click("Let in")
                guest.wait_text("Claim a seat", timeout=30)
                print(f"  the right code then: the guest waits for the host (told on the host's screen after "
                      f"{told:.2f} s); the host's Let in opened the table on the guest's phone after "
                      f"{time.perf_counter() - t1:.2f} s")
            finally:
                host.close()
                guest.close()
            for error in (pins.get("errors", []) + codes.get("errors", []))[:5]:
                print("  error:", error)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
            store.close()
            log.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each measured phase")
    parser.add_argument("--addresses", type=int, default=50, help="source addresses 127.0.0.10 onwards (at most 240)")
    args = parser.parse_args()
    policy_figures()
    measured(args.seconds, min(240, args.addresses))
