"""Die Kutschfahrt zur Teufelsburg screen: the set-up for the player count, a
small fight calculator, and the victory-claim form (claimant, allies, the
items each shows, the association cards turned over at the end, the pile /
Drink of Power / Loge switches) with a live verdict; after the claim, the
result and its reasons.

Contract: ``companion/ui/context.py``.  The decisions live in the plain
functions and :class:`ClaimForm` / :class:`FightForm` at the top (tested
without a page); the ``_draw_*`` functions only turn them into Flet controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

import flet as ft

from ...core.actions import Action
from ...games.kutschfahrt.public import FACTS, ITEMS, TEAMS, fight_winner, judge_claim
from ..context import GameContext
from ..widgets import FormPanel, big_button, chip, expander, italic, section_title

TEAM_COLORS = {"order": "#1565c0", "brotherhood": "#b71c1c"}
ITEM_COLOR = "#5d4037"
SIDES = ("none", "attacker", "defender")


# ----- plain screen logic ------------------------------------------------------------
def items_in_game(n_players: int) -> list[str]:
    removed = FACTS["removed_items"].get(str(n_players), [])
    return [i for i in ITEMS if i not in removed]


@dataclass
class ClaimForm:
    n_players: int
    claimant: int | None = None
    allies: list[int] = field(default_factory=list)
    hands: dict[int, list[str]] = field(default_factory=dict)
    associations: list[str | None] = field(default_factory=list)
    editing: int | None = None
    pile_empty: bool = False
    drink: bool = False
    loge: bool = False

    def __post_init__(self) -> None:
        if not self.associations:
            self.associations = [None] * self.n_players

    def shown(self) -> list[int]:
        return [] if self.claimant is None else [self.claimant, *self.allies]

    def pick_claimant(self, seat: int) -> None:
        self.claimant = seat
        if seat in self.allies:
            self.allies.remove(seat)
        self.editing = seat

    def toggle_ally(self, seat: int) -> None:
        if seat in self.allies:
            self.allies.remove(seat)
            self.hands.pop(seat, None)
            if self.editing == seat:
                self.editing = self.claimant
        elif seat != self.claimant:
            self.allies.append(seat)
            self.editing = seat

    def add_item(self, item: str) -> None:
        if self.editing is not None and self.editing in self.shown():
            self.hands.setdefault(self.editing, []).append(item)

    def remove_item(self, seat: int, index: int) -> None:
        hand = self.hands.get(seat, [])
        if 0 <= index < len(hand):
            hand.pop(index)

    def set_association(self, seat: int, team: str) -> None:
        self.associations[seat] = team

    def complete(self) -> bool:
        return self.claimant is not None and all(a is not None for a in self.associations)

    def action(self) -> Action | None:
        if not self.complete():
            return None
        args: dict[str, Any] = {"items": [list(self.hands.get(s, [])) for s in self.shown()],
                                "associations": list(self.associations)}
        if self.allies:
            args["allies"] = list(self.allies)
        for flag in ("pile_empty", "drink", "loge"):
            if getattr(self, flag):
                args[flag] = True
        return Action.make("claim", self.claimant, **args)

    def verdict(self) -> dict[str, Any] | None:
        """What the claim would give if entered now (None until complete)."""
        if not self.complete():
            return None
        assert self.claimant is not None
        teams = [a for a in self.associations if a is not None]
        return judge_claim(self.claimant, list(self.allies), [list(self.hands.get(s, [])) for s in self.shown()],
                           teams, self.pile_empty, self.drink, self.loge)


@dataclass
class FightForm:
    attack: int = 1
    defence: int = 1
    ring: str = "none"

    def step(self, side: str, delta: int) -> None:
        setattr(self, side, max(0, getattr(self, side) + delta))

    def outcome(self) -> str:
        return fight_winner(self.attack, self.defence, None if self.ring == "none" else self.ring)


# ----- drawing -------------------------------------------------------------------------
def _small_button(label: str, on_click: Callable[[Any], Any]) -> ft.Control:
    """A 56 px button for a − / + step."""
    button = big_button(label, on_click)
    button.width = 56
    button.style.padding = ft.Padding.symmetric(horizontal=4, vertical=8)
    return button


#: this screen's chips: 104 px wide unless told, 14 px text, 4 px either side of it
_chip = partial(chip, width=104, size=14, padding=4)



def _item(ctx: GameContext, item: str) -> str:
    return ctx.t(f"ui.item.{item}")


def _chip_label(name: str) -> str:
    """A name with a part in brackets, the bracket on a line of its own: a
    narrow chip then never breaks inside a word (神祕手袋 / （鑰匙）)."""
    for opening in (" (", "（"):
        head, found, tail = name.partition(opening)
        if found and head:
            return f"{head}\n{opening.strip()}{tail}"
    return name


def _verdict_text(ctx: GameContext, result: dict[str, Any]) -> str:
    head = ctx.t("ui.success") if result["success"] else ctx.t("ui.failure")
    reasons = [ctx.t(f"ui.reason.{r}") for r in [*result["reasons"], *result.get("notes", [])]]
    return " · ".join([head, ctx.t("ui.points", count=result["points"]), *reasons])


def _draw_setup(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    s = view["setup"]
    lines = [
        ctx.t("ui.setup_associations", each=s["associations_each"], boxed=s["associations_boxed"]),
        ctx.t("ui.setup_drink_yes") if s["drink_of_power"] else ctx.t("ui.setup_drink_no"),
        ctx.t("ui.setup_items", stamped=s["stamped_items_dealt"], bags=s["secret_bags_dealt"],
              each=s["start_items_each"]),
        ctx.t("ui.setup_limit", limit=s["item_limit"]),
    ]
    if s["removed_items"]:
        lines.append(ctx.t("ui.setup_removed", items=[_item(ctx, i) for i in s["removed_items"]]))
    return ft.Column([section_title(ctx.t("ui.setup_title", count=len(ctx.players))),
                      *[ft.Text(line, size=14) for line in lines]], spacing=4)


def _draw_fight(ctx: GameContext) -> ft.Control:
    def draw(panel: FormPanel[FightForm]) -> ft.Control:
        form = panel.form

        def stepper(label: str, side: str) -> ft.Control:
            return ft.Row([ft.Text(label, size=15, width=150),
                           _small_button("−", panel.on(lambda: form.step(side, -1))),
                           ft.Text(ctx.num(getattr(form, side)), size=18, weight=ft.FontWeight.BOLD, width=56,
                                   text_align=ft.TextAlign.CENTER),
                           _small_button("+", panel.on(lambda: form.step(side, 1)))],
                          wrap=True, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)

        return ft.Column([
            stepper(ctx.t("ui.attack"), "attack"), stepper(ctx.t("ui.defence"), "defence"),
            ft.Text(ctx.t("ui.ring"), size=14),
            ft.Row([_chip(ctx.t(f"ui.side.{side}"), "#455a64", selected=form.ring == side,
                          on_click=panel.on(lambda side=side: setattr(form, "ring", side)))
                    for side in SIDES],
                   wrap=True, spacing=6),
            ft.Text(ctx.t(f"ui.fight.{form.outcome()}"), size=17, weight=ft.FontWeight.BOLD),
        ], spacing=6)

    panel = FormPanel(ctx, FightForm(), draw)
    return expander(ctx.t("ui.fight_title"), [panel.control])


def _draw_claim(ctx: GameContext) -> ft.Control:
    """The claim form.  What a tap adds always appears below the controls
    the next tap goes to, so nothing moves under the finger: the association
    cards come right after the claimant (before the part that appears once the
    claimant is picked), the item grid before the shown items it fills, and
    the claimant keeps a place in the allies' row."""
    n = len(ctx.players)
    odd = n % 2 == 1

    def draw(panel: FormPanel[ClaimForm]) -> ft.Control:
        form = panel.form
        update = panel.on

        def seat_chip(seat: int, selected: bool, on_click: Callable[[Any], None]) -> ft.Control:
            return _chip(ctx.players[seat], ctx.player_color(seat), selected=selected, on_click=on_click)

        def ally_chip(seat: int) -> ft.Control:
            if seat == form.claimant:  # in their place, so the allies' chips stay where they are
                return _chip(ctx.t("ui.claimant"), ctx.player_color(seat))
            return seat_chip(seat, seat in form.allies, update(lambda s=seat: form.toggle_ally(s)))

        parts: list[ft.Control] = [
            ft.Text(ctx.t("ui.claimant"), size=14),
            ft.Row([seat_chip(s, s == form.claimant, update(lambda s=s: form.pick_claimant(s)))
                    for s in range(n)], wrap=True, spacing=6, run_spacing=6),
            ft.Text(ctx.t("ui.associations_title"), size=14),
        ]
        for seat in range(n):
            parts.append(ft.Row([ft.Text(ctx.players[seat], size=15, color=ctx.player_color(seat), width=84),
                                 *[_chip(ctx.t(f"ui.team.{team}"), TEAM_COLORS[team],
                                         selected=form.associations[seat] == team,
                                         on_click=update(lambda s=seat, t=team: form.set_association(s, t)),
                                         width=120) for team in TEAMS]],
                                wrap=True, spacing=6, run_spacing=4,
                                vertical_alignment=ft.CrossAxisAlignment.CENTER))
        if form.claimant is not None:
            parts += [ft.Text(ctx.t("ui.allies"), size=14),
                      ft.Row([ally_chip(s) for s in range(n)], wrap=True, spacing=6, run_spacing=6),
                      ft.Text(ctx.t("ui.tap_to_add"), size=13, italic=italic(ctx.lang)),
                      ft.Row([_chip(_chip_label(_item(ctx, item)), ITEM_COLOR,
                                    on_click=update(lambda item=item: form.add_item(item)))
                              for item in items_in_game(n)], wrap=True, spacing=4, run_spacing=4)]
            for seat in form.shown():
                hand = form.hands.get(seat, [])
                parts.append(ft.Container(
                    content=ft.Column([
                        ft.Text(ctx.t("ui.items_of", player=seat), size=14, color=ctx.player_color(seat),
                                weight=ft.FontWeight.BOLD),
                        ft.Row([_chip(_chip_label(_item(ctx, item)), ITEM_COLOR, selected=True,
                                      on_click=update(lambda s=seat, i=i: form.remove_item(s, i)))
                                for i, item in enumerate(hand)], wrap=True, spacing=4, run_spacing=4),
                    ], spacing=4),
                    on_click=update(lambda s=seat: setattr(form, "editing", s)),
                    border=ft.Border.all(3 if form.editing == seat else 1, ctx.player_color(seat)),
                    # the thicker frame of the box being filled takes its width from the padding
                    border_radius=8, padding=6 if form.editing == seat else 8, width=340))
            switches = [("pile_empty", True), ("drink", odd), ("loge", True)]
            parts.append(ft.Row([ft.Switch(label=ctx.t(f"ui.{flag}"), value=getattr(form, flag),
                                           on_change=update(lambda flag=flag: setattr(form, flag,
                                                                                      not getattr(form, flag))))
                                 for flag, shown in switches if shown], wrap=True, spacing=12))
        result = form.verdict()
        if result is not None:
            parts.append(ft.Text(ctx.t("ui.preview", verdict=_verdict_text(ctx, result)), size=16,
                                 weight=ft.FontWeight.BOLD))
            parts.append(big_button(ctx.t("action.claim"), lambda e: panel.send(form.action()), filled=True))
        return ft.Column(parts, spacing=6)

    panel = FormPanel(ctx, ClaimForm(n), draw)
    return ft.Column([section_title(ctx.t("action.claim")), panel.control], spacing=6)


def _draw_result(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    result, claimant = view["result"], view["claimant"]
    assert result is not None and claimant is not None
    lines: list[ft.Control] = [
        ft.Text(f"{ctx.t('ui.claimant')}{ctx.colon}{ctx.players[claimant]}", size=15),
        ft.Text(_verdict_text(ctx, result), size=17, weight=ft.FontWeight.BOLD,
                color="#2e7d32" if result["success"] else "#c62828"),
    ]
    for seat, p in enumerate(view["players"]):
        team = p["association"]
        lines.append(ft.Text(f"{ctx.players[seat]} · {ctx.t('ui.team.' + team)}", size=14,
                             color=TEAM_COLORS[team]))
    return ft.Column(lines, spacing=4)


def build(ctx: GameContext) -> ft.Control:
    view = ctx.view
    parts: list[ft.Control] = []
    if ctx.state.phase == "journey":
        parts += [_draw_setup(ctx, view), _draw_fight(ctx), _draw_claim(ctx)]
    else:
        parts += [_draw_result(ctx, view), _draw_setup(ctx, view)]
    return ft.Column(parts, spacing=12)
