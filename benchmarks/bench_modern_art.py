"""Modern Art benchmark (a script, not a test).

Prints the median time of apply (form + flow checks + run on a clone) per
action type, the median time of legal_actions() and of view(), and how many
random full games per second the engine plays for 3, 4 and 5 players.

Random games choose an action type first, then one action of that type, so
the hundreds of listed bid amounts do not drown out "sold!" and "pass".

    .venv/bin/python benchmarks/bench_modern_art.py [--games N]
"""

from __future__ import annotations

import random
from typing import Sequence

# common first: it puts the repository root on the path
from common import Timings, every, games_option, micros, new_state, print_apply, random_game, rate

from companion.core import Action
from companion.games.modern_art import GAME


def choose(actions: Sequence[Action], rng: random.Random) -> Action:
    kinds = sorted({a.type for a in actions})
    kind = rng.choice(kinds)
    return rng.choice([a for a in actions if a.type == kind])


def play(n: int, rng: random.Random, timings: Timings | None = None) -> int:
    """One random game; with ``timings``, view() is timed too."""
    steps, _ = random_game(GAME, new_state(GAME, n), rng, choose, timings, on_state={"view": GAME.view})
    return steps


def main() -> None:
    games = games_option(100)
    rng = random.Random(5)

    timings = Timings()
    for i in range(60):
        play(3 + i % 3, rng, timings)
    print_apply("Modern Art — apply (validate + run) per action, median", timings)
    legal = every(timings.legal)
    print(f"  legal_actions()  {micros(legal)}  (median per position; max {max(legal) * 1e3:.1f} ms)")
    print(f"  view()           {micros(timings.calls['view'])}  (median per position)")

    print("Random full games (type first, then an action of that type, from legal_actions())")
    for n in (3, 4, 5):
        per_second, steps = rate(lambda: play(n, rng), games)
        print(f"  {n} players: {per_second:8.1f} games/s, {sum(steps) / games:6.1f} actions per game")


if __name__ == "__main__":
    main()
