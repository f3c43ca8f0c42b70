"""I'm the Boss screen: the set-up for the player count, the tile in play with
its possible share value, a deal form (boss, shares, value, promised payments,
equal-split partners) with a live preview of the payout, the end roll from
the 10th deal on, the money (each player's own until the end: a "Show my
money" button per player behind the hand-the-phone screen; the standings
once the game is over) and the deals so far.

Contract: ``companion/ui/context.py``.  The decisions live in the plain
functions and :class:`DealForm` at the top (tested without a page); the
``_draw_*`` functions only turn them into Flet controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import flet as ft

from ...core.actions import Action
from ...games.im_the_boss.public import FACTS, SHORT, BossState, split_payout
from ..context import GameContext
from ..widgets import TOUCH, FormPanel, big_button, chip, money_buttons, section_title


# ----- plain screen logic ------------------------------------------------------------
@dataclass
class DealForm:
    """A deal being entered; money in millions."""

    low: int
    high: int | None
    value: int = 0
    shares: int = 4
    boss: int | None = None
    payments: dict[int, int] = field(default_factory=dict)
    partners: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.value:
            self.value = self.low

    def step_value(self, delta: int) -> None:
        value = max(self.low, self.value + delta)
        self.value = value if self.high is None else min(self.high, value)

    def step_shares(self, delta: int) -> None:
        self.shares = max(1, self.shares + delta)

    def pick_boss(self, seat: int) -> None:
        self.boss = seat
        self.payments.pop(seat, None)
        if seat in self.partners:
            self.partners.remove(seat)

    def step_payment(self, seat: int, delta: int) -> None:
        amount = self.payments.get(seat, 0) + delta
        if amount > 0 and seat != self.boss:
            self.payments[seat] = amount
        else:
            self.payments.pop(seat, None)

    def toggle_partner(self, seat: int) -> None:
        if seat in self.partners:
            self.partners.remove(seat)
        elif seat != self.boss:
            self.partners.append(seat)
            self.partners.sort()

    def payout(self) -> int:
        return self.shares * self.value

    def partner_part(self) -> int:
        return split_payout(self.payout(), len(self.partners))[0]

    def boss_net(self) -> int:
        return split_payout(self.payout(), len(self.partners))[1] - sum(self.payments.values())

    def action(self) -> Action | None:
        if self.boss is None:
            return None
        args: dict[str, Any] = {"shares": self.shares, "value": self.value}
        if self.payments:
            seats = sorted(self.payments)
            args["payees"], args["amounts"] = seats, [self.payments[s] for s in seats]
        if self.partners:
            args["partners"] = list(self.partners)
        return Action.make("deal", self.boss, **args)


def new_form(view: dict[str, Any]) -> DealForm:
    low, high = view["value_range"]
    return DealForm(low, high)


def standings(view: dict[str, Any]) -> list[tuple[int, str, int]] | None:
    """(seat, name, money), richest first; ties keep seat order.  None while
    the money is hidden (before the end: im_the_boss.money.visible)."""
    if any("money" not in p for p in view["players"]):
        return None
    rows = [(s, p["name"], p["money"]) for s, p in enumerate(view["players"])]
    return sorted(rows, key=lambda r: (-r[2], r[0]))


# ----- drawing -------------------------------------------------------------------------
def value_text(ctx: GameContext, low: int, high: int | None) -> str:
    if high is None:
        return ctx.t("ui.value_from", low=low)
    if high == low:
        return ctx.t("ui.value_exact", value=low)
    return ctx.t("ui.value_between", low=low, high=high)


def _small_button(label: str, on_click: Callable[[Any], Any]) -> ft.Control:
    """A 56 px square-ish button for a die face or a − / + step."""
    button = big_button(label, on_click)
    button.width = 56
    button.style.padding = ft.Padding.symmetric(horizontal=4, vertical=8)
    return button


def _chip(ctx: GameContext, seat: int, selected: bool, on_click: Callable[[Any], None]) -> ft.Control:
    """A player's name in their colour, 104 px wide."""
    return chip(ctx.players[seat], ctx.player_color(seat), selected=selected, on_click=on_click, width=104, padding=4)


def _stepper(ctx: GameContext, label: str, value: str, on_step: Callable[[int], None]) -> ft.Control:
    return ft.Row([
        ft.Text(label, size=15, width=150),
        _small_button("−", lambda e: on_step(-1)),
        ft.Text(value, size=18, weight=ft.FontWeight.BOLD, width=56, text_align=ft.TextAlign.CENTER),
        _small_button("+", lambda e: on_step(1)),
    ], wrap=True, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)



def _draw_info(ctx: GameContext, view: dict[str, Any], state: BossState) -> ft.Control:
    setup = view["setup"]
    lines = [ft.Text(ctx.t("ui.setup_line", each=setup["investors_each"], beside=setup["investors_beside_board"],
                           hand=setup["hand"]), size=14)]
    if state.phase == "play":
        low, high = view["value_range"]
        lines.append(ft.Text(ctx.t("ui.deal_line", deal=view["next_deal"], tile=view["tile"]), size=16,
                             weight=ft.FontWeight.BOLD))
        lines.append(ft.Text(value_text(ctx, low, high), size=14))
    lines.append(ft.Text(ctx.t("ui.limits_line", limit=view["hand_limit"], draw=FACTS["draw"]), size=14))
    if state.variant:
        table = " · ".join(f"{k}{'+' if k == max(view['draw']) else ''}{ctx.colon}{ctx.num(v)}"
                           for k, v in view["draw"].items())
        lines.append(ft.Text(ctx.t("ui.draw_variant_line", table=table), size=14))
    return ft.Column(lines, spacing=4)


def _draw_deal(ctx: GameContext, view: dict[str, Any], partners: bool) -> ft.Control:
    n = len(ctx.players)

    def draw(panel: FormPanel[DealForm]) -> ft.Control:
        form = panel.form
        parts: list[ft.Control] = [
            ft.Text(ctx.t("ui.boss"), size=14),
            ft.Row([_chip(ctx, s, form.boss == s, panel.on(lambda s=s: form.pick_boss(s))) for s in range(n)],
                   wrap=True, spacing=6, run_spacing=6),
            _stepper(ctx, ctx.t("ui.shares"), ctx.num(form.shares),
                     lambda d: panel.change(lambda: form.step_shares(d))),
            _stepper(ctx, ctx.t("ui.value"), ctx.num(form.value),
                     lambda d: panel.change(lambda: form.step_value(d))),
            ft.Text(ctx.t("ui.payments"), size=14),
        ]
        # every seat keeps its row and its chip when the boss is picked (the
        # boss's say so in their place), so nothing below moves under the finger
        for seat in range(n):
            if seat == form.boss:
                parts.append(ft.Container(content=ft.Text(ctx.t("ui.is_boss", player=seat), size=15),
                                          height=TOUCH, alignment=ft.Alignment.CENTER_LEFT))
            else:
                parts.append(_stepper(ctx, ctx.t("ui.pay_to", player=seat), ctx.num(form.payments.get(seat, 0)),
                                      lambda d, s=seat: panel.change(lambda: form.step_payment(s, d))))
        if partners:
            parts += [ft.Text(ctx.t("ui.partners"), size=14),
                      ft.Row([chip(ctx.t("ui.boss"), ctx.player_color(s), width=104, padding=4) if s == form.boss
                              else _chip(ctx, s, s in form.partners, panel.on(lambda s=s: form.toggle_partner(s)))
                              for s in range(n)], wrap=True, spacing=6, run_spacing=6)]
            if form.partners:
                parts.append(ft.Text(ctx.t("ui.partner_part", amount=form.partner_part()), size=14))
        parts.append(ft.Text(ctx.t("ui.preview", payout=form.payout(), net=form.boss_net()), size=17,
                             weight=ft.FontWeight.BOLD))
        if form.boss is not None:
            parts.append(big_button(ctx.t("action.deal"), lambda e: panel.send(form.action()), filled=True))
        return ft.Column(parts, spacing=6)

    panel = FormPanel(ctx, new_form(view), draw)
    return ft.Column([section_title(ctx.t("action.deal")), panel.control], spacing=6)


def _draw_roll(ctx: GameContext, view: dict[str, Any], short: bool) -> ft.Control:
    if short:
        info = ctx.t("ui.roll_total_line", total=view["roll_total"], target=SHORT["roll_total"])
    else:
        info = ctx.t("ui.end_numbers_line", numbers=view["end_numbers"])
    rolls = [a for a in ctx.legal if a.type == "end_roll"]
    return ft.Column([
        section_title(ctx.t("action.end_roll")), ft.Text(info, size=15),
        ft.Row([_small_button(ctx.num(a["roll"]), lambda e, a=a: ctx.dispatch(a)) for a in rolls],
               wrap=True, spacing=6, run_spacing=6),
    ], spacing=6)


def _draw_standings(ctx: GameContext, view: dict[str, Any], state: BossState) -> ft.Control:
    rows_by_money = standings(view)
    if rows_by_money is None:  # before the end: each player looks at their own
        return ft.Column([section_title(ctx.t("ui.money_title")), ft.Text(ctx.t("ui.money_hidden"), size=14),
                          money_buttons(ctx, state)], spacing=6)
    rows = [ft.Container(
        content=ft.Row([ft.Text(name, size=16, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat), width=150),
                        ft.Text(ctx.money(money), size=16)], spacing=8),
        padding=8, border_radius=8, border=ft.Border.all(2, ctx.player_color(seat)), width=340)
        for seat, name, money in rows_by_money]
    return ft.Column([section_title(ctx.t("ui.money_title")), *rows], spacing=6)


def _draw_history(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    if not view["history"]:
        return ft.Container()
    lines: list[ft.Control] = [section_title(ctx.t("ui.history"))]
    for h in reversed(view["history"]):
        text = ctx.t("ui.history_line", deal=h["deal"], player=h["boss"], shares=h["shares"], value=h["value"],
                     payout=h["payout"])
        paid = [ctx.t("ui.paid_line", player=s, amount=a) for s, a in h["payments"]]
        paid += [ctx.t("ui.paid_line", player=s, amount=h["partner_part"]) for s in h["partners"]]
        lines.append(ft.Text(" · ".join([text, *paid]), size=14))
    return ft.Column(lines, spacing=4)


def build(ctx: GameContext) -> ft.Control:
    state: BossState = ctx.state
    view = ctx.view
    parts: list[ft.Control] = [_draw_info(ctx, view, state)]
    if state.phase == "play":
        parts.append(_draw_deal(ctx, view, state.less_cutthroat))
    elif state.phase == "end_roll":
        parts.append(_draw_roll(ctx, view, state.short))
    parts += [_draw_standings(ctx, view, state), _draw_history(ctx, view)]
    return ft.Column(parts, spacing=12)
