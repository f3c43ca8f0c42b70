"""Play history and statistics."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import flet as ft

from .. import history
from ..i18n import colon, list_separator
from .files import download
from .labels import game_title
from .widgets import banner, big_button, section_title

if TYPE_CHECKING:
    from .app import App


def _game_name(app: "App", game_id: str) -> str:
    return game_title(game_id, app.lang)


def _pct(app: "App", value: float) -> str:
    return f"{app.t.number(round(value * 100))}%"


def _maybe(app: "App", value: float | None) -> str:
    return "—" if value is None else app.t.number(value)


def _table(app: "App", headings: tuple[str, ...], rows: list[tuple[str, ...]]) -> ft.Control:
    return ft.Row([ft.DataTable(
        columns=[ft.DataColumn(ft.Text(h, weight=ft.FontWeight.BOLD)) for h in headings],
        rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(c)) for c in row]) for row in rows],
        column_spacing=14, heading_row_height=40, data_row_min_height=36)], scroll=ft.ScrollMode.AUTO)


def history_body(app: "App") -> ft.Control:
    _ = app._
    plays = [p for p in history.plays(app.store) if app.may_see(p.table_id)]  # on a LAN: this device's tables
    if not plays:
        return ft.Column([ft.Text(_("No finished games yet."), size=16)])
    parts: list[ft.Control] = []
    exported = app.nav.params.get("exported")
    if exported:
        parts.append(banner(_("Exported: {file} (downloaded to this device)", file=exported), "ok"))

    parts.append(section_title(_("Plays per game")))
    parts.append(ft.Column([ft.Text(f"{_game_name(app, g)}{colon(app.lang)}{app.t.number(n)}", size=15)
                            for g, n in history.plays_per_game(plays).items()], spacing=2))

    parts.append(section_title(_("Players")))
    parts.append(_table(app, (_("Player"), _("Plays"), _("Wins"), _("Win rate")),
                        [(s.name, app.t.number(s.plays), app.t.number(s.wins), _pct(app, s.win_rate))
                         for s in history.player_stats(plays)]))
    for game_id in history.plays_per_game(plays):
        stats = history.player_stats(plays, game_id)
        if not any(s.scores for s in stats):
            continue
        parts.append(section_title(_game_name(app, game_id)))
        parts.append(_table(app, (_("Player"), _("Plays"), _("Wins"), _("Best"), _("Average")),
                            [(s.name, app.t.number(s.plays), app.t.number(s.wins), _maybe(app, s.best),
                              _maybe(app, s.average)) for s in stats]))

    parts.append(section_title(_("Finished tables")))
    sep = list_separator(app.lang)
    for play in plays[:100]:
        when = time.strftime("%Y-%m-%d", time.localtime(play.finished))
        scores = ""
        if play.scores:
            scores = sep.join(f"{n} {app.t.number(s)}" for n, s in zip(play.players, play.scores) if s is not None)
        parts.append(ft.ListTile(
            # a tap opens the finished table (its final ranking, story chart and move log)
            on_click=lambda e, i=play.table_id: app.open_table(i, read_only=True),
            trailing=ft.Icon(ft.Icons.HISTORY),
            title=ft.Text(f"{_game_name(app, play.game)} · {when}"),
            subtitle=ft.Text(_("Winner: {names}", names=sep.join(play.winners) or "—") +
                             (f"\n{scores}" if scores else "") +
                             "\n" + _("{minutes} minutes", minutes=app.t.number(play.duration_minutes)))))

    def export(kind: str) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"history-{stamp}.{kind}"
        data = (history.to_csv(plays) if kind == "csv" else history.to_json(plays)).encode("utf-8")
        app.nav.params["exported"] = name
        app.render()
        app.page.run_task(download, app.picker, app.page, name, data)  # a download in the browser; nothing kept on the server

    parts.append(ft.Row([big_button(_("Download as CSV (spreadsheet)"), lambda e: export("csv"), icon=ft.Icons.DOWNLOAD),
                         big_button(_("Download as JSON"), lambda e: export("json"), icon=ft.Icons.DOWNLOAD)],
                        wrap=True, spacing=8, run_spacing=8))
    return ft.Column(parts, spacing=10)
