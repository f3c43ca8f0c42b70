"""A fingerprint of every legal list over random games (a script, not a test):
run it before and after making a game's move generation faster, on both
versions; the two hashes must be equal.

    .venv/bin/python benchmarks/legal_hash.py manila [--games 40]

Each of the games (seeded 0, 1, ...; player counts in turn) hashes, at every
state, the whole legal list and the seats that may act, then the final view.
"""

from __future__ import annotations

import argparse
import hashlib
import random

# common first: it puts the repository root on the path
import common  # noqa: F401

from companion.registry import get_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--max-steps", type=int, default=3000)
    args = parser.parse_args()
    game = get_game(args.game)
    digest = hashlib.sha256()
    counts = range(game.min_players, min(game.max_players, 5) + 1)
    states = 0
    for i in range(args.games):
        rng = random.Random(i)
        n = counts[i % len(counts)]
        state = game.new_state(game.setup([f"P{k}" for k in range(n)], dict(game.random_playout_options)))
        for _ in range(args.max_steps):
            if game.is_over(state):
                break
            legal = game.legal_actions(state)
            digest.update(repr(list(legal)).encode())
            digest.update(repr(sorted(game.active_players(state))).encode())
            state = game.apply(state, rng.choice(legal))
            states += 1
        digest.update(repr(game.view(state)).encode())
    print(f"{args.game}: {digest.hexdigest()[:16]} ({args.games} games, {states} states)")


if __name__ == "__main__":
    main()
