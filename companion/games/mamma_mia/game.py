"""Mamma Mia score sheet: the chef's evaluation of the pizza pile, three rounds.

The round itself is played on the table.  When the ingredient deck runs out
the host enters who holds the Mamma card; that chef then turns the pile over
and enters each run of ingredients and each order card as it appears.  The
sheet keeps the sorted heaps (leftovers carry over to the next round), checks
every order against them — the special pizzas included — asks the owner to
make up a shortfall from the hand or send the order back, counts completed
orders and settles a tie on cards in hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core import Action, Event, Game, IllegalAction, Move, Param, TableSetup, moves_table
from . import events as ev
from . import facts as helpers
from .facts import KINDS, fact

ROUNDS: int = fact("rounds")
ORDERS: int = fact("orders_per_player")
SPECIALS: tuple[str, ...] = ("deluxe", "one_plus_six", "mini")


@dataclass
class MammaMiaState:
    players: list[str]
    available: int
    heaps: dict[str, int]
    completed: list[int]
    round: int = 1
    phase: str = "play"
    chef: int = -1
    revealed: dict[str, int] = field(default_factory=dict)
    orders_in_pile: list[int] = field(default_factory=list)
    orders_open: list[int] = field(default_factory=list)
    pending: dict[str, Any] = field(default_factory=dict)
    round_orders: list[int] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    tied: list[int] = field(default_factory=list)
    hands: dict[int, int] = field(default_factory=dict)
    from_hand: list[int] = field(default_factory=list)  # cards each seat added from hand this evaluation


def _counts(action: Action) -> dict[str, int]:
    return {k: action[k] for k in KINDS if k in action and action[k] > 0}


def _check_supply(state: MammaMiaState, extra: dict[str, int]) -> None:
    """No pile holds more cards of a kind than this table plays with."""
    for kind, count in extra.items():
        total = state.revealed[kind] + count
        if total > state.available:
            raise IllegalAction("too_many_ingredients", "mamma_mia.app.card-limits",
                                available=state.available, count=total)


def _complete(state: MammaMiaState, owner: int, needs: dict[str, int], everything: bool) -> None:
    """The order is made: its ingredients leave the heaps (all of them for the deluxe)."""
    for kind in KINDS:
        state.heaps[kind] = 0 if everything else max(0, state.heaps[kind] - needs.get(kind, 0))
    state.completed[owner] += 1
    state.round_orders[owner] += 1
    state.pending = {}
    state.phase = "evaluate"


def _try_order(state: MammaMiaState, owner: int, needs: dict[str, int]) -> None:
    missing = helpers.shortfall(state.heaps, needs)
    if not missing:
        _complete(state, owner, needs, everything=False)
        return
    state.pending = {"player": owner, "needs": needs, "missing": missing, "deluxe": False}
    state.phase = "short"


def _reveal_order(state: MammaMiaState, owner: int) -> None:
    if state.orders_in_pile[owner] >= state.orders_open[owner]:
        raise IllegalAction("no_orders_left", "mamma_mia.app.card-limits", player=owner)
    state.orders_in_pile[owner] += 1


# ----- moves --------------------------------------------------------------------
def _evaluate(state: MammaMiaState, action: Action) -> None:
    n = len(state.players)
    state.chef = action.player  # type: ignore[assignment]
    state.revealed = dict(state.heaps)  # leftovers from the last round are in the pile
    state.orders_in_pile = [0] * n
    state.orders_open = [ORDERS - c for c in state.completed]
    state.round_orders = [0] * n
    state.from_hand = [0] * n
    state.phase = "evaluate"


def _ingredients(state: MammaMiaState, action: Action) -> None:
    kind, count = action["kind"], action["count"]
    _check_supply(state, {kind: count})
    state.revealed[kind] += count
    state.heaps[kind] += count


def _order(state: MammaMiaState, action: Action) -> None:
    owner: int = action.player  # type: ignore[assignment]
    needs = _counts(action)
    if not needs:
        raise IllegalAction("empty_order", "mamma_mia.evaluation.enough")
    _reveal_order(state, owner)
    _try_order(state, owner, needs)


def _special(state: MammaMiaState, action: Action) -> None:
    owner: int = action.player  # type: ignore[assignment]
    pizza = action["pizza"]
    if pizza == "deluxe":
        _reveal_order(state, owner)
        have = sum(state.heaps.values())
        least = int(fact("deluxe_min_ingredients"))
        if have >= least:
            _complete(state, owner, {}, everything=True)
        else:
            state.pending = {"player": owner, "needs": {}, "missing": {"any": least - have}, "deluxe": True}
            state.phase = "short"
        return
    shown, other = action.get("shown"), action.get("other")
    if shown is None or other is None:
        raise IllegalAction("special_needs_kinds", "mamma_mia.specials." + pizza.replace("_", "-"))
    if pizza == "one_plus_six":
        if other == shown:
            raise IllegalAction("same_kind_twice", "mamma_mia.specials.one-plus-six")
        part = fact("one_plus_six")
        needs = helpers.combine({shown: part["shown"]}, {other: part["other"]})
    else:
        candidates = helpers.scarcest(state.heaps, shown)
        if candidates and other not in candidates:
            raise IllegalAction("not_scarcest", "mamma_mia.specials.mini-scarcest")
        part = fact("mini")
        needs = helpers.combine({shown: part["shown"]}, {other: part["scarcest"]})
    _reveal_order(state, owner)
    _try_order(state, owner, needs)


def _fill(state: MammaMiaState, action: Action) -> None:
    given = _counts(action)
    missing: dict[str, int] = state.pending["missing"]
    if state.pending["deluxe"]:
        ok = sum(given.values()) == missing["any"]
        total = missing["any"]
    else:
        ok = given == missing
        total = sum(missing.values())
    if not ok:
        raise IllegalAction("fill_mismatch", "mamma_mia.app.exact-fill", missing=total)
    owner = state.pending["player"]
    # the cards come from the owner's hand, which never holds more than the hand size
    # (all fills of one evaluation together)
    hand = int(fact("hand_size"))
    if state.from_hand[owner] + total > hand:
        raise IllegalAction("fill_over_hand", "mamma_mia.evaluation.from-hand", player=owner,
                            hand=hand, count=state.from_hand[owner] + total)
    _check_supply(state, given)
    state.from_hand[owner] += total
    for kind, count in given.items():
        state.revealed[kind] += count
    _complete(state, state.pending["player"], state.pending["needs"], everything=state.pending["deluxe"])


def _order_fails(state: MammaMiaState, action: Action) -> None:
    state.pending = {}
    state.phase = "evaluate"


def _end_evaluation(state: MammaMiaState, action: Action) -> None:
    state.history.append({"round": state.round, "chef": state.chef, "orders": list(state.round_orders),
                          "leftover": dict(state.heaps)})
    state.round += 1
    if state.round <= ROUNDS:
        state.phase = "play"
        return
    best = max(state.completed)
    state.tied = [i for i, c in enumerate(state.completed) if c == best]
    state.phase = "tiebreak" if len(state.tied) > 1 else "end"


def _hand(state: MammaMiaState, action: Action) -> None:
    state.hands[action.player] = action["cards"]  # type: ignore[index]
    if len(state.hands) == len(state.tied):
        state.phase = "end"


def _correct_orders(state: MammaMiaState, action: Action) -> None:
    state.completed[action["seat"]] = action["orders"]


def _correct_heap(state: MammaMiaState, action: Action) -> None:
    state.heaps[action["kind"]] = min(action["cards"], state.available)
    if state.revealed:
        state.revealed[action["kind"]] = max(state.revealed[action["kind"]], state.heaps[action["kind"]])


# ----- the game -----------------------------------------------------------------
_KIND = Param("str", choices=KINDS)
_COUNTS = {k: Param("int", required=False, min=0, max=int(fact("cards_per_ingredient"))) for k in KINDS}


class MammaMia(Game[MammaMiaState], facts=True):
    id = "mamma_mia"
    kind = "scoresheet"
    flow_rule = "mamma_mia.evaluation.reveal"
    #: who acts where the facts.json phase table says {"rule": ...}
    acts_rules = {"tied_without_hand": lambda state: (p for p in state.tied if p not in state.hands)}
    moves = moves_table(
        Move("evaluate", _evaluate, frozenset({"play"}), "seat", {}, rule="mamma_mia.turn.round-end"),
        Move("ingredients", _ingredients, frozenset({"evaluate"}), "table",
             {"kind": _KIND, "count": Param("int", min=1, max=int(fact("cards_per_ingredient")))},
             rule="mamma_mia.evaluation.reveal"),
        Move("order", _order, frozenset({"evaluate"}), "seat", dict(_COUNTS),
             rule="mamma_mia.evaluation.enough"),
        Move("special", _special, frozenset({"evaluate"}), "seat",
             {"pizza": Param("str", choices=SPECIALS), "shown": Param("str", required=False, choices=KINDS),
              "other": Param("str", required=False, choices=KINDS)},
             rule="mamma_mia.evaluation.enough"),
        Move("fill", _fill, frozenset({"short"}), "turn", dict(_COUNTS), rule="mamma_mia.evaluation.from-hand"),
        Move("order_fails", _order_fails, frozenset({"short"}), "turn", {},
             rule="mamma_mia.evaluation.back"),
        Move("end_evaluation", _end_evaluation, frozenset({"evaluate"}), "table", {},
             rule="mamma_mia.evaluation.leftovers"),
        Move("hand", _hand, frozenset({"tiebreak"}), "turn",
             {"cards": Param("int", min=0, max=int(fact("hand_size")))}, rule="mamma_mia.end.tie-break"),
        Move("correct_orders", _correct_orders, None, "table",
             {"seat": Param("seat"), "orders": Param("int", min=0, max=ORDERS)},
             rule="mamma_mia.app.corrections", correction=True),
        Move("correct_heap", _correct_heap, None, "table",
             {"kind": _KIND, "cards": Param("int", min=0, max=int(fact("cards_per_ingredient")))},
             rule="mamma_mia.app.corrections", correction=True),
    )

    def new_state(self, setup: TableSetup) -> MammaMiaState:
        n = len(setup.players)
        return MammaMiaState(players=list(setup.players), available=helpers.available_per_ingredient(n),
                             heaps={k: 0 for k in KINDS}, completed=[0] * n, round_orders=[0] * n)

    def winners(self, state: MammaMiaState) -> list[int]:
        if state.phase != "end":
            return []
        if len(state.tied) < 2:
            return list(state.tied)
        most = max(state.hands[p] for p in state.tied)
        return [p for p in state.tied if state.hands[p] == most]

    def scores(self, state: MammaMiaState) -> list[float] | None:
        return [float(c) for c in state.completed] if state.phase == "end" else None

    def legal_actions(self, state: MammaMiaState) -> list[Action]:
        n = len(state.players)
        if state.phase == "play":
            return [Action.make("evaluate", i) for i in range(n)]
        if state.phase == "evaluate":
            out = [Action.make("end_evaluation")]
            for kind in KINDS:
                room = state.available - state.revealed[kind]
                out += [Action.make("ingredients", kind=kind, count=c) for c in range(1, min(3, room) + 1)]
            for seat in range(n):
                if state.orders_in_pile[seat] >= state.orders_open[seat]:
                    continue
                for kind in KINDS:
                    out += [Action.make("order", seat, **{kind: c}) for c in (1, 2)]
                out.append(Action.make("special", seat, pizza="deluxe"))
                out.append(Action.make("special", seat, pizza="one_plus_six", shown=KINDS[0], other=KINDS[1]))
                other = (helpers.scarcest(state.heaps, KINDS[0]) or [KINDS[0]])[0]
                out.append(Action.make("special", seat, pizza="mini", shown=KINDS[0], other=other))
            return out
        if state.phase == "short":
            owner = state.pending["player"]
            out = [Action.make("order_fails", owner)]
            missing = state.pending["missing"]
            fill = missing if not state.pending["deluxe"] else self._any_fill(state, missing["any"])
            if (fill is not None and all(state.revealed[k] + c <= state.available for k, c in fill.items())
                    and state.from_hand[owner] + sum(fill.values()) <= int(fact("hand_size"))):
                out.insert(0, Action.make("fill", owner, **fill))
            return out
        if state.phase == "tiebreak":
            return [Action.make("hand", p, cards=c) for p in sorted(self.active_players(state))
                    for c in range(int(fact("hand_size")) + 1)]
        return []

    @staticmethod
    def _any_fill(state: MammaMiaState, count: int) -> dict[str, int] | None:
        """One way to add ``count`` cards of any kinds within the card limits."""
        fill: dict[str, int] = {}
        for kind in KINDS:
            take = min(count, state.available - state.revealed[kind])
            if take > 0:
                fill[kind] = take
                count -= take
        return fill if count == 0 else None

    # ----- the table's story (events.py) -------------------------------------
    #: the chart follows the completed orders (the game is won on them)
    story_key = "orders"

    def action_events(self, before: MammaMiaState, action: Action, after: MammaMiaState) -> list[Event]:
        return ev.action_events(before, action, after) or super().action_events(before, action, after)

    def outcome_events(self, before: MammaMiaState, action: Action, after: MammaMiaState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def chapter(self, state: MammaMiaState) -> tuple[str, int]:
        return ev.chapter(state)

    def prompt(self, state: MammaMiaState) -> dict[str, Any]:
        players = sorted(self.active_players(state))
        params: dict[str, Any] = {"round": min(state.round, ROUNDS), "rounds": ROUNDS}
        if state.phase == "evaluate":
            params["player"] = state.chef
        elif state.phase == "short":
            missing = state.pending["missing"]
            params.update(player=state.pending["player"], missing=sum(missing.values()))
        elif state.phase == "tiebreak":
            params["player"] = players
        return {"code": f"phase.{state.phase}", "players": players, "params": params}

    def view(self, state: MammaMiaState, reveal: bool = False) -> dict[str, Any]:
        return {
            "players": [{"name": name, "orders": state.completed[i], "orders_left": ORDERS - state.completed[i],
                         "hand": state.hands.get(i)} for i, name in enumerate(state.players)],
            "round": min(state.round, ROUNDS),
            "rounds": ROUNDS,
            "setup": helpers.setup_summary(len(state.players)),
            "chef": state.chef if state.chef >= 0 else None,
            "heaps": dict(state.heaps),
            "in_pile": dict(state.revealed) if state.phase in ("evaluate", "short") else None,
            "pending": ({"player": state.pending["player"], "missing": dict(state.pending["missing"]),
                         "deluxe": state.pending["deluxe"]} if state.pending else None),
            "history": [dict(h) for h in state.history],
            "tied": list(state.tied),
        }


GAME = MammaMia()
