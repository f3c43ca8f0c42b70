"""Cockroach Poker screen: who starts, a one-line round form (who answered,
who looked and passed it on, what was said, what the card was, the answer)
with a preview of who takes the card, and the face-up cards of every player
by creature with the ones close to losing marked.

Contract: ``companion/ui/context.py``.  The decisions live in the plain
functions and :class:`RoundForm` at the top (tested without a page); the
``_draw_*`` functions only turn them into Flet controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

import flet as ft

from ...core.actions import Action
from ...games.cockroach_poker.public import ANSWERS, CREATURES, LOSE_ALL, LOSE_SAME, taker
from ..context import GameContext
from ..widgets import FormPanel, big_button, chip, confirm_button, italic, player_card, section_title, wrap

CREATURE_COLORS: dict[str, str] = {
    "cockroach": "#6d4c41", "stinkbug": "#558b2f", "spider": "#424242", "toad": "#2e7d32",
    "bat": "#4527a0", "rat": "#757575", "fly": "#00838f", "scorpion": "#c62828",
}


# ----- plain screen logic ------------------------------------------------------------
@dataclass
class RoundForm:
    """The round being entered; seats are checked against who has seen the card."""

    starter: int
    n_players: int
    caller: int | None = None
    passers: list[int] = field(default_factory=list)
    claim: str | None = None
    card: str | None = None
    answer: str | None = None

    def seen(self) -> list[int]:
        return [self.starter, *self.passers]

    def callers(self) -> list[int]:
        """Who may answer: anyone who has not looked at the card."""
        return [s for s in range(self.n_players) if s not in self.seen()]

    def passer_choices(self) -> list[int]:
        """Who may be added to the chain: not seen yet, and someone must be left to answer."""
        free = self.callers()
        return free if len(free) > 1 else []

    def toggle_passer(self, seat: int) -> None:
        if seat in self.passers:
            self.passers.remove(seat)
        elif seat in self.passer_choices():
            self.passers.append(seat)
            if self.caller == seat:
                self.caller = None

    def pick_caller(self, seat: int) -> None:
        if seat in self.callers():
            self.caller = seat

    def passer(self) -> int:
        """Who handed the card to the player who answers."""
        return self.seen()[-1]

    def missing(self) -> list[str]:
        """What is still to pick, in the form's order: caller, claim, card, answer."""
        return [name for name in ("caller", "claim", "card", "answer") if getattr(self, name) is None]

    def complete(self) -> bool:
        return not self.missing()

    def taker(self) -> int | None:
        if not self.complete():
            return None
        assert self.caller is not None and self.claim and self.card and self.answer
        return taker(self.passer(), self.caller, self.claim, self.card, self.answer)

    def action(self) -> Action | None:
        if not self.complete():
            return None
        args: dict[str, Any] = {"claim": self.claim, "card": self.card, "answer": self.answer}
        if self.passers:
            args["passers"] = list(self.passers)
        return Action.make("call", self.caller, **args)


def penalty_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Per player: name, hand, face-up count per creature, and the creatures one card from losing."""
    rows = []
    for seat, p in enumerate(view["players"]):
        counts = p["penalties"]
        kinds = sum(1 for c in counts.values() if c)
        rows.append({
            "seat": seat, "name": p["name"], "hand": p["hand"], "total": p["face_up"],
            "counts": [(c, counts[c]) for c in CREATURES if counts[c]],
            "near_same": [c for c in CREATURES if counts[c] == LOSE_SAME - 1],
            "near_all": kinds == LOSE_ALL - 1,
        })
    return rows


# ----- drawing -------------------------------------------------------------------------
def _creature(ctx: GameContext, creature: str) -> str:
    return ctx.t(f"ui.creature.{creature}")


#: this screen's chips: 104 px wide unless told, 4 px either side of the text
_chip = partial(chip, width=104, padding=4)


def _draw_start(ctx: GameContext) -> ft.Control:
    return ft.Column([
        ft.Row([big_button(name, lambda e, s=s: ctx.dispatch(Action.make("start", s)))
                for s, name in enumerate(ctx.players)], wrap=True, spacing=8, run_spacing=8),
    ], spacing=8)


def _draw_round(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    assert view["starter"] is not None

    def seat_row(seats: list[int], selected: Callable[[int], bool], on_pick: Callable[[Any], None]) -> ft.Control:
        return ft.Row([_chip(ctx.players[s], ctx.player_color(s), selected=selected(s),
                             on_click=lambda e, s=s: on_pick(s)) for s in seats], wrap=True, spacing=6, run_spacing=6)

    def creature_row(chosen: str | None, on_pick: Callable[[str], None]) -> ft.Control:
        return ft.Row([_chip(_creature(ctx, c), CREATURE_COLORS[c], selected=chosen == c,
                             on_click=lambda e, c=c: on_pick(c)) for c in CREATURES],
                      wrap=True, spacing=6, run_spacing=6)

    def draw(panel: FormPanel[RoundForm]) -> ft.Control:
        form = panel.form

        def setter(name: str) -> Callable[[Any], None]:
            return lambda value: panel.change(lambda: setattr(form, name, value))

        chain = " → ".join(ctx.players[s] for s in form.seen())
        parts: list[ft.Control] = [
            ft.Text(ctx.t("ui.passers"), size=14),
            seat_row(sorted(set(form.passer_choices()) | set(form.passers)), lambda s: s in form.passers,
                     lambda s: panel.change(lambda: form.toggle_passer(s))),
            ft.Text(chain, size=14, italic=italic(ctx.lang)),
            ft.Text(ctx.t("ui.caller"), size=14),
            seat_row(form.callers(), lambda s: s == form.caller, lambda s: panel.change(lambda: form.pick_caller(s))),
            ft.Text(ctx.t("ui.claim"), size=14), creature_row(form.claim, setter("claim")),
            ft.Text(ctx.t("ui.card"), size=14), creature_row(form.card, setter("card")),
            ft.Row([_chip(ctx.t(f"ui.answer.{a}"), "#1565c0", selected=form.answer == a,
                          on_click=panel.on(lambda a=a: setattr(form, "answer", a)), width=140) for a in ANSWERS],
                   wrap=True, spacing=6),
        ]
        took = form.taker()
        if took is not None:
            parts.append(ft.Text(ctx.t("ui.taker_line", player=took), size=17,
                                 weight=ft.FontWeight.BOLD, color=ctx.player_color(took)))
        action = form.action()
        missing = (ctx.t("ui.still_to_pick", missing=ctx.join([ctx.t(f"ui.pick.{m}") for m in form.missing()])),
                   "cockroach_poker.app.entries")
        parts.append(confirm_button(ctx, ctx.t("ui.confirm_round"), action,
                                    action is not None and ctx.why_not(action) is None, missing=missing))
        return ft.Column(parts, spacing=6)

    panel = FormPanel(ctx, RoundForm(view["starter"], len(ctx.players)), draw)
    return ft.Column([section_title(ctx.t("action.call")), panel.control], spacing=6)


def _draw_players(ctx: GameContext, view: dict[str, Any]) -> ft.Control:
    cards = []
    for row in penalty_rows(view):
        seat = row["seat"]
        chips = [_chip(f"{_creature(ctx, c)} ×{ctx.num(n)}", CREATURE_COLORS[c],
                       selected=c in row["near_same"], width=110) for c, n in row["counts"]]
        lines: list[ft.Control] = [
            ft.Text(row["name"], size=17, weight=ft.FontWeight.BOLD, color=ctx.player_color(seat)),
            ft.Text(ctx.t("ui.player_line", hand=row["hand"], total=row["total"]), size=14),
            ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
        ]
        if row["near_same"] or row["near_all"]:
            lines.append(ft.Text(ctx.t("ui.near_loss"), size=14, color="#c62828", weight=ft.FontWeight.BOLD))
        if view["starter"] == seat and ctx.state.phase == "play":
            lines.append(ft.Text(ctx.t("ui.starter"), size=14, italic=italic(ctx.lang)))
        if view["loser"] == seat:
            lines.append(ft.Text(ctx.t("ui.loser_line", reason=_end_reason(ctx, view["end_reason"])), size=15,
                                 color="#c62828",
                                 weight=ft.FontWeight.BOLD))
        cards.append(player_card(lines, ctx.player_color(seat)))
    return wrap(cards)


def _end_reason(ctx: GameContext, reason: str) -> str:
    count = LOSE_SAME if reason == "same_kind" else LOSE_ALL
    return ctx.t(f"ui.end.{reason}", count=count)


def build(ctx: GameContext) -> ft.Control:
    view = ctx.view
    phase = ctx.state.phase
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.setup_line", hand=view["setup"]["hand"],
                                             aside=view["setup"]["aside"]), size=14)]
    if phase == "start":
        parts.append(_draw_start(ctx))
    elif phase == "play":
        parts.append(_draw_round(ctx, view))
    parts.append(_draw_players(ctx, view))
    return ft.Column(parts, spacing=12)
