"""The Maritime Silk Road referee: moves as data, legal actions, the public view."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...core import Action, Event, Game, Move, Param, TableSetup, move, moves_table
from . import events as ev
from . import moves as m
from .facts import GAME_ID, SPECIALS, facts
from .state import SilkState, loader, new_state, showing, unseen

_F = facts()
_GOOD = Param("str", choices=_F.goods)
_SLOT = Param("int", min=0, max=_F.market_size - 1)
MOVES: dict[str, Move[SilkState]] = moves_table(
    move("market_card", m.market_card, {"setup_market"}, "silk_road.setup.market", "table",
         {"good": _GOOD}),
    move("first_player", m.first_player, {"setup_first"}, "silk_road.setup.first_player", "table",
         {"first_player": Param("seat")}),
    move("load", m.load, {"setup_load"}, "silk_road.setup.loading", params={"good": _GOOD}),
    move("swap", m.swap, {"phase1", "porter"}, "silk_road.phase1.swap",
         params={"ship": Param("int", min=1), "good": _GOOD}),
    move("buy", m.buy, {"phase1"}, "silk_road.phase1.buy",
         params={"card": Param("str", choices=SPECIALS), "good": Param("str", required=False, choices=_F.goods)}),
    move("pass", m.pass_, {"phase1"}, "silk_road.phase1.pass"),
    move("play", m.play, {"porter", "phase2"}, "silk_road.phase2.play",
         params={"good": _GOOD, "slots": Param("int_list", min=0, max=_F.market_size - 1),
                 "cards": Param("int", required=False, min=1)}),
    move("draw", m.draw, {"porter", "phase2"}, "silk_road.phase2.draw"),
    move("exchange_draw", m.exchange_draw, {"exchange"}, "silk_road.specials.exchange",
         params={"count": Param("int", min=0)}),
    move("correct_money", m.correct_money, None, m.R_CORRECT, "table",
         {"target_player": Param("seat"), "money": Param("int", min=0)}, correction=True),
    move("correct_cargo", m.correct_cargo, None, m.R_CORRECT, "table",
         {"target_player": Param("seat"), "ship": Param("int", min=1), "good": _GOOD}, correction=True),
    move("correct_market", m.correct_market, None, m.R_CORRECT, "table",
         {"slot": _SLOT, "good": _GOOD}, correction=True),
)


class SilkRoad(Game[SilkState], facts=True):
    id = GAME_ID
    kind = "referee"
    flow_rule = "silk_road.turn.order"
    moves = MOVES
    #: who acts where the facts.json phase table says {"rule": ...}
    acts_rules = {"loader": lambda state: (loader(state),)}

    # ----- setup and flow ----------------------------------------------------------
    def new_state(self, setup: TableSetup) -> SilkState:
        return new_state(list(setup.players), bool(setup.options.get("open_money", False)))

    def winners(self, state: SilkState) -> list[int]:
        if state.phase != "end":
            return []
        best = max(p.money for p in state.players)
        return [i for i, p in enumerate(state.players) if p.money == best]

    def scores(self, state: SilkState) -> list[float] | None:
        return [float(p.money) for p in state.players]

    # ----- legal actions -----------------------------------------------------------
    def legal_actions(self, state: SilkState) -> list[Action]:
        phase = state.phase
        if phase == "setup_market":
            return [Action.make("market_card", None, good=g) for g in _F.goods]
        if phase == "setup_first":
            return [Action.make("first_player", None, first_player=i) for i in range(len(state.players))]
        if phase == "setup_load":
            return [Action.make("load", loader(state), good=g) for g in _F.goods if state.tokens[g] > 0]
        seat_no = state.turn
        if phase == "phase1":
            return self._swaps(state) + self._buys(state) + [Action.make("pass", seat_no)]
        if phase == "porter":
            return self._swaps(state) + self._phase2(state)
        if phase == "phase2":
            return self._phase2(state)
        if phase == "exchange":
            seat = state.players[seat_no]
            most = min(seat.exchanges * _F.exchange_draws, state.deck)
            return [Action.make("exchange_draw", seat_no, count=c) for c in range(most + 1)]
        return []

    def _swaps(self, state: SilkState) -> list[Action]:
        seat = state.players[state.turn]
        return [Action.make("swap", state.turn, ship=i + 1, good=g)  # ships count from 1
                for i, have in enumerate(seat.ships) if i not in state.swapped
                for g in _F.goods if g != have and state.tokens[g] > 0]

    def _buys(self, state: SilkState) -> list[Action]:
        seat = state.players[state.turn]
        out: list[Action] = []
        for card in SPECIALS:
            if state.specials[card] == 0 or seat.money < _F.prices[card]:
                continue
            if card == "ship":
                out += [Action.make("buy", state.turn, card=card, good=g) for g in _F.goods if state.tokens[g] > 0]
            else:
                out.append(Action.make("buy", state.turn, card=card))
        return out

    def _phase2(self, state: SilkState) -> list[Action]:
        hand = state.players[state.turn].hand
        out: list[Action] = []
        for good in _F.goods:
            most = min(hand, unseen(state, good))
            for size in range(1, min(most, _F.market_size) + 1):
                for slots in combinations(range(_F.market_size), size):
                    out.append(Action.make("play", state.turn, good=good, slots=list(slots)))
                    out += [Action.make("play", state.turn, good=good, slots=list(slots), cards=n)
                            for n in range(size + 1, most + 1)]
        out.append(Action.make("draw", state.turn))
        return out

    # ----- the table's story ----------------------------------------------------------
    private_refusals = ev.PRIVATE_REFUSALS
    story_key = "money"

    def action_events(self, before: SilkState, action: Action, after: SilkState) -> list[Event]:
        out = ev.action_events(before, action, after)
        return super().action_events(before, action, after) if out is None else out

    def outcome_events(self, before: SilkState, action: Action, after: SilkState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def chapter(self, state: SilkState) -> tuple[str, int]:
        return ev.chapter(state)

    # ----- what the screen shows ---------------------------------------------------
    def prompt(self, state: SilkState) -> dict[str, Any]:
        params: dict[str, Any] = {}
        active = sorted(self.active_players(state))
        if active:
            params["player"] = active[0]
        if state.phase == "setup_market":
            params["slot"] = len(state.market) + 1
        elif state.phase == "setup_load":
            params["ship"] = state.loads // len(state.players) + 1
        elif state.phase == "porter":
            params["swaps"] = state.swaps_left
        elif state.phase == "exchange":
            params["draws"] = min(state.players[state.turn].exchanges * _F.exchange_draws, state.deck)
        return {"code": f"phase.{state.phase}", "players": active, "params": params}

    def view(self, state: SilkState, reveal: bool = False) -> dict[str, Any]:
        """Public numbers; money and last incomes only with ``reveal``, the
        "open money" option, or once the game is over."""
        show_money = reveal or state.open_money or state.phase == "end"
        players = []
        for seat in state.players:
            entry: dict[str, Any] = {
                "name": seat.name, "hand": seat.hand, "ships": list(seat.ships),
                "exchanges": seat.exchanges, "licences": seat.licences, "porters": seat.porters,
            }
            if show_money:
                entry["money"] = seat.money
                entry["income"] = seat.income
            players.append(entry)
        last = None
        if state.last_player is not None:
            last = {"player": state.last_player, "good": state.last_good,
                    "cards": state.last_cards, "showing": state.last_showing}
        return {
            "market": list(state.market),
            "market_counts": {g: showing(state, g) for g in _F.goods},
            "covered": dict(state.buried),
            "deck": state.deck,
            "tokens": dict(state.tokens),
            "specials": dict(state.specials),
            "first_player": state.first,
            "swaps_left": state.swaps_left,
            "last_play": last,
            "players": players,
        }


GAME = SilkRoad()
