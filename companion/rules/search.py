"""As-you-type search over the rules of every game, in all three languages.

A query is folded like the text (:func:`companion.rules.scripts.fold`: case,
full-width forms, accents, Traditional → Simplified), so 馬尼拉 finds 马尼拉 and
the reverse.  It is split into terms at spaces and punctuation; a clause
matches when every term is found in its title, its text (table cells
included) or the game's name.  A term with a Chinese character matches
anywhere (Chinese has no spaces, so 1–2 character queries work); any other
term matches at the start of a word (``auc`` finds "Auction", ``ion`` does not).

Ranking, always deterministic:

0. the game itself, when every term is in the game's name (or an ``aka``);
1. clauses whose title (with the game name) holds every term;
2. the other matching clauses;

and within a rank: language (the query's own script first, then ``prefer``,
then ``zh_Hans, zh_Hant, en``), then game id, then reading order.

The index is built once, lazily, from :mod:`companion.rules.library`
(:func:`default_index`); :class:`SearchIndex` can also be built from any
documents (tests, benchmarks).  Each language's titles and texts are kept as
one folded string each (plus a copy with word starts marked), so a term is
found with ``str.find`` and only matching clauses cost Python work; snippets
are cut for the results returned (``limit``) only.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from typing import Iterable, Sequence

from ..i18n import LANGUAGES
from . import library
from .scripts import fold, is_cjk, simplified_only, traditional_only

RANK_GAME, RANK_TITLE, RANK_TEXT = 0, 1, 2
_FIELD = {RANK_GAME: "name", RANK_TITLE: "title", RANK_TEXT: "text"}
_SPLIT = re.compile(r"[\s,.;:!?()\[\]{}<>\"|/\\，。、；：！？（）【】「」『』《》〈〉…·]+")
_SEP = "\x00"
MAX_TERMS = 8
Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Document:
    """One clause in one language, already rendered (placeholders filled)."""

    game: str
    lang: str
    clause_id: str
    title: str
    body: str  # the clause text, then its table (cells separated by " | ")


@dataclass(frozen=True, slots=True)
class GameName:
    game: str
    lang: str
    name: str
    aka: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result.  Spans are [start, end) offsets into the string they follow.
    A ``field == "name"`` hit stands for the whole game: its clause is the game's first."""

    game: str
    lang: str
    clause_id: str
    field: str  # "name", "title" or "text": where the match ranks it
    game_name: str
    name_spans: tuple[Span, ...]
    title: str
    title_spans: tuple[Span, ...]
    snippet: str
    snippet_spans: tuple[Span, ...]


_WORD_START = re.compile(r"(?<![0-9a-z])(?=[0-9a-z])")
_MARK = "\x01"  # put before every word start in the "marked" copy of a corpus


@dataclass(frozen=True, slots=True)
class Term:
    """A folded query term: ``pattern`` finds it in a folded string; ``needle`` is the literal
    looked for in the plain corpus, or (``at_word_start``) in the word-start-marked corpus."""

    text: str
    pattern: re.Pattern[str]
    needle: str
    at_word_start: bool


def make_term(text: str) -> Term:
    """A term with a Chinese character matches anywhere; a term starting with a Latin letter
    or digit matches at a word start; anything else matches anywhere."""
    escaped = re.escape(text)
    if any(is_cjk(ch) for ch in text) or not _WORD_START.match(text):
        return Term(text, re.compile(escaped), text, False)
    return Term(text, re.compile(r"(?<![0-9a-z])" + escaped), _WORD_START.sub(_MARK, text), True)


def parse_query(query: str) -> list[str]:
    """The folded terms of a query, in order, without duplicates."""
    terms: list[str] = []
    for part in _SPLIT.split(fold(query)):
        part = "".join(ch for ch in part if ch.isprintable())
        if part and part not in terms:
            terms.append(part)
    return terms[:MAX_TERMS]


def query_lang(query: str) -> str | None:
    """The language a query is written in, when its script says so."""
    if any(ch in traditional_only() for ch in query):
        return "zh_Hant"
    if any(ch in simplified_only() for ch in query):
        return "zh_Hans"
    if any(is_cjk(ch) for ch in query):
        return None
    if any(ch.isalpha() for ch in query):
        return "en"
    return None


def _spans(pattern: re.Pattern[str], folded: str, length: int, into: list[Span]) -> None:
    for m in pattern.finditer(folded):
        if m.end() > m.start():
            into.append((m.start(), min(m.end(), length)))


def _merge(spans: list[Span]) -> tuple[Span, ...]:
    out: list[Span] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return tuple(out)


class _Field:
    """One field (titles or bodies) of every document of a language, folded and joined into
    one string (documents separated by NUL), plus a copy with word starts marked, so that a
    term is found by a plain ``str.find`` in C and a match is mapped to its document by bisection."""

    def __init__(self, folded: list[str]) -> None:
        self.folded = folded
        self.plain, self.plain_starts = self._join(folded)
        self.marked, self.marked_starts = self._join([_WORD_START.sub(_MARK, f) for f in folded])

    @staticmethod
    def _join(parts: list[str]) -> tuple[str, list[int]]:
        starts: list[int] = []
        pos = 0
        for part in parts:
            starts.append(pos)
            pos += len(part) + 1
        starts.append(pos)  # sentinel: where the next document would start
        return _SEP.join(parts), starts

    def scan(self, term: Term) -> set[int]:
        """Indexes of the documents in which ``term`` occurs."""
        text, starts = (self.marked, self.marked_starts) if term.at_word_start else (self.plain, self.plain_starts)
        found: list[int] = []
        find, needle, pos = text.find, term.needle, 0
        while True:
            at = find(needle, pos)
            if at < 0:
                break
            i = bisect_right(starts, at) - 1
            found.append(i)
            pos = starts[i + 1]  # on to the next document
        return set(found)


class _Corpus:
    """The documents of one language."""

    def __init__(self, docs: list[Document]) -> None:
        self.docs = docs
        self.titles = _Field([fold(d.title) for d in docs])
        self.bodies = _Field([fold(d.body) for d in docs])
        self.game_docs: dict[str, range] = {}
        for i, doc in enumerate(docs):
            first = self.game_docs.get(doc.game, range(i, i))
            self.game_docs[doc.game] = range(first.start, i + 1)


class SearchIndex:
    def __init__(self, docs: Iterable[Document], names: Iterable[GameName] = ()) -> None:
        by_lang: dict[str, list[Document]] = {}
        for doc in sorted(docs, key=lambda d: d.game):  # stable: reading order kept per game
            by_lang.setdefault(doc.lang, []).append(doc)
        self._corpora = {lang: _Corpus(docs) for lang, docs in by_lang.items()}
        self._names: dict[tuple[str, str], GameName] = {(n.game, n.lang): n for n in names}
        self._folded_names = {key: [fold(n.name), *(fold(a) for a in n.aka)]
                              for key, n in self._names.items()}

    @classmethod
    def from_library(cls, games: Sequence[str] | None = None) -> "SearchIndex":
        docs, names = library_documents(games)
        return cls(docs, names)

    def __len__(self) -> int:
        return sum(len(c.docs) for c in self._corpora.values())

    def _lang_order(self, query: str, langs: Sequence[str] | None, prefer: str | None) -> list[str]:
        order: list[str] = []
        for lang in (query_lang(query), prefer, *LANGUAGES, *sorted(self._corpora)):
            if lang and lang not in order and lang in self._corpora and (langs is None or lang in langs):
                order.append(lang)
        return order

    def search(self, query: str, *, langs: Sequence[str] | None = None, games: Sequence[str] | None = None,
               prefer: str | None = None, limit: int | None = 50) -> list[Hit]:
        words = parse_query(query)
        if not words:
            return []
        terms = [make_term(w) for w in words]
        buckets: dict[tuple[int, int], list[tuple[str, int]]] = {}  # (rank, lang order) -> hits
        for l_i, lang in enumerate(self._lang_order(query, langs, prefer)):
            corpus = self._corpora[lang]
            allowed = [g for g in corpus.game_docs if games is None or g in games]
            name_games = [{g for g in allowed if any(t.pattern.search(n) for n in self._folded_names.get((g, lang), ()))}
                          for t in terms]
            both = set.intersection(*name_games)
            buckets[(RANK_GAME, l_i)] = [(lang, corpus.game_docs[g].start) for g in sorted(both)]
            by_name = [{i for g in gs for i in corpus.game_docs[g]} for gs in name_games]
            in_title = [corpus.titles.scan(t) for t in terms]
            in_clause = [in_title[t_i] | corpus.bodies.scan(t) for t_i, t in enumerate(terms)]
            # every term somewhere in the clause or the game's name, and at least one in the clause
            found = set.intersection(*(c | n for c, n in zip(in_clause, by_name))) & set().union(*in_clause)
            if games is not None:
                found = {i for i in found if corpus.docs[i].game in games}
            # a title hit: some term in the title, every other one in the title or the game's name
            titled = found & set().union(*in_title)
            for t_i in range(len(terms)):
                titled &= in_title[t_i] | by_name[t_i]
            buckets[(RANK_TITLE, l_i)] = [(lang, i) for i in sorted(titled)]
            buckets[(RANK_TEXT, l_i)] = [(lang, i) for i in sorted(found - titled)]
        hits: list[Hit] = []
        for (rank, _), entries in sorted(buckets.items()):
            for lang, i in entries:
                if limit is not None and len(hits) >= limit:
                    return hits
                hits.append(self._hit(rank, lang, i, terms))
        return hits

    def _hit(self, rank: int, lang: str, i: int, terms: list[Term]) -> Hit:
        corpus = self._corpora[lang]
        doc = corpus.docs[i]
        name = self._names.get((doc.game, lang))
        game_name = name.name if name else doc.game
        name_spans: list[Span] = []
        title_spans: list[Span] = []
        body_spans: list[Span] = []
        folded_name = fold(game_name)
        for t in terms:
            _spans(t.pattern, folded_name, len(game_name), name_spans)
            _spans(t.pattern, corpus.titles.folded[i], len(doc.title), title_spans)
            _spans(t.pattern, corpus.bodies.folded[i], len(doc.body), body_spans)
        snippet, snippet_spans = make_snippet(doc.body, _merge(body_spans))
        return Hit(doc.game, lang, doc.clause_id, _FIELD[rank], game_name, _merge(name_spans),
                   doc.title, _merge(title_spans), snippet, snippet_spans)


SNIPPET_CHARS = 60
SNIPPET_BEFORE = 16


def make_snippet(body: str, spans: Sequence[Span], width: int = SNIPPET_CHARS,
                 before: int = SNIPPET_BEFORE) -> tuple[str, tuple[Span, ...]]:
    """An excerpt of ``body`` of about ``width`` characters around its first span;
    "…" marks a cut; returned spans are offsets into the excerpt."""
    flat = body.replace("\n", " ")
    start = 0
    if spans and spans[0][0] > before and len(flat) > width:
        start = min(spans[0][0] - before, max(len(flat) - width, 0))
        space = flat.find(" ", start, spans[0][0])
        if start > 0 and flat[start - 1].isalnum() and not is_cjk(flat[start]) and 0 <= space < start + 12:
            start = space + 1  # do not cut a word in two
    end = min(len(flat), start + width)
    head = "…" if start > 0 else ""
    tail = "…" if end < len(flat) else ""
    shift = len(head) - start
    shown = tuple((max(s, start) + shift, min(e, end) + shift) for s, e in spans if e > start and s < end)
    return head + flat[start:end] + tail, shown


def _body(text: str, table: dict[str, list[str]] | None) -> str:
    if not table:
        return text
    lines = [text, " | ".join(table["columns"])]
    lines += [" | ".join(row) for row in table["rows"]]
    return "\n".join(lines)


def library_documents(games: Sequence[str] | None = None) -> tuple[list[Document], list[GameName]]:
    """Every clause of every game folder present (or of ``games``), rendered, in all languages.
    A language file that fails to load is left out (the rules-data tests report it)."""
    docs: list[Document] = []
    names: list[GameName] = []
    for game in games if games is not None else library.game_dirs():
        for lang in LANGUAGES:
            try:
                data = library.text(game, lang)
                pairs = list(library.iter_clauses(game, lang))
            except library.RulesDataError:
                continue
            names.append(GameName(game, lang, str(data["name"]), tuple(data.get("aka", ()))))
            for _section, clause in pairs:
                table = clause.get("table")
                shown_table = None if not table else {
                    "columns": [_show(game, c, lang) for c in table["columns"]],
                    "rows": [[_show(game, c, lang) for c in row] for row in table["rows"]],
                }
                docs.append(Document(game, lang, clause["id"], _show(game, clause["title"], lang),
                                     _body(_show(game, clause["text"], lang), shown_table)))
    return docs, names


def _show(game: str, template: str, lang: str) -> str:
    """Rules text with its facts filled in; as written if a fact is missing (reported by tests)."""
    try:
        return library.render(game, template, lang)
    except KeyError:
        return template


@cache
def default_index() -> SearchIndex:
    """The index of the whole library, built on first use."""
    return SearchIndex.from_library()


def reset() -> None:
    """Drop the built index (after the rules data changed, or in tests)."""
    default_index.cache_clear()


def search(query: str, *, langs: Sequence[str] | None = None, games: Sequence[str] | None = None,
           prefer: str | None = None, limit: int | None = 50) -> list[Hit]:
    """Search the whole library; see the module docstring for matching and ranking."""
    return default_index().search(query, langs=langs, games=games, prefer=prefer, limit=limit)
