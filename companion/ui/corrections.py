"""The table's escape hatch, under every game's screen: "correct the app to
match the table" (the physical table is the truth).

A collapsed form for the game's correction moves allowed now: pick the move,
the player if it has one, fill its fields, enter.  Every name on it is
translated: the move (``action_group.<move>`` / ``action.<move>``), its fields
(``param.<name>``) and their fixed choices (``value.<param>.<choice>`` or the
game's own name for that ware, gem, card...) — never the engine's ids (the
fields are ``fields.py``'s, as on the generic screen's free-entry form).  A
refused correction keeps the form open with its values and the reason beside
it (with the rule link); the refusal names the move as the form does.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from ..core.game import Move
from . import sections
from .context import GameContext
from .fields import NOBODY, field_for, field_value
from .viewmodels import available_moves, build_action, move_label
from .widgets import big_button, expander, reason_line


def correction_moves(ctx: GameContext) -> list[Move]:  # type: ignore[type-arg]
    """The game's correction moves allowed in the current phase."""
    return available_moves(ctx.game, ctx.state, corrections=True)


def shown_fields(form: ft.Column) -> list[ft.Control]:
    """The fields of the move picked now on a form made by :func:`correction_form`."""
    return next((box.controls for box in form.controls[2].controls if box.visible), [])


def correction_form(ctx: GameContext) -> ft.Column | None:
    """The form for the correction moves allowed now (None if there are none):
    [move picker, player picker, the fields of each move (the picked one
    shown), Enter, the reason of a refusal]."""
    moves = correction_moves(ctx)
    if not moves:
        return None
    gid, lang = ctx.game.id, ctx.lang
    move_pick = ft.Dropdown(options=[ft.DropdownOption(key=m.name, text=move_label(gid, m.name, lang))
                                     for m in moves], value=moves[0].name, label=ctx.ui("Entry"), width=300)
    seat_pick = ft.Dropdown(options=[ft.DropdownOption(key=NOBODY, text="—")] +
                            [ft.DropdownOption(key=str(i), text=p) for i, p in enumerate(ctx.players)],
                            value=NOBODY, label=ctx.ui("Player"), width=300)
    # every move's fields are made once, and picking a move only shows its own
    # (a change of visibility: a small update, and what was typed for another
    # move is still there when the person goes back to it)
    fields = {m.name: {k: field_for(ctx, k, p, m.name) for k, p in m.params.items()} for m in moves}
    boxes = {name: ft.Column(list(controls.values()), spacing=6, visible=False) for name, controls in fields.items()}
    fields_box = ft.Column(list(boxes.values()), spacing=6)
    why = ft.Container()

    def chosen() -> Move:  # type: ignore[type-arg]
        return ctx.game.moves[move_pick.value or moves[0].name]

    def show_fields(e: Any = None) -> None:
        for name, box in boxes.items():
            box.visible = name == chosen().name
            if e is not None:
                ctx.refresh_control(box)

    def submit(e: Any) -> None:
        seat = None if seat_pick.value in (None, NOBODY) else int(seat_pick.value)
        try:
            action = build_action(chosen(), seat, {k: field_value(f) for k, f in fields[chosen().name].items()})
        except (ValueError, TypeError):
            for f in fields[chosen().name].values():
                if isinstance(f, ft.TextField):
                    f.error = ctx.ui("Check this value")
                    ctx.refresh_control(f)
            return
        # entered, the form drawn with the move starts afresh: this one is no longer a draft
        ctx.extra.pop(DRAFT, None)
        entered = [move_pick, seat_pick, *fields[chosen().name].values()]
        sections.sending(*entered)
        if not ctx.dispatch(action):
            # refused: the form stays open with its values, the reason beside it
            ctx.extra[DRAFT] = drawn
            sections.unsent(*entered)
            why.content = reason_line(ctx, ctx.last_refusal())
            ctx.refresh_control(why)

    # what this device had filled in on the form drawn last (another device's
    # move redraws the screen: the half-filled form must survive it)
    drawn = (move_pick, seat_pick, fields)
    _carry(ctx.extra.get(DRAFT), *drawn)
    ctx.extra[DRAFT] = drawn
    move_pick.on_select = show_fields
    show_fields()
    return ft.Column([move_pick, seat_pick, fields_box, big_button(ctx.ui("Enter"), submit), why], spacing=8)


#: the view memory's entry holding the correction form drawn last on this device
DRAFT = "correction_draft"


def _carry(before: Any, move_pick: ft.Dropdown, seat_pick: ft.Dropdown,
           fields: dict[str, dict[str, ft.Control]]) -> None:
    """Give the new form the values the phone reported on the one drawn
    before (Flet writes them into those controls): the picked move and
    player, and each move's fields, wherever the new form still offers them."""
    if before is None:
        return
    old_move, old_seat, old_fields = before
    if old_move.value in fields:
        move_pick.value = old_move.value
    if _offers(seat_pick, old_seat.value):
        seat_pick.value = old_seat.value
    for move, controls in fields.items():
        for key, control in controls.items():
            old = old_fields.get(move, {}).get(key)
            if type(old) is not type(control) or old.value == control.value:
                continue
            if not isinstance(control, ft.Dropdown) or _offers(control, old.value):
                control.value = old.value


def _offers(pick: ft.Dropdown, value: Any) -> bool:
    return any(option.key == value for option in pick.options or ())


def corrections_panel(ctx: GameContext) -> ft.Control | None:
    """The collapsed "correct the app to match the table" panel (None if the
    game has no correction allowed now); its form is made only while it is
    open (``sections.py``)."""
    if not correction_moves(ctx):
        return None

    def form() -> list[ft.Control]:
        made = correction_form(ctx)
        return [made] if made is not None else []

    return expander(ctx.ui("Correct the app to match the table"), form, section="corrections")

