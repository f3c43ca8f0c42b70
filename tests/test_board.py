"""The board views' shared pieces (``companion/ui/board.py``): a spot plays its
action when legal and, when not, still answers a tap with the referee's
refusal and its clause; marks are never buttons; seats are told apart by more
than their colour; the two panes; what just moved."""

from __future__ import annotations

import flet as ft

from companion.core import Action, RefereeError
from companion.games.manila import GAME as MANILA
from companion.rules import library
from companion.ui import board
from companion.ui.board import SpotInfo, spot_info, spots

from games.screen_harness import Table
from touch import small_targets
from ui_harness import walk


def tap_of(drawn: ft.Control) -> ft.Control:
    """The control a finger presses on a spot (laid over its drawing)."""
    (control, _info), = spots(drawn)
    return control


def drawing_of(drawn: ft.Control) -> ft.Container:
    """A spot's drawing: its frame, ground and content, under the tap."""
    return drawn.content.controls[0]


def manila_placing() -> Table:
    """A Manila table at its first placement: Ana is harbour master and places first."""
    table = Table.seated(MANILA, ["Ana", "Ben", "Cho"])
    table.refusals = RefereeError
    s = table.session
    for seat in range(3):
        s.apply(Action.make("shares_later", seat))
    s.apply(next(a for a in MANILA.legal_actions(s.state) if a.type == "supply"))
    for action in (Action.make("bid", 0, amount=1), Action.make("pass_bid", 1), Action.make("pass_bid", 2),
                   Action.make("skip_share", 0), Action.make("launch", 0, nutmeg=3, silk=2, jade=4)):
        s.apply(action)
    assert s.state.phase == "place"
    return table


def test_a_legal_spot_plays_its_action() -> None:
    table = manila_placing()
    ctx = table.ctx()
    action = Action.make("place", 0, space="harbor_a")
    assert action in ctx.legal
    control = tap_of(board.spot(ctx, ft.Text("A"), action, legal=True, key="harbor_a"))
    control.on_click(None)
    assert table.sent == [action] and table.refused == []
    assert table.session.state.spaces["harbor_a"] == 0


def test_a_spot_not_legal_now_stays_and_its_tap_gets_the_refusal_with_its_clause() -> None:
    table = manila_placing()
    table.session.apply(Action.make("place", 0, space="harbor_a"))   # Ana takes harbour A
    ctx = table.ctx()
    before = MANILA.clone(table.session.state)
    action = Action.make("place", 1, space="harbor_a")               # Ben taps it too
    assert action not in ctx.legal
    drawn = board.spot(ctx, ft.Text("A"), action, legal=False, key="harbor_a")
    control = tap_of(drawn)
    assert spot_info(control) == SpotInfo("harbor_a", action, False)
    control.on_click(None)
    # sent to the referee, refused (the shell shows the reason and the clause), nothing changed
    assert table.sent == [action] and len(table.refused) == 1
    assert table.session.state == before
    reason = ctx.why_not(action)
    assert reason is not None and reason[1] is not None and library.clause(reason[1], "en") is not None
    # drawn dim and flat, not in the accent frame -- but still tappable
    box = drawing_of(drawn)
    assert box.border.top.color == board.LINE and box.shadow is None and control.on_click is not None


def test_a_form_step_spot_runs_its_step_and_lists_where_it_leads() -> None:
    table = manila_placing()
    ctx = table.ctx()
    steps: list[str] = []
    places = [a for a in ctx.legal if a.type == "place"]
    control = tap_of(board.spot(ctx, ft.Text("Jade"), places[0], legal=True, key="x",
                                on_tap=lambda: steps.append("x"), reaches=places))
    control.on_click(None)
    assert steps == ["x"] and table.sent == []
    info = spot_info(control)
    assert info is not None and not info.direct and all(info.leads_to(a) for a in places)
    # a form step that is not legal sends its action to be refused
    dim = tap_of(board.spot(ctx, ft.Text("Jade"), Action.make("place", 1, space="jade"), legal=False, key="y",
                            on_tap=lambda: steps.append("y")))
    dim.on_click(None)
    assert steps == ["x"] and len(table.refused) == 1


def test_spots_and_choices_are_found_in_a_tree_and_are_touch_sized() -> None:
    table = manila_placing()
    ctx = table.ctx()
    a = Action.make("place", 0, space="insurance")
    narrow = board.spot(ctx, ft.Text("I"), a, legal=True, key="insurance", width=20)
    tree = ft.Column([ft.Row([narrow]),
                      board.choice(ctx, "Insurance", a, key="c"),
                      board.mark("13", bgcolor="#b71c1c", color="#ffffff")])
    found = spots(tree)
    assert [info.key for _, info in found] == ["insurance", "c"]
    assert narrow.content.width == board.TOUCH       # never narrower than a finger (its layers' width)
    assert small_targets(tree) == []


def test_a_mark_never_looks_like_a_button() -> None:
    mark = board.mark("Weather 3", bgcolor="#eeeeee")
    assert mark.on_click is None and mark.border is None and mark.shadow is None and not mark.ink
    assert all(getattr(c, "on_click", None) is None for c in walk(mark))
    token = board.seat_token(Table.seated(MANILA, ["Ana", "Ben", "Cho"]).ctx(), 1)
    assert all(getattr(c, "on_click", None) is None for c in walk(token))


def test_seats_are_told_apart_by_shape_and_label_not_colour_alone() -> None:
    assert board.seat_labels(["Ana", "Ben", "Cho"]) == ["A", "B", "C"]
    assert board.seat_labels(["Ana", "Amy", "Ben"]) == ["An", "Am", "Be"]
    assert board.seat_labels(["小明", "小红", "大"]) == ["小明", "小红", "大"]
    assert board.seat_labels(["Ann", "Ann"]) == ["1", "2"]
    assert len(set(board.SEAT_SHAPES)) == len(board.SEAT_SHAPES) >= 5
    ctx = Table.seated(MANILA, ["Ana", "Ben", "Cho"]).ctx()
    token = board.seat_token(ctx, 2)
    icons = [c for c in walk(token) if isinstance(c, ft.Icon)]
    shown = [c.value for c in walk(token) if isinstance(c, ft.Text)]
    assert [i.icon for i in icons] == [board.SEAT_SHAPES[2]] and shown == ["C"]
    # the label's ink reads on the seat's colour: dark on the yellow seat, white on the red one
    assert board.seat_ink(3) == "#111111" and board.seat_ink(0) == "#ffffff"


def test_two_panes_board_first() -> None:
    b, c = ft.Text("board"), ft.Text("controls")
    pane = board.two_pane(b, c)
    assert isinstance(pane, ft.ResponsiveRow)
    first, second = pane.controls
    assert first.content is b and second.content is c           # phone: board first, then controls
    assert first.col == {"xs": 12, "md": 7} and second.col == {"xs": 12, "md": 5}   # tablet: side by side


def test_what_moved_is_kept_per_device_until_the_board_changes_again() -> None:
    ctx = Table.seated(MANILA, ["Ana", "Ben", "Cho"]).ctx()
    assert board.moved(ctx, "boats", {"jade": 4, "silk": 2}) == frozenset()        # first drawing: nothing
    assert board.moved(ctx, "boats", {"jade": 9, "silk": 2}) == {"jade"}
    assert board.moved(ctx, "boats", {"jade": 9, "silk": 2}) == {"jade"}           # redrawn: still ringed
    assert board.moved(ctx, "boats", {"jade": 9, "silk": 5, "nutmeg": 0}) == {"silk", "nutmeg"}
    other = Table.seated(MANILA, ["Ana", "Ben", "Cho"]).ctx()                      # another device
    assert board.moved(other, "boats", {"jade": 9}) == frozenset()


def test_a_track_piece_sits_at_its_cell_and_slides() -> None:
    row = board.track_piece(ft.Text("boat"), 14, 5, key="boat:jade")
    slot = row.controls[0]
    assert slot.offset == ft.Offset(5, 0) and slot.animate_offset is not None
    assert slot.expand == 1 and row.controls[1].expand == 13
