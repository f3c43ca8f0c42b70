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
from ...games.modern_art.public import ModernArtState, round_account
from ...games.modern_art.public import load as load_facts
from .. import board
from ..context import GameContext
from ..widgets import (FormPanel, account_section, amount_entry, big_button, money_buttons, results_sheet,
                       section_title, seen, wrap)

#: card colours per artist (background, text)
ARTIST_COLORS: dict[str, tuple[str, str]] = {
    "lite_metal": ("#fbc02d", "#212121"),
    "yoko": ("#2e7d32", "#ffffff"),
    "christin_p": ("#e64a19", "#ffffff"),
    "karl_gitter": ("#1565c0", "#ffffff"),
    "krypto": ("#6a1b9a", "#ffffff"),
}
#: the Teach screen's set-up board colours its pieces as this board does (ui/setup_board.py)
SETUP_COLORS = ARTIST_COLORS


# ----- plain screen logic ---------------------------------------------------------------
@dataclass
class Choices:
    """What the current decision allows, read from ``legal_actions``."""

    phase: str
    seat: int | None = None
    first_seats: list[int] = field(default_factory=list)
    #: artist -> auction types a single card may carry (double included)
    offers: dict[str, list[str | None]] = field(default_factory=dict)
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
                out.offers.setdefault(a["artist"], []).append(a.get("auction"))  # None: the round's last
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


def quick_amounts(low: int, high: int, steps: Sequence[int] = (1, 5, 10, 20), count: int = 4) -> list[int]:
    """A few one-tap amounts: the lowest allowed, then round figures above it (multiples of 5:
    low 0 gives 0, 5, 10, 20; low 11 gives 11, 15, 20, 25), within reach."""
    out = [low] if low <= high else []
    for step in steps:
        value = -(-(low + step) // 5) * 5  # low + step rounded up to a multiple of 5
        if value <= high and value not in out and len(out) < count:
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



def shown_limit(ctx: GameContext, seat: int, high: int) -> int | None:
    """The most ``seat`` may bid, if this screen may say it: while money is secret it is
    that player's cash, which only their own device shows (a shared screen says
    "at least ..." and lets the referee refuse too much)."""
    return high if ctx.view["money_shown"] or ctx.seat == seat else None


def _amount_entry(ctx: GameContext, low: int, high: int | None, label: Callable[[int], str],
                  submit: Callable[[int], bool]) -> ft.Control:
    """Quick amounts as buttons, plus a number field for any other amount; ``high``
    None: the limit is a secret (``shown_limit``), the hint gives only the lowest."""
    hint = (ctx.t("ui.check_amount", low=low, high=high) if high is not None
            else ctx.t("ui.check_amount_low", low=low))
    top = high if high is not None else 10 ** 9
    quick = [big_button(label(a), lambda e, a=a: submit(a)) for a in quick_amounts(low, top)]
    return amount_entry(ctx, low, top, quick, submit, label=ctx.t("ui.amount"), hint=hint,
                        confirm=ctx.t("ui.confirm"))


def _draw_money_buttons(ctx: GameContext, state: ModernArtState, view: dict[str, Any]) -> ft.Control:
    """While money is secret: each player looks at their own behind the hand-the-phone screen."""
    return ft.Container() if view["money_shown"] else money_buttons(ctx, state)


def _draw_start(ctx: GameContext, ch: Choices) -> list[ft.Control]:
    return [ft.Text(ctx.t("ui.pick_first"), size=16),
            wrap([big_button(ctx.players[s], lambda e, s=s: ctx.dispatch(Action.make("first_seller", seller=s)))
                  for s in ch.first_seats])]


def _draw_open(ctx: GameContext, state: ModernArtState, ch: Choices) -> list[ft.Control]:
    panel = FormPanel(ctx, BidForm(), lambda p: _draw_bid_form(p, ch))
    if state.high_bidder is not None:
        close = f"{ctx.t('action.sell')} — {ctx.t('ui.sold_to', player=state.high_bidder, amount=ctx.money(state.high))}"
    else:
        close = f"{ctx.t('ui.close_auction')} — {ctx.t('ui.sold_free', player=state.seller)}"
    parts: list[ft.Control] = [panel.control]
    if ch.can_sell:
        parts.append(big_button(f"{ctx.players[state.seller]}{ctx.colon}{close}",
                                lambda e: ctx.dispatch(Action.make("sell", state.seller)), filled=True))
    return parts


def _draw_bid_form(panel: FormPanel[BidForm], ch: Choices) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    bidders = [_chip(ctx, None, ctx.players[s], selected=form.bidder == s,
                     on_click=panel.on(lambda s=s: setattr(form, "bidder", s))) for s in sorted(ch.bids)]
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.bidder"), size=14), wrap(bidders)]
    if form.bidder is not None and form.bidder in ch.bids:
        low, high = ch.bids[form.bidder]
        parts.append(_amount_entry(ctx, low, shown_limit(ctx, form.bidder, high),
                                   lambda a: ctx.t("ui.bid_amount", player=form.bidder, amount=ctx.money(a)),
                                   lambda a: panel.send(form.action(a))))
    return ft.Column(parts, spacing=6)


def _draw_once_around(ctx: GameContext, state: ModernArtState, ch: Choices) -> list[ft.Control]:
    seat = state.queue[0]
    parts: list[ft.Control] = []
    if seat in ch.bids:
        low, high = ch.bids[seat]
        parts.append(_amount_entry(ctx, low, shown_limit(ctx, seat, high),
                                   lambda a: ctx.t("ui.bid_amount", player=seat, amount=ctx.money(a)),
                                   lambda a: ctx.dispatch(Action.make("bid", seat, amount=a))))
    parts.append(big_button(ctx.t("ui.pass_as", player=seat), lambda e: ctx.dispatch(Action.make("pass", seat))))
    return parts


def _sealed_form(ctx: GameContext, seat: int, low: int, high: int) -> Callable[[Callable[[], None]], ft.Control]:
    """The bidder's own entry, behind hand-the-phone: their money (a secret while money is
    hidden, read from their own observation) is said and is the most they may bid."""
    def form(done: Callable[[], None]) -> ft.Control:
        def submit(amount: int) -> bool:
            ok = ctx.dispatch(Action.make("sealed_bid", seat, amount=amount))
            if ok:
                done()
            return ok

        money = ctx.game.observe(ctx.state, seat)["private"].get("money")
        if money is None:  # money is open: the board says it
            money = ctx.view["players"][seat].get("money", high)
        top = min(high, money)
        return ft.Column([ft.Text(ctx.t("ui.your_money", amount=ctx.money(money)), size=16,
                                  weight=ft.FontWeight.BOLD),
                          _amount_entry(ctx, low, top, lambda a: ctx.t("ui.sealed_amount", amount=ctx.money(a)),
                                        submit)], spacing=8)

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
    return [_amount_entry(ctx, low, shown_limit(ctx, seat, high),
                          lambda a: ctx.t("ui.price_amount", amount=ctx.money(a)),
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
    """The partner lays a painting beside the double on the board, or passes."""
    seat = state.queue[0]
    parts: list[ft.Control] = []
    if ch.joins:
        parts.append(ft.Text(ctx.t("ui.tap_join", player=seat), size=15))
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


# ----- the board --------------------------------------------------------------------------------------
#: the action types played by tapping the board: a painting offered from the value board's artist,
#: the partner's painting laid beside a double
BOARD_ACTIONS = frozenset({"offer", "join"})
#: a mark per auction type, printed on the card beside its name
AUCTION_ICONS: dict[str, Any] = {"open": ft.Icons.GAVEL, "once_around": ft.Icons.LOOP, "sealed": ft.Icons.MAIL_LOCK,
                                 "fixed": ft.Icons.SELL, "double": ft.Icons.LOOKS_TWO}
CARD_WIDTH = 104
CARD_HEIGHT = 72


@dataclass
class BoardForm:
    """The board as a form: the seller's painting picked on the value board (``offer``),
    or the partner's painting being laid beside a double (``joining``)."""

    choices: Choices
    offer: OfferForm = field(default_factory=OfferForm)
    joining: bool = False

    def open_join(self) -> None:
        self.joining = True


def board_snapshot(view: dict[str, Any]) -> dict[str, Any]:
    """What the board shows, by place: compared between drawings to ring what changed
    (a painting sold lands in its buyer's row, a round's tokens on the value board)."""
    snap: dict[str, Any] = {}
    for artist in view["artists"]:
        snap[f"count:{artist['id']}"] = artist["count"]
        for r, row in enumerate(view["board"]):
            snap[f"token:{artist['id']}:{r}"] = row[artist["id"]]
    for seat, p in enumerate(view["players"]):
        for artist, k in p["bought"].items():
            snap[f"bought:{seat}:{artist}"] = k
        snap[f"money:{seat}"] = p.get("money")
    lot = view["lot"]
    snap["lot"] = None if lot is None else (lot["artist"], lot["auction"], lot["paintings"], lot["co_seller"])
    return snap


def offers_of(choices: Choices, seat: int, artist: str) -> list[Action]:
    """Every legal offer of ``artist``'s painting (each auction type, a double alone or with a second)."""
    double = load_facts().double
    out = [Action.make("offer", seat, artist=artist, auction=k) if k is not None
           else Action.make("offer", seat, artist=artist) for k in choices.offers.get(artist, [])]
    out += [Action.make("offer", seat, artist=artist, auction=double, second=k)
            for k in choices.seconds.get(artist, [])]
    return out


def _text(text: str, size: int = 13, color: str = board.INK, bold: bool = False) -> ft.Text:
    return ft.Text(text, size=size, color=color, weight=ft.FontWeight.BOLD if bold else ft.FontWeight.W_500,
                   text_align=ft.TextAlign.CENTER)


def _card(ctx: GameContext, artist: str | None, auction: str | None, *, note: str | None = None,
          width: int = CARD_WIDTH) -> ft.Control:
    """A painting card: the artist's colour and name, the auction type printed on it."""
    if artist is None:  # a card still to come: an empty outline
        return ft.Container(content=_text(note or "?", 13, board.SOFT_INK, True), width=width, height=CARD_HEIGHT,
                            border=ft.Border.all(2, board.LINE), border_radius=8, alignment=ft.Alignment.CENTER,
                            padding=4)
    bg, fg = ARTIST_COLORS[artist]
    lines: list[ft.Control] = [_text(_artist_name(ctx, artist), 13, fg, True)]
    if auction is not None:
        lines.append(ft.Row([ft.Icon(AUCTION_ICONS[auction], size=14, color=fg),
                             _text(_auction_name(ctx, auction), 11, fg)],
                            spacing=2, tight=True, alignment=ft.MainAxisAlignment.CENTER, wrap=True))
    return ft.Container(content=ft.Column(lines, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                          alignment=ft.MainAxisAlignment.CENTER),
                        width=width, height=CARD_HEIGHT, bgcolor=bg, border_radius=8, padding=4,
                        border=ft.Border.all(1, "#ffffff"), alignment=ft.Alignment.CENTER)


def _pips(count: int, limit: int, color: str) -> ft.Control:
    """This round's paintings of an artist: filled pips out of the count that ends the round."""
    return ft.Row([ft.Container(width=7, height=7, border_radius=4, bgcolor=color if i < count else None,
                                border=ft.Border.all(1, color)) for i in range(limit)], spacing=2, tight=True,
                  alignment=ft.MainAxisAlignment.CENTER)


def _lot_area(panel: FormPanel[BoardForm], view: dict[str, Any], moved: frozenset[str]) -> ft.Control:
    """The auction block: the painting (or the double) on sale with its type, the seller,
    the best bid or the price; while the seller chooses, the painting picked on the value
    board and its auction types; while the partner of a double decides, the empty place
    beside the double."""
    f = load_facts()
    ctx, form = panel.ctx, panel.form
    ch, phase, lot = form.choices, form.choices.phase, view["lot"]
    parts: list[ft.Control] = [board.heading(ctx.t("ui.on_auction"), size=13)]
    if phase == "offer" and ch.seat is not None:
        seat, offer = ch.seat, form.offer
        if offer.artist is None:
            parts.append(ft.Row([_card(ctx, None, None), ft.Container(
                content=_text(ctx.t("ui.tap_painting", player=seat), 13, board.INK), expand=True)],
                spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER))
            return ft.Column(parts, spacing=4)
        artist = offer.artist
        ending = ends_round(view, artist)
        last = Action.make("offer", seat, artist=artist)
        if ending is not None and not offer.double and last in offers_of(ch, seat, artist):
            # the round's ending painting is not auctioned: no auction type to ask for
            parts.append(ft.Row([_card(ctx, artist, None), ft.Container(
                content=_text(ctx.t("ui.ends_round", artist=_artist_name(ctx, artist), count=ending), 13,
                              "#b71c1c", True), expand=True)],
                spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER))
            parts.append(board.choice(ctx, ctx.t("ui.play_last"), last, key="play-last"))
            return ft.Column(parts, spacing=6)
        parts.append(ft.Row([_card(ctx, artist, f.double if offer.double else None), ft.Container(
            content=_text(ctx.t("ui.pick_auction") if not offer.double else ctx.t("ui.double_own"), 13),
            expand=True)], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        if ending is not None:
            parts.append(_text(ctx.t("ui.ends_round", artist=_artist_name(ctx, artist), count=ending), 13,
                               "#b71c1c", True))
        buttons: list[ft.Control] = []
        if not offer.double:
            for kind in ch.offers.get(artist, []):
                action = Action.make("offer", seat, artist=artist, auction=kind)
                if kind == f.double and ending is None:  # a double asks who gives the second painting
                    buttons.append(board.choice(ctx, _auction_name(ctx, kind), action, key=f"type:{kind}",
                                                on_tap=lambda: panel.change(lambda: form.offer.choose(seat, f.double)),
                                                reaches=[a for a in offers_of(ch, seat, artist)
                                                         if a["auction"] == f.double]))
                else:  # a double that ends the round needs no second painting
                    buttons.append(board.choice(ctx, _auction_name(ctx, kind), action, key=f"type:{kind}"))
        else:
            for kind in ch.seconds.get(artist, []):
                buttons.append(board.choice(ctx, _auction_name(ctx, kind), offer.with_second(seat, kind),
                                            key=f"second:{kind}"))
            buttons.append(board.choice(ctx, ctx.t("ui.double_alone"), offer.alone(seat), key="alone"))
        parts.append(wrap(buttons))
        return ft.Column(parts, spacing=6)
    if lot is None:
        parts.append(ft.Row([_card(ctx, None, None, note="—")]))
        return ft.Column(parts, spacing=4)
    cards: list[ft.Control] = [_card(ctx, lot["artist"], lot["auction"])]
    if lot["auction"] == f.double and lot["paintings"] == 1:
        cards.append(_join_slot(panel))
    elif lot["paintings"] == 2:
        cards.append(_card(ctx, lot["artist"], None, note=None))
    seller = view["seller"]
    sells = ctx.t("ui.lot", seller_player=seller, artist=_artist_name(ctx, lot["artist"]), paintings=lot["paintings"])
    who: list[ft.Control] = [ft.Row([board.seat_token(ctx, seller, size=24), _text(sells, 13, bold=True)],
                                    spacing=4, wrap=True)]
    if lot["co_seller"] is not None:
        who.append(_text(ctx.t("ui.shared_with", player=lot["co_seller"]), 12))
    if phase in ("open", "once_around"):
        who.append(_text(ctx.t("ui.best_bid", amount=ctx.money(lot["high"]), player=lot["high_bidder"])
                         if lot["high_bidder"] is not None else ctx.t("ui.no_bid"), 14, bold=True))
    elif phase == "fixed" and lot["price"] is not None:
        who.append(_text(ctx.t("ui.price_amount", amount=ctx.money(lot["price"])), 14, bold=True))
    parts.append(ft.Row([*cards, ft.Container(content=ft.Column(who, spacing=2), expand=True)], spacing=8,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if phase == "double" and form.joining and ch.seat is not None:
        parts.append(wrap([board.choice(ctx, _auction_name(ctx, k), Action.make("join", ch.seat, auction=k),
                                        key=f"join:{k}") for k in ch.joins]))
    return board.frame_moved(ft.Column(parts, spacing=6), "lot" in moved)


def _join_slot(panel: FormPanel[BoardForm]) -> ft.Control:
    """The empty place beside a double: where the partner lays a second painting."""
    ctx, form = panel.ctx, panel.form
    ch = form.choices
    empty = _card(ctx, None, None, note="+")
    if ch.phase != "double" or ch.seat is None:
        return empty
    joins = [Action.make("join", ch.seat, auction=k) for k in ch.joins]
    probe = joins[0] if joins else Action.make("join", ch.seat, auction=load_facts().auctions[0])
    return board.spot(ctx, ft.Container(content=_text(ctx.t("ui.add_painting"), 12, board.INK, True),
                                        alignment=ft.Alignment.CENTER, width=CARD_WIDTH - 16,
                                        height=CARD_HEIGHT - 16),
                      probe, legal=bool(joins), key="join-slot", on_tap=lambda: panel.change(form.open_join),
                      reaches=joins,
                      selected=form.joining)


def _value_board(panel: FormPanel[BoardForm], view: dict[str, Any], moved: frozenset[str]) -> ft.Control:
    """Artists by rounds: the tokens each round paid, the total, what a painting pays
    if the round ended now, and this round's paintings as pips.  While the seller
    chooses, each artist's card is where a painting of theirs is offered."""
    f = load_facts()
    ctx, form = panel.ctx, panel.form
    ch = form.choices
    current = view["round"] - 1
    widths = (5, *(2,) * view["rounds"], 2, 3)

    def head(text: str, expand: int, now: bool = False) -> ft.Control:
        return board.mark(text, size=11, color=board.INK, expand=expand, padding=2,
                          bgcolor="#fff3c4" if now else None, weight=ft.FontWeight.BOLD)

    rows: list[ft.Control] = [ft.Row(
        [head(ctx.t("ui.artist"), widths[0])]
        + [head(ctx.t("ui.round_short", round=r + 1), 2, r == current) for r in range(view["rounds"])]
        + [head(ctx.t("ui.total"), 2), head(ctx.t("ui.worth_now"), 3)], spacing=2)]
    for row in board_rows(view):
        bg, fg = ARTIST_COLORS[row.artist]
        name = ft.Column([_text(row.name, 13, fg, True), _pips(row.count, f.round_end_count, fg)], spacing=3,
                         horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        if ch.phase == "offer" and ch.seat is not None:
            reaches = offers_of(ch, ch.seat, row.artist)
            probe = reaches[0] if reaches else Action.make("offer", ch.seat, artist=row.artist,
                                                              auction=f.auctions[0])
            cell: ft.Control = board.spot(ctx, name, probe, legal=bool(reaches), key=f"artist:{row.artist}",
                                          on_tap=lambda a=row.artist: panel.change(lambda: form.offer.pick_artist(a)),
                                          reaches=reaches,
                                          selected=form.offer.artist == row.artist, bgcolor=bg,
                                          expand=widths[0], moved=f"count:{row.artist}" in moved)
        else:
            cell = board.mark(name, bgcolor=bg, padding=4, min_height=40, expand=widths[0],
                              moved=f"count:{row.artist}" in moved)
        tokens = [board.mark("—" if t is None else (ctx.num(t) if t else "·"), size=13,
                             bgcolor="#fff3c4" if i == current else "#ffffff", expand=2,
                             weight=ft.FontWeight.BOLD if t else None, padding=2,
                             moved=f"token:{row.artist}:{i}" in moved)
                  for i, t in enumerate(row.tokens)]
        rows.append(ft.Row([cell, *tokens, board.mark(ctx.num(row.total), size=13, weight=ft.FontWeight.BOLD,
                                                      expand=2),
                            board.mark(ctx.money(row.worth_now) if row.worth_now else "—", size=12, expand=3)],
                           spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return ft.Column([board.heading(ctx.t("ui.value_board"), size=13), *rows], spacing=3)


def _collections(ctx: GameContext, view: dict[str, Any], moved: frozenset[str]) -> ft.Control:
    """Each player's place at the table: the paintings bought this round, cards in hand,
    money when it is open, what the round would pay them now."""
    lines: list[ft.Control] = []
    for row in player_rows(view):
        seat = row.seat
        bought = [board.mark(f"{_artist_name(ctx, a)} ×{ctx.num(k)}", color=ARTIST_COLORS[a][1], size=12,
                             weight=ft.FontWeight.BOLD, bgcolor=ARTIST_COLORS[a][0], padding=5,
                             moved=f"bought:{seat}:{a}" in moved) for a, k in row.bought]
        facts = [ctx.t("ui.hand_count", count=row.hand),
                 f"{ctx.t('ui.preview_title')}{ctx.colon}{ctx.t('ui.earns', amount=ctx.money(row.earns))}"]
        money = [board.mark(ctx.money(row.money), size=14, weight=ft.FontWeight.BOLD, padding=2,
                            moved=f"money:{seat}" in moved)] if row.money is not None else []
        lines.append(ft.Container(content=ft.Column([
            ft.Row([board.seat_token(ctx, seat, size=24), _text(row.name, 14, board.INK, True), *money,
                    ft.Container(content=ft.Text(ctx.semicolon.join(facts), size=12, color=board.SOFT_INK),
                                 expand=True)],
                   spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row(bought, spacing=4, wrap=True, run_spacing=4) if bought
            else _text(ctx.t("ui.bought_none"), 12, board.SOFT_INK)], spacing=4,
            horizontal_alignment=ft.CrossAxisAlignment.START),
            bgcolor="#ffffff", border_radius=8, padding=6, key=f"player:{seat}"))
    return ft.Column([board.heading(ctx.t("ui.collections"), size=13), *lines], spacing=4)


def _draw_board(panel: FormPanel[BoardForm]) -> ft.Control:
    ctx = panel.ctx
    view = ctx.view
    moved = board.moved(ctx, "modern_art", board_snapshot(view))
    return board.surface(ft.Column([_lot_area(panel, view, moved), _value_board(panel, view, moved),
                                    _collections(ctx, view, moved)], spacing=10), key="modern-art-board")


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
    # what the bank hands each player now for the paintings they hold (the round's purchases
    # were paid at each sale, never mixed in here)
    body.append(section_title(ctx.ui("The bank pays now")))
    for seat, (name, amount) in sorted(enumerate(summary["payouts"]), key=lambda x: (-x[1][1], x[0])):
        body.append(ft.Text(f"{name}  {ctx.money(amount)}", size=17, weight=ft.FontWeight.BOLD,
                            color=ctx.player_color(seat)))
    return results_sheet(ctx, f"round-{rnd}", ctx.ui("Round {n}: results", n=rnd), body)


# ----- "Why?": how the round was valued (teaching play) ----------------------------------------------
def account_lines(ctx: GameContext) -> list[tuple[str, list[str]]] | None:
    """The last scored round's account as (section title, sentences): each artist's paintings
    and place, one painting's value (earlier tokens + this round's), what the bank pays each
    player for what they bought.  The figures are the engine's own round result
    (``games.modern_art.account``); no player's money is in it (it stays secret)."""
    acc = round_account(ctx.state)
    if acc is None:
        return None
    t = ctx.t
    ranking = [t("ui.why.rank", place=r.place, artist=_artist_name(ctx, r.artist), count=r.count, token=r.token)
               if r.place is not None else
               t("ui.why.unranked", artist=_artist_name(ctx, r.artist), count=r.count) for r in acc.artists]
    if acc.tie:
        ranking.append(t("ui.why.tie"))
    values = [t("ui.why.value", artist=_artist_name(ctx, r.artist), earlier=r.earlier, token=r.token, value=r.value)
              if r.place is not None else
              t("ui.why.value_none_earlier" if r.earlier else "ui.why.value_none", artist=_artist_name(ctx, r.artist),
                earlier=r.earlier) for r in acc.artists]
    pays: list[str] = []
    for row in sorted(acc.seats, key=lambda r: (-r.paid, r.seat)):
        if not row.paintings:
            pays.append(t("ui.why.pays_nothing", player=row.seat))
            continue
        items = " + ".join(t("ui.why.item", count=k, artist=_artist_name(ctx, a), value=v) for a, k, v in row.paintings)
        pays.append(t("ui.why.pays", player=row.seat, sum=items, total=ctx.money(row.paid)))
    return [(t("ui.why.ranking"), ranking or ["—"]), (t("ui.why.values"), values or ["—"]),
            (t("ui.why.sales"), pays)]


#: the account's section each value card's clause is about (the why screen opens there)
ACCOUNT_SECTION = {"modern_art.value.ranking": "ui.why.ranking", "modern_art.value.accumulated": "ui.why.values",
                   "modern_art.value.sell-to-bank": "ui.why.sales"}


def account(ctx: GameContext, clause: str | None = None) -> tuple[str, list[ft.Control]] | None:
    """Teaching play's "Why?" after a round's end: the round's account (``account_lines``), the
    section of ``clause`` (``ACCOUNT_SECTION``) marked for the screen to open at."""
    lines = account_lines(ctx)
    if lines is None:
        return None
    at = ctx.t(ACCOUNT_SECTION[clause]) if clause in ACCOUNT_SECTION else None
    body: list[ft.Control] = []
    for title, sentences in lines:
        body.append(account_section(title, title == at))
        body += [ft.Text(s, size=15) for s in sentences]
    return ctx.t("ui.why.title", round=ctx.state.results[-1]["round"]), body


def build(ctx: GameContext) -> ft.Control:
    state: ModernArtState = ctx.state
    done = finished_round(state)
    if done is not None and not seen(ctx, f"round-{done}"):
        return _draw_round_results(ctx, state, done)
    view = ctx.view
    ch = read_choices(ctx.legal, state.phase)
    drawn = FormPanel(ctx, BoardForm(ch), _draw_board).control
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.round", round=view["round"], rounds=view["rounds"]),
                                       size=16, weight=ft.FontWeight.BOLD)]
    step: list[ft.Control] = []  # what the person acting now taps besides the board
    if state.phase == "start":
        step += _draw_start(ctx, ch)
    elif state.phase == "offer":
        if ch.seat is not None:
            step.append(ft.Text(ctx.t("ui.tap_painting", player=ch.seat), size=15))
    elif state.phase in _DRAW:
        step += _DRAW[state.phase](ctx, state, ch)
    elif state.phase == "end":
        parts.append(ft.Text(ctx.t("ui.winners", players=ctx.game.winners(state)), size=18,
                             weight=ft.FontWeight.BOLD))
    parts += _draw_results(ctx, state)
    parts.append(_draw_money_buttons(ctx, state, view))
    if not view["money_shown"]:
        parts.append(ft.Text(ctx.t("ui.money_secret"), size=13))
    return board.two_pane(drawn, ft.Column(parts, spacing=12), step=ft.Column(step, spacing=8) if step else None)
