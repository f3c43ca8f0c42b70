"""How fast can one device, or one address, guess a seat's PIN or a join code?

1. From the policy (``companion.access.POLICIES``): attempts one key can make
   in a minute, an hour, a day, trying again the moment it may.
2. Measured through the real web server (``tests/wire.py``: the app's ASGI
   app under uvicorn, a client speaking Flet's websocket protocol): a guesser
   that has joined a table sends wrong PINs for a seat as fast as it is
   answered, from one device, then from new identities (blocked storage: a
   token per connection) at the same address.  The limiter's clock is moved
   past each wait, so the figures are the minutes and hours the server would
   make the guesser wait, counted without waiting them.
3. The chance that a guesser at one address finds a 6-digit PIN, or a join
   code, in a 4-hour game night.

Before issue 22 the same guesser made 200 wrong PINs in 24.5 s (about 490 a
minute) and 200 wrong codes in 3.5 s, with no wait.

    .venv/bin/python benchmarks/bench_guessing.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from companion import access  # noqa: E402


def policy_figures() -> None:
    print("attempts one device or one address can make (policy, trying again the moment it may):")
    for purpose in ("pin", "code"):
        policy = access.POLICIES[purpose]
        minute, hour, day = (access.attempts_allowed(policy, s) for s in (60, 3600, 86400))
        print(f"  {purpose:5} first minute {minute}, first hour {hour}, first day {day}")
    space = {"pin": 10 ** access.PIN_MIN, "code": len(access.ALPHABET) ** access.CODE_LENGTH}
    night = 4 * 3600
    for purpose, size in space.items():
        tries = access.attempts_allowed(access.POLICIES[purpose], night)
        print(f"  {purpose:5} in a 4-hour game night: {tries} tries from one address, "
              f"chance of a hit {tries / size:.1e} (space {size:,})")


def measured() -> None:
    from wire import LiveServer, WireClient

    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(Path(folder))
        guard = access.for_store(server.store)
        now = [time.time()]
        guard.clock = lambda: now[0]
        clients: list[WireClient] = []
        try:
            host = WireClient(server, address="10.9.0.10")
            clients.append(host)
            import test_security as flows  # the same steps the security tests take

            table_id = flows.new_table(host, "Saboteur", ["Ann", "Bo", "Cy"])
            code = flows.invite_code(host)
            ann = WireClient(server, address="10.9.0.21")
            clients.append(ann)
            flows.join(ann, code)
            flows.claim(ann, "Ann", "482916", expect="Waiting for the host to approve.")
            flows.approve_all(host)
            guesser = WireClient(server, address="10.9.0.66")
            clients.append(guesser)
            flows.join(guesser, code)
            guesser.wait_text("Claim a seat")
            keys = [("device", guesser.storage["device"]), ("address", "10.9.0.66")]
            start, made, refused, real = now[0], 0, 0, 0.0
            marks: dict[int, int] = {}
            while now[0] - start < 3600:
                wait = guard.limiter.wait("pin", keys)
                if wait:  # a try now is refused (measured once); then wait it out on the fake clock
                    t = time.perf_counter()
                    flows.claim(guesser, "Ann", "000000", expect="Too many tries from this device or network.")
                    real += time.perf_counter() - t
                    refused += 1
                    if refused == 1:  # a new identity at the same address (storage blocked: a token per connection)
                        fresh = WireClient(server, address="10.9.0.66", storage=None)
                        clients.append(fresh)
                        flows.join(fresh, code)
                        fresh.wait_text("Claim a seat")
                        flows.claim(fresh, "Ann", "999999", expect="Too many tries from this device or network.")
                    now[0] += wait
                    if now[0] - start >= 3600:
                        break
                for limit in (60, 600, 3600):
                    if now[0] - start < limit:
                        marks[limit] = made + 1
                t = time.perf_counter()
                flows.claim(guesser, "Ann", f"{100000 + made}", expect="That PIN is not this seat's PIN.")
                real += time.perf_counter() - t
                made += 1
            print("measured through the web server (one device at one address, wrong PINs for a held seat):")
            print(f"  accepted tries within 1 min / 10 min / 1 h: {marks.get(60, 0)} / {marks.get(600, 0)} / "
                  f"{marks.get(3600, 0)}; refused 'too many tries' answers sampled: {refused}")
            print(f"  server time per answered try: {real / (made + refused) * 1000:.0f} ms "
                  f"(PBKDF2-SHA256, {access.PIN_ITERATIONS:,} rounds, plus the round trip)")
            print("  a new identity at the same address, while the first waits: its first PIN is refused "
                  "(the address's own count)")
            print(f"  the host was told: {len(guard.alerts(table_id))} wrong-PIN alerts kept "
                  f"(the newest {access.MAX_ALERTS})")
        finally:
            for client in clients:
                client.close()
            server.stop()


if __name__ == "__main__":
    policy_figures()
    measured()
