"""Dominion screen: the supply's Victory and Curse piles and how many empty
piles still end the game, a card per player with their scoring cards (− trash
and + gain buttons: Victory cards in the player's own turn, a Curse at any
time), turns completed and points, the current player's end of turn, the
other piles to mark empty, and the deck-size count for Gardens.

Contract: ``companion/ui/context.py``.  Choices come from
``ctx.legal`` through the plain functions at the top (tested
without a page); the ``_draw_*`` functions only make controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Sequence

import flet as ft

from ...core.actions import Action
from ...games.dominion.public import SCORING
from ..context import GameContext
from ..widgets import big_button, chip, expander, italic, player_card, section_title, sending, unsent, wrap

CARD_HEX: dict[str, str] = {
    "estate": "#2e7d32", "duchy": "#1b5e20", "province": "#004d40", "curse": "#6a1b9a", "gardens": "#558b2f",
}
PILE_HEX = "#5d4037"


# ----- plain screen logic ------------------------------------------------------------
@dataclass
class Choices:
    current: int | None = None
    gains: dict[int, list[str]] = field(default_factory=dict)
    trashes: dict[int, list[str]] = field(default_factory=dict)
    piles: list[str] = field(default_factory=list)
    end_turn: bool = False
    counts: dict[int, int] = field(default_factory=dict)   # seat -> fewest cards allowed


def read_choices(actions: Sequence[Action]) -> Choices:
    out = Choices()
    for a in actions:
        if a.type == "gain":
            out.gains.setdefault(a.player or 0, []).append(a["card"])
        elif a.type == "trash":
            out.trashes.setdefault(a.player or 0, []).append(a["card"])
        elif a.type == "pile_out":
            out.piles.append(a["pile"])
        elif a.type == "end_turn":
            out.end_turn, out.current = True, a.player
        elif a.type == "deck_size":
            seat = a.player or 0
            out.counts[seat] = min(out.counts.get(seat, a["cards"]), a["cards"])
    return out


def player_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    best = max(p["score"] for p in view["players"])
    for seat, p in enumerate(view["players"]):
        cards = [(c, p[c]) for c in SCORING if c != "gardens" or view["gardens"]]
        rows.append({"seat": seat, "name": p["name"], "score": p["score"], "turns": p["turns"],
                     "cards": cards, "current": view["current"] == seat, "leading": p["score"] == best,
                     "deck_size": p["deck_size"], "gardens_points": p["gardens_points"]})
    return rows


def supply_rows(view: dict[str, Any]) -> list[tuple[str, int]]:
    return [(c, view["supply"][c]) for c in SCORING if c in view["supply"]]


def pile_label_parts(pile: str) -> tuple[str, dict[str, Any]]:
    """The message key and params naming a pile (kingdom piles by number)."""
    if pile.startswith("kingdom_"):
        return "ui.pile.kingdom", {"number": int(pile.split("_")[1])}
    return f"ui.pile.{pile}", {}


def parse_count(text: str, minimum: int) -> int | None:
    try:
        value = int(text.strip())
    except ValueError:
        return None
    return value if value >= minimum else None


# ----- drawing -------------------------------------------------------------------------

#: this screen's chips: 10 px either side of the text, and a whole row each unless given a width
_chip = partial(chip, padding=10, fill_row=True)


def _pile(ctx: GameContext, pile: str) -> str:
    key, params = pile_label_parts(pile)
    return ctx.t(key, **params)


def _draw_supply(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    chips = [_chip(f"{ctx.t(f'ui.card.{c}')} {ctx.num(n)}", "#9e9e9e" if n == 0 else CARD_HEX[c],
                   selected=n > 0) for c, n in supply_rows(view)]
    empty = [_pile(ctx, p) for p in view["empty_piles"] if p not in view["supply"]]
    lines: list[ft.Control] = [
        section_title(ctx.t("ui.supply")),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        ft.Text(ctx.t('ui.piles_to_end') + ctx.colon + ctx.num(view['piles_to_end']), size=15,
                weight=ft.FontWeight.W_600),
    ]
    if empty:
        lines.append(ft.Text(ctx.t('ui.empty_piles') + ctx.colon + ctx.join(empty), size=14))
    return ft.Column(lines, spacing=6)


def _draw_players(ctx: GameContext, view: dict[str, Any], ch: Choices) -> ft.Control:
    cards = []
    for row in player_rows(view):
        seat = row["seat"]
        color = ctx.player_color(seat)
        lines: list[ft.Control] = [
            ft.Row([ft.Text(row["name"], size=17, weight=ft.FontWeight.BOLD, color=color),
                    ft.Text(ctx.num(row["score"]), size=22, weight=ft.FontWeight.BOLD)],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
            # turns completed: the banner's "turn 1" is the one in progress
            ft.Text(ctx.t("ui.turns_done", count=row["turns"])
                    + (f" · {ctx.t('ui.deck_size')} {ctx.num(row['deck_size'])}" if row["deck_size"] is not None
                       else ""), size=14),
        ]
        if ch.end_turn and ch.current != seat:
            # another player's turn: this player can only be given a Curse (a Witch)
            lines.append(ft.Text(ctx.t("ui.curses_only"), size=13, italic=italic(ctx.lang)))
        for card, count in row["cards"]:
            # − then + (as Mamma Mia and I'm the Boss); an empty slot keeps the + in its place
            minus: ft.Control = ft.Container(width=52)
            if card in ch.trashes.get(seat, []):
                minus = _chip("−", "#616161", width=52, on_click=lambda e, s=seat, c=card:
                              ctx.dispatch(Action.make("trash", s, card=c)))
            controls: list[ft.Control] = [ft.Text(f"{ctx.t(f'ui.card.{card}')} {ctx.num(count)}", size=15,
                                                  width=150, color=CARD_HEX[card]), minus]
            if card in ch.gains.get(seat, []):
                controls.append(_chip("+", CARD_HEX[card], width=52, on_click=lambda e, s=seat, c=card:
                                      ctx.dispatch(Action.make("gain", s, card=c))))
            lines.append(ft.Row(controls, spacing=6))
        if ch.end_turn and ch.current == seat:
            lines.append(big_button(ctx.t("action.end_turn"),
                                    lambda e, s=seat: ctx.dispatch(Action.make("end_turn", s)), filled=True))
        cards.append(player_card(lines, color, border=4 if row["current"] and ch.end_turn else 2))
    return wrap(cards)


def _draw_piles(ctx: GameContext, piles: list[str]) -> ft.Control:
    return expander(ctx.t("action.pile_out"), [ft.Row(
        [_chip(_pile(ctx, p), PILE_HEX, on_click=lambda e, p=p: ctx.dispatch(Action.make("pile_out", pile=p)))
         for p in piles], wrap=True, spacing=6, run_spacing=6)])


def _draw_count(ctx: GameContext, counts: dict[int, int]) -> ft.Control:
    rows: list[ft.Control] = [section_title(ctx.t("action.deck_size"))]
    for seat, minimum in sorted(counts.items()):
        field_ = ft.TextField(label=ctx.players[seat], width=160, keyboard_type=ft.KeyboardType.NUMBER)

        def confirm(e: Any, seat: int = seat, field_: ft.TextField = field_, minimum: int = minimum) -> None:
            value = parse_count(str(field_.value or ""), minimum)
            if value is None:
                field_.error = ctx.t("ui.at_least", minimum=minimum)
                ctx.refresh_control(field_)
                return
            sending(field_)
            if not ctx.dispatch(Action.make("deck_size", seat, cards=value)):
                unsent(field_)

        rows.append(ft.Row([field_, big_button(ctx.t("ui.confirm"), confirm)], wrap=True, spacing=8))
    return ft.Column(rows, spacing=8)


def _draw_setup(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    s = view["setup"]
    lines = [
        ft.Text(ctx.t("ui.start_line", copper=s["start_deck"]["copper"], estate=s["start_deck"]["estate"],
                      hand=s["hand_size"]), size=14),
        ft.Text(ctx.t("ui.treasure_line", copper=s["copper"], silver=s["silver"], gold=s["gold"]), size=14),
        ft.Text(ctx.join([f"{ctx.t(f'ui.card.{c}')} {ctx.num(n)}" for c, n in s["supply"].items()]), size=14),
        ft.Text(ctx.t('ui.first_game') + ctx.colon + ctx.join(s["first_game"]), size=13, italic=italic(ctx.lang)),
    ]
    return expander(ctx.t("ui.setup"), lines)


def build(ctx: GameContext) -> ft.Control:
    view = ctx.view
    ch = read_choices(ctx.legal)
    parts: list[ft.Control] = [_draw_supply(ctx, view)]
    if ch.counts:
        parts.append(_draw_count(ctx, ch.counts))
    parts.append(_draw_players(ctx, view, ch))
    if ch.piles:
        parts.append(_draw_piles(ctx, ch.piles))
    parts.append(_draw_setup(ctx, view))
    return ft.Column(parts, spacing=12)
