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
from typing import Any, Callable, Iterable

import flet as ft

from ...core.actions import Action
from ...games.mamma_mia.public import KINDS, SPECIALS, fact, scarcest
from ..context import GameContext
from ..widgets import FormPanel, big_button, chip, confirm_button, expander, italic, player_card, section_title, wrap

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

    def attempt(self) -> Action | None:
        """What "Check this order" sends: the order as entered so far (the
        referee says what is missing), or None while nobody owns it yet."""
        if self.owner is None:
            return None
        return Action.make("order", self.owner, **{k: n for k, n in self.counts.items() if n})


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
        return scarcest(heaps, self.shown) or list(KINDS)

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

    def attempt(self) -> Action | None:
        """The special order as entered so far (the referee says which
        ingredient is missing), or None while its owner or pizza is not picked."""
        if self.owner is None or self.pizza is None:
            return None
        picked = {k: v for k, v in (("shown", self.shown), ("other", self.other)) if v is not None}
        return Action.make("special", self.owner, pizza=self.pizza, **picked)


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

    def attempt(self, owner: int) -> Action:
        """The cards added so far (the referee refuses a wrong number, saying how many)."""
        return Action.make("fill", owner, **{k: n for k, n in self.counts.items() if n})


def room(view: dict[str, Any], kind: str) -> int:
    """The cards of this kind in play not turned over yet."""
    return int(view["setup"]["available_per_ingredient"]) - (view["in_pile"] or {}).get(kind, 0)


def run_buttons(view: dict[str, Any], kind: str) -> list[int]:
    """The ingredient-run sizes that still fit the cards of this kind in play."""
    return [n for n in RUN_STEPS if n <= room(view, kind)]


def order_owners(legal: Iterable[Action]) -> list[int]:
    """The players who may still put an order card in the pile this evaluation."""
    return sorted({a.player for a in legal if a.type == "order" and a.player is not None})


# ----- drawing -------------------------------------------------------------------------

def _missing_owner(ctx: GameContext) -> tuple[str, str | None]:
    """Why an order card cannot be checked yet: nobody picked as its owner."""
    return ctx.t("ui.pick_owner"), "mamma_mia.app.recipes"


def _kind(ctx: GameContext, kind: str) -> str:
    return ctx.t(f"ui.{kind}")


def _stepper(ctx: GameContext, label: str, color: str, value: int, on_step: Callable[[int], Any]) -> ft.Control:
    return ft.Row([ft.Text(label, size=15, width=110),
                   chip("−", color, on_click=lambda e: on_step(-1), width=52),
                   ft.Text(ctx.num(value), size=18, weight=ft.FontWeight.BOLD, width=36,
                           text_align=ft.TextAlign.CENTER),
                   chip("+", color, on_click=lambda e: on_step(1), width=52)], wrap=True, spacing=6)


def _owners(ctx: GameContext, chosen: int | None, on_pick: Callable[[int], Any]) -> ft.Control:
    return wrap([chip(ctx.players[s], ctx.player_color(s), selected=chosen == s, on_click=lambda e, s=s: on_pick(s))
                 for s in order_owners(ctx.legal)])


#: a heap's chip: two to a row on a 360 px phone, and wide enough for the
#: longest "<ingredient> <count>" (green pepper 10) on one line
HEAP_WIDTH = 160


def _draw_heaps(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    heaps = view["heaps"]
    return ft.Column([ft.Text(ctx.t("ui.heaps"), size=15, weight=ft.FontWeight.BOLD),
                      wrap([chip(f"{_kind(ctx, k)} {ctx.num(heaps[k])}", KIND_HEX[k],
                                 selected=heaps[k] > 0, width=HEAP_WIDTH) for k in KINDS])], spacing=4)


#: a run row on a 360 px phone (336 px inside the page's padding): the
#: ingredient's name (as wide as the order form's, "green pepper" is 88 px)
#: and the four "+n" buttons, each a full touch target, on one line:
#: 110 + 4 x (52 + 4) = 334.  (With 56 px buttons 6 px apart, 358: "+4" ran
#: on to a line of its own.)
RUN_LABEL_WIDTH = 110
RUN_BUTTON_WIDTH = 52
RUN_SPACING = 4


def _draw_runs(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    rows = []
    for kind in KINDS:
        buttons = [chip(f"+{n}", KIND_HEX[kind], width=RUN_BUTTON_WIDTH, padding=8,
                        on_click=lambda e, k=kind, n=n: ctx.dispatch(Action.make("ingredients", kind=k, count=n)))
                   for n in run_buttons(view, kind)]
        rows.append(ft.Row([ft.Text(_kind(ctx, kind), size=15, width=RUN_LABEL_WIDTH), *buttons],
                           wrap=True, spacing=RUN_SPACING))
    return ft.Column([ft.Text(ctx.t("ui.turned_over"), size=15, weight=ft.FontWeight.BOLD), *rows], spacing=4)


def _draw_order_form(ctx: GameContext) -> ft.Control:
    def draw(panel: FormPanel[RecipeForm]) -> ft.Control:
        form = panel.form
        return ft.Column([
            ft.Text(ctx.t("ui.owner"), size=14),
            _owners(ctx, form.owner, lambda s: panel.change(lambda: setattr(form, "owner", s))),
            *[_stepper(ctx, _kind(ctx, k), KIND_HEX[k], form.counts[k],
                       lambda d, k=k: panel.change(lambda: form.step(k, d))) for k in KINDS],
            confirm_button(ctx, ctx.t("ui.confirm_order"), form.attempt(), form.action() is not None,
                           missing=_missing_owner(ctx)),
        ], spacing=6)

    panel = FormPanel(ctx, RecipeForm(), draw)
    return expander(ctx.t("ui.order_form"), [panel.control], expanded=True)


def _draw_special_form(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    heaps = view["heaps"]

    def draw(panel: FormPanel[SpecialForm]) -> ft.Control:
        form = panel.form
        parts: list[ft.Control] = [
            ft.Text(ctx.t("ui.owner"), size=14),
            _owners(ctx, form.owner, lambda s: panel.change(lambda: setattr(form, "owner", s))),
            wrap([chip(ctx.t(f"ui.{p}"), PIZZA, selected=form.pizza == p,
                       on_click=panel.on(lambda p=p: setattr(form, "pizza", p))) for p in SPECIALS])]
        if form.pizza in ("one_plus_six", "mini"):
            parts += [ft.Text(ctx.t("ui.shown"), size=14),
                      wrap([chip(_kind(ctx, k), KIND_HEX[k], selected=form.shown == k,
                                 on_click=panel.on(lambda k=k: form.pick_shown(k, heaps))) for k in KINDS])]
            if form.shown is not None:
                parts += [ft.Text(ctx.t("ui.other"), size=14),
                          wrap([chip(_kind(ctx, k), KIND_HEX[k], selected=form.other == k,
                                     on_click=panel.on(lambda k=k: setattr(form, "other", k)))
                                for k in form.others(heaps)])]
        missing = _missing_owner(ctx) if form.owner is None else (ctx.t("ui.pick_special"), "mamma_mia.app.recipes")
        parts.append(confirm_button(ctx, ctx.t("ui.confirm_order"), form.attempt(), form.action() is not None,
                                    missing=missing))
        return ft.Column(parts, spacing=6)

    panel = FormPanel(ctx, SpecialForm(), draw)
    return expander(ctx.t("ui.special_form"), [panel.control])


def _draw_short(ctx: GameContext, view: dict[str, Any]) -> list[ft.Control]:
    pending = view["pending"]
    owner: int = pending["player"]
    missing: dict[str, int] = pending["missing"]
    back = big_button(ctx.t("action.order_fails", player=owner),
                      lambda e: ctx.dispatch(Action.make("order_fails", owner)))
    if not pending["deluxe"]:
        listed = ctx.join([f"{_kind(ctx, k)} {ctx.num(n)}" for k, n in missing.items()])
        fill = Action.make("fill", owner, **missing)
        return [section_title(ctx.t("ui.missing_line", player=owner, missing=listed)),
                wrap([big_button(ctx.t("ui.add_from_hand"), lambda e: ctx.dispatch(fill), filled=True), back])]

    def draw(panel: FormPanel[FillForm]) -> ft.Control:
        form = panel.form
        return ft.Column([*[_stepper(ctx, _kind(ctx, k), KIND_HEX[k], form.counts[k],
                                     lambda d, k=k: panel.change(lambda: form.step(k, d))) for k in KINDS],
                          wrap([confirm_button(ctx, ctx.t("ui.add_from_hand"), form.attempt(owner),
                                               form.action(owner) is not None), back])], spacing=6)

    panel = FormPanel(ctx, FillForm(missing["any"], {k: room(view, k) for k in KINDS}), draw)
    return [section_title(ctx.t("ui.missing_line", player=owner, missing=ctx.num(missing["any"]))), panel.control]


def _draw_tiebreak(ctx: GameContext) -> list[ft.Control]:
    out: list[ft.Control] = []
    for seat in sorted({a.player for a in ctx.legal if a.type == "hand" and a.player is not None}):
        out.append(ft.Text(ctx.t("ui.tiebreak_title", player=seat), size=15, weight=ft.FontWeight.BOLD))
        out.append(wrap([chip(ctx.num(n), ctx.player_color(seat), width=52,
                              on_click=lambda e, s=seat, n=n: ctx.dispatch(Action.make("hand", s, cards=n)))
                         for n in range(int(fact("hand_size")) + 1)]))
    return out


def _draw_players(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    cards = []
    for seat, p in enumerate(view["players"]):
        lines: list[ft.Control] = [
            ft.Text(p["name"], size=16, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
            ft.Text(ctx.t("ui.orders_line", orders=p["orders"], left=p["orders_left"]), size=14)]
        if p["hand"] is not None:
            lines.append(ft.Text(f"{ctx.t('ui.hand')}{ctx.colon}{ctx.num(p['hand'])}", size=14))
        if view["chef"] == seat:
            lines.append(ft.Text(ctx.t("ui.chef"), size=14, italic=italic(ctx.lang)))
        cards.append(player_card(lines, ctx.player_color(seat), width=170, spacing=2))
    return wrap(cards)


def build(ctx: GameContext) -> ft.Control:
    view = ctx.view
    setup = view["setup"]
    parts: list[ft.Control] = [
        ft.Text(ctx.t("ui.round", round=view["round"], rounds=view["rounds"]), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(ctx.t("ui.setup_removed", count=setup["removed_per_ingredient"],
                      available=setup["available_per_ingredient"]), size=14),
        ft.Text(ctx.t("ui.deal_line", ingredients=setup["deal_ingredients"], orders=setup["deal_orders"],
                      hand=setup["hand_size"]), size=14),
    ]
    phase = ctx.state.phase
    if phase == "play":
        parts += [section_title(ctx.t("ui.mamma_holder")),
                  wrap([chip(name, ctx.player_color(i),
                             on_click=lambda e, i=i: ctx.dispatch(Action.make("evaluate", i)))
                        for i, name in enumerate(ctx.players)])]
    elif phase == "evaluate":
        parts += [_draw_heaps(ctx, view), _draw_runs(ctx, view), _draw_order_form(ctx),
                  _draw_special_form(ctx, view),
                  big_button(ctx.t("action.end_evaluation"), lambda e: ctx.dispatch(Action.make("end_evaluation")))]
    elif phase == "short":
        parts += [_draw_heaps(ctx, view), *_draw_short(ctx, view)]
    elif phase == "tiebreak":
        parts += _draw_tiebreak(ctx)
    else:
        winners = ctx.join([ctx.players[w] for w in ctx.game.winners(ctx.state)])
        parts.append(ft.Text(ctx.t("ui.winner_line", players=winners), size=18, weight=ft.FontWeight.BOLD))
    parts.append(_draw_players(ctx, view))
    return ft.Column(parts, spacing=12)
