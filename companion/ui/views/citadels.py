"""Citadels screen: the round's call strip (1–8 with face-up, killed, robbed
and revealed characters), one panel per phase (face-up draft entry, who has
the called character, the character's turn with build / power / destroy
forms, who had the assassinated King), and every city with its districts by
colour and its score so far.

Contract: ``companion/ui/context.py``.  Choices come from
``ctx.legal`` through the plain functions and forms at the top
(tested without a page); the ``_draw_*`` functions only make controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Sequence

import flet as ft

from ...core.actions import Action
from ...games.citadels.public import (COLOURS, FACTS, KING, RANKS, SPECIAL, character, destroy_cost,
                                      draft_rules)
from ..context import GameContext
from ..widgets import FormPanel, big_button, chip, confirm_button, italic, player_card, reason_line, section_title, wrap

COLOUR_HEX: dict[str, str] = {
    "noble": "#f9a825", "religious": "#1565c0", "trade": "#2e7d32", "military": "#c62828", "special": "#6a1b9a",
}
STATUS_HEX: dict[str, str] = {
    "waiting": "#757575", "current": "#ef6c00", "revealed": "#2e7d32", "no_one": "#9e9e9e", "killed": "#b71c1c",
}
#: the highest end-game value offered for a purple district (University, Dragon Gate count 8)
MAX_SPECIAL_POINTS = 8


# ----- plain screen logic ------------------------------------------------------------
@dataclass
class DraftForm:
    """The characters set aside face up this round."""

    n_players: int
    chosen: list[int] = field(default_factory=list)
    #: a character tapped while the face-up count was already reached (not taken: the screen says why)
    over: int | None = None

    def needed(self) -> int:
        return int(draft_rules(self.n_players)["face_up"])

    def options(self) -> list[int]:
        removed = draft_rules(self.n_players)["removed"]
        return [r for r in RANKS if r != KING and r not in removed]

    def toggle(self, rank: int) -> None:
        """Take or put back a character; one more than the table sets aside is not
        taken but kept in ``over`` so the screen can say why."""
        self.over = None
        if rank in self.chosen:
            self.chosen.remove(rank)
        elif rank in self.options():
            if len(self.chosen) < self.needed():
                self.chosen.append(rank)
            else:
                self.over = rank

    def ready(self) -> bool:
        return len(self.chosen) == self.needed()

    def action(self) -> Action:
        return Action.make("draft_done", face_up=sorted(self.chosen))


@dataclass
class BuildForm:
    """A district being entered: colour, cost and (purple only) end-game points."""

    seat: int
    colour: str | None = None
    cost: int | None = None
    points: int | None = None

    def set(self, name: str, value: Any) -> None:
        """Pick a colour, cost or points; a new colour or cost clears the points."""
        setattr(self, name, value)
        if name != "points":
            self.points = None

    def point_choices(self) -> list[int]:
        if self.colour != SPECIAL or self.cost is None:
            return []
        return list(range(self.cost, max(self.cost, MAX_SPECIAL_POINTS) + 1))

    def missing(self) -> list[str]:
        """What is still to pick ("colour", "cost"), in the form's order."""
        return [name for name in ("colour", "cost") if getattr(self, name) is None]

    def action(self) -> Action | None:
        if self.colour is None or self.cost is None:
            return None
        if self.points is not None and self.points != self.cost and self.colour == SPECIAL:
            return Action.make("build", self.seat, colour=self.colour, cost=self.cost, points=self.points)
        return Action.make("build", self.seat, colour=self.colour, cost=self.cost)


@dataclass
class Choices:
    seat: int | None = None
    draft: bool = False
    reveal: list[int] = field(default_factory=list)
    no_one: bool = False
    build: bool = False
    kill: list[int] = field(default_factory=list)
    rob: list[int] = field(default_factory=list)
    #: the Warlord's targets: (seat, colour, cost, points), the points only where the city
    #: holds districts of that colour and cost that count different points (else None)
    destroy: list[tuple[int, str, int, int | None]] = field(default_factory=list)
    end_turn: bool = False
    crown: list[int] = field(default_factory=list)
    no_king: bool = False


def read_choices(actions: Sequence[Action]) -> Choices:
    out = Choices()
    for a in actions:
        t = a.type
        if t == "draft_done":
            out.draft = True
        elif t == "reveal":
            out.reveal.append(a.player or 0)
        elif t == "no_one":
            out.no_one = True
        elif t == "crown":
            out.crown.append(a.player or 0)
        elif t == "no_king":
            out.no_king = True
        else:
            out.seat = a.player
            if t == "build":
                out.build = True
            elif t == "assassinate":
                out.kill.append(a["target"])
            elif t == "rob":
                out.rob.append(a["target"])
            elif t == "destroy":
                out.destroy.append((a["target_player"], a["colour"], a["cost"], a.get("points")))
            elif t == "end_turn":
                out.end_turn = True
    return out


def city_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Per player: districts grouped by colour (costs sorted), progress to the end, score parts."""
    rows = []
    for seat, p in enumerate(view["players"]):
        # (cost, end-game points) of each district, by colour: a purple one may count more
        by_colour = {c: sorted((d[1], d[2]) for d in p["city"] if d[0] == c) for c in COLOURS}
        rows.append({
            "seat": seat, "name": p["name"], "crown": p["crown"], "count": p["districts"],
            "end_at": view["end_at"], "complete": p["complete"], "first": p["first_complete"],
            "by_colour": {c: v for c, v in by_colour.items() if v},
            "missing": [c for c in COLOURS if not by_colour[c]],
            "parts": p["score_parts"],
        })
    return rows


def correction_choices(ctx: GameContext, move: str, name: str) -> list[tuple[str, str]] | None:
    """The end-game points the correction panel offers for a district added to a city
    (the engine takes any number from its cost up) or taken away from one: from the lowest
    cost to the most a purple district counts.  Left at "—", a district added counts its
    cost and one taken away is found by colour and cost alone (the referee asks for the
    points when the city holds two of those that count different points)."""
    if move not in ("correct_add_district", "correct_remove_district") or name != "points":
        return None
    lo = int(FACTS["district_cost"]["min"])
    return [(str(p), ctx.num(p)) for p in range(lo, MAX_SPECIAL_POINTS + 1)]


# ----- drawing -------------------------------------------------------------------------

#: this screen's chips: 10 px either side of the text, and a whole row each unless given a width
_chip = partial(chip, padding=10, fill_row=True)
#: this screen's wrapping rows, 6 px apart
_row = partial(wrap, spacing=6)


def _char(ctx: GameContext, rank: int) -> str:
    return f"{rank} {ctx.t(f'ui.character.{character(rank)}')}"



def _draw_calls(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    chips = []
    for c in view["calls"]:
        text = _char(ctx, c["rank"])
        if c["player"] is not None:
            text += f" · {ctx.players[c['player']]}"
        if c["status"] in ("killed", "no_one"):
            text += f" · {ctx.t('ui.status.' + c['status'])}"
        if c["robbed"]:
            text += f" · {ctx.t('ui.robbed')}"
        chips.append(_chip(text, STATUS_HEX[c["status"]], selected=c["status"] == "current"))
    face_up = [ctx.t('ui.face_up') + ctx.colon + ctx.join([ctx.t(f"ui.character.{n}") for n in view["face_up"]])] \
        if view["face_up"] else []
    return ft.Column([_row(chips), *[ft.Text(t, size=14, italic=italic(ctx.lang)) for t in face_up]], spacing=4)


def _draw_draft(ctx: GameContext) -> ft.Control:
    rules = draft_rules(len(ctx.players))

    def draw(panel: FormPanel[DraftForm]) -> ft.Control:
        form = panel.form
        parts: list[ft.Control] = [
            ft.Text(ctx.t("ui.draft_line", face_up=rules["face_up"], face_down=rules["face_down"]), size=14),
            _row([_chip(_char(ctx, r), "#37474f", on_click=panel.on(lambda r=r: form.toggle(r)),
                        selected=r in form.chosen) for r in form.options()]) if form.needed() else ft.Container(),
        ]
        if form.over is not None:
            parts.append(reason_line(ctx, (ctx.t("ui.draft_full", count=form.needed(),
                                                 character=_char(ctx, form.over)), "citadels.draft.table")))
        # the referee's own word on an incomplete entry ("2 must be set aside face up, not 1")
        parts.append(confirm_button(ctx, ctx.t("ui.confirm_draft"), form.action(), form.ready()))
        return ft.Column(parts, spacing=6)

    panel = FormPanel(ctx, DraftForm(len(ctx.players)), draw)
    return ft.Column([section_title(ctx.t("action.draft_done")), panel.control], spacing=6)


def _nobody(ctx: GameContext, key: str, action: Action, legal: bool) -> list[ft.Control]:
    """The "nobody has it" button, always there; when the players need the character
    (only the face-down ones can be nobody's) the referee's reason shows beside it."""
    button = big_button(ctx.t(key), lambda e: ctx.dispatch(action))
    return [button] if legal else [button, reason_line(ctx, ctx.why_not(action))]


def _draw_call(ctx: GameContext, ch: Choices) -> ft.Control:
    buttons = [big_button(ctx.players[s], lambda e, s=s: ctx.dispatch(Action.make("reveal", s))) for s in ch.reveal]
    nobody, *why = _nobody(ctx, "action.no_one", Action.make("no_one"), ch.no_one)
    return ft.Column([_row([*buttons, nobody]), *why], spacing=6)


def _draw_build(ctx: GameContext, seat: int) -> ft.Control:
    lo, hi = int(FACTS["district_cost"]["min"]), int(FACTS["district_cost"]["max"])

    def draw(panel: FormPanel[BuildForm]) -> ft.Control:
        form = panel.form
        parts: list[ft.Control] = [
            _row([_chip(ctx.t(f"ui.colour.{c}"), COLOUR_HEX[c], on_click=panel.on(lambda c=c: form.set("colour", c)),
                        selected=form.colour == c) for c in COLOURS]),
            ft.Text(ctx.t("ui.cost"), size=14),
            _row([_chip(ctx.num(k), "#455a64", on_click=panel.on(lambda k=k: form.set("cost", k)),
                        selected=form.cost == k, width=52) for k in range(lo, hi + 1)]),
        ]
        if form.point_choices():
            parts += [ft.Text(ctx.t("ui.points"), size=14),
                      _row([_chip(ctx.num(p), COLOUR_HEX["special"],
                                  on_click=panel.on(lambda p=p: form.set("points", p)),
                                  selected=(form.points or form.cost) == p, width=52)
                            for p in form.point_choices()])]
        action = form.action()
        missing = (ctx.t("ui.still_to_pick", missing=ctx.join([ctx.t(f"ui.pick.{m}") for m in form.missing()])),
                   "citadels.turn.build")
        parts.append(confirm_button(ctx, ctx.t("ui.confirm_build"), action,
                                    action is not None and ctx.why_not(action) is None, missing=missing))
        return ft.Column(parts, spacing=6)

    panel = FormPanel(ctx, BuildForm(seat), draw)
    return ft.Column([ft.Text(ctx.t("action.build"), size=15, weight=ft.FontWeight.W_600), panel.control], spacing=4)


def destroy_action(seat: int, target: int, colour: str, cost: int, points: int | None) -> Action:
    """The Warlord's destroy of one of the choices ``read_choices`` found."""
    extra = {} if points is None else {"points": points}
    return Action.make("destroy", seat, target_player=target, colour=colour, cost=cost, **extra)


def _destroy_label(ctx: GameContext, target: int, colour: str, cost: int, points: int | None) -> str:
    told = "" if points is None else f" · {ctx.t('ui.arg.points', points=points)}"
    return (f"{ctx.players[target]}{ctx.colon}{ctx.t(f'ui.colour.{colour}')} {ctx.num(cost)}{told} · "
            f"{ctx.t('ui.destroy_cost', cost=destroy_cost(cost))}")


def _draw_turn(ctx: GameContext, ch: Choices, view: dict[str, Any]) -> ft.Control:
    seat = ch.seat
    assert seat is not None
    parts: list[ft.Control] = [section_title(f"{ctx.players[seat]} · {_char(ctx, ctx.state.call)}"),
                               ft.Text(ctx.t('ui.builds_left') + ctx.colon + ctx.num(view['builds_left']), size=14)]
    if ch.kill:
        parts += [ft.Text(ctx.t("action.assassinate"), size=15, weight=ft.FontWeight.W_600),
                  _row([_chip(_char(ctx, r), "#b71c1c",
                              on_click=lambda e, r=r: ctx.dispatch(Action.make("assassinate", seat, target=r)))
                        for r in ch.kill])]
    if ch.rob:
        parts += [ft.Text(ctx.t("action.rob"), size=15, weight=ft.FontWeight.W_600),
                  _row([_chip(_char(ctx, r), "#4e342e",
                              on_click=lambda e, r=r: ctx.dispatch(Action.make("rob", seat, target=r)))
                        for r in ch.rob])]
    if ch.build:
        parts.append(_draw_build(ctx, seat))
    if ch.destroy:
        parts += [ft.Text(ctx.t("action.destroy"), size=15, weight=ft.FontWeight.W_600),
                  _row([_chip(_destroy_label(ctx, t, c, k, p), COLOUR_HEX[c],
                              on_click=lambda e, t=t, c=c, k=k, p=p: ctx.dispatch(destroy_action(seat, t, c, k, p)))
                        for t, c, k, p in ch.destroy])]
    if ch.end_turn:
        parts.append(big_button(ctx.t("action.end_turn"), lambda e: ctx.dispatch(Action.make("end_turn", seat)),
                                filled=True))
    return ft.Column(parts, spacing=8)


def _draw_crown(ctx: GameContext, ch: Choices) -> ft.Control:
    buttons = [big_button(ctx.players[s], lambda e, s=s: ctx.dispatch(Action.make("crown", s))) for s in ch.crown]
    nobody, *why = _nobody(ctx, "action.no_king", Action.make("no_king"), ch.no_king)
    return ft.Column([_row([*buttons, nobody]), *why], spacing=6)


def _district_label(ctx: GameContext, cost: int, points: int) -> str:
    """A district in a city's chip: its cost, and what it counts at the end when that is
    more (the points that tell two purple districts of one cost apart)."""
    return ctx.num(cost) if points == cost else ctx.t("ui.cost_counts", cost=cost, points=points)


def _draw_cities(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    cards = []
    for row in city_rows(view):
        seat = row["seat"]
        color = ctx.player_color(seat)
        title = row["name"] + (f" · {ctx.t('ui.crown')}" if row["crown"] else "")
        parts = row["parts"]
        lines: list[ft.Control] = [
            ft.Row([ft.Text(title, size=17, weight=ft.FontWeight.BOLD, color=color),
                    ft.Text(ctx.num(parts["total"]), size=22, weight=ft.FontWeight.BOLD)],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
            ft.Text(f"{ctx.t('ui.districts')} {ctx.num(row['count'])} / {ctx.num(row['end_at'])}"
                    + (f" · {ctx.t('ui.complete')}" if row["complete"] else ""), size=14),
            _row([_chip(f"{ctx.t(f'ui.colour.{c}')} " + ctx.join(_district_label(ctx, *d) for d in districts),
                        COLOUR_HEX[c]) for c, districts in row["by_colour"].items()]),
            ft.Text(ctx.t("ui.score_line", districts=parts["districts"], all_colours=parts["all_colours"],
                          complete=parts["complete"], total=parts["total"]), size=13, italic=italic(ctx.lang)),
        ]
        cards.append(player_card(lines, color))
    return wrap(cards)


def build(ctx: GameContext) -> ft.Control:
    view = ctx.view
    ch = read_choices(ctx.legal)
    phase = ctx.state.phase
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.round_line", round=view["round"], count=view["end_at"]), size=14)]
    if phase != "draft":
        parts.append(_draw_calls(ctx, view))
    if phase == "draft" and ch.draft:
        parts.append(_draw_draft(ctx))
    elif phase == "call":
        parts.append(_draw_call(ctx, ch))
    elif phase == "turn" and ch.seat is not None:
        parts.append(_draw_turn(ctx, ch, view))
    elif phase == "crown":
        parts.append(_draw_crown(ctx, ch))
    parts.append(_draw_cities(ctx, view))
    return ft.Column(parts, spacing=12)
