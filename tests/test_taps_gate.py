"""The gate in front of Flet's event dispatch (``taps.install``): a tap on a
control that left the page is answered by the late-tap handler, never by
Flet -- which, for a control still in its index but no longer on a page,
showed the phone "Error running app" (the browser race test, once)."""

from __future__ import annotations

import types

import flet as ft

from companion.ui import taps
from ui_harness import run_coroutine


class Session:
    def __init__(self, index: dict) -> None:
        self.index = index
        self.dispatched: list[int] = []

        async def dispatch_event(control_id, event_name, event_data):
            self.dispatched.append(control_id)

        self.dispatch_event = dispatch_event


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


def test_a_control_on_the_page_goes_to_flet():
    shown = types.SimpleNamespace(page=object())
    assert taps.on_page(shown)
    session, asked = gate({7: shown}, answers=True)
    run_coroutine(session.dispatch_event(7, "click", None))
    assert asked == [] and session.dispatched == [7]


def test_an_unknown_id_goes_to_the_late_tap_handler_then_to_flet():
    session, asked = gate({}, answers=False)
    run_coroutine(session.dispatch_event(9, "click", None))
    assert asked == [9] and session.dispatched == [9]
    session, asked = gate({}, answers=True)
    run_coroutine(session.dispatch_event(9, "click", None))
    assert asked == [9] and session.dispatched == []
