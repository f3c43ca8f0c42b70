"""Modern Art benchmark (a script, not a test).

Prints the median time of apply (form + flow checks + run on a clone) per
action type, the median time of legal_actions() and of view(), and how many
random full games per second the engine plays for 3, 4 and 5 players.

Random games choose an action type first, then one action of that type, so
the hundreds of listed bid amounts do not drown out "sold!" and "pass".

    .venv/bin/python benchmarks/bench_modern_art.py [--games N]
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
from companion.games.modern_art import GAME  # noqa: E402


def choose(actions: list[Action], rng: random.Random) -> Action:
    kinds = sorted({a.type for a in actions})
    kind = rng.choice(kinds)
    return rng.choice([a for a in actions if a.type == kind])


def random_game(n: int, rng: random.Random, timings: dict[str, list[float]] | None = None,
                legal_times: list[float] | None = None, view_times: list[float] | None = None) -> int:
    state = GAME.new_state(GAME.setup([f"P{i}" for i in range(n)]))
    steps = 0
    while not GAME.is_over(state):
        t0 = time.perf_counter()
        actions = GAME.legal_actions(state)
        t1 = time.perf_counter()
        action = choose(actions, rng)
        t2 = time.perf_counter()
        state = GAME.apply(state, action)
        t3 = time.perf_counter()
        if timings is not None:
            timings[action.type].append(t3 - t2)
        if legal_times is not None:
            legal_times.append(t1 - t0)
        if view_times is not None:
            t4 = time.perf_counter()
            GAME.view(state)
            view_times.append(time.perf_counter() - t4)
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100, help="games per player count for the rate")
    args = parser.parse_args()
    rng = random.Random(5)

    timings: dict[str, list[float]] = defaultdict(list)
    legal_times: list[float] = []
    view_times: list[float] = []
    for i in range(60):
        random_game(3 + i % 3, rng, timings, legal_times, view_times)
    every = [t for ts in timings.values() for t in ts]
    print("Modern Art — apply (validate + run) per action, median")
    print(f"  all actions      {statistics.median(every) * 1e6:8.1f} µs  ({len(every)} actions)")
    for kind in sorted(timings):
        print(f"  {kind:16} {statistics.median(timings[kind]) * 1e6:8.1f} µs  ({len(timings[kind])})")
    print(f"  legal_actions()  {statistics.median(legal_times) * 1e6:8.1f} µs  (median per position; "
          f"max {max(legal_times) * 1e3:.1f} ms)")
    print(f"  view()           {statistics.median(view_times) * 1e6:8.1f} µs  (median per position)")

    print("Random full games (type first, then an action of that type, from legal_actions())")
    for n in (3, 4, 5):
        start = time.perf_counter()
        steps = sum(random_game(n, rng) for _ in range(args.games))
        elapsed = time.perf_counter() - start
        print(f"  {n} players: {args.games / elapsed:8.1f} games/s, {steps / args.games:6.1f} actions per game")


if __name__ == "__main__":
    main()
