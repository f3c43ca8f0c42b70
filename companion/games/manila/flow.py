"""How a voyage runs on by itself between decisions: rounds, rolls, docking, payouts.

Move functions (``moves.py``) change the state for one decision and then call
into here to reach the next point where somebody must decide.
"""

from __future__ import annotations

from itertools import permutations

from ...core import AmbiguousAction, IllegalAction
from .facts import INSURANCE, PILOTS, load
from .money import flow, raise_cash
from .state import BANK, ManilaState

F = load()


# ----- small questions about the board --------------------------------------
def at_sea(state: ManilaState) -> list[str]:
    """Sailing boats not yet docked (in facts order)."""
    return [w for w in state.cargo if w not in state.harbor and w not in state.shipyard
            and w not in state.plundered]


def boats_on_last_space(state: ManilaState) -> list[str]:
    return [w for w in at_sea(state) if state.position[w] == F.last_space]


def open_order(state: ManilaState) -> list[int]:
    """Seats clockwise from the harbor master."""
    master = state.master if state.master is not None else state.oldest
    return [(master + i) % state.n for i in range(state.n)]


# ----- docking ---------------------------------------------------------------
def arrival_orders(arriving: list[str]) -> list[list[str]]:
    """The orders the harbor master may choose among boats docking at once."""
    return [list(p) for p in permutations(arriving)] if len(arriving) > 1 else [list(arriving)]


def dock(state: ManilaState, arriving: list[str], order: list[str] | None) -> None:
    """Boats reaching Manila take the next harbor spaces in the order chosen."""
    if order is None:
        if len(arriving) > 1:
            raise AmbiguousAction("arrival_order_needed", "manila.movement.same_roll_order", boats=arriving)
        order = arriving
    elif sorted(order) != sorted(arriving) or len(set(order)) != len(order):
        raise IllegalAction("bad_arrival_order", "manila.movement.same_roll_order", boats=arriving)
    state.harbor.extend(order)


# ----- placement rounds ------------------------------------------------------
def open_auction(state: ManilaState) -> None:
    state.phase = "auction"
    state.bidder = state.master if state.master is not None else state.oldest
    state.high_bid = 0
    state.high_bidder = None
    state.out = [False] * state.n


def start_round(state: ManilaState) -> None:
    state.round += 1
    state.queue = [s for s in open_order(state) if not state.withdrawn[s] and state.left[s] > 0]
    state.phase = "place"
    if not state.queue:
        after_round(state)


def after_round(state: ManilaState) -> None:
    """The last placer of a round has acted: next round, a roll, or the pilots."""
    first_roll = F.rolls_after_round(state.n)
    if state.round < first_roll:
        start_round(state)
    elif state.round == F.placement_rounds[state.n]:
        state.pilots_due = [p for p in PILOTS if state.spaces[f"pilot_{p}"] is not None]
        next_pilot(state)
    else:
        call_roll(state)


def next_placer(state: ManilaState) -> None:
    state.queue.pop(0)
    if not state.queue:
        after_round(state)


def next_pilot(state: ManilaState) -> None:
    if state.pilots_due and at_sea(state):
        state.phase = "pilot"
        return
    state.pilots_due = []
    call_roll(state)


def call_roll(state: ManilaState) -> None:
    """Ask the harbor master for the dice, or move on when no boat is left at sea."""
    if at_sea(state):
        state.phase = "roll"
    else:
        after_roll(state, {}, None)


# ----- rolls -----------------------------------------------------------------
def arrivals(state: ManilaState, dice: dict[str, int]) -> list[str]:
    """Boats that dock in Manila if these dice are rolled now."""
    moving = at_sea(state)
    reach = [w for w in moving if state.position[w] + dice[w] > F.last_space]
    last = state.rolls + 1 == F.plunder_after_roll
    if last and not state.pirates:
        # no pirate to attack: a boat ending on the last space takes the next harbor space
        reach += [w for w in moving if state.position[w] + dice[w] == F.last_space]
    return reach


def after_roll(state: ManilaState, dice: dict[str, int], order: list[str] | None) -> None:
    arriving = arrivals(state, dice) if dice else []
    dock(state, arriving, order)
    for ware, value in dice.items():
        state.position[ware] += value
    state.rolls += 1
    if state.rolls == F.plunder_after_roll:
        finish_sailing(state)
    elif state.rolls == F.board_after_roll and state.pirates and boats_on_last_space(state):
        state.boarding = ["captain", "crew"][: len(state.pirates)]
        state.fresh = []
        next_boarder(state)
    else:
        start_round(state)


# ----- pirates -----------------------------------------------------------------
def pirate_index(state: ManilaState) -> int:
    """Where the pirate deciding now sits on the pirate ship (the crew moves up when the captain boards)."""
    return 0 if state.boarding[0] == "captain" else len(state.pirates) - 1


def free_seat(state: ManilaState, ware: str) -> int | None:
    seats = state.seats[ware]
    return seats.index(None) if None in seats else None


def boarding_targets(state: ManilaState) -> list[tuple[str, int | None]]:
    """(ware, slot) choices of the pirate deciding now; slot None = the first free seat."""
    on13 = boats_on_last_space(state)
    with_room: list[tuple[str, int | None]] = [(w, None) for w in on13 if free_seat(state, w) is not None]
    if with_room or not state.variant:
        return with_room
    return [(w, i) for w in on13 for i, s in enumerate(state.seats[w])
            if s is not None and (w, i) not in state.fresh]


def next_boarder(state: ManilaState) -> None:
    while state.boarding and not boarding_targets(state):
        state.boarding.pop(0)
    if state.boarding:
        state.phase = "board"
        return
    state.fresh = []
    start_round(state)


def finish_sailing(state: ManilaState) -> None:
    """After the last roll: plunder boats on the last space, send the rest to the shipyard."""
    if state.pirates:
        state.plundered = boats_on_last_space(state)
        state.to_decide = list(state.plundered)
    state.shipyard.extend(w for w in at_sea(state))
    if state.to_decide:
        state.phase = "plunder"
    else:
        settle(state)


# ----- payouts -----------------------------------------------------------------
def settle(state: ManilaState) -> None:
    """Profits first, then the insurer's claims, then prices; then the next voyage or the end."""
    for ware in state.harbor:
        crew = [s for s in state.seats[ware] if s is not None]
        if ware in state.plundered or not crew:
            continue
        each = F.profit[ware] // len(crew)
        for seat in crew:
            flow(state, "boat_profit", BANK, seat, each, ware)
    for i, _ware in enumerate(state.harbor):
        space = F.harbor_spaces[i]
        holder = state.spaces[space]
        if holder is not None:
            flow(state, "harbor_reward", BANK, holder, F.harbor_rewards[i], space)
    for ware in state.plundered:
        each = F.profit[ware] // len(state.pirates)
        for seat in state.pirates:
            flow(state, "loot", BANK, seat, each, ware)
    pay_claims(state)
    for ware in state.harbor:
        state.price_step[ware] = min(state.price_step[ware] + 1, len(F.prices) - 1)
    if any(step == len(F.prices) - 1 for step in state.price_step.values()):
        state.phase = "reveal"
    else:
        new_voyage(state)


def pay_claims(state: ManilaState) -> None:
    insurer = state.spaces[INSURANCE]
    claims = [(F.shipyard_spaces[i], F.shipyard_rewards[i]) for i in range(len(state.shipyard))]
    if insurer is None:
        for space, value in claims:
            holder = state.spaces[space]
            if holder is not None:
                flow(state, "shipyard_reward", BANK, holder, value, space)
        return
    # what the insurer owes himself cancels out (our ruling)
    owed = [(space, value, state.spaces[space]) for space, value in claims if state.spaces[space] != insurer]
    raise_cash(state, insurer, sum(value for _s, value, _h in owed))
    for space, value, holder in owed:
        paid = min(value, state.cash[insurer])
        payee = BANK if holder is None else holder
        if paid:
            flow(state, "claim", insurer, payee, paid, space)
        if value > paid and holder is not None:
            flow(state, "claim_cover", BANK, holder, value - paid, space)


def new_voyage(state: ManilaState) -> None:
    state.ended = (tuple(state.harbor), tuple(state.shipyard))
    state.voyage += 1
    reset_board(state)
    open_auction(state)


def reset_board(state: ManilaState) -> None:
    state.left = [F.accomplices[state.n]] * state.n
    state.withdrawn = [False] * state.n
    state.cargo = []
    state.position = {}
    state.seats = {}
    state.spaces = {space: None for space in F.single_spaces}
    state.pirates = []
    state.harbor = []
    state.shipyard = []
    state.plundered = []
    state.to_decide = []
    state.round = 0
    state.queue = []
    state.rolls = 0
    state.pilots_due = []
    state.boarding = []
    state.fresh = []
