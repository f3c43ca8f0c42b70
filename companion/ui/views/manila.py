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
from ...games.manila.public import (BANK, INSURANCE, ManilaState, credit, load, odds, open_spaces, roll_dice,
                                    share_cost)
from ..context import GameContext
from ..widgets import (TOUCH, FormPanel, big_button, confirm_button, expander, player_card, results_sheet,
                       section_title, seen, send, tile, wrap)

F = load()

#: colours of the wares (background, text)
WARE_COLORS: dict[str, tuple[str, str]] = {
    "nutmeg": ("#8d6e63", "#ffffff"),
    "silk": ("#1e88e5", "#ffffff"),
    "ginseng": ("#fdd835", "#212121"),
    "jade": ("#43a047", "#ffffff"),
}
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
        self.left_out, self.starts = ware, {}

    def set_start(self, ware: str, value: int) -> None:
        if ware in self.cargo():
            self.starts[ware] = value

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


def payout_lines(ledger: Sequence[Mapping[str, Any]]) -> list[PayoutLine]:
    """Every player's money movements in the view's ``ledger`` (the last voyage
    paid out), in the order they happened (a free space is left out; a
    stowaway is shown even when he paid nothing)."""
    out = []
    for f in ledger:
        if f["amount"] == 0 and f["reason"] != "stowaway":
            continue
        if f["payee"] != BANK:
            out.append(PayoutLine(f["payee"], f["amount"], f["reason"], f["where"]))
        if f["payer"] != BANK:
            out.append(PayoutLine(f["payer"], -f["amount"], f["reason"], f["where"]))
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



def _draw_prices(ctx: GameContext, state: ManilaState) -> ft.Control:
    names = _names(ctx)
    chips: list[ft.Control] = []
    for ware in F.wares:
        steps = " ".join(f"[{ctx.num(p)}]" if i == state.price_step[ware] else ctx.num(p)
                         for i, p in enumerate(F.prices))
        chips.append(ft.Container(
            content=ft.Column([ft.Text(names[ware], size=14, weight=ft.FontWeight.BOLD, color=WARE_COLORS[ware][1]),
                               ft.Text(steps, size=13, color=WARE_COLORS[ware][1])], spacing=0),
            bgcolor=WARE_COLORS[ware][0], border_radius=8, padding=8, width=170))
    supply = ctx.join(f"{names[w]} {ctx.num(n)}" for w, n in state.supply.items()) if state.supply else "—"
    return ft.Column([section_title(ctx.t("ui.prices")), ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
                      ft.Text(f"{ctx.t('ui.supply')}{ctx.colon}{supply}", size=14)], spacing=6)


def _draw_route(ctx: GameContext, row: BoatRow) -> ft.Control:
    bg, fg = WARE_COLORS[row.ware]
    cells: list[ft.Control] = []
    for i, kind in enumerate(route_cells(row.position if row.status == "sea" else -1)):
        color = bg if kind == "boat" else ("#b71c1c" if kind == "pirates" else "#eceff1")
        cells.append(ft.Container(content=ft.Text(ctx.num(i), size=10, color=fg if kind == "boat" else "#616161"),
                                  width=20, height=24, bgcolor=color, border_radius=4,
                                  alignment=ft.Alignment.CENTER))
    status = ctx.t(f"ui.status.{row.status}")
    if row.space:
        status += f" · {ctx.t('ui.space.' + row.space)}"
    seats = [_seat_dot(ctx, holder, ctx.num(cost)) for holder, cost in row.seats]
    return ft.Container(content=ft.Column([
        ft.Row([ft.Text(ctx.t(f"ui.ware.{row.ware}"), size=16, weight=ft.FontWeight.BOLD),
                ft.Text(f"{ctx.t('ui.position', position=row.position)} · {status} · "
                        f"{ctx.t('ui.profit')} {ctx.num(F.profit[row.ware])}", size=13)], wrap=True, spacing=8),
        ft.Row(cells, wrap=True, spacing=1, run_spacing=1),
        ft.Row(seats, wrap=True, spacing=4, run_spacing=4),
    ], spacing=4), padding=8, border_radius=10, border=ft.Border.all(2, bg))


def _draw_spaces(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    names = _names(ctx)
    items: list[ft.Control] = []
    for row in space_rows(view):
        label = _space_name(ctx, row.space)
        if row.docked:
            label += f"{ctx.colon}{names[row.docked]}"
        items.append(ft.Row([ft.Text(label, size=14), _seat_dot(ctx, row.holder, ctx.t("ui.free"))], spacing=6))
    pirates = [_seat_dot(ctx, s, "") for s in view["pirates"]] or [_seat_dot(ctx, None, ctx.t("ui.free"))]
    items.append(ft.Row([ft.Text(ctx.t("ui.space.pirate"), size=14), *pirates], spacing=6))
    return ft.Row([ft.Container(content=i, width=175) for i in items], wrap=True, spacing=6, run_spacing=6)


def _draw_players(ctx: GameContext, state: ManilaState, view: Mapping[str, Any]) -> ft.Control:
    names = _names(ctx)
    cards: list[ft.Control] = []
    for seat, p in enumerate(view["players"]):
        lines: list[ft.Control] = [
            ft.Text(p["name"] + (f" · {ctx.t('ui.harbor_master')}" if view["harbor_master"] == seat else ""), size=16,
                    weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
            ft.Text(f"{ctx.t('ui.cash')}{ctx.colon}{ctx.money(p['money'])}", size=14),
            ft.Text(f"{ctx.t('ui.loans')}{ctx.colon}{ctx.num(p['loans'])}", size=14),
            ft.Text(f"{ctx.t('ui.accomplices')}{ctx.colon}{ctx.num(p['accomplices'])}", size=14),
        ]
        bought = ctx.join(f"{names[w]} ×{ctx.num(n)}" for w, n in p["shares_bought"].items())
        dealt = hand_label(p["shares_dealt"], names) if p["shares_dealt"] else (
            ctx.t("ui.later") if p["shares_entry"] == "later" else ctx.t("ui.hidden"))
        shares = dealt + (f"{ctx.semicolon}{bought}" if bought else "")
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

    lines: list[ft.Control] = [ft.Text(ctx.t("ui.odds_note"), size=13, italic=True)]
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
    parts: list[ft.Control] = [wrap(
        [big_button(ctx.t("ui.bid_amount", amount=b), send(ctx, Action.make("bid", seat, amount=b)))
         for b in quick_bids(amounts)] +
        [big_button(ctx.t("action.pass_bid"), send(ctx, Action.make("pass_bid", seat)))])]
    if len(amounts) > len(quick_bids(amounts)):
        pick = ft.Dropdown(options=[ft.DropdownOption(key=str(b), text=ctx.num(b)) for b in amounts],
                           value=str(amounts[0]), width=160, label=ctx.t("action.bid"))
        def bid_picked(e: Any) -> None:
            ctx.dispatch(Action.make("bid", seat, amount=int(pick.value or amounts[0])))

        parts.append(ft.Row([pick, big_button(ctx.t("action.bid"), bid_picked)], wrap=True, spacing=8))
    return parts


def _draw_buy(ctx: GameContext, state: ManilaState, legal: Sequence[Action]) -> list[ft.Control]:
    names = _names(ctx)
    seat = next(a.player for a in legal if a.type == "skip_share")
    chips = [tile(f"{names[a['ware']]} {ctx.money(share_cost(state, a['ware']))}", WARE_COLORS[a["ware"]],
                  on_click=send(ctx, a)) for a in legal if a.type == "buy_share"]
    return [ft.Text(ctx.t("phase.buy"), size=16), wrap(chips),
            big_button(ctx.t("action.skip_share"), send(ctx, Action.make("skip_share", seat)))]


def _draw_launch(ctx: GameContext, legal: Sequence[Action]) -> list[ft.Control]:
    seat = next(a.player for a in legal if a.player is not None)
    return [FormPanel(ctx, LaunchForm(), lambda p: _draw_launch_form(p, seat, legal)).control]


def _draw_launch_form(panel: FormPanel[LaunchForm], seat: int | None, legal: Sequence[Action]) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    names = _names(ctx)
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.left_home"), size=15), wrap(
        [tile(names[w], WARE_COLORS[w], selected=form.left_out == w,
              on_click=panel.on(lambda w=w: form.pick_left_out(w))) for w in F.wares])]
    for ware in form.cargo():
        parts.append(ft.Row([ft.Container(content=ft.Text(names[ware], size=15), width=70)] + [
            tile(ctx.num(v), WARE_COLORS[ware] if form.starts.get(ware) == v else FREE,
                 selected=form.starts.get(ware) == v, on_click=panel.on(lambda w=ware, v=v: form.set_start(w, v)),
                 width=TOUCH)
            for v in range(F.start_min, F.start_max + 1)], wrap=True, spacing=4))
    action = form.action(seat, legal) if seat is not None else None
    tried = action or Action.make("launch", seat, **form.starts)
    if form.left_out:
        parts.append(ft.Text(ctx.t("ui.start_total", total=form.total(), required=F.start_sum), size=14))
    parts.append(confirm_button(ctx, ctx.t("action.launch"), tried, action is not None))
    return ft.Column(parts, spacing=6)


def _draw_place(ctx: GameContext, state: ManilaState, legal: Sequence[Action]) -> list[ft.Control]:
    seat = next(a.player for a in legal if a.type == "pass_place")
    chips = []
    for opt in place_options(state, legal):
        colors = WARE_COLORS.get(opt.space, FREE)
        text = f"{_space_name(ctx, opt.space)} {ctx.money(opt.cost)}"
        if opt.space == INSURANCE:
            text = f"{_space_name(ctx, opt.space)} +{ctx.money(F.insurance_bonus)}"
        if opt.stowaway:
            text += ctx.paren(ctx.t('ui.reason.stowaway'))
        chips.append(tile(text, colors, on_click=send(ctx, Action.make("place", seat, space=opt.space))))
    return [wrap(chips), big_button(ctx.t("action.pass_place"), send(ctx, Action.make("pass_place", seat)))]


def _draw_roll(ctx: GameContext, state: ManilaState, legal: Sequence[Action]) -> list[ft.Control]:
    at_sea = [ware for ware, boat in ctx.view["boats"].items() if boat["status"] == "sea"]
    return [FormPanel(ctx, DiceForm(at_sea), lambda p: _draw_dice_form(p, legal)).control]


def _draw_dice_form(panel: FormPanel[DiceForm], legal: Sequence[Action]) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    names = _names(ctx)
    parts: list[ft.Control] = []
    for ware in form.boats:
        parts.append(ft.Row([ft.Container(content=ft.Text(names[ware], size=15), width=70)] + [
            tile(ctx.num(f), WARE_COLORS[ware] if form.faces.get(ware) == f else FREE,
                 selected=form.faces.get(ware) == f, on_click=panel.on(lambda w=ware, f=f: form.set_face(w, f)),
                 width=TOUCH)
            for f in range(F.die_min, F.die_max + 1)], wrap=True, spacing=4))
    # two plainly different buttons: the app rolls (fills the dice in), or
    # the dice shown are entered
    parts.append(big_button(ctx.ui("Let the app roll the dice"),
                            panel.on(lambda: form.roll_all(roll_dice(form.boats))), icon=ft.Icons.CASINO))
    orders = form.orders(legal)
    if orders:
        parts.append(ft.Text(ctx.t("ui.dock_order"), size=15))
        parts.append(wrap([tile(order_text(o, names), FREE, selected=form.order == o,
                                on_click=panel.on(lambda o=o: setattr(form, "order", o))) for o in orders]))
    action = form.action(legal)
    seat = next((a.player for a in legal if a.type == "roll"), None)
    tried = action or Action.make("roll", seat, **form.faces, **({"order": form.order} if form.order else {}))
    parts.append(confirm_button(ctx, ctx.ui("Enter these dice"), tried, action is not None, icon=ft.Icons.CHECK))
    return ft.Column(parts, spacing=6)


def _draw_simple(ctx: GameContext, legal: Sequence[Action]) -> list[ft.Control]:
    """Boarding, pilots and plunder: one button per legal action."""
    names = _names(ctx)
    buttons = []
    for a in legal:
        if a.type == "board":
            text = ctx.t("ui.board_onto", boat=names[a["ware"]])
            if "slot" in a:
                seat_holder = a["slot"]
                text += ctx.paren(ctx.t('ui.seat_number', number=seat_holder + 1))
        elif a.type == "pilot":
            text = move_text(pilot_moves(a), names, ctx.lang)
            if "order" in a:
                text += ctx.paren(order_text(a['order'], names))
        elif a.type == "plunder":
            text = f"{names[a['ware']]}{ctx.colon}{ctx.t('ui.' + a['to'])}"
        elif a.type in ("stay", "skip_pilot"):
            text = ctx.t(f"action.{a.type}")
        else:
            continue
        buttons.append(big_button(text, send(ctx, a)))
    return [wrap(buttons)]


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
    return expander(ctx.t("ui.loans_title"), [wrap(buttons)])


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


def _draw_voyage_results(ctx: GameContext, state: ManilaState, voyage: int) -> ft.Control:
    """Who got what at the end of the voyage, and why, best total first."""
    names = _names(ctx)
    lines = payout_lines(ctx.view["ledger"])
    totals = voyage_totals(lines, state.n)
    body: list[ft.Control] = []
    for seat in sorted(range(state.n), key=lambda s: (-totals[s], s)):
        total = totals[seat]
        body.append(ft.Text(f"{ctx.players[seat]}  {'+' if total >= 0 else '−'}{ctx.money(abs(total))}", size=19,
                            weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)))
        for line in (x for x in lines if x.seat == seat):
            where = f" · {names.get(line.where) or _space_name(ctx, line.where)}" if line.where else ""
            body.append(ft.Text(f"{'+' if line.amount >= 0 else '−'}{ctx.money(abs(line.amount))}  "
                                f"{ctx.t('ui.reason.' + line.reason)}{where}", size=15))
        if not any(x.seat == seat for x in lines):
            body.append(ft.Text(ctx.ui("Nothing this voyage"), size=15, italic=True))
    body.append(_draw_prices(ctx, state))
    return results_sheet(ctx, f"voyage-{voyage}", ctx.ui("Voyage {n}: results", n=voyage), body)


def build(ctx: GameContext) -> ft.Control:
    state: ManilaState = ctx.state
    done = finished_voyage(state, ctx.view)
    if done is not None and not seen(ctx, f"voyage-{done}"):
        return _draw_voyage_results(ctx, state, done)
    view, legal = ctx.view, ctx.legal
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.voyage", voyage=state.voyage), size=18, weight=ft.FontWeight.BOLD)]
    if state.phase == "end":
        parts.append(_draw_wealth(ctx, view))
    elif state.phase in _FORMS:
        parts += _FORMS[state.phase](ctx, state, legal)
    elif state.phase == "supply":
        parts += _draw_supply(ctx, legal)
    elif state.phase == "launch":
        parts += _draw_launch(ctx, legal)
    elif state.phase in ("board", "pilot", "plunder"):
        parts += _draw_simple(ctx, legal)
    if state.cargo:
        parts.append(section_title(ctx.t("ui.routes")))
        parts += [_draw_route(ctx, row) for row in boat_rows(view)]
        parts.append(_draw_spaces(ctx, view))
        if state.phase in ("place", "roll", "board", "pilot"):
            parts.append(_draw_odds(ctx, state))
    parts += [_draw_players(ctx, state, view), _draw_prices(ctx, state), _draw_payouts(ctx, state, view),
              _draw_loans(ctx, legal)]
    return ft.Column(parts, spacing=12)
