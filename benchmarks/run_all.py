"""Run every benchmark script and print its figures (not a test), then one table:
every referee game's rate of random full games (games/s), uniform over
``legal_actions()`` and applied through the full pipeline (``Game.apply``).

    .venv/bin/python benchmarks/run_all.py [--games N] [--table-only]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import new_state, random_game, rates  # noqa: E402

from companion.registry import GAMES, get_game  # noqa: E402


def playout_table(games: int) -> None:
    """games/s of uniform random full games for every referee game, by player count."""
    print(f"## random playouts (uniform over legal_actions, {games} games a row)")
    print(f"  {'game':12} {'players':>7} {'games/s':>9} {'by CPU':>9} {'actions':>8}")
    for game_id in GAMES:
        game = get_game(game_id)
        if game.kind != "referee":
            continue
        for n in range(game.min_players, min(game.max_players, 5) + 1):
            rng = random.Random(f"{game_id}-{n}")

            def play() -> int:
                state = new_state(game, n, dict(game.random_playout_options))
                steps, _ = random_game(game, state, rng, max_steps=20_000)
                return steps

            wall, cpu, steps = rates(play, games)
            print(f"  {game_id:12} {n:7} {wall:9.1f} {cpu:9.1f} {sum(steps) / games:8.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30, help="games a row in the playout table")
    parser.add_argument("--table-only", action="store_true", help="skip the bench_*.py scripts")
    args = parser.parse_args()
    if not args.table_only:
        for script in sorted(HERE.glob("bench_*.py")):
            print(f"## {script.stem[6:]}", flush=True)
            result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=1200)
            print(result.stdout.strip() or result.stderr.strip()[-2000:], flush=True)
            print(flush=True)
    playout_table(args.games)


if __name__ == "__main__":
    main()
