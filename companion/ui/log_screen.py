"""The move log and the game's story chart.

Every line is an event of the engine (``Game.events``) that this device may
see (``core.events.visible`` for its seat, with the reveals in force), newest
first, grouped by the game's chapters (voyage, round...).  Lines that move
something on the physical board carry a mark.  The chart follows each seat's
public number over the game (money or score); numbers hidden until the end
(Modern Art's money) appear once the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft
import flet_charts as fch

from .. import story
from ..core.events import shown as shown_events
from .context import PLAYER_COLORS
from .labels import game_title
from .widgets import TOUCH, expander, section_title

if TYPE_CHECKING:
    from .app import App

#: entries shown at first (and added by each "Show older moves")
PAGE = 60
#: a dash pattern per seat, so lines differ without colour (colour-blind safe)
DASHES: tuple[list[int] | None, ...] = (None, [8, 4], [2, 3], [10, 3, 2, 3], [5, 5], [1, 2], [12, 6], [6, 2, 2, 2],
                                        [3, 6], [9, 2])


def log_body(app: "App") -> ft.Control:
    _ = app._
    table = app.table
    assert table is not None
    game, players = table.game, table.setup.players
    entries = app.story_entries()
    seat = app.my_seat()
    keys = story.revealed_keys(game, entries, table.state)
    parts: list[ft.Control] = [ft.Text(game_title(game.id, app.lang), size=15, color=ft.Colors.BLUE_GREY_700)]
    chart = story_chart(app)
    if chart is not None:
        parts.append(expander(_("The game's story"), [chart], expanded=game.is_over(table.state)))
    if not entries:
        parts.append(ft.Text(_("Nothing has happened yet."), size=16))
        return ft.Column(parts, spacing=10)
    parts.append(ft.Row([ft.Icon(ft.Icons.OPEN_WITH, size=18), ft.Text(_("moves something on the board"), size=13)],
                        spacing=6))
    shown = int(app.nav.params.get("shown", PAGE))
    chapter: Any = object()
    for entry in reversed(entries[-shown:]):
        if entry.chapter != chapter:
            chapter = entry.chapter
            if chapter is not None:
                parts.append(section_title(story.chapter_text(game.id, chapter, app.lang)))
        lines: list[ft.Control] = []
        for event in shown_events(entry.events, seat, keys):
            text = story.event_text(game, event, app.lang, players)
            mark = ft.Icon(ft.Icons.OPEN_WITH, size=18, tooltip=_("moves something on the board")) if event.board \
                else ft.Container(width=18)
            lines.append(ft.Row([mark, ft.Text(text, size=15, expand=True,
                                               weight=ft.FontWeight.W_500 if event.board else None)],
                                spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))
        parts.append(ft.Row([ft.Text(app.t.number(entry.seq), size=13, width=36, color=ft.Colors.BLUE_GREY_600),
                             ft.Column(lines, spacing=2, expand=True)],
                            vertical_alignment=ft.CrossAxisAlignment.START, key=f"log:{entry.seq}"))
    if len(entries) > shown:
        parts.append(ft.OutlinedButton(_("Show older moves"), icon=ft.Icons.EXPAND_MORE, height=TOUCH,
                                       on_click=lambda e: _more(app, shown + PAGE)))
    return ft.Column(parts, spacing=8)


def _more(app: "App", shown: int) -> None:
    app.nav.params["shown"] = shown
    app.render()


def story_chart(app: "App", height: int = 220) -> ft.Control | None:
    """Each seat's public number over the game as a line chart with a legend
    (names, colours and dash patterns); None when the game has no such number
    or nothing is known yet."""
    _ = app._
    table = app.table
    assert table is not None
    got = app.story_series()
    if got is None:
        return None
    moves, rows, key = got
    players = table.setup.players
    series = []
    for seat in range(len(players)):
        points = [fch.LineChartDataPoint(x, row[seat]) for x, row in zip(moves, rows)
                  if seat < len(row) and row[seat] is not None]
        if len(points) < 2:
            continue
        series.append(fch.LineChartData(points=points, color=PLAYER_COLORS[seat % len(PLAYER_COLORS)],
                                        stroke_width=3, dash_pattern=DASHES[seat % len(DASHES)], point=False))
    if not series:
        return None
    label = {"money": _("Money"), "score": _("Score"), "points": _("Points")}.get(key, _("Score"))
    chart = fch.LineChart(data_series=series, height=height, interactive=False,
                          left_axis=fch.ChartAxis(label_size=40, title=ft.Text(label, size=12), show_max=False),
                          bottom_axis=fch.ChartAxis(label_size=24, title=ft.Text(_("Move"), size=12)),
                          horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.with_opacity(0.2, ft.Colors.GREY)))
    legend = ft.Row([ft.Row([ft.Container(width=22, height=4, bgcolor=PLAYER_COLORS[s % len(PLAYER_COLORS)]),
                             ft.Text(_("{name} ({line})", name=players[s], line=_pattern_name(app, s)), size=13)],
                            spacing=4)
                     for s in range(len(players))], wrap=True, spacing=12)
    return ft.Column([ft.Text(_("{what} over the game", what=label), size=15, weight=ft.FontWeight.BOLD), chart,
                      legend], spacing=6)


def _pattern_name(app: "App", seat: int) -> str:
    """The line's pattern in words, so a seat is found without telling colours apart."""
    _ = app._
    return _("solid line") if DASHES[seat % len(DASHES)] is None else _("dashed line {n}", n=seat % len(DASHES))
