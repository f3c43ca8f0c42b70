"""Print how well the rules search answers players: the tuning and the held-out sets, per language.

    .venv/bin/python scripts/search_eval.py [--misses] [--readme]

--readme writes the table into README.md (between its search-figures marks).

The sets and the counting are in tests/search_eval.py; the README's table is held to these
figures by tests/test_search_eval.py.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import search_eval  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--misses", action="store_true", help="list every question not in the top 3")
    parser.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args()
    figures = search_eval.all_figures()
    table = "\n".join(["| set | language | questions | right clause first | in the top 3 |", "|---|---|---|---|---|",
                       *search_eval.table_rows(figures)])
    print(table)
    if args.readme:
        readme = ROOT / "README.md"
        text = readme.read_text(encoding="utf-8")
        new = re.sub(r"(<!-- search-figures -->\n).*?(<!-- /search-figures -->)",
                     lambda m: m.group(1) + table + "\n" + m.group(2), text, count=1, flags=re.S)
        readme.write_text(new, encoding="utf-8")
    if args.misses:
        for set_name, per_lang in figures.items():
            for q, hits in per_lang["all"].misses:
                print(f"{set_name} miss: {q.query!r} game={q.game} {q.lang} wants {'/'.join(q.clauses)}; got {list(hits)}")


if __name__ == "__main__":
    main()
