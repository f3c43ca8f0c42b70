"""Niagara screen: the board as on the table, played by tapping it.

The board (``companion/ui/board.py`` for the shared pieces), from the rope down:
the weather track and the cards played this round; the shore (the dock) with the
canoes ashore; the channel, spaces 1 to 5, the gem sites on the bank beside 3,
4 and 5; the fork around the island, showing which arm the next disc enters (a
tap on it switches that arm: the ``fork`` move); the two arms L6-L7 and R6-R7
with the blue and the pink site on the island between them; the falls; the
canoes lost over them.  Every canoe is drawn in its seat's colour with the
seat's shape and short name, its number and the gem it carries (a letter too:
never colour alone).

Playing: in a number card's turn the player taps one of their canoes (the first
one that has a choice is already picked up), the spaces it can reach light up,
and a tap on one moves it there; when several turns end there (with a gem
loaded or unloaded, a robbery) they are offered by name beside the board.  Then
the next canoe, then Confirm.  A lost canoe is bought back by tapping it, the
cloud moves the weather by tapping the step above or below it.  A place that is
not legal now still answers a tap: the referee says why, with its clause.  The
cards, their entry and the amounts keep their forms; each player's hand, banked
gems and goals are beside the board (below it on a phone).

Contract: ``companion/ui/context.py``.  The decisions live in the plain
functions and form classes at the top (tested without a page); the ``_draw_*``
functions only turn them into Flet controls.  The board is read from
``ctx.view`` and every choice offered comes from ``ctx.legal``; of the engine
it imports only ``games.niagara.public``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping, Sequence

import flet as ft

from ...core.actions import Action
from ...core.legal import excluding
from ...games.niagara.public import FALLS, LOST, SHORE, NiagaraState, facts
from .. import board
from ..context import GameContext
from ..widgets import FormPanel, confirm_button, redrawing, italic, player_card, section_title, wrap

#: the actions that have a place on the board (tests/games/test_board_reach.py plays them by tapping)
BOARD_ACTIONS = ("paddle", "buy_back", "weather", "fork")
#: taps at most from the board to a turn: a canoe, its space, its gem or robbery, the other canoe's
#: space and choice, Confirm
BOARD_DEPTH = 6

#: gem colours (background, text): each also carries its name's first letter on the board
GEM_HEX: dict[str, tuple[str, str]] = {
    "violet": ("#7e57c2", "#ffffff"),
    "white": ("#eceff1", "#212121"),
    "yellow": ("#fbc02d", "#212121"),
    "blue": ("#1e88e5", "#ffffff"),
    "pink": ("#ec407a", "#ffffff"),
}
#: the Teach screen's set-up board colours its pieces as this board does (ui/setup_board.py)
SETUP_COLORS = GEM_HEX
WATER = "#b3e5fc"
DEEP = "#4fc3f7"
SHORE_GROUND = "#d7ccc8"
ISLAND = "#a5d6a7"
FALLS_GROUND = "#455a64"
CLOUD = "cloud"
PLAN_KEYS = ("", "_unload", "_load", "_gems", "_rob_player", "_rob_canoe")
#: one canoe's part of a paddle action: (argument suffix, value) pairs
Plan = tuple[tuple[str, Any], ...]


# ----- plain screen logic ------------------------------------------------------------
def weather_cells(view: Mapping[str, Any]) -> list[tuple[int, bool]]:
    """The weather track, each step with whether the cloud is on it."""
    return [(w, w == view["weather"]) for w in view["weather_track"]]


def flow_figure(view: Mapping[str, Any]) -> tuple[str, int | None]:
    """("flow", n) once all of this round's cards are turned over, else ("last_flow", n or None)."""
    if view["flow"] is not None:
        return "flow", view["flow"]
    return "last_flow", view["last_flow"]


def channel() -> list[str]:
    """The spaces above the fork, from the rope down."""
    river = facts().river
    return [s for s in river.order if s not in river.arm_of]


def arm(side: str) -> list[str]:
    """One arm's spaces, from the fork down."""
    river = facts().river
    out, here = [], river.fork_arms[side]
    while True:
        out.append(here)
        below = river.down[here]
        if not below:
            return out
        here = below[0]


def river_rows() -> list[list[str]]:
    """Spaces from the rope down, the arms side by side: [[1], …, [5], [L6, R6], [L7, R7]]."""
    left, right = arm("left"), arm("right")
    return [[s] for s in channel()] + [[a, b] for a, b in zip(left, right)]


def canoes_at(view: Mapping[str, Any]) -> dict[str, list[tuple[int, int, str | None]]]:
    """Place (space, SHORE, LOST) -> [(seat, canoe number, gem)], seats in order."""
    out: dict[str, list[tuple[int, int, str | None]]] = {}
    for seat, player in enumerate(view["players"]):
        for k, canoe in enumerate(player["canoes"], start=1):
            out.setdefault(canoe["where"], []).append((seat, k, canoe["gem"]))
    return out


def site_beside(space: str) -> str | None:
    return facts().river.ports.get(space)


def player_rows(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{"seat": seat, "name": p["name"], "hand": p["hand"], "bank": p["bank"], "needs": p["needs"],
             "goal": p["goal"], "ashore": sum(c["where"] == SHORE for c in p["canoes"]),
             "lost": sum(c["where"] == LOST for c in p["canoes"])}
            for seat, p in enumerate(view["players"])]


def board_snapshot(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the table moves by hand: every canoe (place and gem), the weather, the fork."""
    out: dict[str, Any] = {f"canoe:{seat}:{k}": (c["where"], c["gem"])
                           for seat, p in enumerate(view["players"]) for k, c in enumerate(p["canoes"], start=1)}
    out["weather"] = view["weather"]
    out["fork"] = view["fork_next"]
    return out


@dataclass
class RevealForm:
    """Everyone's face-up card, tapped in seat by seat."""

    picks: dict[int, Any] = field(default_factory=dict)

    def choose(self, seat: int, card: Any) -> None:
        if self.picks.get(seat) == card:
            del self.picks[seat]
        else:
            self.picks[seat] = card

    def complete(self, players: int) -> bool:
        return all(s in self.picks for s in range(players))

    def action(self, players: int) -> Action | None:
        if not self.complete(players):
            return None
        return Action.make("reveal", None, cards=[self.picks[s] for s in range(players)])

    def attempt(self, players: int) -> Action:
        """What "Enter the cards" sends: the complete entry, or the cards
        chosen so far (which the referee refuses, saying what is missing)."""
        return self.action(players) or Action.make(
            "reveal", None, cards=[self.picks[s] for s in range(players) if s in self.picks])


def plan_of(action: Action, k: int) -> Plan | None:
    """Canoe ``k``'s part of a ``paddle`` action (None: it stays ashore)."""
    key = f"canoe{k}"
    if key not in action:
        return None
    return tuple((suffix, action[key + suffix]) for suffix in PLAN_KEYS if key + suffix in action)


def plan_end(plan: Plan | None, where: str) -> str:
    """Where a canoe standing on ``where`` ends with ``plan`` (None: it stays ashore)."""
    return where if plan is None else dict(plan)[""]


@dataclass
class TurnForm:
    """A number card's turn, tapped on the board: a canoe, then where it ends
    (and, when several turns end there, which), canoe by canoe in any order;
    each canoe's choices narrowed to the legal turns that fit the others' picks.

    ``places``: canoe number -> where it stands now.  A canoe left with a single
    possible move needs no tap (picked at once)."""

    options: list[Action]
    places: dict[int, str]
    picks: dict[int, Plan | None] = field(default_factory=dict)
    #: the canoe tapped last (None: the first one still to move)
    selected: int | None = None
    #: a place tapped where several of the canoe's moves end: offered by name
    pending: str | None = None
    #: a lost canoe tapped to buy back with one of several gems
    buying: int | None = None

    def __post_init__(self) -> None:
        n = facts().canoes
        #: each option with its canoes' plans (index k - 1), worked out once
        self._split = [(a, tuple(plan_of(a, k) for k in range(1, n + 1))) for a in self.options]
        self._canoes = sorted({k for _, plans in self._split for k in range(1, n + 1) if plans[k - 1] is not None})
        self._autofill()

    def canoes(self) -> list[int]:
        """The canoes that take part in at least one legal turn."""
        return self._canoes

    def _fitting(self, skip: int | None = None) -> list[tuple[Action, tuple[Plan | None, ...]]]:
        picks = [(k - 1, plan) for k, plan in self.picks.items() if k != skip]
        return [(a, plans) for a, plans in self._split if all(plans[i] == plan for i, plan in picks)]

    def plans(self, k: int) -> list[Plan | None]:
        """Canoe k's moves that fit the other canoes' picks (None: it stays ashore)."""
        out: list[Plan | None] = []
        for _, plans in self._fitting(skip=k):
            if plans[k - 1] not in out:
                out.append(plans[k - 1])
        return out

    def ends(self, k: int) -> dict[str, list[Plan | None]]:
        """Canoe k's moves by the place each ends at."""
        out: dict[str, list[Plan | None]] = {}
        for plan in self.plans(k):
            out.setdefault(plan_end(plan, self.places[k]), []).append(plan)
        return out

    def reaching(self, k: int, place: str | None = None) -> list[Action]:
        """The legal turns that fit the other canoes' picks (and end canoe k at ``place``)."""
        return [a for a, plans in self._fitting(skip=k)
                if place is None or plan_end(plans[k - 1], self.places[k]) == place]

    def changing(self, k: int) -> list[Action]:
        """What a tap on canoe k opens up: the turns where it moves otherwise than picked
        (none when it is not picked yet: the places already lead to all of its moves)."""
        if k not in self.picks:
            return []
        return [a for a, plans in self._fitting(skip=k) if plans[k - 1] != self.picks[k]]

    def current(self) -> int | None:
        """The canoe a tap on a place moves: the one tapped, else the first still to move."""
        if self.selected is not None and self.selected not in self.picks:
            return self.selected
        return next((k for k in self.canoes() if k not in self.picks), None)

    def _autofill(self) -> None:
        changed = True
        while changed:
            changed = False
            for k in self.canoes():
                if k not in self.picks and k != self.selected:
                    plans = self.plans(k)
                    if len(plans) == 1:
                        self.picks[k] = plans[0]
                        changed = True

    def select(self, k: int) -> None:
        """A tap on one of the player's canoes: it moves next (its move, if picked, is taken back)."""
        self.picks.pop(k, None)
        self.selected, self.pending, self.buying = k, None, None

    def tap(self, place: str) -> None:
        """A tap on a place the current canoe can reach."""
        k = self.current()
        if k is None:
            return
        plans = self.ends(k).get(place, [])
        if len(plans) == 1:
            self.pick(k, plans[0])
        elif plans:
            self.pending = place

    def pick(self, k: int, plan: Plan | None) -> None:
        self.picks[k] = plan
        self.selected, self.pending = None, None
        self._autofill()

    def complete(self) -> bool:
        return all(k in self.picks for k in self.canoes())

    def candidates(self) -> list[Action]:
        """The turns the picks make (two when both canoes' orders are legal and differ)."""
        if not self.complete():
            return []
        return [a for a, _ in self._fitting()]

    def tried(self, k: int, place: str, seat: int) -> Action:
        """What a tap on a place canoe k cannot reach sends, for the referee to say why:
        the others' picks (or a move they could make) and canoe k simply going there."""
        base = next(iter(self.reaching(k)), None)
        args = {} if base is None else {key: base[key] for key in base.keys()
                                         if not key.startswith(f"canoe{k}") and key != "first"}
        if not (place == self.places[k] == SHORE):
            args[f"canoe{k}"] = place
        return Action.make("paddle", seat, **args)


def plan_words(plan: Plan | None) -> list[tuple[str, dict[str, Any]]]:
    """A plan as message keys with parameters, in the order things happen."""
    if plan is None:
        return [("ui.plan_stay", {})]
    parts = dict(plan)
    to = parts[""]
    gems: list[tuple[str, dict[str, Any]]] = []
    if parts.get("_unload"):
        gems.append(("ui.plan_unload", {}))
    if parts.get("_load"):
        gems.append(("ui.plan_load", {"colour": parts["_load"]}))
    move = [("ui.plan_land", {}) if to == SHORE else ("ui.plan_falls", {}) if to == FALLS
            else ("ui.plan_move", {"place": to})]
    words = gems + move if parts.get("_gems") == "before" else move + gems
    if "_rob_player" in parts:
        words.append(("ui.plan_rob", {"target_player": parts["_rob_player"], "target_canoe": parts["_rob_canoe"]}))
    return words


def read_turn(legal: Sequence[Action]) -> dict[str, list[Action]]:
    by_type: dict[str, list[Action]] = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    return by_type


# ----- words ---------------------------------------------------------------------------
def _place_name(ctx: GameContext, place: str) -> str:
    """A place in a sentence: the shore, the falls, or a river space by its name ("space 4",
    "左支流第 6 格"), never the board's bare mark ("到 4", "到 L6")."""
    if place in (SHORE, FALLS, LOST):
        return ctx.t(f"ui.{place}")
    named = ctx.t(f"ui.space.{place}")
    return place if named == f"ui.space.{place}" else named


def _gem_name(ctx: GameContext, colour: str) -> str:
    return ctx.t(f"ui.gem.{colour}")


def _gem_letter(ctx: GameContext, colour: str) -> str:
    return _gem_name(ctx, colour)[:1].upper()


def correction_choices(ctx: GameContext, move: str, name: str) -> list[tuple[str, str]] | None:
    """Where a corrected gem can come from or go to, by name: each gem site, the
    spare gems, each player's banked gems, each canoe in the river (the engine's
    ``site:<colour>``, ``spare``, ``bank:<seat>``, ``canoe:<seat>:<canoe>``)."""
    if move != "correct_gem" or name not in ("source", "target"):
        return None
    view = ctx.view
    out = [(f"site:{c}", ctx.t("ui.place_site", colour=_gem_name(ctx, c))) for c in view["sites"]]
    out.append(("spare", ctx.t("ui.place_spare")))
    out += [(f"bank:{seat}", ctx.t("ui.place_bank", player=seat)) for seat in range(len(ctx.players))]
    out += [(f"canoe:{seat}:{k}", ctx.t("ui.place_canoe", player=seat, canoe=k))
            for seat, p in enumerate(view["players"]) for k, canoe in enumerate(p["canoes"], start=1)
            if canoe["where"] not in (SHORE, LOST)]
    return out


def _card_name(ctx: GameContext, card: Any) -> str:
    return ctx.t("ui.cloud") if card == CLOUD else ctx.num(card)


def _plan_text(ctx: GameContext, plan: Plan | None) -> str:
    sep = "，" if ctx.lang != "en" else ", "
    out = []
    for key, params in plan_words(plan):
        if "place" in params:
            params = {**params, "place": _place_name(ctx, params["place"])}
        if "colour" in params:
            params = {**params, "colour": _gem_name(ctx, params["colour"])}
        out.append(ctx.t(key, **params))
    return sep.join(out)


# ----- pieces on the board ---------------------------------------------------------------
def _text(value: str, size: int = 13, color: str = board.INK, bold: bool = False) -> ft.Text:
    return ft.Text(value, size=size, color=color, weight=ft.FontWeight.BOLD if bold else ft.FontWeight.W_500,
                   text_align=ft.TextAlign.CENTER)


def _gem(ctx: GameContext, colour: str, size: int = 22, count: int | None = None) -> ft.Control:
    """A gem: its colour and its letter (and how many, on a site)."""
    bg, fg = GEM_HEX.get(colour, ("#bdbdbd", "#212121"))
    label = _gem_letter(ctx, colour) + ("" if count is None else f" {ctx.num(count)}")
    return ft.Container(content=ft.Text(label, size=size * 0.55, color=fg, weight=ft.FontWeight.BOLD, no_wrap=True),
                        bgcolor=bg, height=size, border_radius=size // 2, alignment=ft.Alignment.CENTER,
                        padding=ft.Padding.symmetric(horizontal=max(4, size // 4)),
                        border=ft.Border.all(1, "#37474f"))


def _canoe_face(ctx: GameContext, seat: int, k: int, gem: str | None, ghost: bool = False) -> ft.Control:
    """A canoe: the seat's colour, shape and short name, its number, its gem."""
    ink = board.seat_ink(seat)
    parts: list[ft.Control] = [
        ft.Icon(board.SEAT_SHAPES[seat % len(board.SEAT_SHAPES)], size=12, color=ink),
        ft.Text(f"{board.seat_label(ctx.players, seat)}{ctx.num(k)}", size=13, color=ink,
                weight=ft.FontWeight.BOLD, no_wrap=True)]
    if gem:
        parts.append(_gem(ctx, gem, size=18))
    row = ft.Row(parts, spacing=2, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    if ghost:  # where a picked move takes the canoe: an outline in its colour, dark ink on white
        return ft.Container(content=ft.Row([
            ft.Icon(ft.Icons.ARROW_FORWARD, size=12, color=board.INK),
            ft.Icon(board.SEAT_SHAPES[seat % len(board.SEAT_SHAPES)], size=12, color=board.seat_color(seat)),
            ft.Text(f"{board.seat_label(ctx.players, seat)}{ctx.num(k)}", size=13, color=board.INK,
                    weight=ft.FontWeight.BOLD, no_wrap=True)], spacing=2, tight=True,
            vertical_alignment=ft.CrossAxisAlignment.CENTER),
                            border=ft.Border.all(2, board.seat_color(seat)), border_radius=12, height=26,
                            padding=ft.Padding.symmetric(horizontal=4), bgcolor="#ffffff")
    return ft.Container(content=row, bgcolor=board.seat_color(seat), border_radius=12, height=26,
                        padding=ft.Padding.symmetric(horizontal=5), border=ft.Border.all(1, "#ffffff"))


@dataclass
class Board:
    """What the board is drawn from: the view, the legal actions, the turn in hand."""

    ctx: GameContext
    form: TurnForm
    #: a tap handler that changes the turn in hand and redraws the board and the turn's controls
    on: Callable[[Callable[[], Any]], Callable[[Any], None]]
    seat: int | None
    by_type: dict[str, list[Action]]
    moved: frozenset[str]
    over: bool

    @property
    def view(self) -> Mapping[str, Any]:
        return self.ctx.view

    def paddling(self) -> bool:
        return "paddle" in self.by_type and bool(self.form.canoes())

    @cached_property
    def ends(self) -> dict[str, list[Plan | None]]:
        """Where the canoe in hand can end, with its moves there (worked out once a drawing)."""
        k = self.form.current() if self.paddling() else None
        return {} if k is None else self.form.ends(k)


def _canoe_width(ctx: GameContext, seat: int, gem: str | None) -> int:
    """A canoe spot's width: its face and frame (a spot otherwise fills its row)."""
    label = board.seat_label(ctx.players, seat) + "1"
    wide = sum(14 if ord(c) >= 0x2E80 else 9 for c in label)
    return 46 + wide + (22 if gem else 0)


def _canoe_spot(b: Board, seat: int, k: int, where: str, gem: str | None) -> ft.Control:
    ctx, form = b.ctx, b.form
    face = _canoe_face(ctx, seat, k, gem)
    key = f"canoe:{seat}:{k}"
    moved = key in b.moved
    width = _canoe_width(ctx, seat, gem)
    if b.over:
        return board.frame_moved(board.mark(face, padding=2), moved)
    mine = seat == b.seat
    if where == LOST:
        buys = [a for a in b.by_type.get("buy_back", []) if a["canoe"] == k] if mine else []
        if buys:
            if len(buys) == 1:
                return board.spot(ctx, face, buys[0], legal=True, key=key, moved=moved, width=width)
            return board.spot(ctx, face, buys[0], legal=True, key=key, moved=moved, width=width,
                              on_tap=b.on(lambda: setattr(form, "buying", k)), reaches=buys,
                              selected=form.buying == k)
        banked = [c for c, n in b.view["players"][seat]["bank"].items() if n]
        tried = Action.make("buy_back", seat, canoe=k, gem=(banked or list(facts().colours))[0])
        return board.spot(ctx, face, tried, legal=False, key=key, moved=moved, width=width, dim=False)
    if mine and b.paddling() and k in form.canoes():
        if k in form.picks and plan_end(form.picks[k], where) != where:
            # its move is picked: it has left this place (a faint outline, nothing to tap, so a tap
            # here for the other canoe cannot take this move back); its piece stands where it goes
            return ft.Container(content=face, opacity=0.35, key=f"left:{seat}:{k}")
        current = form.current() == k
        reaches = form.changing(k)
        return board.spot(ctx, face, reaches[0] if reaches else None, legal=True, key=key, moved=moved,
                          width=width, on_tap=b.on(lambda: form.select(k)), reaches=reaches,
                          selected=current)
    # not this canoe's move now: the tap asks the referee, who says why (whose turn, which card)
    return board.spot(ctx, face, Action.make("paddle", seat, **{f"canoe{k}": where}), legal=False, key=key,
                      moved=moved, width=width, dim=False)


def _ghosts(b: Board, place: str) -> list[ft.Control]:
    """Where the picked moves take the player's canoes (before Confirm), each canoe tappable there."""
    if not b.paddling() or b.seat is None:
        return []
    out: list[ft.Control] = []
    form = b.form
    for k, plan in sorted(form.picks.items()):
        if plan is not None and plan_end(plan, form.places[k]) == place != form.places[k]:
            # the canoe where its picked move takes it: a tap on it takes the move back
            reaches = form.changing(k)
            out.append(board.spot(b.ctx, _canoe_face(b.ctx, b.seat, k, None, ghost=True),
                                  reaches[0] if reaches else None, legal=True, key=f"canoe:{b.seat}:{k}",
                                  on_tap=b.on(lambda k=k: form.select(k)), reaches=reaches,
                                  width=_canoe_width(b.ctx, b.seat, None) + 14))
    return out


def _place_spot(b: Board, place: str, content: ft.Control, *, bgcolor: str, width: float | None = None,
                expand: bool | int | None = None, min_height: int = board.TOUCH) -> ft.Control:
    """A place a canoe can be moved to: lit when the canoe in hand can end there."""
    ctx, form = b.ctx, b.form
    k = form.current() if b.paddling() else None
    if k is None or b.seat is None:
        return board.mark(content, bgcolor=bgcolor, width=width, expand=expand, radius=8, padding=4)
    lit = place in b.ends
    if lit:
        # once tapped, the moves ending here are offered by name beside the board: it leads on no further
        reaches = [] if form.pending == place else form.reaching(k, place)
        return board.spot(ctx, content, None, legal=True, key=f"place:{place}:canoe{k}", bgcolor=bgcolor,
                          width=width, expand=expand, min_height=min_height,
                          on_tap=b.on(lambda: form.tap(place)), reaches=reaches,
                          selected=form.pending == place)
    return board.spot(ctx, content, form.tried(k, place, b.seat), legal=False, key=f"place:{place}:canoe{k}",
                      bgcolor=bgcolor, width=width, expand=expand, min_height=min_height)


def _disc(b: Board, space: str) -> ft.Control:
    """A space of the river: its disc (a place) and the canoes on it."""
    disc = ft.Container(content=_text(space, 15, bold=True), width=34, height=34, border_radius=17,
                        bgcolor="#e1f5fe", border=ft.Border.all(2, "#0277bd"), alignment=ft.Alignment.CENTER)
    boats = canoes_at(b.view).get(space, [])
    on_it = [*(_canoe_spot(b, seat, k, space, gem) for seat, k, gem in boats), *_ghosts(b, space)]
    parts = [_place_spot(b, space, disc, bgcolor=WATER, width=board.TOUCH + 6)]
    if on_it:  # (an empty space draws no row: a board redraw costs by its controls)
        parts.append(ft.Row(on_it, wrap=True, spacing=4, run_spacing=4, expand=True))
    return ft.Row(parts, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER, expand=True)


def _site(b: Board, colour: str, width: int = 60) -> ft.Control:
    """A gem site (display: its gems are loaded by moving a canoe beside it)."""
    pile = b.view["sites"][colour]
    gems = [_gem(b.ctx, c, size=22, count=n) for c, n in pile.items() if n] or [_text(b.ctx.num(0))]
    return board.mark(ft.Column(gems, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
                      width=width, padding=2)


def _weather_row(b: Board) -> ft.Control:
    """The weather track as one printed bar (display only), the cloud on its step; during a
    cloud's turn the steps above and below the cloud are the spots that move it."""
    ctx, view = b.ctx, b.view
    moves = {a["direction"]: a for a in b.by_type.get("weather", [])}
    track = view["weather_track"]
    at = track.index(view["weather"])
    cells: list[ft.Control] = []
    for i, (w, on) in enumerate(weather_cells(view)):
        label = ("+" if w > 0 else "") + ctx.num(w)
        face = ft.Row([ft.Icon(ft.Icons.CLOUD, size=16, color=board.INK)] if on else [], tight=True, spacing=2,
                      alignment=ft.MainAxisAlignment.CENTER)
        face.controls.append(_text(label, 15, bold=on))
        direction = "up" if i == at + 1 else "down" if i == at - 1 else None
        if direction in moves:  # a cloud's turn: the step above or below the cloud is where it goes
            cells.append(board.spot(ctx, face, moves[direction], legal=True, key=f"weather:{direction}",
                                    width=56, bgcolor="#eceff1"))
        else:
            cells.append(board.frame_moved(board.mark(face, bgcolor="#90caf9" if on else None, width=52,
                                                      height=36, radius=0), on and "weather" in b.moved))
    kind, flow = flow_figure(view)
    figure = "—" if flow is None else ctx.num(flow)
    bar = ft.Container(content=ft.Row(cells, spacing=0, tight=True,
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER),
                       bgcolor="#eceff1", border_radius=6, border=ft.Border.all(1, board.LINE))
    return ft.Column([
        ft.Row([board.heading(ctx.t("ui.weather")), bar], wrap=True, spacing=6, run_spacing=4,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        board.heading(f"{ctx.t('ui.' + kind)}{ctx.colon}{figure}", size=16 if kind == "flow" else 14),
    ], spacing=4)


def _cards_row(b: Board) -> ft.Control:
    """This round's cards in turn order, the lifebuoy on the first (display only)."""
    ctx, view = b.ctx, b.view
    items: list[ft.Control] = []
    for seat in view["order"]:
        card = view["cards"][seat]
        face = "?" if card is None else (ctx.t("ui.cloud") if card == CLOUD else ctx.num(card))
        parts = [board.seat_token(ctx, seat, size=24),
                 board.mark(face, bgcolor="#fff8e1", size=14, width=None, padding=4, weight=ft.FontWeight.BOLD)]
        if seat == view["lifebuoy"]:
            parts.insert(0, ft.Icon(ft.Icons.SUPPORT, size=18, color="#d84315", tooltip=ctx.t("ui.lifebuoy")))
        items.append(ft.Row(parts, spacing=2, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return ft.Column([board.heading(f"{ctx.t('ui.round')} {ctx.num(view['round'])} · {ctx.t('ui.cards_round')}",
                                    size=13),
                      ft.Row(items, wrap=True, spacing=10, run_spacing=4)], spacing=2)


def _shore(b: Board) -> ft.Control:
    ctx = b.ctx
    boats = canoes_at(b.view).get(SHORE, [])
    canoes = [_canoe_spot(b, seat, k, SHORE, gem) for seat, k, gem in boats]
    label = ft.Row([ft.Icon(ft.Icons.ANCHOR, size=16, color=board.INK), _text(ctx.t("ui.shore"), 14, bold=True)],
                   spacing=2, tight=True)
    return ft.Container(
        content=ft.Row([_place_spot(b, SHORE, label, bgcolor=SHORE_GROUND),
                        ft.Row([*canoes, *_ghosts(b, SHORE)], wrap=True, spacing=4, run_spacing=4, expand=True)],
                       spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=SHORE_GROUND, border_radius=8, padding=4)


def _rope(ctx: GameContext) -> ft.Control:
    return ft.Row([ft.Container(height=3, bgcolor="#8d6e63", expand=True),
                   _text(ctx.t("ui.rope"), 11, color=board.SOFT_INK),
                   ft.Container(height=3, bgcolor="#8d6e63", expand=True)],
                  spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _fork(b: Board) -> ft.Control:
    """The fork: which arm the next disc enters; a tap tells the app the other arm."""
    ctx, view = b.ctx, b.view
    side = view["fork_next"]
    icon = ft.Icons.SOUTH_WEST if side == "left" else ft.Icons.SOUTH_EAST
    face = ft.Column([
        ft.Row([ft.Icon(icon, size=20, color=board.INK),
                _text(ctx.t("ui.fork_spot", arm=ctx.t("ui." + side)), 14, bold=True)],
               spacing=4, tight=True, alignment=ft.MainAxisAlignment.CENTER),
        _text(ctx.t("ui.fork_tap"), 11, color=board.SOFT_INK)], spacing=0, tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    switch = [a for a in b.by_type.get("fork", [])]
    moved = "fork" in b.moved
    if b.over or not switch:
        return board.frame_moved(board.mark(face, bgcolor=DEEP), moved)
    return ft.Row([board.spot(ctx, face, switch[0], legal=True, key="fork", bgcolor=DEEP, moved=moved)],
                  alignment=ft.MainAxisAlignment.CENTER)


def _arms(b: Board) -> ft.Control:
    left, right = arm("left"), arm("right")
    rows = []
    for lspace, rspace in zip(left, right):
        site = site_beside(lspace)
        island = _site(b, site) if site is not None and site == site_beside(rspace) else ft.Container(width=60)
        rows.append(ft.Row([_disc(b, lspace), ft.Container(content=island, bgcolor=ISLAND, border_radius=8, padding=2),
                            _disc(b, rspace)], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    def side(text: str, icon: Any, first: bool) -> ft.Control:
        parts = [ft.Icon(icon, size=14, color=board.SOFT_INK), _text(text, 11, color=board.SOFT_INK)]
        return ft.Row(parts if first else parts[::-1], spacing=2, tight=True)

    return ft.Column([ft.Row([side(b.ctx.t("ui.left"), ft.Icons.SOUTH_WEST, True),
                              _text(b.ctx.t("ui.island"), 11, color=board.SOFT_INK),
                              side(b.ctx.t("ui.right"), ft.Icons.SOUTH_EAST, False)],
                             alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
                      *rows], spacing=4)


def _channel_rows(b: Board) -> list[ft.Control]:
    rows = []
    for space in channel():
        site = site_beside(space)
        bank = _site(b, site, width=64) if site is not None else ft.Container(width=64)
        rows.append(ft.Row([bank, _disc(b, space)], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return rows


def _falls(b: Board) -> ft.Control:
    ctx = b.ctx
    label = ft.Row([ft.Icon(ft.Icons.WATER, size=18, color="#ffffff"),
                    _text(ctx.t("ui.falls"), 14, color="#ffffff", bold=True)], spacing=4, tight=True,
                   alignment=ft.MainAxisAlignment.CENTER)
    lost = [_canoe_spot(b, seat, k, LOST, gem) for seat, k, gem in canoes_at(b.view).get(LOST, [])]
    parts: list[ft.Control] = [ft.Row([_place_spot(b, FALLS, label, bgcolor=FALLS_GROUND, expand=True)])]
    if lost or _ghosts(b, FALLS):
        parts.append(ft.Row([_text(ctx.t("ui.lost"), 13, bold=True), *lost, *_ghosts(b, FALLS)], wrap=True,
                            spacing=4, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return ft.Column(parts, spacing=4)


def _draw_board(b: Board) -> ft.Control:
    river = ft.Container(
        content=ft.Column([*_channel_rows(b), _fork(b), _arms(b)], spacing=4),
        bgcolor="#e1f5fe", border_radius=10, padding=4)
    return board.surface(ft.Column([_weather_row(b), _cards_row(b), _shore(b), _rope(b.ctx), river, _falls(b)],
                                   spacing=6), key="niagara-board")


# ----- the controls beside the board ------------------------------------------------------
def _needs_text(ctx: GameContext, row: dict[str, Any]) -> str:
    n = row["needs"]
    return ctx.t("ui.needs_text", same=n["same_colour"], different=n["different_colours"], any=n["any_colours"])


def _draw_players(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    cards = []
    for row in player_rows(view):
        seat = row["seat"]
        hand = ctx.join(_card_name(ctx, c) for c in row["hand"])
        bank = [_gem(ctx, c, size=24, count=n) for c, n in row["bank"].items()]
        lines: list[ft.Control] = [
            ft.Row([board.seat_token(ctx, seat, size=26),
                    ft.Text(row["name"], size=17, weight=ft.FontWeight.BOLD)], spacing=6),
            ft.Text(f"{ctx.t('ui.hand')}{ctx.colon}{hand}", size=13),
            ft.Row([ft.Text(f"{ctx.t('ui.bank')}{ctx.colon}", size=13), *(bank or [ft.Text("—", size=13)])],
                   wrap=True, spacing=4, run_spacing=4),
            ft.Text(ctx.t("ui.goal_met") if row["goal"] else _needs_text(ctx, row), size=13,
                    weight=ft.FontWeight.BOLD if row["goal"] else None),
        ]
        cards.append(player_card(lines, ctx.player_color(seat), width=300))
    return wrap(cards)


def _card_chip(ctx: GameContext, card: Any, on_click: Callable[[Any], None], selected: bool = False) -> ft.Control:
    return ft.Container(
        content=ft.Text(_card_name(ctx, card), size=18, color="#212121", weight=ft.FontWeight.W_600,
                        text_align=ft.TextAlign.CENTER),
        bgcolor="#fff8e1", height=ctx.TOUCH, border_radius=8, alignment=ft.Alignment.CENTER,
        width=max(ctx.TOUCH, sum(20 if ord(c) >= 0x2E80 else 11 for c in _card_name(ctx, card)) + 20),
        border=ft.Border.all(4 if selected else 1, "#1565c0" if selected else "#90a4ae"),
        padding=ft.Padding.symmetric(horizontal=6), on_click=on_click)


def _draw_reveal(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    panel = FormPanel(ctx, RevealForm(), lambda p: _draw_reveal_form(p, view))
    return ft.Column([section_title(ctx.t("action.reveal")), panel.control], spacing=6)


def _draw_reveal_form(panel: FormPanel[RevealForm], view: Mapping[str, Any]) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    n = len(view["players"])
    rows: list[ft.Control] = []
    for seat in view["order"]:
        chips = [_card_chip(ctx, c, panel.on(lambda s=seat, c=c: form.choose(s, c)), form.picks.get(seat) == c)
                 for c in view["players"][seat]["hand"]]
        rows += [ft.Text(ctx.t("ui.choose_card", player=seat), size=14, color=ctx.player_color(seat)),
                 ft.Row(chips, wrap=True, spacing=6, run_spacing=6)]
    # never a hidden or pale button: until every card is chosen it says why
    # (with the rule), and pressing it shows the refusal
    rows.append(confirm_button(ctx, ctx.t("ui.enter_cards"), form.attempt(n), form.complete(n)))
    return ft.Column(rows, spacing=6)


def _draw_paddle_controls(b: Board) -> list[ft.Control]:
    """The turn in hand: what each canoe does so far, the moves offered by name
    where several end at the tapped place, then Confirm."""
    ctx, form = b.ctx, b.form
    seat = b.seat
    assert seat is not None
    card = b.view["cards"][seat]
    parts: list[ft.Control] = [section_title(ctx.t("ui.paddle_title", player=seat, card=_card_name(ctx, card)))]
    if not form.canoes():
        none = b.by_type["paddle"][0]
        return parts + [ft.Text(ctx.t("ui.nothing_to_move"), size=14),
                        board.choice(ctx, ctx.t("ui.confirm"), none, key="confirm", filled=True)]
    k = form.current()
    for n in form.canoes():
        if n in form.picks:
            parts.append(ft.Text(ctx.t("ui.canoe_plan", canoe=n, plan=_plan_text(ctx, form.picks[n])), size=15))
    if k is not None:
        parts.append(ft.Text(ctx.t("ui.tap_place", canoe=k), size=15, weight=ft.FontWeight.BOLD))
        if form.pending is not None:
            plans = form.ends(k)[form.pending]
            parts.append(ft.Row([board.choice(ctx, _plan_text(ctx, plan), None, key=f"plan:{k}:{i}",
                                              on_tap=b.on(lambda plan=plan: form.pick(k, plan)),
                                              reaches=[a for a in form.reaching(k) if plan_of(a, k) == plan])
                                 for i, plan in enumerate(plans)], wrap=True, spacing=6, run_spacing=6))
    else:
        found = form.candidates()
        if len(found) == 1:
            parts.append(board.choice(ctx, ctx.t("ui.confirm"), found[0], key="confirm", filled=True))
        else:  # both orders are legal and end differently: the table says which canoe went first
            parts.append(ft.Row([board.choice(ctx, ctx.t("ui.confirm_first", canoe=a.get("first", 1)), a,
                                              key=f"confirm:{a.get('first', 1)}", filled=True) for a in found],
                                wrap=True, spacing=6, run_spacing=6))
    if len(form.canoes()) > 1 or form.picks:
        parts.append(ft.Text(ctx.t("ui.tap_canoe_again"), size=12, italic=italic(ctx.lang)))
    return parts


def _draw_turn(b: Board, state: NiagaraState) -> ft.Control:
    """The decision at hand (redrawn with the board when a tap changes the turn in hand)."""
    ctx, view = b.ctx, b.view
    parts: list[ft.Control] = []
    seat = b.seat
    if state.phase == "reveal":
        parts.append(_draw_reveal(ctx, view))
    elif state.phase == "turn" and seat is not None:
        if "card" in b.by_type:
            # the rulebook's way: the player turns his face-down card over now and it is entered
            parts += [section_title(ctx.t("ui.turn_card_title", player=seat)),
                      ft.Row([_card_chip(ctx, a["card"], lambda e, a=a: ctx.dispatch(a)) for a in b.by_type["card"]],
                             wrap=True, spacing=6, run_spacing=6)]
        if "buy_back" in b.by_type:
            lost = b.form.buying
            parts.append(ft.Text(ctx.t("ui.buy_back_hint"), size=14))
            if lost is not None:
                parts.append(ft.Row([board.choice(ctx, ctx.t("ui.buy_back", canoe=a["canoe"],
                                                             colour=_gem_name(ctx, a["gem"])), a,
                                                  key=f"buy:{a['canoe']}:{a['gem']}")
                                     for a in b.by_type["buy_back"] if a["canoe"] == lost],
                                    wrap=True, spacing=6, run_spacing=6))
        if "weather" in b.by_type:
            parts += [section_title(ctx.t("action.weather")), ft.Text(ctx.t("ui.weather_hint"), size=14)]
        if "paddle" in b.by_type:
            parts += _draw_paddle_controls(b)
    else:
        parts.append(section_title(ctx.t("ui.winners", players=list(state.winners)) if state.winners
                                   else ctx.t("ui.no_winner")))
    return ft.Column(parts, spacing=10)


# ----- "Why?": the gems each player banked and how they count (teaching play) -------------------------
def account_lines(ctx: GameContext) -> list[tuple[str, list[str]]]:
    """(heading, sentences): how gems count, then each player's banked gems by colour (the
    heading) and how far they are from each goal (the view's own
    ``bank`` and ``needs``: the engine's ``needs``), the gem value where the table breaks ties
    by it; nothing of Niagara is secret."""
    f = facts()
    t = ctx.t
    out: list[tuple[str, list[str]]] = [("", [t("ui.why.how", same=f.win_same, different=f.win_different,
                                                any=f.win_any)])]
    for seat, p in enumerate(ctx.view["players"]):
        bank = {c: n for c, n in p["bank"].items() if n}
        if not bank:
            out.append((t("ui.why.no_gems", player=seat), []))
            continue
        gems = ctx.join(t("ui.why.gem", count=bank[c], colour=t(f"ui.gem.{c}")) for c in f.colours if c in bank)
        need = p["needs"]
        head = t("ui.why.gems", player=seat, gems=gems, count=sum(bank.values()))
        lines = [t("ui.why.same", have=max(bank.values()), goal=f.win_same, need=need["same_colour"]),
                 t("ui.why.different", have=len(bank), goal=f.win_different, need=need["different_colours"]),
                 t("ui.why.any", have=sum(bank.values()), goal=f.win_any, need=need["any_colours"])]
        if p["goal"]:
            lines.append(t("ui.why.reached"))
        if getattr(ctx.state, "tiebreak", False):
            worth = " + ".join(t("ui.why.worth_item", count=bank[c], value=f.values[c]) for c in f.colours if c in bank)
            lines.append(t("ui.why.worth", sum=worth, total=sum(bank[c] * f.values[c] for c in bank)))
        out.append((head, lines))
    return out


def account(ctx: GameContext, clause: str | None = None) -> tuple[str, list[ft.Control]]:
    """Teaching play's "Why?" after a gem is banked or a goal reached (``account_lines``)."""
    body: list[ft.Control] = []
    for title, sentences in account_lines(ctx):
        if title:
            body.append(section_title(title))
        body += [ft.Text(s, size=15) for s in sentences]
    return ctx.t("ui.why.title"), body


def build(ctx: GameContext) -> ft.Control:
    state: NiagaraState = ctx.state
    view = ctx.view
    seat = state.current()
    # the card entry (thousands of combinations) is the reveal form's, never listed here
    by_type = read_turn(excluding(ctx.legal, "reveal"))
    places = {} if seat is None else {k: c["where"] for k, c in enumerate(view["players"][seat]["canoes"], start=1)}
    form = TurnForm(by_type.get("paddle", []), places)
    moved = board.moved(ctx, "niagara", board_snapshot(view))
    panels: list[FormPanel[TurnForm]] = []

    on = redrawing(panels)

    def board_of() -> Board:
        return Board(ctx, form, on, seat, by_type, moved, state.phase == "end")

    # one turn in hand, two places it shows: the board and the controls beside it (only these
    # two are redrawn by a tap, not the players' boxes)
    panels += [FormPanel(ctx, form, lambda p: _draw_board(board_of()), keep=False),
               FormPanel(ctx, form, lambda p: _draw_turn(board_of(), state), keep=False)]
    controls = ft.Column([ft.Text(ctx.t("ui.entry_at_once" if state.cards_at_once else "ui.entry_each_turn"),
                                  size=13, italic=italic(ctx.lang)),
                          section_title(ctx.t("ui.players")), _draw_players(ctx, view)],
                         spacing=10)
    return board.two_pane(panels[0].control, controls, step=panels[1].control)
