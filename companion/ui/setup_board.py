"""Teach: the set-up drawn on the board (Manila, Niagara, Modern Art, Maritime Silk Road).

``companion.teach.setup_board`` says where each starting piece goes, read from the engine's
first state at the table's count; this draws it on the board's own ground (``board.surface``,
the same in both themes): a row for each place, named as the board prints it, its pieces
(coloured as the game's board view colours them: a ware, a gem, a good) with how many, its
empty spaces as empty boxes.  Display only: nothing on it is pressed.  A place that draws a
set-up line says it with its pieces, so the Teach screen leaves that sentence out of its list
(``drawn_lines``): the words a new table reads stay within issue 33's budget.

Each drawn piece's key is ``setup:<place>:<kind>[:<what>][@<seat>]`` and its ``data`` the
count, so a test reads the drawing back (``read``) and holds it to the rulebook's figures.
"""

from __future__ import annotations

import importlib
from typing import Any, Sequence

import flet as ft

from .. import teach
from ..core.teach import Piece, Place
from . import board

#: the piece's picture (icons the bundled icon font has: ui/icon_font.py)
_ICONS: dict[str, Any] = {
    "price_marker": ft.Icons.CIRCLE, "share": ft.Icons.STYLE, "boat": ft.Icons.SAILING, "money": ft.Icons.SELL,
    "accomplice": ft.Icons.GROUP, "disc": ft.Icons.CIRCLE_OUTLINED, "weather": ft.Icons.CLOUD,
    "gem": ft.Icons.DIAMOND, "canoe": ft.Icons.SAILING, "paddle_card": ft.Icons.STYLE, "painting": ft.Icons.STYLE,
    "card": ft.Icons.STYLE, "value_token": ft.Icons.HEXAGON, "goods_card": ft.Icons.STYLE,
    "ship": ft.Icons.DIRECTIONS_BOAT, "exchange": ft.Icons.LOOP, "licence": ft.Icons.SHIELD,
    "porter": ft.Icons.SUPPORT, "token": ft.Icons.HEXAGON, "coin": ft.Icons.SELL,
}
#: a piece of the table's, no colour of its own
_PLAIN = ("#ffffff", board.INK)


def _colours(game_id: str) -> dict[str, tuple[str, str]]:
    """The game's board view's colours of a ware / gem / good / artist (``SETUP_COLORS``)."""
    module = importlib.import_module(f"{__package__}.views.{game_id}")
    return dict(getattr(module, "SETUP_COLORS", {}))


def piece_key(place: str, p: Piece) -> str:
    key = f"setup:{place}:{p.kind}"
    if p.what is not None:
        key += f":{p.what}"
    if p.at is not None:
        key += f"={p.at}"
    return key + ("" if p.seat is None else f"@{p.seat}")


def _piece(game_id: str, place: str, p: Piece, colours: dict[str, tuple[str, str]], num: Any) -> ft.Control:
    bg, fg = colours.get(p.what or "", _PLAIN)
    # on a track: the space it stands on (and how many, where more than one: 4 tokens of 30)
    figure = num(p.n) if p.at is None else num(p.at) + ("" if p.n == 1 else f" \u00d7{num(p.n)}")
    return ft.Container(
        content=ft.Row([ft.Icon(_ICONS.get(p.kind, ft.Icons.SQUARE), size=14, color=fg),
                        ft.Text(figure, size=13, color=fg, weight=ft.FontWeight.BOLD, no_wrap=True)],
                       spacing=2, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=bg, border_radius=10, height=24, padding=ft.Padding.symmetric(horizontal=6),
        border=ft.Border.all(1, board.LINE), key=piece_key(place, p), data=p.n)


def _empty(place: str | None, i: int) -> ft.Control:
    """An empty space (``place`` None: one of a column's, counted by the column)."""
    return ft.Container(width=22, height=22, border_radius=4, border=ft.Border.all(1.5, board.LINE),
                        bgcolor="#fffdf7", key=None if place is None else f"setup:{place}:empty:{i}", data=1)


def draw(game_id: str, places: Sequence[Place], lang: str, players: Sequence[str], num: Any) -> ft.Control:
    """The set-up board: ``places`` (``teach.setup_board``) for this table's ``players``
    (names, for the seats' tokens); ``num`` writes a number in the table's language."""
    words = teach.texts(game_id).get("places", {})
    colours = _colours(game_id)
    seats = type("Seats", (), {"players": tuple(players)})()
    rows: list[ft.Control] = []
    for pl in places:
        label = words.get(pl.key, {}).get(lang if lang in teach.LANGS else "en", pl.key)
        if pl.key == "seats":  # each player's own pieces in front of them, a token a seat
            rows.append(ft.Row([ft.Container(ft.Row([board.seat_token(seats, seat, size=24),
                                                     *(_piece(game_id, pl.key, p, colours, num)
                                                       for p in pl.pieces if p.seat == seat)],
                                                    spacing=3, tight=True,
                                                    vertical_alignment=ft.CrossAxisAlignment.CENTER),
                                             padding=ft.Padding.only(right=10))
                                for seat in range(len(players))], spacing=0, wrap=True, run_spacing=6))
            continue
        pieces: list[ft.Control] = []
        for p in pl.pieces:
            if p.kind == "column":  # a column of a board's grid: its colour over its empty spaces
                bg, _fg = colours.get(p.what or "", _PLAIN)
                pieces.append(ft.Column([ft.Container(width=22, height=8, bgcolor=bg, border_radius=3),
                                         *(_empty(None, i) for i in range(p.n))],
                                        spacing=3, tight=True, key=piece_key(pl.key, p), data=p.n))
            elif p.seat is not None:  # on a shared place: the seat's token beside its count
                pieces.append(ft.Row([board.seat_token(seats, p.seat, size=24),
                                      _piece(game_id, pl.key, p, colours, num)], spacing=1, tight=True))
            else:
                pieces.append(_piece(game_id, pl.key, p, colours, num))
        pieces += [_empty(pl.key, i) for i in range(pl.empty)]
        row = ft.Row([ft.Container(board.heading(label, size=13), width=86),
                      ft.Row(pieces, spacing=4, run_spacing=4, wrap=True, expand=True)],
                     spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        rows.append(ft.Container(row, key=f"setup-place:{pl.key}"))
    return board.surface(ft.Column(rows, spacing=6, tight=True), padding=8, key="teach-setup-board")


def drawn_lines(places: Sequence[Place] | None) -> set[str]:
    """The set-up lines (``<part>.<key>``) the drawing shows."""
    return {line for pl in places or () for line in pl.lines}


def read(control: Any) -> dict[str, int]:
    """The drawing read back: each piece's key and its count; ``setup:<place>:empty`` the
    number of empty spaces of a place."""
    out: dict[str, int] = {}
    stack = [control]
    while stack:
        c = stack.pop()
        key = str(getattr(c, "key", "") or "")
        if key.startswith("setup:"):
            if ":empty:" in key:
                key = key.rsplit(":", 1)[0]
                out[key] = out.get(key, 0) + 1
            else:
                out[key] = int(c.data)
        for attr in ("content", "controls"):
            inner = getattr(c, attr, None)
            if isinstance(inner, list):
                stack += inner
            elif inner is not None and not isinstance(inner, str):
                stack.append(inner)
    return out
