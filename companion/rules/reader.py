"""View-models of the rules reader: pure functions, no flet.  The app's rules
screen (``companion/ui/rules_screen.py``) and the table screen's "What can I
do now?" card (``companion/ui/screens.py``) are drawn from them:

* :func:`toc` — a game's table of contents in one language (the reader's
  contents and sections);
* :func:`render_clause` — one clause, its text filled from facts.json, split
  into paragraphs, with its table, its section, its neighbours (previous /
  next) and the languages it can be switched to with one tap (a rule link's
  own page);
* :func:`now_card` — the "what can I do now?" card of a phase, from the
  clause ids listed in facts.json ``phase_clauses``;
* :func:`highlight` — a search hit's title or snippet cut into marked and
  unmarked runs.

The reader's language is a parameter everywhere: it may differ from the UI's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..i18n import LANGUAGES
from . import library


@dataclass(frozen=True, slots=True)
class TocEntry:
    id: str
    title: str
    ruling: bool


@dataclass(frozen=True, slots=True)
class TocSection:
    id: str
    title: str
    clauses: tuple[TocEntry, ...]


@dataclass(frozen=True, slots=True)
class Toc:
    game: str
    lang: str
    name: str
    sections: tuple[TocSection, ...]

    def clause_ids(self) -> list[str]:
        return [c.id for s in self.sections for c in s.clauses]


@dataclass(frozen=True, slots=True)
class TableView:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def records(self) -> list[list[tuple[str, str]]]:
        """Each row as (column, cell) pairs: the card form for narrow screens."""
        return [list(zip(self.columns, row)) for row in self.rows]


@dataclass(frozen=True, slots=True)
class ClauseView:
    id: str
    game: str
    lang: str
    game_name: str
    section_id: str
    section_title: str
    title: str
    paragraphs: tuple[str, ...]
    ruling: bool
    table: TableView | None
    previous_id: str | None
    next_id: str | None
    languages: tuple[str, ...]  # the languages this clause can be read in, reader's first


@dataclass(frozen=True, slots=True)
class NowItem:
    clause_id: str
    title: str
    paragraphs: tuple[str, ...]
    ruling: bool


@dataclass(frozen=True, slots=True)
class NowCard:
    game: str
    phase: str
    lang: str
    items: tuple[NowItem, ...]


def game_of(clause_id: str) -> str:
    return clause_id.split(".", 1)[0]


def toc(game: str, lang: str) -> Toc:
    """The table of contents of ``game`` in ``lang`` (section and clause titles, rulings marked)."""
    data = library.text(game, lang)
    sections = tuple(
        TocSection(s["id"], s["title"], tuple(
            TocEntry(c["id"], library.render(game, c["title"], lang), bool(c.get("ruling", False)))
            for c in s["clauses"]))
        for s in data["sections"]
    )
    return Toc(game, lang, str(data["name"]), sections)


def paragraphs(text: str) -> tuple[str, ...]:
    """Text split at line breaks into non-empty paragraphs."""
    return tuple(p.strip() for p in text.split("\n") if p.strip())


def _section_id(game: str, lang: str, clause_id: str) -> str:
    for section, clause in library.iter_clauses(game, lang):
        if clause["id"] == clause_id:
            return str(section["id"])
    raise KeyError(clause_id)


def render_clause(clause_id: str, lang: str) -> ClauseView | None:
    """One clause ready to show, or None if no game has it in ``lang``."""
    found = library.clause(clause_id, lang)
    if found is None:
        return None
    game = found["game"]
    ids = library.clause_ids(game, lang)
    at = ids.index(clause_id)
    table = found["table"]
    languages = (lang,) + tuple(other for other in LANGUAGES if other != lang and _has(clause_id, other))
    return ClauseView(
        id=clause_id, game=game, lang=lang, game_name=library.game_name(game, lang),
        section_id=_section_id(game, lang, clause_id), section_title=found["section"],
        title=found["title"], paragraphs=paragraphs(found["text"]), ruling=found["ruling"],
        table=None if table is None else TableView(tuple(table["columns"]),
                                                   tuple(tuple(r) for r in table["rows"])),
        previous_id=ids[at - 1] if at > 0 else None,
        next_id=ids[at + 1] if at + 1 < len(ids) else None,
        languages=languages,
    )


def _has(clause_id: str, lang: str) -> bool:
    try:
        return clause_id in library.clause_ids(game_of(clause_id), lang)
    except library.RulesDataError:
        return False


def now_card(game: str, phase: str, lang: str) -> NowCard | None:
    """The "what can I do now?" card of ``phase``; None when facts.json lists no clause for it.
    Clause ids missing in ``lang`` are left out (the rules-data tests report them)."""
    ids = library.phase_clauses(game).get(phase)
    if not ids:
        return None
    items: list[NowItem] = []
    for cid in ids:
        found = library.clause(cid, lang)
        if found is not None:
            items.append(NowItem(cid, found["title"], paragraphs(found["text"]), found["ruling"]))
    return NowCard(game, phase, lang, tuple(items))


def highlight(text: str, spans: Sequence[tuple[int, int]]) -> list[tuple[str, bool]]:
    """``text`` cut into (piece, marked) runs from a search hit's spans, for styled text."""
    runs: list[tuple[str, bool]] = []
    pos = 0
    for start, end in sorted(spans):
        start, end = max(start, pos), min(end, len(text))
        if start >= end:
            continue
        if start > pos:
            runs.append((text[pos:start], False))
        runs.append((text[start:end], True))
        pos = end
    if pos < len(text):
        runs.append((text[pos:], False))
    return runs
