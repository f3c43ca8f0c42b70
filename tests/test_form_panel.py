"""FormPanel: a half-filled form redrawn in place, its action sent once complete."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.core import Action
from companion.ui.widgets import FormPanel, confirm_button
from ui_harness import walk


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


# ----- confirm_button: never pale, says what is missing calmly, sends what it has -----------------
class WhyCtx(Ctx):
    lang = "en"

    def __init__(self, refusal: tuple[str, str | None] | None) -> None:
        super().__init__()
        self.refusal = refusal

    def why_not(self, action: Action) -> tuple[str, str | None] | None:
        return self.refusal

    def ui(self, msgid: str, **params: object) -> str:
        return msgid.format(**params)


def _buttons(control: ft.Control) -> list[ft.Control]:
    return [c for c in walk(control) if isinstance(c, (ft.Button, ft.FilledButton))]


def test_confirm_button_of_an_incomplete_form_is_pressable_and_says_why_calmly():
    ctx = WhyCtx(("Pick two more cards.", None))
    control = confirm_button(ctx, "Confirm", Action.make("pick", 0), complete=False)
    (button,) = _buttons(control)
    assert not button.disabled and not isinstance(button, ft.FilledButton)
    notes = [c for c in walk(control) if isinstance(c, ft.Container) and c.bgcolor is not None]
    assert notes and notes[0].bgcolor == ft.Colors.BLUE_GREY_50  # a note, not the red of a refusal
    assert any(isinstance(c, ft.Text) and c.value == "Pick two more cards." for c in walk(control))
    button.on_click(None)
    assert ctx.sent == [Action.make("pick", 0)]  # pressing sends it: the referee's refusal shows


def test_confirm_button_with_nothing_to_try_shows_what_is_missing_and_sends_nothing():
    ctx = WhyCtx(None)
    control = confirm_button(ctx, "Confirm", None, complete=False, missing=("Pick the owner first.", None))
    assert any(isinstance(c, ft.Text) and c.value == "Pick the owner first." for c in walk(control))
    _buttons(control)[0].on_click(None)
    assert ctx.sent == []


def test_confirm_button_of_a_complete_form_is_filled_and_alone():
    ctx = WhyCtx(("never asked", None))
    control = confirm_button(ctx, "Confirm", Action.make("pick", 1), complete=True)
    assert isinstance(control, ft.FilledButton)
    control.on_click(None)
    assert ctx.sent == [Action.make("pick", 1)]
