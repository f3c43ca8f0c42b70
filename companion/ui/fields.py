"""The input for one parameter of a move, and what it holds: the one field
builder of the shell's move forms — the "correct the app to match the table"
panel (``corrections.py``) and the generic screen's free-entry form
(``views/generic.py``).

Every name on a field is translated: its label (``param.<name>``) and its fixed
choices (``value.<param>.<choice>`` or the game's own name for that ware, gem,
card...), never the engine's ids.  A game's screen may offer the choices of a
field whose values depend on the table through its ``correction_choices``
hook.  An optional field offered as a picker starts at "—" (left out).
"""

from __future__ import annotations

import flet as ft

from ..core.game import Param
from .context import GameContext
from .viewmodels import choice_label, param_label
from .views import view_for

#: a picker's value for "none": no player, an optional field left out
NOBODY = "-"


def game_choices(ctx: GameContext, move: str, name: str) -> list[tuple[str, str]] | None:
    """The choices the game's own screen offers for a field whose values depend
    on the table (a Niagara gem's place: each site, each player's bank, each
    canoe in the river), as (value, what the person reads); None: none."""
    offer = getattr(view_for(ctx.game.id), "correction_choices", None)
    return None if offer is None else offer(ctx, move, name)  # type: ignore[no-any-return]


def _picker(label: str, options: list[tuple[str, str]], required: bool) -> ft.Dropdown:
    """A dropdown of (value, what the person reads); an optional field's starts at
    "—" (left out), so a value picked by mistake can be taken back."""
    shown = [ft.DropdownOption(key=value, text=text) for value, text in options]
    if required:
        return ft.Dropdown(options=shown, label=label, width=300)
    return ft.Dropdown(options=[ft.DropdownOption(key=NOBODY, text="—"), *shown], value=NOBODY, label=label,
                       width=300)


def field_for(ctx: GameContext, name: str, param: Param, move: str) -> ft.Control:
    """The input a move's parameter needs: the game's own choices for it if it
    has some (asked with the move's name), player names for a seat, a picker
    with translated choices for a fixed list, a switch for yes/no, else text."""
    gid, lang = ctx.game.id, ctx.lang
    label = param_label(gid, name, lang)
    choices = game_choices(ctx, move, name)
    if choices is not None:
        return _picker(label, choices, param.required)
    if param.kind == "seat":
        return _picker(label, [(str(i), p) for i, p in enumerate(ctx.players)], param.required)
    if param.choices and param.kind in ("int", "str"):
        return _picker(label, [(str(c), choice_label(gid, name, c, lang)) for c in param.choices], param.required)
    if param.kind == "bool":
        return ft.Switch(label=label, value=False)
    return ft.TextField(label=label, width=300)


def field_value(control: ft.Control) -> str:
    """What a field holds, as ``build_action`` parses it ("—" picked, or
    nothing yet: "", which leaves an optional field out)."""
    value = getattr(control, "value", None)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None or (isinstance(control, ft.Dropdown) and value == NOBODY):
        return ""
    return str(value)
