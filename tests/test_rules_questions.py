"""Per-clause player questions (rules_data/<game>/questions.json, issue 34): the files have the
shared format, and the search finds a clause by its questions' words (never showing them)."""

from __future__ import annotations

import bisect
import json
import re
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES
from companion.paths import rules_dir
from companion.rules import library, search
from companion.rules.library import validate_questions
from companion.rules.scripts import simplified_only, traditional_only
from companion.rules.search import Document, SearchIndex

GAMES = sorted(p.parent.name for p in rules_dir().glob("*/questions.json"))


def _clause_ids(game: str, lang: str) -> list[str]:
    data = json.loads((rules_dir() / game / f"{lang}.json").read_text(encoding="utf-8"))
    return [c["id"] for s in data["sections"] for c in s["clauses"]]


@pytest.mark.parametrize("game", GAMES)
def test_questions_file_has_the_shape_of_the_spec(game: str) -> None:
    data = json.loads((rules_dir() / game / "questions.json").read_text(encoding="utf-8"))
    ids = _clause_ids(game, "en")
    for lang in LANGUAGES:
        assert _clause_ids(game, lang) == ids  # the three texts name the same clauses
    # every key a clause of the game, every clause a key, all three languages, no question twice
    assert validate_questions(data, game, set(ids)) == []
    assert library.questions(game).keys() == set(ids)
    for cid, by_lang in data["questions"].items():
        for lang in LANGUAGES:
            for q in by_lang[lang]:
                chinese = bool(re.search(r"[\u4e00-\u9fff]", q))
                assert chinese == (lang != "en"), (cid, lang, q)  # each language in its own words
                other_script = traditional_only() if lang == "zh_Hans" else simplified_only() if lang == "zh_Hant" else ""
                assert not [ch for ch in q if ch in other_script], (cid, lang, q)  # in its own script


def test_a_bad_questions_file_is_refused() -> None:
    ids = {"g.a.one", "g.a.two"}
    good = {"one": {"en": ["q"], "zh_Hans": ["问"], "zh_Hant": ["問"]}}
    assert validate_questions({"questions": {"g.a.one": good["one"], "g.a.two": good["one"]}}, "g", ids) == [
        "g.questions.g.a.two.zh_Hans: '问' is also asked of g.a.one",
        "g.questions.g.a.two.zh_Hant: '問' is also asked of g.a.one",
        "g.questions.g.a.two.en: 'q' is also asked of g.a.one"]
    problems = validate_questions({"questions": {
        "g.a.one": {"en": ["how", "How"], "zh_Hans": ["问"]},
        "g.b.nope": {"en": ["x"], "zh_Hans": ["问问"], "zh_Hant": ["問問"], "fr": ["y"]}}, "extra": 1}, "g", ids)
    assert problems == [
        "g: unknown key 'extra'",
        "g.questions.g.a.one.zh_Hant: expected a list of non-empty strings",
        "g.questions.g.a.one.en: a question is listed twice",
        "g.questions.g.b.nope: no such clause",
        "g.questions.g.b.nope: unknown language 'fr'",
        "g.questions: no questions for g.a.two"]


def test_questions_lead_the_search_to_their_clause_and_are_never_shown() -> None:
    docs = [Document("g", "en", "g.a.one", "Mortgaging", "Turn a share over and take 12 pesos.", "Money"),
            Document("g", "en", "g.a.two", "Redeeming", "Pay 15 pesos to turn it back.", "Money"),
            Document("g", "zh_Hans", "g.a.one", "抵押", "把一张股票翻面，拿 12 比索。", "钱")]
    questions = {("g", "g.a.one"): {"en": ["broke, how do i get cash fast"], "zh_Hans": ["没钱了怎么办"]}}
    assert SearchIndex(docs).search("broke") == []  # no text holds it
    index = SearchIndex(docs, questions=questions)
    hits = index.search("broke")
    assert [(h.clause_id, h.field) for h in hits] == [("g.a.one", "question")]
    assert hits[0].snippet == "Turn a share over and take 12 pesos." and hits[0].snippet_spans == ()
    assert [h.clause_id for h in index.search("没钱", langs=["zh_Hans"])] == ["g.a.one"]
    # the clause's own words still rank as before: the title beats a question
    assert index.search("redeeming")[0].clause_id == "g.a.two"


def _game_terms(index_docs: list[Document], game: str) -> set[str]:
    terms: set[str] = set()
    for d in index_docs:
        if d.game == game:
            terms |= {t.text for t in search.analyze(f"{d.title}\n{d.section}\n{d.body}")}
    return terms


@pytest.mark.parametrize("game", GAMES)
def test_a_clause_is_found_by_its_own_questions_words_that_no_rules_text_holds(game: str) -> None:
    """In the real library: an English word of one clause's questions that no text of the game
    (nor any other clause's questions, nor an alias) holds finds that clause first at the table."""
    docs, _, aliases, section_aliases = search.library_documents([game])
    rules_terms = _game_terms(docs, game)
    rules_terms |= {t.text for words in (*aliases.values(), *section_aliases.values()) for w in words
                    for t in search.analyze(w)}
    owners: dict[str, set[str]] = {}
    surfaces: dict[str, set[str]] = {}  # stem -> the words as written
    for cid, by_lang in library.questions(game).items():
        for q in by_lang["en"]:
            for t in search.query_terms(q):
                if t.kind == search.WORD and len(t.surface) >= 4:
                    owners.setdefault(t.text, set()).add(cid)
                    surfaces.setdefault(t.text, set()).add(t.surface)
    # a word of the lexicon stands for the rules' words anyway (data/search_synonyms.json)
    lexicon = {search.stem(w) for group in search.synonym_groups() for phrase in group for w in phrase.split()}
    index = search.default_index()
    words = index._surfaces  # every English word of the library as written, sorted

    def starts_another(surface: str) -> bool:  # a word as typed also stands for the longer words it starts
        at = bisect.bisect_right(words, surface)
        return at < len(words) and words[at].startswith(surface)

    own = sorted((w, next(iter(c))) for w, c in owners.items()
                 if len(c) == 1 and w not in rules_terms and w not in lexicon
                 and not any(starts_another(sf) for sf in surfaces[w]))
    assert len(own) >= 3, own  # the questions bring players' words the rules do not use
    missed = [(typed, cid) for w, cid in own for typed in sorted(surfaces[w])
              if [h.clause_id for h in index.search(typed, game=game, prefer="en", limit=1)] != [cid]]
    assert len(missed) <= len(own) // 10, missed  # (a word may also be another game's, shown first when it answers more)


@pytest.mark.parametrize("game", GAMES)
def test_questions_are_written_in_each_regions_wording_not_converted(game: str) -> None:
    """zh_Hant questions in Taiwan wording and zh_Hans in mainland wording (the rules text's
    wording check), and no zh_Hant question a plain OpenCC conversion of one of the same
    clause's zh_Hans questions: each language's questions are written apart."""
    from companion.rules import wording

    asked = library.questions(game)
    for lang in ("zh_Hans", "zh_Hant"):
        strings = {f"{cid}[{i}]": q for cid, by_lang in asked.items() for i, q in enumerate(by_lang[lang])}
        problems = wording.check_strings(f"{game}/questions.json", lang, strings.items())
        assert not problems, "\n".join(map(str, problems))
    opencc = pytest.importorskip("opencc")
    converters = [opencc.OpenCC(c) for c in ("s2t", "s2tw", "s2twp")]
    converted = [(cid, q) for cid, by_lang in asked.items() for q in by_lang["zh_Hant"]
                 if q in {c.convert(s) for s in by_lang["zh_Hans"] for c in converters}]
    assert not converted, converted
