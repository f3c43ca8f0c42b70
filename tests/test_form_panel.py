"""FormPanel: a half-filled form redrawn in place, its action sent once complete."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.core import Action
from companion.ui.widgets import FormPanel


@dataclass
class Pick:
    seat: int | None = None

    def action(self) -> Action | None:
        return None if self.seat is None else Action.make("pick", self.seat)


class Ctx:
    def __init__(self) -> None:
        self.refreshed: list[object] = []
        self.sent: list[Action] = []

    def refresh_control(self, control: object) -> None:
        self.refreshed.append(control)

    def dispatch(self, action: Action) -> bool:
        self.sent.append(action)
        return True


def draw(panel: FormPanel[Pick]) -> ft.Control:
    buttons = [ft.TextButton(str(s), on_click=panel.on(lambda s=s: setattr(panel.form, "seat", s))) for s in range(3)]
    picked = ft.Text("none" if panel.form.seat is None else f"seat {panel.form.seat}")
    return ft.Column([*buttons, picked])


def test_a_tap_changes_the_form_and_redraws_only_the_panel():
    ctx = Ctx()
    panel = FormPanel(ctx, Pick(), draw)
    first = panel.control.content
    assert first.controls[-1].value == "none"
    first.controls[2].on_click(None)
    assert panel.form.seat == 2
    assert ctx.refreshed == [panel.control]           # just this panel was sent
    assert panel.control.content is not first and panel.control.content.controls[-1].value == "seat 2"


def test_send_dispatches_only_a_complete_form():
    ctx = Ctx()
    panel = FormPanel(ctx, Pick(), draw)
    assert panel.send(panel.form.action()) is False and ctx.sent == []
    panel.change(lambda: setattr(panel.form, "seat", 1))
    assert panel.send(panel.form.action()) is True and ctx.sent == [Action.make("pick", 1)]
