"""Catan score sheet screen: a scoreboard card per player (points, pieces,
road length, knights, special cards, trade ratios), the current player's
entry pad (settlement with harbor, city, road with its new length, a
development card bought -- which one behind hand-the-phone --, knight,
progress card, end turn), road cuts for any player, and the table helpers
(building costs, the robber's discards).  Nothing on it reads another seat's
hand: the buttons come from ``ctx.legal`` (``Catan.public_state``), the counts
from the public view, a hand only from this device's own observation.

Contract: ``companion/ui/context.py``.  What the screen offers is read from
``ctx.legal`` by the plain functions at the top (tested without a
page); the ``_draw_*`` functions only turn them into Flet controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Sequence

import flet as ft

from ...core.actions import Action
from ...games.catan.public import BUILDS, FACTS, GENERIC, cost, robber_discard
from .. import board
from ..context import GameContext
from ...rules import library
from ..widgets import TOUCH, big_button, chip, expander, italic, player_card, section_title, wrap

#: a resource's colour, also its label's on the page's white: dark enough to read (light green wool
#: and yellow grain on white were hard to read)
RESOURCE_COLORS: dict[str, str] = {
    "wood": "#2e7d32", "brick": "#bf360c", "wool": "#4e7d1e", "grain": "#8a6100", "ore": "#546e7a",
}
GENERIC_COLOR = "#1565c0"
CARD_COLOR = "#6a1b9a"


# ----- plain screen logic ------------------------------------------------------------
@dataclass
class Choices:
    """The entries the sheet accepts now, read from ``legal_actions``."""

    seat: int | None = None
    place: list[str | None] = field(default_factory=list)        # harbors for a starting settlement
    settlement: list[str | None] = field(default_factory=list)   # harbors for a new settlement
    city: bool = False
    road: bool = False
    road_longer: int | None = None                               # "road, longest becomes N"
    knight: bool = False
    progress: list[str] = field(default_factory=list)
    buy: list[str] = field(default_factory=list)                 # the kinds a purchase may be
    end_turn: bool = False
    cuts: dict[int, list[int]] = field(default_factory=dict)     # seat -> shorter lengths


def read_choices(actions: Sequence[Action]) -> Choices:
    out = Choices()
    for a in actions:
        if a.type == "road_broken":
            assert a.player is not None
            out.cuts.setdefault(a.player, []).append(a["length"])
            continue
        out.seat = a.player
        if a.type == "place":
            out.place.append(a.get("harbor"))
        elif a.type == "build_settlement":
            out.settlement.append(a.get("harbor"))
        elif a.type == "build_city":
            out.city = True
        elif a.type == "build_road":
            if "longest" in a:
                out.road_longer = a["longest"]
            else:
                out.road = True
        elif a.type == "knight":
            out.knight = True
        elif a.type == "progress":
            out.progress.append(a["card"])
        elif a.type == "buy_dev_card":
            out.buy.append(a["card"])
        elif a.type == "end_turn":
            out.end_turn = True
    return out


def scoreboard(view: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per player, leaders first marked; badges for the special cards."""
    rows = []
    best = max((p.get("score", p["points"]) for p in view["players"]), default=0)
    for seat, p in enumerate(view["players"]):
        shown = p.get("score", p["points"])
        badges = [k for k in ("longest_road", "largest_army") if p[k]]
        cheap = sorted(r for r, n in p["trade_ratios"].items() if n < FACTS["trade"]["bank"])
        rows.append({
            "seat": seat, "name": p["name"], "points": shown, "leading": shown == best and best > 0,
            "current": view["current"] == seat, "badges": badges,
            "settlements": p["settlements"], "cities": p["cities"], "roads": p["roads"],
            "road_length": p["road_length"], "knights": p["knights"], "vp_cards": p.get("vp_cards"),
            "dev_cards": p["dev_cards"], "dev_cards_new": p["dev_cards_new"], "hand": p.get("hand"),
            "pieces_left": p["pieces_left"],
            "ratios": [(r, p["trade_ratios"][r]) for r in cheap],
        })
    return rows


def cost_rows() -> list[tuple[str, list[tuple[str, int]]]]:
    """(build, [(resource, count)…]) in the rulebook's order."""
    return [(b, [(r, n) for r, n in cost(b).items()]) for b in BUILDS]


def discard_for(text: str) -> int | None:
    """The robber's discard for a typed hand size (None if it is not a number)."""
    try:
        hand = int(text.strip())
    except ValueError:
        return None
    return robber_discard(hand) if hand >= 0 else None


# ----- drawing -------------------------------------------------------------------------

#: this screen's chips: 10 px either side of the text, and a whole row each
_chip = partial(chip, padding=10, fill_row=True)


def _harbor_label(ctx: GameContext, harbor: str | None) -> str:
    if harbor is None:
        return ctx.t("ui.no_harbor")
    if harbor == GENERIC:
        return ctx.t("ui.harbor.generic")
    return f"{ctx.t(f'ui.resource.{harbor}')} 2:1"


def _harbor_color(harbor: str | None) -> str:
    return "#616161" if harbor is None else GENERIC_COLOR if harbor == GENERIC else RESOURCE_COLORS[harbor]


def _harbor_row(ctx: GameContext, harbors: list[str | None], make: Callable[[str | None], Action]) -> ft.Control:
    return ft.Row([_chip(_harbor_label(ctx, x), _harbor_color(x), on_click=lambda e, x=x: ctx.dispatch(make(x)))
                   for x in harbors], wrap=True, spacing=6, run_spacing=6)


def _with_harbor(kind: str, seat: int) -> Callable[[str | None], Action]:
    def make(harbor: str | None) -> Action:
        return Action.make(kind, seat, harbor=harbor) if harbor else Action.make(kind, seat)
    return make


def _draw_setup(ctx: GameContext, ch: Choices) -> ft.Control:
    assert ch.seat is not None
    return ft.Column([
        section_title(ctx.t("action.place")),
        ft.Text(ctx.t("ui.settlement_tap"), size=14),
        _harbor_row(ctx, ch.place, _with_harbor("place", ch.seat)),
    ], spacing=6)


def _draw_turn(ctx: GameContext, ch: Choices) -> ft.Control:
    seat = ch.seat
    assert seat is not None
    buttons: list[ft.Control] = []
    if ch.city:
        buttons.append(big_button(ctx.t("action.build_city"), lambda e: ctx.dispatch(Action.make("build_city", seat))))
    if ch.road:
        buttons.append(big_button(ctx.t("action.build_road"), lambda e: ctx.dispatch(Action.make("build_road", seat))))
    if ch.road_longer is not None:
        n = ch.road_longer
        buttons.append(big_button(ctx.t("ui.road_longer", length=n),
                                  lambda e: ctx.dispatch(Action.make("build_road", seat, longest=n))))
    if ch.knight:
        buttons.append(big_button(ctx.t("action.knight"), lambda e: ctx.dispatch(Action.make("knight", seat))))
    for card in ch.progress:
        buttons.append(big_button(ctx.t(f"ui.card.{card}"),
                                  lambda e, c=card: ctx.dispatch(Action.make("progress", seat, card=c))))
    if ch.buy:
        kinds = list(ch.buy)
        buttons.append(big_button(ctx.t("action.buy_dev_card"), lambda e: _private_buy(ctx, seat, kinds),
                                  icon=ft.Icons.LOCK))
    parts: list[ft.Control] = [section_title(ctx.players[seat])]
    if ch.settlement:
        parts += [ft.Text(ctx.t("action.build_settlement"), size=15, weight=ft.FontWeight.W_600),
                  ft.Text(ctx.t("ui.settlement_tap"), size=14),
                  _harbor_row(ctx, ch.settlement, _with_harbor("build_settlement", seat))]
    parts.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
    if ch.end_turn:
        parts.append(big_button(ctx.t("action.end_turn"), lambda e: ctx.dispatch(Action.make("end_turn", seat)),
                                filled=True))
    return ft.Column(parts, spacing=8)


def _private_buy(ctx: GameContext, seat: int, kinds: list[str]) -> None:
    """The purchase is public (the button); which card it was, the buyer alone enters.  Every kind
    the public counts allow is offered: one the buyer's own hand rules out is refused to the buyer."""
    def form(done: Callable[[], None]) -> ft.Control:
        def pick(kind: str) -> None:
            if ctx.dispatch(Action.make("buy_dev_card", seat, card=kind)):
                done()
        return ft.Column([ft.Text(ctx.t("ui.buy_pick"), size=15),
                          ft.Row([_chip(ctx.t(f"ui.card.{k}"), CARD_COLOR, on_click=lambda e, k=k: pick(k))
                                  for k in kinds], wrap=True, spacing=6, run_spacing=6)], spacing=8)

    ctx.private(seat, ctx.t("action.buy_dev_card"), form)


def _hand_line(ctx: GameContext, hand: dict[str, int]) -> str:
    return ctx.join(f"{ctx.t(f'ui.card.{k}')} {ctx.num(n)}" for k, n in sorted(hand.items()) if n) or "—"


def _draw_cuts(ctx: GameContext, cuts: dict[int, list[int]]) -> ft.Control:
    rows: list[ft.Control] = []
    for seat, lengths in sorted(cuts.items()):
        pick = ft.Dropdown(options=[ft.DropdownOption(key=str(n), text=ctx.num(n)) for n in lengths],
                           value=str(lengths[-1]), label=ctx.t("ui.new_length"), width=160)

        def confirm(e: Any, seat: int = seat, pick: ft.Dropdown = pick) -> None:
            ctx.dispatch(Action.make("road_broken", seat, length=int(pick.value or 0)))

        rows.append(ft.Row([ft.Text(ctx.players[seat], size=15, color=ctx.player_color(seat), width=110),
                            pick, big_button(ctx.t("action.road_broken"), confirm)], wrap=True, spacing=8))
    return expander(ctx.t("action.road_broken"), rows)


def _draw_scoreboard(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    cards = []
    for row in scoreboard(view):
        seat = row["seat"]
        color = ctx.player_color(seat)
        head = ft.Row([ft.Text(row["name"], size=17, weight=ft.FontWeight.BOLD, color=color),
                       ft.Text(ctx.num(row["points"]), size=22, weight=ft.FontWeight.BOLD)],
                      alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
        left = row["pieces_left"]
        lines: list[ft.Control] = [
            head,
            ft.Text(f"{ctx.t('ui.settlements')} {ctx.num(row['settlements'])} · {ctx.t('ui.cities')} "
                    f"{ctx.num(row['cities'])} · {ctx.t('ui.roads')} {ctx.num(row['roads'])}", size=14),
            ft.Text(f"{ctx.t('ui.road_length')} {ctx.num(row['road_length'])} · {ctx.t('ui.knights')} "
                    f"{ctx.num(row['knights'])}", size=14),
            ft.Text(f"{ctx.t('ui.pieces_left')}{ctx.colon}{ctx.num(left['settlements'])} / {ctx.num(left['cities'])} / "
                    f"{ctx.num(left['roads'])}", size=13, italic=italic(ctx.lang)),
        ]
        lines.append(ft.Text(f"{ctx.t('ui.dev_cards')} {ctx.num(row['dev_cards'])}"
                             + (ctx.paren(f"{ctx.t('ui.bought_now')} {ctx.num(row['dev_cards_new'])}")
                                if row["dev_cards_new"] else ""), size=14))
        if row["vp_cards"] is not None:
            lines.append(ft.Text(f"{ctx.t('ui.vp_cards')} {ctx.num(row['vp_cards'])}", size=14))
        if row["badges"]:  # display only: a flat mark, never a button
            lines.append(ft.Row([board.mark(ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=16, color="#ffffff"),
                                                    ft.Text(ctx.t(f"ui.{b}"), size=14, color="#ffffff",
                                                            weight=ft.FontWeight.W_600)], spacing=4, tight=True),
                                            bgcolor="#6a1b9a", padding=6) for b in row["badges"]],
                                wrap=True, spacing=4))
        if row["ratios"]:
            lines.append(ft.Text(ctx.t("ui.trade") + ctx.colon + ctx.join([
                f"{ctx.t(f'ui.resource.{r}')} {n}:1" for r, n in row["ratios"]]), size=13))
        cards.append(player_card(lines, color, spacing=3, border=4 if row["current"] else 2))
    return wrap(cards)


def _draw_helpers(ctx: GameContext) -> ft.Control:
    costs = [ft.Text(ctx.t(f'ui.build.{b}') + ctx.colon + ctx.join([
        f"{ctx.num(n)} {ctx.t(f'ui.resource.{r}')}" for r, n in parts]), size=14) for b, parts in cost_rows()]
    result = ft.Text("", size=15, weight=ft.FontWeight.W_600)

    def typed(e: Any) -> None:
        value = discard_for(str(field_.value or ""))
        result.value = "" if value is None else ctx.t("ui.discard_line", discard=value)
        ctx.refresh_control(result)

    field_ = ft.TextField(label=ctx.t("ui.hand"), width=160, keyboard_type=ft.KeyboardType.NUMBER, on_change=typed)
    return expander(ctx.t("ui.helpers"), [
        ft.Text(ctx.t("ui.costs"), size=15, weight=ft.FontWeight.W_600), *costs,
        ft.Text(ctx.t("ui.robber"), size=15, weight=ft.FontWeight.W_600),
        ft.Row([field_, result], wrap=True, spacing=8),
    ])


def _end_rule(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    """The end rule in force, in a line, and its clause: the rulebook's (any player reaching
    the target ends the game) or the option own_turn's."""
    line, clause = (("ui.target_line_own_turn", "catan.end.own_turn") if view["own_turn"]
                    else ("ui.target_line", "catan.end.win"))
    found = library.clause(clause, ctx.lang)
    label = ctx.ui("Rule: {title}", title=found["title"]) if found else ctx.ui("Rule")
    return ft.Column([ft.Text(ctx.t(line, target=view["target"]), size=14),
                      ft.TextButton(label, icon=ft.Icons.MENU_BOOK, height=TOUCH,
                                    on_click=lambda e: ctx.open_clause(clause))], spacing=0)


def _own_cards(ctx: GameContext) -> ft.Control | None:
    """This device's own hand (its seat's observation), never another's."""
    mine = ctx.observation.get("private") or {}
    if ctx.seat is None or "hand" not in mine:
        return None
    line = ctx.t("ui.your_cards") + ctx.colon + _hand_line(ctx, mine["hand"])
    if mine.get("hand_new"):
        line += ctx.paren(ctx.t("ui.bought_now") + ctx.colon + _hand_line(ctx, mine["hand_new"]))
    return ft.Text(line, size=14, weight=ft.FontWeight.W_600)


# ----- "Why?": everyone's points by source (teaching play) --------------------------------------------
def account_lines(ctx: GameContext) -> list[tuple[str, list[str]]]:
    """Each player's points by source, from the public view (a settlement, a city, Longest Road,
    Largest Army; Victory Point cards once the game is over and the view shows them: until then
    they are their owners' secret), then who holds each special card and why."""
    view, t, pts = ctx.view, ctx.t, FACTS["points"]
    sums: list[str] = []
    rows = sorted(enumerate(view["players"]), key=lambda r: (-r[1].get("score", r[1]["points"]), r[0]))
    for seat, p in rows:
        items = []
        for key, what, each in (("settlements", "ui.settlements", pts["settlement"]),
                                ("cities", "ui.cities", pts["city"]),
                                ("vp_cards", "ui.vp_cards", pts["victory_point"])):
            if p.get(key):
                items.append(t("ui.why.item", what=t(what), count=p[key], each=each))
        for award, points in (("longest_road", pts["longest_road"]), ("largest_army", pts["largest_army"])):
            if p[award]:
                items.append(t("ui.why.award", what=t(f"ui.{award}"), points=points))
        total = p.get("score", p["points"])
        sums.append(t("ui.why.total", player=seat, sum=" + ".join(items), total=total) if items
                    else t("ui.why.nothing", player=seat))
    awards = []
    road, army = view["longest_road"], view["largest_army"]
    awards.append(t("ui.why.road_held", player=road, length=view["players"][road]["road_length"],
                    min=FACTS["longest_road_min"]) if road is not None else
                  t("ui.why.road_none", min=FACTS["longest_road_min"]))
    awards.append(t("ui.why.army_held", player=army, knights=view["players"][army]["knights"],
                    min=FACTS["largest_army_min"]) if army is not None else
                  t("ui.why.army_none", min=FACTS["largest_army_min"]))
    if any(p.get("vp_cards") is None for p in view["players"]):
        awards.append(t("ui.why.hidden"))
    awards.append(t("ui.target_line_own_turn" if view["own_turn"] else "ui.target_line", target=view["target"]))
    return [("", sums), ("", awards)]


def account(ctx: GameContext, clause: str | None = None) -> tuple[str, list[ft.Control]]:
    """Teaching play's "Why?" of the points (``account_lines``)."""
    body: list[ft.Control] = []
    for i, (_title, sentences) in enumerate(account_lines(ctx)):
        body += [ft.Text(s, size=16 if i == 0 else 15, weight=ft.FontWeight.W_600 if i == 0 else None)
                 for s in sentences]
    return ctx.t("ui.why.title"), body


def build(ctx: GameContext) -> ft.Control:
    view = ctx.view
    ch = read_choices(ctx.legal)
    parts: list[ft.Control] = [_end_rule(ctx, view), ft.Text(ctx.t("ui.deck_left", left=view["deck_left"]), size=14)]
    own = _own_cards(ctx)
    if own is not None:
        parts.append(own)
    if ctx.state.phase == "setup" and ch.seat is not None:
        parts.append(_draw_setup(ctx, ch))
    elif ctx.state.phase == "play" and ch.seat is not None:
        parts.append(_draw_turn(ctx, ch))
    parts.append(_draw_scoreboard(ctx, view))
    if ch.cuts:
        parts.append(_draw_cuts(ctx, ch.cuts))
    parts.append(_draw_helpers(ctx))
    return ft.Column(parts, spacing=12)
