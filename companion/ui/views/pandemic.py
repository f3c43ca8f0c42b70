"""Pandemic screen: the counters beside the board (infection rate, outbreaks,
cubes per colour, stations, decks), warnings before a loss, the epidemic
checklist, and one form per phase — roles, setup infections, the current
player's actions, player-card draws, infection cards, hand-limit discards —
with events and the medic's free removal always at hand.

Contract: ``companion/ui/context.py``.  The decisions live in the plain
functions and :class:`InfectForm` at the top (tested without a page); the
``_draw_*`` functions only turn them into Flet controls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import flet as ft

from ...core.actions import Action
from ...games.pandemic.public import COLOURS, EVENTS, PandemicState, fact
from ..context import GameContext
from ..widgets import FormPanel, big_button, chip, expander, italic, player_card, section_title, wrap

COLOUR_HEX = {"blue": "#1565c0", "yellow": "#f9a825", "black": "#424242", "red": "#c62828"}
LOW_CUBES = 6


# ----- plain screen logic ------------------------------------------------------------
def warnings(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Message keys (with params) for every loss that is one step away."""
    out: list[tuple[str, dict[str, Any]]] = []
    if view["result"]:
        return out
    if view["outbreaks"] == view["outbreak_limit"] - 1:
        out.append(("ui.warn_outbreaks", {}))
    for colour, d in view["diseases"].items():
        if d["status"] != "eradicated" and d["supply"] <= LOW_CUBES:
            out.append(("ui.warn_cubes", {"colour": colour, "left": d["supply"]}))
    draws = fact("cards_drawn_per_turn")
    turns = view["player_deck"] // draws
    if turns <= 2:
        out.append(("ui.warn_deck", {"turns": turns}))
    return out


def checklist(view: dict[str, Any]) -> list[tuple[str, bool]]:
    """The epidemic's three steps with done flags (empty outside an epidemic)."""
    steps = view["epidemic_checklist"]
    if not steps:
        return []
    return [(step, bool(steps[step])) for step in ("increase", "infect", "intensify")]


def group(actions: Sequence[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for action in actions:
        out.setdefault(action.type, []).append(action)
    return out


@dataclass
class InfectForm:
    """One infection card being entered: colour, cubes placed, outbreaks caused."""

    epidemic: bool
    colour: str | None = None
    cubes: int = 1
    outbreaks: int = 0

    def expected(self, view: dict[str, Any]) -> int:
        if self.colour is not None and view["diseases"][self.colour]["status"] == "eradicated":
            return 0
        return int(fact("epidemic_cubes")) if self.epidemic else 1

    def pick(self, view: dict[str, Any], colour: str) -> None:
        self.colour = colour
        self.outbreaks = 0
        self.cubes = self.expected(view)

    def step_cubes(self, delta: int) -> None:
        self.cubes = max(0, min(int(fact("cubes_per_colour")), self.cubes + delta))

    def step_outbreaks(self, delta: int) -> None:
        self.outbreaks = max(0, min(int(fact("outbreak_limit")), self.outbreaks + delta))

    def action(self) -> Action | None:
        if self.colour is None:
            return None
        return Action.make("infect", colour=self.colour, cubes=self.cubes, outbreaks=self.outbreaks)


def action_text(ctx: GameContext, action: Action) -> str:
    """A button label naming colours, roles and events in the reader's language."""
    a = action.to_json()
    kind = action.type
    if kind == "role":
        return ctx.t(f"ui.{a['role']}")
    if kind == "setup_infect":
        return ctx.t(f"ui.{a['colour']}")
    if kind == "first_player":
        return ctx.players[a["player"]]
    if kind == "move":
        return ctx.t(f"ui.{a['how']}")
    if kind == "treat":
        return ctx.t("ui.treat_button", colour=ctx.t(f"ui.{a['colour']}"), cubes=a["cubes"])
    if kind in ("build", "pass_actions"):
        return ctx.t(f"ui.{kind}")
    if kind == "cure":
        return ctx.t("ui.cure_button", colour=ctx.t(f"ui.{a['colour']}"))
    if kind == "share":
        return ctx.t("ui.share_button", from_player=a["from_player"], to_player=a["to_player"])
    if kind == "draw":
        return ctx.t(f"ui.{a['card']}")
    if kind == "discard":
        return ctx.t("ui.discard_button", player=a["player"], cards=a["cards"])
    if kind == "event":
        return ctx.t(f"ui.{a['card']}")
    if kind == "medic_clears":
        return ctx.t("ui.treat_button", colour=ctx.t(f"ui.{a['colour']}"), cubes=a["cubes"])
    return ctx.action_label(action)


# ----- drawing -------------------------------------------------------------------------

def _action_buttons(ctx: GameContext, actions: Sequence[Action], color: str = "#37474f") -> ft.Control:
    def button(a: Action) -> ft.Control:
        c = COLOUR_HEX.get(a.get("colour"), color)
        return chip(action_text(ctx, a), c, on_click=lambda e, a=a: ctx.dispatch(a))
    return wrap([button(a) for a in actions])


def _draw_counters(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    lines = [
        ctx.t("ui.rate_line", rate=view["infection_rate"], space=view["rate_index"] + 1,
              spaces=len(view["rate_track"])),
        ctx.t("ui.outbreak_line", count=view["outbreaks"], limit=view["outbreak_limit"]),
        ctx.t("ui.stations_line", stations=view["stations"], limit=fact("components")["research_stations"]),
        ctx.t("ui.player_deck_line", deck=view["player_deck"], discard=view["player_discard"],
              epidemics=view["epidemics_drawn"], total=view["epidemics"]),
        ctx.t("ui.infection_deck_line", deck=view["infection_deck"], discard=view["infection_discard"]),
    ]
    if view["pile"]:
        p = view["pile"]
        status = ctx.t("ui.pile_done" if p["epidemic_drawn"] else "ui.pile_pending")
        lines.append(ctx.t("ui.pile", pile=p["pile"], piles=p["piles"], left=p["left"], status=status))
    if view["quiet_night"]:
        lines.append(ctx.t("ui.quiet_night"))
    parts: list[ft.Control] = [ft.Text(line, size=15) for line in lines]
    for key, params in warnings(view):
        if "colour" in params:
            params = {**params, "colour": ctx.t(f"ui.{params['colour']}")}
        parts.append(ft.Text(ctx.t(key, **params), size=15, color="#c62828", weight=ft.FontWeight.BOLD))
    return ft.Column(parts, spacing=2)


def _draw_diseases(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    cards = []
    for colour in COLOURS:
        d = view["diseases"][colour]
        cards.append(ft.Container(
            content=ft.Column([
                ft.Text(ctx.t(f"ui.{colour}"), size=16, weight=ft.FontWeight.BOLD, color=COLOUR_HEX[colour]),
                ft.Text(ctx.t(f"ui.{d['status']}"), size=14),
                ft.Text(f"{ctx.t('ui.on_board')}{ctx.colon}{ctx.num(d['on_board'])}", size=14),
                ft.Text(f"{ctx.t('ui.cubes_left')}{ctx.colon}{ctx.num(d['supply'])}", size=14,
                        color="#c62828" if d["supply"] <= LOW_CUBES else None),
            ], spacing=2),
            padding=10, border_radius=10, width=160, border=ft.Border.all(2, COLOUR_HEX[colour])))
    return wrap(cards)


def _draw_players(ctx: GameContext, state: PandemicState, view: dict[str, Any]) -> ft.Control:
    cards = []
    for seat, p in enumerate(view["players"]):
        role = ctx.t(f"ui.{p['role']}") if p["role"] else "—"
        lines: list[ft.Control] = [
            ft.Text(p["name"], size=16, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
            ft.Text(role, size=14),
            ft.Text(f"{ctx.t('ui.hand')}{ctx.colon}{ctx.num(p['hand'])} / {ctx.num(view['hand_limit'])}", size=14,
                    color="#c62828" if p["over_limit"] else None),
        ]
        if state.phase in ("actions", "draw") and state.turn == seat:
            lines.append(ft.Text(ctx.t("ui.their_turn"), size=14, italic=italic(ctx.lang)))
        cards.append(player_card(lines, ctx.player_color(seat), width=170, spacing=2))
    return wrap(cards)


def _draw_infect_form(ctx: GameContext, view: dict[str, Any], epidemic: bool) -> ft.Control:
    def stepper(panel: FormPanel[InfectForm], label: str, value: int, step: Callable[[int], None]) -> ft.Control:
        return ft.Row([ft.Text(label, size=15, width=150),
                       chip("−", "#37474f", on_click=panel.on(lambda: step(-1)), width=52),
                       ft.Text(ctx.num(value), size=18, weight=ft.FontWeight.BOLD, width=40,
                               text_align=ft.TextAlign.CENTER),
                       chip("+", "#37474f", on_click=panel.on(lambda: step(1)), width=52)],
                      wrap=True, spacing=6)

    def draw(panel: FormPanel[InfectForm]) -> ft.Control:
        form = panel.form
        parts: list[ft.Control] = [wrap([
            chip(ctx.t(f"ui.{c}"), COLOUR_HEX[c], selected=form.colour == c,
                 on_click=panel.on(lambda c=c: form.pick(view, c)), width=100)
            for c in COLOURS])]
        if form.colour is not None:
            parts += [stepper(panel, ctx.t("ui.cubes"), form.cubes, form.step_cubes),
                      stepper(panel, ctx.t("ui.outbreaks_caused"), form.outbreaks, form.step_outbreaks),
                      big_button(ctx.t("ui.confirm_infection"), lambda e: panel.send(form.action()), filled=True)]
        return ft.Column(parts, spacing=8)

    return FormPanel(ctx, InfectForm(epidemic), draw).control


def _draw_phase(ctx: GameContext, state: PandemicState, view: dict[str, Any]) -> list[ft.Control]:
    legal = group(ctx.legal)
    phase = state.phase
    if phase == "roles":
        return [section_title(ctx.t("ui.pick_role")), _action_buttons(ctx, legal.get("role", []))]
    if phase == "setup_infect":
        params = ctx.game.prompt(state)["params"]
        return [section_title(ctx.t("ui.setup_card", **params)), _action_buttons(ctx, legal["setup_infect"])]
    if phase == "first":
        return [section_title(ctx.t("phase.first")),
                wrap([chip(name, ctx.player_color(i),
                           on_click=lambda e, i=i: ctx.dispatch(Action.make("first_player", i)))
                      for i, name in enumerate(ctx.players)])]
    if phase == "actions":
        out: list[ft.Control] = [section_title(ctx.t("ui.actions_left", left=view["actions_left"]))]
        for kind in ("move", "build", "treat", "cure", "share", "pass_actions"):
            if legal.get(kind):
                out.append(_action_buttons(ctx, legal[kind]))
        return out
    if phase == "draw":
        return [section_title(ctx.t("ui.draw_title")), _action_buttons(ctx, legal.get("draw", []))]
    if phase in ("epidemic_infect", "epidemic_intensify"):
        # icons, not ✓/○: the bundled font has no such symbols
        steps = [ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE if done else ft.Icons.RADIO_BUTTON_UNCHECKED,
                                 color="#2e7d32" if done else None, size=20),
                         ft.Text(ctx.t(f"ui.step_{step}", cubes=fact("epidemic_cubes")), size=15,
                                 weight=ft.FontWeight.BOLD if not done else None)], spacing=6)
                 for step, done in checklist(view)]
        body: list[ft.Control] = [section_title(ctx.t("ui.epidemic")), *steps]
        if phase == "epidemic_infect":
            body.append(_draw_infect_form(ctx, view, epidemic=True))
        else:
            body.append(big_button(ctx.t("action.intensify"), lambda e: ctx.dispatch(Action.make("intensify")),
                                filled=True))
        return body
    if phase == "discard":
        return [section_title(ctx.t("ui.discard_title")), _action_buttons(ctx, legal.get("discard", []))]
    if phase == "infect":
        return [section_title(ctx.t("ui.infect_title", left=view["infections_left"])),
                _draw_infect_form(ctx, view, epidemic=False)]
    return [ft.Text(ctx.t(ctx.game.prompt(state)["code"], limit=view["outbreak_limit"]), size=18,
                    weight=ft.FontWeight.BOLD)]


def _draw_events(ctx: GameContext) -> ft.Control | None:
    legal = group(ctx.legal)
    events, medic = legal.get("event", []), legal.get("medic_clears", [])
    if not events and not medic:
        return None
    rows: list[ft.Control] = []
    for card in EVENTS:
        mine = [a for a in events if a["card"] == card]
        if mine:
            rows.append(ft.Text(ctx.t(f"ui.{card}"), size=15, weight=ft.FontWeight.BOLD))
            rows.append(wrap([chip(ctx.players[a.player or 0], ctx.player_color(a.player or 0),
                                   on_click=lambda e, a=a: ctx.dispatch(a)) for a in mine]))
    if medic:
        rows.append(ft.Text(ctx.t("action.medic_clears"), size=15, weight=ft.FontWeight.BOLD))
        rows.append(_action_buttons(ctx, medic))
    return expander(ctx.t("ui.events_title"), rows)


def build(ctx: GameContext) -> ft.Control:
    state: PandemicState = ctx.state
    view = ctx.view
    setup = view["setup"]
    parts: list[ft.Control] = []
    if state.phase in ("roles", "setup_infect", "first"):
        parts.append(ft.Text(ctx.t("ui.setup_line", hand=setup["starting_hand"], epidemics=setup["epidemics"],
                                   piles=ctx.join([ctx.num(p) for p in setup["piles"]])), size=15))
    parts += [_draw_counters(ctx, view), _draw_diseases(ctx, view)]
    parts += _draw_phase(ctx, state, view)
    events = _draw_events(ctx)
    if events is not None:
        parts.append(events)
    parts.append(_draw_players(ctx, state, view))
    return ft.Column(parts, spacing=12)
