"""Saboteur screen: the deal for this many players, how each round ended, the
saboteurs revealed (only counts the dwarf cards allow can be confirmed), the
gold cards drawn, the miners' picks in order or each saboteur's share, and the
rounds so far.  Gold totals stay hidden until the end, as at the table.

Contract: ``companion/ui/context.py``.  The decisions live in the plain
classes and functions at the top (tested without a page); the ``_draw_*``
functions only turn them into Flet controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ...core.actions import Action
from ...games.saboteur.public import GOLD_VALUES, SaboteurState, gold_cards_drawn, saboteur_range
from ..context import GameContext
from ..widgets import FormPanel, big_button, chip, confirm_button, player_card, section_title, wrap

GOLD = "#f9a825"
SABOTEUR = "#6d4c41"


# ----- plain screen logic ------------------------------------------------------------
@dataclass
class RolesForm:
    """The saboteurs being marked after a round; only allowed counts confirm."""

    n_players: int
    saboteurs: list[int] = field(default_factory=list)

    def toggle(self, seat: int) -> None:
        if seat in self.saboteurs:
            self.saboteurs.remove(seat)
        else:
            self.saboteurs.append(seat)

    def bounds(self) -> tuple[int, int]:
        return saboteur_range(self.n_players)

    def ok(self) -> bool:
        low, high = self.bounds()
        return low <= len(self.saboteurs) <= high

    def action(self) -> Action | None:
        return self.attempt() if self.ok() else None

    def attempt(self) -> Action:
        """The saboteurs marked so far (the referee refuses a count the box cannot have, saying why)."""
        return Action.make("reveal_roles", saboteurs=sorted(self.saboteurs))


@dataclass
class GoldForm:
    """The gold cards drawn for the miners, counted by value."""

    needed: int
    deck: dict[str, int]
    counts: dict[int, int] = field(default_factory=lambda: {v: 0 for v in GOLD_VALUES})

    def step(self, value: int, delta: int) -> None:
        room = self.needed - sum(self.counts.values())
        new = self.counts[value] + max(-self.counts[value], min(delta, room))
        self.counts[value] = min(new, self.deck.get(str(value), 0))

    def cards(self) -> list[int]:
        return sorted((v for v, n in self.counts.items() for _ in range(n)), reverse=True)

    def action(self) -> Action | None:
        return self.attempt() if len(self.cards()) == self.needed else None

    def attempt(self) -> Action:
        """The cards counted so far (the referee refuses a wrong number, saying how many)."""
        return Action.make("gold_drawn", cards=self.cards())


def round_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per finished round: side, finder, saboteurs and (if shown) the gold gained."""
    return [{"round": h["round"], "side": h["side"], "finder": h["finder"] if h["finder"] >= 0 else None,
             "saboteurs": h["saboteurs"], "gained": h["gained"]} for h in view["history"]]


def cards_text(cards: list[int]) -> str:
    return " + ".join(str(c) for c in cards) if cards else "0"


# ----- drawing -------------------------------------------------------------------------

def _draw_setup(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    s = view["setup"]
    lines = [ctx.t("ui.setup_roles", saboteurs=s["saboteur_cards"], miners=s["miner_cards"]),
             ctx.t("ui.setup_hand", cards=s["hand_size"]),
             ctx.t("ui.setup_gold", cards=s["gold_cards_drawn"])]
    lines += [ctx.t("ui.setup_share", count=int(k), nuggets=v) for k, v in s["saboteur_share"].items()]
    return ft.Column([ft.Text(line, size=14) for line in lines], spacing=2)


def _draw_play(ctx: GameContext) -> list[ft.Control]:
    return [section_title(ctx.t("ui.who_found")),
            wrap([chip(name, ctx.player_color(i), on_click=lambda e, i=i: ctx.dispatch(Action.make("gold_found", i)))
                  for i, name in enumerate(ctx.players)]),
            big_button(ctx.t("action.gold_not_found"), lambda e: ctx.dispatch(Action.make("gold_not_found")))]


def _draw_roles(ctx: GameContext) -> list[ft.Control]:
    def draw(panel: FormPanel[RolesForm]) -> ft.Control:
        form = panel.form
        low, high = form.bounds()
        return ft.Column([
            ft.Text(ctx.t("ui.saboteur_count", low=low, high=high), size=14),
            wrap([chip(name, SABOTEUR, selected=i in form.saboteurs, on_click=panel.on(lambda i=i: form.toggle(i)))
                  for i, name in enumerate(ctx.players)]),
            confirm_button(ctx, ctx.t("ui.confirm_roles", count=len(form.saboteurs)), form.attempt(), form.ok()),
        ], spacing=8)

    panel = FormPanel(ctx, RolesForm(len(ctx.players)), draw)
    return [section_title(ctx.t("action.reveal_roles")), panel.control]


def _draw_gold_draw(ctx: GameContext, view: dict[str, Any]) -> list[ft.Control]:
    def draw(panel: FormPanel[GoldForm]) -> ft.Control:
        form = panel.form
        rows = [ft.Row([ft.Text(ctx.t("ui.card_value", value=v), size=15, width=120),
                        chip("−", GOLD, on_click=panel.on(lambda v=v: form.step(v, -1)), width=52),
                        ft.Text(ctx.num(form.counts[v]), size=18, weight=ft.FontWeight.BOLD, width=36,
                                text_align=ft.TextAlign.CENTER),
                        chip("+", GOLD, on_click=panel.on(lambda v=v: form.step(v, 1)), width=52)],
                       wrap=True, spacing=6) for v in GOLD_VALUES]
        return ft.Column([*rows, confirm_button(ctx, ctx.t("ui.confirm_gold"), form.attempt(),
                                                form.action() is not None)], spacing=6)

    panel = FormPanel(ctx, GoldForm(gold_cards_drawn(len(ctx.players)), dict(view["gold_deck"])), draw)
    return [section_title(ctx.t("phase.draw_gold", count=panel.form.needed)), panel.control]


def _draw_pick(ctx: GameContext, view: dict[str, Any]) -> list[ft.Control]:
    legal = list(ctx.legal)
    seat = legal[0].player
    order = ctx.join([ctx.players[s] for s in view["pick_order"]])
    return [section_title(ctx.t("phase.pick", player=seat)),
            ft.Text(f"{ctx.t('ui.pick_order')}{ctx.colon}{order}", size=14),
            ft.Text(f"{ctx.t('ui.pool')}{ctx.colon}{cards_text(view['pool'])}", size=14),
            wrap([chip(ctx.t("ui.card_value", value=a["value"]), GOLD, on_click=lambda e, a=a: ctx.dispatch(a))
                  for a in legal])]


def _draw_saboteur_gold(ctx: GameContext) -> list[ft.Control]:
    legal = ctx.legal
    prompt = ctx.game.prompt(ctx.state)["params"]
    return [section_title(ctx.t("phase.saboteur_gold", player=prompt["player"], amount=prompt["amount"])),
            wrap([chip(cards_text(a["cards"]), GOLD, on_click=lambda e, a=a: ctx.dispatch(a))
                  for a in legal])]


def _draw_scores(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    cards = []
    for seat, p in enumerate(view["players"]):
        gold = ctx.t("ui.hidden") if p["gold"] is None else ctx.num(p["gold"])
        cards.append(player_card([ft.Text(p["name"], size=16, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
                                  ft.Text(f"{ctx.t('ui.gold')}{ctx.colon}{gold}", size=14)],
                                 ctx.player_color(seat), width=150, spacing=2))
    rows: list[ft.Control] = [wrap(cards)]
    for row in round_rows(view):
        side = ctx.t("ui.miners_won" if row["side"] == "miners" else "ui.saboteurs_won")
        sabs = ctx.join([ctx.players[s] for s in row["saboteurs"]]) or "—"
        line = ctx.t("ui.round_line", round=row["round"], side=side, saboteurs=sabs)
        if row["gained"] is not None:
            line += " · " + ctx.join([f"{ctx.players[i]} +{ctx.num(g)}" for i, g in enumerate(row["gained"]) if g])
        rows.append(ft.Text(line, size=14))
    return ft.Column(rows, spacing=6)


def build(ctx: GameContext) -> ft.Control:
    state: SaboteurState = ctx.state
    view = ctx.view
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.round", round=view["round"], rounds=view["rounds"]), size=16,
                                       weight=ft.FontWeight.BOLD), _draw_setup(ctx, view)]
    phase = state.phase
    if phase == "play":
        parts += _draw_play(ctx)
    elif phase == "roles":
        parts += _draw_roles(ctx)
    elif phase == "draw_gold":
        parts += _draw_gold_draw(ctx, view)
    elif phase == "pick":
        parts += _draw_pick(ctx, view)
    elif phase == "saboteur_gold":
        parts += _draw_saboteur_gold(ctx)
    else:
        winners = ctx.join([ctx.players[w] for w in ctx.game.winners(state)])
        parts.append(ft.Text(ctx.t("ui.winner_line", players=winners), size=18, weight=ft.FontWeight.BOLD))
    parts.append(_draw_scores(ctx, view))
    return ft.Column(parts, spacing=12)
