"""The term tables: one word per concept, game and language, and the variants each language avoids.

A game's vocabulary is data, ``rules_data/<id>/terms.json``; what every text of the app shares
(the quotation marks of each script, one English spelling) is ``rules_data/terms.json``::

    {
      "share": {
        "en": "share", "zh_Hans": "股份", "zh_Hant": "股份",
        "avoid": {"en": ["stock"], "zh_Hans": ["股票"], "zh_Hant": ["股票"]},
        "unless": {"zh_Hans": ["股票市场"]},
        "shell": true,
        "note": "Taiwan rulebook (seeds/004): 股份"
      }
    }

``en``/``zh_Hans``/``zh_Hant`` are the words our texts use (zh_Hant: the Taiwan edition's word
where there is one, zh_Hans: the mainland one, en: British spelling).  ``avoid`` lists, per
language, the variants that must not appear; ``unless`` longer phrases that contain a variant
and are fine (a zh_Hans note quoting the Traditional rulebook's word).  ``shell: true`` says the
app shell's catalogs show the concept too ("Your shares", "Voyage {n}: results"), so its
variants are avoided there as well; a game word that another game uses in another sense
(Manila's rounds are 輪, Catan's turns 回合) leaves it out.

A game's table is checked against that game's rules text and messages (``aka`` and
``aliases.json`` are left out: other names people search with); the app-wide table against
every game and the catalogs' msgstrs.  English variants match at the start of a word, any case
(``harbor`` finds "Harbors" and "harbormaster"); Chinese ones anywhere.

Nothing at run time uses this module; the tests do (``tests/test_terms.py``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..i18n import LANGUAGES
from ..paths import rules_dir
from . import scripts

APP = "app"  # the id of the app-wide table
_KEYS = {"en", "zh_Hans", "zh_Hant", "avoid", "unless", "shell", "note"}
# a placeholder is not shown text, but the forms of an English plural are: {n:plural:# road|# roads}
_FIELD = re.compile(r"\{[A-Za-z0-9_.]+(?::plural:([^{}]*))?\}")


class TermsError(ValueError):
    pass


@dataclass(frozen=True)
class Concept:
    id: str
    terms: dict[str, str]
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)
    unless: dict[str, tuple[str, ...]] = field(default_factory=dict)
    shell: bool = False


@dataclass(frozen=True)
class Hit:
    table: str       # game id, or "app"
    concept: str
    lang: str
    variant: str     # the avoided word as listed
    found: str       # as written in the text
    source: str      # "manila/zh_Hant.json" or "locales/zh_Hant/LC_MESSAGES/companion.po"
    where: str       # "message ui.shares", "clause manila.setup.shares text", "msgstr of msgid '…'"
    context: str

    def __str__(self) -> str:
        return (f"{self.source} {self.where}: {self.found!r} (…{self.context}…) is a variant the "
                f"{self.table} term table avoids for {self.concept!r} in {self.lang}")


def table_path(game: str) -> Path:
    return rules_dir() / "terms.json" if game == APP else rules_dir() / game / "terms.json"


def parse(data: Any, where: str, every_language: bool = True) -> dict[str, Concept]:
    """The concepts of one table file; anything malformed raises TermsError.  A game's concept
    has a word in every language; an app-wide one may be one language's only (a spelling)."""
    if not isinstance(data, dict) or not data:
        raise TermsError(f"{where}: expected a non-empty object")
    out: dict[str, Concept] = {}
    for cid, entry in data.items():
        at = f"{where}: {cid}"
        if not re.fullmatch(r"[a-z0-9_]+", cid) or not isinstance(entry, dict):
            raise TermsError(f"{at}: bad concept id or entry")
        if entry.keys() - _KEYS:
            raise TermsError(f"{at}: unknown keys {sorted(entry.keys() - _KEYS)}")
        terms = {lang: entry[lang] for lang in LANGUAGES if lang in entry}
        if not all(isinstance(t, str) and t.strip() for t in terms.values()) or not terms:
            raise TermsError(f"{at}: a term is a non-empty string")
        if every_language and len(terms) < len(LANGUAGES):
            raise TermsError(f"{at}: needs a term in each of {', '.join(LANGUAGES)}")
        lists = {}
        for key in ("avoid", "unless"):
            value = entry.get(key, {})
            if not isinstance(value, dict) or value.keys() - set(LANGUAGES) or not all(
                    isinstance(v, list) and v and all(isinstance(s, str) and s.strip() for s in v)
                    for v in value.values()):
                raise TermsError(f"{at}: {key} must map languages to lists of words")
            lists[key] = {lang: tuple(v) for lang, v in value.items()}
        if not lists["avoid"]:
            raise TermsError(f"{at}: a concept with nothing to avoid holds nothing to it")
        if (lists["avoid"].keys() | lists["unless"].keys()) - terms.keys():
            raise TermsError(f"{at}: avoid/unless for a language without a term")
        if not isinstance(entry.get("shell", False), bool) or not isinstance(entry.get("note", ""), str):
            raise TermsError(f"{at}: shell is true/false, note a string")
        out[cid] = Concept(cid, terms, lists["avoid"], lists["unless"], entry.get("shell", False))
    return out


@cache
def table(game: str) -> dict[str, Concept]:
    """A game's concepts (``APP`` for the app-wide table); ``{}`` for a game without a table."""
    path = table_path(game)
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise TermsError(f"{path}: {exc}") from exc
    return parse(data, str(path), every_language=game != APP)


def shown(text: str, lang: str) -> str:
    """``text`` as far as the words go: placeholders out, an English plural's forms kept."""
    return _FIELD.sub(lambda m: m.group(1) or " ", text)


def _pattern(word: str, lang: str) -> re.Pattern[str]:
    if lang == "en":
        return re.compile(r"(?<![A-Za-z])" + re.escape(word) + r"[A-Za-z]*", re.IGNORECASE)
    return re.compile(re.escape(word))


def _covered(text: str, start: int, end: int, phrases: Iterable[str]) -> bool:
    for phrase in phrases:
        for m in re.finditer(re.escape(phrase), text, re.IGNORECASE):
            if m.start() <= start and end <= m.end():
                return True
    return False


def occurs(term: str, text: str, lang: str) -> bool:
    """Whether ``term`` (the word a table chose) appears in ``text``."""
    return bool(_pattern(term, lang).search(shown(text, lang)))


def find_variants(text: str, lang: str, concepts: Iterable[Concept]) -> Iterator[tuple[Concept, str, int, str]]:
    """(concept, avoided variant, offset, as written) for every avoided variant in ``text``; an
    occurrence inside one of the concept's ``unless`` phrases or inside its own term is fine."""
    text = shown(text, lang)
    for concept in concepts:
        if lang not in concept.terms:
            continue
        fine = concept.unless.get(lang, ()) + (concept.terms[lang],)
        for variant in concept.avoid.get(lang, ()):
            for m in _pattern(variant, lang).finditer(text):
                if not _covered(text, m.start(), m.start() + len(variant), fine):
                    yield concept, variant, m.start(), m.group(0)


def rules_strings(game: str, lang: str) -> list[tuple[str, str]]:
    """(where, text) for every shown string of a game's rules file: name, titles, texts, table
    cells, messages (``aka`` left out)."""
    data = json.loads((rules_dir() / game / f"{lang}.json").read_text(encoding="utf-8"))
    return list(scripts._strings(data))


def catalog_strings(path: Path, lang: str) -> list[tuple[str, str]]:
    """(where, msgstr) for every translated string of one .po catalog."""
    from babel.messages.pofile import read_po

    with open(path, "rb") as fh:
        catalog = read_po(fh, locale=lang)
    out = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        values = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        out += [(f"msgstr of msgid {msgid!r}", value) for value in values if value]
    return out


def check(table_id: str, concepts: Iterable[Concept], lang: str, source: str,
          strings: Iterable[tuple[str, str]]) -> list[Hit]:
    concepts = list(concepts)
    hits = []
    for where, text in strings:
        for concept, variant, offset, found in find_variants(text, lang, concepts):
            plain = shown(text, lang)
            hits.append(Hit(table_id, concept.id, lang, variant, found, source, where,
                            plain[max(0, offset - 8):offset + len(found) + 8]))
    return hits
