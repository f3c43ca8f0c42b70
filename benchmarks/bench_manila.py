"""Manila benchmark (a script, not a test).

Prints the median time of apply (validate + run on a clone) per action, per
action type, the median of legal_actions() and of clone(), how many random
full games per second the engine plays from legal_actions() with 3, 4 and 5
players, and the time of the exact odds for a fresh voyage.
Goals from the issue: under 50 µs per action, odds under 5 ms.

    .venv/bin/python benchmarks/bench_manila.py [--games N]
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Sequence

# common first: it puts the repository root on the path
from common import Timings, every, games_option, micros, new_state, print_apply, random_game, rates

from companion.core import Action
from companion.core.legal import excluding
from companion.games.manila import GAME
from companion.games.manila.odds import boat_counts, compute
from companion.games.manila.state import ManilaState


def pick(actions: Sequence[Action], rng: random.Random) -> Action:
    """A random legal action; loans only now and then, as at a real table.  On the
    lazy list this builds only the action drawn (the dice are counted, not listed)."""
    moves = excluding(actions, "mortgage", "redeem", "loan")
    return rng.choice(actions if rng.randrange(10) == 0 or not moves else moves)


def play(n: int, rng: random.Random, timings: Timings | None = None) -> int:
    """One random game (at most 5,000 actions); with ``timings``, clone() is timed too."""
    steps, _ = random_game(GAME, new_state(GAME, n), rng, pick, timings, on_state={"clone": GAME.clone},
                           max_steps=5000)
    return steps


def fresh_voyage(n: int) -> ManilaState:
    state = new_state(GAME, n)
    for seat in range(n):
        state = GAME.apply(state, Action.make("shares_later", seat))
    state = GAME.apply(state, Action.make("supply", None, nutmeg=3, silk=3, ginseng=3, jade=3)
                       if n == 4 else GAME.legal_actions(state)[0])
    for seat in range(n):
        state = GAME.apply(state, Action.make("pass_bid", seat))
    state = GAME.apply(state, Action.make("skip_share", 0))
    return GAME.apply(state, Action.make("launch", 0, nutmeg=3, silk=3, jade=3))


def main() -> None:
    games = games_option(100)
    rng = random.Random(7)

    timings = Timings()
    for i in range(60):
        play(3 + i % 3, rng, timings)
    print_apply("Manila — apply (validate + run on a clone) per action, median", timings, "; goal < 50 µs")
    print(f"  clone()          {micros(timings.calls['clone'])}")
    print(f"  legal_actions()  {micros(every(timings.legal))}  (median per position)")

    print("Random full games from legal_actions()")
    for n in (3, 4, 5):
        wall, cpu, steps = rates(lambda: play(n, rng), games)
        print(f"  {n} players: {wall:7.1f} games/s  ({cpu:.1f} by CPU time; {sum(steps) / games:.0f} actions a game)"
              "  goal >= 200 (4 players)")

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
