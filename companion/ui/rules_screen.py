"""The rules reader: search across every game and language as you type, pick a
game, read its clauses with a table of contents.  The reader's language can
differ from the app's and switches with one tap."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import flet as ft

from ..i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from ..inputgate import normal_query
from ..registry import game_ids
from ..rules import library, reader
from ..rules.search import Hit, related, search
from ..storage import ReadOnly
from .labels import game_title
from .widgets import TOUCH, expander, section_title, text_style

if TYPE_CHECKING:
    from .app import App

MAX_RESULTS = 30


def _reader_lang(app: "App") -> str:
    lang = app.nav.params.get("lang") or app.lang
    return lang if lang in LANGUAGES else app.lang


def _lang_switch(app: "App", current: str) -> ft.Control:
    def pick(lang: str) -> None:
        app.nav.params["lang"] = lang
        app.render()

    return ft.Row([
        ft.Text(app._("Reading in:"), size=14),
        *[ft.TextButton(LANGUAGE_NAMES[lang], on_click=lambda e, l=lang: pick(l), height=TOUCH,
                        style=ft.ButtonStyle(text_style=text_style(
                            size=15, weight=ft.FontWeight.BOLD if lang == current else ft.FontWeight.NORMAL,
                            decoration=ft.TextDecoration.UNDERLINE if lang == current else None)))
          for lang in LANGUAGES]], wrap=True, spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def clause_card(clause: dict[str, Any], ruling_label: str, highlight: bool = False) -> ft.Control:
    title = clause["title"] + (f" · {ruling_label}" if clause.get("ruling") else "")
    body: list[ft.Control] = [
        ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
        ft.Text(clause["text"], size=15, selectable=True),
    ]
    if clause.get("table"):
        table = clause["table"]
        body.append(ft.Row([ft.DataTable(
            columns=[ft.DataColumn(ft.Text(c, weight=ft.FontWeight.BOLD)) for c in table["columns"]],
            rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(c)) for c in row]) for row in table["rows"]],
            column_spacing=16, heading_row_height=40, data_row_min_height=36)], scroll=ft.ScrollMode.AUTO))
    return ft.Container(content=ft.Column(body, spacing=6), padding=10, border_radius=8,
                        bgcolor=ft.Colors.AMBER_100 if highlight else None, key=ft.ScrollKey(clause["id"]),
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


def marked(text: str, spans: Sequence[tuple[int, int]], size: int = 14) -> ft.Text:
    """Text with the matching spans in bold (cut by the reader's ``highlight``)."""
    bold = text_style(weight=ft.FontWeight.BOLD, bgcolor=ft.Colors.AMBER_100)
    return ft.Text(spans=[ft.TextSpan(piece, style=bold) if hit else ft.TextSpan(piece)
                          for piece, hit in reader.highlight(text, spans)], size=size)


def result_tile(app: "App", hit: Hit, query: str = "") -> ft.Control:
    return ft.Container(
        content=ft.Column([
            ft.Text(f"{hit.game_name} · {LANGUAGE_NAMES[hit.lang]}", size=12, color=ft.Colors.OUTLINE),
            marked(hit.title, hit.title_spans, size=16),
            marked(hit.snippet, hit.snippet_spans, size=14),
        ], spacing=2),
        # the clause's own page, the same one a refusal's rule link opens (App.open_clause)
        padding=8, border_radius=8, on_click=lambda e: app.open_clause(hit.clause_id, lang=hit.lang, asked=query))


def rules_body(app: "App") -> ft.Control:
    lang = _reader_lang(app)
    game_id = app.nav.params.get("game")
    if game_id is None:
        return _library_home(app, lang)
    target = app.nav.params.get("clause")
    if target and library.clause(target, lang) is not None:
        return _clause_page(app, game_id, target, lang)
    return _reader(app, game_id, lang)


def _clause_page(app: "App", game_id: str, clause_id: str, lang: str) -> ft.Control:
    """A rule link's own page: exactly its clause at the top of the screen
    (nothing to scroll to, so it lands on any screen size), then the rest of
    its section, then the way to the whole rules."""
    _ = app._
    target = library.clause(clause_id, lang)
    view = reader.render_clause(clause_id, lang)
    assert target is not None and view is not None
    section = next((sec for sec in reader.toc(view.game, lang).sections if sec.id == view.section_id), None)
    others = [library.clause(c.id, lang) for c in (section.clauses if section else ()) if c.id != clause_id]
    ruling_label = Translator(lang).gettext("our ruling")
    parts: list[ft.Control] = [
        clause_card(target, ruling_label, highlight=True),
        ft.Text(f"{view.game_name} · {view.section_title}", size=13, color=ft.Colors.OUTLINE),
    ]
    if app.nav.params.get("asked"):
        parts.append(_did_it_answer(app, clause_id, lang))
    nexts = [c for c in (library.clause(cid, lang) for cid in related(clause_id)) if c]
    if nexts:  # what a player usually needs next (issue 34), from other sections
        parts.append(section_title(_("Related rules")))
        parts.append(ft.Column([related_tile(app, c, lang) for c in nexts], spacing=8,
                               horizontal_alignment=ft.CrossAxisAlignment.STRETCH))  # the page's width
    parts += [
        _lang_switch(app, lang),
        ft.TextButton(_("Read all the rules of {game}", game=game_title(game_id, lang)), icon=ft.Icons.MENU_BOOK,
                      height=TOUCH, on_click=lambda e: app.go("rules", game=game_id, lang=lang)),
    ]
    if others:
        parts.append(section_title(_("More in this section")))
        parts += [clause_card(c, ruling_label) for c in others if c]
    return ft.Column(parts, spacing=8)


def related_tile(app: "App", clause: dict[str, Any], lang: str) -> ft.Control:
    """A related rule: its title and its section, a tap opens its page (Back returns here)."""
    view = reader.render_clause(clause["id"], lang)
    where = view.section_title if view is not None else ""
    return ft.Container(
        content=ft.Column([ft.Text(clause["title"], size=15, weight=ft.FontWeight.BOLD),
                           ft.Text(where, size=12, color=ft.Colors.OUTLINE)], spacing=0),
        padding=8, border_radius=8, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        on_click=lambda e: app.open_clause(clause["id"], lang=lang))


def _did_it_answer(app: "App", clause_id: str, lang: str) -> ft.Control:
    """"Did this answer it?" under a search result's clause; a "no" is kept on this device
    (Store.record_search_miss) and in the open table's export; nothing is sent anywhere."""
    _ = app._
    answered = app.nav.params.get("answered")
    if answered == "yes":
        return ft.Text(_("Thank you."), size=14)
    if answered == "no":
        table = app.table
        return ft.Text(_("Noted on this device, in this table's export.") if table is not None
                       else _("Noted on this device."), size=14)

    def answer(yes: bool) -> None:
        if not yes:
            table = app.table
            try:
                app.store.record_search_miss(str(app.nav.params.get("asked", "")), clause_id, lang,
                                             table.id if table is not None else None,
                                             table.game.id if table is not None else None)
            except ReadOnly as exc:  # a browser tab that follows another
                app.unexpected(exc)
                return
        app.nav.params["answered"] = "yes" if yes else "no"
        app.render()

    return ft.Row([
        ft.Text(_("Did this answer it?"), size=14),
        ft.TextButton(_("Yes, it did"), height=TOUCH, on_click=lambda e: answer(True)),
        ft.TextButton(_("No, it did not"), height=TOUCH, on_click=lambda e: answer(False)),
    ], wrap=True, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def search_box(app: "App", lang: str, label: str, game: str | None) -> list[ft.Control]:
    """A search field and its results as you type, ``game``'s clauses first; the query is
    kept in the screen's params, so Back from a result's clause finds it as it was."""
    _ = app._
    results = ft.Column(spacing=6)

    def show(typed: str) -> None:
        query = normal_query(typed)  # no invisible or direction characters, at most MAX_QUERY
        app.nav.params["query"] = query
        hits = search(query, prefer=lang, limit=MAX_RESULTS, game=game) if query else []
        if query and not hits:
            results.controls = [ft.Text(_("Nothing found for “{query}”.", query=query))]
        else:
            results.controls = [result_tile(app, h, query) for h in hits]

    query = app.nav.params.get("query", "")
    box = ft.TextField(label=label, value=query, prefix_icon=ft.Icons.SEARCH,
                       on_change=lambda e: (show(e.control.value or ""), app.patch(results)))
    show(query)
    return [box, results]


def _library_home(app: "App", lang: str) -> ft.Control:
    _ = app._
    # the open table's game first
    found = search_box(app, lang, _("Search all rules"), app.table.game.id if app.table is not None else None)
    games = [ft.ListTile(title=ft.Text(game_title(gid, lang), size=17),
                         on_click=lambda e, g=gid: app.go("rules", game=g, lang=lang), min_height=52)
             for gid in game_ids()]
    return ft.Column([_lang_switch(app, lang), *found, section_title(_("Games")), *games], spacing=8)


def _reader(app: "App", game_id: str, lang: str) -> ft.Control:
    _ = app._
    target = app.nav.params.get("clause")
    contents = reader.toc(game_id, lang)
    toc: list[ft.Control] = []
    body: list[ft.Control] = []
    # the clauses are in the reader's language, which may differ from the app's: so is their label
    ruling_label = Translator(lang).gettext("our ruling")
    for section in contents.sections:
        if section.clauses:
            toc.append(ft.TextButton(section.title, height=TOUCH,
                                     on_click=lambda e, k=section.clauses[0].id: _jump(app, k)))
        body.append(section_title(section.title))
        for entry in section.clauses:
            clause = library.clause(entry.id, lang)
            if clause is not None:
                body.append(clause_card(clause, ruling_label, highlight=entry.id == target))
    # the rules button of a table opens this page: its search looks in this game first
    found = search_box(app, lang, _("Search the rules, {game} first", game=game_title(game_id, lang)), game_id)
    return ft.Column([
        _lang_switch(app, lang),
        ft.Text(contents.name, size=24, weight=ft.FontWeight.BOLD),
        *found,
        ft.TextButton(_("Teach this game"), icon=ft.Icons.INFO_OUTLINE, height=TOUCH,
                      on_click=lambda e: app.go("teach", game=game_id)),
        expander(_("Contents"), [ft.Column(toc, spacing=0)]),
        *body,
    ], spacing=8)


def _jump(app: "App", key: str) -> None:
    app.page.run_task(app.page.scroll_to, scroll_key=key, duration=300)
