"""The board on the screen: the shared pieces of the referee games' board views
(Manila, Niagara, Modern Art, Maritime Silk Road).

A board view draws the physical board from the observation (``ctx.view`` and
``ctx.observation["private"]`` only) and is played by tapping its places.
Contract (keep it stable; extend, don't break):

``spot(ctx, content, action, legal=..., key=...)``
    A place on the board a finger taps (a harbour space, a boat seat, a canoe,
    a gem site, a market slot, an artist's card).  Legal now: the tap sends
    ``action`` -- or, when ``on_tap`` is given, runs that form step (select a
    canoe, pick an artist) whose possible outcomes are listed in ``reaches``.
    Not legal now: the spot stays where it is, drawn flat and dim, and a tap
    still sends ``action``: the referee refuses it and the shell shows the
    refusal (why, with the clause's link) in its dialog; nothing changes.  So
    a spot never disappears and never fails silently.  Legal spots wear the
    accent frame (:data:`LEGAL`); every spot is at least 48 x 48 (``TOUCH``).
    ``spot_info(control)`` / :func:`spots` read back what a spot does
    (:class:`SpotInfo`): tests prove every legal action with a board place is
    reachable from the board (``tests/games/test_board_reach.py``).
``choice(ctx, label, action, legal=...)``
    A button of a form step that a spot opened (the auction type after an
    artist): a button whose :class:`SpotInfo` the reachability test follows.
``mark(content, ...)``
    Display-only: no frame, no shadow, no handler -- never looks like
    a button (the weather, a price step, a painting bought, Longest Road).
    Rows of spots and marks: give them the same ``min_height`` rather than
    ``CrossAxisAlignment.STRETCH``, which breaks the page (a row in the
    scrolling page has no height to stretch to: the whole screen goes blank).
``seat_token(ctx, seat)``, ``seat_label(players, seat)``, ``seat_ink(seat)``, ``SEAT_SHAPES``
    A seat's piece: its colour, its shape and its short name, so colour is
    never the only sign; ``seat_ink`` is the text colour readable on it.
``two_pane(board, controls, step=...)``
    The board, the step's controls (what the person acting now taps besides the
    board: a bid, Hold back, the dice) and the rest.  The table screen lays them
    out (``ui/layout.py``): on a phone the now-banner is pinned at the top, the
    step at the foot and the board scrolls between; 768 px and wider (a tablet,
    a phone on its side) the board and the step's column sit side by side and
    scroll apart, under the pinned banner.
``moved(ctx, name, snapshot)`` and ``frame_moved(control, on)``
    What changed since the state this device drew before (kept per device in
    ``ctx.extra``, compared cheaply: a dict of small values) -- the same answer
    for every redraw of one state, so a redraw for another reason keeps the
    highlight; ``frame_moved`` rings what just moved (animated).  Pieces that
    move along a track slide there: ``track_piece`` (an offset in cells,
    animated by the client).
``surface(content)``, ``INK``/``PAPER``/``LINE``
    The board's own ground with explicit colours (the printed board looks the
    same in the light and the dark theme; no text on it takes the theme's).

Everything is drawn with Flet's own controls, offline; a board view imports
only this module, ``widgets`` and its game's ``public``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, Sequence

import flet as ft

from ..core.actions import Action
from . import taps
from .context import PLAYER_COLORS
from .widgets import TOUCH

#: the frame of a spot that is legal now (amber: seen on the light board, in both themes)
LEGAL = "#ff8f00"
#: the frame of a spot chosen in a half-filled form
SELECTED = "#1565c0"
#: the ring of what just moved
MOVED = "#ffca28"
#: the board's ground, its ink and its lines (explicit: the theme never reaches the board)
PAPER = "#f5efe0"
INK = "#212121"
SOFT_INK = "#4e4a42"
LINE = "#8d8577"
#: a spot's ground when the view gives none
SPOT_GROUND = "#fffdf7"
#: how long a piece takes to slide or a ring to appear (ms): short, so a tap still settles fast
ANIMATION_MS = 350

#: one shape per seat, drawn beside the seat's short name on its token
SEAT_SHAPES: tuple[Any, ...] = (ft.Icons.CIRCLE, ft.Icons.SQUARE, ft.Icons.CHANGE_HISTORY, ft.Icons.STAR,
                                ft.Icons.HEXAGON, ft.Icons.DIAMOND, ft.Icons.PENTAGON, ft.Icons.FAVORITE,
                                ft.Icons.SHIELD, ft.Icons.ROCKET)


# ----- what a spot does (read back by tests) ------------------------------------------------------
@dataclass(frozen=True)
class SpotInfo:
    """What tapping a spot (or a form step's :func:`choice`) does.

    ``action``: what the tap sends when ``direct`` (when the spot is legal) or
    when it is not legal (the referee's refusal then says why); ``direct`` is
    False for a form step (``on_tap``), whose possible legal outcomes are
    ``reaches``."""

    key: str
    action: Action | None
    legal: bool
    direct: bool = True
    reaches: tuple[Action, ...] = ()

    def leads_to(self, action: Action) -> bool:
        """Whether a tap here sends ``action`` or opens a step towards it."""
        return self.legal and ((self.direct and self.action == action) or action in self.reaches)


def spot_info(control: Any) -> SpotInfo | None:
    data = getattr(control, "data", None)
    return data if isinstance(data, SpotInfo) else None


def spots(root: Any) -> list[tuple[Any, SpotInfo]]:
    """Every spot (and form-step choice) below ``root``, with what it does, in tree order."""
    return [(c, info) for c in _walk(root) if (info := spot_info(c)) is not None]


def _walk(control: Any) -> Iterator[Any]:
    if control is None:
        return
    if isinstance(control, (list, tuple)):
        for item in control:
            yield from _walk(item)
        return
    if not isinstance(control, ft.BaseControl):
        return
    yield control
    for attr in ("content", "controls", "title", "subtitle", "leading", "trailing", "actions"):
        child = getattr(control, attr, None)
        if child is not None and not isinstance(child, str):
            yield from _walk(child)


def legal_of(ctx: Any, *types: str) -> list[Action]:
    """The legal actions now of these types (once per redraw: call it in a phase
    whose list is small -- not while thousands of dice throws are legal)."""
    wanted = set(types)
    return [a for a in ctx.legal if a.type in wanted]


# ----- spots, choices and marks -------------------------------------------------------------------
def spot(ctx: Any, content: ft.Control, action: Action | None, *, legal: bool, key: str,
         on_tap: Callable[[], Any] | None = None, reaches: Iterable[Action] = (), selected: bool = False,
         moved: bool = False, bgcolor: str | None = SPOT_GROUND, width: float | None = None,
         min_height: int = TOUCH, expand: bool | int | None = None, padding: int = 4,
         tooltip: str | None = None, dim: bool = True) -> ft.Control:
    """A tappable place on the board (see the module's contract).

    ``content`` is drawn on ``bgcolor`` (give its texts an explicit colour), across the
    spot's width (its ``expand`` and ``opacity`` are set here: centre a Column's lines with
    its ``horizontal_alignment``);
    ``min_height`` holds the spot at touch height however small its content,
    and it grows with longer content (never cut).  ``dim=False`` keeps a spot that is
    not legal now at full ink (a piece whose colour means something)."""
    assert legal or action is not None, "a spot that is not legal must say why: give it the action it refuses"
    if width is not None:
        width = max(width, TOUCH)

    def tap(e: Any = None) -> None:
        if legal and on_tap is not None:
            on_tap()
        elif action is not None:
            ctx.dispatch(action)  # legal: played; not legal: refused, the shell shows why and the clause

    frame, color = (4, SELECTED) if selected else ((3, LEGAL) if legal else (1, LINE))
    strut = ft.Container(width=0, height=max(0, min_height - 2 * (padding + 4)))
    # the content itself takes the spot's width and its dimming: no wrapper of its own (a board
    # redraw costs by the controls it has and their depth); dim=False: a piece whose colours carry
    # its meaning (a market card, a canoe) keeps full ink when not legal now, its flat grey frame
    # (no accent, no shadow) saying so
    content.expand = True
    content.opacity = 1.0 if legal or selected or not dim else 0.55
    # no ink ripple: a tapped place answers with the piece itself (or the refusal), as the
    # physical board does -- and a ripple repaints the whole scrolling page every frame for
    # half a second, which delayed the answer's own frame by ~60 ms a tap in headless
    # Chromium (bench_ui_latency.py; Flet offers no repaint boundary to confine it)
    box = ft.Container(
        content=ft.Row([strut, content], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=bgcolor, border=ft.Border.all(frame, color), border_radius=8,
        # a thinner frame gives its width to the padding: choosing a spot moves nothing
        padding=padding + 4 - frame, shadow=_glow() if moved else _shadow(legal and not selected),
        animate=ft.Animation(ANIMATION_MS, ft.AnimationCurve.EASE_OUT))
    # the tap is a control of its own laid over the drawing, and the only one the stale-tap
    # rule keys by the rev (taps.stamp): the drawing keeps a key that does not name the rev,
    # so Flet diffs it and sends what changed instead of ~10 new controls a place at every
    # rev, and the phone rebuilds one empty box instead of the whole place
    hit = ft.Container(left=0, top=0, right=0, bottom=0, border_radius=8, on_click=tap, tooltip=tooltip,
                       key=f"tap:{key}", data=SpotInfo(key, action, legal, direct=on_tap is None,
                                                        reaches=tuple(reaches)))
    taps.labelled(hit, " ".join(taps.texts(content)))  # what it shows names its key (taps.label)
    # the drawing takes the width the spot is given (a spot that expands in a row) and its own height
    layers = ft.Stack([box, hit], fit=ft.StackFit.PASS_THROUGH, width=width)
    # one node for a screen reader and the browser tests: a button named by what the place shows,
    # whose tap is the overlay's
    return ft.Semantics(content=layers, container=True, button=True, expand=expand, key=f"spot:{key}")


def choice(ctx: Any, label: str, action: Action | None, *, legal: bool = True, key: str,
           on_tap: Callable[[], Any] | None = None, reaches: Iterable[Action] = (),
           filled: bool = False) -> ft.Control:
    """A form step's button (an auction type after an artist was tapped): sends
    ``action`` (or runs ``on_tap``), and tells the reachability test so."""
    def tap(e: Any = None) -> None:
        if legal and on_tap is not None:
            on_tap()
        elif action is not None:
            ctx.dispatch(action)

    cls = ft.FilledButton if filled else ft.Button
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=12))
    return cls(content=label, on_click=tap, height=TOUCH, style=style, key=f"choice:{key}",
               data=SpotInfo(key, action, legal, direct=on_tap is None, reaches=tuple(reaches)))


def mark(content: ft.Control | str, *, bgcolor: str | None = None, color: str = INK, size: int = 13,
         width: float | None = None, height: float | None = None, padding: int = 4,
         expand: bool | int | None = None, key: str | None = None, radius: int = 6,
         weight: ft.FontWeight | None = None, min_height: int | None = None, moved: bool = False) -> ft.Container:
    """A display-only mark: flat, no frame, no shadow, nothing to press.
    ``min_height``: at least that high (beside spots of a row), growing with its content;
    ``moved``: it just changed -- ringed and glowing (one control: cheaper than ``frame_moved``)."""
    if isinstance(content, str):
        content = ft.Text(content, size=size, color=color, weight=weight, text_align=ft.TextAlign.CENTER)
    if min_height is not None:  # the content across the mark's width (as in a spot), a strut under it
        strut = ft.Container(width=0, height=max(0, min_height - 2 * padding))
        content.expand = True
        content = ft.Row([strut, content], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    # centred within a size it is given; else it hugs its content (an aligned Container
    # would take the whole width of a wrapping row)
    sized = width is not None or height is not None or expand
    return ft.Container(content=content, bgcolor=bgcolor, width=width, height=height, padding=padding,
                        border_radius=radius, expand=expand, key=key,
                        alignment=ft.Alignment.CENTER if sized else None,
                        border=ft.Border.all(2, MOVED) if moved else None, shadow=_glow() if moved else None)


def _shadow(on: bool) -> ft.BoxShadow | None:
    """A legal spot is lifted off the board a little, as a button is."""
    if not on:
        return None
    return ft.BoxShadow(blur_radius=4, offset=ft.Offset(0, 2), color=ft.Colors.with_opacity(0.4, "#000000"))


# ----- seats -------------------------------------------------------------------------------------
def seat_color(seat: int) -> str:
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def seat_ink(seat: int) -> str:
    """Black or white, whichever reads better on the seat's colour."""
    return _ink_on(seat_color(seat))


def _ink_on(hex_color: str) -> str:
    r, g, b = (int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    # the contrast against white (1.05 / (lum + 0.05)) and against black ((lum + 0.05) / 0.05)
    return "#ffffff" if 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 else "#111111"


def seat_labels(players: Sequence[str]) -> list[str]:
    """A short label per seat, unique at the table: the first letter (a Chinese
    name: its first character), more letters where two would be the same, the
    seat number as the last resort."""
    names = [p.strip() or str(i + 1) for i, p in enumerate(players)]
    for length in range(1, 4):
        labels = [n[:length] for n in names]
        if len(set(labels)) == len(labels):
            return labels
    return [f"{i + 1}" for i in range(len(names))]


def seat_label(players: Sequence[str], seat: int) -> str:
    return seat_labels(players)[seat]


def seat_token(ctx: Any, seat: int, *, size: int = 28, name: bool = False, key: str | None = None) -> ft.Control:
    """A seat's piece on the board (display-only): its colour, its shape and its
    short label (``name``: the whole name), never the colour alone."""
    ink = seat_ink(seat)
    label = ctx.players[seat] if name else seat_label(ctx.players, seat)
    return ft.Container(
        content=ft.Row([ft.Icon(SEAT_SHAPES[seat % len(SEAT_SHAPES)], size=size * 0.45, color=ink),
                        ft.Text(label, size=size * 0.46, color=ink, weight=ft.FontWeight.BOLD, no_wrap=True)],
                       spacing=2, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                       alignment=ft.MainAxisAlignment.CENTER),
        bgcolor=seat_color(seat), height=size, border_radius=size // 2, key=key,
        padding=ft.Padding.symmetric(horizontal=max(4, size // 5)), border=ft.Border.all(1, "#ffffff"))


def empty_place(text: str, *, size: int = 28) -> ft.Control:
    """Where a seat's piece would go (a free seat: its cost, or "free"): quiet text at the
    token's height, so taking the seat moves nothing."""
    label = ft.Text(text, size=size * 0.46, color=SOFT_INK, weight=ft.FontWeight.W_600)
    return ft.Container(content=ft.Row([label], tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        height=size, padding=ft.Padding.symmetric(horizontal=max(4, size // 5)))


# ----- layout --------------------------------------------------------------------------------------
#: the key of the board's pane: a redraw that leaves the board unchanged shows the same
#: control again (reconcile.keep_unchanged), so Flet skips comparing it
PANE_BOARD = "pane:board"
#: the keys of the other panes of :func:`two_pane` (``ui/layout.py`` finds them by these)
PANE_CONTROLS = "pane:controls"
PANE_STEP = "pane:step"
PANE_INFO = "pane:info"
TWO_PANE = "two-pane"
#: the width from which the board and the controls sit side by side (Flet's "md")
SIDE_BY_SIDE = 768


def two_pane(board: ft.Control, controls: ft.Control, *, step: ft.Control | None = None,
             board_columns: int = 7) -> ft.Control:
    """The board, the controls of the step in hand (``step``: what the person
    acting now taps, besides the board) and the rest (``controls``: players,
    payouts, odds...).  As built here: from :data:`SIDE_BY_SIDE` px side by side,
    the board taking ``board_columns`` of 12 columns, the step at the top of the
    other column; narrower, one under the other.  The table screen takes the
    panes apart (``ui/layout.py``): on a phone the step is pinned at the foot of
    the screen, on a tablet the board and the column beside it scroll apart."""
    side = {"xs": 12, "md": board_columns}
    rest = {"xs": 12, "md": 12 - board_columns}
    right: ft.Control = controls
    if step is not None:
        right = ft.Column([ft.Container(content=step, key=PANE_STEP),
                           ft.Container(content=controls, key=PANE_INFO)], spacing=12)
    return ft.ResponsiveRow(
        [ft.Container(content=board, col=side, key=PANE_BOARD),
         ft.Container(content=right, col=rest, key=PANE_CONTROLS)],
        spacing=16, run_spacing=12, vertical_alignment=ft.CrossAxisAlignment.START, key=TWO_PANE)


def surface(content: ft.Control, *, padding: int = 8, key: str | None = None) -> ft.Control:
    """The board's own ground (explicit colours: the same in both themes)."""
    return ft.Container(content=content, bgcolor=PAPER, border_radius=12, padding=padding,
                        border=ft.Border.all(1, LINE), key=key)


def heading(text: str, *, size: int = 14, color: str = INK) -> ft.Control:
    """A label printed on the board."""
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD, color=color)


# ----- what just moved ------------------------------------------------------------------------------
def moved(ctx: Any, name: str, snapshot: Mapping[str, Hashable]) -> frozenset[str]:
    """The keys of ``snapshot`` whose value differs from the last different
    snapshot this device drew under ``name`` (nothing on the first drawing).

    Kept in ``ctx.extra`` (per device, per open table).  Drawing the same
    snapshot again returns the same answer, so a redraw for another reason
    (a language change, a form step) keeps the highlight until the board
    changes again."""
    memory: dict[str, tuple[dict[str, Hashable], frozenset[str]]] = ctx.extra.setdefault("board:moved", {})
    now = dict(snapshot)
    before = memory.get(name)
    if before is None:
        memory[name] = (now, frozenset())
        return frozenset()
    shown, changed = before
    if shown == now:
        return changed
    changed = frozenset(k for k in now if shown.get(k, _ABSENT) != now[k])
    memory[name] = (now, changed)
    return changed


_ABSENT = object()


def _glow() -> ft.BoxShadow:
    return ft.BoxShadow(blur_radius=10, spread_radius=2, color=ft.Colors.with_opacity(0.8, MOVED))


def frame_moved(control: ft.Control, on: bool, *, expand: bool | int | None = None) -> ft.Control:
    """``control`` ringed when it just moved (the ring fades in), the same shape
    either way so a redraw only changes the ring.  (A spot takes ``moved=``
    instead: it glows.)"""
    glow = _glow() if on else None
    return ft.Container(content=control, border=ft.Border.all(3, MOVED if on else ft.Colors.TRANSPARENT),
                        border_radius=10, padding=1, shadow=glow, expand=expand,
                        animate=ft.Animation(ANIMATION_MS, ft.AnimationCurve.EASE_OUT))


def track_piece(piece: ft.Control, cells: int, at: float, *, key: str) -> ft.Control:
    """``piece`` over a track of ``cells`` equal cells, at cell ``at`` (0-based):
    one cell wide, moved there by an offset the client animates, so a boat
    that advances slides along its route.  Lay it over the track in a
    ``ft.Stack`` (it fills the track's width)."""
    slot = ft.Container(content=piece, expand=1, offset=ft.Offset(at, 0), key=key,
                        animate_offset=ft.Animation(ANIMATION_MS * 2, ft.AnimationCurve.EASE_IN_OUT))
    return ft.Row([slot, ft.Container(expand=max(1, cells - 1))], spacing=0)
