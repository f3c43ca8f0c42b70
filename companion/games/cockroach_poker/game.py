"""Cockroach Poker (德国蟑螂 / 德國蟑螂): score sheet.

The host enters one line per round once the card is turned over; the sheet
works out who takes the card, keeps every player's face-up cards (per
creature) and hand size, names who starts next, and ends the game with its
loser.  Numbers come from ``rules_data/cockroach_poker/facts.json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core import Action, Event, Game, IllegalAction, Move, Param, moves_table
from ...core.game import TableSetup
from . import events as ev
from .facts import FACTS, GAME_ID

CREATURES: tuple[str, ...] = tuple(FACTS["creatures"])
ANSWERS: tuple[str, ...] = tuple(FACTS["answers"])
PER_CREATURE: int = FACTS["cards_per_creature"]
LOSE_SAME: int = FACTS["lose_same_kind"]
LOSE_ALL: int = FACTS["lose_all_kinds"]

R = "cockroach_poker."
RULE_FLOW = R + "round.offer"
RULE_NO_RETURN = R + "round.no-return"
RULE_CARDS = R + "components.cards"
RULE_DEAL = R + "setup.deal"
RULE_FIRST = R + "setup.first-player"
RULE_CORRECT = R + "app.corrections"


def deal(n_players: int) -> dict[str, int]:
    """Cards per player and cards put aside, from the facts table."""
    row = FACTS["deal"][str(n_players)]
    return {"hand": row["hand"], "aside": row["aside"]}


@dataclass
class CockroachState:
    players: list[str]
    hands: list[int]
    # penalties[seat][creature index] = face-up cards of that creature
    penalties: list[list[int]]
    phase: str = "start"
    starter: int | None = None
    loser: int | None = None
    end_reason: str | None = None
    rounds: int = 0
    last: dict[str, Any] | None = field(default=None)


def taker(passer: int, caller: int, claim: str, card: str, answer: str) -> int:
    """Who takes the card: the passer if the answer was right, else the caller."""
    truthful = claim == card
    right = (answer == "true") == truthful
    return passer if right else caller


def losing_reason(penalties: list[int]) -> str | None:
    """Why a player with these face-up cards has lost, or None."""
    if max(penalties) >= LOSE_SAME:
        return "same_kind"
    if sum(1 for c in penalties if c > 0) >= LOSE_ALL:
        return "all_kinds"
    return None


def _check_end(state: CockroachState) -> None:
    """Set (or clear) the end of the game from the face-up cards and hands."""
    for seat, pens in enumerate(state.penalties):
        reason = losing_reason(pens)
        if reason:
            state.phase, state.loser, state.end_reason = "end", seat, reason
            return
    if state.starter is not None and state.hands[state.starter] == 0:
        state.phase, state.loser, state.end_reason = "end", state.starter, "empty_hand"
        return
    state.loser = state.end_reason = None
    state.phase = "start" if state.starter is None else "play"


def _start(state: CockroachState, action: Action) -> None:
    state.starter = action.player
    _check_end(state)


def _face_up(state: CockroachState, index: int) -> int:
    return sum(p[index] for p in state.penalties)


def _call(state: CockroachState, action: Action) -> None:
    assert state.starter is not None and action.player is not None
    caller = action.player
    passers: list[int] = action.get("passers", [])
    seen = [state.starter]
    for seat in passers:
        if seat in seen:
            raise IllegalAction("passer_repeated", RULE_NO_RETURN, player=seat)
        seen.append(seat)
    if caller in seen:
        raise IllegalAction("card_already_seen", RULE_NO_RETURN, player=caller)
    card = action["card"]
    index = CREATURES.index(card)
    if _face_up(state, index) >= PER_CREATURE:
        raise IllegalAction("creature_exhausted", RULE_CARDS, count=PER_CREATURE)
    passer = seen[-1]
    took = taker(passer, caller, action["claim"], card, action["answer"])
    state.hands[state.starter] -= 1
    state.penalties[took][index] += 1
    state.rounds += 1
    state.last = {"caller": caller, "passer": passer, "taker": took, "card": card}
    state.starter = took
    _check_end(state)


def _dealt(state: CockroachState) -> int:
    return deal(len(state.players))["hand"] * len(state.players)


def _check_total(state: CockroachState) -> None:
    total = sum(state.hands) + sum(sum(p) for p in state.penalties)
    if total > _dealt(state):
        raise IllegalAction("cards_exceed_deal", RULE_DEAL, total=total, dealt=_dealt(state))


def _correct_penalty(state: CockroachState, action: Action) -> None:
    index = CREATURES.index(action["creature"])
    assert action.player is not None
    state.penalties[action.player][index] = action["count"]
    if _face_up(state, index) > PER_CREATURE:
        raise IllegalAction("creature_exhausted", RULE_CARDS, count=PER_CREATURE)
    _check_total(state)
    _check_end(state)


def _correct_hand(state: CockroachState, action: Action) -> None:
    assert action.player is not None
    state.hands[action.player] = action["count"]
    _check_total(state)
    _check_end(state)


def _correct_starter(state: CockroachState, action: Action) -> None:
    state.starter = action.player
    _check_end(state)


_CREATURE = Param("str", choices=CREATURES)
_PLAY = frozenset({"play"})


class CockroachPoker(Game[CockroachState], facts=True):
    id = GAME_ID
    kind = "scoresheet"
    high_score_wins = False  # the score is the face-up penalty cards
    flow_rule = RULE_FLOW
    moves = moves_table(
        Move("start", _start, frozenset({"start"}), "seat", rule=RULE_FIRST),
        Move("call", _call, _PLAY, "seat", {
    "claim": _CREATURE, "card": _CREATURE, "answer": Param("str", choices=ANSWERS),
    "passers": Param("seat_list", required=False)}, rule=R + "round.reveal"),
        # corrections: ``player`` is the seat being corrected
        Move("correct_penalty", _correct_penalty, None, "seat", {
"creature": _CREATURE,
"count": Param("int", min=0, max=PER_CREATURE)}, rule=RULE_CORRECT, correction=True),
        Move("correct_hand", _correct_hand, None, "seat", {
"count": Param("int", min=0)}, rule=RULE_CORRECT, correction=True),
        Move("correct_starter", _correct_starter, None, "seat", rule=RULE_CORRECT, correction=True),
    )

    def new_state(self, setup: TableSetup) -> CockroachState:
        n = len(setup.players)
        return CockroachState(list(setup.players), [deal(n)["hand"]] * n,
                              [[0] * len(CREATURES) for _ in range(n)])

    def winners(self, state: CockroachState) -> list[int]:
        if state.phase != "end" or state.loser is None:
            return []
        return [s for s in range(len(state.players)) if s != state.loser]

    def scores(self, state: CockroachState) -> list[float] | None:
        if state.phase != "end":
            return None
        return [float(sum(p)) for p in state.penalties]

    def legal_actions(self, state: CockroachState) -> list[Action]:
        if state.phase == "start":
            return [Action.make("start", seat) for seat in range(len(state.players))]
        if state.phase != "play" or state.starter is None:
            return []
        out: list[Action] = []
        n = len(CREATURES)
        for caller in range(len(state.players)):
            if caller == state.starter:
                continue
            for index, card in enumerate(CREATURES):
                if _face_up(state, index) >= PER_CREATURE:
                    continue
                for claim in (card, CREATURES[(index + 1) % n]):
                    for answer in ANSWERS:
                        out.append(Action.make("call", caller, claim=claim, card=card, answer=answer))
        return out

    # ----- the table's story (events.py) -------------------------------------
    #: the chart follows each player's face-up cards (the loser collects them)
    story_key = "face_up"

    def action_events(self, before: CockroachState, action: Action, after: CockroachState) -> list[Event]:
        return ev.action_events(before, action, after) or super().action_events(before, action, after)

    def outcome_events(self, before: CockroachState, action: Action, after: CockroachState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def prompt(self, state: CockroachState) -> dict[str, Any]:
        if state.phase == "end":
            return {"code": "phase.end", "players": [], "params": {"player": state.loser}}
        if state.phase == "play":
            return {"code": "phase.play", "players": [state.starter], "params": {"player": state.starter}}
        return {"code": "phase.start", "players": sorted(self.active_players(state)), "params": {}}

    def view(self, state: CockroachState, reveal: bool = False) -> dict[str, Any]:
        n = len(state.players)
        return {
            "setup": {"players": n, **deal(n)},
            "creatures": list(CREATURES),
            "starter": state.starter,
            "rounds": state.rounds,
            "last": state.last,
            "loser": state.loser,
            "end_reason": state.end_reason,
            "players": [
                {"name": name, "hand": state.hands[s], "face_up": sum(state.penalties[s]),
                 "penalties": dict(zip(CREATURES, state.penalties[s])),
                 "danger": max(state.penalties[s]) >= LOSE_SAME - 1
                 or sum(1 for c in state.penalties[s] if c) >= LOSE_ALL - 1}
                for s, name in enumerate(state.players)],
        }


GAME = CockroachPoker()
