"""Maritime Silk Road screen: the board as on the table, played by tapping it.

The board (``companion/ui/board.py`` for the shared pieces): the market's six
positions, each card with its good's name; the covered cards; the draw pile
(tap it to draw); the goods-token supply; the special cards for sale (tap one to
buy it; a ship then asks for its good); and each player's ships with the token
each carries (tap one of yours to swap its token), their special cards and hand
size.  A play: the good (a card from the hand, so it keeps its form beside the
board), then the market positions it now shows (tapped on the board), then the
cards laid under others (a number), then the play.  A place not legal now
still answers a tap with the referee's reason and clause.  Money stays secret
behind the hand-the-phone flow.

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
from .. import board
from ..context import GameContext
from ..widgets import FormPanel, big_button, italic, private_money, reason_line, redrawing, section_title

#: card colours of the goods (background, text)
GOOD_COLORS: dict[str, tuple[str, str]] = {
    "porcelain": ("#f5f5f5", "#212121"),
    "silk": ("#7b1fa2", "#ffffff"),
    "tea": ("#2e7d32", "#ffffff"),
    "spice": ("#fbc02d", "#212121"),
    "glass": ("#c62828", "#ffffff"),
    "ore": ("#212121", "#ffffff"),
}
#: the Teach screen's set-up board colours its pieces as this board does (ui/setup_board.py)
SETUP_COLORS = GOOD_COLORS
EMPTY_COLORS = ("#bdbdbd", "#212121")
SEA = "#bbdefb"
#: the actions that have a place on the board (tests/games/test_board_reach.py plays them by tapping)
BOARD_ACTIONS = ("market_card", "load", "swap", "buy", "play", "draw")
#: taps at most from the board to an action: a play's good, up to six positions, the cards
#: laid under others, the play
BOARD_DEPTH = 9


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
        """The good played; another good than the one chosen before starts the positions afresh
        (positions tapped before any good was chosen stay)."""
        if good != self.good:
            if self.good is not None:
                self.slots, self.extra = [], 0
            self.good = good

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


# ----- the board's own logic ---------------------------------------------------------------
def board_snapshot(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the table changes by hand: the market cards, every ship's token, the piles."""
    out: dict[str, Any] = {f"slot:{i}": g for i, g in enumerate(market_cells(view))}
    out.update({f"ship:{seat}:{i}": g for seat, p in enumerate(view["players"]) for i, g in enumerate(p["ships"])})
    out.update({f"special:{c}": n for c, n in view["specials"].items()})
    out["deck"] = view["deck"]
    return out


@dataclass
class SilkForm:
    """The decision in hand on the board: a ship of one's own tapped (its new
    good next), a special card tapped (a ship asks for its good), a play."""

    ship: int | None = None
    card: str | None = None
    play: PlayForm = field(default_factory=PlayForm)


def play_fits(action: Action, good: str | None, slots: Sequence[int]) -> bool:
    """Whether a legal play can still come of the good (None: not chosen yet) and positions picked."""
    return (good is None or action["good"] == good) and set(slots) <= set(action["slots"])


def extra_choices(plays: Sequence[Action], good: str, slots: Sequence[int]) -> list[int]:
    """The numbers of cards under others the table can say for this good and these
    positions: each legal one, and one more (refused, saying why)."""
    exact = sorted({a.get("cards", len(a["slots"])) - len(a["slots"]) for a in plays
                    if a["good"] == good and sorted(a["slots"]) == sorted(slots)})
    most = exact[-1] if exact else 0
    return list(range(0, most + 2))


# ----- drawing -------------------------------------------------------------------------
def _good_name(ctx: GameContext, good: str | None) -> str:
    return "?" if good is None else ctx.t(f"ui.good.{good}")


@dataclass
class Board:
    ctx: GameContext
    state: SilkState
    form: SilkForm
    on: Callable[[Callable[[], Any]], Callable[[Any], None]]
    ch: Choices
    plays: list[Action]
    moved: frozenset[str]

    @property
    def view(self) -> Mapping[str, Any]:
        return self.ctx.view

    @property
    def seat(self) -> int:
        """The seat acting now (during the setup: the loader, else whoever's turn it is)."""
        return self.ch.seat if self.ch.seat is not None else self.state.turn

    @property
    def over(self) -> bool:
        return self.state.phase == "end"


def _card_face(text: str, good: str | None, size: int = 13) -> ft.Control:
    bg, fg = GOOD_COLORS.get(good or "", EMPTY_COLORS)
    return ft.Container(content=ft.Text(text, size=size, color=fg, weight=ft.FontWeight.W_600,
                                        text_align=ft.TextAlign.CENTER),
                        bgcolor=bg, border_radius=6, padding=ft.Padding.symmetric(horizontal=4, vertical=6),
                        border=ft.Border.all(1, "#616161"), alignment=ft.Alignment.CENTER)


def _slot(b: Board, i: int, good: str | None) -> ft.Control:
    """A market position: its card (during a play, the good it will show), tapped to cover it."""
    ctx, play = b.ctx, b.form.play
    chosen = i in play.slots
    shown = play.good if (chosen and play.good) else good
    face = _card_face(f"{i + 1}. {_good_name(ctx, shown)}", shown)
    moved = f"slot:{i}" in b.moved
    width = 88  # six in a row beside the controls on a tablet, three on a phone
    if b.over or b.state.phase.startswith("setup"):
        return board.frame_moved(board.mark(face, width=width, padding=2, min_height=board.TOUCH), moved)
    if b.plays:
        others = [s for s in play.slots if s != i]
        if chosen:  # a second tap takes the position back
            reaches = [a for a in b.plays if play_fits(a, play.good, others) and i not in a["slots"]]
        else:
            reaches = [a for a in b.plays if play_fits(a, play.good, [*play.slots, i])]
        return board.spot(ctx, face, reaches[0] if reaches else None, legal=True, key=f"slot:{i}", width=width,
                          on_tap=b.on(lambda: play.toggle(i)), reaches=reaches, selected=chosen, moved=moved,
                          padding=2)
    tried = Action.make("play", b.seat, good=good or facts().goods[0], slots=[i])
    return board.spot(ctx, face, tried, legal=False, key=f"slot:{i}", width=width, moved=moved, padding=2,
                      dim=False)


def _market(b: Board) -> ft.Control:
    ctx, view = b.ctx, b.view
    cells = [_slot(b, i, g) for i, g in enumerate(market_cells(view))]
    covered = [f"{_good_name(ctx, g)} {ctx.num(n)}" for g, n in view["covered"].items() if n]
    parts: list[ft.Control] = [board.heading(ctx.t("ui.market")), ft.Row(cells, wrap=True, spacing=4, run_spacing=4)]
    if covered:
        parts.append(board.mark(f"{ctx.t('ui.covered')}{ctx.colon}{ctx.join(covered)}", color=board.SOFT_INK))
    return ft.Column(parts, spacing=4)


def _deck(b: Board) -> ft.Control:
    ctx = b.ctx
    face = ft.Column([ft.Icon(ft.Icons.STYLE, size=18, color=board.INK),
                      ft.Text(ctx.t("ui.deck_count", count=b.view["deck"]), size=12, color=board.INK,
                              weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)],
                     spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    moved = "deck" in b.moved
    if b.over:
        return board.mark(face, width=96, bgcolor="#e0e0e0", min_height=board.TOUCH)
    draw = Action.make("draw", b.seat)
    return board.spot(ctx, face, draw, legal=b.ch.can_draw, key="deck", width=96, moved=moved, bgcolor="#e0e0e0")


def _tokens(b: Board) -> ft.Control:
    ctx = b.ctx
    chips = [board.mark(f"{_good_name(ctx, g)} {ctx.num(n)}", bgcolor=GOOD_COLORS[g][0], color=GOOD_COLORS[g][1],
                        size=12, weight=ft.FontWeight.W_600, width=88) for g, n in b.view["tokens"].items()]
    return ft.Column([board.heading(ctx.t("ui.tokens"), size=12), ft.Row(chips, wrap=True, spacing=4, run_spacing=4)],
                     spacing=2)


def _special(b: Board, card: str) -> ft.Control:
    ctx, form = b.ctx, b.form
    left = b.view["specials"][card]
    face = ft.Column([ft.Text(ctx.t('ui.card.' + card) + ctx.paren(ctx.num(facts().prices[card])), size=13,
                              color=board.INK, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
                      ft.Text(ctx.t("ui.left", count=left), size=11, color=board.SOFT_INK)],
                     spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    moved = f"special:{card}" in b.moved
    if b.over:
        return board.mark(face, width=108, bgcolor="#fff3e0", min_height=board.TOUCH)
    if card in b.ch.buys:
        buys = [buy_action(b.seat, card, g) for g in b.ch.buys[card]] or [buy_action(b.seat, card)]
        if card == "ship":  # a ship is loaded at once: its good next
            return board.spot(ctx, face, buys[0], legal=True, key=f"special:{card}", width=108, moved=moved,
                              bgcolor="#fff3e0", on_tap=b.on(lambda: setattr(form, "card", card)), reaches=buys,
                              selected=form.card == card)
        return board.spot(ctx, face, buys[0], legal=True, key=f"special:{card}", width=108, moved=moved,
                          bgcolor="#fff3e0")
    tried = buy_action(b.seat, card, facts().goods[0] if card == "ship" else None)
    return board.spot(ctx, face, tried, legal=False, key=f"special:{card}", width=108, moved=moved, bgcolor="#fff3e0")


def _ship(b: Board, seat: int, i: int, good: str) -> ft.Control:
    ctx, form = b.ctx, b.form
    face = ft.Row([ft.Icon(ft.Icons.SAILING, size=16, color=board.INK), _card_face(f"{i + 1}. {_good_name(ctx, good)}",
                                                                                  good, size=12)],
                  spacing=2, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    key = f"ship:{seat}:{i}"
    moved = key in b.moved
    if b.over:
        return board.frame_moved(board.mark(face, padding=2), moved)
    swaps = b.ch.swaps.get(i, []) if seat == b.seat else []
    if swaps:
        reaches = [Action.make("swap", seat, ship=i + 1, good=g) for g in swaps]  # the field counts from 1
        return board.spot(ctx, face, reaches[0], legal=True, key=key, width=118, moved=moved, padding=2,
                          on_tap=b.on(lambda: setattr(form, "ship", i)), reaches=reaches, selected=form.ship == i)
    other = next(g for g in facts().goods if g != good)
    return board.spot(ctx, face, Action.make("swap", seat, ship=i + 1, good=other), legal=False, key=key, width=118,
                      moved=moved, padding=2, dim=False)


def _fleet(b: Board, seat: int) -> ft.Control:
    """One player's place: their ships and tokens, special cards and hand size."""
    ctx, view = b.ctx, b.view
    p = view["players"][seat]
    ships: list[ft.Control] = [_ship(b, seat, i, g) for i, g in enumerate(p["ships"])]
    if b.state.phase == "setup_load" and seat == b.seat:  # the ship being loaded now
        ships.append(board.mark(_card_face(f"{len(p['ships']) + 1}. ?", None, size=12), padding=2,
                                min_height=board.TOUCH))
    owned = [board.mark(f"{ctx.t('ui.card.' + k[:-1])} ×{ctx.num(p[k])}", bgcolor="#fff3e0", size=12)
             for k in ("exchanges", "licences", "porters") if p[k]]
    head: list[ft.Control] = [ft.Row([board.seat_token(ctx, seat, size=26),
                                      ft.Text(p["name"], size=15, color=board.INK, weight=ft.FontWeight.BOLD)],
                                     spacing=6, tight=True),
                              ft.Text(ctx.t("ui.hand_count", count=p["hand"]), color=board.SOFT_INK, size=12)]
    if p.get("money") is not None:
        head.append(ft.Text(f"{ctx.t('ui.money_title')}{ctx.colon}{ctx.money(p['money'])}", size=12,
                            color=board.INK))
    frame = 3 if seat == b.seat and not b.over else 1
    return ft.Container(
        content=ft.Column([ft.Row(head, wrap=True, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                           ft.Row([*ships, *owned], wrap=True, spacing=4, run_spacing=4,
                                  vertical_alignment=ft.CrossAxisAlignment.CENTER)], spacing=4),
        bgcolor=SEA, border_radius=8, padding=6, border=ft.Border.all(frame, board.seat_color(seat)))


def fleet_order(seats: int, acting: int | None, narrow: bool) -> list[int]:
    """The order of the players' places on the board: seat order, and on a phone
    (``narrow``) clockwise from the player acting now, whose ships (tapped to swap a
    token) then come first, in view above the pinned step; on a tablet the whole board
    is in view beside the step and keeps seat order."""
    if not narrow or acting is None:
        return list(range(seats))
    return [(acting + k) % seats for k in range(seats)]


def _draw_board(b: Board) -> ft.Control:
    ctx = b.ctx
    supply = ft.Row([_deck(b), *(_special(b, c) for c in SPECIALS)], wrap=True, spacing=4, run_spacing=4)
    seats = fleet_order(len(b.view["players"]), None if b.over else b.seat, ctx.narrow)
    return board.surface(ft.Column([
        _market(b), supply, _tokens(b),
        board.heading(ctx.t("ui.ships")),
        *(_fleet(b, seat) for seat in seats),
    ], spacing=8), key="silk-board")


# ----- the controls beside the board ------------------------------------------------------
def _goods_choices(ctx: GameContext, actions: Sequence[Action], key: str) -> ft.Control:
    """One button per good, each sending its action."""
    return ft.Row([board.choice(ctx, _good_name(ctx, a["good"]), a, key=f"{key}:{a['good']}") for a in actions],
                  wrap=True, spacing=6, run_spacing=6)


def _draw_setup(ctx: GameContext, state: SilkState, ch: Choices) -> list[ft.Control]:
    if ch.phase == "setup_market":
        return [ft.Text(ctx.t("ui.pick_market", slot=len(state.market) + 1), size=16),
                _goods_choices(ctx, [Action.make("market_card", good=g) for g in ch.market_goods], "market")]
    if ch.phase == "setup_first":
        return [ft.Text(ctx.t("ui.pick_first"), size=16),
                ft.Row([big_button(ctx.players[s], lambda e, s=s: ctx.dispatch(
                    Action.make("first_player", first_player=s))) for s in ch.first_seats], wrap=True, spacing=8)]
    seat = ch.seat if ch.seat is not None else 0
    ship = state.loads // len(state.players) + 1
    return [ft.Text(ctx.t("ui.pick_load", player=seat, ship=ship), size=16),
            _goods_choices(ctx, [Action.make("load", seat, good=g) for g in ch.load_goods], "load")]


def _draw_play(b: Board) -> list[ft.Control]:
    ctx, play = b.ctx, b.form.play
    seat = b.seat
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.play_title"), size=16, weight=ft.FontWeight.BOLD),
                               ft.Text(ctx.t("ui.play_good"), size=14)]
    goods = []
    for g in b.ch.plays:
        reaches = [a for a in b.plays if play_fits(a, g, play.slots)] if play.good != g else []
        goods.append(board.choice(ctx, _good_name(ctx, g), None, key=f"good:{g}", on_tap=b.on(lambda g=g: play.pick(g)),
                                  reaches=reaches, filled=play.good == g))
    parts += [ft.Row(goods, wrap=True, spacing=6, run_spacing=6), ft.Text(ctx.t("ui.play_slots"), size=14)]
    action = play.action(seat)
    if action is None or play.good is None:
        return parts
    counts = []
    for n in extra_choices(b.plays, play.good, play.slots):
        cards = len(play.slots) + n
        reaches = [a for a in b.plays if a["good"] == play.good and sorted(a["slots"]) == play.slots
                   and a.get("cards", len(a["slots"])) == cards] if n != play.extra else []
        counts.append(board.choice(ctx, ctx.num(n), None, key=f"extra:{n}",
                                   on_tap=b.on(lambda n=n: setattr(play, "extra", n)), reaches=reaches,
                                   filled=play.extra == n))
    parts += [ft.Text(ctx.t("ui.play_extra", count=play.extra), size=14),
              ft.Row(counts, wrap=True, spacing=6, run_spacing=6)]
    # never a pale button: more cards than allowed says why (with the rule) beside it, and
    # pressing it shows the refusal
    why = None if action in b.plays else ctx.why_not(action)
    parts.append(board.choice(ctx, ctx.t("ui.play_confirm", count=play.cards), action, legal=why is None,
                              key="play", filled=why is None))
    if why is not None:
        parts.append(reason_line(ctx, why))
    return parts


def _draw_turn(b: Board) -> ft.Control:
    """The decision at hand (redrawn with the board when a tap changes it)."""
    ctx, state, ch, form = b.ctx, b.state, b.ch, b.form
    parts: list[ft.Control] = []
    if state.phase.startswith("setup"):
        parts += _draw_setup(ctx, state, ch)
    elif ch.phase == "exchange":
        parts += [ft.Text(ctx.t("ui.extra_title"), size=16, weight=ft.FontWeight.BOLD),
                  ft.Row([big_button(ctx.num(n), lambda e, n=n: ctx.dispatch(
                      Action.make("exchange_draw", b.seat, count=n))) for n in ch.extra_counts], wrap=True, spacing=8)]
    elif not b.over:
        # on a phone the pinned banner already says the step ("phase 1: swap a token, buy a
        # special card or pass"): the panel leaves out its titles and says what to tap beside
        # Pass, so the board keeps the room above it (the player's own ships among it)
        narrow = ctx.narrow
        hints: list[ft.Control] = []
        chosen: list[ft.Control] = []  # a ship's new good, a new ship's good: under the hints
        if ch.swaps:
            if not narrow:
                parts.append(ft.Text(ctx.t("ui.swap_title"), size=16, weight=ft.FontWeight.BOLD))
            if form.ship is not None and form.ship in ch.swaps:
                (chosen if narrow else parts).extend([
                    ft.Text(ctx.t("ui.swap_good", n=form.ship + 1), size=14),
                    _goods_choices(ctx, [Action.make("swap", b.seat, ship=form.ship + 1, good=g)
                                         for g in ch.swaps[form.ship]], "swap")])
            else:
                (hints if narrow else parts).append(ft.Text(ctx.t("ui.tap_ship"), size=13 if narrow else 14))
        if ch.buys:
            if not narrow:
                parts.append(ft.Text(ctx.t("ui.buy_title"), size=16, weight=ft.FontWeight.BOLD))
            if form.card == "ship" and ch.buys.get("ship"):
                (chosen if narrow else parts).extend([
                    ft.Text(ctx.t("ui.ship_good"), size=14),
                    _goods_choices(ctx, [buy_action(b.seat, "ship", g) for g in ch.buys["ship"]], "buy")])
            else:
                (hints if narrow else parts).append(ft.Text(ctx.t("ui.tap_special"), size=13 if narrow else 14))
        if ch.can_pass:
            button = big_button(ctx.t("action.pass", player=b.seat), lambda e: ctx.dispatch(Action.make("pass", b.seat)))
            if hints:
                parts.append(ft.Row([ft.Column(hints, spacing=2, expand=True), button], spacing=8,
                                    vertical_alignment=ft.CrossAxisAlignment.CENTER))
            else:
                parts.append(button)
        else:
            parts += hints
        parts += chosen
        if ch.plays:
            parts += _draw_play(b)
        if ch.can_draw:
            parts.append(board.choice(ctx, ctx.t("ui.draw_button", count=min(facts().draw, state.deck)),
                                      Action.make("draw", b.seat), key="draw"))
    return ft.Column(parts, spacing=8)


def _draw_last_play(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    last = view["last_play"]
    if last is None:
        return ft.Container()
    text = ctx.t("ui.last_play_text", player=last["player"], cards=last["cards"],
                 good=_good_name(ctx, last["good"]), count=last["showing"])
    return ft.Text(f"{ctx.t('ui.last_play')}{ctx.colon}{text}", size=14)


def _income(ctx: GameContext, mine: dict[str, Any]) -> list[ft.Control]:
    """Below a seat's own money on its hand-the-phone form: its income, a secret too."""
    return [ft.Text(ctx.t("ui.private_income", amount=ctx.money(mine["income"])), size=16)]


def _draw_money(ctx: GameContext, state: SilkState, view: dict[str, Any]) -> ft.Control:
    """Each player's money: open (the option, or the game is over) or behind the hand-the-phone flow."""
    lines: list[ft.Control] = []
    for row in player_rows(view):
        seat = row["seat"]
        if row["money"] is not None:
            lines.append(ft.Text(f"{row['name']} · {ctx.t('ui.money_title')}{ctx.colon}{ctx.money(row['money'])} "
                                 + ctx.paren(f"{ctx.t('ui.income')}{ctx.colon}{ctx.money(row['income'])}").lstrip(),
                                 size=14))
        else:
            lines.append(big_button(ctx.t("ui.show_money", player=seat),
                                    lambda e, s=seat: private_money(ctx, state, s, lambda mine: _income(ctx, mine)),
                                    icon=ft.Icons.LOCK))
    if not money_visible(state):
        lines.append(ft.Text(ctx.t("ui.income_secret"), size=13, italic=italic(ctx.lang)))
    return ft.Column([section_title(ctx.t("ui.money_title")), *lines], spacing=6)


def build(ctx: GameContext) -> ft.Control:
    state: SilkState = ctx.state
    view, legal = ctx.view, ctx.legal
    ch = read_choices(legal, state.phase)
    plays = [a for a in legal if a.type == "play"]
    form = SilkForm()
    moved = board.moved(ctx, "silk_road", board_snapshot(view))
    panels: list[FormPanel[SilkForm]] = []

    on = redrawing(panels)

    def board_of() -> Board:
        return Board(ctx, state, form, on, ch, plays, moved)

    # one decision in hand, shown on the board and beside it: a tap redraws just these two
    panels += [FormPanel(ctx, form, lambda p: _draw_board(board_of())),
               FormPanel(ctx, form, lambda p: _draw_turn(board_of()))]
    controls = ft.Column([_draw_last_play(ctx, view), _draw_money(ctx, state, view)], spacing=12)
    return board.two_pane(panels[0].control, controls, step=panels[1].control)
