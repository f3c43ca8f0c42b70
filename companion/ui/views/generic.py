"""The screen any game gets when it has no screen of its own — and the model
for game screens (see ``companion/ui/context.py`` for the contract).

It shows the game's public view as cards, offers every legal action as a
button (or a picker when there are many of one kind), routes secret moves
through the hand-the-phone flow, and offers a free-entry form for a game that
does not list its legal actions.  (The shell's "correct the app to match the
table" panel is ``companion/ui/corrections.py``.)
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from ...core.actions import Action
from ..context import GameContext
from ..fields import NOBODY, field_for, field_value
from ..viewmodels import ActionGroup, available_moves, build_action, group_actions
from ..widgets import big_button, reason_line, section_title


def _value_text(ctx: GameContext, value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "—"
    if isinstance(value, (int, float)):
        return ctx.num(value)
    if isinstance(value, list):
        return ctx.join(_value_text(ctx, v) for v in value) if value else "—"
    if isinstance(value, dict):
        return ctx.semicolon.join(f"{_label(ctx, str(k))}{ctx.colon}{_value_text(ctx, v)}" for k, v in value.items())
    return str(value)


def _label(ctx: GameContext, key: str, kind: str = "ui") -> str:
    """The game's label for a key (``ui.<key>`` or ``param.<key>``), else the key."""
    text = ctx.t(f"{kind}.{key}")
    return key.replace("_", " ") if text == f"{kind}.{key}" else text


def players_panel(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    cards = []
    for seat, info in enumerate(view.get("players", [])):
        if not isinstance(info, dict):
            continue
        lines = [ft.Text(f"{_label(ctx, k)}{ctx.colon}{_value_text(ctx, v)}", size=14)
                 for k, v in info.items() if k != "name"]
        cards.append(ft.Container(
            content=ft.Column([ft.Text(info.get("name", ctx.players[seat] if seat < len(ctx.players) else "?"),
                                       weight=ft.FontWeight.BOLD, size=16, color=ctx.player_color(seat)),
                               *lines], spacing=2),
            padding=10, border_radius=10, width=170,
            border=ft.Border.all(2, ctx.player_color(seat))))
    return ft.Row(cards, wrap=True, spacing=8, run_spacing=8)


def table_panel(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    rows = [ft.Text(f"{_label(ctx, k)}{ctx.colon}{_value_text(ctx, v)}", size=14)
            for k, v in view.items() if k not in ("players",)]
    return ft.Column(rows, spacing=2)


def action_panel(ctx: GameContext, groups: list[ActionGroup]) -> ft.Control:
    blocks: list[ft.Control] = []
    for group in groups:
        title = ctx.t(f"action_group.{group.type}")
        if title == f"action_group.{group.type}":
            title = ctx.action_label(Action.make(group.type, group.player))
        if group.secret and group.player is not None:
            blocks.append(big_button(title, lambda e, g=group: _secret_group(ctx, g), icon=ft.Icons.LOCK))
        elif group.as_picker:
            blocks.append(_picker(ctx, group))
        else:
            blocks.append(ft.Row([big_button(ctx.action_label(a), lambda e, a=a: ctx.dispatch(a))
                                  for a in group.actions], wrap=True, spacing=8, run_spacing=8))
    return ft.Column(blocks, spacing=10)


def _picker(ctx: GameContext, group: ActionGroup, after: Callable[[], None] | None = None) -> ft.Control:
    options = [ft.DropdownOption(key=str(i), text=ctx.action_label(a)) for i, a in enumerate(group.actions)]
    dropdown = ft.Dropdown(options=options, value="0", width=300, label=ctx.ui("Choose"))

    def confirm(e: Any) -> None:
        action = group.actions[int(dropdown.value or 0)]
        if ctx.dispatch(action) and after:
            after()

    return ft.Row([dropdown, big_button(ctx.ui("Confirm"), confirm)], wrap=True)


def _secret_group(ctx: GameContext, group: ActionGroup) -> None:
    assert group.player is not None

    def form(done: Callable[[], None]) -> ft.Control:
        if group.as_picker:
            return _picker(ctx, group, after=done)

        def pick(action: Action) -> None:
            if ctx.dispatch(action):
                done()

        return ft.Row([big_button(ctx.action_label(a), lambda e, a=a: pick(a)) for a in group.actions],
                      wrap=True, spacing=8)

    ctx.private(group.player, ctx.action_label(Action.make(group.type, group.player)), form)


def free_entry(ctx: GameContext, corrections: bool) -> ft.Control:
    """A form for any move allowed now, for games that do not list their legal actions
    (``corrections``: the table's corrections instead; the correction panel itself is
    :mod:`companion.ui.corrections`, sharing :mod:`companion.ui.fields`)."""
    moves = available_moves(ctx.game, ctx.state, corrections)
    if not moves:
        return ft.Container()
    move_pick = ft.Dropdown(options=[ft.DropdownOption(key=m.name, text=ctx.action_label(Action.make(m.name)))
                                     for m in moves], value=moves[0].name, label=ctx.ui("Entry"), width=300)
    seat_pick = ft.Dropdown(options=[ft.DropdownOption(key=NOBODY, text="—")] +
                            [ft.DropdownOption(key=str(i), text=p) for i, p in enumerate(ctx.players)],
                            value=NOBODY, label=ctx.ui("Player"), width=300)
    fields_box = ft.Column(spacing=6)
    fields: dict[str, ft.Control] = {}

    def show_fields(e: Any = None) -> None:
        move = ctx.game.moves[move_pick.value or moves[0].name]
        fields.clear()
        fields.update({k: field_for(ctx, k, p, move.name) for k, p in move.params.items()})
        fields_box.controls = list(fields.values())
        if e is not None:
            ctx.refresh_control(fields_box)

    def submit(e: Any) -> None:
        move = ctx.game.moves[move_pick.value or moves[0].name]
        seat = None if seat_pick.value in (None, NOBODY) else int(seat_pick.value)
        try:
            action = build_action(move, seat, {k: field_value(f) for k, f in fields.items()})
        except (ValueError, TypeError):
            for f in fields.values():
                if isinstance(f, ft.TextField):
                    f.error = ctx.ui("Check this value")
            ctx.refresh_control(fields_box)
            return
        if not ctx.dispatch(action):
            # refused: the form stays open with its values, the reason beside it
            why.content = reason_line(ctx, ctx.last_refusal())
            ctx.refresh_control(why)

    why = ft.Container()
    move_pick.on_select = show_fields
    show_fields()
    return ft.Column([move_pick, seat_pick, fields_box, big_button(ctx.ui("Enter"), submit), why], spacing=8)


def _legal(ctx: GameContext) -> list[Action] | None:
    """The legal actions now (``ctx.legal``), or None when the game does not list them."""
    try:
        return list(ctx.legal)
    except NotImplementedError:
        return None


def build(ctx: GameContext) -> ft.Control:
    view = ctx.view
    legal = _legal(ctx)
    parts: list[ft.Control] = [players_panel(ctx, view), table_panel(ctx, view)]
    if legal is not None:
        if legal:
            parts += [section_title(ctx.ui("Choices")), action_panel(ctx, group_actions(ctx.game, legal))]
    else:
        parts += [section_title(ctx.ui("Enter what happened")), free_entry(ctx, corrections=False)]
    return ft.Column(parts, spacing=12)
