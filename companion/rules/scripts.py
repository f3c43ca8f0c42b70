"""Chinese scripts: folding for search and the wrong-script check of rules text.

Runtime code reads only ``companion/rules/data/script_tables.json``, built from
OpenCC's dictionaries by ``scripts/build_script_tables.py`` (OpenCC itself is a
development tool, never imported here).

* :func:`fold` maps text to a search key of the same length: lower case,
  full-width ASCII to ASCII, curly quotes straight, Latin accents dropped, Traditional characters
  (and Taiwan / Hong Kong variant forms) to Simplified.  马尼拉 and 馬尼拉
  fold alike; offsets in the folded text are offsets in the original.
* :func:`wrong_script` lists the characters of a text that do not belong to
  its language: Simplified-only characters in ``zh_Hant`` text and
  Traditional-only ones in ``zh_Hans`` text.  The sets are conservative:
  characters legitimately used in both (了, 干, 后, 台, 着, 著, 里 …) are in
  neither.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Iterator

TABLES_FILE = Path(__file__).resolve().parent / "data" / "script_tables.json"


@cache
def _tables() -> dict[str, str]:
    data: dict[str, str] = json.loads(TABLES_FILE.read_text(encoding="utf-8"))
    return data


@cache
def simplified_only() -> frozenset[str]:
    """Characters that must not appear in zh_Hant text."""
    return frozenset(_tables()["simplified_only"])


@cache
def traditional_only() -> frozenset[str]:
    """Characters that must not appear in zh_Hans text."""
    return frozenset(_tables()["traditional_only"])


def _latin_fold(ch: str) -> str | None:
    """The lower-case base letter of an accented or full-width Latin letter/digit."""
    norm = unicodedata.normalize("NFKD", ch)
    base = norm[:1].lower()
    if len(base) == 1 and base.isascii() and base != ch and (len(norm) == 1 or not norm[1:].isascii()):
        return base
    return None


#: the folding table, once made (or given: the search's index built ahead carries the one it
#: was built with, so a first search in the browser does not make it, ~40 ms there)
_FOLD: dict[int, str] | None = None


def _fold_table() -> dict[int, str]:
    global _FOLD
    if _FOLD is None:
        _FOLD = _make_fold_table()
    return _FOLD


def use_fold_table(table: dict[int, str]) -> None:
    """Use ``table`` (:func:`_fold_table`'s, saved) unless the table is already made."""
    global _FOLD
    if _FOLD is None:
        _FOLD = table


def _make_fold_table() -> dict[int, str]:
    t = _tables()
    table: dict[int, str] = {ord(k): v for k, v in zip(t["t2s_from"], t["t2s_to"])}
    for code in list(range(0x41, 0x5B)) + list(range(0xC0, 0x250)) + list(range(0xFF01, 0xFF5F)):
        ch = chr(code)
        if code < 0x80:
            table[code] = ch.lower()
        else:
            folded = _latin_fold(ch)
            if folded is not None:
                table[code] = folded
    table[0x3000] = " "  # ideographic space
    table.update({0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'})  # curly quotes
    return table


def fold(text: str) -> str:
    """The search key of ``text``: same length, so offsets carry over."""
    return text.translate(_FOLD if _FOLD is not None else _fold_table())


@cache
def _s2t_table() -> dict[int, str]:
    t = _tables()
    return {ord(k): v for k, v in zip(t["s2t_from"], t["s2t_to"])}


@cache
def _t2s_table() -> dict[int, str]:
    t = _tables()
    return {ord(k): v for k, v in zip(t["t2s_from"], t["t2s_to"])}


def to_simplified(text: str) -> str:
    """Character-by-character Traditional → Simplified (a draft, not an edit)."""
    return text.translate(_t2s_table())


def to_traditional(text: str) -> str:
    """Character-by-character Simplified → Traditional, Taiwan forms (a draft)."""
    return text.translate(_s2t_table())


def is_cjk(ch: str) -> bool:
    """A Han character (or a CJK symbol that only Chinese text uses)."""
    code = ord(ch)
    return (0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0x20000 <= code <= 0x3FFFF
            or 0x3000 <= code <= 0x303F)


def wrong_script(text: str, lang: str) -> list[tuple[int, str]]:
    """(offset, character) of every character that does not belong to ``lang``'s script."""
    if lang == "zh_Hant":
        bad = simplified_only()
    elif lang == "zh_Hans":
        bad = traditional_only()
    else:
        return []
    return [(i, ch) for i, ch in enumerate(text) if ch in bad]


@dataclass(frozen=True, slots=True)
class ScriptProblem:
    game: str
    lang: str
    where: str  # "name", "aka[0]", "section setup title", "clause <id> text", "message <key>" …
    char: str
    offset: int

    def __str__(self) -> str:
        kind = "Simplified-only" if self.lang == "zh_Hant" else "Traditional-only"
        return (f"{self.game}/{self.lang}.json {self.where}: {kind} character "
                f"{self.char!r} (U+{ord(self.char):04X}) at offset {self.offset}")


def _strings(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, string) for every piece of shown text of one rules file.  ``aka`` is left out:
    those are other names people search for, often in the other script or language."""
    if isinstance(data.get("name"), str):
        yield "name", data["name"]
    for section in data.get("sections", []):
        if not isinstance(section, dict):
            continue
        if isinstance(section.get("title"), str):
            yield f"section {section.get('id')} title", section["title"]
        for clause in section.get("clauses", []):
            if not isinstance(clause, dict):
                continue
            cid = clause.get("id")
            for key in ("title", "text"):
                if isinstance(clause.get(key), str):
                    yield f"clause {cid} {key}", clause[key]
            table = clause.get("table")
            if isinstance(table, dict):
                for c, col in enumerate(table.get("columns", [])):
                    if isinstance(col, str):
                        yield f"clause {cid} table column {c}", col
                for r, row in enumerate(table.get("rows", [])):
                    for c, cell in enumerate(row if isinstance(row, list) else []):
                        if isinstance(cell, str):
                            yield f"clause {cid} table row {r} cell {c}", cell
    for key, value in data.get("messages", {}).items():
        if isinstance(value, str):
            yield f"message {key}", value


def check_rules_text(game: str, lang: str, data: dict[str, Any]) -> list[ScriptProblem]:
    """Wrong-script characters in one parsed rules file (``rules_data/<game>/<lang>.json``)."""
    return [ScriptProblem(game, lang, where, ch, offset)
            for where, value in _strings(data)
            for offset, ch in wrong_script(value, lang)]
