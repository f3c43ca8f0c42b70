"""Saboteur score sheet: three rounds, who won each, and the gold shared out.

Per round the host enters who won (the finder of the gold, or "the saboteurs
held out"), then the saboteurs revealed.  The sheet checks the saboteur count
against the dwarf cards dealt for this table, works out the miners' picking
order (finder first, then counterclockwise) or each saboteur's share (4, 3 or
2 nuggets by their number), tracks the gold deck, and names the winner after
the third round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core import Action, Event, Game, IllegalAction, Move, Param, RefereeError, TableSetup, moves_table
from . import events as ev
from . import facts as helpers
from .facts import fact

ROUNDS: int = fact("rounds")
GOLD_VALUES: tuple[int, ...] = tuple(sorted(int(v) for v in fact("gold_card_values")))


@dataclass
class SaboteurState:
    players: list[str]
    gold: list[int]
    deck: dict[str, int]
    round: int = 1
    phase: str = "play"
    side: str = ""
    finder: int = -1
    saboteurs: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    picks: int = 0
    queue: list[int] = field(default_factory=list)
    gained: list[int] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)


def _take_from_deck(state: SaboteurState, cards: list[int]) -> None:
    for value in cards:
        if state.deck.get(str(value), 0) < 1:
            raise IllegalAction("gold_not_in_deck", "saboteur.components.gold-cards", value=value)
        state.deck[str(value)] -= 1


def _next_round(state: SaboteurState) -> None:
    state.history.append({"round": state.round, "side": state.side, "finder": state.finder,
                          "saboteurs": list(state.saboteurs), "gained": list(state.gained)})
    state.round += 1
    state.phase = "end" if state.round > ROUNDS else "play"
    state.side, state.finder = "", -1
    state.saboteurs, state.pool, state.order, state.queue = [], [], [], []
    state.picks = 0
    state.gained = [0] * len(state.players)


def _award(state: SaboteurState, seat: int, nuggets: int) -> None:
    state.gold[seat] += nuggets
    state.gained[seat] += nuggets


# ----- moves --------------------------------------------------------------------
def _gold_found(state: SaboteurState, action: Action) -> None:
    state.side, state.finder = "miners", action.player  # type: ignore[assignment]
    state.phase = "roles"


def _gold_not_found(state: SaboteurState, action: Action) -> None:
    state.side = "saboteurs"
    state.phase = "roles"


def _reveal_roles(state: SaboteurState, action: Action) -> None:
    seats: list[int] = action["saboteurs"]
    n = len(state.players)
    for seat in seats:
        if seats.count(seat) > 1:
            raise IllegalAction("duplicate_seat", "saboteur.scoring.reveal", player=seat)
    low, high = helpers.saboteur_range(n)
    cards, miners = helpers.role_cards(n)
    if len(seats) > high:
        raise IllegalAction("too_many_saboteurs", "saboteur.setup.roles", count=n, max=cards)
    if len(seats) < low:
        raise IllegalAction("too_few_saboteurs", "saboteur.setup.roles", count=n, miners=miners, min=low)
    state.saboteurs = sorted(seats)
    if state.side == "miners":
        state.order = helpers.pick_order(n, state.finder, state.saboteurs)
        state.phase = "draw_gold"
        return
    if not state.saboteurs:  # saboteur.scoring.no-saboteur
        _next_round(state)
        return
    state.queue = list(state.saboteurs)
    state.phase = "saboteur_gold"


def _gold_drawn(state: SaboteurState, action: Action) -> None:
    cards: list[int] = action["cards"]
    expected = helpers.gold_cards_drawn(len(state.players))
    if len(cards) != expected:
        raise IllegalAction("wrong_gold_count", "saboteur.scoring.miners", expected=expected)
    _take_from_deck(state, cards)
    state.pool = sorted(cards, reverse=True)
    state.phase = "pick"


def _pick(state: SaboteurState, action: Action) -> None:
    value = action["value"]
    if value not in state.pool:
        raise IllegalAction("gold_not_in_pool", "saboteur.scoring.pick-order", value=value)
    state.pool.remove(value)
    _award(state, action.player, value)  # type: ignore[arg-type]
    state.picks += 1
    if not state.pool:
        _next_round(state)


def _take_gold(state: SaboteurState, action: Action) -> None:
    cards: list[int] = action["cards"]
    share = helpers.best_take(state.deck, helpers.saboteur_share(len(state.saboteurs)))
    if sum(cards) != share:
        raise IllegalAction("gold_sum", "saboteur.scoring.exact-gold", expected=share)
    _take_from_deck(state, cards)
    _award(state, action.player, share)  # type: ignore[arg-type]
    state.queue.pop(0)
    if not state.queue:
        _next_round(state)


def _correct_gold(state: SaboteurState, action: Action) -> None:
    state.gold[action["seat"]] = action["gold"]
    # the gold cards hold 44 nuggets in all: all players together never have more
    total = int(fact("gold_nuggets_total"))
    if sum(state.gold) > total:
        raise IllegalAction("gold_over_box", "saboteur.end.corrections", total=total)


# ----- the game -----------------------------------------------------------------
_GOLD = Param("int_list", min=min(GOLD_VALUES), max=max(GOLD_VALUES))


class Saboteur(Game[SaboteurState], facts=True):
    id = "saboteur"
    kind = "scoresheet"
    flow_rule = "saboteur.scoring.reveal"
    #: who acts where the facts.json phase table says {"rule": ...}
    acts_rules = {"picking_in_order": lambda state: (state.order[state.picks % len(state.order)],)}
    moves = moves_table(
        Move("gold_found", _gold_found, frozenset({"play"}), "seat", {},
             rule="saboteur.round.gold-found"),
        Move("gold_not_found", _gold_not_found, frozenset({"play"}), "table", {},
             rule="saboteur.round.saboteurs-win"),
        Move("reveal_roles", _reveal_roles, frozenset({"roles"}), "table",
             {"saboteurs": Param("seat_list")}, rule="saboteur.scoring.reveal"),
        Move("gold_drawn", _gold_drawn, frozenset({"draw_gold"}), "table",
             {"cards": _GOLD}, rule="saboteur.scoring.miners"),
        Move("pick", _pick, frozenset({"pick"}), "turn",
             {"value": Param("int", min=min(GOLD_VALUES), max=max(GOLD_VALUES))},
             rule="saboteur.scoring.pick-order"),
        Move("take_gold", _take_gold, frozenset({"saboteur_gold"}), "turn",
             {"cards": _GOLD}, rule="saboteur.scoring.saboteurs"),
        Move("correct_gold", _correct_gold, None, "table",
             {"seat": Param("seat"), "gold": Param("int", min=0, max=int(fact("gold_nuggets_total")))},
             rule="saboteur.end.corrections", correction=True),
    )

    def new_state(self, setup: TableSetup) -> SaboteurState:
        n = len(setup.players)
        return SaboteurState(players=list(setup.players), gold=[0] * n, deck=helpers.full_gold_deck(),
                             gained=[0] * n)

    def winners(self, state: SaboteurState) -> list[int]:
        if state.phase != "end":
            return []
        best = max(state.gold)
        return [i for i, g in enumerate(state.gold) if g == best]  # saboteur.end.tie

    def scores(self, state: SaboteurState) -> list[float] | None:
        return [float(g) for g in state.gold] if state.phase == "end" else None

    def legal_actions(self, state: SaboteurState) -> list[Action]:
        n = len(state.players)
        if state.phase == "play":
            return [Action.make("gold_found", i) for i in range(n)] + [Action.make("gold_not_found")]
        if state.phase == "roles":
            return [Action.make("reveal_roles", saboteurs=s) for s in helpers.saboteur_sets(n)]
        if state.phase == "draw_gold":
            count = helpers.gold_cards_drawn(n)
            return [Action.make("gold_drawn", cards=c) for c in helpers.draws_possible(state.deck, count)]
        if state.phase == "pick":
            seat = state.order[state.picks % len(state.order)]
            return [Action.make("pick", seat, value=v) for v in sorted(set(state.pool), reverse=True)]
        if state.phase == "saboteur_gold":
            share = helpers.best_take(state.deck, helpers.saboteur_share(len(state.saboteurs)))
            return [Action.make("take_gold", state.queue[0], cards=c) for c in helpers.ways_to_take(state.deck, share)]
        return []

    # ----- the table's story (events.py) -------------------------------------
    #: the chart follows each player's gold (hidden until the end: saboteur.scoring.hidden-gold)
    story_key = "gold"
    #: refusals that tell a gold card a player tries to take, or the hidden totals (ev.secret_seat)
    private_refusals = ev.GOLD_REFUSALS

    def action_events(self, before: SaboteurState, action: Action, after: SaboteurState) -> list[Event]:
        return ev.action_events(before, action, after) or super().action_events(before, action, after)

    def outcome_events(self, before: SaboteurState, action: Action, after: SaboteurState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def chapter(self, state: SaboteurState) -> tuple[str, int]:
        return ev.chapter(state)

    def secret_seat(self, state: SaboteurState, error: RefereeError, action: Action | None) -> int | None:
        return ev.secret_seat(error, action)

    def prompt(self, state: SaboteurState) -> dict[str, Any]:
        players = sorted(self.active_players(state))
        params: dict[str, Any] = {"round": state.round, "rounds": ROUNDS}
        if state.phase == "draw_gold":
            params["count"] = helpers.gold_cards_drawn(len(state.players))
        elif state.phase == "pick":
            params["player"] = players[0]
        elif state.phase == "saboteur_gold":
            params.update(player=players[0],
                          amount=helpers.best_take(state.deck, helpers.saboteur_share(len(state.saboteurs))))
        return {"code": f"phase.{state.phase}", "players": players, "params": params}

    def view(self, state: SaboteurState, reveal: bool = False) -> dict[str, Any]:
        """Gold stays hidden (saboteur.scoring.hidden-gold) unless revealed or the game is over."""
        show = reveal or state.phase == "end"
        n = len(state.players)
        return {
            "players": [{"name": name, "gold": state.gold[i] if show else None,
                         "saboteur": i in state.saboteurs} for i, name in enumerate(state.players)],
            "round": min(state.round, ROUNDS),
            "rounds": ROUNDS,
            "setup": helpers.setup_summary(n),
            "side": state.side,
            "finder": state.finder if state.finder >= 0 else None,
            "saboteurs": list(state.saboteurs),
            "gold_deck": dict(state.deck),
            "pool": list(state.pool),
            "pick_order": list(state.order),
            "share": helpers.saboteur_share(len(state.saboteurs)) if state.side == "saboteurs" else None,
            "history": [{**h, "gained": h["gained"] if show else None} for h in state.history],
            "gold_hidden": not show,
        }


GAME = Saboteur()
