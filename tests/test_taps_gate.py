"""The gate in front of Flet's event dispatch (``taps.install``): a tap on a
control that left the page is answered by the late-tap handler, never by
Flet -- which, for a control still in its index but no longer on a page,
showed the phone "Error running app" (the browser race test, once)."""

from __future__ import annotations

import types

import flet as ft

from companion.ui import taps
from ui_harness import run_coroutine


class _FletSession:
    index: dict = {}

    async def after_event(self, control):  # Flet sends the handler's changes here
        return None


PAGE = types.SimpleNamespace(session=_FletSession())  # the page a control on it hangs from


class Session:
    def __init__(self, index: dict) -> None:
        self.index = index
        self.page = PAGE
        self.dispatched: list[int] = []  # what reached Flet's own dispatch
        self.errors: list[str] = []  # what Flet would send the phone as a crash

        async def dispatch_event(control_id, event_name, event_data):
            self.dispatched.append(control_id)

        self.dispatch_event = dispatch_event

    def error(self, message: str) -> None:
        self.errors.append(message)


@ft.control
class Shown(ft.Button):
    """A button on the page until ``leaves`` says when: "gate" (before the
    gate looks), "tap" (after the gate looked, before its handler: a redraw in
    another thread) or "handler" (while its handler runs)."""
    leaves: str = "never"
    gone: bool = False

    @property
    def page(self):
        if self.gone:
            raise RuntimeError(f"Button({self._i}) Control must be added to the page first")
        return PAGE

    def before_event(self, e):
        if self.leaves == "tap":
            self.gone = True
        return True


def gate(index: dict, answers: bool) -> tuple[Session, list[int]]:
    session = Session(index)
    asked: list[int] = []

    async def answer(control_id, event_name, data):
        asked.append(control_id)
        return answers

    taps.install(session, answer)
    return session, asked


def test_a_control_in_flets_index_but_off_the_page_is_a_late_tap():
    detached = ft.IconButton(ft.Icons.UNDO)  # no parent: Flet's control.page raises
    assert not taps.on_page(detached)
    session, asked = gate({7: detached}, answers=True)
    run_coroutine(session.dispatch_event(7, "click", None))
    assert asked == [7] and session.dispatched == []


def test_one_the_late_tap_handler_does_not_know_is_dropped_not_given_to_flet():
    session, asked = gate({7: ft.IconButton(ft.Icons.UNDO)}, answers=False)
    run_coroutine(session.dispatch_event(7, "click", None))
    assert asked == [7] and session.dispatched == []


def test_a_control_on_the_page_runs_its_handler():
    pressed = []
    shown = Shown("Bid", on_click=lambda e: pressed.append(e.control))
    assert taps.on_page(shown)
    session, asked = gate({7: shown}, answers=True)
    run_coroutine(session.dispatch_event(7, "click", None))
    assert pressed == [shown] and asked == [] and session.errors == []


def test_one_that_leaves_the_page_after_the_gate_looked_is_a_late_tap_not_a_crash():
    """CI, once: Flet's "Button(6402387) Control must be added to the page
    first" reached the host's phone as a crash -- the control left the page
    between the gate's look and Flet's."""
    pressed = []
    racing = Shown("Back to the table", leaves="tap", on_click=lambda e: pressed.append(e))
    session, asked = gate({7: racing}, answers=True)
    run_coroutine(session.dispatch_event(7, "click", None))
    assert asked == [7] and pressed == [] and session.errors == [] and session.dispatched == []


def test_an_error_in_a_handler_still_reaches_the_phone_as_flet_sends_it():
    def broken(e):
        raise ValueError("a bug in a handler")

    session, asked = gate({7: Shown("Bid", on_click=broken)}, answers=True)
    run_coroutine(session.dispatch_event(7, "click", None))
    assert asked == [] and len(session.errors) == 1 and "a bug in a handler" in session.errors[0]


def test_a_handler_whose_own_control_left_the_page_meanwhile_is_not_run_again():
    """The handler ran and then failed on its control's page: that is its
    own error (it may have changed something), never a second run."""
    runs = []

    def handler(e):
        runs.append(1)
        e.control.gone = True
        return e.control.page

    session, asked = gate({7: Shown("Bid", on_click=handler)}, answers=True)
    run_coroutine(session.dispatch_event(7, "click", None))
    assert runs == [1] and asked == [] and len(session.errors) == 1


def test_an_unknown_id_goes_to_the_late_tap_handler_then_to_flet():
    session, asked = gate({}, answers=False)
    run_coroutine(session.dispatch_event(9, "click", None))
    assert asked == [9] and session.dispatched == [9]
    session, asked = gate({}, answers=True)
    run_coroutine(session.dispatch_event(9, "click", None))
    assert asked == [9] and session.dispatched == []
