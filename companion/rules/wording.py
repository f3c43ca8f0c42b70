"""Regional wording check: mainland wording in zh_Hant text, Taiwan wording in zh_Hans text.

The character check (:mod:`companion.rules.scripts`) makes sure zh_Hant text is
written in Traditional characters; this one looks at words.  Text that is
only converted character by character still reads as mainland Chinese in
Taiwan: 信息 for 資訊, 軟件 for 軟體, 默認 for 預設, 點擊 for 點選.  The reverse
happens in zh_Hans text converted from Taiwan text: 资讯, 软体, 使用者.

The phrase table is ``companion/rules/data/taiwan_wording.json``, built from
OpenCC's Taiwan phrase dictionary and a reviewed hand list by
``scripts/build_wording_tables.py``.  An entry names the phrase to ``find``,
the forms to ``use`` instead, and ``unless``: longer phrases that contain it
and are fine (支持者, 海內存知己).  A hit inside one of those, or inside one
of the suggested forms (腦梗 in 腦梗塞), is not reported, and of two hits one
inside the other only the longer is.  zh_Hans text is folded to Simplified
first (:func:`companion.rules.scripts.fold`), so 資訊 is found as well as 资讯.

Nothing at run time uses this module; the tests do (``tests/test_rules_wording.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from . import scripts

TABLE_FILE = Path(__file__).resolve().parent / "data" / "taiwan_wording.json"


@dataclass(frozen=True, slots=True)
class Entry:
    find: str
    use: tuple[str, ...]
    unless: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Hit:
    offset: int
    phrase: str  # as written in the text
    entry: Entry


@cache
def table(lang: str) -> tuple[Entry, ...]:
    """The phrases to look for in ``lang`` text (empty for languages other than zh_Hant/zh_Hans)."""
    if lang not in ("zh_Hant", "zh_Hans"):
        return ()
    data: dict[str, Any] = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
    return tuple(Entry(e["find"], tuple(e["use"]), tuple(e.get("unless", ()))) for e in data[lang])


def _covered(text: str, start: int, end: int, phrases: tuple[str, ...]) -> bool:
    """Whether some occurrence of one of ``phrases`` in ``text`` covers ``text[start:end]``."""
    for phrase in phrases:
        i = text.find(phrase, max(0, end - len(phrase)))
        while i != -1 and i <= start:
            if i + len(phrase) >= end:
                return True
            i = text.find(phrase, i + 1)
    return False


def find_wording(text: str, lang: str) -> list[Hit]:
    """Every phrase of ``text`` that is the other region's wording, in text order."""
    entries = table(lang)
    if not entries:
        return []
    key = scripts.fold(text) if lang == "zh_Hans" else text
    found: list[tuple[int, int, Entry]] = []
    for entry in entries:
        i = key.find(entry.find)
        while i != -1:
            end = i + len(entry.find)
            if not _covered(key, i, end, entry.unless + entry.use):
                found.append((i, end, entry))
            i = key.find(entry.find, i + 1)
    hits = [Hit(s, text[s:e], entry) for s, e, entry in found
            if not any(s2 <= s and e <= e2 and (s2, e2) != (s, e) for s2, e2, _ in found)]
    return sorted(hits, key=lambda h: (h.offset, -len(h.phrase)))


@dataclass(frozen=True, slots=True)
class WordingProblem:
    source: str  # "manila/zh_Hant.json" or "locales/zh_Hant/LC_MESSAGES/companion.po"
    lang: str
    where: str   # "clause <id> text", "message <key>", "msgid '<id>'" …
    hit: Hit
    context: str

    def __str__(self) -> str:
        kind = "mainland wording" if self.lang == "zh_Hant" else "Taiwan wording"
        region = "Taiwan" if self.lang == "zh_Hant" else "mainland"
        return (f"{self.source} {self.where}: {kind} {self.hit.phrase!r} at offset {self.hit.offset} "
                f"in …{self.context}…; {region} form: {' / '.join(self.hit.entry.use)}")


def _context(text: str, hit: Hit, width: int = 8) -> str:
    return text[max(0, hit.offset - width):hit.offset + len(hit.phrase) + width]


def check_strings(source: str, lang: str, strings: Any) -> list[WordingProblem]:
    """Problems in ``(where, text)`` pairs."""
    return [WordingProblem(source, lang, where, hit, _context(value, hit))
            for where, value in strings
            for hit in find_wording(value, lang)]


def check_rules_text(game: str, lang: str, data: dict[str, Any]) -> list[WordingProblem]:
    """Regional wording in one parsed rules file: name, section and clause titles, texts,
    table cells and messages (``aka`` is left out: other names people search for)."""
    return check_strings(f"{game}/{lang}.json", lang, scripts._strings(data))


def check_catalog(path: Path, lang: str) -> list[WordingProblem]:
    """Regional wording in the msgstrs of one .po catalog."""
    from babel.messages.pofile import read_po

    with open(path, "rb") as fh:
        catalog = read_po(fh, locale=lang)
    strings = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        values = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for n, value in enumerate(values):
            if value:
                suffix = f"[{n}]" if len(values) > 1 else ""
                strings.append((f"msgstr{suffix} of msgid {msgid!r}", value))
    return check_strings("/".join(path.parts[-4:]), lang, strings)  # locales/<lang>/LC_MESSAGES/x.po
