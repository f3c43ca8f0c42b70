"""The generic screen's free-entry form (``views/generic.py``: a game that does
not list its legal actions) builds its fields with the same builder as the
"correct the app to match the table" panel (``companion/ui/fields.py``): an
optional picker starts at "—" and is then left out of the action, and a game's
``correction_choices`` hook offers the choices of a field that depends on the
table.  Driven in-process on a tiny score sheet defined here."""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field
from typing import Any

import flet as ft
import pytest

from companion import registry
from companion.core import Action, Game, Move, Param
from companion.storage import Store
from companion.ui.app import App
from companion.ui.views import generic
from ui_harness import Event, FakePage, find, walk


@dataclass
class SheetState:
    players: list[str]
    phase: str = "play"
    entries: list[tuple[int | None, dict[str, Any]]] = field(default_factory=list)


def _score(state: SheetState, action: Action) -> None:
    state.entries.append((action.player, {k: action[k] for k in action.keys()}))


class Sheet(Game[SheetState]):
    """A score sheet that lists no moves: the table enters what happened."""

    id = "sheet"
    kind = "scoresheet"
    min_players = 2
    max_players = 4
    moves = {
        "score": Move("score", _score, None, "table", {
            "who": Param("seat"),
            "points": Param("int"),
            "bonus": Param("str", required=False, choices=("road", "army")),
            "where": Param("str", required=False),
        }),
    }

    def new_state(self, setup: Any) -> SheetState:
        return SheetState(list(setup.players))

    def active_players(self, state: SheetState) -> frozenset[int]:
        return frozenset()

    def view(self, state: SheetState, reveal: bool = False) -> dict[str, Any]:
        return {"entries": len(state.entries)}


GAME = Sheet()


def _shores(ctx: Any, move: str, name: str) -> list[tuple[str, str]] | None:
    """The sheet's screen names the places of this table (a correction_choices hook)."""
    if move != "score" or name != "where":
        return None
    return [("north", "North shore"), ("south", "South shore")]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.GAMES, "sheet", __name__)
    registry.get_game.cache_clear()
    application = App(FakePage(), Store(tmp_path / "sheet.db"))
    application.page.show_dialog = lambda d: None
    application.render()
    yield application
    registry.get_game.cache_clear()


@pytest.fixture
def hooked(monkeypatch):
    """The sheet with a screen of its own: the generic one plus the choices hook."""
    view = types.ModuleType("companion.ui.views.sheet")
    view.build = generic.build  # type: ignore[attr-defined]
    view.correction_choices = _shores  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, view.__name__, view)


def _field(app: App, label: str, kind: type) -> Any:
    return find(app.page, label, kind)


def _enter(app: App) -> None:
    button = next(c for c in walk([app.page.controls]) if getattr(c, "content", None) == "Enter")
    button.on_click(Event(button))


def test_the_form_is_the_generic_one_and_its_fields_are_named(app) -> None:
    app.start_table("sheet", ["Ann", "Bo"], {})
    entry = _field(app, "Entry", ft.Dropdown)
    assert [o.key for o in entry.options] == ["score"]
    who = _field(app, "who", ft.Dropdown)
    assert [o.text for o in who.options] == ["Ann", "Bo"]      # required: no "—"
    assert isinstance(_field(app, "points", ft.TextField), ft.TextField)
    assert isinstance(_field(app, "where", ft.TextField), ft.TextField)  # no hook: typed


def test_an_optional_picker_starts_at_nothing_and_is_left_out(app) -> None:
    app.start_table("sheet", ["Ann", "Bo"], {})
    bonus = _field(app, "bonus", ft.Dropdown)
    assert bonus.options[0].text == "—" and bonus.value == bonus.options[0].key
    assert [o.key for o in bonus.options[1:]] == ["road", "army"]
    _field(app, "who", ft.Dropdown).value = "1"
    _field(app, "points", ft.TextField).value = "3"
    _enter(app)
    assert app.table.state.entries == [(None, {"who": 1, "points": 3})]
    # picked, then taken back with "—": still left out
    bonus = _field(app, "bonus", ft.Dropdown)
    _field(app, "who", ft.Dropdown).value = "0"
    _field(app, "points", ft.TextField).value = "2"
    bonus.value = "army"
    bonus.value = bonus.options[0].key
    _enter(app)
    assert app.table.state.entries[-1] == (None, {"who": 0, "points": 2})
    # picked: given
    _field(app, "who", ft.Dropdown).value = "0"
    _field(app, "points", ft.TextField).value = "1"
    _field(app, "bonus", ft.Dropdown).value = "road"
    _enter(app)
    assert app.table.state.entries[-1] == (None, {"who": 0, "points": 1, "bonus": "road"})


def test_the_games_choices_hook_offers_a_picker(app, hooked) -> None:
    app.start_table("sheet", ["Ann", "Bo"], {})
    where = _field(app, "where", ft.Dropdown)
    assert [o.text for o in where.options] == ["—", "North shore", "South shore"]
    assert where.value == where.options[0].key                 # optional: left out unless picked
    _field(app, "who", ft.Dropdown).value = "1"
    _field(app, "points", ft.TextField).value = "4"
    _enter(app)
    assert app.table.state.entries == [(None, {"who": 1, "points": 4})]
    _field(app, "who", ft.Dropdown).value = "1"
    _field(app, "points", ft.TextField).value = "5"
    _field(app, "where", ft.Dropdown).value = "south"
    _enter(app)
    assert app.table.state.entries[-1] == (None, {"who": 1, "points": 5, "where": "south"})


def test_a_bad_typed_value_is_marked_and_nothing_is_entered(app) -> None:
    app.start_table("sheet", ["Ann", "Bo"], {})
    _field(app, "who", ft.Dropdown).value = "1"
    points = _field(app, "points", ft.TextField)
    points.value = "three"
    _enter(app)
    assert app.table.state.entries == []
    assert points.error == "Check this value" and points.value == "three"
