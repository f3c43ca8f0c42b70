"""List the zh_Hant texts that are only a character conversion of their zh_Hans text.

Development helper (needs OpenCC, the ``dev`` extra).  A text counts as converted when its
zh_Hant form equals OpenCC's ``s2t``, ``s2tw`` or ``s2twp`` conversion of the zh_Hans form.
Three kinds of text are counted:

* rules clauses (every clause's text, per game);
* game messages (``messages`` in ``rules_data/<id>/<lang>.json``: prompts, refusals, action
  labels, ``ui.*``) of at least ``MIN_CHARS`` characters, placeholders left out;
* the app shell's catalog strings (``locales/<lang>/LC_MESSAGES/companion.po``) of at least
  ``MIN_CHARS`` characters.

Shorter strings (取消, 返回, 城市) read the same in both scripts by nature and are not counted.
``python scripts/zh_hant_converted.py`` prints the counts; ``--list GAME`` prints that game's
converted clause ids and message keys, ``--list ui`` the catalog's converted msgids.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules_data"
LOCALES = ROOT / "locales"
MIN_CHARS = 12
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _converters():
    from opencc import OpenCC

    return [OpenCC(name) for name in ("s2t", "s2tw", "s2twp")]


def _load(lang: str, game: str) -> dict:
    return json.loads((RULES / game / f"{lang}.json").read_text(encoding="utf-8"))


def clauses(lang: str, game: str) -> dict[str, str]:
    """clause id -> its text in ``lang``."""
    out = {}
    for section in _load(lang, game)["sections"]:
        for clause in section["clauses"]:
            out[clause["id"]] = clause.get("text", "")
    return out


def long_enough(text: str) -> bool:
    """Whether ``text`` has ``MIN_CHARS`` characters or more, its ``{placeholders}`` left out."""
    return len(_PLACEHOLDER.sub("", text)) >= MIN_CHARS


def messages(lang: str, game: str) -> dict[str, str]:
    """message key -> text in ``lang``, for the messages long enough to count."""
    return {key: text for key, text in _load(lang, game)["messages"].items() if long_enough(text)}


def catalog(lang: str) -> dict[str, str]:
    """msgid -> msgstr (first form) of the app shell's catalog, for strings long enough to count."""
    from babel.messages.pofile import read_po

    with open(LOCALES / lang / "LC_MESSAGES" / "companion.po", "rb") as fh:
        cat = read_po(fh, locale=lang)
    out = {}
    for message in cat:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        value = message.string if isinstance(message.string, str) else (message.string or [""])[0]
        if value and long_enough(value):
            out[msgid] = value
    return out


def _same(hans: dict[str, str], hant: dict[str, str], converters) -> tuple[list[str], int]:
    same = [key for key, text in hant.items()
            if key in hans and any(cc.convert(hans[key]) == text for cc in converters)]
    return same, len(hant)


def converted(game: str, converters=None) -> tuple[list[str], int]:
    """(ids of zh_Hant clauses equal to a conversion of zh_Hans, number of clauses)."""
    return _same(clauses("zh_Hans", game), clauses("zh_Hant", game), converters or _converters())


def converted_messages(game: str, converters=None) -> tuple[list[str], int]:
    """(keys of long-enough zh_Hant messages equal to a conversion of zh_Hans, number of them)."""
    return _same(messages("zh_Hans", game), messages("zh_Hant", game), converters or _converters())


def converted_catalog(converters=None) -> tuple[list[str], int]:
    """(msgids whose long-enough zh_Hant msgstr equals a conversion of zh_Hans, number of them)."""
    return _same(catalog("zh_Hans"), catalog("zh_Hant"), converters or _converters())


def games() -> list[str]:
    return sorted(p.name for p in RULES.iterdir() if (p / "zh_Hant.json").exists())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", metavar="GAME", help="print this game's (or 'ui': the catalog's) converted ids")
    args = parser.parse_args(argv)
    ccs = _converters()
    if args.list == "ui":
        for msgid in converted_catalog(ccs)[0]:
            print(msgid)
        return 0
    if args.list:
        for cid in converted(args.list, ccs)[0] + converted_messages(args.list, ccs)[0]:
            print(cid)
        return 0
    totals = [0, 0, 0, 0]
    print(f"{'':16} {'clauses':>11}   {'messages ' + str(MIN_CHARS) + '+':>13}")
    for game in games():
        same, n = converted(game, ccs)
        m_same, m_n = converted_messages(game, ccs)
        for i, v in enumerate((len(same), n, len(m_same), m_n)):
            totals[i] += v
        print(f"{game:16} {len(same):4} / {n:4}   {len(m_same):4} / {m_n:4}")
    print(f"{'total':16} {totals[0]:4} / {totals[1]:4}   {totals[2]:4} / {totals[3]:4}")
    ui_same, ui_n = converted_catalog(ccs)
    print(f"{'app catalog':16} {'':11}   {len(ui_same):4} / {ui_n:4}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
