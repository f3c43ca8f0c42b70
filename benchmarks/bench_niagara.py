"""Niagara benchmark (a script, not a test).

Prints the median time of apply (validate + run on a clone) per action type,
the median time of legal_actions() for the card entry and for a turn, and how
many random full games per second the engine plays from legal_actions() for
3, 4 and 5 players.

Random play from legal_actions() practically never reaches a goal (canoes go
over the falls far more often than they bring a gem home), so random games end
at the default round limit (100 rounds); the line says how many ended by a goal.
The table's tap on the fork (always legal before the flow) is drawn only now and
then, as at a real table, as bench_manila.py does with loans.

    .venv/bin/python benchmarks/bench_niagara.py [--games N]
"""

from __future__ import annotations

import random
import statistics
from typing import Any, Sequence

# common first: it puts the repository root on the path
from common import Timings, games_option, new_state, print_apply, random_game, rate

from companion.core import Action
from companion.core.legal import excluding
from companion.games.niagara import GAME
from companion.games.niagara.game import meets_goal


def pick(actions: Sequence[Action], rng: random.Random) -> Action:
    """A random legal action; the fork switched only now and then."""
    moves = excluding(actions, "fork")
    return rng.choice(actions if rng.randrange(10) == 0 or not moves else moves)


def play(n: int, rng: random.Random, timings: Timings | None = None) -> tuple[int, bool]:
    """Play one game; returns (actions, ended by a goal).  legal_actions() is
    timed per phase, the card entry per player count."""
    def phase(state: Any) -> str:
        return f"{state.phase} ({n}p)" if state.phase == "reveal" else state.phase

    steps, state = random_game(GAME, new_state(GAME, n, dict(GAME.random_playout_options)), rng, pick,
                               timings=timings, legal_key=phase)
    return steps, any(meets_goal(p) for p in state.players)


def main() -> None:
    games = games_option(5)
    rng = random.Random(7)

    timings = Timings()
    for i in range(6):
        play(3 + i % 3, rng, timings)
    print_apply("Niagara — apply (validate + run) per action, median", timings)
    print("legal_actions(), median per position")
    for kind in sorted(timings.legal):
        times = timings.legal[kind]
        print(f"  {kind:16} {statistics.median(times) * 1e3:8.2f} ms  ({len(times)})")

    print("Random full games (choices from legal_actions(), default options)")
    for n in (3, 4, 5):
        per_second, results = rate(lambda: play(n, rng), games)
        steps = sum(r[0] for r in results)
        goals = sum(r[1] for r in results)
        print(f"  {n} players: {per_second:8.2f} games/s, {steps / games:6.1f} actions per game, "
              f"{goals}/{games} ended by a goal")


if __name__ == "__main__":
    main()
