"""Maritime Silk Road screen: the market's six cards, the supplies, each
player's ships and special cards, secret money behind the hand-the-phone flow,
and one small form per phase.

Contract: ``companion/ui/context.py``.  Everything the screen decides is in the
plain functions and form classes at the top (tested without a page); the
``_draw_*`` functions only turn them into Flet controls.  The board is read
from ``ctx.view`` and the choices from ``ctx.legal``; of the engine the screen
imports only ``games.silk_road.public``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import flet as ft

from ...core.actions import Action
from ...games.silk_road.public import SPECIALS, SilkState, facts
from ..context import GameContext
from ..widgets import FormPanel, big_button, icon_button, player_card, reason_line, section_title, tile, wrap

#: card colours of the goods (background, text)
GOOD_COLORS: dict[str, tuple[str, str]] = {
    "porcelain": ("#f5f5f5", "#212121"),
    "silk": ("#7b1fa2", "#ffffff"),
    "tea": ("#2e7d32", "#ffffff"),
    "spice": ("#fbc02d", "#212121"),
    "glass": ("#c62828", "#ffffff"),
    "ore": ("#212121", "#ffffff"),
}
EMPTY_COLORS = ("#bdbdbd", "#212121")


# ----- plain screen logic ------------------------------------------------------------
@dataclass
class Choices:
    """What the current decision allows, read from ``legal_actions``."""

    phase: str
    seat: int | None = None
    market_goods: list[str] = field(default_factory=list)
    first_seats: list[int] = field(default_factory=list)
    load_goods: list[str] = field(default_factory=list)
    #: ship index -> goods it may be swapped to
    swaps: dict[int, list[str]] = field(default_factory=dict)
    #: card -> goods a new ship may carry ([] for the other cards)
    buys: dict[str, list[str]] = field(default_factory=dict)
    can_pass: bool = False
    #: good -> the most cards of it that may be played now
    plays: dict[str, int] = field(default_factory=dict)
    can_draw: bool = False
    extra_counts: list[int] = field(default_factory=list)


def read_choices(actions: Sequence[Action], phase: str) -> Choices:
    out = Choices(phase)
    for a in actions:
        if a.player is not None:
            out.seat = a.player
        if a.type == "market_card":
            out.market_goods.append(a["good"])
        elif a.type == "first_player":
            out.first_seats.append(a["first_player"])
        elif a.type == "load":
            out.load_goods.append(a["good"])
        elif a.type == "swap":
            out.swaps.setdefault(a["ship"] - 1, []).append(a["good"])  # by index; the action counts from 1
        elif a.type == "buy":
            goods = out.buys.setdefault(a["card"], [])
            if "good" in a:
                goods.append(a["good"])
        elif a.type == "pass":
            out.can_pass = True
        elif a.type == "play":
            out.plays[a["good"]] = max(out.plays.get(a["good"], 0), a.get("cards", len(a["slots"])))
        elif a.type == "draw":
            out.can_draw = True
        elif a.type == "exchange_draw":
            out.extra_counts.append(a["count"])
    return out


@dataclass
class PlayForm:
    """Phase 2: choose a good, tap the market positions that now show it, and say how
    many cards went under others of the same play (the rulebook lets cards pile up).

    The form takes what the table says, even more cards than the rules allow:
    the screen then says why beside the button (with the rule), and pressing it
    shows the referee's refusal — never a tap that silently does nothing."""

    good: str | None = None
    slots: list[int] = field(default_factory=list)
    extra: int = 0

    def pick(self, good: str) -> None:
        if good != self.good:
            self.good, self.slots, self.extra = good, [], 0

    def toggle(self, slot: int) -> None:
        if slot in self.slots:
            self.slots.remove(slot)
        else:
            self.slots.append(slot)
            self.slots.sort()

    def add_extra(self, step: int) -> None:
        """One more (step 1) or one fewer (step -1) card under the play's own cards."""
        self.extra = max(0, self.extra + step)

    def within(self, most: int) -> bool:
        """Whether the cards entered are no more than may be played (``Choices.plays``)."""
        return self.cards <= most

    @property
    def cards(self) -> int:
        return len(self.slots) + self.extra

    def preview(self, market: Sequence[str]) -> list[str]:
        """The market as it will look after the play."""
        return [self.good if (self.good and i in self.slots) else g for i, g in enumerate(market)]

    def action(self, seat: int) -> Action | None:
        if self.good is None or not self.slots:
            return None
        if self.extra:
            return Action.make("play", seat, good=self.good, slots=list(self.slots), cards=self.cards)
        return Action.make("play", seat, good=self.good, slots=list(self.slots))


@dataclass
class SwapForm:
    """Phase 1 (and the porter's extra swaps): a ship (its index in the player's list), then
    its new good.  The action's ``ship`` counts from 1, as the players see their ships."""

    ship: int | None = None

    def action(self, seat: int, good: str) -> Action | None:
        return None if self.ship is None else Action.make("swap", seat, ship=self.ship + 1, good=good)


def buy_action(seat: int, card: str, good: str | None = None) -> Action:
    return Action.make("buy", seat, card=card, good=good) if good else Action.make("buy", seat, card=card)


def market_cells(view: Mapping[str, Any]) -> list[str | None]:
    """The six market positions; None where the table has not entered a card yet."""
    size, market = facts().market_size, view["market"]
    return [market[i] if i < len(market) else None for i in range(size)]


def money_visible(state: SilkState) -> bool:
    return state.open_money or state.phase == "end"


def player_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Per player: name, hand, ships, special-card counts, money/income when public."""
    rows = []
    for seat, p in enumerate(view["players"]):
        rows.append({
            "seat": seat, "name": p["name"], "hand": p["hand"], "ships": list(p["ships"]),
            "specials": {k: p[k + "s"] for k in ("exchange", "licence", "porter")},
            "money": p.get("money"), "income": p.get("income"),
        })
    return rows


# ----- drawing -------------------------------------------------------------------------
def _good_name(ctx: GameContext, good: str | None) -> str:
    return "?" if good is None else ctx.t(f"ui.good.{good}")


def _good_chip(ctx: GameContext, good: str | None, text: str | None = None, selected: bool = False,
               on_click: Callable[[Any], None] | None = None, width: int = 96) -> ft.Control:
    return tile(text or _good_name(ctx, good), GOOD_COLORS.get(good or "", EMPTY_COLORS), selected=selected,
                on_click=on_click, width=width, padding=4)


def _draw_market(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    cells = market_cells(view)
    market = view["market"]
    chips = [_good_chip(ctx, g, f"{i + 1}. {_good_name(ctx, g)}", width=110) for i, g in enumerate(cells)]
    counts = [f"{_good_name(ctx, g)} {ctx.num(market.count(g))}" for g in facts().goods if market.count(g)]
    return ft.Column([section_title(ctx.t("ui.market")),
                      ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
                      ft.Text(" · ".join(counts), size=14)], spacing=6)


def _draw_supply(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    f = facts()
    tokens = [_good_chip(ctx, g, f"{_good_name(ctx, g)} {ctx.num(view['tokens'][g])}", width=100) for g in f.goods]
    specials = [ft.Text(f"{ctx.t('ui.card.' + c)}{ctx.colon}{ctx.t('ui.left', count=view['specials'][c])} · "
                        f"{ctx.t('ui.price', price=f.prices[c])}", size=14) for c in SPECIALS]
    return ft.Column([
        ft.Text(ctx.t("ui.deck_count", count=view["deck"]), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(ctx.t("ui.tokens"), size=14), ft.Row(tokens, wrap=True, spacing=6, run_spacing=6),
        ft.Text(ctx.t("ui.specials"), size=14), *specials,
    ], spacing=6)


def _draw_last_play(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    last = view["last_play"]
    if last is None:
        return ft.Container()
    text = ctx.t("ui.last_play_text", player=last["player"], cards=last["cards"],
                 good=_good_name(ctx, last["good"]), count=last["showing"])
    return ft.Text(f"{ctx.t('ui.last_play')}{ctx.colon}{text}", size=14)


def _private_money(ctx: GameContext, state: SilkState, seat: int) -> None:
    def form(done: Callable[[], None]) -> ft.Control:
        # only this seat's secrets, shown on the hand-the-phone form
        mine = ctx.game.observe(state, seat)["private"]
        return ft.Column([
            ft.Text(ctx.t("ui.private_money", amount=ctx.money(mine["money"])), size=22, weight=ft.FontWeight.BOLD),
            ft.Text(ctx.t("ui.private_income", amount=ctx.money(mine["income"])), size=16),
            big_button(ctx.t("ui.done"), lambda e: done(), filled=True),
        ], spacing=10)

    ctx.private(seat, ctx.t("ui.private_title", player=seat), form)


def _draw_players(ctx: GameContext, state: SilkState, view: dict[str, Any]) -> ft.Control:
    cards = []
    for row in player_rows(view):
        seat = row["seat"]
        ships = [_good_chip(ctx, g, f"{i + 1}. {_good_name(ctx, g)}", width=100) for i, g in enumerate(row["ships"])]
        specials = ctx.join(f"{ctx.t('ui.card.' + k)} ×{ctx.num(n)}" for k, n in row["specials"].items() if n)
        lines: list[ft.Control] = [
            ft.Text(row["name"], size=17, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
            ft.Text(ctx.t("ui.hand_count", count=row["hand"]), size=14),
            ft.Row(ships, wrap=True, spacing=4, run_spacing=4),
        ]
        if specials:
            lines.append(ft.Text(specials, size=14))
        if row["money"] is not None:
            lines.append(ft.Text(f"{ctx.t('ui.money_title')}{ctx.colon}{ctx.money(row['money'])} "
                                 + ctx.paren(f"{ctx.t('ui.income')}{ctx.colon}{ctx.money(row['income'])}").lstrip(), size=14))
        else:
            lines.append(big_button(ctx.t("ui.show_money", player=seat),
                                    lambda e, s=seat: _private_money(ctx, state, s), icon=ft.Icons.LOCK))
        cards.append(player_card(lines, ctx.player_color(seat)))
    return wrap(cards)


def _good_buttons(ctx: GameContext, goods: Sequence[str], on_pick: Callable[[str], None]) -> ft.Control:
    return ft.Row([_good_chip(ctx, g, on_click=lambda e, g=g: on_pick(g)) for g in goods],
                  wrap=True, spacing=6, run_spacing=6)


def _draw_setup(ctx: GameContext, state: SilkState, ch: Choices) -> list[ft.Control]:
    if ch.phase == "setup_market":
        return [ft.Text(ctx.t("ui.pick_market", slot=len(state.market) + 1), size=16),
                _good_buttons(ctx, ch.market_goods, lambda g: ctx.dispatch(Action.make("market_card", good=g)))]
    if ch.phase == "setup_first":
        return [ft.Text(ctx.t("ui.pick_first"), size=16),
                ft.Row([big_button(ctx.players[s], lambda e, s=s: ctx.dispatch(
                    Action.make("first_player", first_player=s))) for s in ch.first_seats], wrap=True, spacing=8)]
    seat = ch.seat if ch.seat is not None else 0
    ship = state.loads // len(state.players) + 1
    return [ft.Text(ctx.t("ui.pick_load", player=seat, ship=ship), size=16),
            _good_buttons(ctx, ch.load_goods, lambda g: ctx.dispatch(Action.make("load", seat, good=g)))]


def _draw_swap(ctx: GameContext, view: Mapping[str, Any], ch: Choices, seat: int) -> ft.Control:
    ships = view["players"][seat]["ships"]
    panel = FormPanel(ctx, SwapForm(), lambda p: _draw_swap_form(p, ships, ch, seat))
    return ft.Column([ft.Text(ctx.t("ui.swap_title"), size=16, weight=ft.FontWeight.BOLD), panel.control],
                     spacing=6)


def _draw_swap_form(panel: FormPanel[SwapForm], ships: Sequence[str], ch: Choices, seat: int) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    row = [_good_chip(ctx, ships[i], f"{i + 1}. {_good_name(ctx, ships[i])}", selected=form.ship == i,
                      on_click=panel.on(lambda i=i: setattr(form, "ship", i)), width=110) for i in sorted(ch.swaps)]
    parts: list[ft.Control] = [ft.Row(row, wrap=True, spacing=6, run_spacing=6)]
    if form.ship is not None:
        parts += [ft.Text(ctx.t("ui.swap_good", n=form.ship + 1), size=14),
                  _good_buttons(ctx, ch.swaps[form.ship], lambda g: panel.send(form.action(seat, g)))]
    return ft.Column(parts, spacing=6)


@dataclass
class BuyForm:
    """Phase 1: a special card; a ship asks for its good first."""

    ship: bool = False


def _draw_buy(ctx: GameContext, ch: Choices, seat: int) -> ft.Control:
    panel = FormPanel(ctx, BuyForm(), lambda p: _draw_buy_form(p, ch, seat))
    return ft.Column([ft.Text(ctx.t("ui.buy_title"), size=16, weight=ft.FontWeight.BOLD), panel.control],
                     spacing=6)


def _draw_buy_form(panel: FormPanel[BuyForm], ch: Choices, seat: int) -> ft.Control:
    ctx, form = panel.ctx, panel.form

    def pick(card: str) -> None:
        if card == "ship":
            panel.change(lambda: setattr(form, "ship", True))
        else:
            panel.send(buy_action(seat, card))

    buttons = [big_button(ctx.t('ui.card.' + c) + ctx.paren(ctx.num(facts().prices[c])),
                          lambda e, c=c: pick(c)) for c in SPECIALS if c in ch.buys]
    parts: list[ft.Control] = [ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)]
    if form.ship:
        parts += [ft.Text(ctx.t("ui.ship_good"), size=14),
                  _good_buttons(ctx, ch.buys["ship"], lambda g: panel.send(buy_action(seat, "ship", g)))]
    return ft.Column(parts, spacing=6)


def _draw_play(ctx: GameContext, view: Mapping[str, Any], ch: Choices, seat: int) -> ft.Control:
    panel = FormPanel(ctx, PlayForm(), lambda p: _draw_play_form(p, view["market"], ch, seat))
    return ft.Column([ft.Text(ctx.t("ui.play_title"), size=16, weight=ft.FontWeight.BOLD), panel.control],
                     spacing=6)


def _draw_play_form(panel: FormPanel[PlayForm], market: Sequence[str], ch: Choices, seat: int) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.play_good"), size=14),
                               ft.Row([_good_chip(ctx, g, selected=form.good == g,
                                                  on_click=panel.on(lambda g=g: form.pick(g))) for g in ch.plays],
                                      wrap=True, spacing=6, run_spacing=6)]
    if form.good is not None:
        after = form.preview(market)
        cells = [_good_chip(ctx, g, f"{i + 1}. {_good_name(ctx, g)}", selected=i in form.slots,
                            on_click=panel.on(lambda i=i: form.toggle(i)), width=110) for i, g in enumerate(after)]
        parts += [ft.Text(ctx.t("ui.play_slots"), size=14), ft.Row(cells, wrap=True, spacing=6, run_spacing=6)]
        action = form.action(seat)
        if action is not None:
            # the counter's floor is zero; above it the table may say any number
            parts.append(ft.Row([
                icon_button(ft.Icons.REMOVE, panel.on(lambda: form.add_extra(-1)), disabled=form.extra == 0),
                ft.Text(ctx.t("ui.play_extra", count=form.extra), size=14),
                icon_button(ft.Icons.ADD, panel.on(lambda: form.add_extra(1)))], spacing=4, wrap=True))
            # never a pale button: more cards than allowed says why (with the
            # rule) beside it, and pressing it shows the refusal
            why = None if form.within(ch.plays[form.good]) else ctx.why_not(action)
            parts.append(big_button(ctx.t("ui.play_confirm", count=form.cards), lambda e: panel.send(action),
                                    filled=why is None))
            if why is not None:
                parts.append(reason_line(ctx, why))
    return ft.Column(parts, spacing=6)


def _draw_turn(ctx: GameContext, state: SilkState, ch: Choices) -> list[ft.Control]:
    seat = ch.seat if ch.seat is not None else state.turn
    parts: list[ft.Control] = []
    if ch.phase == "exchange":
        return [ft.Text(ctx.t("ui.extra_title"), size=16, weight=ft.FontWeight.BOLD),
                ft.Row([big_button(ctx.num(n), lambda e, n=n: ctx.dispatch(
                    Action.make("exchange_draw", seat, count=n))) for n in ch.extra_counts], wrap=True, spacing=8)]
    if ch.swaps:
        parts.append(_draw_swap(ctx, ctx.view, ch, seat))
    if ch.buys:
        parts.append(_draw_buy(ctx, ch, seat))
    if ch.can_pass:
        parts.append(big_button(ctx.t("action.pass", player=seat), lambda e: ctx.dispatch(Action.make("pass", seat))))
    if ch.plays:
        parts.append(_draw_play(ctx, ctx.view, ch, seat))
    if ch.can_draw:
        parts.append(big_button(ctx.t("ui.draw_button", count=min(facts().draw, state.deck)),
                                lambda e: ctx.dispatch(Action.make("draw", seat)), icon=ft.Icons.STYLE))
    return parts


def build(ctx: GameContext) -> ft.Control:
    state: SilkState = ctx.state
    view, legal = ctx.view, ctx.legal
    ch = read_choices(legal, state.phase)
    parts: list[ft.Control] = []
    if state.phase.startswith("setup"):
        parts += _draw_setup(ctx, state, ch)
    elif legal:
        parts += _draw_turn(ctx, state, ch)
    parts += [_draw_market(ctx, view), _draw_last_play(ctx, view), _draw_players(ctx, state, view),
              _draw_supply(ctx, view)]
    if not money_visible(state):
        parts.append(ft.Text(ctx.t("ui.income_secret"), size=13, italic=True))
    return ft.Column(parts, spacing=12)
