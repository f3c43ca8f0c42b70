"""Niagara referee: paddle cards, canoes, gems, weather, the river and the falls.

A round: every player lays a paddle card face down at the table; then, from
the lifebuoy clockwise, each player in turn turns the card over and it is
entered (``card``, as in the rulebook), may buy back lost canoes
(``buy_back``) and plays the card (``paddle`` for a number, ``weather`` for the
cloud).  With the table option ``cards_at_once`` all cards are instead entered
together before the first turn (``reveal``), so the river's flow is known in
advance.  After the last turn the river flows by itself, cards come back after
all seven were played, the goals are checked and the lifebuoy passes left.
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import prod
from typing import Any

from ...core import (Action, Event, Game, IllegalAction, LegalActions, MalformedAction, Move, Param, TableSetup,
                     bad_arg, moves_table, number_problem)
from . import events as ev
from .canoes import (carry_out, check_turn_shape, is_number, legal_plan_lists, lose_canoe, paddle_params,
                     parse_plans, plans_args)
from .facts import FALLS, LOST, SHORE, Card, facts
from .state import Canoe, NiagaraState, Player

F = facts()
CLOUD = F.cloud
ARMS = ("left", "right")


# ----- the round ------------------------------------------------------------

def river_flow(state: NiagaraState) -> int:
    """Steps the river moves with this round's cards and the weather now."""
    numbers = [c for c in state.cards if is_number(c)]
    if numbers:
        speed = min(int(c) for c in numbers) + state.weather  # type: ignore[call-overload]
    else:
        speed = state.weather
    return max(speed, 0)


def _rescue(state: NiagaraState) -> None:
    """Both canoes lost and no gem banked: one canoe comes back at once."""
    for player in state.players:
        if all(c.where == LOST for c in player.canoes) and player.banked() == 0:
            player.canoes[0].where = SHORE


def flow_step(state: NiagaraState) -> None:
    """One step of current (clause niagara.flow.steps): a disc is pushed in below the
    rope and every disc of the channel moves down one space; the disc leaving the last
    space of the channel enters the arm ``fork_next`` names, whose discs move down one
    and whose last disc drops over the falls.  Canoes ride their discs; canoes in the
    other arm stay where they are.  The next disc then enters the other arm (the
    table can say otherwise: ``fork``)."""
    river = F.river
    arm = state.fork_next
    for seat, player in enumerate(state.players):
        for index, canoe in enumerate(player.canoes):
            if canoe.in_river and river.carried(canoe.where, arm):
                there = river.flow_next(canoe.where, arm)
                if there == FALLS:
                    lose_canoe(state, seat, index)
                else:
                    canoe.where = there
    state.fork_next = "right" if arm == "left" else "left"
    _rescue(state)


def _flow(state: NiagaraState) -> None:
    steps = river_flow(state)
    for _ in range(steps):
        flow_step(state)
    state.last_flow = steps


def meets_goal(player: Player) -> bool:
    counts = [n for n in player.bank.values() if n > 0]
    return (max(counts, default=0) >= F.win_same or len(counts) >= F.win_different
            or sum(counts) >= F.win_any)


def gem_value(player: Player) -> int:
    return sum(F.values[c] * n for c, n in player.bank.items())


def needs(player: Player) -> dict[str, int]:
    """Gems still missing for each of the three goals."""
    counts = [n for n in player.bank.values() if n > 0]
    return {
        "same_colour": max(F.win_same - max(counts, default=0), 0),
        "different_colours": max(F.win_different - len(counts), 0),
        "any_colours": max(F.win_any - sum(counts), 0),
    }


def _round_end(state: NiagaraState) -> list[int] | None:
    """The winners if the game ends with this round (maybe none), else None."""
    winners = [s for s, p in enumerate(state.players) if meets_goal(p)]
    if not winners and state.round_limit and state.round >= state.round_limit:
        most = max(p.banked() for p in state.players)
        winners = [s for s, p in enumerate(state.players) if most and p.banked() == most]
        if not winners:
            return []  # nobody banked a gem: the game ends without a winner
    if len(winners) > 1 and state.tiebreak:
        best = max(gem_value(state.players[s]) for s in winners)
        winners = [s for s in winners if gem_value(state.players[s]) == best]
    return winners or None


def _end_round(state: NiagaraState) -> None:
    _flow(state)
    for player in state.players:
        if len(player.played) >= len(F.cards):
            player.played = []
    winners = _round_end(state)
    if winners is not None:
        state.winners = winners
        state.phase = "end"
        return
    state.lifebuoy = (state.lifebuoy + 1) % len(state.players)
    state.round += 1
    state.turn = 0
    state.cards = [None] * len(state.players)
    state.phase = "reveal" if state.cards_at_once else "turn"


def _next_turn(state: NiagaraState) -> None:
    _rescue(state)
    state.turn += 1
    if state.turn >= len(state.players):
        _end_round(state)


# ----- the moves --------------------------------------------------------------

def _check_card(action: str, arg: str, whole: Any, value: Any) -> Card:
    """A paddle card as the line gives it: a number card as a JSON number (1 to 6, never the
    text "3": the one input rule of every game) or "cloud"."""
    if (is_number(value) or value == CLOUD) and value in F.cards:
        return value  # type: ignore[no-any-return]
    why = "text" if number_problem(value) == "text" else "choice"
    raise bad_arg(action, arg, whole, why, value, choices=[str(c) for c in F.cards])


def _parse_card(value: Any, cards: Any = None) -> Card:
    return _check_card("reveal", "cards", value if cards is None else cards, value)


def _reveal(state: NiagaraState, action: Action) -> None:
    cards = action["cards"]
    if not isinstance(cards, list):
        raise MalformedAction("bad_arg", None, action="reveal", arg="cards", value=cards)
    if len(cards) != len(state.players):
        raise IllegalAction("card_count", "niagara.cards.entry", given=len(cards), needed=len(state.players))
    parsed = [_parse_card(c, cards) for c in cards]
    for seat, card in enumerate(parsed):
        if card not in state.players[seat].hand():
            if card == CLOUD:
                raise IllegalAction("cloud_not_in_hand", "niagara.cards.cycle", player=seat)
            raise IllegalAction("card_not_in_hand", "niagara.cards.cycle", player=seat, card=card)
    for seat, card in enumerate(parsed):
        state.players[seat].played.append(card)
    state.cards = list(parsed)
    state.turn = 0
    state.phase = "turn"


def _card(state: NiagaraState, action: Action) -> None:
    """The player whose turn it is turns his face-down card over: it is entered now."""
    seat = action.player
    assert seat is not None
    if state.cards[seat] is not None:
        raise IllegalAction("card_already_turned", "niagara.cards.entry", player=seat)
    card = _check_card("card", "card", action["card"], action["card"])
    if card not in state.players[seat].hand():
        if card == CLOUD:
            raise IllegalAction("cloud_not_in_hand", "niagara.cards.cycle", player=seat)
        raise IllegalAction("card_not_in_hand", "niagara.cards.cycle", player=seat, card=card)
    state.players[seat].played.append(card)
    state.cards[seat] = card


def _card_turned(state: NiagaraState, seat: int) -> None:
    if state.cards[seat] is None:
        raise IllegalAction("card_not_turned", "niagara.cards.entry", player=seat)


def _buy_back(state: NiagaraState, action: Action) -> None:
    seat = action.player
    assert seat is not None
    player = state.players[seat]
    index = action["canoe"] - 1
    colour = action["gem"]
    if player.canoes[index].where != LOST:
        raise IllegalAction("canoe_not_lost", "niagara.falls.buy-back", canoe=index + 1)
    if player.bank.get(colour, 0) < F.buy_back_gems:
        raise IllegalAction("gem_not_banked", "niagara.falls.buy-back", player=seat)
    player.bank[colour] -= F.buy_back_gems
    if not player.bank[colour]:
        del player.bank[colour]
    pile = state.sites[colour]
    pile[colour] = pile.get(colour, 0) + F.buy_back_gems
    player.canoes[index].where = SHORE


def _weather(state: NiagaraState, action: Action) -> None:
    seat = action.player
    assert seat is not None
    _card_turned(state, seat)
    if state.cards[seat] != CLOUD:
        raise IllegalAction("weather_needs_cloud", "niagara.weather.cloud", player=seat)
    step = 1 if action["direction"] == "up" else -1
    track = F.weather_track
    position = track.index(state.weather) + step
    if not 0 <= position < len(track):
        raise IllegalAction("weather_at_end", "niagara.weather.step", weather=state.weather)
    state.weather = track[position]
    _next_turn(state)


def _paddle(state: NiagaraState, action: Action) -> None:
    seat = action.player
    assert seat is not None
    _card_turned(state, seat)
    card = state.cards[seat]
    if not is_number(card):
        raise IllegalAction("paddle_needs_number", "niagara.weather.no-canoes", player=seat)
    plans = parse_plans(action)
    check_turn_shape(state, seat, plans)
    for plan in plans:
        carry_out(state, seat, plan, int(card))  # type: ignore[arg-type]
    _next_turn(state)


def _fork(state: NiagaraState, action: Action) -> None:
    """The table says the next disc at the fork enters the other arm (a tap on the fork;
    the discs after it alternate from there)."""
    if action["arm"] == state.fork_next:
        raise IllegalAction("fork_already", "niagara.river.fork")
    state.fork_next = action["arm"]


# ----- corrections: the physical board is the truth ----------------------------

def _places() -> tuple[str, ...]:
    return (SHORE, LOST) + F.river.order


def _correct_canoe(state: NiagaraState, action: Action) -> None:
    canoe = state.players[action["owner"]].canoes[action["canoe"] - 1]
    where = action["where"]
    if where in (SHORE, LOST) and canoe.gem is not None:
        raise IllegalAction("correction_canoe_loaded", "niagara.table.corrections", canoe=action["canoe"])
    canoe.where = where


def _gem_place(state: NiagaraState, text: str, colour: str) -> tuple[dict[str, int] | None, Canoe | None]:
    """A place gems can be in: ``site:<colour>``, ``spare``, ``bank:<seat>``,
    ``canoe:<seat>:<canoe>``.  Returns (pile, None) or (None, canoe)."""
    parts = text.split(":")
    n = len(state.players)
    try:
        if parts[0] == "site" and len(parts) == 2 and parts[1] in state.sites:
            return state.sites[parts[1]], None
        if parts == ["spare"]:
            return state.spares, None
        if parts[0] == "bank" and len(parts) == 2 and 0 <= int(parts[1]) < n:
            return state.players[int(parts[1])].bank, None
        if parts[0] == "canoe" and len(parts) == 3 and 0 <= int(parts[1]) < n and 1 <= int(parts[2]) <= F.canoes:
            return None, state.players[int(parts[1])].canoes[int(parts[2]) - 1]
    except ValueError:
        pass
    raise MalformedAction("bad_arg", None, action="correct_gem", arg="from/to", value=text)


def _correct_gem(state: NiagaraState, action: Action) -> None:
    colour = action["colour"]
    pile, canoe = _gem_place(state, action["source"], colour)
    to_pile, to_canoe = _gem_place(state, action["target"], colour)
    rule = "niagara.table.corrections"
    if pile is not None and pile.get(colour, 0) <= 0:
        raise IllegalAction("correction_no_gem", rule, place=action["source"])
    if canoe is not None and (canoe.gem != colour):
        raise IllegalAction("correction_no_gem", rule, place=action["source"])
    if to_canoe is not None and (to_canoe.gem is not None or not to_canoe.in_river):
        raise IllegalAction("correction_canoe_full", rule, place=action["target"])
    if pile is not None:
        pile[colour] -= 1
        if not pile[colour]:
            del pile[colour]
    elif canoe is not None:
        canoe.gem = None
    if to_pile is not None:
        to_pile[colour] = to_pile.get(colour, 0) + 1
    elif to_canoe is not None:
        to_canoe.gem = colour


def _correct_weather(state: NiagaraState, action: Action) -> None:
    state.weather = action["weather"]


def _correct_fork(state: NiagaraState, action: Action) -> None:
    state.fork_next = action["arm"]


# ----- the game -----------------------------------------------------------------

_TURN = frozenset({"turn"})


# Actions are immutable, so the ones offered again and again are built once.
@cache
def _card_actions(seat: int, hand: tuple[Card, ...]) -> tuple[Action, ...]:
    return tuple(Action.make("card", seat, card=c) for c in hand)


@cache
def _buy_back_action(seat: int, canoe: int, colour: str) -> Action:
    return Action.make("buy_back", seat, canoe=canoe, gem=colour)


@cache
def _weather_action(seat: int, direction: str) -> Action:
    return Action.make("weather", seat, direction=direction)


def _reveal_builder(hands: tuple[tuple[Card, ...], ...]) -> Any:
    """The i-th ``reveal`` of :func:`itertools.product` over the hands (the last hand
    varies fastest), built directly (Action.make's sorting is not needed for one argument)."""
    def build(i: int) -> Action:
        combo: list[Card] = []
        for hand in reversed(hands):
            i, r = divmod(i, len(hand))
            combo.append(hand[r])
        combo.reverse()
        return Action("reveal", None, (("cards", tuple(combo)),))
    return build


@cache
def _fork_action(arm: str) -> Action:
    return Action.make("fork", None, arm=arm)


def _fork_switch(state: NiagaraState) -> Action:
    """The table's tap on the fork: the next disc enters the other arm."""
    return _fork_action("right" if state.fork_next == "left" else "left")


@lru_cache(maxsize=8192)
def _paddle_action(seat: int, plans: tuple[Any, ...]) -> Action:
    return Action.make("paddle", seat, **plans_args(list(plans)))


class NiagaraGame(Game[NiagaraState], facts=True):
    id = "niagara"
    kind = "referee"
    # random canoes go over the falls far more often than they bank gems
    random_playout_options = {"round_limit": F.round_limit_suggested}
    flow_rule = "niagara.round.order"
    #: who acts where the facts.json phase table says {"rule": ...}: this round's order from the lifebuoy
    acts_rules = {"in_turn_order": lambda state: ((state.lifebuoy + state.turn) % len(state.players),)}
    moves = moves_table(
        Move("reveal", _reveal, frozenset({"reveal"}), "table",
             {"cards": Param("json")}, rule="niagara.cards.entry"),
        Move("card", _card, _TURN, "turn", {"card": Param("json")}, rule="niagara.cards.entry"),
        Move("buy_back", _buy_back, _TURN, "turn",
             {"canoe": Param("int", min=1, max=F.canoes), "gem": Param("str", choices=F.colours)},
             rule="niagara.falls.buy-back"),
        Move("paddle", _paddle, _TURN, "turn", paddle_params(), rule="niagara.turn.number"),
        Move("weather", _weather, _TURN, "turn",
             {"direction": Param("str", choices=("up", "down"))}, rule="niagara.weather.cloud"),
        Move("fork", _fork, frozenset({"reveal", "turn"}), "table",
             {"arm": Param("str", choices=ARMS)}, rule="niagara.river.fork"),
        Move("correct_canoe", _correct_canoe, None, "table",
             {"owner": Param("seat"), "canoe": Param("int", min=1, max=F.canoes),
              "where": Param("str", choices=_places())},
             rule="niagara.table.corrections", correction=True),
        Move("correct_gem", _correct_gem, None, "table",
             {"colour": Param("str", choices=F.colours), "source": Param("str"),
              "target": Param("str")},
             rule="niagara.table.corrections", correction=True),
        Move("correct_weather", _correct_weather, None, "table",
             {"weather": Param("int", choices=F.weather_track)},
             rule="niagara.table.corrections", correction=True),
        Move("correct_fork", _correct_fork, None, "table",
             {"arm": Param("str", choices=ARMS)},
             rule="niagara.table.corrections", correction=True),
    )

    # ----- setup -----
    def new_state(self, setup: TableSetup) -> NiagaraState:
        n = len(setup.players)
        players = [Player(name, [Canoe() for _ in range(F.canoes)], {}) for name in setup.players]
        return NiagaraState(
            players=players,
            sites={c: {c: F.per_site} for c in F.colours},
            spares={c: F.spare_per_colour for c in F.colours},
            tiebreak=bool(setup.options.get("tiebreak", F.tiebreak_default)),
            round_limit=int(setup.options.get("round_limit", F.round_limit_default)),
            cards_at_once=bool(setup.options.get("cards_at_once", False)),
            phase="reveal" if setup.options.get("cards_at_once", False) else "turn",
            weather=F.weather_start,
            cards=[None] * n,
            fork_next=F.river.fork_first,
        )

    def clone(self, state: NiagaraState) -> NiagaraState:
        # hand-written: measured 4.5 µs a state against 6.8 µs for the core's field-driven clone
        # (benchmarks/bench_clone.py: 300-step random 4-player game, best of 9)
        return state.copy()

    # ----- flow -----
    def winners(self, state: NiagaraState) -> list[int]:
        return list(state.winners)

    def scores(self, state: NiagaraState) -> list[float] | None:
        return [float(p.banked()) for p in state.players]

    def legal_actions(self, state: NiagaraState) -> list[Action] | LegalActions:
        if state.phase == "reveal":
            # every combination of one card from each hand, in itertools.product's order:
            # up to 7 ** 5 of them, so counted and the i-th built on demand
            hands = tuple(tuple(p.hand()) for p in state.players)
            out = LegalActions()
            out.lazy(prod(len(h) for h in hands), _reveal_builder(hands), "reveal")
            out.append(_fork_switch(state))
            return out
        if state.phase != "turn":
            return []
        seat = state.current()
        assert seat is not None
        player = state.players[seat]
        out = [_buy_back_action(seat, i + 1, colour)
               for i, canoe in enumerate(player.canoes) if canoe.where == LOST
               for colour in F.colours if player.bank.get(colour, 0) >= F.buy_back_gems]
        card = state.cards[seat]
        if card is None:
            out += _card_actions(seat, tuple(player.hand()))
        elif card == CLOUD:
            at = F.weather_track.index(state.weather)
            if at + 1 < len(F.weather_track):
                out.append(_weather_action(seat, "up"))
            if at > 0:
                out.append(_weather_action(seat, "down"))
        else:
            out += [_paddle_action(seat, tuple(plans))
                    for plans in legal_plan_lists(state, seat, int(card))]  # type: ignore[arg-type]
        out.append(_fork_switch(state))  # the table's, last: the turn's own moves come first
        return out

    # ----- what the screen shows -----
    def prompt(self, state: NiagaraState) -> dict[str, Any]:
        seat = state.current()
        params: dict[str, Any] = {"round": state.round}
        code = f"phase.{state.phase}"
        if seat is not None:
            params["player"] = seat
            if state.cards[seat] is None:
                code = "phase.turn_card"
            elif state.cards[seat] == CLOUD:
                code = "phase.turn_cloud"
            else:
                params["card"] = state.cards[seat]
        return {"code": code, "players": sorted(self.active_players(state)), "params": params}

    def seat_secrets(self, state: NiagaraState, seat: int) -> dict[str, Any]:
        """Paddle cards are chosen face down and entered once turned up, so the
        app holds no secret; a player's own phone lists the cards still in that
        player's hand, to choose from behind their hand."""
        if not 0 <= seat < len(state.players):
            return {}
        return {"paddle_hand": list(state.players[seat].hand())}

    def view(self, state: NiagaraState, reveal: bool = False) -> dict[str, Any]:
        return {
            "round": state.round,
            "lifebuoy": state.lifebuoy,
            "order": state.seat_order(),
            "weather": state.weather,
            "weather_track": list(F.weather_track),
            # the flow is known once every card of the round is turned over
            "flow": river_flow(state) if state.phase == "turn" and None not in state.cards else None,
            "cards_at_once": state.cards_at_once,
            "last_flow": state.last_flow,
            "fork_next": state.fork_next,
            "cards": [None if c is None else c for c in state.cards],
            "sites": {k: dict(v) for k, v in state.sites.items()},
            "spares": dict(state.spares),
            "players": [
                {
                    "name": p.name,
                    "hand": p.hand(),
                    "played": list(p.played),
                    "canoes": [{"where": c.where, "gem": c.gem} for c in p.canoes],
                    "bank": dict(p.bank),
                    "gems": p.banked(),
                    "needs": needs(p),
                    "goal": meets_goal(p),
                }
                for p in state.players
            ],
        }

    # ----- the table's story (events.py) -----
    def action_events(self, before: NiagaraState, action: Action, after: NiagaraState) -> list[Event]:
        out = ev.action_events(before, action, after)
        return super().action_events(before, action, after) if out is None else out

    def outcome_events(self, before: NiagaraState, action: Action, after: NiagaraState) -> list[Event]:
        return ev.outcome_events(self, before, action, after)

    def chapter(self, state: NiagaraState) -> tuple[str, int]:
        return ev.chapter(state)


GAME = NiagaraGame()
