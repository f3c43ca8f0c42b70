"""Import figures (a script that prints; never a test): exports whose log is
10,000 and 100,000 corrections, imported through the input gate (`companion
import`'s path) into a fresh database: Niagara weather corrections (a state
that does not grow) and Manila money corrections (each one adds a line to the
state's ledger, so every replayed action copies a growing state).  Each size runs in its own
process; printed per stage: the gate (size, UTF-8, depth, numbers, JSON),
validation + replay, the database write; then the peak resident memory of
the process above what it held before reading the file.  Linear means the
100k row costs about ten times the 10k row.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def make_export(game: str, n: int) -> bytes:
    if game == "manila":
        log = [{"type": "correct_money", "for_player": i % 3, "money": 10 + i % 50} for i in range(n)]
    else:
        log = [{"type": "correct_weather", "weather": i % 2} for i in range(n)]
    body = {"format": "table-companion", "version": 2, "export_id": f"bench-{n:08d}",
            "created": "2026-11-01T19:00:00Z", "finished": None, "game": game,
            "setup": {"players": ["Ann", "Bo", "Cy"], "options": {}}, "log": log, "cursor": n}
    return json.dumps(body, indent=1).encode("utf-8")


def _status(key: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise KeyError(key)


def reset_peak() -> int:
    """Reset the resident high-water mark (Linux); returns the resident kB now."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return _status("VmRSS")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def peak_kb() -> int:
    try:
        return _status("VmHWM")
    except (OSError, KeyError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def one(path: str) -> None:
    from companion.storage import Store
    from companion.transfer import load_export, read_export

    folder = Path(tempfile.mkdtemp())
    store = Store(folder / "b.db")
    base = reset_peak()
    data = Path(path).read_bytes()  # the file is part of what an import holds
    t0 = time.perf_counter()
    parsed_json = load_export(data)
    t1 = time.perf_counter()
    parsed = read_export(parsed_json)
    t2 = time.perf_counter()
    session = parsed.session
    store.create_table(session.game, session.setup, session, origin=parsed.origin, created=parsed.created)
    t3 = time.perf_counter()
    peak = peak_kb()
    n = len(parsed_json["log"])
    print(json.dumps({"n": n, "mb": round(len(data) / 1e6, 1), "gate": t1 - t0, "replay": t2 - t1,
                      "write": t3 - t2, "total": t3 - t0, "peak_mb": (peak - base) / 1024}))


def main() -> None:
    if len(sys.argv) > 1:
        one(sys.argv[1])
        return
    for game in ("niagara", "manila"):
        table(game)


def table(game: str) -> None:
    print(f"{game}:")
    print(f"{'actions':>8} {'file MB':>8} {'gate s':>8} {'replay s':>9} {'write s':>8} {'total s':>8} "
          f"{'peak +MB':>9}  (resident memory above the process before reading the file)")
    rows = []
    for n in (10_000, 100_000):
        path = Path(tempfile.mkdtemp()) / f"{game}-{n}.json"
        path.write_bytes(make_export(game, n))
        out = subprocess.run([sys.executable, __file__, str(path)], capture_output=True, text=True, timeout=600)
        if out.returncode != 0:
            print(f"{n:>8} failed: {out.stderr.strip()[-300:]}")
            continue
        r = json.loads(out.stdout)
        rows.append(r)
        print(f"{r['n']:>8} {r['mb']:>8} {r['gate']:>8.2f} {r['replay']:>9.2f} {r['write']:>8.2f} "
              f"{r['total']:>8.2f} {r['peak_mb']:>9.1f}")
    if len(rows) == 2:
        print(f"100k / 10k: time x{rows[1]['total'] / rows[0]['total']:.1f}, "
              f"memory x{rows[1]['peak_mb'] / max(rows[0]['peak_mb'], 0.1):.1f} (linear: about x10)")


if __name__ == "__main__":
    main()
