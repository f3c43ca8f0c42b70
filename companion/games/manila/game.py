"""Manila (馬尼拉 / 马尼拉): the whole game, every rule checked, payouts computed."""

from __future__ import annotations

from functools import cache, lru_cache, partial
from itertools import combinations, product
from typing import Any, Callable, Mapping

from ...core import Action, Event, Game, IllegalAction, Move, Param, SetupProblem, TableSetup, move, moves_table
from ...core.legal import LegalActions
from . import events as ev
from . import flow as fl
from . import moves as mv
from .facts import INSURANCE, load
from .money import credit, share_cost, share_price, total_shares, wealth
from .state import ManilaState

F = load()

_WARE_INT = {w: Param("int", required=False) for w in F.wares}
_ORDER = {"order": Param("str_list", required=False, choices=F.wares)}
_ALL_BUT_END = frozenset({"deal", "supply", "auction", "buy", "launch", "place", "roll", "board", "pilot",
                          "plunder", "reveal"})
_AT_SEA = frozenset({"place", "roll", "board", "pilot"})


MOVES: dict[str, Move[ManilaState]] = moves_table(
    move("enter_shares", mv.enter_shares, {"deal"}, "manila.setup.share_entry",
         params={"wares": Param("str_list", choices=F.wares)}, secret=True),
    move("shares_later", mv.shares_later, {"deal"}, "manila.setup.share_entry"),
    move("supply", mv.supply, {"supply"}, "manila.setup.supply_count", actor="table",
         params={w: Param("int") for w in F.wares}),
    move("bid", mv.bid, {"auction"}, "manila.auction.bids", params={"amount": Param("int")}),
    move("pass_bid", mv.pass_bid, {"auction"}, "manila.auction.pass"),
    move("buy_share", mv.buy_share, {"buy"}, "manila.harbor_master.buy",
         params={"ware": Param("str", choices=F.wares)}),
    move("skip_share", mv.skip_share, {"buy"}, "manila.harbor_master.buy"),
    move("launch", mv.launch, {"launch"}, "manila.harbor_master.launch", params=_WARE_INT),
    move("place", mv.place, {"place"}, "manila.placement.order",
         params={"space": Param("str", choices=mv.all_spaces()), "slot": Param("int", required=False, min=0)}),
    move("pass_place", mv.pass_place, {"place"}, "manila.placement.restraint"),
    move("roll", mv.roll, {"roll"}, "manila.movement.roll", params={**_WARE_INT, **_ORDER}),
    move("board", mv.board, {"board"}, "manila.pirates.board",
         params={"ware": Param("str", choices=F.wares), "slot": Param("int", required=False)}),
    move("stay", mv.stay, {"board"}, "manila.pirates.board"),
    move("pilot", mv.pilot, {"pilot"}, "manila.pilots.when", params={**_WARE_INT, **_ORDER}),
    move("skip_pilot", mv.skip_pilot, {"pilot"}, "manila.pilots.when"),
    move("plunder", mv.plunder, {"plunder"}, "manila.pirates.plunder",
         params={"ware": Param("str", choices=F.wares), "to": Param("str", choices=("harbor", "shipyard"))}),
    move("reveal_shares", mv.reveal_shares, {"reveal"}, "manila.end.reveal",
         params={"wares": Param("str_list", required=False, choices=F.wares)}, undoable=False),
    move("mortgage", mv.mortgage, _ALL_BUT_END, "manila.loans.mortgage", actor="seat"),
    move("redeem", mv.redeem, _ALL_BUT_END, "manila.loans.redeem", actor="seat"),
    move("correct_money", mv.correct_money, None, "manila.app.corrections", actor="table",
         params={"for_player": Param("seat"), "money": Param("int")}, correction=True),
    move("correct_boat", mv.correct_boat, _AT_SEA, "manila.app.corrections", actor="table",
         params={"ware": Param("str", choices=F.wares), "position": Param("int")}, correction=True),
)


#: every argument-less move of a seat (``pass_bid``, ``skip_pilot``, ``mortgage`` …) for each
#: seat, offered in many states: built once
_SEAT_ACTIONS = {name: tuple(Action.make(name, seat) for seat in range(F.max_players))
                 for name, m in MOVES.items() if not m.params and m.actor != "table"}


def _seat_action(kind: str, seat: int) -> Action:
    return _SEAT_ACTIONS[kind][seat]


@cache
def _hand_actions(kind: str, seat: int, hands: tuple[tuple[str, ...], ...]) -> tuple[Action, ...]:
    """One ``kind`` action (``enter_shares``/``reveal_shares``) per possible hand: the
    same for every state with these hands open, so built once."""
    return tuple(Action.make(kind, seat, wares=list(hand)) for hand in hands)


@cache
def _launch_actions(seat: int) -> tuple[Action, ...]:
    """Every legal launch (three wares, starts summing to the rule's total): the same
    for every state, so built once per seat."""
    out = []
    span = range(F.start_min, F.start_max + 1)
    for left_out in reversed(F.wares):
        cargo = [w for w in F.wares if w != left_out]
        for starts in product(span, repeat=len(cargo)):
            if sum(starts) == F.start_sum:
                out.append(Action.make("launch", seat, **dict(zip(cargo, starts))))
    return tuple(out)


#: a boat further back than this cannot dock on any die face (the cache keys clamp to it)
_FAR_BACK = F.last_space - F.die_max - 1
#: a boat at least this far from both ends can neither fall below the start nor dock by a
#: pilot's move (the cache keys give every such boat the same position)
_PILOT_REACH = max(F.pilot_steps.values())


@lru_cache(maxsize=4096)
def _roll_parts(moving: tuple[str, ...], positions: tuple[int, ...],
                last_roll: bool) -> tuple[tuple[int, Callable[[int, int], Action]], ...]:
    """The lazy parts of :meth:`Manila._roll_actions` (count, builder of the seat's i-th
    throw) for boats at these positions: a pure function of its arguments, so kept for
    the positions seen again (positions further back than ``_FAR_BACK`` all dock alike,
    so the caller passes them clamped)."""
    faces = range(F.die_min, F.die_max + 1)
    docks, stays = [], []
    for at in positions:
        docking = [f for f in faces if at + f > F.last_space or (last_roll and at + f == F.last_space)]
        docks.append(docking)
        stays.append([f for f in faces if f not in docking])
    parts = []
    for size in range(len(moving) + 1):
        for group in combinations(range(len(moving)), size):
            radices = [docks[i] if i in group else stays[i] for i in range(len(moving))]
            throws = 1
            for r in radices:
                throws *= len(r)
            if not throws:
                continue
            orders = fl.arrival_orders([moving[i] for i in group]) if size > 1 else [None]
            parts.append((throws * len(orders), _roll_builder(list(moving), radices, orders)))
    return tuple(parts)


@lru_cache(maxsize=4096)
def _pilot_moves(pilot: str, moving: tuple[str, ...], positions: tuple[int, ...]) -> tuple[dict[str, Any], ...]:
    """The arguments of every move the ``pilot`` (small/large) may make with the boats at
    these positions: a pure function of its arguments, so kept for positions seen again
    (the caller passes one position for all those ``_PILOT_REACH`` away from both ends:
    they move alike)."""
    position = dict(zip(moving, positions))
    steps = F.pilot_steps[pilot]
    shapes: list[dict[str, int]] = []
    for ware in moving:
        for delta in (steps, -steps):
            shapes.append({ware: delta})
    if pilot == "large":
        # or one space on each of ``steps`` boats
        for boats in combinations(moving, steps):
            for signs in product((1, -1), repeat=steps):
                shapes.append(dict(zip(boats, signs)))
    out: list[dict[str, Any]] = []
    for moves in shapes:
        if any(position[w] + d < F.start_min for w, d in moves.items()):
            continue
        arriving = [w for w, d in moves.items() if position[w] + d > F.last_space]
        for order in fl.arrival_orders(arriving):
            out.append({**moves, "order": order} if len(arriving) > 1 else moves)
    return tuple(out)


def _pilot_builder(seat: int, moves: tuple[dict[str, Any], ...]) -> Callable[[int], Action]:
    return lambda i: Action.make("pilot", seat, **moves[i])


def _roll_builder(moving: list[str], radices: list[list[int]],
                  orders: list[list[str] | None]) -> Callable[[int, int], Action]:
    """The seat's i-th throw of one docking group (mixed-radix over the boats, then the order)."""
    def build(seat: int, i: int) -> Action:
        i, which = divmod(i, len(orders))
        dice: dict[str, int] = {}
        for ware, faces in zip(reversed(moving), reversed(radices)):
            i, face = divmod(i, len(faces))
            dice[ware] = faces[face]
        order = orders[which]
        return Action.make("roll", seat, **dice) if order is None else Action.make("roll", seat, order=order, **dice)
    return build


class Manila(Game[ManilaState], facts=True):
    id = "manila"
    kind = "referee"
    flow_rule = "manila.overview.voyage"
    moves = MOVES
    #: who acts where the facts.json phase table says {"rule": ...}
    acts_rules = {
        "boarding_pirate": lambda state: (state.pirates[fl.pirate_index(state)],),
        "pilot_holder": lambda state: (seat for seat in (state.spaces[f"pilot_{state.pilots_due[0]}"],)
                                       if seat is not None),
    }

    # ----- setup ---------------------------------------------------------------------
    def validate_game_setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> list[SetupProblem]:
        if options["oldest"] >= len(players):
            return [SetupProblem("oldest_not_at_table", oldest=options["oldest"], count=len(players))]
        return []

    def new_state(self, setup: TableSetup) -> ManilaState:
        n = len(setup.players)
        state = ManilaState(
            players=list(setup.players), phase="deal", oldest=setup.options["oldest"],
            variant=setup.options["pirate_variant"], cash=[F.start_money] * n,
            left=[F.accomplices[n]] * n, mortgaged=[0] * n, bought=[{} for _ in range(n)],
            dealt=[None] * n, share_state=["pending"] * n, supply={}, dealt_count={},
            price_step={w: 0 for w in F.wares},
        )
        fl.reset_board(state)
        return state

    # ----- flow --------------------------------------------------------------------------
    def check_flow(self, state: ManilaState, action: Action, move: Move[ManilaState]) -> None:
        """The core's flow checks, with the specific clause where a generic refusal would mislead."""
        try:
            super().check_flow(state, action, move)
        except IllegalAction as exc:
            seat = action.player
            if (exc.code == "not_your_turn" and state.phase == "auction" and seat is not None
                    and action.type in ("bid", "pass_bid") and state.out[seat]):
                # passed earlier in this auction: out for good, whoever's turn it is
                raise IllegalAction("auction_passed", "manila.auction.pass", player=seat) from None
            if (exc.code == "wrong_phase" and action.type == "board" and state.phase == "place"
                    and state.rolls == F.board_after_roll and seat in state.pirates and not state.variant):
                full = fl.boats_on_last_space(state)
                if full and all(fl.free_seat(state, w) is None for w in full):
                    # every boat on the last space was full: the boarding was skipped
                    raise IllegalAction("no_seat_to_board", "manila.pirates.board",
                                        space=F.last_space) from None
            raise

    def odds(self, state: ManilaState) -> dict[str, Any] | None:
        """The exact odds of the boats and the expected payout of each free space
        (fractions as strings), or None when no boat is at sea."""
        from . import odds as od

        found = od.compute(state)
        return None if found is None else od.to_exact_json(found)

    def winners(self, state: ManilaState) -> list[int]:
        if state.phase != "end":
            return []
        totals = [wealth(state, s) or 0 for s in range(state.n)]
        best = max(totals)
        return [s for s, t in enumerate(totals) if t == best]

    def scores(self, state: ManilaState) -> list[float] | None:
        if state.phase != "end":
            return None
        return [float(wealth(state, s) or 0) for s in range(state.n)]

    # ----- every legal action, in a fixed order -------------------------------------------------
    def legal_actions(self, state: ManilaState) -> LegalActions:
        """A lazy list: the dice part is counted, not built (see :meth:`_roll_actions`)."""
        out = LegalActions()
        if state.phase == "end":
            return out
        if state.phase == "roll":
            self._roll_actions(state, min(self.active_players(state)), out)
        elif state.phase == "auction":
            bidder = min(self.active_players(state))
            low = max(F.min_bid, state.high_bid + 1)
            out.lazy(max(0, credit(state, bidder) + 1 - low),
                     lambda i, s=bidder, low=low: Action.make("bid", s, amount=low + i), "bid")
            out.append(_seat_action("pass_bid", bidder))
        elif state.phase == "place":
            placer = min(self.active_players(state))
            spaces = self._place_spaces(state, placer)
            out.lazy(len(spaces), lambda i, s=placer: Action.make("place", s, space=spaces[i]), "place")
            out.append(_seat_action("pass_place", placer))
        elif state.phase == "pilot":
            pilot = min(self.active_players(state))
            moving = tuple(fl.at_sea(state))
            low, high = F.start_min + _PILOT_REACH, F.last_space - _PILOT_REACH
            positions = (state.position[w] for w in moving)
            moves = _pilot_moves(state.pilots_due[0], moving, tuple(low if low <= p <= high else p for p in positions))
            out.lazy(len(moves), _pilot_builder(pilot, moves), "pilot")
            out.append(_seat_action("skip_pilot", pilot))
        else:
            out.extend(self._phase_actions(state))
        loans = []
        per_player, redeem = F.shares_per_player, F.redeem
        mortgage_by, redeem_by = _SEAT_ACTIONS["mortgage"], _SEAT_ACTIONS["redeem"]
        bidding = state.high_bidder if state.phase == "auction" else None
        for seat, (bought, pledged, cash) in enumerate(zip(state.bought, state.mortgaged, state.cash)):
            if per_player + sum(bought.values()) > pledged:  # money.unmortgaged > 0
                loans.append(mortgage_by[seat])
            if pledged > 0 and cash >= redeem and not (
                    seat == bidding and credit(state, seat) - redeem + F.mortgage < state.high_bid):
                loans.append(redeem_by[seat])
        out.tagged(loans, "loan")
        return out

    def _phase_actions(self, state: ManilaState) -> list[Action]:
        phase = state.phase
        active = sorted(self.active_players(state))
        if phase == "deal":
            return [a for seat in active for a in self._deal_actions(state, seat)]
        if phase == "supply":
            return self._supply_actions(state)
        if phase == "reveal":
            return [a for seat in active for a in self._reveal_actions(state, seat)]
        seat = active[0]
        if phase == "buy":
            return [Action.make("buy_share", seat, ware=w) for w in F.wares
                    if state.supply[w] > 0 and share_cost(state, w) <= credit(state, seat)] + \
                [Action.make("skip_share", seat)]
        if phase == "launch":
            return list(_launch_actions(seat))
        if phase == "board":
            return [Action.make("board", seat, ware=w) if slot is None else
                    Action.make("board", seat, ware=w, slot=slot)
                    for w, slot in fl.boarding_targets(state)] + [Action.make("stay", seat)]
        if phase == "plunder":
            return [Action.make("plunder", seat, ware=w, to=to) for w in state.to_decide
                    for to in ("harbor", "shipyard")]
        return []

    def _deal_actions(self, state: ManilaState, seat: int) -> list[Action]:
        return [*_hand_actions("enter_shares", seat, mv.hands_possible(state)), _seat_action("shares_later", seat)]

    def _supply_actions(self, state: ManilaState) -> list[Action]:
        need = F.shares_total - F.shares_per_player * state.n
        bounds = mv.supply_range(state)
        ranges = [range(lo, hi + 1) for lo, hi in bounds.values()]
        return [Action.make("supply", None, **dict(zip(F.wares, counts)))
                for counts in product(*ranges) if sum(counts) == need]

    def _reveal_actions(self, state: ManilaState, seat: int) -> list[Action]:
        if state.share_state[seat] == "secret":
            return [Action.make("reveal_shares", seat)]
        return list(_hand_actions("reveal_shares", seat, mv.hands_possible(state)))

    def _place_spaces(self, state: ManilaState, seat: int) -> list[str]:
        """The open spaces the seat can pay for (or take as a stowaway), in board order."""
        spaces = mv.open_spaces(state)
        limit = credit(state, seat)
        affordable = [s for s, cost in spaces.items() if cost <= limit or s == INSURANCE]
        if len(affordable) < len(spaces) and mv.stowaway_allowed(state, seat, spaces):
            return list(spaces)
        return affordable

    def _roll_actions(self, state: ManilaState, seat: int, out: LegalActions) -> None:
        """Every die face for every boat at sea, and for each throw docking two or more
        boats, every order the harbor master may dock them in -- counted, not built.

        Whether a boat docks depends on its own die only (:func:`flow.arrivals`), so the
        throws are grouped by the set of boats docking: a group is a product of each
        boat's docking or staying faces, times the docking orders.  Each group is one
        lazy part whose i-th action is decoded from i on demand."""
        moving = tuple(fl.at_sea(state))
        last_roll = state.rolls + 1 == F.plunder_after_roll and not state.pirates
        positions = tuple(max(state.position[w], _FAR_BACK) for w in moving)
        for count, build in _roll_parts(moving, positions, last_roll):
            out.lazy(count, partial(build, seat), "roll")


    # ----- the table's story ------------------------------------------------------------------------
    def action_events(self, before: ManilaState, action: Action, after: ManilaState) -> list[Event]:
        own = ev.action_events(before, action, after)
        return super().action_events(before, action, after) if own is None else own

    def outcome_events(self, before: ManilaState, action: Action, after: ManilaState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def chapter(self, state: ManilaState) -> tuple[str, int]:
        return ev.chapter(state)

    # ----- what the screen shows -------------------------------------------------------------------
    def prompt(self, state: ManilaState) -> dict[str, Any]:
        players = sorted(self.active_players(state))
        phase = state.phase
        code, params = f"phase.{phase}", {}
        if phase == "auction":
            params = {"high": state.high_bid}
            if state.high_bidder is not None:
                code, params = "phase.auction_high", {"high": state.high_bid, "high_player": state.high_bidder}
            elif state.voyage > 1 and not any(state.out):
                # the table's own step, said when it is due: the last voyage's pieces come off the board
                code, params = "phase.auction_new_voyage", {"voyage": state.voyage}
        elif phase == "buy":
            params = {"min": F.share_min_price}  # teaching play's sentence says what a share costs
        elif phase == "launch":
            params = {"wares": F.boats_sailing, "sum": F.start_sum}
        elif phase == "place":
            params = {"round": state.round, "rounds": F.placement_rounds[state.n]}
        elif phase == "roll":
            params = {"roll": state.rolls + 1, "rolls": F.rolls}
        elif phase == "pilot":
            code = f"phase.pilot_{state.pilots_due[0]}"
        elif phase == "end":
            players = self.winners(state)
        return {"code": code, "players": players, "params": params}

    def view(self, state: ManilaState, reveal: bool = False) -> dict[str, Any]:
        over = state.phase == "end"
        players = []
        for seat, name in enumerate(state.players):
            show = reveal or state.share_state[seat] == "shown"
            dealt = state.dealt[seat]
            entry: dict[str, Any] = {
                "name": name,
                "money": state.cash[seat],
                "loans": state.mortgaged[seat],
                "accomplices": state.left[seat],
                "shares": total_shares(state, seat),
                "shares_bought": {w: n for w, n in state.bought[seat].items() if n},
                "shares_dealt": list(dealt) if show and dealt is not None else None,
                "shares_entry": state.share_state[seat] if state.share_state[seat] != "secret" or reveal
                else "entered",
            }
            if over or (reveal and state.dealt[seat] is not None):
                entry["wealth"] = wealth(state, seat)
            players.append(entry)
        boats = {}
        for ware in state.cargo:
            status = "sea"
            space = None
            if ware in state.harbor:
                status, space = "harbor", F.harbor_spaces[state.harbor.index(ware)]
            elif ware in state.shipyard:
                status, space = "shipyard", F.shipyard_spaces[state.shipyard.index(ware)]
            elif ware in state.plundered:
                status = "plundered"
            boats[ware] = {"position": state.position[ware], "seats": list(state.seats[ware]),
                           "seat_costs": list(F.seat_costs[ware]), "status": status, "space": space,
                           "plundered": ware in state.plundered}
        return {
            "voyage": state.voyage,
            "harbor_master": state.master,
            "players": players,
            "prices": {w: share_price(state, w) for w in F.wares},
            "supply": dict(state.supply),
            "auction": {"high": state.high_bid, "high_player": state.high_bidder,
                        "out": [i for i, o in enumerate(state.out) if o]},
            "round": state.round,
            "rolls": state.rolls,
            "boats": boats,
            "spaces": dict(state.spaces),
            "pirates": list(state.pirates),
            "ledger": [f._asdict() for f in state.ledger if f.voyage == self.last_paid_voyage(state)],
        }

    @staticmethod
    def last_paid_voyage(state: ManilaState) -> int:
        """The voyage whose payouts the breakdown shows (the current one once it is paid out)."""
        return state.voyage if state.phase in ("reveal", "end") else state.voyage - 1


GAME = Manila()
