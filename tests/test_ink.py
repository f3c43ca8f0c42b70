"""The dark theme: meaningful colours standing on the page's ground are
lifted until they read (companion/ui/ink.py); boxes with their own ground keep
their inks; every game's table screen passes."""

from __future__ import annotations

import flet as ft
import pytest

from companion import registry
from companion.storage import Store
from companion.ui import ink, taps
from companion.ui.app import App
from ui_harness import FakePage

GAMES = [g for g in registry.GAMES if g != "toy"]


def test_a_dark_colour_is_lifted_just_enough_and_a_readable_one_is_kept() -> None:
    for dark in ("#1b5e20", "#004d40", "#6a1b9a", "#424242", "#d32f2f", "#000000"):
        lifted = ink.lifted(dark)
        assert ink.contrast(lifted, ink.DARK_GROUND) >= 4.5, dark
        assert ink.contrast(lifted, ink.DARK_GROUND) < 7.5, dark  # not washed out to white
    assert ink.lifted("#9e9e9e") == "#9e9e9e" and ink.lifted("#ffffff") == "#ffffff"
    assert ink.lifted(ft.Colors.RED) == ft.Colors.RED  # a theme or named colour: Flutter's own
    assert ink.contrast(ink.lifted("#004d40", ink.SHAPE_CONTRAST), ink.DARK_GROUND) >= 3.0


def test_only_what_stands_on_the_pages_ground_is_lifted() -> None:
    on_page = ft.Text("Duchy 0", color="#1b5e20")
    on_box = ft.Text("Harbour A", color="#212121")
    icon = ft.Icon(ft.Icons.CIRCLE, color="#004d40")
    frame = ft.Container(content=ft.Text("Ana"), border=ft.Border.all(2, "#1b5e20"))
    link = ft.TextButton("Rule: Winning")
    page_link = ft.TextButton("Hold back")
    tree = ft.Column([on_page, icon, frame, page_link,
                      ft.Container(bgcolor="#f5efe0", content=ft.Column([on_box])),
                      ft.Container(bgcolor=ft.Colors.BLUE_GREY_50, content=link)])
    assert ink.for_dark_theme(tree) == 4
    assert ink.contrast(on_page.color, ink.DARK_GROUND) >= 4.5 and on_box.color == "#212121"
    assert ink.contrast(icon.color, ink.DARK_GROUND) >= 3.0
    assert ink.contrast(frame.border.top.color, ink.DARK_GROUND) >= 3.0
    assert link.style is not None and link.style.color == ink.ON_LIGHT and page_link.style is None


def texts_on_the_page_ground(root) -> list[tuple[str, str]]:
    """(text, colour) of every hex-coloured text standing on the page's ground."""
    found: list[tuple[str, str]] = []
    stack = [(root, None)]
    while stack:
        item, under = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend((x, under) for x in item)
            continue
        if not isinstance(item, ft.BaseControl):
            continue
        if isinstance(item, (ft.Container, ft.Card)) and getattr(item, "bgcolor", None):
            under = item.bgcolor
        if under is None and isinstance(item, ft.Text) and ink._rgb(item.color):
            found.append((str(item.value), item.color))
        for name in taps.child_fields(type(item)):
            value = getattr(item, name, None)
            if isinstance(value, ft.BaseControl):
                stack.append((value, under))
            elif isinstance(value, (list, tuple)):
                stack.extend((v, under) for v in value)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_table_screen_reads_on_the_dark_ground(tmp_path, game_id) -> None:
    game = registry.get_game(game_id)
    app = App(FakePage(), Store(tmp_path / "ink.db"))
    app.set_theme("dark")
    app.start_table(game_id, ["Ana", "Ben", "Cho", "Dee", "Eve"][:max(3, game.min_players)], {})
    shown = texts_on_the_page_ground([app.page.appbar, app.page.controls])
    faint = [(t, c, round(ink.contrast(c, ink.DARK_GROUND), 2)) for t, c in shown
             if ink.contrast(c, ink.DARK_GROUND) < 4.5]
    assert not faint, faint
    app.set_theme("light")  # and the light theme keeps the views' own colours
    assert all(c not in {ink.lifted(x) for _, x in shown} - {x for _, x in shown}
               for _, c in texts_on_the_page_ground([app.page.appbar, app.page.controls]))
