"""Dominion score sheet.

The host enters every Victory or Curse card a player gains or trashes (in
their own turn, but a Curse at any time: another player's Witch), marks
the other supply piles (treasures, kingdom cards) when they run out, and ends
each turn.  The sheet keeps the victory and curse piles, each player's
scoring cards and turns, checks the end of game after each turn, asks for
deck sizes when Gardens is in the kingdom, and scores with the tie-break.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...core import Action, Event, Game, IllegalAction, Move, Param, TableSetup, moves_table
from . import events as ev
from . import facts as h
from .facts import FACTS


@dataclass
class DominionState:
    players: list[str]
    gardens: bool
    phase: str = "play"  # play | count | end
    turn: int = 0
    turns: list[int] = field(default_factory=list)
    decks: list[dict[str, int]] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)
    empty: list[str] = field(default_factory=list)      # untracked piles marked empty
    deck_sizes: list[int | None] = field(default_factory=list)


def empty_piles(s: DominionState) -> list[str]:
    return [p for p, n in s.supply.items() if n == 0] + list(s.empty)


def _owned(s: DominionState, seat: int) -> int:
    return sum(s.decks[seat].values())


def _scores(s: DominionState) -> list[int]:
    return [h.points(s.decks[i], s.deck_sizes[i] or 0) for i in range(len(s.players))]


# ----- moves -------------------------------------------------------------------------
def _gain(s: DominionState, a: Action) -> None:
    seat, card = a.player, a["card"]
    assert seat is not None
    if card not in s.supply:
        raise IllegalAction("not_in_supply", "dominion.setup.kingdom", card=card)
    if s.supply[card] == 0:
        raise IllegalAction("supply_empty", "dominion.end.piles", card=card)
    if seat != s.turn and card != h.CURSE:
        # another player's card (a Witch) hands out only Curses in the base game
        raise IllegalAction("gain_out_of_turn", "dominion.sheet.own_turn", player=seat, turn_player=s.turn)
    s.supply[card] -= 1
    s.decks[seat][card] += 1


def _trash(s: DominionState, a: Action) -> None:
    seat, card = a.player, a["card"]
    assert seat is not None
    if s.decks[seat][card] == 0:
        raise IllegalAction("card_not_owned", "dominion.sheet.trash", player=seat, card=card)
    if seat != s.turn:
        # no base-game card makes another player trash a Victory card or a Curse
        raise IllegalAction("trash_out_of_turn", "dominion.sheet.own_turn", player=seat, turn_player=s.turn)
    s.decks[seat][card] -= 1


def _pile_out(s: DominionState, a: Action) -> None:
    pile = a["pile"]
    if pile not in h.untracked_piles(s.gardens):
        raise IllegalAction("no_such_pile", "dominion.setup.kingdom", pile=pile)
    if pile in s.empty:
        raise IllegalAction("pile_already_empty", "dominion.end.piles", pile=pile)
    s.empty.append(pile)


def _end_turn(s: DominionState, a: Action) -> None:
    s.turns[s.turn] += 1
    if h.game_over(s.supply, len(empty_piles(s))):
        s.phase = "count" if s.gardens else "end"
    else:
        s.turn = (s.turn + 1) % len(s.players)


def _in_game(s: DominionState, card: str) -> int:
    """How many of a tracked card this table plays with: its supply pile at the start
    plus the ones dealt into the starting decks."""
    start = h.start_supply(len(s.players), s.gardens).get(card, 0)
    return start + len(s.players) * h.start_deck().get(card, 0)


def _check_card_total(s: DominionState, card: str) -> None:
    """All decks together and the supply never hold more of a card than the game has."""
    total = _in_game(s, card)
    if s.supply.get(card, 0) + sum(d[card] for d in s.decks) > total:
        raise IllegalAction("count_over_game", "dominion.components.list", card=card, total=total)


def _deck_size(s: DominionState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    if a["cards"] < _owned(s, seat):
        raise IllegalAction("deck_too_small", "dominion.scoring.gardens", player=seat,
                            cards=a["cards"], minimum=_owned(s, seat))
    # every card of the game is in one deck at most: the others own at least what is entered
    others = sum(x if x is not None else _owned(s, i) for i, x in enumerate(s.deck_sizes) if i != seat)
    limit = h.cards_in_game(len(s.players), s.gardens) - others
    if a["cards"] > limit:
        raise IllegalAction("deck_over_game", "dominion.components.list", player=seat,
                            cards=a["cards"], limit=limit)
    s.deck_sizes[seat] = a["cards"]
    if all(x is not None for x in s.deck_sizes):
        s.phase = "end"


# ----- corrections -------------------------------------------------------------------
def _correct_deck(s: DominionState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    for card in h.SCORING:
        if card in a:
            if card not in s.supply:
                raise IllegalAction("not_in_supply", "dominion.setup.kingdom", card=card)
            s.decks[seat][card] = a[card]
            _check_card_total(s, card)
    if s.deck_sizes[seat] is not None and s.deck_sizes[seat] < _owned(s, seat):  # type: ignore[operator]
        raise IllegalAction("deck_too_small", "dominion.scoring.gardens", player=seat,
                            cards=s.deck_sizes[seat], minimum=_owned(s, seat))


def _correct_supply(s: DominionState, a: Action) -> None:
    card = a["card"]
    if card not in s.supply:
        raise IllegalAction("not_in_supply", "dominion.setup.kingdom", card=card)
    if a["count"] > FACTS["box"][card]:
        raise IllegalAction("supply_over_box", "dominion.components.list", card=card, limit=FACTS["box"][card])
    s.supply[card] = a["count"]
    _check_card_total(s, card)


def _correct_pile(s: DominionState, a: Action) -> None:
    pile = a["pile"]
    if pile not in h.untracked_piles(s.gardens):
        raise IllegalAction("no_such_pile", "dominion.setup.kingdom", pile=pile)
    if a["empty"] and pile not in s.empty:
        s.empty.append(pile)
    elif not a["empty"] and pile in s.empty:
        s.empty.remove(pile)


# ----- the game ----------------------------------------------------------------------
_card = Param("str", choices=h.SCORING)
_pile = Param("str", choices=h.untracked_piles(False))


class Dominion(Game[DominionState], facts=True):
    id = "dominion"
    kind = "scoresheet"
    flow_rule = "dominion.turn.order"
    moves: Mapping[str, Move[DominionState]] = moves_table(
        Move("gain", _gain, frozenset({"play"}), "seat", {"card": _card}, rule="dominion.sheet.entries"),
        Move("trash", _trash, frozenset({"play"}), "seat", {"card": _card}, rule="dominion.sheet.trash"),
        Move("pile_out", _pile_out, frozenset({"play"}), "table", {"pile": _pile},
             rule="dominion.end.piles"),
        Move("end_turn", _end_turn, frozenset({"play"}), "turn", rule="dominion.turn.order"),
        Move("deck_size", _deck_size, frozenset({"count"}), "turn",
             {"cards": Param("int", min=0)}, rule="dominion.sheet.deck_size"),
        Move("correct_deck", _correct_deck, None, "seat",
             {c: Param("int", required=False, min=0) for c in h.SCORING},
             rule="dominion.sheet.corrections", correction=True),
        Move("correct_supply", _correct_supply, None, "table",
             {"card": _card, "count": Param("int", min=0)},
             rule="dominion.sheet.corrections", correction=True),
        Move("correct_pile", _correct_pile, None, "table",
             {"pile": _pile, "empty": Param("bool")},
             rule="dominion.sheet.corrections", correction=True),
    )

    def new_state(self, setup: TableSetup) -> DominionState:
        n = len(setup.players)
        gardens = bool(setup.options["gardens"])
        return DominionState(
            players=list(setup.players), gardens=gardens, turns=[0] * n,
            decks=[h.start_deck() for _ in range(n)], supply=h.start_supply(n, gardens),
            deck_sizes=[None] * n)

    def scores(self, state: DominionState) -> list[float] | None:
        return [float(x) for x in _scores(state)]

    def winners(self, state: DominionState) -> list[int]:
        return h.winners(_scores(state), state.turns) if state.phase == "end" else []

    def legal_actions(self, state: DominionState) -> list[Action]:
        n = len(state.players)
        if state.phase == "play":
            # Victory cards in one's own turn; a Curse at any time (another player's Witch)
            out = [Action.make("gain", i, card=c) for i in range(n) for c in h.SCORING
                   if state.supply.get(c, 0) > 0 and (i == state.turn or c == h.CURSE)]
            out += [Action.make("trash", state.turn, card=c) for c in h.SCORING if state.decks[state.turn][c] > 0]
            out += [Action.make("pile_out", pile=p) for p in h.untracked_piles(state.gardens) if p not in state.empty]
            out.append(Action.make("end_turn", state.turn))
            return out
        if state.phase == "count":
            top = h.cards_in_game(n, state.gardens)
            out = []
            for i in sorted(self.active_players(state)):
                others = sum(x if x is not None else _owned(state, j)
                             for j, x in enumerate(state.deck_sizes) if j != i)
                out += [Action.make("deck_size", i, cards=k) for k in range(_owned(state, i), top - others + 1)]
            return out
        return []

    # ----- the table's story (events.py) -------------------------------------
    def action_events(self, before: DominionState, action: Action, after: DominionState) -> list[Event]:
        return ev.action_events(before, action, after) or super().action_events(before, action, after)

    def outcome_events(self, before: DominionState, action: Action, after: DominionState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def chapter(self, state: DominionState) -> tuple[str, int]:
        return ev.chapter(state)

    def prompt(self, state: DominionState) -> dict[str, Any]:
        if state.phase == "play":
            return {"code": "phase.play", "players": [state.turn],
                    "params": {"player": state.turn, "turn": state.turns[state.turn] + 1,
                               "provinces": state.supply["province"],
                               "piles": max(0, FACTS["end_empty_piles"] - len(empty_piles(state)))}}
        if state.phase == "count":
            waiting = sorted(self.active_players(state))
            return {"code": "phase.count", "players": waiting, "params": {"players": waiting}}
        win = self.winners(state)
        return {"code": "phase.end", "players": win,
                "params": {"players": win, "points": max(_scores(state))}}

    def view(self, state: DominionState, reveal: bool = False) -> dict[str, Any]:
        scores = _scores(state)
        return {
            "current": state.turn,
            "gardens": state.gardens,
            "players": [{
                "name": name, **state.decks[i], "turns": state.turns[i],
                "deck_size": state.deck_sizes[i],
                "score": scores[i],
                "gardens_points": h.gardens_points(state.decks[i]["gardens"], state.deck_sizes[i] or 0),
            } for i, name in enumerate(state.players)],
            "supply": dict(state.supply),
            "empty_piles": empty_piles(state),
            "piles_to_end": max(0, FACTS["end_empty_piles"] - len(empty_piles(state))),
            "setup": h.setup_summary(len(state.players), state.gardens),
        }


GAME = Dominion()
