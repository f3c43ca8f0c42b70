"""Statements the rulebooks do not make are marked as our rulings (issue 14).

Each check names the seed section it was held against.  A clause marked
``ruling`` is shown to players as the app's decision, not the rulebook's.
"""

from __future__ import annotations

import pytest

from companion.rules import library

LANGS = ("en", "zh_Hans", "zh_Hant")


@pytest.mark.parametrize("lang", LANGS)
def test_manila_bought_share_openness_is_our_ruling(lang: str) -> None:
    # seed 004, "buying a share": the harbor master takes the share from the supply and
    # pays; nothing says it lies open.  The buying clause no longer says so; the app's
    # choice to show it is a separate, marked ruling.
    buy = library.clause("manila.harbor_master.buy", lang)
    assert buy is not None and not buy["ruling"]
    assert "open" not in buy["text"] and "公开" not in buy["text"] and "公開" not in buy["text"]
    ruling = library.clause("manila.harbor_master.buy_open", lang)
    assert ruling is not None and ruling["ruling"]


@pytest.mark.parametrize("lang", LANGS)
def test_manila_pirates_earn_after_the_third_roll(lang: str) -> None:
    # seed 004, pirates' profit: only boats on 13 after the third roll are plundered
    text = library.clause("manila.spaces.pirates", lang)["text"]
    assert "3" in text and "13" in text


@pytest.mark.parametrize("lang", LANGS)
def test_modern_art_visible_hand_counts_is_our_ruling(lang: str) -> None:
    # seed 001 Modern Art setup: money hidden and cards not shown — nothing on hand sizes
    secrets = library.clause("modern_art.setup.secrets", lang)
    assert secrets is not None and not secrets["ruling"]
    assert library.clause("modern_art.setup.hand_counts", lang)["ruling"]


@pytest.mark.parametrize("lang", LANGS)
def test_niagara_no_face_up_pile(lang: str) -> None:
    # seeds 001/003 Niagara: used cards pile up in the owner's space, the newest on top;
    # the rulebook never says they lie face up.  The open-hands clause is a marked ruling.
    cycle = library.clause("niagara.cards.cycle", lang)["text"]
    assert "face up" not in cycle and "正面朝上" not in cycle
    assert library.clause("niagara.cards.public", lang)["ruling"]


@pytest.mark.parametrize("lang", LANGS)
def test_silk_road_cover_follows_the_rulebook(lang: str) -> None:
    # seed 000 phase 2: any number of cards of one good, laid freely over the market
    cover = library.clause("silk_road.phase2.cover", lang)
    assert not cover["ruling"] and "at most" not in cover["text"] and "最多" not in cover["text"]
