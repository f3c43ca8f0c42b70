"""Where random playouts spend their time (a script, not a test): games/s without
the profiler, then the cProfile top N of the same games (the run_all.py playout:
uniform over ``legal_actions()``, every action through ``Game.apply``).

    .venv/bin/python benchmarks/profile_playouts.py niagara --players 4 --games 10 [--top 10]
        [--sort tottime|cumulative]

The machine is shared: compare two versions side by side, alternating runs, and
read the CPU-time rate (the wall rate moves with the load).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
from pathlib import Path

# common first: it puts the repository root on the path
from common import new_state, random_game, rates

from companion.registry import get_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--sort", default="tottime", choices=("tottime", "cumulative"))
    args = parser.parse_args()
    game = get_game(args.game)

    def play_all(rng: random.Random) -> None:
        for _ in range(args.games):
            random_game(game, new_state(game, args.players, dict(game.random_playout_options)), rng,
                        max_steps=20_000)

    rng = random.Random(f"{args.game}-{args.players}")

    def one() -> int:
        steps, _ = random_game(game, new_state(game, args.players, dict(game.random_playout_options)), rng,
                               max_steps=20_000)
        return steps

    wall, cpu, steps = rates(one, args.games)
    print(f"{args.game}, {args.players} players: {wall:.1f} games/s ({cpu:.1f} by CPU time), "
          f"{sum(steps) / args.games:.0f} actions a game")

    profile = cProfile.Profile()
    profile.enable()
    play_all(random.Random(f"{args.game}-{args.players}"))
    profile.disable()
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out).sort_stats(args.sort)
    stats.print_stats(args.top)
    text = out.getvalue()
    root = str(Path(__file__).resolve().parent.parent) + "/"  # paths shortened to the repository
    print("\n".join(line.replace(root, "") for line in text.splitlines() if line.strip()))


if __name__ == "__main__":
    main()
