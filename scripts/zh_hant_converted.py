"""List the zh_Hant rules clauses that are only a character conversion of their zh_Hans text.

Development helper (needs OpenCC, the ``dev`` extra).  A clause counts as converted when
its zh_Hant title+text equals OpenCC's ``s2t``, ``s2tw`` or ``s2twp`` conversion of the
zh_Hans title+text.  ``python scripts/zh_hant_converted.py`` prints the count per game;
``--list GAME`` prints that game's converted clause ids.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules_data"


def _converters():
    from opencc import OpenCC

    return [OpenCC(name) for name in ("s2t", "s2tw", "s2twp")]


def clauses(lang: str, game: str) -> dict[str, str]:
    """clause id -> its text (title and text joined) in ``lang``."""
    data = json.loads((RULES / game / f"{lang}.json").read_text(encoding="utf-8"))
    out = {}
    for section in data["sections"]:
        for clause in section["clauses"]:
            out[clause["id"]] = clause.get("text", "")
    return out


def converted(game: str, converters=None) -> tuple[list[str], int]:
    """(ids of zh_Hant clauses equal to a conversion of zh_Hans, number of clauses)."""
    converters = converters or _converters()
    hans, hant = clauses("zh_Hans", game), clauses("zh_Hant", game)
    same = [cid for cid, text in hant.items()
            if cid in hans and any(cc.convert(hans[cid]) == text for cc in converters)]
    return same, len(hant)


def games() -> list[str]:
    return sorted(p.name for p in RULES.iterdir() if (p / "zh_Hant.json").exists())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", metavar="GAME", help="print this game's converted clause ids")
    args = parser.parse_args(argv)
    ccs = _converters()
    if args.list:
        for cid in converted(args.list, ccs)[0]:
            print(cid)
        return 0
    total = total_n = 0
    for game in games():
        same, n = converted(game, ccs)
        total += len(same)
        total_n += n
        print(f"{game:16} {len(same):4} / {n:4}")
    print(f"{'total':16} {total:4} / {total_n:4}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
