"""Small shared widgets: big touch targets, titles, cards."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

TOUCH = 48
#: the bundled CJK font (registered in app.py). A TextStyle without a family
#: replaces the theme's, and Chinese would then be drawn as boxes on the web.
FONT_FAMILY = "NotoCJK"


def text_style(**kwargs: Any) -> ft.TextStyle:
    return ft.TextStyle(font_family=FONT_FAMILY, **kwargs)


def big_button(label: str, on_click: Callable[[Any], Any], icon: Any = None, filled: bool = False,
               tooltip: str | None = None) -> ft.Control:
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=12),
                           text_style=text_style(size=16))
    cls = ft.FilledButton if filled else ft.Button
    button = cls(content=label, icon=icon, on_click=on_click, style=style, height=TOUCH, tooltip=tooltip)
    return button


def section_title(text: str) -> ft.Control:
    return ft.Text(text, size=18, weight=ft.FontWeight.BOLD)


def card(content: ft.Control, padding: int = 12) -> ft.Control:
    return ft.Card(content=ft.Container(content=content, padding=padding))


def banner(text: str, kind: str = "info", actions: list[ft.Control] | None = None) -> ft.Control:
    colors = {"info": (ft.Colors.BLUE_50, ft.Colors.BLUE_900),
              "error": (ft.Colors.RED_50, ft.Colors.RED_900),
              "ok": (ft.Colors.GREEN_50, ft.Colors.GREEN_900)}
    bg, fg = colors.get(kind, colors["info"])
    return ft.Container(
        content=ft.Column([ft.Text(text, size=16, color=fg, weight=ft.FontWeight.W_500),
                           *([ft.Row(actions, wrap=True)] if actions else [])], spacing=6),
        bgcolor=bg, padding=12, border_radius=10)
