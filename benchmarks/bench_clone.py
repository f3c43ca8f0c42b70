"""Clone figures (a script that prints; never a test): for every registered game,
the game's ``clone`` next to the core's field-driven default
(:func:`companion.core.clone.clone_dataclass`), µs a state over the states of
one 300-step random game, best of 9.  A game keeps a hand-written ``clone``
only where this shows it clearly faster (about 1.5x or more) and says so.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.core.clone import clone_dataclass  # noqa: E402
from companion.registry import GAMES, get_game  # noqa: E402


def main() -> None:
    print(f"{'game':16} {'own clone':>9} {'game.clone µs':>14} {'default µs':>11}")
    for gid in GAMES:
        game = get_game(gid)
        rng = random.Random(1)
        n = max(game.min_players, min(4, game.max_players))
        state = game.new_state(game.setup([f"P{i}" for i in range(n)], dict(game.random_playout_options)))
        states = [state]
        for _ in range(300):
            if game.is_over(state):
                break
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            states.append(state)

        def best(copy) -> float:  # type: ignore[no-untyped-def]
            times = []
            for _ in range(9):
                t0 = time.perf_counter()
                for s in states:
                    copy(s)
                times.append((time.perf_counter() - t0) / len(states))
            return min(times) * 1e6

        own = "clone" in type(game).__dict__
        print(f"{gid:16} {'yes' if own else 'no':>9} {best(game.clone):14.2f} {best(clone_dataclass):11.2f}")


if __name__ == "__main__":
    main()
