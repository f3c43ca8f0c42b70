"""Build the rules search's index of the whole library ahead, into the package's data.

    .venv/bin/python scripts/build_search_index.py [--check]

Writes companion/rules/data/search_index.bin (see ``companion.rules.search.INDEX_FILE``): the
first search of a process loads it instead of building the index (no thread, so the static
build's first search is as fast).  The file holds the hash of the rules and the search code it
was built from; the app builds the index itself when they have changed since (slower, never
stale), and tests/test_search_index.py fails until this script is run again.  Run it after
changing a game's rules text, facts, aliases or questions, the lexicon or companion/rules/search.py.

--check: only say whether the file is fresh (exit 1 when not).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.rules import search  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is fresh")
    args = parser.parse_args()
    path = search.INDEX_FILE
    if args.check:
        fresh = search.saved_digest(path) == search.source_hash()
        print(f"{path.relative_to(ROOT)}: {'fresh' if fresh else 'STALE (run scripts/build_search_index.py)'}")
        return 0 if fresh else 1
    t0 = time.perf_counter()
    digest = search.build_index_file(path)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes, sources {digest[:12]}, "
          f"built in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
