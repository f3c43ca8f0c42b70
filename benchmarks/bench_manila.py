"""Manila benchmark (a script, not a test).

Prints the median time of apply (validate + run on a clone) per action, per
action type, the median of legal_actions() and of clone(), how many random
full games per second the engine plays from legal_actions() with 3, 4 and 5
players, and the time of the exact odds for a fresh voyage.
Goals from the issue: under 50 µs per action, odds under 5 ms.

    .venv/bin/python benchmarks/bench_manila.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.core import Action  # noqa: E402
from companion.games.manila import GAME  # noqa: E402
from companion.games.manila.odds import boat_counts, compute  # noqa: E402
from companion.games.manila.state import ManilaState  # noqa: E402


def new_state(n: int) -> ManilaState:
    return GAME.new_state(GAME.setup([f"P{i}" for i in range(n)], {}))


def pick(actions: list[Action], rng: random.Random) -> Action:
    """A random legal action; loans only now and then, as at a real table."""
    moves = [a for a in actions if a.type not in ("mortgage", "redeem")]
    return rng.choice(actions if rng.randrange(10) == 0 or not moves else moves)


def random_game(n: int, rng: random.Random, timings: dict[str, list[float]] | None = None,
                legal_times: list[float] | None = None, clone_times: list[float] | None = None) -> int:
    state = new_state(n)
    steps = 0
    while not GAME.is_over(state) and steps < 5000:
        t0 = time.perf_counter()
        actions = GAME.legal_actions(state)
        t1 = time.perf_counter()
        action = pick(actions, rng)
        t2 = time.perf_counter()
        state = GAME.apply(state, action)
        t3 = time.perf_counter()
        if clone_times is not None:
            c0 = time.perf_counter()
            GAME.clone(state)
            clone_times.append(time.perf_counter() - c0)
        if timings is not None:
            timings[action.type].append(t3 - t2)
        if legal_times is not None:
            legal_times.append(t1 - t0)
        steps += 1
    return steps


def fresh_voyage(n: int) -> ManilaState:
    state = new_state(n)
    for seat in range(n):
        state = GAME.apply(state, Action.make("shares_later", seat))
    state = GAME.apply(state, Action.make("supply", None, nutmeg=3, silk=3, ginseng=3, jade=3)
                       if n == 4 else GAME.legal_actions(state)[0])
    for seat in range(n):
        state = GAME.apply(state, Action.make("pass_bid", seat))
    state = GAME.apply(state, Action.make("skip_share", 0))
    return GAME.apply(state, Action.make("launch", 0, nutmeg=3, silk=3, jade=3))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100, help="games per player count for the rate")
    args = parser.parse_args()
    rng = random.Random(7)

    timings: dict[str, list[float]] = defaultdict(list)
    legal_times: list[float] = []
    clone_times: list[float] = []
    for i in range(60):
        random_game(3 + i % 3, rng, timings, legal_times, clone_times)
    every = [t for ts in timings.values() for t in ts]
    print("Manila — apply (validate + run on a clone) per action, median")
    print(f"  all actions      {statistics.median(every) * 1e6:8.1f} µs  ({len(every)} actions; goal < 50 µs)")
    for kind in sorted(timings):
        print(f"  {kind:16} {statistics.median(timings[kind]) * 1e6:8.1f} µs  ({len(timings[kind])})")
    print(f"  clone()          {statistics.median(clone_times) * 1e6:8.1f} µs")
    print(f"  legal_actions()  {statistics.median(legal_times) * 1e6:8.1f} µs  (median per position)")

    print("Random full games from legal_actions()")
    for n in (3, 4, 5):
        t0 = time.perf_counter()
        steps = sum(random_game(n, rng) for _ in range(args.games))
        elapsed = time.perf_counter() - t0
        print(f"  {n} players: {args.games / elapsed:7.1f} games/s  ({steps / args.games:.0f} actions a game)")

    print("Exact odds for a fresh voyage (three boats, three rolls), median")
    for n in (3, 4, 5):
        state = fresh_voyage(n)
        cold, warm = [], []
        for _ in range(50):
            boat_counts.cache_clear()
            t0 = time.perf_counter()
            compute(state)
            t1 = time.perf_counter()
            compute(state)
            cold.append(t1 - t0)
            warm.append(time.perf_counter() - t1)
        print(f"  {n} players: {statistics.median(cold) * 1e3:6.2f} ms cold, "
              f"{statistics.median(warm) * 1e3:6.2f} ms with the per-boat counts cached  (goal < 5 ms)")


if __name__ == "__main__":
    main()
