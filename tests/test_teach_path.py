"""From "Teach this game" to the table's first accepted move (issue 33): the words a new
table reads and the taps it makes, counted on what the screens show, in each language.

What is read: on Teach, everything from "The game in a minute" to the box check (the pitch,
the set-up for this count and who starts; the box check is the staff's, before guests sit
down, and is counted apart); on the table's first screen, the banner (who acts, what to do),
the first-time cards (title and words) and the label of each control tapped.  Words are
counted as the pitch's rule counts them (``teach.pitch_words``: a Latin word or number is one,
two Han characters are one).  The taps start with "Teach this game" on the filled New-table
form and end with the tap the table accepts as its first move.

Goal (issue 33): Manila's first legal move within 150 words and 10 taps, in every language.
``python -m pytest tests/test_teach_path.py -s`` prints the figures the README gives.
"""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion import teach
from companion.rules import library
from companion.storage import Store
from companion.ui.app import App
from ui_harness import Event, FakePage, press, texts, type_into, walk

NAMES = ["Ana", "Ben", "Cho", "Dee"]
FIGURES: dict[tuple[str, str], tuple[int, int, int, int]] = {}


def _words(items: list[str]) -> int:
    return sum(teach.pitch_words(t) for t in items)


def _shown(control: Any) -> list[str]:
    """The texts a person reads in ``control``: each text once (a text of spans as one line),
    each button's label."""
    out: list[str] = []
    for inner in walk(control):
        if isinstance(inner, ft.TextSpan):
            continue
        if isinstance(inner, ft.Text):
            out.append(inner.value if isinstance(inner.value, str) and inner.value
                       else "".join(s.text or "" for s in inner.spans or ()))
        elif isinstance(getattr(inner, "content", None), str):
            out.append(inner.content)
    return [t for t in out if t.strip()]


def _keyed(page: FakePage, prefix: str) -> list[str]:
    """The texts inside the controls whose key starts with ``prefix``."""
    out: list[str] = []
    for control in walk([page.appbar, page.controls]):
        if str(getattr(control, "key", "") or "").startswith(prefix):
            out += _shown(control)
    return out


def _label(control: Any) -> str:
    """What a pressable control shows: its own label, else the texts inside it."""
    for attr in ("content", "text", "label", "value"):
        value = getattr(control, attr, None)
        if isinstance(value, str):
            return value
    holder = FakePage()
    holder.controls = [control]
    return " ".join(t for t in texts(holder) if t.strip())


def _tap_starting(page: FakePage, start: str) -> str:
    """Tap the first pressable control whose label starts with ``start``; its label."""
    for control in walk([page.appbar, page.controls]):
        label = _label(control)
        if label.startswith(start) and getattr(control, "on_click", None) is not None:
            control.on_click(Event(control))
            return label
    raise LookupError(f"nothing to tap starting {start!r}: {texts(page)[:60]}")


@pytest.fixture
def app(tmp_path):
    application = App(FakePage(), Store(tmp_path / "path.db"))
    application.store.roster = lambda: []  # a new group: the form's fields start empty
    application.render()
    return application


def _teach(app: App, lang: str, game_id: str) -> tuple[int, int]:
    """Open Teach from the filled form; the words read there and the box check's."""
    app.set_language(lang)
    _ = app._
    app.go("new_table", game=game_id)
    press(app.page, _("Add a player"))  # the form opens at 3 seats
    for i, name in enumerate(NAMES):
        type_into(app.page, _("Seat {n}", n=i + 1), name)
    press(app.page, _("Teach this game"))
    shown = [t for t in texts(app.page) if t.strip()]
    start, box = shown.index(_("The game in a minute")), shown.index(_("Box check"))
    end = shown.index(_("Start the table"))
    assert teach.pitch(game_id, lang) in shown[start:box]
    return _words(shown[start:box]), _words(shown[box:end])


def _first_screen(app: App) -> int:
    """The words of the table's first screen a player reads: the banner and the cards."""
    banner = _keyed(app.page, "now-players") + _keyed(app.page, "now-text")
    cards = _keyed(app.page, "teach-card-")
    assert banner and cards, "a table started from Teach shows its step and its first card"
    return _words(banner) + _words([t for t in cards if t not in (app._("Read more"), app._("Got it"))])


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_manila_from_teach_to_the_first_move(app, lang):
    read, box = _teach(app, lang, "manila")
    first = read
    _ = app._
    taps = 1  # Teach this game
    press(app.page, _("Start the table"))
    taps += 1
    assert app.table is not None and app.table.teaching
    read += _first_screen(app)
    # Ana's shares: the quickest legal first move keeps them secret until the end
    label = library.message("manila", lang, "action.shares_later")
    press(app.page, label)
    taps += 1
    read += teach.pitch_words(label)
    assert app.table.session.cursor == 1  # the move was accepted
    FIGURES[("manila", lang)] = (read, box, taps, app.table.session.cursor)
    print(f"\nmanila {lang}: {read} words read ({first} on Teach), {taps} taps (box check apart: {box} words)")
    assert read <= 150 and taps <= 10


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_citadels_from_teach_to_the_first_move(app, lang):
    """A score sheet: Citadels at 4, whose first move sets 2 characters aside face up."""
    read, box = _teach(app, lang, "citadels")
    first = read
    _ = app._
    taps = 1
    press(app.page, _("Start the table"))
    taps += 1
    read += _first_screen(app)
    prefix = library.message("citadels", lang, "ui.draft_line").split("{")[0]  # the step's own line
    read += _words([t for t in texts(app.page) if t.startswith(prefix)][:1])
    for number in ("1 ", "2 "):  # the Assassin and the Thief came up face up
        read += teach.pitch_words(_tap_starting(app.page, number))
        taps += 1
    label = library.message("citadels", lang, "ui.confirm_draft")
    press(app.page, label)
    taps += 1
    read += teach.pitch_words(label)
    assert app.table.session.cursor == 1
    print(f"\ncitadels {lang}: {read} words read ({first} on Teach), {taps} taps (box check apart: {box} words)")
    assert taps == 5
