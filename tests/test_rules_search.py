"""Search across games and languages (companion/rules/search.py).

Unit tests run on the fixture library in tests/fixtures/rules_data (two made-up
games, "harbor" and "dragon"), so they do not depend on other games' texts.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.i18n import LANGUAGES
from companion.rules import library, search
from companion.rules.scripts import fold
from companion.rules.search import Document, GameName, SearchIndex, make_snippet, parse_query

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "rules_data"


@pytest.fixture
def fixture_library(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(library, "rules_dir", lambda: FIXTURE)
    library.clear_caches()
    search.reset()
    yield
    library.clear_caches()
    search.reset()


@pytest.fixture
def index(fixture_library: None) -> SearchIndex:
    return SearchIndex.from_library()


def keys(hits: list[search.Hit]) -> list[tuple[str, str, str]]:
    return [(h.lang, h.clause_id, h.field) for h in hits]


def marked(text: str, spans: tuple[tuple[int, int], ...]) -> list[str]:
    return [text[a:b] for a, b in spans]


def test_index_holds_every_clause_in_every_language(index: SearchIndex) -> None:
    # harbor has 7 clauses, dragon 2, each in 3 languages
    assert len(index) == (7 + 2) * 3


def test_traditional_query_finds_both_scripts(index: SearchIndex) -> None:
    hits = index.search("拍賣")
    # 拍賣/拍卖 is in the text of harbor.auction.no-reentry and dragon.play.hand; the query is
    # Traditional, so zh_Hant comes first; dragon before harbor, reading order within a game
    assert keys(hits) == [
        ("zh_Hant", "dragon.play.hand", "text"), ("zh_Hant", "harbor.auction.no-reentry", "text"),
        ("zh_Hans", "dragon.play.hand", "text"), ("zh_Hans", "harbor.auction.no-reentry", "text"),
    ]
    assert marked(hits[2].snippet, hits[2].snippet_spans) == ["拍卖"]
    assert marked(hits[1].snippet, hits[1].snippet_spans) == ["拍賣"]


def test_simplified_query_puts_simplified_first(index: SearchIndex) -> None:
    hits = index.search("拍卖")
    assert [h.lang for h in hits] == ["zh_Hans", "zh_Hans", "zh_Hant", "zh_Hant"]


def test_game_names_in_both_scripts(index: SearchIndex) -> None:
    for query in ("马尼拉", "馬尼拉"):
        hits = index.search(query)
        # the aka 马尼拉码头 / 馬尼拉碼頭 makes harbor a game hit in both Chinese languages;
        # then the goal clause, whose text names 马尼拉 / 馬尼拉
        assert [(h.game, h.field, h.clause_id) for h in hits] == [
            ("harbor", "name", "harbor.overview.goal"), ("harbor", "name", "harbor.overview.goal"),
            ("harbor", "text", "harbor.overview.goal"), ("harbor", "text", "harbor.overview.goal"),
        ]
        assert {h.lang for h in hits} == {"zh_Hans", "zh_Hant"}
    first = index.search("碼頭風雲")[0]
    assert (first.lang, first.field, first.game_name) == ("zh_Hant", "name", "碼頭風雲")
    assert marked(first.game_name, first.name_spans) == ["碼頭風雲"]


@pytest.mark.parametrize("query", ["后", "後"])
def test_one_character_query_and_folded_variants(index: SearchIndex, query: str) -> None:
    hits = index.search(query)
    # 放弃后/放棄後 in a title, 掷骰后/擲骰後 in a text
    assert [(h.clause_id, h.field) for h in hits] == [
        ("harbor.auction.no-reentry", "title")] * 2 + [("harbor.sail.ties", "text")] * 2
    title_hit = hits[0]
    assert marked(title_hit.title, title_hit.title_spans) in (["后"], ["後"])


def test_two_character_query(index: SearchIndex) -> None:
    hits = index.search("骰子", langs=["zh_Hans"])
    # title "骰子" of harbor.sail.dice first (a title hit), then dragon's text
    assert keys(hits) == [("zh_Hans", "harbor.sail.dice", "title"), ("zh_Hans", "dragon.play.hand", "text")]
    assert marked(hits[0].title, hits[0].title_spans) == ["骰子"]
    # the text of harbor.sail.dice holds 骰子 twice: both are marked
    assert marked(hits[0].snippet, hits[0].snippet_spans) == ["骰子", "骰子"]


def test_english_is_case_insensitive_and_matches_word_starts(index: SearchIndex) -> None:
    assert keys(index.search("DICE")) == [("en", "harbor.sail.dice", "title"), ("en", "dragon.play.hand", "text")]
    assert keys(index.search("auc")) == [("en", "dragon.play.hand", "text"),
                                          ("en", "harbor.auction.no-reentry", "text")]
    assert index.search("uction") == []  # not a word start
    hit = index.search("pes")[0]  # "pesos", "peso"
    assert hit.clause_id == "harbor.overview.goal"
    assert marked(hit.snippet, hit.snippet_spans) == ["pes"]


def test_full_width_query(index: SearchIndex) -> None:
    assert keys(index.search("ＤＩＣＥ")) == keys(index.search("dice"))


def test_every_term_must_match(index: SearchIndex) -> None:
    hits = index.search("boat port")
    assert keys(hits) == [("en", "harbor.sail.ties", "text")]
    assert marked(hits[0].snippet, hits[0].snippet_spans) == ["boat", "port"]
    assert index.search("boat dragon") == []


def test_game_name_counts_for_a_term(index: SearchIndex) -> None:
    # "manila" is only in harbor's aka (and one text); "bid" is in the auction clauses
    hits = index.search("manila bid")
    assert [(h.clause_id, h.field) for h in hits] == [
        ("harbor.auction.bids", "title"),  # "Rising bids" + the game's aka: a title hit
        ("harbor.auction.no-reentry", "text"),
    ]


def test_title_hits_rank_before_text_hits_across_games(index: SearchIndex) -> None:
    # harbor's title hit beats dragon's text hit although dragon sorts first by id
    hits = index.search("dice", langs=["en"])
    assert [h.field for h in hits] == ["title", "text"]
    assert [h.game for h in hits] == ["harbor", "dragon"]


def test_filters_and_preferred_language(index: SearchIndex) -> None:
    assert {h.game for h in index.search("骰子", games=["dragon"])} == {"dragon"}
    # 骰子 is written alike in both scripts: the preferred language leads within each rank
    assert [(h.lang, h.field) for h in index.search("骰子", prefer="zh_Hant", games=["harbor"])] == [
        ("zh_Hant", "title"), ("zh_Hans", "title")]
    assert [h.lang for h in index.search("骰子", prefer="zh_Hans", games=["harbor"])] == ["zh_Hans", "zh_Hant"]
    assert len(index.search("骰子", limit=1)) == 1
    assert index.search("") == [] and index.search("  ，。 ") == []


def test_results_are_deterministic(index: SearchIndex) -> None:
    rebuilt = SearchIndex.from_library()
    for query in ("拍卖", "dice", "后", "manila", "a"):
        assert index.search(query) == index.search(query) == rebuilt.search(query)


def test_rendered_numbers_are_searchable(index: SearchIndex) -> None:
    # facts.json start_money = 30: the text is searched as shown, not as "{start_money}"
    hits = index.search("30 pesos")
    assert keys(hits) == [("en", "harbor.setup.money", "text")]
    assert hits[0].snippet == "Each player takes 30 pesos."
    assert index.search("start_money") == []


def test_table_cells_are_searchable(index: SearchIndex) -> None:
    # deal.5 = 4 cards: the table row "5 | 4"
    hits = index.search("每人股票", langs=["zh_Hans"])
    assert keys(hits) == [("zh_Hans", "harbor.setup.deal", "text")]


def test_module_level_search_builds_the_index_lazily(fixture_library: None) -> None:
    assert search.default_index.cache_info().currsize == 0
    hits = search.search("馬尼拉")
    assert hits and search.default_index.cache_info().currsize == 1


def test_parse_query() -> None:
    assert parse_query("Manila, AUCTION  manila") == ["manila", "auction"]
    assert parse_query("馬尼拉　拍賣") == ["马尼拉", "拍卖"]
    assert parse_query("no re-entry") == ["no", "re-entry"]


def test_snippet_window_and_spans() -> None:
    body = "word " * 30 + "target" + " word" * 30
    start = body.index("target")
    snippet, spans = make_snippet(body, [(start, start + 6)])
    assert snippet.startswith("…") and snippet.endswith("…")
    assert marked(snippet, spans) == ["target"]
    assert len(snippet) <= 62
    short, short_spans = make_snippet("A short text.", [(2, 7)])
    assert (short, marked(short, short_spans)) == ("A short text.", ["short"])


def test_index_from_plain_documents() -> None:
    docs = [Document("g", "en", "g.a.one", "First", "Alpha beta"),
            Document("g", "zh_Hant", "g.a.one", "第一", "甲乙丙"),
            Document("g", "en", "g.a.two", "Second", "Beta gamma")]
    index = SearchIndex(docs, [GameName("g", "en", "Gee")])
    assert [h.clause_id for h in index.search("beta")] == ["g.a.one", "g.a.two"]
    assert [h.field for h in index.search("gee")] == ["name"]
    assert [(h.lang, h.clause_id) for h in index.search("乙")] == [("zh_Hant", "g.a.one")]


def test_apostrophes_and_hyphens_inside_terms() -> None:
    docs = [Document("g", "en", "g.a.one", "I’m the Boss", "Re-entry is not allowed."),
            Document("g", "en", "g.a.two", "Im", "Entry fee.")]
    index = SearchIndex(docs)
    assert [h.clause_id for h in index.search("i'm")] == ["g.a.one"]
    assert [h.clause_id for h in index.search("I’m")] == ["g.a.one"]
    assert [h.clause_id for h in index.search("re-ent")] == ["g.a.one"]
    # "entry" starts a word in "Re-entry" too
    assert [(h.clause_id, h.field) for h in index.search("entry")] == [("g.a.one", "text"), ("g.a.two", "text")]


@cache
def fixture_index() -> SearchIndex:
    """The fixture index for hypothesis tests (which cannot use function-scoped fixtures)."""
    saved = library.rules_dir
    library.rules_dir = lambda: FIXTURE  # type: ignore[assignment]
    library.clear_caches()
    try:
        return SearchIndex.from_library()
    finally:
        library.rules_dir = saved  # type: ignore[assignment]
        library.clear_caches()


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("後后拍賣卖骰子 dicEAUCbo,，马馬尼拉")), max_size=8))
def test_any_typed_query_is_safe_and_marks_real_matches(query: str) -> None:
    terms = parse_query(query)
    for hit in fixture_index().search(query):
        assert hit.lang in LANGUAGES
        for text, spans in ((hit.title, hit.title_spans), (hit.snippet, hit.snippet_spans),
                            (hit.game_name, hit.name_spans)):
            for a, b in spans:
                assert 0 <= a < b <= len(text)
                # every marked span, folded, starts with one of the query's terms (or is inside one)
                piece = fold(text[a:b])
                assert any(piece.startswith(t) or t.startswith(piece) or piece in t for t in terms)


def test_real_library_search_finds_each_game_by_name_and_clause_titles() -> None:
    """Over whatever games exist: every game is found by its name in its own language,
    and every clause by its own title in its language."""
    library.clear_caches()
    search.reset()
    index = search.default_index()
    checked = 0
    for game in library.game_dirs():
        for lang in LANGUAGES:
            try:
                name = library.game_name(game, lang)
                pairs = list(library.iter_clauses(game, lang))
            except library.RulesDataError:
                continue  # an unfinished folder; test_rules_data reports it
            assert any(h.game == game and h.field == "name" for h in index.search(name, langs=[lang])), \
                (game, lang, name)
            for _, clause in pairs[:25]:
                title = library.render(game, clause["title"], lang)
                hits = index.search(title, langs=[lang], games=[game], limit=None)
                assert clause["id"] in {h.clause_id for h in hits}, (game, lang, clause["id"], title)
                checked += 1
    print(f"checked {checked} clause titles")
