"""Niagara benchmark (a script, not a test).

Prints the median time of apply (validate + run on a clone) per action type,
the median time of legal_actions() for the card entry and for a turn, and how
many random full games per second the engine plays from legal_actions() for
3, 4 and 5 players.

Random play from legal_actions() practically never reaches a goal (canoes go
over the falls far more often than they bring a gem home), so random games end
at the default round limit (100 rounds); the line says how many ended by a goal.

    .venv/bin/python benchmarks/bench_niagara.py [--games N]
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

from companion.games.niagara import GAME  # noqa: E402
from companion.games.niagara.game import meets_goal  # noqa: E402


def random_game(n: int, rng: random.Random, timings: dict[str, list[float]] | None = None,
                legal_times: dict[str, list[float]] | None = None) -> tuple[int, bool]:
    """Play one game; returns (actions, ended by a goal)."""
    state = GAME.new_state(GAME.setup([f"P{i}" for i in range(n)], dict(GAME.random_playout_options)))
    steps = 0
    while not GAME.is_over(state):
        t0 = time.perf_counter()
        actions = GAME.legal_actions(state)
        t1 = time.perf_counter()
        action = rng.choice(actions)
        t2 = time.perf_counter()
        phase = state.phase
        state = GAME.apply(state, action)
        t3 = time.perf_counter()
        if timings is not None:
            timings[action.type].append(t3 - t2)
        if legal_times is not None:
            legal_times[f"{phase} ({n}p)" if phase == "reveal" else phase].append(t1 - t0)
        steps += 1
    return steps, any(meets_goal(p) for p in state.players)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5, help="games per player count for the rate")
    args = parser.parse_args()
    rng = random.Random(7)

    timings: dict[str, list[float]] = defaultdict(list)
    legal_times: dict[str, list[float]] = defaultdict(list)
    for i in range(6):
        random_game(3 + i % 3, rng, timings, legal_times)
    every = [t for ts in timings.values() for t in ts]
    print("Niagara — apply (validate + run) per action, median")
    print(f"  all actions      {statistics.median(every) * 1e6:8.1f} µs  ({len(every)} actions)")
    for kind in sorted(timings):
        print(f"  {kind:16} {statistics.median(timings[kind]) * 1e6:8.1f} µs  ({len(timings[kind])})")
    print("legal_actions(), median per position")
    for kind in sorted(legal_times):
        print(f"  {kind:16} {statistics.median(legal_times[kind]) * 1e3:8.2f} ms  ({len(legal_times[kind])})")

    print("Random full games (choices from legal_actions(), default options)")
    for n in (3, 4, 5):
        start = time.perf_counter()
        results = [random_game(n, rng) for _ in range(args.games)]
        elapsed = time.perf_counter() - start
        steps = sum(r[0] for r in results)
        goals = sum(r[1] for r in results)
        print(f"  {n} players: {args.games / elapsed:8.2f} games/s, {steps / args.games:6.1f} actions per game, "
              f"{goals}/{args.games} ended by a goal")


if __name__ == "__main__":
    main()
