"""Maritime Silk Road benchmark (a script, not a test).

Prints the median time of apply (validate + run on a clone) per action type,
the median time of legal_actions(), and how many random full games per second
the engine plays from legal_actions() for 2, 3 and 4 players.

    .venv/bin/python benchmarks/bench_silk_road.py [--games N]
"""

from __future__ import annotations

import random

# common first: it puts the repository root on the path
from common import Timings, every, games_option, micros, new_state, print_apply, random_game, rate

from companion.games.silk_road import GAME


def play(n: int, rng: random.Random, timings: Timings | None = None) -> int:
    steps, _ = random_game(GAME, new_state(GAME, n), rng, timings=timings)
    return steps


def main() -> None:
    games = games_option(200)
    rng = random.Random(7)

    timings = Timings()
    for i in range(60):
        play(2 + i % 3, rng, timings)
    print_apply("Maritime Silk Road — apply (validate + run) per action, median", timings)
    print(f"  legal_actions()  {micros(every(timings.legal))}  (median per position)")

    print("Random full games (choices from legal_actions())")
    for n in (2, 3, 4):
        per_second, steps = rate(lambda: play(n, rng), games)
        print(f"  {n} players: {per_second:8.1f} games/s, {sum(steps) / games:6.1f} actions per game")


if __name__ == "__main__":
    main()
