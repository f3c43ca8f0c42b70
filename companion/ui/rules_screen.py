"""The rules reader: pick a game, read its clauses; the reader's language can
differ from the app's and switches with one tap."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from ..i18n import LANGUAGE_NAMES, LANGUAGES
from ..registry import game_ids
from ..rules import library
from .widgets import section_title

if TYPE_CHECKING:
    from .app import App


def _reader_lang(app: "App") -> str:
    lang = app.nav.params.get("lang") or app.lang
    return lang if lang in LANGUAGES else app.lang


def _lang_switch(app: "App", current: str) -> ft.Control:
    def pick(lang: str) -> None:
        app.nav.params["lang"] = lang
        app.render()

    return ft.Row([ft.TextButton(LANGUAGE_NAMES[lang], on_click=lambda e, l=lang: pick(l),
                                 style=ft.ButtonStyle(text_style=ft.TextStyle(
                                     size=15, weight=ft.FontWeight.BOLD if lang == current else None)))
                   for lang in LANGUAGES], wrap=True)


def clause_card(clause: dict[str, Any], highlight: bool = False) -> ft.Control:
    body: list[ft.Control] = [
        ft.Text(clause["title"], size=16, weight=ft.FontWeight.BOLD),
        ft.Text(clause["text"], size=15, selectable=True),
    ]
    if clause.get("table"):
        table = clause["table"]
        body.append(ft.Row([ft.DataTable(
            columns=[ft.DataColumn(ft.Text(c, weight=ft.FontWeight.BOLD)) for c in table["columns"]],
            rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(c)) for c in row]) for row in table["rows"]],
            column_spacing=16, heading_row_height=40, data_row_min_height=36)], scroll=ft.ScrollMode.AUTO))
    return ft.Container(content=ft.Column(body, spacing=6), padding=10, border_radius=8,
                        bgcolor=ft.Colors.AMBER_50 if highlight else None,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


def rules_body(app: "App") -> ft.Control:
    _ = app._
    lang = _reader_lang(app)
    game_id = app.nav.params.get("game")
    parts: list[ft.Control] = [_lang_switch(app, lang)]
    if game_id is None:
        parts.append(_search_box(app, lang))
        for gid in game_ids():
            parts.append(ft.ListTile(title=ft.Text(library.game_name(gid, lang), size=17),
                                     on_click=lambda e, g=gid: app.go("rules", game=g, lang=lang),
                                     min_height=52))
        return ft.Column(parts, spacing=6)
    target = app.nav.params.get("clause")
    parts.append(ft.Text(library.game_name(game_id, lang), size=24, weight=ft.FontWeight.BOLD))
    for section in library.text(game_id, lang)["sections"]:
        parts.append(section_title(section["title"]))
        for raw in section["clauses"]:
            clause = library.clause(raw["id"], lang)
            if clause is not None:
                parts.append(clause_card(clause, highlight=raw["id"] == target))
    return ft.Column(parts, spacing=8)


def _search_box(app: "App", lang: str) -> ft.Control:
    return ft.Container()
