"""Modern Art screen: the value board (artists × rounds) with what each painting
would pay if the round ended now, each player's paintings of this round, secret
money behind the hand-the-phone flow, and one small form per auction type.

Contract: ``companion/ui/context.py``.  Everything the screen decides is in the
plain functions and form classes at the top (tested without a page); the
``_draw_*`` functions only turn them into Flet controls.  The board is read
from ``ctx.view`` and the choices from ``ctx.legal``, so the screen never
offers a refused move; of the engine it imports only ``games.modern_art.public``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import flet as ft

from ...core.actions import Action
from ...games.modern_art.public import ModernArtState
from ...games.modern_art.public import load as load_facts
from ..context import GameContext
from ..widgets import FormPanel, big_button, expander, player_card, results_sheet, section_title, seen, wrap

#: card colours per artist (background, text)
ARTIST_COLORS: dict[str, tuple[str, str]] = {
    "lite_metal": ("#fbc02d", "#212121"),
    "yoko": ("#2e7d32", "#ffffff"),
    "christin_p": ("#e64a19", "#ffffff"),
    "karl_gitter": ("#1565c0", "#ffffff"),
    "krypto": ("#6a1b9a", "#ffffff"),
}


# ----- plain screen logic ---------------------------------------------------------------
@dataclass
class Choices:
    """What the current decision allows, read from ``legal_actions``."""

    phase: str
    seat: int | None = None
    first_seats: list[int] = field(default_factory=list)
    #: artist -> auction types a single card may carry (double included)
    offers: dict[str, list[str]] = field(default_factory=dict)
    #: artist -> types a second painting added to a double may carry
    seconds: dict[str, list[str]] = field(default_factory=dict)
    #: seat -> (lowest, highest) bid (open / once around)
    bids: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: seat -> (lowest, highest) sealed bid, for seats still to bid
    sealed: dict[int, tuple[int, int]] = field(default_factory=dict)
    price: tuple[int, int] | None = None
    joins: list[str] = field(default_factory=list)
    can_sell: bool = False
    can_pass: bool = False
    can_buy: bool = False
    can_reveal: bool = False


def _widen(ranges: dict[int, tuple[int, int]], seat: int, amount: int) -> None:
    low, high = ranges.get(seat, (amount, amount))
    ranges[seat] = (min(low, amount), max(high, amount))


def read_choices(actions: Sequence[Action], phase: str) -> Choices:
    out = Choices(phase)
    for a in actions:
        if a.player is not None and a.type not in ("bid", "sealed_bid"):
            out.seat = a.player
        if a.type == "first_seller":
            out.first_seats.append(a["seller"])
        elif a.type == "offer":
            if "second" in a:
                out.seconds.setdefault(a["artist"], []).append(a["second"])
            else:
                out.offers.setdefault(a["artist"], []).append(a["auction"])
        elif a.type == "bid":
            assert a.player is not None
            _widen(out.bids, a.player, a["amount"])
        elif a.type == "sealed_bid":
            assert a.player is not None
            _widen(out.sealed, a.player, a["amount"])
        elif a.type == "set_price":
            low, high = out.price or (a["amount"], a["amount"])
            out.price = (min(low, a["amount"]), max(high, a["amount"]))
        elif a.type == "join":
            out.joins.append(a["auction"])
        elif a.type == "sell":
            out.can_sell = True
        elif a.type == "pass":
            out.can_pass = True
        elif a.type == "buy":
            out.can_buy = True
        elif a.type == "reveal":
            out.can_reveal = True
    return out


def parse_amount(text: str | None, low: int, high: int) -> int | None:
    """A whole number in [low, high] from what was typed, else None."""
    try:
        value = int(str(text or "").strip())
    except ValueError:
        return None
    return value if low <= value <= high else None


def quick_amounts(low: int, high: int, steps: Sequence[int] = (0, 4, 9, 19)) -> list[int]:
    """A few one-tap amounts from the lowest allowed up (low, low+4, …), within reach."""
    out: list[int] = []
    for step in steps:
        value = low + step
        if low <= value <= high and value not in out:
            out.append(value)
    return out


@dataclass
class BoardRow:
    artist: str
    name: str
    tokens: list[int | None]   # per round; None for rounds not scored yet
    total: int                 # tokens so far
    count: int                 # paintings played this round
    left: int                  # not yet played this game
    worth_now: int             # what one painting would pay if the round ended now


def board_rows(view: dict[str, Any]) -> list[BoardRow]:
    rows = []
    for artist in view["artists"]:
        aid = artist["id"]
        scored: list[int | None] = [r[aid] for r in view["board"]]
        scored += [None] * (view["rounds"] - len(scored))
        rows.append(BoardRow(aid, artist["name"], scored, artist["value"], artist["count"],
                             artist["left"], artist["if_round_ended"]))
    return rows


@dataclass
class PlayerRow:
    seat: int
    name: str
    hand: int
    bought: list[tuple[str, int]]   # (artist id, paintings) bought this round
    earns: int                      # if the round ended now
    money: int | None               # None while money is secret


def player_rows(view: dict[str, Any]) -> list[PlayerRow]:
    return [PlayerRow(seat, p["name"], p["hand"], [(a, k) for a, k in p["bought"].items() if k],
                      p["if_round_ended"], p.get("money"))
            for seat, p in enumerate(view["players"])]


def ends_round(view: dict[str, Any], artist: str, paintings: int = 1) -> int | None:
    """The count this offer would bring ``artist`` to, if that ends the round; else None."""
    limit = load_facts().round_end_count
    for a in view["artists"]:
        if a["id"] == artist and a["count"] + paintings >= limit:
            return a["count"] + paintings
    return None


@dataclass
class OfferForm:
    """The seller taps an artist, then the auction type; a double asks one more question."""

    artist: str | None = None
    double: bool = False

    def pick_artist(self, artist: str) -> None:
        self.artist, self.double = artist, False

    def choose(self, seat: int, auction: str) -> Action | None:
        if self.artist is None:
            return None
        if auction == load_facts().double:
            self.double = True
            return None
        return Action.make("offer", seat, artist=self.artist, auction=auction)

    def alone(self, seat: int) -> Action | None:
        if self.artist is None:
            return None
        return Action.make("offer", seat, artist=self.artist, auction=load_facts().double)

    def with_second(self, seat: int, second: str) -> Action | None:
        if self.artist is None:
            return None
        return Action.make("offer", seat, artist=self.artist, auction=load_facts().double, second=second)


@dataclass
class BidForm:
    """Open auction: who bids (anyone), then how much."""

    bidder: int | None = None

    def action(self, amount: int) -> Action | None:
        return None if self.bidder is None else Action.make("bid", self.bidder, amount=amount)


def round_summary(state: ModernArtState, names: Sequence[str]) -> dict[str, Any] | None:
    """The last scored round: ranking as (artist name, token) and what the bank paid each."""
    if not state.results:
        return None
    result = state.results[-1]
    f = load_facts()
    return {
        "round": result["round"],
        "ranking": [(f.artist_names[a], result["tokens"][a]) for a in result["ranking"]],
        "payouts": list(zip(names, result["payouts"])),
    }


# ----- drawing ------------------------------------------------------------------------------
def _artist_name(ctx: GameContext, artist: str) -> str:
    f = load_facts()
    return f.artist_names[f.artist_ids.index(artist)]


def _auction_name(ctx: GameContext, auction: str) -> str:
    return ctx.t(f"ui.auction.{auction}")


def _chip(ctx: GameContext, artist: str | None, text: str, selected: bool = False,
          on_click: Callable[[Any], None] | None = None, width: int = 104, height: int | None = None) -> ft.Control:
    """An artist-coloured tile; touch height when it can be tapped, compact otherwise."""
    bg, fg = ARTIST_COLORS.get(artist or "", ("#e0e0e0", "#212121"))
    tall = height or (ctx.TOUCH if on_click is not None else 32)
    return ft.Container(
        content=ft.Text(text, color=fg, size=14, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER),
        bgcolor=bg, width=width, height=tall, border_radius=8, alignment=ft.Alignment.CENTER,
        border=ft.Border.all(4 if selected else 1, "#212121" if selected else "#616161"),
        on_click=on_click, padding=4)



def _amount_entry(ctx: GameContext, low: int, high: int, label: Callable[[int], str],
                  submit: Callable[[int], bool]) -> ft.Control:
    """Quick amounts as buttons, plus a number field for any other amount."""
    field_ = ft.TextField(label=ctx.t("ui.amount"), expand=True, keyboard_type=ft.KeyboardType.NUMBER,
                          input_filter=ft.NumbersOnlyInputFilter(), error_max_lines=3,
                          helper=ctx.t("ui.check_amount", low=low, high=high), helper_max_lines=3)

    def typed(e: Any) -> None:
        try:
            amount = int(str(field_.value or "").strip())
        except ValueError:
            field_.error = ctx.t("ui.check_amount", low=low, high=high)
            ctx.refresh_control(field_)
            return
        if field_.error:
            field_.error = None
            ctx.refresh_control(field_)
        # a whole number out of range goes to the referee: its refusal names the rule
        submit(amount)

    def clear(e: Any) -> None:
        if field_.error and parse_amount(field_.value, low, high) is not None:
            field_.error = None
            ctx.refresh_control(field_)

    field_.on_submit = typed
    field_.on_change = clear
    quick = [big_button(label(a), lambda e, a=a: submit(a)) for a in quick_amounts(low, high)]
    # the field takes the row's width, so its message is never cut
    return ft.Column([wrap(quick), ft.Row([field_, big_button(ctx.t("ui.confirm"), typed, filled=True)],
                                          spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)], spacing=6)


def _draw_board(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    rows = board_rows(view)
    current = view["round"] - 1

    def cell(text: str, width: int, bold: bool = False, highlight: bool = False) -> ft.Control:
        return ft.Container(ft.Text(text, size=13, weight=ft.FontWeight.BOLD if bold else None,
                                    text_align=ft.TextAlign.CENTER),
                            width=width, alignment=ft.Alignment.CENTER, padding=2,
                            bgcolor="#fff59d" if highlight else None, border_radius=4)

    head = ft.Row([cell(ctx.t("ui.artist"), 96, True)]
                  + [cell(ctx.t("ui.round_short", round=r + 1), 40, True, r == current)
                     for r in range(view["rounds"])]
                  + [cell(ctx.t("ui.total"), 48, True), cell(ctx.t("ui.count"), 48, True)], spacing=2)
    lines: list[ft.Control] = [head]
    for row in rows:
        tokens = [cell("—" if t is None else (ctx.num(t) if t else "·"), 40, False, i == current)
                  for i, t in enumerate(row.tokens)]
        lines.append(ft.Row([_chip(ctx, row.artist, row.name, width=96)] + tokens
                            + [cell(ctx.num(row.total), 48, True), cell(ctx.num(row.count), 48)], spacing=2))
    worth = " · ".join(f"{r.name} {ctx.money(r.worth_now)}" for r in rows if r.worth_now)
    lines.append(ft.Text(f"{ctx.t('ui.preview_title')}{ctx.colon}{worth or '—'}", size=14))
    return ft.Column(lines, spacing=4)


def _private_money(ctx: GameContext, state: ModernArtState, seat: int) -> None:
    def form(done: Callable[[], None]) -> ft.Control:
        # only this seat's secret, shown on the hand-the-phone form
        money = ctx.game.observe(state, seat)["private"]["money"]
        return ft.Column([
            ft.Text(ctx.t("ui.private_money", amount=ctx.money(money)), size=22,
                    weight=ft.FontWeight.BOLD),
            big_button(ctx.t("ui.done"), lambda e: done(), filled=True),
        ], spacing=10)

    ctx.private(seat, ctx.t("ui.private_title", player=seat), form)


def _draw_players(ctx: GameContext, state: ModernArtState, view: dict[str, Any]) -> ft.Control:
    cards = []
    for row in player_rows(view):
        seat = row.seat
        bought = [_chip(ctx, a, f"{_artist_name(ctx, a)} ×{ctx.num(k)}", width=120) for a, k in row.bought]
        lines: list[ft.Control] = [
            ft.Text(row.name, size=17, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
            ft.Text(ctx.t("ui.hand_count", count=row.hand), size=14),
            wrap(bought) if bought else ft.Text(ctx.t("ui.bought_none"), size=14, italic=True),
            ft.Text(f"{ctx.t('ui.preview_title')}{ctx.colon}{ctx.t('ui.earns', amount=ctx.money(row.earns))}", size=14),
        ]
        if row.money is not None:
            lines.append(ft.Text(ctx.money(row.money), size=16, weight=ft.FontWeight.BOLD))
        else:
            lines.append(big_button(ctx.t("ui.show_money"), lambda e, s=seat: _private_money(ctx, state, s),
                                    icon=ft.Icons.LOCK))
        cards.append(player_card(lines, ctx.player_color(seat)))
    return wrap(cards)


def _draw_lot(ctx: GameContext, state: ModernArtState, view: dict[str, Any]) -> ft.Control:
    lot = view["lot"]
    if lot is None:
        return ft.Container()
    text = ctx.t("ui.lot", seller_player=state.seller, artist=_artist_name(ctx, lot["artist"]),
                 paintings=lot["paintings"])
    parts: list[ft.Control] = [wrap([_chip(ctx, lot["artist"], _artist_name(ctx, lot["artist"])),
                                     ft.Text(f"{text} — {_auction_name(ctx, lot['auction'])}", size=16,
                                             weight=ft.FontWeight.BOLD)])]
    if lot["co_seller"] is not None:
        parts.append(ft.Text(ctx.t("ui.shared_with", player=lot["co_seller"]), size=14))
    if state.phase in ("open", "once_around"):
        best = (ctx.t("ui.best_bid", amount=ctx.money(lot["high"]), player=lot["high_bidder"])
                if lot["high_bidder"] is not None else ctx.t("ui.no_bid"))
        parts.append(ft.Text(best, size=15))
    return ft.Column(parts, spacing=6)


def _draw_start(ctx: GameContext, ch: Choices) -> list[ft.Control]:
    return [ft.Text(ctx.t("ui.pick_first"), size=16),
            wrap([big_button(ctx.players[s], lambda e, s=s: ctx.dispatch(Action.make("first_seller", seller=s)))
                  for s in ch.first_seats])]


def _draw_offer(ctx: GameContext, view: dict[str, Any], ch: Choices) -> list[ft.Control]:
    seat = ch.seat if ch.seat is not None else 0
    return [FormPanel(ctx, OfferForm(), lambda p: _draw_offer_form(p, view, ch, seat)).control]


def _draw_offer_form(panel: FormPanel[OfferForm], view: dict[str, Any], ch: Choices, seat: int) -> ft.Control:
    ctx, form = panel.ctx, panel.form

    def choose(auction: str) -> None:
        action = form.choose(seat, auction)
        if action is not None:
            panel.send(action)
        elif form.double and form.artist is not None and ends_round(view, form.artist) is not None:
            panel.send(form.alone(seat))    # a double that ends the round needs no second painting
        else:
            panel.redraw()

    artists = [_chip(ctx, a, _artist_name(ctx, a), selected=form.artist == a,
                     on_click=panel.on(lambda a=a: form.pick_artist(a))) for a in ch.offers]
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.pick_artist", player=seat), size=16), wrap(artists)]
    if form.artist is not None:
        ending = ends_round(view, form.artist)
        if ending is not None:
            parts.append(ft.Text(ctx.t("ui.ends_round", artist=_artist_name(ctx, form.artist), count=ending),
                                 size=14, color="#b71c1c"))
        if not form.double:
            parts += [ft.Text(ctx.t("ui.pick_auction"), size=14),
                      wrap([big_button(_auction_name(ctx, k), lambda e, k=k: choose(k))
                            for k in ch.offers[form.artist]])]
        else:  # tapping the artist again goes back to the auction types
            parts += [ft.Text(f"{ctx.t('ui.pick_auction')} {_auction_name(ctx, load_facts().double)}",
                              size=14, weight=ft.FontWeight.BOLD),
                      ft.Text(ctx.t("ui.double_own"), size=14),
                      wrap([big_button(_auction_name(ctx, k), lambda e, k=k: panel.send(form.with_second(seat, k)))
                            for k in ch.seconds.get(form.artist, [])]),
                      big_button(ctx.t("ui.double_alone"), lambda e: panel.send(form.alone(seat)))]
    return ft.Column(parts, spacing=6)


def _draw_open(ctx: GameContext, state: ModernArtState, ch: Choices) -> list[ft.Control]:
    panel = FormPanel(ctx, BidForm(), lambda p: _draw_bid_form(p, ch))
    sold = (ctx.t("ui.sold_to", player=state.high_bidder, amount=ctx.money(state.high))
            if state.high_bidder is not None else ctx.t("ui.sold_free", player=state.seller))
    parts: list[ft.Control] = [panel.control]
    if ch.can_sell:
        parts.append(big_button(f"{ctx.players[state.seller]}{ctx.colon}{ctx.t('action.sell')} — {sold}",
                                lambda e: ctx.dispatch(Action.make("sell", state.seller)), filled=True))
    return parts


def _draw_bid_form(panel: FormPanel[BidForm], ch: Choices) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    bidders = [_chip(ctx, None, ctx.players[s], selected=form.bidder == s,
                     on_click=panel.on(lambda s=s: setattr(form, "bidder", s))) for s in sorted(ch.bids)]
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.bidder"), size=14), wrap(bidders)]
    if form.bidder is not None and form.bidder in ch.bids:
        low, high = ch.bids[form.bidder]
        parts.append(_amount_entry(ctx, low, high,
                                   lambda a: ctx.t("ui.bid_amount", player=form.bidder, amount=ctx.money(a)),
                                   lambda a: panel.send(form.action(a))))
    return ft.Column(parts, spacing=6)


def _draw_once_around(ctx: GameContext, state: ModernArtState, ch: Choices) -> list[ft.Control]:
    seat = state.queue[0]
    parts: list[ft.Control] = []
    if seat in ch.bids:
        low, high = ch.bids[seat]
        parts.append(_amount_entry(ctx, low, high,
                                   lambda a: ctx.t("ui.bid_amount", player=seat, amount=ctx.money(a)),
                                   lambda a: ctx.dispatch(Action.make("bid", seat, amount=a))))
    parts.append(big_button(ctx.t("ui.pass_as", player=seat), lambda e: ctx.dispatch(Action.make("pass", seat))))
    return parts


def _sealed_form(ctx: GameContext, seat: int, low: int, high: int) -> Callable[[Callable[[], None]], ft.Control]:
    def form(done: Callable[[], None]) -> ft.Control:
        def submit(amount: int) -> bool:
            ok = ctx.dispatch(Action.make("sealed_bid", seat, amount=amount))
            if ok:
                done()
            return ok

        return _amount_entry(ctx, low, high, lambda a: ctx.t("ui.sealed_amount", amount=ctx.money(a)), submit)

    return form


def _draw_sealed(ctx: GameContext, state: ModernArtState, ch: Choices) -> list[ft.Control]:
    if ch.can_reveal:
        return [big_button(ctx.t("action.reveal"), lambda e: ctx.dispatch(Action.make("reveal")), filled=True)]
    buttons: list[ft.Control] = []
    for seat in range(len(ctx.players)):
        if seat in ch.sealed:
            low, high = ch.sealed[seat]
            title = ctx.t("ui.sealed_enter", player=seat)
            buttons.append(big_button(title, lambda e, s=seat, lo=low, hi=high, t=title: ctx.private(
                s, t, _sealed_form(ctx, s, lo, hi)), icon=ft.Icons.LOCK))
        else:
            buttons.append(ft.Text(ctx.t("ui.sealed_in", player=seat), size=14))
    return [wrap(buttons)]


def _draw_fixed_price(ctx: GameContext, state: ModernArtState, ch: Choices) -> list[ft.Control]:
    if ch.price is None:
        return []
    low, high = ch.price
    seat = state.seller
    return [_amount_entry(ctx, low, high, lambda a: ctx.t("ui.price_amount", amount=ctx.money(a)),
                          lambda a: ctx.dispatch(Action.make("set_price", seat, amount=a)))]


def _draw_fixed(ctx: GameContext, state: ModernArtState, ch: Choices) -> list[ft.Control]:
    seat = state.queue[0]
    price = state.price or 0
    buttons = []
    if ch.can_buy:
        buttons.append(big_button(ctx.t("ui.buy_for", player=seat, amount=ctx.money(price)),
                                  lambda e: ctx.dispatch(Action.make("buy", seat)), filled=True))
    buttons.append(big_button(ctx.t("ui.pass_as", player=seat), lambda e: ctx.dispatch(Action.make("pass", seat))))
    return [wrap(buttons)]


def _draw_double(ctx: GameContext, state: ModernArtState, ch: Choices) -> list[ft.Control]:
    seat = state.queue[0]
    parts: list[ft.Control] = []
    if ch.joins:
        parts += [ft.Text(ctx.t("ui.join_as", player=seat), size=14),
                  wrap([big_button(_auction_name(ctx, k), lambda e, k=k: ctx.dispatch(
                      Action.make("join", seat, auction=k))) for k in ch.joins])]
    parts.append(big_button(ctx.t("ui.pass_as", player=seat), lambda e: ctx.dispatch(Action.make("pass", seat))))
    return parts


def _draw_results(ctx: GameContext, state: ModernArtState) -> list[ft.Control]:
    summary = round_summary(state, ctx.players)
    parts: list[ft.Control] = []
    if summary is not None:
        ranking = ctx.join(f"{name} {ctx.num(token)}" for name, token in summary["ranking"]) or "—"
        payouts = ctx.join(f"{name} {ctx.money(amount)}" for name, amount in summary["payouts"])
        parts += [ft.Text(ctx.t("ui.last_result", round=summary["round"], ranking=ranking), size=14),
                  ft.Text(ctx.t("ui.bank_paid", payouts=payouts), size=14)]
    if state.last_bids is not None:
        bids = ctx.join(f"{ctx.players[s]} {ctx.money(b)}" for s, b in enumerate(state.last_bids))
        parts.append(ft.Text(ctx.t("ui.last_bids", bids=bids), size=14))
    return parts


_DRAW = {
    "open": _draw_open, "once_around": _draw_once_around, "sealed": _draw_sealed,
    "fixed_price": _draw_fixed_price, "fixed": _draw_fixed, "double": _draw_double,
}


def finished_round(state: ModernArtState) -> int | None:
    """The round whose results are to be shown now: the one just scored, while
    no painting of the next has been played yet (after the last round the
    final board and ranking show instead)."""
    if state.results and state.phase == "offer" and not any(state.counts):
        return int(state.results[-1]["round"])
    return None


def _draw_round_results(ctx: GameContext, state: ModernArtState, rnd: int) -> ft.Control:
    """The artists' values this round and what the bank paid each player."""
    summary = round_summary(state, ctx.players)
    assert summary is not None
    body: list[ft.Control] = [section_title(ctx.ui("Artist values"))]
    for place, (name, token) in enumerate(summary["ranking"], start=1):
        body.append(ft.Text(ctx.ui("{place}. {name}: {score}", place=place, name=name, score=ctx.num(token)),
                            size=17))
    if not summary["ranking"]:
        body.append(ft.Text("—", size=17))
    body.append(section_title(ctx.ui("Paid by the bank")))
    for seat, (name, amount) in sorted(enumerate(summary["payouts"]), key=lambda x: (-x[1][1], x[0])):
        body.append(ft.Text(f"{name}  +{ctx.money(amount)}", size=17, weight=ft.FontWeight.BOLD,
                            color=ctx.player_color(seat)))
    return results_sheet(ctx, f"round-{rnd}", ctx.ui("Round {n}: results", n=rnd), body)


def build(ctx: GameContext) -> ft.Control:
    state: ModernArtState = ctx.state
    done = finished_round(state)
    if done is not None and not seen(ctx, f"round-{done}"):
        return _draw_round_results(ctx, state, done)
    view = ctx.view
    ch = read_choices(ctx.legal, state.phase)
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.round", round=view["round"], rounds=view["rounds"]),
                                       size=16, weight=ft.FontWeight.BOLD)]
    if state.phase == "start":
        parts += _draw_start(ctx, ch)
    elif state.phase == "offer":
        parts += _draw_offer(ctx, view, ch)
    elif state.phase in _DRAW:
        parts.append(_draw_lot(ctx, state, view))
        parts += _DRAW[state.phase](ctx, state, ch)
    elif state.phase == "end":
        parts.append(ft.Text(ctx.t("ui.winners", players=ctx.game.winners(state)), size=18,
                             weight=ft.FontWeight.BOLD))
    parts.append(expander(ctx.t("ui.value_board"), [_draw_board(ctx, view)], expanded=True))
    parts += _draw_results(ctx, state)
    parts.append(_draw_players(ctx, state, view))
    if not view["money_shown"]:
        parts.append(ft.Text(ctx.t("ui.money_secret"), size=13, italic=True))
    return ft.Column(parts, spacing=12)
