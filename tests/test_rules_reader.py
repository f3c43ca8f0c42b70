"""Rules reader view-models (companion/rules/reader.py) on the fixture library."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from companion.i18n import LANGUAGES
from companion.rules import library, reader
from companion.rules.reader import TableView

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "rules_data"


@pytest.fixture(autouse=True)
def fixture_library(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(library, "rules_dir", lambda: FIXTURE)
    library.clear_caches()
    yield
    library.clear_caches()


def test_toc_lists_sections_and_clauses_in_reading_order() -> None:
    toc = reader.toc("harbor", "zh_Hant")
    assert toc.name == "碼頭風雲"
    assert [(s.id, s.title) for s in toc.sections] == [
        ("overview", "概述"), ("setup", "準備"), ("auction", "拍賣"), ("sail", "航行")]
    assert [(c.title, c.ruling) for c in toc.sections[3].clauses] == [("骰子", False), ("同時到港", True)]
    assert toc.clause_ids() == [
        "harbor.overview.goal", "harbor.setup.money", "harbor.setup.deal", "harbor.auction.bids",
        "harbor.auction.no-reentry", "harbor.sail.dice", "harbor.sail.ties"]


def test_toc_is_the_same_shape_in_every_language() -> None:
    shapes = {lang: reader.toc("harbor", lang).clause_ids() for lang in LANGUAGES}
    assert len(set(map(tuple, shapes.values()))) == 1


def test_render_clause_fills_numbers_from_facts() -> None:
    view = reader.render_clause("harbor.setup.money", "en")
    assert view is not None
    assert view.paragraphs == ("Each player takes 30 pesos.",)  # facts.json start_money = 30
    assert (view.game, view.game_name, view.section_id, view.section_title) == (
        "harbor", "Harbor Barons", "setup", "Setup")
    assert (view.previous_id, view.next_id) == ("harbor.overview.goal", "harbor.setup.deal")
    assert view.languages == ("en", "zh_Hans", "zh_Hant")


def test_render_clause_with_its_table_and_paragraphs() -> None:
    view = reader.render_clause("harbor.setup.deal", "zh_Hans")
    assert view is not None
    assert view.paragraphs == ("按人数发股票。", "股票不要给别人看。")
    # facts.json deal: 3 -> 6, 4 -> 5, 5 -> 4
    assert view.table == TableView(("人数", "每人股票"), (("3", "6"), ("4", "5"), ("5", "4")))
    assert view.table.records()[0] == [("人数", "3"), ("每人股票", "6")]
    assert view.languages == ("zh_Hans", "zh_Hant", "en")


def test_render_clause_ends_and_unknown_ids() -> None:
    first = reader.render_clause("harbor.overview.goal", "en")
    last = reader.render_clause("harbor.sail.ties", "en")
    assert first is not None and first.previous_id is None
    assert last is not None and last.next_id is None and last.ruling
    assert reader.render_clause("harbor.sail.storm", "en") is None
    assert reader.render_clause("nogame.a.b", "en") is None


def test_switching_language_keeps_the_clause() -> None:
    views = [reader.render_clause("harbor.auction.bids", lang) for lang in LANGUAGES]
    assert [v.title for v in views if v] == ["出价递增", "出價遞增", "Rising bids"]
    assert all(v is not None and v.id == "harbor.auction.bids" for v in views)


def test_now_card_lists_the_phase_clauses() -> None:
    card = reader.now_card("harbor", "auction", "zh_Hant")
    assert card is not None
    assert [(i.clause_id, i.title) for i in card.items] == [
        ("harbor.auction.bids", "出價遞增"), ("harbor.auction.no-reentry", "放棄後不能再加入")]
    # facts.json bid_step = 1
    assert card.items[0].paragraphs == ("每次出價至少要比上一次高 1 披索。",)
    sail = reader.now_card("harbor", "sail", "en")
    assert sail is not None and [i.ruling for i in sail.items] == [False, True]


def test_now_card_without_clauses() -> None:
    assert reader.now_card("harbor", "end", "en") is None  # no phase_clauses entry
    assert reader.now_card("dragon", "play", "en") is None  # no phase_clauses at all


def test_highlight_cuts_text_into_marked_runs() -> None:
    assert reader.highlight("在馬尼拉港口", [(1, 4)]) == [("在", False), ("馬尼拉", True), ("港口", False)]
    assert reader.highlight("dice", [(0, 4)]) == [("dice", True)]
    assert reader.highlight("a b c", []) == [("a b c", False)]
    # overlapping or out-of-range spans never repeat or lose text
    runs = reader.highlight("abcdef", [(4, 9), (1, 3), (2, 5)])
    assert runs == [("a", False), ("bc", True), ("de", True), ("f", True)]
    assert "".join(piece for piece, _ in runs) == "abcdef"
