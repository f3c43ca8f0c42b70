"""Manila screen: the three routes with boats and seats, the harbor, shipyard,
pirate ship, pilots and insurance, the price track, each player's money, loans
and accomplices, one form per decision, the last voyage's payouts, the final
wealth table, and the odds on request.

Contract: ``companion/ui/context.py``.  Everything the screen decides lives in
the plain functions and form classes at the top (tested without a page); the
``_draw_*`` functions only turn them into Flet controls.  The board is read
from ``ctx.view`` (the shared observation) and the choices from ``ctx.legal``,
so the screen never offers a refused move; of the engine it imports only
``games.manila.public``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

import flet as ft

from ...core.actions import Action
from ...i18n import join_list
from ...games.manila.public import (BANK, INSURANCE, PILOT_SPACES, PILOTS, PIRATE, SETTLED, ManilaState, credit, load,
                                    odds, open_spaces, roll_dice, share_cost, voyage_account)
from .. import board
from ..context import GameContext
from ..widgets import (TOUCH, FormPanel, account_section, amount_entry, big_button, confirm_button, expander, italic,
                       player_card, reason_line, results_sheet, section_title, seen, send, tile, wrap)

F = load()

#: colours of the wares (background, text)
WARE_COLORS: dict[str, tuple[str, str]] = {
    "nutmeg": ("#8d6e63", "#ffffff"),
    "silk": ("#1e88e5", "#ffffff"),
    "ginseng": ("#fdd835", "#212121"),
    "jade": ("#43a047", "#ffffff"),
}
#: the Teach screen's set-up board colours its pieces as this board does (ui/setup_board.py)
SETUP_COLORS = WARE_COLORS
FREE = ("#eeeeee", "#424242")


# ----- plain screen logic ----------------------------------------------------------------------
@dataclass(frozen=True)
class BoatRow:
    ware: str
    position: int
    status: str                       # sea | harbor | shipyard | plundered
    space: str | None                 # harbor_a … / shipyard_a … once docked
    seats: list[tuple[int | None, int]]   # (holder, printed cost) cheapest first


def boat_rows(view: Mapping[str, Any]) -> list[BoatRow]:
    """The boats sailing this voyage, from the shared view's ``boats``."""
    return [BoatRow(ware, b["position"], b["status"], b["space"], list(zip(b["seats"], b["seat_costs"])))
            for ware, b in view["boats"].items()]


def route_cells(position: int) -> list[str]:
    """One cell per route space 0..last: 'boat', 'pirates' (the last space), or ''."""
    cells = ["" for _ in range(F.last_space + 1)]
    cells[F.last_space] = "pirates"
    if 0 <= position <= F.last_space:
        cells[position] = "boat"
    return cells


@dataclass(frozen=True)
class SpaceRow:
    space: str
    holder: int | None
    docked: str | None                # ware of the boat on a harbor/shipyard space


def space_rows(view: Mapping[str, Any]) -> list[SpaceRow]:
    """Harbor, shipyard, pilots and insurance, from the shared view: who holds
    each and which boat lies docked there."""
    spaces = view["spaces"]
    docked = {b["space"]: ware for ware, b in view["boats"].items() if b["space"]}
    return [SpaceRow(space, spaces.get(space), docked.get(space))
            for space in (*F.harbor_spaces, *F.shipyard_spaces, "pilot_small", "pilot_large", INSURANCE)]


@dataclass(frozen=True)
class PlaceOption:
    space: str
    cost: int
    stowaway: bool


def place_options(state: ManilaState, legal: Sequence[Action]) -> list[PlaceOption]:
    """The spaces the placer may take, with what they cost (a stowaway pays all his cash)."""
    costs = open_spaces(state)
    out = []
    for a in legal:
        if a.type != "place":
            continue
        space, seat = a["space"], a.player if a.player is not None else 0
        # a listed space the player cannot pay for even with loans is a stowaway's
        stowaway = space != INSURANCE and costs[space] > credit(state, seat)
        out.append(PlaceOption(space, state.cash[seat] if stowaway else costs[space], stowaway))
    return out


def bid_amounts(legal: Sequence[Action]) -> list[int]:
    return [a["amount"] for a in legal if a.type == "bid"]


def quick_bids(amounts: Sequence[int]) -> list[int]:
    """A few handy bids: the lowest, +1, +2, +5, +10 over it (those that are allowed)."""
    if not amounts:
        return []
    low = amounts[0]
    allowed = set(amounts)
    return [b for b in dict.fromkeys([low, low + 1, low + 2, low + 5, low + 10]) if b in allowed]


@dataclass
class LaunchForm:
    """The harbor master's cargo and starting spaces: choose the ware left home, then each start."""

    left_out: str | None = None
    starts: dict[str, int] = field(default_factory=dict)

    def cargo(self) -> list[str]:
        return [w for w in F.wares if w != self.left_out] if self.left_out else []

    def pick_left_out(self, ware: str) -> None:
        """That ware stays home (its start, if one was tapped, goes; the others stay)."""
        self.left_out = ware
        self.starts.pop(ware, None)

    def set_start(self, ware: str, value: int) -> None:
        """A boat's starting space (tapped on its route: in any order, before or after
        the ware that stays home is chosen -- but not for that ware)."""
        if ware != self.left_out:
            self.starts[ware] = value

    def sent(self) -> dict[str, int]:
        """The starts of the boats that sail (what a launch would carry now)."""
        return {w: v for w, v in self.starts.items() if w != self.left_out}

    def total(self) -> int:
        return sum(self.starts.values())

    def action(self, seat: int, legal: Sequence[Action]) -> Action | None:
        if self.left_out is None or set(self.starts) != set(self.cargo()):
            return None
        action = Action.make("launch", seat, **self.starts)
        return action if action in legal else None


@dataclass
class DiceForm:
    """One die per boat at sea; the docking order when several boats reach Manila at once."""

    boats: list[str]
    faces: dict[str, int] = field(default_factory=dict)
    order: list[str] | None = None

    def set_face(self, ware: str, face: int) -> None:
        self.faces[ware] = face
        self.order = None

    def roll_all(self, faces: Mapping[str, int]) -> None:
        """Fill every die in at once (the app's roll, ``public.roll_dice``)."""
        self.faces = {w: faces[w] for w in self.boats}
        self.order = None

    def matching(self, legal: Sequence[Action]) -> list[Action]:
        """The legal rolls with these faces (several when the docking order must be chosen)."""
        if set(self.faces) != set(self.boats):
            return []
        return [a for a in legal if a.type == "roll" and all(a.get(w) == f for w, f in self.faces.items())]

    def orders(self, legal: Sequence[Action]) -> list[list[str]]:
        return [a["order"] for a in self.matching(legal) if "order" in a]

    def action(self, legal: Sequence[Action]) -> Action | None:
        found = self.matching(legal)
        if len(found) == 1:
            return found[0]
        for a in found:
            if self.order is not None and a.get("order") == self.order:
                return a
        return None


@dataclass
class SupplyForm:
    """How many shares of each ware lie in the supply (only when somebody tells at the end)."""

    counts: dict[str, int]

    @classmethod
    def start(cls, legal: Sequence[Action]) -> "SupplyForm":
        first = next(a for a in legal if a.type == "supply")
        return cls({w: first[w] for w in F.wares})

    def step(self, ware: str, delta: int) -> None:
        self.counts[ware] = max(0, min(F.shares_per_ware, self.counts[ware] + delta))

    def action(self, legal: Sequence[Action]) -> Action | None:
        action = Action.make("supply", None, **self.counts)
        return action if action in legal else None


def move_text(moves: dict[str, int], names: dict[str, str], lang: str = "en") -> str:
    """'Silk +1, Jade −2' for a pilot's moves ('丝绸 +1、玉石 −2' in Chinese)."""
    return join_list((f"{names[w]} {'+' if d > 0 else '−'}{abs(d)}" for w, d in moves.items()), lang)


def order_text(order: Sequence[str], names: dict[str, str]) -> str:
    """'1. Jade  2. Nutmeg' (no arrows: the bundled font has none)."""
    return "  ".join(f"{i + 1}. {names[w]}" for i, w in enumerate(order))


def pilot_moves(action: Action) -> dict[str, int]:
    return {w: action[w] for w in F.wares if w in action}


@dataclass(frozen=True)
class PayoutLine:
    seat: int
    amount: int          # signed: + received, − paid
    reason: str
    where: str
    #: the other side of the movement (BANK or a seat)
    other: int = field(default=BANK, compare=False)


#: what is settled when the voyage ends (manila.payout.*): the rest of a voyage's money
#: (bids, shares, seats, the insurance premium, loans) changed hands while it was played
SETTLED_AT_END = SETTLED  # games.manila.account: the one list


def paid_now(lines: Sequence[PayoutLine], n: int) -> tuple[list[int], list[PayoutLine]]:
    """What the bank hands each seat now the voyage is over, and the payments between players
    (or to the bank) due now as well: an insurer's claims.  Nothing already paid is in it."""
    bank = [0] * n
    others: list[PayoutLine] = []
    for line in lines:
        if line.reason not in SETTLED_AT_END:
            continue
        if line.amount > 0 and line.other == BANK:
            bank[line.seat] += line.amount
        elif line.amount < 0:
            others.append(line)
    return bank, others


def payout_lines(ledger: Sequence[Mapping[str, Any]]) -> list[PayoutLine]:
    """Every player's money movements in the view's ``ledger`` (the last voyage
    paid out), in the order they happened (a free space is left out; a
    stowaway is shown even when he paid nothing)."""
    out = []
    for f in ledger:
        if f["amount"] == 0 and f["reason"] != "stowaway":
            continue
        if f["payee"] != BANK:
            out.append(PayoutLine(f["payee"], f["amount"], f["reason"], f["where"], f["payer"]))
        if f["payer"] != BANK:
            out.append(PayoutLine(f["payer"], -f["amount"], f["reason"], f["where"], f["payee"]))
    return out


def voyage_totals(lines: Sequence[PayoutLine], n: int) -> list[int]:
    totals = [0] * n
    for line in lines:
        totals[line.seat] += line.amount
    return totals


def wealth_rows(view: dict[str, Any]) -> list[tuple[int, str, int]]:
    """(seat, name, wealth) best first, once everybody's shares are known."""
    rows = [(seat, p["name"], p["wealth"]) for seat, p in enumerate(view["players"]) if p.get("wealth") is not None]
    return sorted(rows, key=lambda r: (-r[2], r[0]))


def hand_label(wares: Sequence[str], names: dict[str, str]) -> str:
    return " + ".join(names[w] for w in wares)


# ----- drawing ------------------------------------------------------------------------------------
def _names(ctx: GameContext) -> dict[str, str]:
    return {w: ctx.t(f"ui.ware.{w}") for w in F.wares}


def _space_name(ctx: GameContext, space: str) -> str:
    return ctx.t(f"ui.ware.{space}") if space in F.seat_costs else ctx.t(f"ui.space.{space}")


def _seat_dot(ctx: GameContext, holder: int | None, text: str) -> ft.Control:
    color = ctx.player_color(holder) if holder is not None else "#e0e0e0"
    label = ctx.players[holder] if holder is not None else text
    return ft.Container(content=ft.Text(label, size=12, color="#ffffff" if holder is not None else "#424242"),
                        bgcolor=color, border_radius=6, padding=ft.Padding.symmetric(horizontal=6, vertical=3))


def _call(fn: Callable[..., Any], *args: Any) -> Callable[[Any], None]:
    """A click handler that calls ``fn(*args)``."""
    def handler(e: Any) -> None:
        fn(*args)
    return handler



# ----- the board ------------------------------------------------------------------------------------
#: the action types played by tapping the board (a boat set on its starting space, a space, a boat's
#: seat, a dock)
BOARD_ACTIONS = frozenset({"launch", "place", "board", "plunder"})
#: the route's water, the pirates' space, the dock spaces and the board's other spaces
WATER = ("#e6eef6", "#d5e3f0")
PIRATES = ("#b71c1c", "#ffffff")
FREE_SPACE = "#ffffff"
#: the harbor's and shipyard's spaces, and the other spaces, are this high at least (a row lines up)
DOCK_HEIGHT = 56
SPACE_HEIGHT = 76


def docked_at(view: Mapping[str, Any]) -> dict[str, str]:
    """Harbor/shipyard space -> the ware of the boat docked there."""
    return {b["space"]: ware for ware, b in view["boats"].items() if b["space"]}


def next_dock(view: Mapping[str, Any], kind: str) -> str | None:
    """Where the next boat sent to the harbor (or shipyard) docks: its first space without a boat."""
    taken = docked_at(view)
    return next((s for s in (F.harbor_spaces if kind == "harbor" else F.shipyard_spaces) if s not in taken), None)


@dataclass(frozen=True)
class BoardPlay:
    """What the board's places do now: per place key (a space, ``seat:<ware>:<i>``, a
    dock) the action a tap sends and whether it is legal; the plundered boats the
    captain still sends somewhere, with their two actions."""

    spots: dict[str, tuple[Action, bool]]
    plunder: dict[str, dict[str, Action]]


def board_play(view: Mapping[str, Any], phase: str, legal: Sequence[Action], placer: int | None) -> BoardPlay:
    """The board's spots in this phase, from the shared view and the legal actions
    (a list of this phase's few board actions)."""
    spots: dict[str, tuple[Action, bool]] = {}
    plunder: dict[str, dict[str, Action]] = {}
    allowed = set(legal)
    if phase == "place" and placer is not None:
        for space in (*F.harbor_spaces, *F.shipyard_spaces, PIRATE, *PILOT_SPACES, INSURANCE):
            action = Action.make("place", placer, space=space)
            spots[space] = (action, action in allowed)
        for ware, b in view["boats"].items():
            free = b["seats"].index(None) if None in b["seats"] else None
            if free is not None:
                action = Action.make("place", placer, space=ware)
                spots[f"seat:{ware}:{free}"] = (action, action in allowed)
            for i, holder in enumerate(b["seats"]):
                if holder is not None:  # a taken seat: its tap says why, and where the next one is
                    spots[f"seat:{ware}:{i}"] = (Action.make("place", placer, space=ware, slot=i), False)
    elif phase == "board":
        for a in legal:
            if a.type == "board":
                seats = view["boats"][a["ware"]]["seats"]
                slot = a["slot"] if "slot" in a else seats.index(None)
                spots[f"seat:{a['ware']}:{slot}"] = (a, True)
    elif phase == "plunder":
        for a in legal:
            if a.type == "plunder":
                plunder.setdefault(a["ware"], {})[a["to"]] = a
    return BoardPlay(spots, plunder)


@dataclass
class BoardForm:
    """The board as a form: which plundered boat the captain is sending (the
    first waiting one unless another was tapped)."""

    play: BoardPlay
    chosen: str | None = None
    #: the harbor master's launch, tapped on the routes (shared with the controls' panel)
    launch: LaunchForm | None = None
    #: other panels drawn from the same forms, redrawn with the board
    linked: list[Any] = field(default_factory=list)

    def plundered(self) -> str | None:
        if self.chosen in self.play.plunder:
            return self.chosen
        return next(iter(self.play.plunder), None)

    def choose(self, ware: str) -> None:
        self.chosen = ware


def board_snapshot(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the board shows, by place: compared between drawings to ring what just moved."""
    snap: dict[str, Any] = {}
    for ware, b in view["boats"].items():
        snap[f"boat:{ware}"] = (b["position"], b["status"])
        for i, holder in enumerate(b["seats"]):
            snap[f"seat:{ware}:{i}"] = holder
    for space, holder in view["spaces"].items():
        snap[space] = holder
    for space, ware in docked_at(view).items():
        snap[f"dock:{space}"] = ware
    snap[PIRATE] = tuple(view["pirates"])
    for ware, price in view["prices"].items():
        snap[f"price:{ware}"] = price
    return snap


def _text(text: str, size: int = 13, color: str = board.INK, bold: bool = False) -> ft.Text:
    return ft.Text(text, size=size, color=color, weight=ft.FontWeight.BOLD if bold else ft.FontWeight.W_500,
                   text_align=ft.TextAlign.CENTER)


def _place(ctx: GameContext, key: str, content: ft.Control, play: BoardPlay, moved: frozenset[str],
           expand: int = 1, height: int = TOUCH) -> ft.Control:
    """A board space: a spot when it is part of this phase's choice, else a flat mark
    (ringed when it just changed); either way at least ``height`` high, so a row lines up."""
    if key in play.spots:
        action, legal = play.spots[key]
        return board.spot(ctx, content, action, legal=legal, key=key, expand=expand, moved=key in moved,
                          min_height=height)
    return board.mark(content, bgcolor=FREE_SPACE, padding=6, key=key, min_height=height, expand=expand,
                      moved=key in moved)


def _holder(ctx: GameContext, holder: int | None, empty: str) -> ft.Control:
    return board.seat_token(ctx, holder, size=24) if holder is not None else board.empty_place(empty, size=24)


def _boat_piece(ware: str, plundered: bool, docked: bool, moved: bool) -> ft.Control:
    bg, fg = WARE_COLORS[ware]
    icons = [ft.Icon(ft.Icons.DIRECTIONS_BOAT, size=16, color=fg)]
    if plundered:
        icons.append(ft.Icon(ft.Icons.FLAG, size=14, color=fg))
    return ft.Container(
        content=ft.Row(icons, spacing=0, alignment=ft.MainAxisAlignment.CENTER, tight=True),
        bgcolor=bg, height=22, border_radius=11, alignment=ft.Alignment.CENTER,
        border=ft.Border.all(2, PIRATES[0] if plundered else "#ffffff"),
        shadow=ft.BoxShadow(blur_radius=8, spread_radius=2, color=board.MOVED) if moved else None,
        opacity=0.0 if docked else 1.0, animate_opacity=ft.Animation(board.ANIMATION_MS))


def _water(cells: int) -> ft.LinearGradient:
    """The route's spaces as stripes of one gradient (hard stops): one control for the whole
    route instead of one per space; the last space, the pirates', in red."""
    colors: list[str] = []
    stops: list[float] = []
    for i in range(cells):
        color = PIRATES[0] if i == cells - 1 else WATER[i % 2]
        colors += [color, color]
        stops += [i / cells, (i + 1) / cells]
    return ft.LinearGradient(colors=colors, stops=stops)


def _track(ctx: GameContext, ware: str, b: Mapping[str, Any], moved: bool) -> ft.Control:
    """The boat's route, spaces 0 to the last (the pirates' space, in red), the boat on its space."""
    last = F.last_space
    numbers = [ft.Text(ctx.num(i), size=10, expand=1, text_align=ft.TextAlign.CENTER,
                       color=PIRATES[1] if i == last else board.SOFT_INK,
                       weight=ft.FontWeight.BOLD if i == last else None) for i in range(last + 1)]
    docked = b["status"] in ("harbor", "shipyard")
    at = min(b["position"], last) if not docked else last
    lane = board.track_piece(_boat_piece(ware, b["status"] == "plundered", docked, moved), last + 1, at,
                             key=f"boat:{ware}")
    lane.top, lane.left, lane.right = 14, 0, 0
    route = ft.Container(content=ft.Row(numbers, spacing=0, vertical_alignment=ft.CrossAxisAlignment.START),
                         gradient=_water(last + 1), height=37, border_radius=3, padding=ft.Padding.only(top=1))
    return ft.Stack([route, lane], height=37)


def _lane(ctx: GameContext, form: BoardForm, ware: str, b: Mapping[str, Any], moved: frozenset[str]) -> ft.Control:
    """One boat: its name and profit, its seats (the crew in seat colours), its route."""
    bg, fg = WARE_COLORS[ware]
    play = form.play
    heading: list[ft.Control] = [_text(ctx.t(f"ui.ware.{ware}"), 14, fg, True),
                                 _text(f"{ctx.t('ui.profit')} {ctx.num(F.profit[ware])}", 11, fg)]
    if b["status"] != "sea":  # where the boat ended, under its own name (never read as the next boat's title)
        status = ctx.t(f"ui.status.{b['status']}")
        heading.append(_text(status[:1].upper() + status[1:], 11, fg, True))
        if b["space"]:
            heading.append(_text(ctx.t("ui.space." + b["space"]), 11, fg))
    title = ft.Column(heading, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    if ware in play.plunder and len(play.plunder) > 1:  # which plundered boat the captain sends now
        head: ft.Control = board.spot(ctx, title, next(iter(play.plunder[ware].values())), legal=True,
                                      key=f"boat:{ware}", on_tap=lambda: form.choose(ware),
                                      reaches=play.plunder[ware].values(), selected=form.plundered() == ware,
                                      bgcolor=bg, expand=3)
    else:
        head = board.mark(title, bgcolor=bg, expand=3, padding=4)
    seats: list[ft.Control] = []
    for i, (holder, cost) in enumerate(zip(b["seats"], b["seat_costs"])):
        content = (ft.Row([board.seat_token(ctx, holder, size=26)], alignment=ft.MainAxisAlignment.CENTER)
                   if holder is not None else _text(ctx.num(cost), 15, bold=True))
        seats.append(_place(ctx, f"seat:{ware}:{i}", content, play, moved, expand=2))
    lines: list[ft.Control] = [ft.Row([head, *seats], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    lines.append(_track(ctx, ware, b, f"boat:{ware}" in moved))
    # each boat in a frame of its colour: its seats, route and status read as one
    return ft.Container(content=ft.Column(lines, spacing=4), key=f"lane:{ware}", padding=4, border_radius=6,
                        border=ft.Border.all(2, bg))


def _launch_lane(panel: FormPanel[BoardForm], ware: str, seat: int, legal: Sequence[Action]) -> ft.Control:
    """A route while the harbor master loads: its ware staying home or its boat set on a
    starting space (tapped), the boat drawn where it would start."""
    ctx, form = panel.ctx, panel.form
    launch = form.launch
    assert launch is not None
    bg, fg = WARE_COLORS[ware]

    def step(change: Callable[[], Any]) -> Callable[[], None]:
        def run() -> None:
            change()
            panel.redraw()
            for other in form.linked:
                other.redraw()
        return run

    home = launch.left_out == ware
    staying = [a for a in legal if ware not in a]
    probe = Action.make("launch", seat, **{**launch.sent(), ware: F.start_min})  # refused: why not now
    head = ft.Row([
        board.mark(ft.Column([_text(ctx.t(f"ui.ware.{ware}"), 14, fg, True),
                              _text(f"{ctx.t('ui.profit')} {ctx.num(F.profit[ware])}", 11, fg)], spacing=0,
                             horizontal_alignment=ft.CrossAxisAlignment.CENTER), bgcolor=bg, expand=3, padding=4),
        board.spot(ctx, _text(ctx.t("ui.stays_home"), 13, board.INK, True), probe, legal=True, key=f"home:{ware}",
                   on_tap=step(lambda: launch.pick_left_out(ware)), reaches=staying, selected=home, expand=4)],
        spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    starts: list[ft.Control] = []
    for v in range(F.start_min, F.start_max + 1):
        reaches = [a for a in legal if a.get(ware) == v]
        starts.append(board.spot(ctx, _text(ctx.num(v), 15, board.INK, True),
                                 probe if home else Action.make("launch", seat, **{**launch.sent(), ware: v}),
                                 legal=not home, key=f"start:{ware}:{v}",
                                 on_tap=step(lambda v=v: launch.set_start(ware, v)), reaches=reaches,
                                 selected=launch.starts.get(ware) == v and not home, expand=1))
    # the starting spaces are the route's first spaces: the one tapped is framed (no route drawn
    # under them while loading, so the four boats fit a phone's screen above the step's panel)
    return ft.Container(content=ft.Column([head, ft.Row(starts, spacing=4)], spacing=3), key=f"lane:{ware}")


def _docks(ctx: GameContext, form: BoardForm, view: Mapping[str, Any], kind: str,
           moved: frozenset[str]) -> ft.Control:
    """The harbor (or the shipyard): its three spaces with cost and reward, who
    stands there and which boat docked there.  While the pirate captain sends a
    plundered boat, the next free dock is where he taps."""
    names = _names(ctx)
    spaces, costs, rewards = ((F.harbor_spaces, F.harbor_costs, F.harbor_rewards) if kind == "harbor"
                              else (F.shipyard_spaces, F.shipyard_costs, F.shipyard_rewards))
    boats = docked_at(view)
    sending = form.plundered()
    target = next_dock(view, kind) if sending else None
    cells: list[ft.Control] = []
    for space, cost, reward in zip(spaces, costs, rewards):
        holder = view["spaces"].get(space)
        # its cost and reward on one line with who stands there: the harbor and the shipyard take
        # two lines each, so on a phone every place of a placement is in view under the banner
        lines: list[ft.Control] = [_text(ctx.t(f"ui.space.{space}"), 13, bold=True)]
        row: list[ft.Control] = [_text(f"{ctx.num(cost)} · +{ctx.num(reward)}", 12, board.SOFT_INK),
                                 _holder(ctx, holder, ctx.t("ui.free"))]
        if space in boats:
            bg, fg = WARE_COLORS[boats[space]]
            row.append(board.mark(ft.Row([ft.Icon(ft.Icons.DIRECTIONS_BOAT, size=14, color=fg),
                                          _text(names[boats[space]], 11, fg, True)], spacing=2, tight=True),
                                  bgcolor=bg, padding=3))
        lines.append(ft.Row(row, spacing=4, wrap=True, run_spacing=2, alignment=ft.MainAxisAlignment.CENTER,
                            vertical_alignment=ft.CrossAxisAlignment.CENTER))
        content = ft.Column(lines, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        if space == target and sending is not None:
            action = form.play.plunder[sending][kind]
            cells.append(board.spot(ctx, content, action, legal=True, key=f"dock:{space}", expand=1,
                                    min_height=DOCK_HEIGHT))
        else:
            cells.append(_place(ctx, space, content, form.play, moved, height=DOCK_HEIGHT))
    title = board.heading(f"{ctx.t('ui.' + kind)}  ·  {ctx.t('ui.cost_reward')}", size=13)
    return ft.Column([title, ft.Row(cells, spacing=4, vertical_alignment=ft.CrossAxisAlignment.START)], spacing=2)


def _other_spaces(ctx: GameContext, form: BoardForm, view: Mapping[str, Any], moved: frozenset[str]) -> ft.Control:
    """The pirate ship (captain and crew), the two pilots and the insurance."""
    pirates = list(view["pirates"]) + [None] * (F.pirate_seats - len(view["pirates"]))
    crew = ft.Row([_holder(ctx, seat, ctx.num(F.pirate_cost)) for seat in pirates], spacing=3, tight=True,
                  alignment=ft.MainAxisAlignment.CENTER, wrap=True, run_spacing=2)
    cells = [_place(ctx, PIRATE, ft.Column([_text(ctx.t("ui.space.pirate"), 12, bold=True), crew], spacing=2,
                                           horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                    form.play, moved, expand=5, height=SPACE_HEIGHT)]
    for pilot, space in zip(PILOTS, PILOT_SPACES):
        step = F.pilot_steps[pilot]
        cells.append(_place(ctx, space, ft.Column(
            [_text(ctx.t(f"ui.space.{space}"), 12, bold=True),
             _text(f"{ctx.num(F.pilot_cost[pilot])} · ±{ctx.num(step)}", 11, board.SOFT_INK),
             _holder(ctx, view["spaces"].get(space), ctx.t("ui.free"))], spacing=2,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER), form.play, moved, expand=4, height=SPACE_HEIGHT))
    cells.append(_place(ctx, INSURANCE, ft.Column(
        [_text(ctx.t("ui.space.insurance"), 12, bold=True), _text(f"+{ctx.num(F.insurance_bonus)}", 11,
                                                                   board.SOFT_INK),
         _holder(ctx, view["spaces"].get(INSURANCE), ctx.t("ui.free"))], spacing=2,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER), form.play, moved, expand=4, height=SPACE_HEIGHT))
    return ft.Row(cells, spacing=4, vertical_alignment=ft.CrossAxisAlignment.START)


def _price_track(ctx: GameContext, view: Mapping[str, Any], moved: frozenset[str]) -> ft.Control:
    """The four price tracks (the current price ringed and filled) and the shares left in the bank."""
    names = _names(ctx)
    rows: list[ft.Control] = [ft.Row([board.heading(ctx.t("ui.prices"), size=13, color=board.INK),
                                      ft.Container(expand=True),
                                      board.heading(ctx.t("ui.supply"), size=12, color=board.SOFT_INK)])]
    for ware in F.wares:
        bg, fg = WARE_COLORS[ware]
        price = view["prices"][ware]
        steps = [board.mark(ctx.num(p), bgcolor=bg if p == price else "#ffffff", color=fg if p == price else board.INK,
                            size=12, expand=1, padding=2, weight=ft.FontWeight.BOLD if p == price else None,
                            moved=p == price and f"price:{ware}" in moved)
                 for p in F.prices]
        left = view["supply"].get(ware)
        rows.append(ft.Row([
            board.mark(names[ware], bgcolor=bg, color=fg, size=12, width=64, padding=2, weight=ft.FontWeight.BOLD),
            *steps, board.mark("—" if left is None else f"×{ctx.num(left)}", size=12, width=36, padding=2)],
            spacing=3))
    return ft.Column(rows, spacing=2)


def _draw_board(panel: FormPanel[BoardForm]) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    view = ctx.view
    moved = board.moved(ctx, "manila", board_snapshot(view))
    parts: list[ft.Control] = []
    if view["boats"]:
        parts += [_lane(ctx, form, ware, b, moved) for ware, b in view["boats"].items()]
    elif form.launch is not None:
        launches = board.legal_of(ctx, "launch")
        seat = next((a.player for a in launches), view["harbor_master"])
        parts += [_launch_lane(panel, ware, seat, launches) for ware in F.wares]
    else:
        parts.append(_text(ctx.t("ui.no_boats_yet"), 13, board.SOFT_INK))
    parts += [_docks(ctx, form, view, "harbor", moved), _docks(ctx, form, view, "shipyard", moved),
              _other_spaces(ctx, form, view, moved),
              _price_track(ctx, view, moved)]  # last: the places a move taps come first on a phone's screen
    return board.surface(ft.Column(parts, spacing=5), padding=6, key="manila-board")


def shares_text(p: Mapping[str, Any], names: dict[str, str], t: Callable[[str], str]) -> str:
    """A player's dealt shares as this device may show them: the wares once shown
    (or on their own device), "at the end", "hidden" once entered, "not entered yet" before."""
    if p.get("shares_dealt"):
        return hand_label(p["shares_dealt"], names)
    entry = p.get("shares_entry")
    if entry == "later":
        return t("ui.later")
    return t("ui.not_entered") if entry == "pending" else t("ui.hidden")


def _draw_players(ctx: GameContext, state: ManilaState, view: Mapping[str, Any]) -> ft.Control:
    names = _names(ctx)
    mine = ctx.observation.get("private") or {}
    cards: list[ft.Control] = []
    for seat, p in enumerate(view["players"]):
        if seat == ctx.seat and mine:  # this device's own seat: its own secrets too
            p = {**p, **mine}
        title = p["name"] + (f" · {ctx.t('ui.harbor_master')}" if view["harbor_master"] == seat else "")
        lines: list[ft.Control] = [
            ft.Row([board.seat_token(ctx, seat, size=24),
                    ft.Text(title, size=16, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat), expand=True)],
                   spacing=6),
            ft.Text(f"{ctx.t('ui.cash')}{ctx.colon}{ctx.money(p['money'])}", size=14),
            ft.Text(f"{ctx.t('ui.loans')}{ctx.colon}{ctx.num(p['loans'])}", size=14),
            ft.Text(f"{ctx.t('ui.accomplices')}{ctx.colon}{ctx.num(p['accomplices'])}", size=14),
        ]
        bought = ctx.join(f"{names[w]} ×{ctx.num(n)}" for w, n in p["shares_bought"].items())
        shares = shares_text(p, names, ctx.t) + (f"{ctx.semicolon}{bought}" if bought else "")
        lines.append(ft.Text(f"{ctx.t('ui.shares')}{ctx.colon}{shares}", size=14))
        if p.get("wealth") is not None and state.phase == "end":
            lines.append(ft.Text(f"{ctx.t('ui.wealth')}{ctx.colon}{ctx.money(p['wealth'])}", size=14,
                                 weight=ft.FontWeight.BOLD))
        cards.append(player_card(lines, ctx.player_color(seat), width=175, spacing=2))
    return wrap(cards)


def _draw_payouts(ctx: GameContext, state: ManilaState, view: Mapping[str, Any]) -> ft.Control:
    voyage = state.voyage if state.phase in ("reveal", "end") else state.voyage - 1
    lines = payout_lines(view["ledger"])
    if voyage < 1 or not lines:
        return ft.Container()
    names = _names(ctx)
    rows: list[ft.Control] = []
    for seat, total in enumerate(voyage_totals(lines, state.n)):
        mine = [line for line in lines if line.seat == seat]
        if not mine:
            continue
        detail = ctx.semicolon.join(
            f"{'+' if line.amount >= 0 else '−'}{ctx.num(abs(line.amount))} {ctx.t('ui.reason.' + line.reason)}"
            + (ctx.paren(names.get(line.where) or _space_name(ctx, line.where)) if line.where else "")
            for line in mine)
        rows.append(ft.Text(f"{ctx.players[seat]} {'+' if total >= 0 else '−'}{ctx.num(abs(total))}{ctx.colon}{detail}",
                            size=13, color=ctx.player_color(seat)))
    return expander(ctx.t("ui.payouts", voyage=voyage), rows,
                    expanded=state.phase in ("auction", "reveal", "end"))


def _draw_wealth(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    rows = [ft.Text(f"{i + 1}. {name}{ctx.colon}{ctx.money(wealth)}", size=17, weight=ft.FontWeight.BOLD,
                    color=ctx.player_color(seat)) for i, (seat, name, wealth) in enumerate(wealth_rows(view))]
    return ft.Column([section_title(ctx.t("ui.wealth_table")), *rows], spacing=4)


@dataclass
class OddsForm:
    """The odds, worked out only on request (they take a moment)."""

    state: ManilaState
    result: Any = None

    def show(self) -> None:
        self.result = odds(self.state)


def _draw_odds(ctx: GameContext, state: ManilaState) -> ft.Control:
    return FormPanel(ctx, OddsForm(state), _draw_odds_panel).control


def _draw_odds_panel(panel: FormPanel[OddsForm]) -> ft.Control:
    ctx, result = panel.ctx, panel.form.result
    if result is None:
        return big_button(ctx.t("ui.odds_show"), panel.on(panel.form.show), icon=ft.Icons.CASINO)
    names = _names(ctx)

    def pct(x: Fraction | None) -> str:
        return "—" if x is None else f"{ctx.num(round(float(x) * 100, 1))}%"

    lines: list[ft.Control] = [ft.Text(ctx.t("ui.odds_note"), size=13, italic=italic(ctx.lang))]
    for ware, b in result.boats.items():
        lines.append(ft.Text(f"{names[ware]}{ctx.colon}{ctx.t('ui.odds.arrive')} {pct(b.arrive)} · "
                             f"{ctx.t('ui.odds.on13_board')} {pct(b.on_last_after_board)} · "
                             f"{ctx.t('ui.odds.on13_plunder')} {pct(b.on_last_after_plunder)}", size=13))
    for space, v in sorted(result.spaces.items(), key=lambda kv: -kv[1].net):
        lines.append(ft.Text(f"{_space_name(ctx, space)}{ctx.colon}{ctx.t('ui.odds.value')} "
                             f"{ctx.num(round(float(v.expected), 2))} − {ctx.num(v.cost)} = "
                             f"{ctx.num(round(float(v.net), 2))}", size=13))
    return ft.Column(lines, spacing=2)


# ----- the decision forms ---------------------------------------------------------------------------
def _draw_deal(ctx: GameContext, state: ManilaState, legal: Sequence[Action]) -> list[ft.Control]:
    names = _names(ctx)
    parts: list[ft.Control] = []
    for seat in sorted({a.player for a in legal if a.type in ("enter_shares", "shares_later")
                        and a.player is not None}):
        hands = [a for a in legal if a.type == "enter_shares" and a.player == seat]

        def form(done: Callable[[], None], hands: list[Action] = hands) -> ft.Control:
            def pick(action: Action) -> None:
                if ctx.dispatch(action):
                    done()
            return ft.Column([ft.Text(ctx.t("ui.pick_hand"), size=16),
                              wrap([big_button(hand_label(a["wares"], names), _call(pick, a))
                                    for a in hands])], spacing=8)

        parts.append(ft.Row([
            ft.Text(ctx.players[seat], size=16, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
            big_button(ctx.t("action.enter_shares"),
                       _call(ctx.private, seat, ctx.t("action.enter_shares"), form), icon=ft.Icons.LOCK),
            big_button(ctx.t("action.shares_later"), send(ctx, Action.make("shares_later", seat))),
        ], wrap=True, spacing=8))
    return parts


def _draw_supply(ctx: GameContext, legal: Sequence[Action]) -> list[ft.Control]:
    panel = FormPanel(ctx, SupplyForm.start(legal), lambda p: _draw_supply_form(p, legal))
    return [ft.Text(ctx.t("phase.supply"), size=16), panel.control]


def _draw_supply_form(panel: FormPanel[SupplyForm], legal: Sequence[Action]) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    names = _names(ctx)
    rows: list[ft.Control] = []
    for ware in F.wares:
        rows.append(ft.Row([
            ft.Container(content=ft.Text(names[ware], size=15), width=90),
            big_button("−", panel.on(lambda w=ware: form.step(w, -1))),
            ft.Text(ctx.num(form.counts[ware]), size=18, weight=ft.FontWeight.BOLD),
            big_button("+", panel.on(lambda w=ware: form.step(w, 1)))], spacing=8))
    action = form.action(legal)
    tried = action or Action.make("supply", None, **form.counts)
    rows.append(confirm_button(ctx, ctx.t("action.supply"), tried, action is not None))
    return ft.Column(rows, spacing=6)


def _draw_auction(ctx: GameContext, state: ManilaState, legal: Sequence[Action]) -> list[ft.Control]:
    seat = next(a.player for a in legal if a.type == "pass_bid")
    amounts = bid_amounts(legal)
    bids = quick_bids(amounts)
    quick: list[ft.Control] = [
        big_button(ctx.t("ui.bid_amount", amount=b), send(ctx, Action.make("bid", seat, amount=b))) for b in bids]
    quick.append(big_button(ctx.t("action.pass_bid"), send(ctx, Action.make("pass_bid", seat))))
    if len(amounts) <= len(bids):
        return [wrap(quick)]
    low, high = amounts[0], amounts[-1]
    # any other amount typed: one out of range is the referee's to refuse, naming the rule; the
    # label says the range (a hint under the field put its last line past a phone's pinned controls)
    return [amount_entry(ctx, low, high, quick, lambda b: ctx.dispatch(Action.make("bid", seat, amount=b)),
                         label=ctx.t("ui.amount_range", low=low, high=high),
                         hint=ctx.t("ui.check_amount", low=low, high=high), confirm=ctx.t("action.bid"), helper=False)]


def _draw_buy(ctx: GameContext, state: ManilaState, legal: Sequence[Action]) -> list[ft.Control]:
    names = _names(ctx)
    seat = next(a.player for a in legal if a.type == "skip_share")
    chips = [tile(f"{names[a['ware']]} {ctx.money(share_cost(state, a['ware']))}", WARE_COLORS[a["ware"]],
                  on_click=send(ctx, a)) for a in legal if a.type == "buy_share"]
    return [ft.Text(ctx.t("phase.buy"), size=16), wrap(chips),
            big_button(ctx.t("action.skip_share"), send(ctx, Action.make("skip_share", seat)))]


def _draw_launch_form(panel: FormPanel[LaunchForm], seat: int | None, legal: Sequence[Action]) -> ft.Control:
    """Beside the routes, where the harbor master taps the ware that stays home and each
    boat's starting space: what is still missing, the total, and loading."""
    ctx, form = panel.ctx, panel.form
    action = form.action(seat, legal) if seat is not None else None
    # on a phone the pinned banner says it already (load, starting spaces, their sum) and the
    # hint under the button what is still to tap: the routes keep the room above the panel
    parts: list[ft.Control] = [] if ctx.narrow else [
        ft.Text(ctx.t("ui.tap_board_launch", low=F.start_min, high=F.start_max, total=F.start_sum), size=13)]
    if form.left_out is None:
        missing: tuple[str, str | None] | None = (ctx.t("ui.left_home"), "manila.harbor_master.cargo")
    elif set(form.starts) != set(form.cargo()):
        # not every boat has its start yet: say so (the referee would count the wares given so far)
        missing = (ctx.t("ui.starts_missing", set=len(form.sent()), required=F.boats_sailing),
                   "manila.harbor_master.launch")
    else:
        missing = None
    # pressed before it is complete it still sends what was tapped: the referee says why not
    tried = action or Action.make("launch", seat, **form.sent())
    button = board.choice(ctx, ctx.t("action.launch"), tried, legal=action is not None, key="launch",
                          filled=action is not None)
    reason = missing if missing is not None else (None if action is not None else ctx.why_not(tried))
    total = ft.Text(ctx.t("ui.start_total", total=sum(form.sent().values()), required=F.start_sum), size=14,
                    expand=True) if form.starts else ft.Container(expand=True)
    # the total beside the button (it is always there, so nothing moves when the total appears)
    parts += [ft.Row([button, total], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
              reason_line(ctx, reason, hint=True)]
    return ft.Column(parts, spacing=6)


def _number_row(label: str, ware: str, values: range, chosen: int | None, pick: Callable[[int], None],
                ctx: GameContext) -> ft.Control:
    """A boat's name over one tile per number (a die's faces, the starting spaces): one
    line of six 48 px tiles fits a 360 px phone once the name is above them."""
    return ft.Column([ft.Text(label, size=15, weight=ft.FontWeight.W_600),
                      ft.Row([tile(ctx.num(v), WARE_COLORS[ware] if chosen == v else FREE, selected=chosen == v,
                                   on_click=_call(pick, v), width=TOUCH) for v in values], spacing=4)],
                     spacing=2, key=f"numbers:{ware}")


def _draw_place(ctx: GameContext, state: ManilaState, legal: Sequence[Action]) -> list[ft.Control]:
    """The places themselves are tapped on the board; here: what to do, and holding back."""
    seat = next(a.player for a in legal if a.type == "pass_place")
    # the hint beside the button: the step's panel stays low, the board above it in view
    parts: list[ft.Control] = [ft.Row([ft.Text(ctx.t("ui.tap_board_place", player=seat), size=13, expand=True),
                                       big_button(ctx.t("action.pass_place"),
                                                  send(ctx, Action.make("pass_place", seat)))],
                                      spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    stowaway = [o for o in place_options(state, legal) if o.stowaway]
    if stowaway:
        parts.append(ft.Text(ctx.t("ui.stowaway_note", amount=ctx.money(stowaway[0].cost)), size=14))
    return parts


def _draw_roll(ctx: GameContext, state: ManilaState, legal: Sequence[Action]) -> list[ft.Control]:
    at_sea = [ware for ware, boat in ctx.view["boats"].items() if boat["status"] == "sea"]
    return [FormPanel(ctx, DiceForm(at_sea), lambda p: _draw_dice_form(p, legal)).control]


def _draw_dice_form(panel: FormPanel[DiceForm], legal: Sequence[Action]) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    names = _names(ctx)
    parts: list[ft.Control] = []
    for ware in form.boats:
        parts.append(_number_row(names[ware], ware, range(F.die_min, F.die_max + 1), form.faces.get(ware),
                                 lambda f, w=ware: panel.change(lambda: form.set_face(w, f)), ctx))
    # two plainly different buttons: the app rolls (fills the dice in), or
    # the dice shown are entered
    parts.append(big_button(ctx.ui("Let the app roll the dice"),
                            panel.on(lambda: form.roll_all(roll_dice(form.boats))), icon=ft.Icons.CASINO))
    orders = form.orders(legal)
    action = form.action(legal)
    seat = next((a.player for a in legal if a.type == "roll"), None)
    tried = action or Action.make("roll", seat, **form.faces, **({"order": form.order} if form.order else {}))
    # the button before the docking order the faces reveal (a choice never pushes the next tap away)
    parts.append(confirm_button(ctx, ctx.ui("Enter these dice"), tried, action is not None, icon=ft.Icons.CHECK))
    if orders:
        parts.append(ft.Text(ctx.t("ui.dock_order"), size=15))
        parts.append(wrap([tile(order_text(o, names), FREE, selected=form.order == o,
                                on_click=panel.on(lambda o=o: setattr(form, "order", o))) for o in orders]))
    return ft.Column(parts, spacing=6)


def _draw_simple(ctx: GameContext, legal: Sequence[Action]) -> list[ft.Control]:
    """Pilots: one button per move; boarding and plunder are tapped on the board
    (a boat's seat, the harbor or shipyard), with staying aboard beside it."""
    names = _names(ctx)
    buttons: list[ft.Control] = []
    hint: str | None = None
    for a in legal:
        if a.type == "pilot":
            text = move_text(pilot_moves(a), names, ctx.lang)
            if "order" in a:
                text += ctx.paren(order_text(a['order'], names))
        elif a.type in ("stay", "skip_pilot"):
            text = ctx.t(f"action.{a.type}")
        elif a.type == "board":
            hint = ctx.t("ui.tap_board_seat")
            continue
        elif a.type == "plunder":
            hint = ctx.t("ui.tap_board_dock")
            continue
        else:
            continue
        buttons.append(big_button(text, send(ctx, a)))
    return ([ft.Text(hint, size=15)] if hint else []) + ([wrap(buttons)] if buttons else [])


def _draw_reveal(ctx: GameContext, state: ManilaState, legal: Sequence[Action]) -> list[ft.Control]:
    names = _names(ctx)
    parts: list[ft.Control] = []
    for seat in sorted({a.player for a in legal if a.type == "reveal_shares" and a.player is not None}):
        hands = [a for a in legal if a.type == "reveal_shares" and a.player == seat]
        label = [ft.Text(ctx.players[seat], size=16, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat))]
        if len(hands) == 1 and "wares" not in hands[0]:
            buttons = [big_button(ctx.t("action.reveal_shares"), send(ctx, hands[0]))]
        else:
            buttons = [big_button(hand_label(a["wares"], names), send(ctx, a)) for a in hands]
        parts.append(ft.Row(label + buttons, wrap=True, spacing=8))
    return parts


def _draw_loans(ctx: GameContext, legal: Sequence[Action]) -> ft.Control:
    buttons = [big_button(f"{ctx.players[a.player]}{ctx.colon}{ctx.t('action.' + a.type)}", send(ctx, a))
               for a in legal if a.type in ("mortgage", "redeem") and a.player is not None]
    if not buttons:
        return ft.Container()
    # made and sent only while open: closed, its buttons were three new controls at every move
    # (each pressable is its rev's own: companion/ui/taps.py), for nobody to see
    return expander(ctx.t("ui.loans_title"), lambda: [wrap(buttons)])


_FORMS: dict[str, Callable[..., list[ft.Control]]] = {
    "auction": _draw_auction, "buy": _draw_buy, "place": _draw_place, "roll": _draw_roll,
    "reveal": _draw_reveal, "deal": _draw_deal,
}


def finished_voyage(state: ManilaState, view: Mapping[str, Any]) -> int | None:
    """The voyage whose results are to be shown now: the one just ended, while
    nothing of the next has happened yet (no bid, no pass) or the game ended."""
    if state.phase == "reveal":  # the last voyage; at the end the wealth table shows instead
        return state.voyage if payout_lines(view["ledger"]) else None
    if state.phase == "auction" and state.voyage > 1 and state.high_bidder is None and not any(state.out):
        return state.voyage - 1
    return None


def _line_text(ctx: GameContext, line: PayoutLine, names: dict[str, str]) -> str:
    where = f" · {names.get(line.where) or _space_name(ctx, line.where)}" if line.where else ""
    return f"{'+' if line.amount >= 0 else '−'}{ctx.money(abs(line.amount))}  {ctx.t('ui.reason.' + line.reason)}{where}"


def _full_account(ctx: GameContext, state: ManilaState, lines: Sequence[PayoutLine]) -> list[ft.Control]:
    """Every movement of the voyage per player, what was paid while it was played included,
    and each player's net figure."""
    names = _names(ctx)
    totals = voyage_totals(lines, state.n)
    body: list[ft.Control] = []
    for seat in sorted(range(state.n), key=lambda s: (-totals[s], s)):
        total = totals[seat]
        body.append(ft.Text(ctx.t("ui.voyage_net", player=seat,
                                  amount=f"{'+' if total >= 0 else '−'}{ctx.money(abs(total))}"), size=16,
                            weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)))
        mine = [x for x in lines if x.seat == seat]
        for line in mine:
            body.append(ft.Text(_line_text(ctx, line, names), size=14))
        if not mine:
            body.append(ft.Text(ctx.ui("Nothing this voyage"), size=14, italic=italic(ctx.lang)))
    return body


def _draw_voyage_results(ctx: GameContext, state: ManilaState, voyage: int) -> ft.Control:
    """What the bank hands each player now, best first (what was paid during the voyage kept
    apart, in the full account one tap away), the claims players pay now, the prices."""
    names = _names(ctx)
    lines = payout_lines(ctx.view["ledger"])
    bank, owed = paid_now(lines, state.n)
    body: list[ft.Control] = [section_title(ctx.t("ui.bank_pays_now"))]
    for seat in sorted((s for s in range(state.n) if bank[s]), key=lambda s: (-bank[s], s)):
        body.append(ft.Text(f"{ctx.players[seat]}  {ctx.money(bank[seat])}", size=20,
                            weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)))
        for line in lines:
            if line.seat == seat and line.reason in SETTLED_AT_END and line.amount > 0 and line.other == BANK:
                body.append(ft.Text(_line_text(ctx, line, names), size=14))
    if not any(bank):
        body.append(ft.Text(ctx.t("ui.bank_pays_nobody"), size=15, italic=italic(ctx.lang)))
    if owed:
        body.append(section_title(ctx.t("ui.players_pay_now")))
        for line in owed:
            to = ctx.t("ui.the_bank") if line.other == BANK else ctx.players[line.other]
            body.append(ft.Text(ctx.t("ui.pays_to", player=line.seat, amount=ctx.money(-line.amount), to=to)
                                + f" · {ctx.t('ui.reason.' + line.reason)}"
                                + (f" · {names.get(line.where) or _space_name(ctx, line.where)}" if line.where else ""),
                                size=15, color=ctx.player_color(line.seat)))
    body.append(expander(ctx.t("ui.full_account"), lambda: _full_account(ctx, state, lines),
                         section=f"voyage-{voyage}-account"))
    body.append(board.surface(_price_track(ctx, ctx.view, frozenset())))
    return results_sheet(ctx, f"voyage-{voyage}", ctx.ui("Voyage {n}: results", n=voyage), body)


# ----- "Why?": how the voyage was paid out (teaching play) -----------------------------------------
def account_lines(ctx: GameContext) -> list[tuple[str, list[str]]] | None:
    """The last paid voyage's account as (section title, sentences), in the table's language:
    each boat (where it ended, its value and who shared it), the harbour and shipyard spaces,
    the insurance, the pilots, what the bank hands each player now, the prices.  Every figure
    is a line of the engine's ledger (``games.manila.account``); nothing in it is a seat's
    secret (the shares in hand play no part in a payout)."""
    acc = voyage_account(ctx.state)
    if acc is None:
        return None
    t, money = ctx.t, ctx.money
    names = _names(ctx)

    def space(where: str) -> str:
        return _space_name(ctx, where)

    out: list[tuple[str, list[str]]] = []
    boats: list[str] = []
    for b in acc.boats:
        ware = names[b.ware]
        if b.fate == "shipyard":
            boats.append(t("ui.why.boat_shipyard", ware=ware, space=space(b.space)))
            continue
        if not b.paid:
            boats.append(t("ui.why.boat_harbor_empty", ware=ware, space=space(b.space), value=money(b.value)))
            continue
        key = "ui.why.boat_plundered" if b.fate == "plundered" else "ui.why.boat_harbor"
        boats.append(t(key, ware=ware, space=space(b.space), value=money(b.value), count=len(b.paid),
                       each=money(b.each), players=list(dict.fromkeys(b.paid))))
        rest = b.value - b.each * len(b.paid)
        if rest:
            boats.append(t("ui.why.rounded", rest=money(rest)))
    if boats:
        out.append((t("ui.why.boats"), boats))
    spaces: list[str] = []
    insurer = acc.insurance.insurer if acc.insurance is not None else None
    for s in acc.spaces:
        where = space(s.space)
        if s.ware is None:
            spaces.append(t("ui.why.space_no_boat", space=where, player=s.holder))
            continue
        if s.space.startswith("harbor"):
            if s.holder is None:
                spaces.append(t("ui.why.harbor_nobody", space=where))
            else:
                spaces.append(t("ui.why.harbor_paid", space=where, player=s.holder,
                                amount=money(sum(a for _p, a in s.paid_by))))
            continue
        by_insurer = sum(a for p, a in s.paid_by if p != BANK)
        by_bank = sum(a for p, a in s.paid_by if p == BANK)
        if insurer is not None and insurer == s.holder:
            spaces.append(t("ui.why.shipyard_self", space=where, player=s.holder))
            continue
        if insurer is None:
            if s.holder is None:
                spaces.append(t("ui.why.shipyard_nobody", space=where))
            else:
                spaces.append(t("ui.why.shipyard_bank", space=where, player=s.holder,
                                amount=money(by_bank or s.reward)))
            continue
        if s.holder is None:
            spaces.append(t("ui.why.shipyard_insurer_bank", space=where, payer_player=insurer,
                            amount=money(by_insurer)))
        else:
            spaces.append(t("ui.why.shipyard_insurer", space=where, player=s.holder, payer_player=insurer,
                            amount=money(by_insurer)))
            if by_bank:
                spaces.append(t("ui.why.shipyard_cover", amount=money(by_bank)))
    if spaces:
        out.append((t("ui.why.spaces"), spaces))
    if acc.insurance is not None:
        ins = acc.insurance
        paid = sum(a for _w, _to, a in ins.claims)
        repaired = any(b.space.startswith("shipyard") for b in acc.boats)
        lines = [t("ui.why.insurer", player=ins.insurer, bonus=money(ins.bonus)),
                 t("ui.why.insurer_claims", amount=money(paid)) if repaired else t("ui.why.insurer_none")]
        if ins.loans:
            lines.append(t("ui.why.insurer_loans", player=ins.insurer, count=ins.loans, amount=money(ins.loan_cash)))
        net = ins.bonus - paid
        lines.append(t("ui.why.insurer_net", player=ins.insurer,
                       amount=("+" if net >= 0 else "−") + money(abs(net))))
        out.append((t("ui.why.insurance"), lines))
    if acc.pilots:
        out.append((t("ui.why.pilots"), [t("ui.why.pilot", space=space(w), player=seat, amount=money(cost))
                                         for w, seat, cost in acc.pilots]))
    totals: list[str] = []
    for seat in sorted(range(len(acc.bank_pays)), key=lambda s: (-sum(a for *_x, a in acc.bank_pays[s]), s)):
        got = acc.bank_pays[seat]
        if not got:
            continue
        total = sum(a for *_x, a in got)
        parts = " + ".join(ctx.num(a) + ctx.paren(names.get(where) or space(where)).rstrip() if where else ctx.num(a)
                           for _reason, where, a in got)
        totals.append(t("ui.why.total", player=seat, sum=parts, total=money(total)))
    out.append((t("ui.bank_pays_now"), totals or [t("ui.bank_pays_nobody")]))
    risen = [b.ware for b in acc.boats if b.space.startswith("harbor")]
    if risen:
        out.append((t("ui.why.prices"), [t("ui.why.price_up", ware=names[w], price=money(ctx.view["prices"][w]))
                                          for w in risen]))
    return out


#: the account's section each payout card's clause is about (the why screen opens there)
ACCOUNT_SECTION = {"manila.payout.boats": "ui.why.boats", "manila.payout.pirates": "ui.why.boats",
                   "manila.payout.harbor": "ui.why.spaces", "manila.payout.shipyard": "ui.why.spaces",
                   "manila.insurance.claims": "ui.why.insurance"}


def account(ctx: GameContext, clause: str | None = None) -> tuple[str, list[ft.Control]] | None:
    """Teaching play's "Why?" after a payout: the voyage's account (``account_lines``), the
    section of ``clause`` (``ACCOUNT_SECTION``) marked for the screen to open at."""
    lines = account_lines(ctx)
    if lines is None:
        return None
    at = ctx.t(ACCOUNT_SECTION[clause]) if clause in ACCOUNT_SECTION else None
    body: list[ft.Control] = []
    for title, sentences in lines:
        body.append(account_section(title, title == at))
        body += [ft.Text(s, size=15) for s in sentences]
    return ctx.t("ui.why.title", voyage=voyage_account(ctx.state).voyage), body  # type: ignore[union-attr]


def build(ctx: GameContext) -> ft.Control:
    state: ManilaState = ctx.state
    done = finished_voyage(state, ctx.view)
    if done is not None and not seen(ctx, f"voyage-{done}"):
        return _draw_voyage_results(ctx, state, done)
    view, legal = ctx.view, ctx.legal
    phase = state.phase
    on_board = board.legal_of(ctx, *BOARD_ACTIONS) if phase in ("place", "board", "plunder") else []
    placer = next((a.player for a in legal if a.type == "pass_place"), None) if phase == "place" else None
    play = board_play(view, phase, on_board, placer)
    launch = LaunchForm() if phase == "launch" else None
    board_form = BoardForm(play, launch=launch)
    drawn = FormPanel(ctx, board_form, _draw_board, keep=False).control  # (linked below: a fresh pair each redraw)
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.voyage", voyage=view["voyage"]), size=18,
                                       weight=ft.FontWeight.BOLD)]
    step: list[ft.Control] = []  # what the person acting now taps besides the board
    if phase == "end":
        parts.append(_draw_wealth(ctx, view))
    elif phase in _FORMS:
        step += _FORMS[phase](ctx, state, legal)
    elif phase == "supply":
        step += _draw_supply(ctx, legal)
    elif phase == "launch" and launch is not None:
        seat = next((a.player for a in legal if a.type == "launch"), None)
        controls = FormPanel(ctx, launch, lambda p: _draw_launch_form(p, seat, legal), keep=False)
        board_form.linked.append(controls)  # a tap on a route redraws this too
        step.append(controls.control)
    elif phase in ("board", "pilot", "plunder"):
        step += _draw_simple(ctx, legal)
    if view["boats"] and phase in ("place", "roll", "board", "pilot"):
        parts.append(_draw_odds(ctx, state))
    parts += [_draw_players(ctx, state, view), _draw_payouts(ctx, state, view), _draw_loans(ctx, legal)]
    return board.two_pane(drawn, ft.Column(parts, spacing=12), step=ft.Column(step, spacing=8) if step else None)

