"""Shared helpers for the Maritime Silk Road tests (no tests here).

A table is driven through a :class:`Session`, exactly as the app does.
``turn(...)`` plays one whole turn from a compact description so the golden
games read like a score pad.
"""

from __future__ import annotations

from typing import Any, Sequence


from companion.core import Action, Session
from companion.games.silk_road import GAME
from companion.games.silk_road.state import SilkState
from refusal import refused  # noqa: F401  (re-exported for test_silk_road.py)

A = Action.make


def table(names: Sequence[str], market: Sequence[str] | None = None, first: int | None = None,
          loads: Sequence[str] | None = None, **options: Any) -> Session:
    """A new table; the setup actions given are applied (market, start player, loading)."""
    s = Session(GAME, GAME.setup(list(names), options))
    for good in market or ():
        s.apply(A("market_card", good=good))
    if first is not None:
        s.apply(A("first_player", first_player=first))
    for good in loads or ():
        seat = GAME.active_players(s.state)
        assert len(seat) == 1
        s.apply(A("load", next(iter(seat)), good=good))
    return s


def turn(s: Session, player: int, phase1: list[Action] | str = "pass", phase2: Action | str = "draw",
         extra: int | None = None) -> None:
    """One turn: phase-1 actions ("pass" or a list), the phase-2 action ("draw"
    or a play), and the exchange answer if the player owns exchanges."""
    if phase1 == "pass":
        s.apply(A("pass", player))
    else:
        for action in phase1:
            s.apply(action)
    s.apply(A("draw", player) if phase2 == "draw" else phase2)
    if extra is not None:
        s.apply(A("exchange_draw", player, count=extra))


def play(player: int, good: str, *slots: int) -> Action:
    return A("play", player, good=good, slots=list(slots))


def money(state: SilkState) -> list[int]:
    return [p.money for p in state.players]


def hands(state: SilkState) -> list[int]:
    return [p.hand for p in state.players]




def cards_accounted(state: SilkState) -> int:
    """deck + hands + the six market cards (on the table even before they are entered) + covered."""
    return state.deck + sum(p.hand for p in state.players) + 6 + sum(state.buried.values())
