"""Teach: the game in a minute for a table that has never played it.

The pitch (goal, end, winner), the set-up for this table's player count (what each
player takes, what goes on the table, what stays in the box, who starts) and the box
check, all from ``companion.teach``; a Start button.  Opened from the New-table form
(``app.go("teach", game=..., count=..., names=..., options=...)``: Start starts the
table) or from a game's rules page (``app.go("teach", game=...)``: Start opens the
New-table form at the count chosen here).  A thin view: the numbers are the engine's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from .. import teach
from ..access import Denied
from ..core.errors import SetupError
from ..messages import describe_problem
from ..registry import get_game
from . import setup_board
from .labels import game_title
from .widgets import banner, big_button, card, icon_button, section_title, text_style

if TYPE_CHECKING:
    from .app import App


def _options(game: Any, raw: dict[str, Any]) -> dict[str, Any]:
    """The form's options as values (a dropdown holds text); a bad one is its default."""
    out: dict[str, Any] = {}
    for spec in game.options:
        try:
            out[spec.key] = spec.parse(raw.get(spec.key, spec.default))
        except (ValueError, TypeError):
            out[spec.key] = spec.default
    return out


def _part_titles(app: "App") -> dict[str, str]:
    _ = app._
    return {"each": _("Each player takes"), "board": _("On the table"),
            "aside": _("Out of play"), "later": _("Later in the game"),
            "start": _("Who starts")}


def teach_body(app: "App", game_id: str) -> ft.Control:
    _ = app._
    game = get_game(game_id)
    params = app.nav.params
    count = max(game.min_players, min(game.max_players, int(params.get("count") or max(game.min_players, 3))))
    names = [str(n) for n in (params.get("names") or [])][:count]
    shown = [n.strip() or _("Seat {n}", n=i + 1) for i, n in enumerate(names)]
    shown += [_("Seat {n}", n=i + 1) for i in range(len(shown), count)]
    options = _options(game, dict(params.get("options") or {}))
    from_form = params.get("names") is not None

    def set_count(n: int) -> None:
        params["count"] = n
        app.render()

    fewer = icon_button(ft.Icons.PERSON_REMOVE, lambda e: set_count(count - 1), _("Fewer players"),
                        disabled=count <= game.min_players)
    more = icon_button(ft.Icons.PERSON_ADD, lambda e: set_count(count + 1), _("More players"),
                       disabled=count >= game.max_players)
    heading = ft.Text(_("Set-up for {n} players", n=count), size=18, weight=ft.FontWeight.BOLD, expand=True,
                      style=text_style(height=1.2))
    parts: list[ft.Control] = [
        section_title(_("The game in a minute")),
        card(ft.Text(teach.pitch(game_id, app.lang), size=16)),
        # the count is the form's when Teach was opened from it; from the rules page it is picked here
        heading if from_form else ft.Row([fewer, heading, more], vertical_alignment=ft.CrossAxisAlignment.CENTER),
    ]
    sentences = teach.setup_sentences(game_id, count, options, app.lang, shown)
    # a game whose board the app draws: "On the table" is the board with its starting pieces
    # where they go (the sentences it draws are not said twice)
    places = teach.setup_board(game_id, count, options)
    drawn = setup_board.drawn_lines(places)
    for part, title in _part_titles(app).items():
        mine = [text for p, name, text in sentences if p == part and name not in drawn]
        drawing = places is not None and part == "board"
        if mine or drawing:
            parts.append(ft.Text(title, size=16, weight=ft.FontWeight.W_600))
        if drawing:
            parts.append(setup_board.draw(game_id, places or [], app.lang, shown, app.t.number))
        parts += [ft.Row([ft.Text("•", size=15), ft.Text(text, size=15, expand=True)],
                         vertical_alignment=ft.CrossAxisAlignment.START, spacing=8) for text in mine]
    parts += [section_title(_("Box check")),
              ft.Text(_("Count each component; a short count means an incomplete box."), size=14)]
    # a packing list: the count beside its component (not across a tablet's width), a box to tick
    parts += [ft.Row([ft.Checkbox(), ft.Text(str(n), size=16, weight=ft.FontWeight.BOLD, width=44,
                                             text_align=ft.TextAlign.RIGHT),
                      ft.Text(name, size=15, expand=True)],
                     vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=10)
              for name, n in teach.box_text(game_id, app.lang)]
    problems: list[str] = params.get("problems", [])
    parts += [banner(p, "error") for p in problems]

    def start(e: Any) -> None:
        if not from_form:  # from the rules page: the names are entered on the New-table form
            app.go("new_table", game=game_id, count=count, teach=True)
            return
        try:
            # a table started from Teach teaches as it goes: each rule's card the first time it applies
            app.start_table(game_id, names, dict(params.get("options") or {}), teaching=True)
        except SetupError as exc:
            params["problems"] = [describe_problem(p, game_id, app.lang) for p in exc.problems]
            app.render()
        except Denied as exc:
            params["problems"] = [app.denied_text(exc)]
            app.render()

    label = _("Start the table") if from_form else _("Seat the players")
    parts.append(big_button(label, start, icon=ft.Icons.PLAY_ARROW, filled=True))
    return ft.Column(parts, spacing=10)


def screen_teach(app: "App") -> tuple[Any, ft.Control]:
    game_id = str(app.nav.params.get("game"))
    title = app._("Teach: {game}", game=game_title(game_id, app.lang))
    leading = icon_button(ft.Icons.ARROW_BACK, app.go_back, app._("Back"))
    heading = ft.Text(title, size=18, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, style=text_style(height=1.15))
    bar = ft.AppBar(title=heading, leading=leading, actions=[], automatically_imply_leading=False)
    return bar, teach_body(app, game_id)
