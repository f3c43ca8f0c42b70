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
from ...games.cockroach_poker.game import ANSWERS, CREATURES, LOSE_ALL, LOSE_SAME, CockroachState, taker
from ..context import GameContext
from ..widgets import chip, player_card, redraw, section_title, wrap

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

    def complete(self) -> bool:
        return None not in (self.caller, self.claim, self.card, self.answer)

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


def _big_button(label: str, on_click: Callable[[Any], Any], filled: bool = False) -> ft.Control:
    cls = ft.FilledButton if filled else ft.Button
    return cls(content=ft.Text(label, size=16), on_click=on_click, height=48,
               style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=12)))



def _draw_start(ctx: GameContext) -> ft.Control:
    return ft.Column([
        ft.Row([_big_button(name, lambda e, s=s: ctx.dispatch(Action.make("start", s)))
                for s, name in enumerate(ctx.players)], wrap=True, spacing=8, run_spacing=8),
    ], spacing=8)


def _draw_round(ctx: GameContext, state: CockroachState) -> ft.Control:
    assert state.starter is not None
    form = RoundForm(state.starter, len(state.players))
    holder = ft.Container()

    def seat_row(seats: list[int], selected: Callable[[int], bool], on_pick: Callable[[int], None]) -> ft.Control:
        return ft.Row([_chip(ctx.players[s], ctx.player_color(s), selected=selected(s),
                             on_click=lambda e, s=s: on_pick(s)) for s in seats], wrap=True, spacing=6, run_spacing=6)

    def creature_row(chosen: str | None, on_pick: Callable[[str], None]) -> ft.Control:
        return ft.Row([_chip(_creature(ctx, c), CREATURE_COLORS[c], selected=chosen == c,
                             on_click=lambda e, c=c: on_pick(c)) for c in CREATURES],
                      wrap=True, spacing=6, run_spacing=6)

    def make() -> ft.Control:
        chain = " → ".join(ctx.players[s] for s in form.seen())
        parts: list[ft.Control] = [
            ft.Text(ctx.t("ui.passers"), size=14),
            seat_row(sorted(set(form.passer_choices()) | set(form.passers)), lambda s: s in form.passers, toggle),
            ft.Text(chain, size=14, italic=True),
            ft.Text(ctx.t("ui.caller"), size=14),
            seat_row(form.callers(), lambda s: s == form.caller, caller),
            ft.Text(ctx.t("ui.claim"), size=14), creature_row(form.claim, claim),
            ft.Text(ctx.t("ui.card"), size=14), creature_row(form.card, card),
            ft.Row([_chip(ctx.t(f"ui.answer.{a}"), "#1565c0", selected=form.answer == a,
                          on_click=lambda e, a=a: answer(a), width=140) for a in ANSWERS], wrap=True, spacing=6),
        ]
        took = form.taker()
        if took is not None:
            parts.append(ft.Text(ctx.t("ui.taker_line", player=took), size=17,
                                 weight=ft.FontWeight.BOLD, color=ctx.player_color(took)))
            parts.append(_big_button(ctx.t("action.call"), confirm, filled=True))
        return ft.Column(parts, spacing=6)

    def update(change: Callable[[], None]) -> None:
        change()
        redraw(ctx, holder, make)

    def toggle(seat: int) -> None:
        update(lambda: form.toggle_passer(seat))

    def caller(seat: int) -> None:
        update(lambda: form.pick_caller(seat))

    def claim(c: str) -> None:
        update(lambda: setattr(form, "claim", c))

    def card(c: str) -> None:
        update(lambda: setattr(form, "card", c))

    def answer(a: str) -> None:
        update(lambda: setattr(form, "answer", a))

    def confirm(e: Any) -> None:
        action = form.action()
        if action is not None:
            ctx.dispatch(action)

    holder.content = make()
    return ft.Column([section_title(ctx.t("action.call")), holder], spacing=6)


def _draw_players(ctx: GameContext, view: dict[str, Any], state: CockroachState) -> ft.Control:
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
        if state.starter == seat and state.phase == "play":
            lines.append(ft.Text(ctx.t("ui.starter"), size=14, italic=True))
        if state.loser == seat:
            lines.append(ft.Text(ctx.t("ui.loser_line", reason=_end_reason(ctx, state)), size=15, color="#c62828",
                                 weight=ft.FontWeight.BOLD))
        cards.append(player_card(lines, ctx.player_color(seat)))
    return wrap(cards)


def _end_reason(ctx: GameContext, state: CockroachState) -> str:
    count = LOSE_SAME if state.end_reason == "same_kind" else LOSE_ALL
    return ctx.t(f"ui.end.{state.end_reason}", count=count)


def build(ctx: GameContext) -> ft.Control:
    state: CockroachState = ctx.state
    view = ctx.game.view(state, reveal=False)
    parts: list[ft.Control] = [ft.Text(ctx.t("ui.setup_line", hand=view["setup"]["hand"],
                                             aside=view["setup"]["aside"]), size=14)]
    if state.phase == "start":
        parts.append(_draw_start(ctx))
    elif state.phase == "play":
        parts.append(_draw_round(ctx, state))
    parts.append(_draw_players(ctx, view, state))
    return ft.Column(parts, spacing=12)
