"""The table screen's height reckoning (ui/layout.py) in Chinese: a Chinese
character is a full em wide, a Latin one about 0.55 em, so a step pane of
Chinese text is as tall as it will be drawn and a phone pins only what fits
(issue 36).  Every figure below is worked out by hand."""

from __future__ import annotations

import flet as ft
import pytest

from companion.messages import game_message
from companion.ui import board, layout


def test_a_chinese_character_is_a_full_em_and_a_latin_one_055() -> None:
    # 第 6 格: two wide characters, a space, a digit, a space -> at 14 px: 2 * 14 + 3 * 0.55 * 14 = 51.1
    assert layout.text_width("第 6 格", 14) == pytest.approx(51.1)
    # "Harbour A": 9 narrow characters -> 9 * 0.55 * 14 = 69.3
    assert layout.text_width("Harbour A", 14) == pytest.approx(69.3)
    # full-width punctuation (，。：) is wide too: 3 * 14
    assert layout.text_width("，。：", 14) == pytest.approx(42.0)


def test_the_manila_loading_line_in_zh_hant_takes_its_real_lines() -> None:
    text = game_message("manila", "ui.tap_board_launch", "zh_Hant", {"low": 0, "high": 5, "total": 9})
    # the 繁體 line: 海港負責人：在圖板上點選這次不運的貨物，再點選每艘船的起點（0 到 5，起點合計 9），然後裝貨出航。
    # counted by hand: 45 wide characters (the punctuation among them) and 6 narrow ones (0 5 9, 3 spaces)
    assert text == "海港負責人：在圖板上點選這次不運的貨物，再點選每艘船的起點（0 到 5，起點合計 9），然後裝貨出航。"
    # at 13 px: 13 * (45 + 6 * 0.55) = 627.9 px of text; in 200 px that is 4 lines (3.14 rounded up),
    # each 13 * 1.45 = 18.85 px high -> 75.4 (reckoned 0.55 em a character, it was 2 lines, 37.7)
    assert layout.estimate_height(ft.Text(text, size=13), 200) == pytest.approx(75.4)
    # in a phone's 342 px: 627.9 / 342 = 1.84 -> 2 lines, 37.7
    assert layout.estimate_height(ft.Text(text, size=13), 342) == pytest.approx(37.7)


def _view(step: ft.Control) -> ft.Control:
    return board.two_pane(ft.Container(height=300), ft.Column([]), step=step)


def test_a_step_of_chinese_text_too_tall_for_the_phones_foot_is_not_pinned() -> None:
    # 19 wide characters, 30 times: 570 characters of 14 px in the phone's 390 - 24 = 366 px:
    # 570 * 14 / 366 = 21.8 -> 22 lines of 20.3 px = 446.6 px, more than 0.45 * 844 = 379.8:
    # the step heads what scrolls instead of being pinned at the foot (reckoned 0.55 em a
    # character it came to 13 lines, 263.9 px, and was pinned, leaving the board 200 px)
    long = "海港負責人：在圖板上點選這次不運的貨物" * 30
    assert len(long) == 570
    body, scroller = layout.table_page(ft.Text("Now"), [], _view(ft.Column([ft.Text(long, size=14)])), [],
                                       wide=False, size=(390, 844))
    assert [c.key for c in body.controls] == ["table:banner", layout.SCROLL]
    # a short one (19 characters: one line) is pinned at the foot
    body, scroller = layout.table_page(ft.Text("Now"), [], _view(ft.Column([ft.Text(long[:19], size=14)])), [],
                                       wide=False, size=(390, 844))
    assert [c.key for c in body.controls] == ["table:banner", layout.SCROLL, "table:step"]


def test_a_wrapped_row_of_chinese_buttons_takes_its_lines() -> None:
    # a button 「左支流第 6 格」: 6 wide characters at 14 px, 2 spaces at 9 px and 32 px of padding:
    # 32 + 84 + 18 = 134 px.  Three in 240 px: 134, then 134 + 8 + 134 = 276 > 240, so one a line:
    # 3 lines of 48 px with 8 px between = 160 (reckoned 9 px a character, 104 px each, two shared
    # a line: 104)
    three = ft.Row([ft.Button("左支流第 6 格") for _ in range(3)], wrap=True, spacing=8, run_spacing=8)
    assert layout.estimate_height(three, 240) == pytest.approx(160.0)
    # in 300 px two fit a line (134 + 8 + 134 = 276): 2 lines, 104
    assert layout.estimate_height(three, 300) == pytest.approx(104.0)
