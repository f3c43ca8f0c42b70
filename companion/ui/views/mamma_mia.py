"""Mamma Mia screen: the removal and deal for this many players, then the chef's
evaluation of the pizza pile — ingredient runs as they turn up, an order form
(owner and ingredients), the special pizzas (the super mini only offers the
scarcest kinds), making up a shortfall from the hand or sending the order
back — the heaps left over, completed orders, and the tie-break on cards in hand.

Contract: ``companion/ui/context.py``.  The decisions live in the plain
classes at the top (tested without a page); the ``_draw_*`` functions only
turn them into Flet controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import flet as ft

from ...core.actions import Action
from ...games.mamma_mia import facts as helpers
from ...games.mamma_mia.game import SPECIALS, MammaMiaState
from ...games.mamma_mia.facts import KINDS, fact
from ..context import GameContext
from ..widgets import chip, player_card, section_title, wrap

KIND_HEX = {"salami": "#c62828", "olive": "#37474f", "pineapple": "#f9a825", "mushroom": "#6d4c41",
            "pepper": "#2e7d32"}
PIZZA = "#ef6c00"
RUN_STEPS = (1, 2, 3, 4)


# ----- plain screen logic ------------------------------------------------------------
@dataclass
class RecipeForm:
    """An ordinary order card being entered: whose, and what it needs."""

    owner: int | None = None
    counts: dict[str, int] = field(default_factory=lambda: {k: 0 for k in KINDS})

    def step(self, kind: str, delta: int) -> None:
        self.counts[kind] = max(0, min(int(fact("cards_per_ingredient")), self.counts[kind] + delta))

    def action(self) -> Action | None:
        needs = {k: n for k, n in self.counts.items() if n}
        if self.owner is None or not needs:
            return None
        return Action.make("order", self.owner, **needs)


@dataclass
class SpecialForm:
    """A special order card: whose, which pizza, the ingredient shown and its partner."""

    owner: int | None = None
    pizza: str | None = None
    shown: str | None = None
    other: str | None = None

    def others(self, heaps: dict[str, int]) -> list[str]:
        """The partner ingredients the rules allow for this pizza now."""
        if self.shown is None or self.pizza == "deluxe":
            return []
        if self.pizza == "one_plus_six":
            return [k for k in KINDS if k != self.shown]
        return helpers.scarcest(heaps, self.shown) or list(KINDS)

    def pick_shown(self, kind: str, heaps: dict[str, int]) -> None:
        self.shown = kind
        choices = self.others(heaps)
        self.other = choices[0] if len(choices) == 1 else (self.other if self.other in choices else None)

    def action(self) -> Action | None:
        if self.owner is None or self.pizza is None:
            return None
        if self.pizza == "deluxe":
            return Action.make("special", self.owner, pizza="deluxe")
        if self.shown is None or self.other is None:
            return None
        return Action.make("special", self.owner, pizza=self.pizza, shown=self.shown, other=self.other)


@dataclass
class FillForm:
    """Cards of any kinds added from the hand to a super deluxe pizza."""

    needed: int
    room: dict[str, int]
    counts: dict[str, int] = field(default_factory=lambda: {k: 0 for k in KINDS})

    def step(self, kind: str, delta: int) -> None:
        left = self.needed - sum(self.counts.values())
        value = self.counts[kind] + max(-self.counts[kind], min(delta, left))
        self.counts[kind] = min(value, self.room.get(kind, 0))

    def action(self, owner: int) -> Action | None:
        if sum(self.counts.values()) != self.needed:
            return None
        return Action.make("fill", owner, **{k: n for k, n in self.counts.items() if n})


def run_buttons(state: MammaMiaState, kind: str) -> list[int]:
    """The ingredient-run sizes that still fit the cards of this kind in play."""
    room = state.available - state.revealed.get(kind, 0)
    return [n for n in RUN_STEPS if n <= room]


# ----- drawing -------------------------------------------------------------------------
def _button(label: str, on_click: Callable[..., Any], filled: bool = False, disabled: bool = False) -> ft.Control:
    cls = ft.FilledButton if filled else ft.Button
    return cls(content=ft.Text(label, size=16), on_click=on_click, height=48, disabled=disabled,
               style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=12)))


def _kind(ctx: GameContext, kind: str) -> str:
    return ctx.t(f"ui.{kind}")


def _stepper(ctx: GameContext, label: str, color: str, value: int, on_step: Callable[..., Any]) -> ft.Control:
    return ft.Row([ft.Text(label, size=15, width=110),
                   chip("−", color, on_click=lambda e: on_step(-1), width=52),
                   ft.Text(ctx.num(value), size=18, weight=ft.FontWeight.BOLD, width=36, text_align=ft.TextAlign.CENTER),
                   chip("+", color, on_click=lambda e: on_step(1), width=52)], wrap=True, spacing=6)


def _owners(ctx: GameContext, state: MammaMiaState, chosen: int | None, on_pick: Callable[[int], None]) -> ft.Control:
    seats = [s for s in range(len(state.players)) if state.orders_in_pile[s] < state.orders_open[s]]
    return wrap([chip(ctx.players[s], ctx.player_color(s), selected=chosen == s, on_click=lambda e, s=s: on_pick(s))
                 for s in seats])


def _draw_heaps(ctx: GameContext, state: MammaMiaState) -> ft.Control:
    return ft.Column([ft.Text(ctx.t("ui.heaps"), size=15, weight=ft.FontWeight.BOLD),
                      wrap([chip(f"{_kind(ctx, k)} {ctx.num(state.heaps[k])}", KIND_HEX[k],
                                 selected=state.heaps[k] > 0, width=130) for k in KINDS])], spacing=4)


def _draw_runs(ctx: GameContext, state: MammaMiaState) -> ft.Control:
    rows = []
    for kind in KINDS:
        buttons = [chip(f"+{n}", KIND_HEX[kind], width=56,
                        on_click=lambda e, k=kind, n=n: ctx.dispatch(Action.make("ingredients", kind=k, count=n)))
                   for n in run_buttons(state, kind)]
        rows.append(ft.Row([ft.Text(_kind(ctx, kind), size=15, width=110), *buttons], wrap=True, spacing=6))
    return ft.Column([ft.Text(ctx.t("ui.turned_over"), size=15, weight=ft.FontWeight.BOLD), *rows], spacing=4)


def _draw_order_form(ctx: GameContext, state: MammaMiaState) -> ft.Control:
    form = RecipeForm()
    holder = ft.Container()

    def redraw() -> None:
        holder.content = make()
        ctx.refresh_control(holder)

    def owner(seat: int) -> None:
        form.owner = seat
        redraw()

    def step(kind: str, delta: int) -> None:
        form.step(kind, delta)
        redraw()

    def confirm(e: Any) -> None:
        action = form.action()
        if action is not None:
            ctx.dispatch(action)

    def make() -> ft.Control:
        return ft.Column([
            ft.Text(ctx.t("ui.owner"), size=14), _owners(ctx, state, form.owner, owner),
            *[_stepper(ctx, _kind(ctx, k), KIND_HEX[k], form.counts[k], lambda d, k=k: step(k, d)) for k in KINDS],
            _button(ctx.t("ui.confirm_order"), confirm, filled=True, disabled=form.action() is None),
        ], spacing=6)

    holder.content = make()
    return ft.ExpansionTile(title=ft.Text(ctx.t("ui.order_form")), controls=[holder], expanded=True)


def _draw_special_form(ctx: GameContext, state: MammaMiaState) -> ft.Control:
    form = SpecialForm()
    holder = ft.Container()

    def redraw() -> None:
        holder.content = make()
        ctx.refresh_control(holder)

    def set_and_redraw(**changes: Any) -> None:
        for key, value in changes.items():
            if key == "shown":
                form.pick_shown(value, state.heaps)
            else:
                setattr(form, key, value)
        redraw()

    def confirm(e: Any) -> None:
        action = form.action()
        if action is not None:
            ctx.dispatch(action)

    def make() -> ft.Control:
        parts: list[ft.Control] = [
            ft.Text(ctx.t("ui.owner"), size=14), _owners(ctx, state, form.owner, lambda s: set_and_redraw(owner=s)),
            wrap([chip(ctx.t(f"ui.{p}"), PIZZA, selected=form.pizza == p,
                       on_click=lambda e, p=p: set_and_redraw(pizza=p)) for p in SPECIALS])]
        if form.pizza in ("one_plus_six", "mini"):
            parts += [ft.Text(ctx.t("ui.shown"), size=14),
                      wrap([chip(_kind(ctx, k), KIND_HEX[k], selected=form.shown == k,
                                 on_click=lambda e, k=k: set_and_redraw(shown=k)) for k in KINDS])]
            if form.shown is not None:
                parts += [ft.Text(ctx.t("ui.other"), size=14),
                          wrap([chip(_kind(ctx, k), KIND_HEX[k], selected=form.other == k,
                                     on_click=lambda e, k=k: set_and_redraw(other=k))
                                for k in form.others(state.heaps)])]
        parts.append(_button(ctx.t("ui.confirm_order"), confirm, filled=True, disabled=form.action() is None))
        return ft.Column(parts, spacing=6)

    holder.content = make()
    return ft.ExpansionTile(title=ft.Text(ctx.t("ui.special_form")), controls=[holder])


def _draw_short(ctx: GameContext, state: MammaMiaState) -> list[ft.Control]:
    pending = state.pending
    owner: int = pending["player"]
    missing: dict[str, int] = pending["missing"]
    back = _button(ctx.t("action.order_fails", player=owner), lambda e: ctx.dispatch(Action.make("order_fails", owner)))
    if not pending["deluxe"]:
        listed = ", ".join(f"{_kind(ctx, k)} {ctx.num(n)}" for k, n in missing.items())
        fill = Action.make("fill", owner, **missing)
        return [section_title(ctx.t("ui.missing_line", player=owner, missing=listed)),
                wrap([_button(ctx.t("ui.add_from_hand"), lambda e: ctx.dispatch(fill), filled=True), back])]
    form = FillForm(missing["any"], {k: state.available - state.revealed[k] for k in KINDS})
    holder = ft.Container()

    def step(kind: str, delta: int) -> None:
        form.step(kind, delta)
        holder.content = make()
        ctx.refresh_control(holder)

    def confirm(e: Any) -> None:
        action = form.action(owner)
        if action is not None:
            ctx.dispatch(action)

    def make() -> ft.Control:
        return ft.Column([*[_stepper(ctx, _kind(ctx, k), KIND_HEX[k], form.counts[k], lambda d, k=k: step(k, d))
                            for k in KINDS],
                          wrap([_button(ctx.t("ui.add_from_hand"), confirm, filled=True,
                                        disabled=form.action(owner) is None), back])], spacing=6)

    holder.content = make()
    return [section_title(ctx.t("ui.missing_line", player=owner, missing=ctx.num(missing["any"]))), holder]


def _draw_tiebreak(ctx: GameContext, state: MammaMiaState) -> list[ft.Control]:
    out: list[ft.Control] = []
    for seat in sorted(ctx.game.active_players(state)):
        out.append(ft.Text(ctx.t("ui.tiebreak_title", player=seat), size=15, weight=ft.FontWeight.BOLD))
        out.append(wrap([chip(ctx.num(n), ctx.player_color(seat), width=52,
                              on_click=lambda e, s=seat, n=n: ctx.dispatch(Action.make("hand", s, cards=n)))
                         for n in range(int(fact("hand_size")) + 1)]))
    return out


def _draw_players(ctx: GameContext, state: MammaMiaState, view: dict[str, Any]) -> ft.Control:
    cards = []
    for seat, p in enumerate(view["players"]):
        lines: list[ft.Control] = [
            ft.Text(p["name"], size=16, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
            ft.Text(ctx.t("ui.orders_line", orders=p["orders"], left=p["orders_left"]), size=14)]
        if p["hand"] is not None:
            lines.append(ft.Text(f"{ctx.t('ui.hand')}{ctx.colon}{ctx.num(p['hand'])}", size=14))
        if state.chef == seat:
            lines.append(ft.Text(ctx.t("ui.chef"), size=14, italic=True))
        cards.append(player_card(lines, ctx.player_color(seat), width=170, spacing=2))
    return wrap(cards)


def build(ctx: GameContext) -> ft.Control:
    state: MammaMiaState = ctx.state
    view = ctx.game.view(state)
    setup = view["setup"]
    parts: list[ft.Control] = [
        ft.Text(ctx.t("ui.round", round=view["round"], rounds=view["rounds"]), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(ctx.t("ui.setup_removed", count=setup["removed_per_ingredient"],
                      available=setup["available_per_ingredient"]), size=14),
        ft.Text(ctx.t("ui.deal_line", ingredients=setup["deal_ingredients"], orders=setup["deal_orders"],
                      hand=setup["hand_size"]), size=14),
    ]
    phase = state.phase
    if phase == "play":
        parts += [section_title(ctx.t("ui.mamma_holder")),
                  wrap([chip(name, ctx.player_color(i),
                             on_click=lambda e, i=i: ctx.dispatch(Action.make("evaluate", i)))
                        for i, name in enumerate(ctx.players)])]
    elif phase == "evaluate":
        parts += [_draw_heaps(ctx, state), _draw_runs(ctx, state), _draw_order_form(ctx, state),
                  _draw_special_form(ctx, state),
                  _button(ctx.t("action.end_evaluation"), lambda e: ctx.dispatch(Action.make("end_evaluation")))]
    elif phase == "short":
        parts += [_draw_heaps(ctx, state), *_draw_short(ctx, state)]
    elif phase == "tiebreak":
        parts += _draw_tiebreak(ctx, state)
    else:
        winners = ", ".join(ctx.players[w] for w in ctx.game.winners(state))
        parts.append(ft.Text(ctx.t("ui.winner_line", players=winners), size=18, weight=ft.FontWeight.BOLD))
    parts.append(_draw_players(ctx, state, view))
    return ft.Column(parts, spacing=12)
