"""A rebuilt screen is reconciled against the shown one (only differences are
sent), and a form inside it can still be redrawn in place afterwards."""

from __future__ import annotations

import flet as ft
import msgpack
import pytest
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion import registry
from companion.storage import Store
from companion.ui import taps
from companion.ui.app import App
from companion.ui.reconcile import record_snapshots, thaw
from ui_harness import FakePage, objects, open_section


def send(control: ft.BaseControl) -> None:
    """What a first send does to a control tree (records its snapshots)."""
    msgpack.packb(control, default=configure_encode_object_for_msgpack(ft.BaseControl))


def diff(old: ft.BaseControl, new: ft.BaseControl) -> list:
    patch, _added, _removed = ObjectPatch.from_diff(old, new, control_cls=ft.BaseControl)
    return patch.to_message()


def screen(banner: str, form_text: str) -> tuple[ft.Column, ft.Column]:
    form = ft.Column([ft.Text(form_text)])
    return ft.Column([ft.Text(banner), ft.Container(content=form)], key="screen:table"), form


def rebuilt_page() -> tuple[ft.Column, ft.Column, ft.Column]:
    page = ft.Column()
    first, _ = screen("Now: Ana", "bid 1")
    page.controls = [first]
    send(page)
    second, form = screen("Now: Ben", "bid 1")
    page.controls = [second]
    return page, second, form


def test_a_rebuilt_screen_sends_only_what_changed():
    page, _second, _form = rebuilt_page()
    ops = diff(page, page)[1:]
    assert len(ops) == 1 and ops[0][2:] == ["value", "Now: Ben"]  # one text changed, nothing else sent


def test_without_the_screen_key_the_whole_screen_is_sent_again():
    page = ft.Column()
    first, _ = screen("Now: Ana", "bid 1")
    first.key = None
    page.controls = [first]
    send(page)
    second, _ = screen("Now: Ben", "bid 1")
    second.key = None
    page.controls = [second]
    ops = diff(page, page)[1:]
    assert len(ops) == 1 and ops[0][-1] is second  # the new screen replaces the old, whole


def test_a_reconciled_form_redrawn_in_place_reaches_the_phone_once_thawed():
    page, second, form = rebuilt_page()
    diff(page, page)
    assert thaw(second) >= 3                 # the screen, its container, the form, their texts
    form.controls = [ft.Text("bid 2")]       # a half-filled form redrawn in place
    ops = diff(form, form)[1:]
    assert "bid 2" in str(ops)


def test_without_thaw_flet_would_not_send_the_in_place_change():
    """Why thaw exists (Flet 1.0.5): a reconciled control has no snapshots, so
    an in-place change to it is not seen.  If Flet fixes this, thaw is moot."""
    page, _second, form = rebuilt_page()
    diff(page, page)
    form.controls = [ft.Text("bid 2")]
    assert "bid 2" not in str(diff(form, form)[1:])


def app_bar(move: str) -> ft.AppBar:
    return ft.AppBar(title=ft.Text(move), key="bar:table:1", actions=[ft.IconButton(ft.Icons.UNDO, tooltip="Undo")])


def shown_bar() -> ft.View:
    view = ft.View(appbar=app_bar("Move 4"))
    send(view)
    return view


def test_a_rebuilt_app_bar_sends_only_what_changed():
    """reconcile.in_place: the page's app bar (a field of its own, not a list's
    item) is diffed against the one shown, as a keyed control in a list is."""
    from companion.ui.reconcile import in_place

    view = shown_bar()
    new = app_bar("Move 5")
    assert in_place(view.appbar, new)
    view.appbar = new
    ops = diff(view, view)[1:]
    assert len(ops) == 1 and ops[0][2:] == ["value", "Move 5"]
    assert thaw(view.appbar) >= 3           # the bar, its title, its button: editable in place again
    assert not in_place(new, app_bar("Move 6").__class__(title=ft.Text("x"), key="bar:table:2"))  # another key


def test_without_in_place_flet_sends_the_whole_app_bar_again():
    """Why in_place exists (Flet 1.0.5): the same bar with the same key is
    replaced whole (1.3 kB of a Manila bid's 4.6, and the phone builds it anew)."""
    view = shown_bar()
    new = app_bar("Move 5")
    view.appbar = new
    ops = diff(view, view)[1:]
    assert len(ops) == 1 and ops[0][-1] is new


def deep_screen(banner: str, depth: int = 6, width: int = 4) -> ft.Column:
    """A screen of nested rows (a board's lanes, cells, pieces)."""
    def level(n: int) -> list[ft.Control]:
        if n == 0:
            return [ft.Text(f"cell {i}") for i in range(width)]
        return [ft.Container(content=ft.Row(level(n - 1))) for _ in range(2)]
    return ft.Column([ft.Text(banner), *level(depth)], key="screen:table")


def redraw_removed(forgotten: bool) -> list:
    from companion.ui.reconcile import forget

    page = ft.Column()
    page.controls = [deep_screen("Now: Ana")]
    send(page)
    page.controls = [deep_screen("Now: Ben")]
    diff(page, page)
    thaw(page.controls)                    # as App._render does after every redraw
    shown = page.controls
    if forgotten:
        assert forget(shown) > 100          # every shown control had thaw's snapshots
    page.controls = [deep_screen("Now: Cho")]
    ops, _added, removed = ObjectPatch.from_diff(page, page, control_cls=ft.BaseControl)
    assert [op for op in ops.to_message()[1:] if op[-1] == "Now: Cho"]  # the change itself is sent
    return removed


def test_a_redraw_after_forget_lists_each_replaced_control_once():
    """reconcile.forget: without it, Flet lists a control of a thawed screen
    once for every replaced control above it (a walk that grows with the
    screen's depth); with it, once."""
    removed = redraw_removed(forgotten=True)
    assert len(removed) == len({id(c) for c in removed})
    repeated = redraw_removed(forgotten=False)
    assert len(repeated) > 3 * len({id(c) for c in repeated})


def test_a_form_reconciled_after_forget_is_still_redrawn_in_place():
    from companion.ui.reconcile import forget

    page, second, form = rebuilt_page()
    diff(page, page)
    thaw(second)
    forget(page.controls)
    third, form = screen("Now: Cho", "bid 1")
    page.controls = [third]
    diff(page, page)
    thaw(third)
    form.controls = [ft.Text("bid 3")]
    assert "bid 3" in str(diff(form, form)[1:])


GAMES = [g for g in registry.GAMES if g != "toy"]


@pytest.mark.parametrize("game_id", GAMES)
def test_thaws_snapshots_are_the_ones_a_send_records_on_every_games_screen(tmp_path, game_id):
    """``reconcile.record_snapshots`` (thaw's lean copy of the snapshot part of
    Flet's encoder) records what Flet's own encoder records, control by
    control, on every game's table screen."""
    game = registry.get_game(game_id)
    app = App(FakePage(), Store(tmp_path / "snap.db"))
    app.start_table(game_id, ["Ana", "Ben", "Cho", "Dee", "Eve"][:max(3, game.min_players)], {})
    # every section open: the forms in them (drop-downs, switches...) are checked too
    for title in ("Correct the app to match the table", "What can I do now?"):
        open_section(app.page, title)
    assert any(isinstance(c, ft.Dropdown) for c in objects([app.page.controls]))
    encode = configure_encode_object_for_msgpack(ft.BaseControl)
    names = ("__prev_lists", "__prev_dicts", "__prev_classes")
    checked = 0
    for item in objects([app.page.appbar, app.page.controls]):
        for name in names:
            item.__dict__.pop(name, None)
        item.__dict__.pop("_frozen", None)
        record_snapshots(item)
        ours = [item.__dict__.pop(name) for name in names]
        encode(item)
        theirs = [item.__dict__[name] for name in names]
        assert ours == theirs, (type(item).__name__, ours, theirs)
        checked += isinstance(item, ft.BaseControl)
    assert checked > 50


class DiffPage(FakePage):
    """A page whose ``update`` does what Flet's session does with a served page:
    the first sends the whole view, each later one diffs the view against the
    one sent and encodes the patch.  ``new``: the controls of the last redraw
    the phone did not have (a control Flet reconciled keeps the id of the one
    it replaces)."""

    def __init__(self) -> None:
        super().__init__()
        self.view = ft.View(route="/")
        self.shown: set[int] | None = None
        self.new: list[ft.BaseControl] = []

    def update(self, *controls: ft.BaseControl) -> None:
        super().update(*controls)
        self.view.appbar, self.view.controls = self.appbar, self.controls
        if self.shown is None:
            send(self.view)
        else:
            patch, _added, _removed = ObjectPatch.from_diff(self.view, self.view, control_cls=ft.BaseControl)
            msgpack.packb(patch.to_message(), default=configure_encode_object_for_msgpack(ft.BaseControl))
        now = {c._i: c for c in taps.controls([self.appbar, self.controls])}
        self.new = [] if self.shown is None else [c for i, c in now.items() if i not in self.shown]
        self.shown = set(now)


def test_a_manila_placement_redraws_only_the_taps_and_what_moved(tmp_path):
    """The stale-tap rule makes every pressable a new control at every rev
    (taps.stamp).  A board place's tap is a control of its own laid over its
    drawing (board.spot), so the drawing is diffed: Ana's accomplice on the
    silk boat's first seat adds the new taps, the piece now on that seat (its
    token: box, row, shape, letter: 4) and the seat it opens next (a place
    drawn anew where a mark was: 7) -- not the board's ~110 other controls
    that stayed as they were (131 new controls a seat before)."""
    from companion.core import Action
    from companion.ui.board import PANE_BOARD

    app = App(DiffPage(), Store(tmp_path / "diff.db"))
    app.render()
    app.start_table("manila", ["Ana", "Ben", "Cho"], {})
    for seat in range(3):
        assert app.dispatch(Action.make("shares_later", seat))
    assert app.dispatch(next(a for a in app.table.game.legal_actions(app.table.state) if a.type == "supply"))
    for action in (Action.make("bid", 0, amount=1), Action.make("pass_bid", 1), Action.make("pass_bid", 2),
                   Action.make("skip_share", 0), Action.make("launch", 0, nutmeg=3, silk=2, jade=4)):
        assert app.dispatch(action)

    def board_now() -> tuple[set[int], int]:
        pane = next(c for c in taps.controls(app.page.controls) if c.key == PANE_BOARD)
        return {id(c) for c in taps.controls(pane)}, len(taps.pressables(pane))

    for step in (lambda: app.dispatch(Action.make("place", 0, space="silk")), app.undo,
                 lambda: app.dispatch(Action.make("place", 0, space="harbor_a"))):
        step()
        board, places = board_now()
        assert len(board) > 150 and places >= 13                     # the whole board is on the page
        drawn = [c for c in app.page.new if id(c) in board and not taps.is_pressable(c)]
        assert len(drawn) <= 11, [(type(c).__name__, getattr(c, "value", None)) for c in drawn]
        # every other new control of the redraw is a tap (at most one per pressable) or a changed line
        pressables = taps.pressables([app.page.appbar, app.page.controls])
        assert len(app.page.new) <= len(pressables) + 11 + 4, len(app.page.new)
