"""Niagara screen: the weather track and this round's flow up front, the river
drawn as a ladder of spaces from the shore to the falls (the arms side by side,
the gem sites beside their spaces, every canoe on its space with its gem), each
player's cards still in hand, banked gems and what each still needs; then one
form for the decision at hand (the revealed cards, the weather, buying back,
the canoes' moves) and the table's corrections.

Contract: ``companion/ui/context.py``.  The decisions live in the plain
functions and form classes at the top (tested without a page); the ``_draw_*``
functions only turn them into Flet controls.  The board is read from
``ctx.view`` and every choice offered comes from ``ctx.legal``, so the screen
never offers a refused move; of the engine it imports only ``games.niagara.public``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import flet as ft

from ...core.actions import Action
from ...games.niagara.public import FALLS, LOST, SHORE, NiagaraState, facts
from ..context import GameContext
from ..widgets import FormPanel, big_button, confirm_button, italic, player_card, section_title, wrap

#: gem colours (background, text)
GEM_HEX: dict[str, tuple[str, str]] = {
    "violet": ("#7e57c2", "#ffffff"),
    "white": ("#eceff1", "#212121"),
    "yellow": ("#fbc02d", "#212121"),
    "blue": ("#1e88e5", "#ffffff"),
    "pink": ("#ec407a", "#ffffff"),
}
WATER = "#e3f2fd"
CLOUD = "cloud"
PLAN_KEYS = ("", "_unload", "_load", "_gems", "_rob_player", "_rob_canoe")
#: one canoe's part of a paddle action: (argument suffix, value) pairs
Plan = tuple[tuple[str, Any], ...]


# ----- plain screen logic ------------------------------------------------------------
def weather_cells(view: Mapping[str, Any]) -> list[tuple[int, bool]]:
    """The weather track, each step with whether the cloud is on it."""
    return [(w, w == view["weather"]) for w in view["weather_track"]]


def flow_figure(view: Mapping[str, Any]) -> tuple[str, int | None]:
    """("flow", n) once all of this round's cards are turned over, else ("last_flow", n or None)."""
    if view["flow"] is not None:
        return "flow", view["flow"]
    return "last_flow", view["last_flow"]


def river_rows() -> list[list[str]]:
    """Spaces from the rope down, the arms side by side: [[1], …, [5], [L6, R6], [L7, R7]]."""
    river = facts().river
    rows: list[list[str]] = []
    by_depth: dict[int, list[str]] = {}
    for space in river.order:
        by_depth.setdefault(river.depth[space], []).append(space)
    for depth in sorted(by_depth):
        rows.append(by_depth[depth])
    return rows


def canoes_at(view: Mapping[str, Any]) -> dict[str, list[tuple[int, int, str | None]]]:
    """Place (space, SHORE, LOST) -> [(seat, canoe number, gem)], seats in order."""
    out: dict[str, list[tuple[int, int, str | None]]] = {}
    for seat, player in enumerate(view["players"]):
        for k, canoe in enumerate(player["canoes"], start=1):
            out.setdefault(canoe["where"], []).append((seat, k, canoe["gem"]))
    return out


def site_beside(space: str) -> str | None:
    return facts().river.ports.get(space)


def player_rows(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{"seat": seat, "name": p["name"], "hand": p["hand"], "bank": p["bank"], "needs": p["needs"],
             "goal": p["goal"], "ashore": sum(c["where"] == SHORE for c in p["canoes"]),
             "lost": sum(c["where"] == LOST for c in p["canoes"])}
            for seat, p in enumerate(view["players"])]


@dataclass
class RevealForm:
    """Everyone's face-up card, tapped in seat by seat."""

    picks: dict[int, Any] = field(default_factory=dict)

    def choose(self, seat: int, card: Any) -> None:
        if self.picks.get(seat) == card:
            del self.picks[seat]
        else:
            self.picks[seat] = card

    def complete(self, players: int) -> bool:
        return all(s in self.picks for s in range(players))

    def action(self, players: int) -> Action | None:
        if not self.complete(players):
            return None
        return Action.make("reveal", None, cards=[self.picks[s] for s in range(players)])

    def attempt(self, players: int) -> Action:
        """What "Enter the cards" sends: the complete entry, or the cards
        chosen so far (which the referee refuses, saying what is missing)."""
        return self.action(players) or Action.make(
            "reveal", None, cards=[self.picks[s] for s in range(players) if s in self.picks])


def plan_of(action: Action, k: int) -> Plan | None:
    """Canoe ``k``'s part of a ``paddle`` action (None: it stays ashore)."""
    key = f"canoe{k}"
    if key not in action:
        return None
    return tuple((suffix, action[key + suffix]) for suffix in PLAN_KEYS if key + suffix in action)


@dataclass
class PaddleForm:
    """A number card's turn: one plan per canoe, canoe 1 first, each list
    narrowed to the legal turns that fit the plans already picked."""

    options: list[Action]
    picks: dict[int, Plan | None] = field(default_factory=dict)
    first: int | None = None

    def canoes(self) -> list[int]:
        """The canoes that take part in at least one legal turn."""
        return sorted({k for a in self.options for k in range(1, facts().canoes + 1) if plan_of(a, k) is not None})

    def _fits(self, action: Action, below: int) -> bool:
        return all(plan_of(action, k) == plan for k, plan in self.picks.items() if k < below)

    def plans(self, k: int) -> list[Plan | None]:
        """Canoe k's plans that fit the picks for the canoes before it (None: stays ashore)."""
        out: list[Plan | None] = []
        for a in self.options:
            plan = plan_of(a, k)
            if self._fits(a, k) and plan not in out:
                out.append(plan)
        return out

    def __post_init__(self) -> None:
        self._autofill()

    def _autofill(self) -> None:
        """A canoe left with a single possible plan needs no tap."""
        for k in self.canoes():
            if k not in self.picks:
                plans = self.plans(k)
                if len(plans) != 1:
                    return
                self.picks[k] = plans[0]

    def pick(self, k: int, plan: Plan | None) -> None:
        self.picks[k] = plan
        for later in [j for j in self.picks if j > k]:
            del self.picks[later]
        self.first = None
        self._autofill()

    def complete(self) -> bool:
        return all(k in self.picks for k in self.canoes())

    def candidates(self) -> list[Action]:
        if not self.complete():
            return []
        return [a for a in self.options if self._fits(a, facts().canoes + 1)]

    def orders(self) -> list[int]:
        """Canoe numbers that may act first, when the picked plans allow both orders."""
        firsts = sorted({a.get("first", 1) for a in self.candidates()})
        return firsts if len(firsts) > 1 else []

    def action(self) -> Action | None:
        found = [a for a in self.candidates() if self.first is None or a.get("first", 1) == self.first]
        return found[0] if len(found) == 1 else None


def plan_words(plan: Plan | None) -> list[tuple[str, dict[str, Any]]]:
    """A plan as message keys with parameters, in the order things happen."""
    if plan is None:
        return [("ui.plan_stay", {})]
    parts = dict(plan)
    to = parts[""]
    gems: list[tuple[str, dict[str, Any]]] = []
    if parts.get("_unload"):
        gems.append(("ui.plan_unload", {}))
    if parts.get("_load"):
        gems.append(("ui.plan_load", {"colour": parts["_load"]}))
    move = [("ui.plan_land", {}) if to == SHORE else ("ui.plan_falls", {}) if to == FALLS
            else ("ui.plan_move", {"place": to})]
    words = gems + move if parts.get("_gems") == "before" else move + gems
    if "_rob_player" in parts:
        words.append(("ui.plan_rob", {"target_player": parts["_rob_player"], "target_canoe": parts["_rob_canoe"]}))
    return words


def read_turn(legal: Sequence[Action]) -> dict[str, list[Action]]:
    by_type: dict[str, list[Action]] = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    return by_type


# ----- drawing -------------------------------------------------------------------------
def _place_name(ctx: GameContext, place: str) -> str:
    if place in (SHORE, FALLS, LOST):
        return ctx.t(f"ui.{place}")
    return place


def _gem_name(ctx: GameContext, colour: str) -> str:
    return ctx.t(f"ui.gem.{colour}")


def correction_choices(ctx: GameContext, move: str, name: str) -> list[tuple[str, str]] | None:
    """Where a corrected gem can come from or go to, by name: each gem site, the
    spare gems, each player's banked gems, each canoe in the river (the engine's
    ``site:<colour>``, ``spare``, ``bank:<seat>``, ``canoe:<seat>:<canoe>``)."""
    if move != "correct_gem" or name not in ("source", "target"):
        return None
    view = ctx.view
    out = [(f"site:{c}", ctx.t("ui.place_site", colour=_gem_name(ctx, c))) for c in view["sites"]]
    out.append(("spare", ctx.t("ui.place_spare")))
    out += [(f"bank:{seat}", ctx.t("ui.place_bank", player=seat)) for seat in range(len(ctx.players))]
    out += [(f"canoe:{seat}:{k}", ctx.t("ui.place_canoe", player=seat, canoe=k))
            for seat, p in enumerate(view["players"]) for k, canoe in enumerate(p["canoes"], start=1)
            if canoe["where"] not in (SHORE, LOST)]
    return out


def _card_name(ctx: GameContext, card: Any) -> str:
    return ctx.t("ui.cloud") if card == CLOUD else ctx.num(card)


def _plan_text(ctx: GameContext, plan: Plan | None) -> str:
    sep = "，" if ctx.lang != "en" else ", "
    out = []
    for key, params in plan_words(plan):
        if "place" in params:
            params = {**params, "place": _place_name(ctx, params["place"])}
        if "colour" in params:
            params = {**params, "colour": _gem_name(ctx, params["colour"])}
        out.append(ctx.t(key, **params))
    return sep.join(out)



def _chip(text: str, bg: str, fg: str = "#212121", size: int = 14, width: int | None = None,
          height: int = 30, border: str | None = None, on_click: Callable[[Any], None] | None = None,
          selected: bool = False) -> ft.Control:
    """A coloured label; with a width its text is centred, without one it
    shrinks to its text (a centred Container would fill the whole row).  A
    width too narrow for the text grows to fit it (never "clo/ud")."""
    if width is not None:
        wide = any(ord(c) >= 0x2E80 for c in text)
        width = max(width, int(size * (1.05 if wide else 0.62) * len(text)) + 16)
    return ft.Container(
        content=ft.Text(text, size=size, color=fg, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER),
        bgcolor=bg, width=width, height=height, border_radius=8,
        alignment=ft.Alignment.CENTER if width is not None else None,
        border=ft.Border.all(4 if selected else 1, "#1565c0" if selected else (border or "#90a4ae")),
        padding=ft.Padding.symmetric(horizontal=6, vertical=2), on_click=on_click)


def _gem_chip(ctx: GameContext, colour: str, count: int | None = None) -> ft.Control:
    bg, fg = GEM_HEX.get(colour, ("#bdbdbd", "#212121"))
    text = _gem_name(ctx, colour) + ("" if count is None else f" ×{ctx.num(count)}")
    return _chip(text, bg, fg, size=13, height=28)


def _canoe_chip(ctx: GameContext, seat: int, k: int, gem: str | None) -> ft.Control:
    name = ctx.players[seat]
    label = f"{name[:6]} {ctx.num(k)}" + (f" · {_gem_name(ctx, gem)}" if gem else "")
    border = GEM_HEX[gem][0] if gem else "#ffffff"
    return ft.Container(
        content=ft.Text(label, size=13, color="#ffffff", weight=ft.FontWeight.W_600),
        bgcolor=ctx.player_color(seat), border_radius=14, height=28,
        padding=ft.Padding.symmetric(horizontal=8, vertical=2), border=ft.Border.all(3, border))


def _draw_weather(ctx: GameContext, state: NiagaraState, view: Mapping[str, Any]) -> ft.Control:
    cells = [_chip(("+" if w > 0 else "") + ctx.num(w), "#0277bd" if on else "#eceff1",
                   "#ffffff" if on else "#455a64", size=18, width=56, height=ctx.TOUCH)
             for w, on in weather_cells(view)]
    kind, flow = flow_figure(view)
    figure = "—" if flow is None else ctx.num(flow)
    lines: list[ft.Control] = [
        ft.Row([ft.Text(ctx.t("ui.weather"), size=16, weight=ft.FontWeight.BOLD), *cells], wrap=True,
               spacing=6, run_spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.Text(f"{ctx.t('ui.' + kind)}{ctx.colon}{figure}", size=22 if kind == "flow" else 16,
                weight=ft.FontWeight.BOLD),
        ft.Text(f"{ctx.t('ui.round')} {ctx.num(view['round'])} · {ctx.t('ui.lifebuoy')}{ctx.colon}"
                f"{ctx.players[view['lifebuoy']]} · {ctx.t('ui.fork_next')}{ctx.colon}"
                f"{ctx.t('ui.' + view['fork_next'])}", size=14),
    ]
    if state.phase == "turn":
        # cards still face down (turned over on their owner's turn) show as "?"
        played = ctx.join(f"{ctx.players[s]} {'?' if c is None else _card_name(ctx, c)}"
                                for s, c in enumerate(view["cards"]))
        lines.append(ft.Text(played, size=14))
    return ft.Container(content=ft.Column(lines, spacing=6), padding=10, border_radius=10, bgcolor=WATER)


def _draw_space(ctx: GameContext, view: Mapping[str, Any], space: str, boats: dict[str, list],
                width: int) -> ft.Control:
    site = site_beside(space)
    head: list[ft.Control] = [ft.Text(space, size=15, weight=ft.FontWeight.BOLD)]
    if site is not None:
        pile = view["sites"][site]
        text = ctx.join(f"{_gem_name(ctx, c)} {ctx.num(n)}" for c, n in pile.items()) or ctx.num(0)
        head.append(_chip(text, GEM_HEX[site][0], GEM_HEX[site][1], size=12, height=26))
    chips = [_canoe_chip(ctx, seat, k, gem) for seat, k, gem in boats.get(space, [])]
    return ft.Container(
        content=ft.Column([ft.Row(head, wrap=True, spacing=4), ft.Row(chips, wrap=True, spacing=4, run_spacing=4)],
                          spacing=4),
        bgcolor=WATER, border_radius=8, padding=6, width=width, border=ft.Border.all(1, "#90caf9"))


def _draw_river(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    boats = canoes_at(view)
    ashore = [_canoe_chip(ctx, seat, k, gem) for seat, k, gem in boats.get(SHORE, [])]
    lost = [_canoe_chip(ctx, seat, k, gem) for seat, k, gem in boats.get(LOST, [])]
    rows: list[ft.Control] = [
        ft.Text(f"{ctx.t('ui.shore')}", size=15, weight=ft.FontWeight.BOLD),
        ft.Row(ashore, wrap=True, spacing=4, run_spacing=4),
    ]
    for row in river_rows():
        width = 340 if len(row) == 1 else 168
        rows.append(ft.Row([_draw_space(ctx, view, s, boats, width) for s in row], wrap=True, spacing=4))
    rows.append(ft.Container(content=ft.Text(ctx.t("ui.falls"), size=15, weight=ft.FontWeight.BOLD,
                                             color="#ffffff"), bgcolor="#546e7a", border_radius=8, padding=6,
                             width=340))
    if lost:
        rows += [ft.Text(ctx.t("ui.lost"), size=14), ft.Row(lost, wrap=True, spacing=4, run_spacing=4)]
    return ft.Column([section_title(ctx.t("ui.river")), *rows], spacing=4)


def _needs_text(ctx: GameContext, row: dict[str, Any]) -> str:
    n = row["needs"]
    return ctx.t("ui.needs_text", same=n["same_colour"], different=n["different_colours"], any=n["any_colours"])


def _draw_players(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    cards = []
    for row in player_rows(view):
        seat = row["seat"]
        hand = [_chip(_card_name(ctx, c), "#fff8e1", size=14, width=34) for c in row["hand"]]
        bank = [_gem_chip(ctx, c, n) for c, n in row["bank"].items()]
        lines: list[ft.Control] = [
            ft.Text(row["name"], size=17, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
            ft.Text(ctx.t("ui.hand"), size=13),
            ft.Row(hand, wrap=True, spacing=4, run_spacing=4),
            ft.Text(ctx.t("ui.bank"), size=13),
            ft.Row(bank, wrap=True, spacing=4, run_spacing=4) if bank else ft.Text("—", size=13),
            ft.Text(ctx.t("ui.goal_met") if row["goal"] else _needs_text(ctx, row), size=14,
                    weight=ft.FontWeight.BOLD if row["goal"] else None),
        ]
        cards.append(player_card(lines, ctx.player_color(seat)))
    return wrap(cards)


def _draw_reveal(ctx: GameContext, view: Mapping[str, Any]) -> ft.Control:
    panel = FormPanel(ctx, RevealForm(), lambda p: _draw_reveal_form(p, view))
    return ft.Column([section_title(ctx.t("action.reveal")), panel.control], spacing=6)


def _draw_reveal_form(panel: FormPanel[RevealForm], view: Mapping[str, Any]) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    n = len(view["players"])
    rows: list[ft.Control] = []
    for seat in view["order"]:
        chips = [_chip(_card_name(ctx, c), "#fff8e1", size=18, width=48, height=ctx.TOUCH,
                       selected=form.picks.get(seat) == c, on_click=panel.on(lambda s=seat, c=c: form.choose(s, c)))
                 for c in view["players"][seat]["hand"]]
        rows += [ft.Text(ctx.t("ui.choose_card", player=seat), size=14, color=ctx.player_color(seat)),
                 ft.Row(chips, wrap=True, spacing=6, run_spacing=6)]
    # never a hidden or pale button: until every card is chosen it says why
    # (with the rule), and pressing it shows the refusal
    rows.append(confirm_button(ctx, ctx.t("ui.enter_cards"), form.attempt(n), form.complete(n)))
    return ft.Column(rows, spacing=6)


def _draw_paddle(ctx: GameContext, view: Mapping[str, Any], seat: int, options: list[Action]) -> ft.Control:
    panel = FormPanel(ctx, PaddleForm(options), _draw_paddle_form)
    card = view["cards"][seat]
    return ft.Column([section_title(ctx.t("ui.paddle_title", player=seat, card=_card_name(ctx, card))),
                      panel.control], spacing=6)


def _draw_paddle_form(panel: FormPanel[PaddleForm]) -> ft.Control:
    ctx, form = panel.ctx, panel.form
    parts: list[ft.Control] = []
    if not form.canoes():
        parts += [ft.Text(ctx.t("ui.nothing_to_move"), size=14),
                  big_button(ctx.t("ui.confirm"), lambda e: panel.send(form.options[0]), filled=True)]
        return ft.Column(parts, spacing=6)
    for k in form.canoes():
        if k > 1 and (k - 1) in form.canoes() and (k - 1) not in form.picks:
            break
        parts.append(ft.Text(ctx.t("ui.canoe_n", canoe=k), size=15, weight=ft.FontWeight.BOLD))
        buttons = [big_button(_plan_text(ctx, plan), panel.on(lambda k=k, plan=plan: form.pick(k, plan)),
                              filled=k in form.picks and form.picks[k] == plan) for plan in form.plans(k)]
        parts.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    orders = form.orders()
    if orders:
        parts.append(ft.Row([big_button(ctx.t("ui.first", canoe=o), panel.on(lambda o=o: setattr(form, "first", o)),
                                        filled=form.first == o) for o in orders], wrap=True, spacing=6))
    action = form.action()
    if action is not None:
        parts.append(big_button(ctx.t("ui.confirm"), lambda e: panel.send(action), icon=ft.Icons.CHECK))
    return ft.Column(parts, spacing=6)


def _draw_turn(ctx: GameContext, state: NiagaraState, legal: Sequence[Action]) -> list[ft.Control]:
    seat = state.current()
    if seat is None:
        return []
    by_type = read_turn(legal)
    parts: list[ft.Control] = []
    if "card" in by_type:
        # the rulebook's way: the player turns his face-down card over now and it is entered
        chips = [_chip(_card_name(ctx, a["card"]), "#fff8e1", size=18, width=48, height=ctx.TOUCH,
                       on_click=lambda e, a=a: ctx.dispatch(a)) for a in by_type["card"]]
        parts += [section_title(ctx.t("ui.turn_card_title", player=seat)),
                  ft.Row(chips, wrap=True, spacing=6, run_spacing=6)]
    if "buy_back" in by_type:
        parts.append(ft.Row([big_button(ctx.t("ui.buy_back", canoe=a["canoe"], colour=_gem_name(ctx, a["gem"])),
                                        lambda e, a=a: ctx.dispatch(a)) for a in by_type["buy_back"]],
                            wrap=True, spacing=6, run_spacing=6))
    if "weather" in by_type:
        parts += [section_title(ctx.t("action.weather")),
                  ft.Row([big_button(ctx.t(f"ui.{a['direction']}"), lambda e, a=a: ctx.dispatch(a), filled=True)
                          for a in by_type["weather"]], wrap=True, spacing=8)]
    if "paddle" in by_type:
        parts.append(_draw_paddle(ctx, ctx.view, seat, by_type["paddle"]))
    return parts


def _draw_end(ctx: GameContext, state: NiagaraState) -> ft.Control:
    if state.winners:
        return section_title(ctx.t("ui.winners", players=list(state.winners)))
    return section_title(ctx.t("ui.no_winner"))


def build(ctx: GameContext) -> ft.Control:
    state: NiagaraState = ctx.state
    view = ctx.view
    parts: list[ft.Control] = [_draw_weather(ctx, state, view),
                               ft.Text(ctx.t("ui.entry_at_once" if state.cards_at_once else "ui.entry_each_turn"),
                                       size=13, italic=italic(ctx.lang))]
    if state.phase == "reveal":
        parts.append(_draw_reveal(ctx, view))
    elif state.phase == "turn":
        parts += _draw_turn(ctx, state, ctx.legal)
    else:
        parts.append(_draw_end(ctx, state))
    parts += [_draw_river(ctx, view), section_title(ctx.t("ui.players")), _draw_players(ctx, view)]
    return ft.Column(parts, spacing=12)
