"""Search across games and languages (companion/rules/search.py).

Unit tests run on the fixture library in tests/fixtures/rules_data (two made-up
games, "harbor" and "dragon"), so they do not depend on other games' texts.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.i18n import LANGUAGES
from companion.rules import library, search
from companion.rules.search import (SNIPPET_CHARS, Document, GameName, SearchIndex, analyze, make_snippet,
                                    parse_query, sentences)

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


def hit_ids(hits: list[search.Hit]) -> list[str]:
    return [h.clause_id for h in hits]


def test_index_holds_every_clause_in_every_language(index: SearchIndex) -> None:
    # harbor has 7 clauses, dragon 2, each in 3 languages
    assert len(index) == (7 + 2) * 3
    assert index.clauses == 7 + 2


def test_one_hit_per_clause_in_the_query_script_or_the_readers_language(index: SearchIndex) -> None:
    # 拍賣/拍卖: the section title of harbor's two auction clauses, and dragon.play.hand's text
    hits = index.search("拍賣")
    assert sorted(hit_ids(hits)) == ["dragon.play.hand", "harbor.auction.bids", "harbor.auction.no-reentry"]
    assert {h.lang for h in hits} == {"zh_Hant"}  # the query is Traditional
    assert {h.lang for h in index.search("拍卖")} == {"zh_Hans"}
    assert {h.lang for h in index.search("拍賣", prefer="en")} == {"en"}  # the reader's language wins
    dragon = next(h for h in index.search("拍卖") if h.game == "dragon")
    assert marked(dragon.snippet, dragon.snippet_spans) == ["拍卖"]


def test_a_chinese_query_without_script_only_characters_reads_simplified(index: SearchIndex) -> None:
    assert {h.lang for h in index.search("骰子")} == {"zh_Hans"}


def test_game_names_in_both_scripts(index: SearchIndex) -> None:
    for query, lang in (("马尼拉", "zh_Hans"), ("馬尼拉", "zh_Hant")):
        hits = index.search(query)
        # the aka 马尼拉码头 / 馬尼拉碼頭 makes harbor a game hit; it stands for the first clause,
        # harbor.overview.goal, whose text names 马尼拉: that clause is not listed again
        assert [(h.game, h.field, h.clause_id, h.lang) for h in hits] == [
            ("harbor", "name", "harbor.overview.goal", lang)]
    first = index.search("碼頭風雲")[0]
    assert (first.lang, first.field, first.game_name) == ("zh_Hant", "name", "碼頭風雲")
    assert marked(first.game_name, first.name_spans) == ["碼頭風雲"]


@pytest.mark.parametrize("query", ["后", "後"])
def test_one_character_query_and_folded_variants(index: SearchIndex, query: str) -> None:
    hits = index.search(query)
    # 放弃后/放棄後 in a title, 掷骰后/擲骰後 in a text: the title first
    assert [(h.clause_id, h.field) for h in hits] == [("harbor.auction.no-reentry", "title"),
                                                       ("harbor.sail.ties", "text")]
    assert marked(hits[0].title, hits[0].title_spans) in (["后"], ["後"])


def test_two_character_query(index: SearchIndex) -> None:
    hits = index.search("骰子", langs=["zh_Hans"])
    # title "骰子" of harbor.sail.dice first (a title hit), then dragon's text
    assert keys(hits) == [("zh_Hans", "harbor.sail.dice", "title"), ("zh_Hans", "dragon.play.hand", "text")]
    assert marked(hits[0].title, hits[0].title_spans) == ["骰子"]
    # the text of harbor.sail.dice holds 骰子 twice: both are marked
    assert marked(hits[0].snippet, hits[0].snippet_spans) == ["骰子", "骰子"]


def test_english_is_case_insensitive_and_matches_word_starts(index: SearchIndex) -> None:
    assert keys(index.search("DICE")) == [("en", "harbor.sail.dice", "title"), ("en", "dragon.play.hand", "text")]
    # "auc": the section title "Auction" of harbor's two auction clauses, "auction cards" in dragon's text
    assert sorted(hit_ids(index.search("auc"))) == ["dragon.play.hand", "harbor.auction.bids",
                                                    "harbor.auction.no-reentry"]
    assert index.search("ction") == []  # not a word start (and two letters from "auction": not a typo)
    hit = index.search("pes")[0]  # "pesos"
    assert hit.clause_id in ("harbor.overview.goal", "harbor.setup.money")
    assert marked(hit.snippet, hit.snippet_spans) == ["pesos"]


def test_word_forms_meet(index: SearchIndex) -> None:
    # "Roll the dice" (harbor.sail.dice), "roll two dice" (dragon), "on the same roll" (harbor.sail.ties);
    # "passes" (harbor.auction.no-reentry)
    for query in ("roll", "rolls", "rolling", "rolled"):
        assert sorted(hit_ids(index.search(query))) == ["dragon.play.hand", "harbor.sail.dice",
                                                        "harbor.sail.ties"], query
    for query in ("pass", "passed", "passing"):
        assert hit_ids(index.search(query)) == ["harbor.auction.no-reentry"], query


def test_digits_and_chinese_numerals_alike(index: SearchIndex) -> None:
    # harbor.sail.dice: "掷 3 颗骰子" (dice = 3); dragon.play.hand: "掷两颗骰子"
    for query in ("三颗骰子", "掷3颗", "擲 3 顆"):
        assert hit_ids(index.search(query))[0] == "harbor.sail.dice", query
    for query in ("2颗骰子", "兩顆骰子", "二颗"):
        assert hit_ids(index.search(query))[0] == "dragon.play.hand", query
    # "two dice" in English, "2" typed
    assert hit_ids(index.search("2 dice", langs=["en"]))[0] == "dragon.play.hand"


def test_the_best_covered_clause_comes_first(index: SearchIndex) -> None:
    hits = index.search("boat port")
    assert hits[0].clause_id == "harbor.sail.ties"  # "two boats reach the port"
    assert marked(hits[0].snippet, hits[0].snippet_spans) == ["boats", "port"]
    assert index.search("xylophone") == []


def test_game_name_counts_for_a_term(index: SearchIndex) -> None:
    # "manila" is in harbor's aka; "bid" is in the auction clauses: those lead
    hits = index.search("manila bid")
    assert hit_ids(hits)[:2] == ["harbor.auction.bids", "harbor.auction.no-reentry"]


def test_title_hits_rank_before_text_hits_across_games(index: SearchIndex) -> None:
    # harbor's title hit beats dragon's text hit although dragon sorts first by id
    hits = index.search("dice", langs=["en"])
    assert [(h.game, h.field) for h in hits] == [("harbor", "title"), ("dragon", "text")]


def test_the_game_on_the_table_comes_first(index: SearchIndex) -> None:
    assert [h.game for h in index.search("dice", game="dragon")] == ["dragon", "harbor"]
    assert [h.game for h in index.search("dice", game="harbor")] == ["harbor", "dragon"]


def test_filters_and_preferred_language(index: SearchIndex) -> None:
    assert {h.game for h in index.search("骰子", games=["dragon"])} == {"dragon"}
    assert [h.lang for h in index.search("骰子", prefer="zh_Hant", games=["harbor"])] == ["zh_Hant"]
    assert {h.lang for h in index.search("dice", langs=["zh_Hant"])} == {"zh_Hant"}
    assert len(index.search("骰子", limit=1)) == 1
    assert index.search("") == [] and index.search("  ，。 ") == []


def test_results_are_deterministic(index: SearchIndex) -> None:
    rebuilt = SearchIndex.from_library()
    for query in ("拍卖", "dice", "后", "manila", "a", "3"):
        assert index.search(query) == index.search(query) == rebuilt.search(query)


def test_a_query_of_common_words_still_finds_its_title() -> None:
    docs = [Document("g", "en", "g.a.one", "What it does", "The potion makes you stronger."),
            Document("g", "en", "g.a.two", "Potions", "What a potion costs.")]
    index = SearchIndex(docs)
    assert hit_ids(index.search("what it does")) == ["g.a.one"]
    # with a real word, the common ones are left out
    assert sorted(hit_ids(index.search("what potion"))) == ["g.a.one", "g.a.two"]


def test_rendered_numbers_are_searchable(index: SearchIndex) -> None:
    # facts.json start_money = 30: the text is searched as shown, not as "{start_money}"
    hits = index.search("30 pesos")
    assert hits[0].clause_id == "harbor.setup.money"
    assert hits[0].snippet == "Each player takes 30 pesos."
    assert marked(hits[0].snippet, hits[0].snippet_spans) == ["30", "pesos"]


def test_table_cells_are_searchable(index: SearchIndex) -> None:
    # the table column 每人股票 of harbor.setup.deal
    hits = index.search("每人股票", langs=["zh_Hans"])
    assert hit_ids(hits)[0] == "harbor.setup.deal"


def test_aliases_and_section_aliases() -> None:
    docs = [Document("g", "en", "g.a.one", "Mortgaging", "Turn a share over and take 12.", "Money"),
            Document("g", "en", "g.a.two", "Redeeming", "Pay 15 to turn it back.", "Money"),
            Document("g", "en", "g.b.one", "Dice", "Roll them.", "Moving")]
    index = SearchIndex(docs, aliases={("g", "g.a.one"): ["loan", "贷款"]},
                        section_aliases={("g", "g.a.one"): ["cash"], ("g", "g.a.two"): ["cash"]})
    assert [(h.clause_id, h.field) for h in index.search("loan")] == [("g.a.one", "alias")]
    assert [(h.clause_id, h.field) for h in index.search("貸款")] == [("g.a.one", "alias")]
    assert hit_ids(index.search("loan")) == hit_ids(index.search("loans"))
    assert sorted(hit_ids(index.search("cash"))) == ["g.a.one", "g.a.two"]
    assert index.search("cash")[0].field == "section"


def test_module_level_search_builds_the_index_lazily(fixture_library: None) -> None:
    assert not search.index_ready()
    hits = search.search("馬尼拉")
    assert hits and search.index_ready()
    index = search.default_index()
    assert search.search("拍賣") and search.default_index() is index  # built once


def test_warm_up_builds_the_index_in_the_background(fixture_library: None) -> None:
    assert not search.index_ready()
    thread = search.warm_up()
    hits = search.search("馬尼拉")  # a query while it builds waits for the one build
    thread.join(10)
    assert not thread.is_alive() and search.index_ready() and hits
    assert search.default_index() is search.default_index()


def test_parse_query() -> None:
    assert parse_query("Manila, AUCTION  manila") == ["manila", "auction"]
    assert parse_query("馬尼拉　拍賣") == ["马尼", "尼拉", "拍卖"]
    assert parse_query("no re-entry") == ["no", "re", "entry"]
    assert parse_query("掷出7") == parse_query("擲出 7") == parse_query("掷出七") == ["掷出", "7", "出7"]
    assert parse_query("兩人") == parse_query("二人") == parse_query("2 人") == ["2", "2人"]
    assert parse_query("十二") == ["12"] and parse_query("二十五张") == ["25", "25张"]
    assert parse_query("licences") == parse_query("licence") == parse_query("license") == ["licens"]
    assert parse_query("colours") == parse_query("color") and parse_query("harbour") == parse_query("harbors")
    assert parse_query("the game") == ["gam"] and parse_query("two players") == ["2", "player"]
    assert parse_query("1,000") == ["1000"]


def test_analyze_offsets_point_into_the_original_text() -> None:
    text = "擲出 7 點，Rolling"
    for t in analyze(text):
        assert 0 <= t.start < t.end <= len(text)
    assert [text[t.start:t.end] for t in analyze(text) if t.kind == "b"] == ["擲出", "出 7", "7 點"]


def test_snippet_window_and_spans() -> None:
    body = "word " * 60 + "target" + " word" * 60  # one sentence, too long to show whole
    start = body.index("target")
    snippet, spans = make_snippet(body, [(start, start + 6)])
    assert snippet.startswith("…") and snippet.endswith("…")
    assert marked(snippet, spans) == ["target"]
    assert len(snippet) <= SNIPPET_CHARS + 2 and " wor…" not in snippet and "…ord" not in snippet
    short, short_spans = make_snippet("A short text.", [(2, 7)])
    assert (short, marked(short, short_spans)) == ("A short text.", ["short"])


def test_sentences_in_english_and_chinese() -> None:
    text = "Pay 5 pesos; then move. Ask: why? No!\n第一句。第二句！第三句？第四句；喊“好吧！”，再走\n1.5 stays"
    assert [text[a:b] for a, b in sentences(text)] == [
        "Pay 5 pesos;", "then move.", "Ask: why?", "No!", "第一句。", "第二句！", "第三句？", "第四句；",
        "喊“好吧！”，再走", "1.5 stays"]


@pytest.mark.parametrize("lang,body,query,answer", [
    ("en", "Boats start at the first space. Each voyage has three rolls. A boat that passes space 13 "
           "docks in the harbour and its partners are paid. Pirates may board on the last roll.",
     "boat docks harbour", "A boat that passes space 13 docks in the harbour and its partners are paid."),
    ("zh_Hans", "每艘船从第一格出发。每段航程掷三次骰子。驶过第13格的船停进港口，船上的伙伴领钱！海盗只在最后一次上船。",
     "船停进港口", "驶过第13格的船停进港口，船上的伙伴领钱！"),
    ("zh_Hant", "每艘船從第一格出發；每段航程擲三次骰子；駛過第13格的船停進港口，船上的夥伴領錢？海盜只在最後一次上船。",
     "停進港口", "駛過第13格的船停進港口，船上的夥伴領錢？"),
])
def test_a_hits_preview_is_the_sentence_that_answers(lang, body, query, answer) -> None:
    """Issue 36: a preview was the clause's first 60 characters, cut before the words that
    answer ("…Going c…"): it is the sentence holding most of the query, in every language."""
    index = SearchIndex([Document("g", lang, "g.a.long", "Voyage", body)])
    hit = index.search(query)[0]
    assert hit.snippet == "…" + answer + (" …" if lang == "en" else "…")
    assert marked(hit.snippet, hit.snippet_spans) and all(m in answer for m in marked(hit.snippet, hit.snippet_spans))


def test_index_from_plain_documents() -> None:
    docs = [Document("g", "en", "g.a.one", "First", "Alpha beta"),
            Document("g", "zh_Hant", "g.a.one", "第一", "甲乙丙"),
            Document("g", "en", "g.a.two", "Second", "Beta gamma")]
    index = SearchIndex(docs, [GameName("g", "en", "Gee")])
    assert sorted(h.clause_id for h in index.search("beta")) == ["g.a.one", "g.a.two"]
    assert [h.field for h in index.search("gee")] == ["name"]
    assert [(h.lang, h.clause_id) for h in index.search("乙")] == [("zh_Hant", "g.a.one")]


def test_apostrophes_and_hyphens_inside_terms() -> None:
    docs = [Document("g", "en", "g.a.one", "I’m the Boss", "Re-entry is not allowed."),
            Document("g", "en", "g.a.two", "Other", "Entry fee.")]
    index = SearchIndex(docs)
    assert hit_ids(index.search("i'm")) == hit_ids(index.search("I’m")) == ["g.a.one"]
    assert hit_ids(index.search("re-ent")) == ["g.a.one"]
    # "entry" starts a word in "Re-entry" too
    assert sorted(hit_ids(index.search("entry"))) == ["g.a.one", "g.a.two"]


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
@given(st.text(alphabet=st.sampled_from(list("後后拍賣卖骰子 dicEAUCbo,，马馬尼拉七7两")), max_size=8))
def test_any_typed_query_is_safe_and_marks_real_matches(query: str) -> None:
    hits = fixture_index().search(query)
    assert len({h.clause_id for h in hits}) == len(hits)  # one hit per clause
    for hit in hits:
        assert hit.lang in LANGUAGES
        for text, spans in ((hit.title, hit.title_spans), (hit.snippet, hit.snippet_spans),
                            (hit.game_name, hit.name_spans)):
            assert list(spans) == sorted(spans)
            for a, b in spans:
                assert 0 <= a < b <= len(text)
                # a marked span holds a term of the text (a word, number, character or pair)
                assert analyze(text[a:b])


def test_real_library_search_finds_each_game_by_name_and_clause_titles() -> None:
    """Over every game folder: each loads in all three languages (a game that does not load
    fails here), is found by its name in its own language, and every clause by its own title."""
    library.clear_caches()
    search.reset()
    index = search.default_index()
    games = library.game_dirs()
    assert len(games) >= 13
    checked = 0
    expected = 0
    for game in games:
        for lang in LANGUAGES:
            name = library.game_name(game, lang)
            pairs = list(library.iter_clauses(game, lang))
            expected += len(pairs)
            assert any(h.game == game and h.field == "name" for h in index.search(name, langs=[lang])), \
                (game, lang, name)
            for _, clause in pairs:
                title = library.render(game, clause["title"], lang)
                hits = index.search(title, langs=[lang], games=[game], limit=None)
                assert clause["id"] in {h.clause_id for h in hits}, (game, lang, clause["id"], title)
                checked += 1
    assert checked == expected == len(index) > 0


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("掷出擲點点七7两兩十二 ,.roling'sABC骰子１")), max_size=14))
def test_the_index_and_the_marking_cut_text_alike(text: str) -> None:
    """The index's fast path (no offsets) and analyze (offsets, for marking) give the same terms."""
    surfaces: dict[str, str] = {}
    assert sorted(search._index_terms(text, surfaces)) == sorted(t.text for t in analyze(text))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("掷出擲點点七7两兩十二 ,.roling'sABC骰子后")), max_size=14),
       st.sets(st.sampled_from(["掷出", "出7", "7", "7点", "2", "roll", "s", "骰子", "子", "后", "12", "出"])))
def test_marking_finds_exactly_the_matched_terms_analyze_gives(text: str, matched: set[str]) -> None:
    expected = search._merge((t.start, t.end) for t in analyze(text) if t.text in matched)
    assert search.mark(text, matched) == expected


def test_characters_when_no_pair_is_anywhere(index: SearchIndex) -> None:
    # no text holds 船骰 or 骰船; harbor.sail.dice holds both characters ("每艘船", "骰子")
    assert hit_ids(index.search("船骰"))[0] == "harbor.sail.dice"
    assert index.search("船骰")[0].snippet_spans  # its characters are marked


def test_the_table_game_leads_with_every_clause_that_holds_the_whole_query() -> None:
    docs = [Document("a", "en", "a.x.loans", "Bank loans", "Borrow from the bank.", "Money"),
            Document("b", "en", "b.x.other", "Other things", "You may go to the bank for a loan.", "Misc"),
            Document("b", "en", "b.x.bank", "The bank", "Ask for money.", "Money")]
    index = SearchIndex(docs)
    # b.x.bank holds only "bank", the commoner half of the query: it would be left out, but its
    # whole title ("The bank") is in the query, so it stays, last
    assert hit_ids(index.search("bank loan")) == ["a.x.loans", "b.x.other", "b.x.bank"]
    # at b's table: b's clause with both words first, even from its text
    assert hit_ids(index.search("bank loan", game="b")) == ["b.x.other", "a.x.loans", "b.x.bank"]
    # a clause holding the commoner half without its title in the query is left out
    docs[2] = Document("b", "en", "b.x.bank", "Money", "Ask the bank for money.", "Money")
    assert hit_ids(SearchIndex(docs).search("bank loan")) == ["a.x.loans", "b.x.other"]


# ---- issue 24: typos, question words, a named game, numbers asked for, ranges, synonyms, whole titles

def typo_index() -> SearchIndex:
    docs = [Document("g", "en", "g.a.insurance", "Insurance", "The insurer pays for boats in the shipyard."),
            Document("g", "en", "g.a.assassin", "Assassin", "Name a character to kill."),
            Document("g", "en", "g.a.exchange", "Exchange", "Draw one more card."),
            Document("g", "en", "g.a.cart", "Cart", "A broken cart stops you.")]
    return SearchIndex(docs)


@pytest.mark.parametrize(("query", "clause"), [
    ("assasin", "g.a.assassin"),  # a letter left out
    ("assassinn", "g.a.assassin"),  # a letter doubled
    ("exchnage", "g.a.exchange"),  # two letters swapped
    ("insurence", "g.a.insurance"),  # a letter wrong
    ("insurrence", "g.a.insurance"),  # two typos in a word of 9 letters or more
    ("what does the assasin do", "g.a.assassin"),
])
def test_a_typo_in_an_english_word_still_finds_it(query: str, clause: str) -> None:
    hits = typo_index().search(query)
    assert hit_ids(hits)[:1] == [clause]
    assert hits[0].title_spans  # the word it stands for is marked


def test_typo_tolerance_grows_with_the_word() -> None:
    index = typo_index()
    assert index.search("cert") == []  # 4 letters: no typo allowed ("cart" is one letter away)
    assert index.search("exchnagg") == []  # 8 letters: one typo, not two
    assert search.max_edits(4) == 0 and search.max_edits(5) == search.max_edits(8) == 1 and search.max_edits(9) == 2
    assert search.edit_distance("exchange", "exchnage") == 1  # a swap is one edit
    assert search.edit_distance("assassin", "assasin") == 1
    assert search.edit_distance("cart", "exchange", most=2) == 3  # "more than 2"


def test_a_word_found_as_written_is_not_read_as_a_typo() -> None:
    docs = [Document("g", "en", "g.a.cards", "Cards", "Hold cards."), Document("g", "en", "g.a.carts", "Carts", "Push a cart.")]
    assert hit_ids(SearchIndex(docs).search("cards")) == ["g.a.cards"]


def test_chinese_question_and_filler_words_are_left_out() -> None:
    assert parse_query("什麼時候可以蓋城市") == ["盖城", "城市"]
    assert parse_query("怎麼贖回股份呢") == parse_query("赎回股份")
    assert parse_query("打平了") == ["打平"] and parse_query("了解") == ["了解"]  # 了 only at the end
    assert parse_query("什么") == ["什么"]  # a query of nothing else is kept as typed
    docs = [Document("g", "zh_Hans", "g.a.city", "城市", "把定居点升级为城市。"),
            Document("g", "zh_Hans", "g.a.when", "何时", "什么时候都可以交易。")]
    # 什么时候 and 可以 would have matched the second clause's words; only 城市 counts
    assert hit_ids(SearchIndex(docs).search("什么时候可以升级城市")) == ["g.a.city"]


def test_how_many_meets_any_number() -> None:
    assert parse_query("发几张") == ["发#", "#张"] and parse_query("幾顆") == ["#颗"]
    assert parse_query("要多少钱") == ["要#", "#钱"]
    assert parse_query("几乎") == ["几乎"]  # 几 of 几乎 ("almost") is no number
    docs = [Document("g", "zh_Hans", "g.a.deal", "发牌", "每人发 4 张牌。"),
            Document("g", "zh_Hans", "g.a.other", "其他", "每人拿一张牌。")]
    index = SearchIndex(docs)
    hits = index.search("发几张")
    assert hit_ids(hits)[:1] == ["g.a.deal"] and marked(hits[0].snippet, hits[0].snippet_spans) == ["发 4 张"]
    # a number typed is looked up as given: 4张 is no 5张
    assert "5张" in parse_query("发5张") and "#张" not in parse_query("发5张")


def test_a_measure_word_after_a_number_is_optional() -> None:
    assert parse_query("三个人") == parse_query("3人") == ["3", "3人"]
    assert parse_query("個人") == ["个人"]  # without a number 个人 is a word of its own


def test_a_range_does_not_pair_with_its_numbers() -> None:
    surfaces: dict[str, str] = {}
    terms = search._index_terms("适合 2 到 7 人", surfaces)
    assert "到7" not in terms and "2到" not in terms and "7人" in terms
    assert "到7" in search._index_terms("骰到 7 点", surfaces)  # not a range: kept
    docs = [Document("g", "zh_Hans", "g.a.players", "人数", "适合 2 到 7 人。"),
            Document("g", "zh_Hans", "g.a.seven", "掷出 7", "掷出 7 时盗贼行动。")]
    assert hit_ids(SearchIndex(docs).search("骰到7")) == ["g.a.seven"]


def test_a_pair_does_not_cross_a_line() -> None:
    # a table's rows are lines: the last cell of one row and the first of the next are no pair
    assert "张3" not in search._index_terms("每人 4 张\n3 | 6", {})
    assert "张3" in search._index_terms("每人 4 张 3", {})


def test_synonyms_find_the_rules_words() -> None:
    docs = [Document("g", "zh_Hant", "g.a.seven", "擲出 7", "擲出 7 時沒有產出。"),
            Document("g", "zh_Hant", "g.a.tie", "平手", "平手時共享勝利。"),
            Document("g", "zh_Hant", "g.a.other", "其他", "骰子由莊家保管。")]
    index = SearchIndex(docs)
    assert hit_ids(index.search("骰到7"))[:1] == ["g.a.seven"]
    assert hit_ids(index.search("丟到 7 怎麼辦"))[:1] == ["g.a.seven"]
    assert hit_ids(index.search("打平了"))[:1] == ["g.a.tie"]
    assert hit_ids(index.search("同分"))[:1] == ["g.a.tie"]


def test_a_clause_whose_whole_title_is_in_the_question_is_kept() -> None:
    docs = [Document("g", "zh_Hant", "g.a.thief", "盜賊", "說出要偷的角色。"),
            Document("g", "zh_Hant", "g.a.list", "角色", "刺客 | 殺一個角色\n盜賊 | 偷走一個角色的錢"),
            Document("g", "zh_Hant", "g.a.other", "其他", "盜賊不能偷刺客。")]
    # the list holds all three of the question's words (盜賊, 偷走, 的錢), the two others one
    # each, less than half of it: the thief stays as its whole title is in the question
    assert hit_ids(SearchIndex(docs).search("盜賊偷走誰的錢")) == ["g.a.list", "g.a.thief"]


def named_index() -> SearchIndex:
    docs = [Document("alpha", "en", "alpha.end.tie", "A tie", "Tied players share the win."),
            Document("alpha", "en", "alpha.end.winner", "Winner", "The richest player wins."),
            Document("beta", "en", "beta.end.tie", "Ties", "A tie is broken by turns."),
            Document("beta", "en", "beta.x.merchant", "Merchant", "The merchant takes one gold."),
            Document("gamma", "en", "gamma.x.saboteurs", "When the saboteurs win", "Each saboteur takes gold."),
            Document("gamma", "en", "gamma.x.miners", "When the miners win", "Saboteurs get nothing.")]
    names = [GameName("alpha", "en", "Alpha Quest", ("阿尔法",)), GameName("beta", "en", "Beta"),
             GameName("gamma", "en", "Saboteur"), GameName("delta", "en", "Merchants")]
    return SearchIndex(docs, names)


def test_a_game_named_in_the_query_restricts_the_search_to_it() -> None:
    index = named_index()
    assert set(hit_ids(index.search("tie"))[:2]) == {"alpha.end.tie", "beta.end.tie"}
    assert hit_ids(index.search("beta tie")) == ["beta.end.tie"]  # not alpha's
    assert hit_ids(index.search("alpha quest tie")) == ["alpha.end.tie"]
    assert hit_ids(index.search("阿尔法 tie")) == ["alpha.end.tie"]
    # the named game wins over the game on the table
    assert hit_ids(index.search("beta tie", game="alpha"))[:1] == ["beta.end.tie"]
    # a name alone still finds the game itself
    assert [h.field for h in index.search("beta")][:1] == ["name"]
    assert index.named_games("beta tie") == ({"beta"}, "     tie")


def test_a_name_that_is_also_a_word_of_its_game_is_kept_as_a_term() -> None:
    index = named_index()
    # "saboteurs" names gamma and is the word its titles use: it restricts and still counts
    games, rest = index.named_games("how much gold do the saboteurs get")
    assert games == {"gamma"} and "saboteurs" in rest
    assert hit_ids(index.search("how much gold do the saboteurs get"))[:1] == ["gamma.x.saboteurs"]


def test_a_name_another_game_uses_as_a_word_names_nothing() -> None:
    # "Merchants" (delta's name) is beta's Merchant too: it does not say which game is meant
    assert named_index().named_games("merchant gold")[0] == set()


# ---- issue 34: the table's game first, synonyms of players' words

def test_at_a_table_its_game_answers_before_a_better_match_elsewhere() -> None:
    """A question asked at a table is about its game: a clause of that game holding most of the
    query comes before another game's clause holding all of it; without a table, the other
    way round; a table game that holds far less than the best (a word only another game has)
    does not lead."""
    docs = [Document("a", "en", "a.x.refill", "Refill", "At the end of the round draw cards up to five."),
            Document("b", "en", "b.x.cleanup", "Clean-up", "At the end draw five new cards."),
            Document("b", "en", "b.x.robber", "Robber", "The robber blocks a hex.")]
    index = SearchIndex(docs)
    assert hit_ids(index.search("draw five cards at round end"))[0] == "a.x.refill"
    assert hit_ids(index.search("draw five cards at round end", game="b"))[0] == "b.x.cleanup"
    assert hit_ids(index.search("robber", game="a")) == ["b.x.robber"]
    assert hit_ids(index.search("round end refill", game="b"))[0] == "a.x.refill"


def lexicon_index() -> SearchIndex:
    docs = [Document("g", "en", "g.t.refuse", "Refusing", "The receiver may refuse the item; it goes back."),
            Document("g", "en", "g.t.offer", "Offering", "Offer an item to a player, who looks at it."),
            Document("g", "zh_Hans", "g.t.refuse", "拒绝交易", "收到的人可以拒绝，道具退回。"),
            Document("g", "zh_Hans", "g.t.offer", "提出交易", "把一件道具交给另一位玩家，他看过后决定。"),
            Document("g", "zh_Hans", "g.t.hand", "手上的牌", "每人手上的牌不给别人看。"),
            Document("g", "en", "g.t.hand", "Hands", "Cards in hand are hidden."),
            Document("g", "zh_Hans", "g.t.table", "桌上的牌", "打出的牌放在桌上。"),
            Document("g", "en", "g.t.table", "The table", "Cards played lie on the table.")]
    return SearchIndex(docs)


def test_players_words_find_the_rules_words() -> None:
    """data/search_synonyms.json's players' words (issue 34): an English phrase ("say no") finds
    the rules' word (refuse); a single character in a pair no clause holds (换 of 换东西) stands
    for its group (交易), 东西 for 道具, 不要 for 拒绝; a clause with the query's own word
    holds it more than one with only a synonym."""
    index = lexicon_index()
    assert hit_ids(index.search("can i say no to an item"))[0] == "g.t.refuse"
    assert set(hit_ids(index.search("换东西"))) == {"g.t.offer", "g.t.refuse"}  # both trade an item
    assert hit_ids(index.search("换东西对方不要"))[0] == "g.t.refuse"
    assert "g.t.offer" not in hit_ids(index.search("说不"))  # no group holds 说不: nothing stands in


def test_a_synonym_phrase_needs_all_its_parts() -> None:
    """A synonym of three characters or more (手上的牌 for 手牌) is one term, held only by the
    clauses that hold all of its pairs: 桌上的牌 shares 的牌 with it and is not a hand."""
    index = lexicon_index()
    hits = hit_ids(index.search("手牌"))
    assert hits[0] == "g.t.hand" and "g.t.table" not in hits
    shown = index.search("手牌")[0]
    assert shown.title[slice(*shown.title_spans[0])] == "手上的牌"  # the synonym is marked as it is written


def test_pairs_across_two_words_count_for_little() -> None:
    """Light segmentation (issue 34): in 回合结束要补几张手牌 the pairs across words (合结 of
    回合|结束, 张手 of 几张|手牌) hold together less than their neighbours in the rules' own text
    and count BOUNDARY_WEIGHT; the words' own pairs count whole."""
    index = search.default_index()
    terms = search.query_terms("回合結束要補幾張手牌")
    damped = index.boundaries(terms)
    assert {"合结", "张手"} <= set(damped) and all(v == search.BOUNDARY_WEIGHT for v in damped.values())
    assert not {"回合", "结束", "手牌"} & set(damped)
    assert index.association("手牌") > index.association("张手")
    # a pair that stands for a synonym is kept whole (换东 of 换东西 stands for 交易)
    terms = search.query_terms("换东西对方不要")
    assert "换东" not in index.boundaries(terms, index.synonyms("换东西对方不要", terms))


def test_an_overview_gives_way_to_the_clause_that_says_it_in_detail() -> None:
    """Ranking by the rules' structure (issue 34): an overview clause sums up the game and holds
    most words a question can; when a clause of another section holds them too, that one comes
    first, although the overview's shorter text alone would score higher."""
    docs = [Document("g", "en", "g.overview.goal", "Goal", "Fight and trade items to win."),
            Document("g", "en", "g.fight.win", "After the fight",
                     "Whoever has more strength wins the fight and may look at the loser's items or take one of them."),
            Document("g", "en", "g.app.corrections", "Corrections", "Set any items by hand after a fight.")]
    index = SearchIndex(docs)
    assert hit_ids(index.search("who wins a fight"))[0] == "g.fight.win"
    assert hit_ids(index.search("fight items"))[0] == "g.fight.win"  # not the app's corrections either


# ---- issue 34: related rules under an answer

@pytest.mark.parametrize(("clause", "needed"), [
    # worked out from the rules: a boat in the shipyard pays its shipyard space (payout)
    ("manila.movement.shipyard", "manila.payout.shipyard"),
    # the insurance space is what makes the insurer pay the claims
    ("manila.spaces.insurance", "manila.insurance.claims"),
    # winning the auction says "(see Loans)": the reference is followed
    ("manila.auction.win", "manila.loans.forced"),
    # a tied fight: the Poison Ring makes a tie a win
    ("kutschfahrt.fight.tie", "kutschfahrt.items.poison-ring"),
    # a cure: the scientist needs fewer cards
    ("pandemic.actions.cure", "pandemic.roles.scientist"),
])
def test_related_rules_offer_what_a_player_needs_next(clause: str, needed: str) -> None:
    assert needed in search.related(clause)


def test_related_rules_are_other_sections_of_the_same_game() -> None:
    """2-3 clauses, never the clause's own section (shown beside it anyway), never an overview
    or the box's contents, never the app's bookkeeping for a rules clause; an unknown id: none."""
    for game in library.game_dirs():
        for _, clause in list(library.iter_clauses(game, "en"))[::7]:
            cid = clause["id"]
            found = search.related(cid)
            section = cid.split(".")[1]
            assert 1 <= len(found) <= 3 and len(set(found)) == len(found), cid
            for other in found:
                assert other.startswith(game + ".") and other.split(".")[1] != section, (cid, other)
                assert other.split(".")[1] not in ("overview", "about", "components"), (cid, other)
                if section not in ("app", "sheet", "table"):
                    assert other.split(".")[1] not in ("app", "sheet", "table"), (cid, other)
    assert search.related("nosuch.clause.id") == []


def test_english_question_words_are_left_out_of_a_query() -> None:
    """As the Chinese 可以, 吗 (issue 34): "do i have to", "am i allowed", "isnt" ask, they name
    nothing; the index keeps the words (a query of them alone still finds them); "im" stays,
    for I'm the Boss."""
    assert search.parse_query("do i have to move both canoes") == ["mov", "both", "cano"]  # stems
    assert search.parse_query("am i allowed to hold 3 items, isnt it") == ["hold", "3", "item"]
    assert search.parse_query("allowed") == ["allow"]  # nothing else left: the word itself
    assert "im" in search.parse_query("im the boss hand limit")


# ---- issue 34, branch search7: phases, ordinals, question words, characters

def test_a_question_that_names_a_phase_finds_that_phases_clause() -> None:
    """Ranking by the rules' structure: 第一轮 / "at the start" name the setup, so the setup's
    crown line (which says who takes the crown, not 第一轮) comes before the king's clause
    (which holds 皇冠 and 下一轮 as well); 结算 names the scoring, not the game's end."""
    docs = [Document("g", "zh_Hans", "g.setup.crown", "起始玩家", "随机选出起始玩家，把皇冠交给他。"),
            Document("g", "zh_Hans", "g.characters.king", "国王", "选到国王的人拿走皇冠，下一轮第一个选角色。")]
    index = SearchIndex(docs)
    assert hit_ids(index.search("第一轮皇冠给谁", game="g")) == ["g.setup.crown", "g.characters.king"]
    assert [sections for _, sections in search.query_phases("who has the crown at the start")] == [("setup",)]
    assert [sections for _, sections in search.query_phases("结算的时候")] == [search.PHASE_SECTIONS["score"]]
    assert "end" not in search.PHASE_SECTIONS["score"]
    # a turn's end or start is no setup and no end of the game (it names the turn: search15)
    turn = [search.PHASE_SECTIONS["turn"]]
    assert [sections for _, sections in search.query_phases("at the end of my turn")] == turn
    assert [sections for _, sections in search.query_phases("what do i do at the start of my turn")] == turn
    assert search.query_phases("回合开始时要做什么") == []
    assert [sections for _, sections in search.query_phases("what is it worth at the end")] == [search.PHASE_SECTIONS["end"]]


def test_an_ordinal_is_the_word_the_rules_write() -> None:
    assert search.parse_query("only the 2nd one") == ["only", "second", "1"]
    assert search.parse_query("1st 3rd 10th") == ["first", "third", "tenth"]
    assert search.parse_query("13th") == ["13"]  # no word for it: the number
    docs = [Document("g", "en", "g.setup.second", "Second settlement", "Take resources for it."),
            Document("g", "en", "g.turn.roll", "Production", "Roll 2 dice; settlements take resources.")]
    assert hit_ids(SearchIndex(docs).search("resources for the 2nd settlement"))[0] == "g.setup.second"


def test_everyday_question_words_and_particles_are_left_out() -> None:
    """someone / anyone ask about nobody in particular; 甚麼 is Taiwan's 什麼; 咋, 啥 and the
    particles 喔 啦 耶 … end a sentence.  Words the lexicon has (thing, stuff: item) stay."""
    assert search.parse_query("someone rolled a seven now what happens") == ["roll", "7"]
    assert "thing" in search.parse_query("how many things can i carry")
    assert search.parse_query("剩下那張咋辦") == search.parse_query("剩下那張")
    assert search.parse_query("這樣可以喔") == ["这样"]
    assert search.parse_query("為甚麼要丟牌啦") == ["要丢", "丢牌"]


def test_a_chinese_querys_characters_count_a_little_where_its_pairs_are_not() -> None:
    """抽完 is in no text: 抽 still meets the clause that says 抽光 (at CHAR_SHARE of its
    weight), not one that holds neither; a clause holding the pair counts the character as held."""
    docs = [Document("g", "zh_Hans", "g.end.deck", "牌库", "牌库被抽光时游戏马上结束。"),
            Document("g", "zh_Hans", "g.end.round", "回合", "回合结束，游戏继续。")]  # shorter: first without 抽
    index = SearchIndex(docs)
    assert hit_ids(index.search("抽完了游戏会结束吗")) == ["g.end.deck", "g.end.round"]
    hit = index.search("抽完了游戏会结束吗")[0]
    assert "抽" not in {hit.snippet[a:b] for a, b in hit.snippet_spans}  # a character alone is not marked


# ---- issue 34, branch search8: what is in the box, players' words

def test_a_question_about_what_is_in_the_box_ranks_the_components_at_full_weight() -> None:
    """A components clause counts SECTION_PRIOR (it lists every card's name and meets many a
    question's words); a question that asks what the box holds (总共有, 哪几种, "are there")
    ranks it at full weight.  一共 alone does not (一共打几轮 asks about the rounds)."""
    docs = [Document("g", "zh_Hans", "g.components.toppings", "配料卡", "五种配料，每种 13 张。"),
            Document("g", "zh_Hans", "g.specials.mini", "迷你披萨", "需要两种配料，每种一张，再加最少的那种配料。")]
    index = SearchIndex(docs)
    assert hit_ids(index.search("哪种配料", game="g"))[0] == "g.specials.mini"  # the prior: below
    assert hit_ids(index.search("总共有哪几种配料", game="g"))[0] == "g.components.toppings"
    assert [s for _, s in search.query_phases("总共有哪几种配料")] == [("components",), ("components",)]
    assert [s for _, s in search.query_phases("what animals are there")] == [("components",)]
    assert search.query_phases("这游戏一共打几轮") == []


def test_everyday_words_for_face_up_done_and_too_many_find_the_rules_words() -> None:
    """Branch search8's lexicon groups: 翻开 (turn over) finds 正面朝上 (face up), 做成 (made)
    finds 完成 (completed), 太多 (too many) finds 超过 (more than), "big" finds "large"; without them the clause that
    holds the question's other words comes first."""
    docs = [Document("g", "zh_Hans", "g.a.face", "收牌", "收下的牌正面朝上放在面前。"),
            Document("g", "zh_Hans", "g.a.done", "交货", "原料都有，订单就算完成。"),
            Document("g", "zh_Hans", "g.a.limit", "上限", "手牌超过 12 张时弃掉多的牌。"),
            Document("g", "zh_Hans", "g.a.hand", "手牌", "每人手牌 5 张，别人的牌不能看。"),
            Document("g", "zh_Hans", "g.a.order", "订单", "订单放在旁边。"),
            Document("g", "zh_Hans", "g.a.other", "其他", "别人的牌面朝下放好。")]
    index = SearchIndex(docs)
    assert hit_ids(index.search("翻开的牌放哪"))[:1] == ["g.a.face"]
    assert hit_ids(index.search("订单做成了"))[:1] == ["g.a.done"]
    assert hit_ids(index.search("手牌太多"))[:1] == ["g.a.limit"]
    pilots = [Document("g", "en", "g.p.large", "The large pilot", "It moves one boat 2 spaces or two boats 1 space each."),
              Document("g", "en", "g.p.small", "The small pilot", "The big moment: it moves two boats? No, one boat 1 space.")]
    assert hit_ids(SearchIndex(pilots).search("can the big pilot move two boats"))[:1] == ["g.p.large"]


def test_a_whole_title_counts_less_when_another_clause_holds_its_words_and_more(monkeypatch) -> None:
    """"Ranking the artists" is whole in the question, but the clause on artists nobody played
    holds its words and the question's "nobody" too: the whole title counts OUTDONE_TITLE, not
    WHOLE_TITLE, so the clause that says more of the question comes first."""
    docs = [Document("g", "en", "g.value.ranking", "Ranking the artists",
                     "Rank the artists by how many of their paintings were played this round."),
            Document("g", "en", "g.value.none", "No paintings",
                     "An artist that nobody played this round is not ranked."),
            Document("g", "en", "g.value.other", "Values", "The dealer adds the values up; he keeps the board."),
            Document("g", "en", "g.auction.none", "Case 0", "If nobody bids, nobody pays.")]
    query = "an artist nobody played this round does he get ranked"
    assert hit_ids(SearchIndex(docs).search(query, game="g"))[0] == "g.value.none"
    monkeypatch.setattr(search, "OUTDONE_TITLE", search.WHOLE_TITLE)
    assert hit_ids(SearchIndex(docs).search(query, game="g"))[0] == "g.value.ranking"


# ---- issue 34, branch search9: how many can play, 干啥, "any"

def test_every_game_says_how_many_can_play_in_one_clause() -> None:
    """The commonest question at a table: each game has one clause whose id ends ".players"
    (the phase "players" ranks it), in all three languages."""
    for game in library.game_dirs():
        ids = [cid for cid in library.clause_ids(game, "en") if cid.endswith(".players")]
        assert len(ids) == 1, (game, ids)
        for lang in LANGUAGES:
            assert library.clause(ids[0], lang) is not None, (game, lang)


@pytest.mark.parametrize("query, lang", [("how many people can play", "en"), ("can 3 of us play this", "en"),
                                         ("几个人能玩", "zh_Hans"), ("最多几个人玩", "zh_Hans"),
                                         ("幾個人可以玩", "zh_Hant"), ("最少要幾個人", "zh_Hant")])
def test_a_question_about_how_many_can_play_finds_the_games_player_count(query: str, lang: str) -> None:
    """At every game's table, in each language (before: 8 of the 13 games had no such clause,
    and an overview clause counted SECTION_PRIOR below a clause that held "max" or "最多")."""
    for game in library.game_dirs():
        first = search.search(query, game=game, prefer=lang, limit=1)[0].clause_id
        assert first.startswith(game + ".") and first.endswith(".players"), (game, query, first)


def test_the_player_count_phase_is_a_question_about_who_can_play_not_a_rule_for_one_count() -> None:
    players = (".players",)
    for q in ("can we play with 5 people", "how many can play", "两个人可以玩吗", "幾個人可以玩", "最少要几个人",
              "is it ok solo", "what is the player count"):
        assert players in [s for _, s in search.query_phases(q)], q
    for q in ("三人玩时每人几个同伙", "how many players get 8 cards", "play with 3 cards", "破坏者人数",
              "how many investor cards does each get with 5 ppl"):
        assert players not in [s for _, s in search.query_phases(q)], q


def test_what_does_it_do_words_and_any_are_left_out() -> None:
    """干啥 / 干吗 / 做啥 ask what a card does, as 干什么 does; "any" names nothing."""
    assert search.parse_query("刺客能干啥") == search.parse_query("刺客能")
    assert not any("干" in t or "做" in t for q in ("医生干吗用", "这张卡做啥的") for t in search.parse_query(q))
    assert search.parse_query("is there any limit") == ["limit"]


def test_the_ranking_is_the_same_whatever_pythons_hash_seed() -> None:
    """A clause whose title and an alias are both in the query was outdone or not by whichever
    of the two a set gave first: "does the app have a cheat sheet of what a city costs" ranked
    the build costs first under one hash seed and third under another (found by search10; the
    README's figures could differ from run to run).  Now it is outdone only when each is."""
    import subprocess
    import sys

    queries = [("does the app have a cheat sheet of what a city costs", "catan", "en"),
               ("an artist nobody played this round does he get ranked", "modern_art", "en"),
               ("盗贼偷走谁的钱", "citadels", "zh_Hans"), ("幾個人可以玩", "niagara", "zh_Hant")]
    code = ("import json, sys\nfrom companion.rules import search\n"
            "print(json.dumps([[(h.clause_id, h.score) for h in search.search(q, game=g, prefer=l, limit=5)]"
            " for q, g, l in json.loads(sys.argv[1])]))")
    runs = set()
    for seed in ("0", "1", "2", "3"):
        out = subprocess.run([sys.executable, "-c", code, json.dumps(queries)], capture_output=True, text=True,
                             check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        runs.add(out)
    assert len(runs) == 1, runs


def test_the_players_word_for_kutschfahrts_key_finds_it() -> None:
    """The rules say 密钥 (as the Chinese rulebook does); a table says 钥匙 (aliases.json)."""
    assert search.search("钥匙有什么用", game="kutschfahrt", limit=1)[0].clause_id == "kutschfahrt.items.key"
    assert search.search("集齐三把钥匙就赢了吗", game="kutschfahrt", limit=1)[0].clause_id == "kutschfahrt.claim.combinations"


# ---- issue 34, branch search11: 干些啥, 那种, words written as one

def test_what_can_i_do_and_that_kind_of_are_question_words() -> None:
    assert search.parse_query("轮到我都能干些啥") == search.parse_query("轮到我都能")
    assert search.parse_query("空运那种牌") == ["空运", "牌"]  # a left-out word parts a run
    assert search.parse_query("这种情况") == search.parse_query("情况")


def test_two_of_the_rules_words_written_as_one_find_both() -> None:
    """"stinkbug" is in no text and is no typo of a word in one: the rules' "stink" and "bug".
    A typo of one word stays a typo ("provnce": province), a word the texts hold stays whole."""
    docs = [Document("g", "en", "g.end.four", "Four of a kind", "Whoever has four stink bugs face up loses."),
            Document("g", "en", "g.cards.kinds", "Cards", "Eight animals: rats, flies, toads and more."),
            Document("g", "en", "g.end.province", "Game end", "The game ends when the last province is bought.")]
    index = SearchIndex(docs)
    assert [t.text for t in index._compound(search.query_terms("stinkbug")[0])] == ["stink", "bug"]
    assert hit_ids(index.search("4 stinkbugs", game="g"))[0] == "g.end.four"
    assert [t.text for t in index._compound(search.query_terms("provnce")[0])] == ["provnc"]
    assert hit_ids(index.search("last provnce", game="g"))[0] == "g.end.province"
    assert [t.text for t in index._compound(search.query_terms("province")[0])] == ["provinc"]


# ---- issue 34, branch search12: two level at the end

@pytest.mark.parametrize("query, lang", [("we both ended with the same points who wins", "en"),
                                         ("two of us have the same score at the end, who wins", "en"),
                                         ("最后两个人一样多，谁赢", "zh_Hans"), ("最後兩個人分數一樣，誰贏", "zh_Hant")])
def test_two_level_at_the_end_find_the_games_tie_rule(query: str, lang: str) -> None:
    """“We both ended on 27”: a tie only the situation says.  Each game whose end has a tie rule
    (an end clause whose id's last part starts "tie") answers with it (before: 7 of these 24 did not)."""
    games = sorted({cid.split(".")[0] for g in library.game_dirs() for cid in library.clause_ids(g, "en")
                    if cid.split(".")[1] == "end" and cid.rsplit(".", 1)[-1].startswith("tie")})
    assert games == ["citadels", "mamma_mia", "manila", "modern_art", "niagara", "saboteur"]
    for game in games:
        first = search.search(query, game=game, prefer=lang, limit=1)[0].clause_id
        assert first.startswith(f"{game}.end.tie"), (game, first)
    assert search.query_phases("do i move both canoes") == []  # both alone is no tie


# ---- issue 34, branch search13: how to win, the app's corrections, variants, the app itself

ALL_GAMES = sorted(library.game_dirs())


@pytest.mark.parametrize("query, lang", [("how do you win this game", "en"), ("whats the goal of the game", "en"),
                                         ("这个游戏怎么赢", "zh_Hans"), ("這個遊戲的目標是什麼", "zh_Hant"),
                                         ("what are we even supposed to do", "en"), ("這款到底是要做什麼", "zh_Hant")])
def test_how_to_win_finds_the_games_aim_or_its_winner(query: str, lang: str) -> None:
    """How the game is won: every game's aim (a clause whose id ends ".goal") or its end's
    winner (end.win…, scoring.winner; Manila's: the richest wins) comes first, not a clause
    that merely says "win" (Kutschfahrt's doctor: "once per game", "the winner")."""
    for game in ALL_GAMES:
        first = search.search(query, game=game, prefer=lang, limit=1)[0].clause_id
        last, section = first.rsplit(".", 1)[-1], first.split(".")[1]
        assert last == "goal" or (section in ("end", "scoring") and last.startswith("win")) or \
            first == "manila.end.wealth", (game, first)


@pytest.mark.parametrize("query, lang", [("the app has the wrong number, how do i fix it in the app", "en"),
                                         ("表上记错了，能改吗", "zh_Hans"), ("程式上記錯了，可以自己改嗎", "zh_Hant")])
def test_the_app_showing_it_wrong_finds_the_games_corrections(query: str, lang: str) -> None:
    """Every game says how the table corrects the app (a clause whose id ends ".corrections");
    "it's wrong in the app, can I change it" finds that clause first at each."""
    games = sorted({cid.split(".")[0] for g in ALL_GAMES for cid in library.clause_ids(g, "en")
                    if cid.endswith(".corrections")})
    assert games == ALL_GAMES
    for game in games:
        first = search.search(query, game=game, prefer=lang, limit=1)[0].clause_id
        assert first.endswith(".corrections"), (game, first)


@pytest.mark.parametrize("query, lang", [("are there any variants", "en"), ("有没有变体玩法", "zh_Hans"),
                                         ("有沒有別的玩法", "zh_Hant")])
def test_asking_for_variants_finds_one(query: str, lang: str) -> None:
    """The games with variants (a "variants" section, or Manila's pirates' variant) answer
    "are there variants" with one of them."""
    games = sorted({cid.split(".")[0] for g in ALL_GAMES for cid in library.clause_ids(g, "en")
                    if cid.split(".")[1] == "variants" or cid.endswith(".variant")})
    assert games == ["catan", "citadels", "im_the_boss", "kutschfahrt", "manila", "pandemic"]
    for game in games:
        first = search.search(query, game=game, prefer=lang, limit=1)[0].clause_id
        assert first.split(".")[1] == "variants" or first.endswith(".variant"), (game, first)


def test_the_new_phases_are_not_heard_where_they_are_not_said() -> None:
    """能改变 is a rule that changes something, not a correction; "r there" is "are there"."""
    sections = lambda q: {sec for _, secs in search.query_phases(q) for sec in secs}  # noqa: E731
    assert ".corrections" not in sections("这张牌能改变顺序吗")
    assert ".corrections" in sections("分数记错了怎么改")
    assert "components" in sections("how many stop cards r there")
    assert "components" in sections("how many knights r in the dev deck")
    assert "app" in sections("does the app show my cards") and "app" not in sections("can i pass")
    assert ".goal" not in sections("who wins the auction")
    assert ".goal" not in sections("这张牌要干嘛") and ".goal" not in sections("what am i supposed to do with the extra card")
    assert ".corrections" in sections("we messed up his points in the app")
    assert "*tie" in sections("我跟他都完成五张订单，谁赢") and "*tie" not in sections("我跟他都想要这个位子")


# ---- issue 34, branch search15: one player's turn

def test_a_question_about_one_turn_names_the_turn() -> None:
    """一回合, 这回合, 每回合, 轮到我, "in one turn", "per turn" name one player's turn; 第一回合
    is the first round (the setup's) and 回合 alone names nothing."""
    sections = lambda q: {sec for _, secs in search.query_phases(q) for sec in secs}  # noqa: E731
    for query in ("一回合能盖几个村庄", "這回合可以什麼都不買嗎", "每回合能换几次", "轮到我的时候能不能不卖",
                  "can i build twice in one turn", "how many actions per turn", "can i pass on my turn"):
        assert "turn" in sections(query), query
    assert "turn" not in sections("第一回合怎么放") and "setup" in sections("第一回合怎么放")
    assert "turn" not in sections("回合结束后要弃牌吗") and "turn" not in sections("who takes the next round")


def test_a_turn_question_prefers_the_turns_rule_over_a_clause_with_the_same_words() -> None:
    """The start's placement and the turn's building say the same words (a village, a road);
    asked about one turn, the turn's clause comes first (it holds the words that name the
    turn, and counts TURN_LIFTED); asked at the start, the placement (reading order first)."""
    docs = [Document("g", "zh_Hans", "g.setup.place", "村庄", "放村庄和路。"),
            Document("g", "zh_Hans", "g.turn.build", "村庄", "放村庄和路。"),
            Document("g", "en", "g.setup.place", "Settlements", "Place a settlement and a road."),
            Document("g", "en", "g.turn.build", "Settlements", "Place a settlement and a road.")]
    index = SearchIndex(docs)
    for query in ("这回合能放村庄和路吗", "can i place a settlement and a road in one turn"):
        assert hit_ids(index.search(query, game="g"))[0] == "g.turn.build", query
    for query in ("开局能放村庄和路吗", "can i place a settlement and a road at the start"):
        assert hit_ids(index.search(query, game="g"))[0] == "g.setup.place", query


def test_how_many_cards_of_a_kind_asks_about_the_box() -> None:
    """每种王国卡有几张, 一共就几张, "how many of the big gold cards are there in the deck" ask what
    is in the box; 每种配料要抽掉几张 (how many to take out: the setup) and 我手上有几张 (a hand) do not."""
    sections = lambda q: {sec for _, secs in search.query_phases(q) for sec in secs}  # noqa: E731
    for query in ("每种王国卡有几张啊", "银行里每种资源牌一共就几张", "牌堆里有多少张流行病",
                  "how many of the big gold cards are there in the deck"):
        assert "components" in sections(query), query
    for query in ("四个人玩每种配料要抽掉几张", "我手上有几张", "每种原料要拿掉几张"):
        assert "components" not in sections(query), query
    # the cue is the span, not the card's name (whose words not every components clause holds)
    (span, _), = search.query_phases("每种王国卡有几张")
    assert span == (0, 2)


def test_naming_the_animals_of_a_guess_finds_who_takes_the_card() -> None:
    """Cockroach Poker's animals are in its cards clause's text, not its aliases: a guess told
    with the animals in it (said fly, was a toad) finds who takes the card first."""
    hits = search.search("he called it a fly, i said not a fly and it was a toad. who has to take it",
                         game="cockroach_poker", prefer="en", limit=3)
    assert hits[0].clause_id == "cockroach_poker.round.reveal"
    assert "toad" not in library.aliases("cockroach_poker")["cockroach_poker.components.cards"]


def test_a_player_count_then_a_comma_still_asks_how_many_can_play() -> None:
    """我們五個人，可以一起玩嗎: the count, a comma (or the game's name, taken out of the query),
    then 可以一起玩: how many can play, as 五个人能玩吗 is."""
    sections = lambda q: {sec for _, secs in search.query_phases(q) for sec in secs}  # noqa: E731
    for query in ("我們五個人，可以一起玩嗎", "六个人一起玩吗", "我们三个人，    也能玩吗"):
        assert ".players" in sections(query), query
    assert ".players" not in sections("三个人，可以一起打他吗")
    first = search.search("我們五個人，可以一起玩嗎", game="saboteur", prefer="zh_Hant", limit=1)[0]
    assert first.clause_id == "saboteur.overview.players"


def test_the_same_bid_asks_who_wins_the_tie_wherever_the_game_says_it() -> None:
    """"we both put down 20", 我跟他都出了20: a tie, and a tie is every clause whose id's last part
    names one (sealed-tie, shared-ties, tiebreak, fight.tie), not only the end's: at a sealed
    auction Modern Art's sealed tie comes first."""
    sections = lambda q: {sec for _, secs in search.query_phases(q) for sec in secs}  # noqa: E731
    assert search.PHASE_SECTIONS["tie"] == ("*tie",)
    for query in ("sealed bids, ann and i both put down 20, who gets it", "暗标我跟他都出了20，画给谁"):
        assert "*tie" in sections(query), query
        first = search.search(query, game="modern_art", prefer=search.query_lang(query) or "en", limit=1)[0]
        assert first.clause_id == "modern_art.auction.sealed-tie", (query, first.clause_id)
    assert "*tie" not in sections("我和他都想要这幅画")
    lifted = {"*tie"}
    assert search._lifted("modern_art.auction.sealed-tie", lifted) and search._lifted("niagara.end.tiebreak", lifted)
    assert search._lifted("kutschfahrt.fight.tie", lifted) and not search._lifted("catan.build.city", lifted)


def test_a_rounds_start_is_not_the_games_setup_and_a_team_asks_how_to_win() -> None:
    sections = lambda q: {sec for _, secs in search.query_phases(q) for sec in secs}  # noqa: E731
    assert "setup" in sections("开局每人几张") and "setup" in sections("刚开局怎么放")
    assert "setup" not in sections("第三轮开局每人要再摸几张") and "setup" not in sections("at the start of round 3")
    assert ".goal" in sections("what does our team actually need to win")
    assert "components" in sections("诅咒卡一盒到底有几张")


def test_filling_an_order_from_the_hand_is_not_drawing() -> None:
    """补 alone is drawing (补牌) and also filling what is missing (补足, 补上): a player who lacks
    one card for an order and asks whether to 补 it from the hand gets the hand's clause."""
    index = search.default_index()
    alternates = index.synonyms("差一张香肠，我不想补行不行")["想补"]
    assert "补牌" in alternates and "补足" in alternates
    for query in ("我订单还差两张，队友手里有，能帮我补吗", "差一张香肠，我不想补行不行"):
        first = search.search(query, game="mamma_mia", prefer="zh_Hans", limit=1)[0].clause_id
        assert first == "mamma_mia.evaluation.from-hand", (query, first)


def test_a_question_about_the_games_end_prefers_the_ends_clause() -> None:
    """"at the end", 游戏结束: the end's and scoring's clauses count END_LIFTED (a nudge, as the
    turn's): of two clauses that say the same, the end's comes first."""
    text = "At the end a mortgaged share counts nothing."
    docs = [Document("g", "en", "g.loans.mortgage", "Mortgaged shares", text),
            Document("g", "en", "g.end.wealth", "Mortgaged shares", text)]
    index = SearchIndex(docs)
    assert search.END_LIFTED > 1.0
    assert hit_ids(index.search("what is a mortgaged share worth at the end", game="g"))[0] == "g.end.wealth"
    assert hit_ids(index.search("what is a mortgaged share worth", game="g"))[0] == "g.loans.mortgage"
