"""End-to-end: a table in the real web app — start it, make a move, undo it,
switch language, reload and find it resumed; keep a Catan score to 10 and find
the game in the history and statistics."""

from __future__ import annotations

import re

import pytest

from conftest import PHONE, TABLET, Screen

pytestmark = pytest.mark.browser


def start_catan(screen: Screen, names=("Ana", "Ben", "Cho")) -> None:
    screen.click("New table")
    screen.wait_text("Pick a game")
    screen.page.get_by_role("button", name=re.compile(r"^Catan\b")).first.click()
    screen.wait_text("Players in seat order")
    for seat, name in enumerate(names, start=1):
        screen.fill(f"Seat {seat}", name)
    screen.page.wait_for_timeout(500)  # let the last name reach the app before starting
    screen.click("Start the table")
    screen.wait_text("Ana: place a starting settlement and its road.")


def press_text(screen: Screen, text: str) -> None:
    screen.text(text, exact=True).click()
    screen.page.wait_for_timeout(350)


def test_move_undo_language_reload(browser, server):
    screen = Screen(browser, server, PHONE)
    try:
        start_catan(screen)
        screen.shot("phone-catan-start-en")
        # the bar's icon buttons have names a screen reader says (Chromium's tree had four
        # nameless buttons there; no move yet, so no "Undo" in the banner either)
        for name in ("Undo", "Redo", "Rules", "More"):
            assert screen.page.get_by_role("button", name=name, exact=True).count() == 1, name
        press_text(screen, "No harbour")
        screen.wait_text("Ben: place a starting settlement and its road.")
        screen.tap("Undo")
        screen.wait_text("Ana: place a starting settlement and its road.")
        press_text(screen, "No harbour")
        screen.wait_text("Ben: place a starting settlement and its road.")
        screen.tap("More")
        screen.page.get_by_role("menuitem", name="Language").or_(
            screen.page.get_by_role("button", name="Language")).first.click()
        screen.page.wait_for_timeout(300)
        screen.page.get_by_role("radio", name="繁體中文").click()
        screen.tap("返回")
        screen.wait_text("Ben：請放置初始村莊和道路。")
        screen.shot("phone-catan-zh_Hant")
        screen.reload()
        screen.wait_text("Ben：請放置初始村莊和道路。")  # the table resumed where it was
        screen.shot("phone-catan-reloaded-zh_Hant")
    finally:
        screen.close()


def test_catan_score_to_ten_win_history_and_statistics(browser, server):
    screen = Screen(browser, server, TABLET)
    try:
        start_catan(screen)
        for _ in range(6):
            press_text(screen, "No harbour")
        # Ana: two cities from her two settlements (4), three settlements (7),
        # two more cities (9), one more settlement (10) -- on her own turn.
        for label in ("City", "City", "No harbour", "No harbour", "No harbour", "City", "City"):
            press_text(screen, label)
        screen.shot("tablet-catan-nine-points")
        press_text(screen, "No harbour")
        screen.wait_text("Game over. Winner: Ana")
        screen.shot("tablet-catan-won")
        screen.menu("Home")
        screen.click("History and statistics")
        screen.wait_text("Catan: 1")
        screen.wait_text("Winner: Ana", exact=False)
        screen.shot("tablet-history")
    finally:
        screen.close()
