"""FormPanel: a half-filled form redrawn in place, its action sent once complete."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion import registry
from companion.core import Action
from companion.games.cockroach_poker.game import CREATURES
from companion.storage import Store
from companion.ui.app import App
from companion.ui.widgets import FormPanel, confirm_button, kept_form
from games.screen_harness import click
from ui_harness import FakePage, texts, walk


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


# ----- a half-filled form and the redraws of the whole screen ------------------------------
def _round_table(tmp_path):
    registry.get_game.cache_clear()
    store = Store(tmp_path / "forms.db")
    mine = App(FakePage(), store)
    mine.render()
    mine.start_table("cockroach_poker", ["Ann", "Bob", "Cid"], {})
    other = App(FakePage(), store)
    other.open_table(mine.table.id)
    click(mine.page.controls, "Ann")  # Ann starts: the round form is up
    return mine, other


def _half_fill(app) -> None:
    click(app.page.controls, "Cid", 1)   # who answered
    click(app.page.controls, "Rat", 0)   # what was said
    click(app.page.controls, "Bat", 1)   # what the card was
    click(app.page.controls, "\"True\"")


def test_a_half_filled_form_survives_a_redraw_that_changes_nothing_it_was_made_from(tmp_path):
    """Issue: every redraw of the screen made every form afresh, so taps on a
    round's result were lost when a phone joined the table or claimed a seat
    (every device redraws), when a section was opened, or when the shell showed
    a refusal -- though nothing the form was made from had changed."""
    mine, other = _round_table(tmp_path)
    _half_fill(mine)
    assert "Cid takes the card" in texts(mine.page)
    mine.render()  # what another device's join, a section or a refusal does
    mine.render()
    assert "Cid takes the card" in texts(mine.page)
    click(mine.page.controls, "Confirm the round result")
    assert mine.table.session.cursor == 2 and mine.table.state.penalties[2][CREATURES.index("bat")] == 1
    # the form that was sent starts afresh
    assert "Cid takes the card" not in texts(mine.page)


def test_a_form_is_made_afresh_once_the_table_changed(tmp_path):
    """A move made on another device changes what the form was made from
    (who may answer, what is legal): the half-filled form goes."""
    mine, other = _round_table(tmp_path)
    _half_fill(mine)
    other.refresh_table()
    click(other.page.controls, "Bob", 1)
    click(other.page.controls, "Rat", 0)
    click(other.page.controls, "Rat", 1)
    click(other.page.controls, "\"True\"")
    click(other.page.controls, "Confirm the round result")
    assert mine.refresh_table()
    assert "Cid takes the card" not in texts(mine.page) and "Bob takes the card" not in texts(mine.page)


def test_forms_are_kept_by_kind_and_place_and_one_form_in_two_panels_stays_one():
    class Context:
        def __init__(self, stamp: object, extra: dict) -> None:
            self.draft_stamp, self.extra = stamp, extra

    memory: dict = {}
    first = Context(("t", 3, None, None), memory)
    a, b = Pick(), Pick()
    assert kept_form(first, a) is a and kept_form(first, b) is b and kept_form(first, a) is a
    a.seat, b.seat = 1, 2
    again = Context(("t", 3, None, None), memory)
    a2, b2 = Pick(), Pick()
    assert kept_form(again, a2) is a and kept_form(again, b2) is b  # in the order they were made
    assert kept_form(again, a2) is a                                  # shown twice: still the same one
    later = Context(("t", 4, None, None), memory)
    fresh = Pick()
    assert kept_form(later, fresh) is fresh and fresh.seat is None
    # no stamp (a screen outside the app): nothing kept
    assert kept_form(Ctx(), Pick()).seat is None
