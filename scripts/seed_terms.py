"""List the words of the source rulebooks that our rules text and aliases never use (a dev aid).

    .venv/bin/python scripts/seed_terms.py [GAME ...] [--top N]

For each game, the runs of 2 to 4 Chinese characters that occur at least twice in its part of
/work/shared/seeds (see the seeds' README for the line ranges) and that no clause text, title
or alias of the game holds (compared folded: Traditional meets Simplified).  A person reads the
list and files the rulebook's own terms (nouns and verbs, never sentences) as aliases in
rules_data/<game>/aliases.json, for the clause they name (issue 24).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.rules import library, search  # noqa: E402
from companion.rules.scripts import fold  # noqa: E402

SEEDS = Path(os.environ.get("SEEDS_DIR", "/work/shared/seeds"))  # the source rulebooks (not in the repository)
# game -> (file, first line, last line), from the seeds' README
PARTS = {
    "silk_road": [("000_3d193273fd8b91d2.txt", 1, 298)],
    "citadels": [("001_596cb5b6f5a4cd02.txt", 34, 112)],
    "niagara": [("001_596cb5b6f5a4cd02.txt", 113, 170), ("003_b7cff1962358897b.txt", 1, 10**6)],
    "cockroach_poker": [("001_596cb5b6f5a4cd02.txt", 171, 184)],
    "dominion": [("001_596cb5b6f5a4cd02.txt", 185, 220)],
    "pandemic": [("001_596cb5b6f5a4cd02.txt", 221, 277)],
    "mamma_mia": [("001_596cb5b6f5a4cd02.txt", 278, 306)],
    "saboteur": [("001_596cb5b6f5a4cd02.txt", 307, 366)],
    "im_the_boss": [("001_596cb5b6f5a4cd02.txt", 367, 472)],
    "modern_art": [("001_596cb5b6f5a4cd02.txt", 473, 509)],
    "kutschfahrt": [("001_596cb5b6f5a4cd02.txt", 510, 646)],
    "catan": [("002_a8ac133b4d12dfc2.txt", 1, 10**6)],
    "manila": [("004_c44934c72e7c07a7.txt", 1, 10**6)],
}
HAN = re.compile(r"[\u3400-\u9fff]+")


def seed_text(game: str) -> str:
    out = []
    for name, first, last in PARTS[game]:
        lines = (SEEDS / name).read_text(encoding="utf-8").splitlines()
        out += lines[first - 1:last]
    return fold("\n".join(out))


def our_text(game: str) -> str:
    docs, _, aliases, section_aliases = search.library_documents([game])
    parts = [d.title + " " + d.body + " " + d.section for d in docs if d.lang != "en"]
    parts += [w for words in (*aliases.values(), *section_aliases.values()) for w in words]
    return fold("\n".join(parts))


def missing(game: str, top: int) -> list[tuple[str, int]]:
    seed, ours = seed_text(game), our_text(game)
    counts: Counter[str] = Counter()
    for run in HAN.findall(seed):
        for n in (2, 3, 4):
            for i in range(len(run) - n + 1):
                counts[run[i:i + n]] += 1
    found = [(w, c) for w, c in counts.items() if c >= 2 and w not in ours]
    # a longer run that is as frequent as its parts stands for them
    found.sort(key=lambda wc: (-wc[1], -len(wc[0]), wc[0]))
    return found[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--top", type=int, default=80)
    args = parser.parse_args()
    for game in args.games or library.game_dirs():
        words = missing(game, args.top)
        print(f"{game}: " + " ".join(f"{w}×{c}" for w, c in words))


if __name__ == "__main__":
    main()
