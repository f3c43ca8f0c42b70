"""One function per move: check the rule, change the clone, hand over to ``flow``.

Each refusal names the clause of ``rules_data/manila/*.json`` it enforces.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from ...core import Action, IllegalAction
from . import flow as fl
from .facts import INSURANCE, PIRATE, load
from .money import credit, flow, mortgage_one, pay_bank, share_cost, unmortgaged
from .state import BANK, ManilaState

F = load()


def _wares_in(action: Action) -> dict[str, int]:
    """The per-ware integer arguments of an action, in facts order."""
    return {w: action[w] for w in F.wares if w in action}


def canonical(wares: list[str]) -> list[str]:
    return sorted(wares, key=F.wares.index)


# ----- the deal --------------------------------------------------------------
def _known_dealt(state: ManilaState) -> dict[str, int]:
    """Shares of each ware in the hands entered so far."""
    counts = {w: 0 for w in F.wares}
    for hand in state.dealt:
        for w in hand or ():
            counts[w] += 1
    return counts


def _deal_room(state: ManilaState) -> tuple[dict[str, int], tuple[int, ...]]:
    """How many of each ware were dealt (as far as known), and how many of those no entered
    hand holds yet (in ``F.wares`` order): the most of each a hand still to enter may hold."""
    counts = _known_dealt(state)
    limit = state.dealt_count or _DEAL_LIMIT
    return limit, tuple(limit[w] - counts[w] for w in F.wares)


def _check_hand(state: ManilaState, wares: list[str]) -> None:
    if len(wares) != F.shares_per_player:
        raise IllegalAction("wrong_share_count", "manila.setup.shares", count=len(wares),
                            required=F.shares_per_player)
    limit, room = _deal_room(state)
    for w, left in zip(F.wares, room):
        if wares.count(w) > left:  # the first ware of which the deal would hold more than were dealt
            raise IllegalAction("share_not_in_deal", "manila.setup.shares", ware=w, dealt=limit[w])


def hands_possible(state: ManilaState) -> tuple[tuple[str, ...], ...]:
    """Every two-share hand a player could still enter (what :func:`_check_hand` accepts)."""
    return _hands_within(_deal_room(state)[1])


@cache
def _hands_within(room: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """The hands holding at most ``room[i]`` shares of ``F.wares[i]`` (the shares of each
    ware no entered hand holds): :func:`_check_hand`'s test, once per room."""
    return tuple(hand for hand in _HANDS if all(hand.count(w) <= left for w, left in zip(F.wares, room)))


def enter_shares(state: ManilaState, action: Action) -> None:
    wares = action["wares"]
    _check_hand(state, wares)
    state.dealt[action.player] = canonical(wares)  # type: ignore[index]
    state.share_state[action.player] = "secret"  # type: ignore[index]
    _after_deal(state)


def shares_later(state: ManilaState, action: Action) -> None:
    state.share_state[action.player] = "later"  # type: ignore[index]
    _after_deal(state)


def _after_deal(state: ManilaState) -> None:
    if "pending" in state.share_state:
        return
    if "later" in state.share_state:
        state.phase = "supply"
        return
    _set_supply(state, {w: F.shares_per_ware - c for w, c in _known_dealt(state).items()})


def supply_range(state: ManilaState) -> dict[str, tuple[int, int]]:
    """The supply counts a ware may have, given the entered hands."""
    entered = _known_dealt(state)
    return {w: (F.shares_per_ware - F.dealt_per_ware, F.shares_per_ware - entered[w]) for w in F.wares}


def supply(state: ManilaState, action: Action) -> None:
    counts = _wares_in(action)
    need = F.shares_total - F.shares_per_player * state.n
    bounds = supply_range(state)
    if sum(counts.values()) != need or any(not lo <= counts[w] <= hi for w, (lo, hi) in bounds.items()):
        raise IllegalAction("supply_inconsistent", "manila.setup.supply_count", total=need)
    _set_supply(state, counts)


def _set_supply(state: ManilaState, counts: dict[str, int]) -> None:
    state.supply = dict(counts)
    state.dealt_count = {w: F.shares_per_ware - c for w, c in counts.items()}
    fl.open_auction(state)


# ----- the auction -------------------------------------------------------------
def bid(state: ManilaState, action: Action) -> None:
    seat, amount = action.player, action["amount"]
    assert seat is not None
    minimum = max(F.min_bid, state.high_bid + 1)
    if amount < minimum:
        raise IllegalAction("bid_too_low", "manila.auction.bids", amount=amount, minimum=minimum)
    limit = credit(state, seat)
    if amount > limit:
        raise IllegalAction("bid_over_credit", "manila.auction.limit", amount=amount, limit=limit)
    state.high_bid, state.high_bidder = amount, seat
    _next_bidder(state)


def pass_bid(state: ManilaState, action: Action) -> None:
    state.out[action.player] = True  # type: ignore[index]
    _next_bidder(state)


def _next_bidder(state: ManilaState) -> None:
    still = [s for s in range(state.n) if not state.out[s]]
    if state.high_bidder is not None and still == [state.high_bidder]:
        pay_bank(state, state.high_bidder, state.high_bid, "auction")
        state.master = state.high_bidder
        state.phase = "buy"
        return
    if not still:
        # nobody bid: the last harbor master keeps the office (first voyage: the oldest player)
        state.master = state.master if state.master is not None else state.oldest
        state.phase = "buy"
        return
    for step in range(1, state.n + 1):
        seat = (state.bidder + step) % state.n
        if not state.out[seat]:
            state.bidder = seat
            return


# ----- the harbor master ---------------------------------------------------------
def buy_share(state: ManilaState, action: Action) -> None:
    seat, ware = action.player, action["ware"]
    assert seat is not None
    if state.supply[ware] == 0:
        raise IllegalAction("supply_empty", "manila.harbor_master.buy", ware=ware)
    cost, limit = share_cost(state, ware), credit(state, seat)
    if cost > limit:
        raise IllegalAction("cannot_afford_share", "manila.harbor_master.buy", ware=ware, cost=cost, limit=limit)
    pay_bank(state, seat, cost, "share", ware)
    state.supply[ware] -= 1
    state.bought[seat][ware] = state.bought[seat].get(ware, 0) + 1
    state.phase = "launch"


def skip_share(state: ManilaState, action: Action) -> None:
    state.phase = "launch"


def launch(state: ManilaState, action: Action) -> None:
    starts = _wares_in(action)
    if len(starts) != F.boats_sailing:
        raise IllegalAction("need_three_wares", "manila.harbor_master.cargo", count=len(starts),
                            required=F.boats_sailing)
    for value in starts.values():
        if not F.start_min <= value <= F.start_max:
            raise IllegalAction("start_out_of_range", "manila.harbor_master.launch", start=value,
                                low=F.start_min, high=F.start_max)
    total = sum(starts.values())
    if total != F.start_sum:
        raise IllegalAction("start_sum", "manila.harbor_master.launch", total=total, required=F.start_sum)
    state.cargo = list(starts)
    state.position = dict(starts)
    state.seats = {w: [None] * len(F.seat_costs[w]) for w in starts}
    fl.start_round(state)


# ----- placing accomplices ---------------------------------------------------------
def space_cost(state: ManilaState, space: str) -> int:
    """The cost of ``space`` now; IllegalAction if nobody may be placed there."""
    if space in F.seat_costs:
        if space not in state.cargo:
            raise IllegalAction("boat_not_sailing", "manila.spaces.boats", ware=space)
        seat = fl.free_seat(state, space)
        if seat is None:
            raise IllegalAction("boat_full", "manila.spaces.boats", ware=space)
        return F.seat_costs[space][seat]
    if space == PIRATE:
        if len(state.pirates) >= F.pirate_seats:
            raise IllegalAction("pirates_full", "manila.spaces.pirates")
        return F.pirate_cost
    if state.spaces[space] is not None:
        raise IllegalAction("space_taken", _SPACE_RULE[space.split("_")[0]], space=space,
                            holder_player=state.spaces[space])
    return _single_cost(space)


def _single_cost(space: str) -> int:
    """The printed cost of a one-accomplice space (harbor, shipyard, pilot, insurance)."""
    if space in F.harbor_spaces:
        return F.harbor_costs[F.harbor_spaces.index(space)]
    if space in F.shipyard_spaces:
        return F.shipyard_costs[F.shipyard_spaces.index(space)]
    if space == INSURANCE:
        return F.insurance_cost
    return F.pilot_cost[space.split("_")[1]]


_SPACE_RULE = {"harbor": "manila.spaces.harbor", "shipyard": "manila.spaces.shipyard",
               "pilot": "manila.spaces.pilots", "insurance": "manila.spaces.insurance"}


def all_spaces() -> tuple[str, ...]:
    return F.wares + (PIRATE,) + F.single_spaces


def open_spaces(state: ManilaState) -> dict[str, int]:
    """Every space an accomplice could go to now, with its cost: the spaces for which
    :func:`space_cost` would not refuse, in :func:`all_spaces` order (asked without
    raising, as the legal-action list asks it for every placement)."""
    out: dict[str, int] = {}
    seats = state.seats
    for ware in state.cargo:  # in facts order, as launched
        taken = seats[ware]
        if None in taken:
            out[ware] = F.seat_costs[ware][taken.index(None)]
    if len(state.pirates) < F.pirate_seats:
        out[PIRATE] = F.pirate_cost
    spaces = state.spaces
    for space, cost in _SINGLE_COSTS.items():
        if spaces[space] is None:
            out[space] = cost
    return out


def stowaway_allowed(state: ManilaState, seat: int, spaces: dict[str, int]) -> bool:
    """No free share to mortgage and less cash than the cheapest open paid space."""
    paid = [cost for space, cost in spaces.items() if space != INSURANCE]
    return unmortgaged(state, seat) == 0 and bool(paid) and state.cash[seat] < min(paid)


def place(state: ManilaState, action: Action) -> None:
    seat, space = action.player, action["space"]
    assert seat is not None
    cost = space_cost(state, space)
    if "slot" in action:  # a seat tapped on the board: only the cheapest free one may be taken
        _check_slot(state, space, action["slot"], cost)
    if space == INSURANCE:
        pay_bank(state, seat, cost, "seat_cost", space)
        flow(state, "insurance_bonus", BANK, seat, F.insurance_bonus, space)
    elif cost <= credit(state, seat):
        pay_bank(state, seat, cost, "seat_cost", space)
    elif stowaway_allowed(state, seat, open_spaces(state)):
        flow(state, "stowaway", seat, BANK, state.cash[seat], space)
    else:
        raise IllegalAction("cannot_afford", "manila.placement.cost", cost=cost, limit=credit(state, seat))
    if space in F.seat_costs:
        state.seats[space][fl.free_seat(state, space)] = seat  # type: ignore[index]
    elif space == PIRATE:
        state.pirates.append(seat)
    else:
        state.spaces[space] = seat
    state.left[seat] -= 1
    fl.next_placer(state)


def _check_slot(state: ManilaState, space: str, slot: int, cost: int) -> None:
    if space not in F.seat_costs:
        raise IllegalAction("no_seat_here", "manila.spaces.boats")
    seats = state.seats[space]
    free = fl.free_seat(state, space)
    if not 0 <= slot < len(seats):
        raise IllegalAction("no_seat_here", "manila.spaces.boats")
    if slot != free:
        holder = seats[slot]
        if holder is not None:
            raise IllegalAction("seat_taken", "manila.spaces.boats", ware=space, holder_player=holder, cost=cost)
        raise IllegalAction("seat_in_order", "manila.spaces.boats", ware=space, cost=cost)


def pass_place(state: ManilaState, action: Action) -> None:
    state.withdrawn[action.player] = True  # type: ignore[index]
    fl.next_placer(state)


# ----- the dice ------------------------------------------------------------------------
def check_dice(state: ManilaState, dice: dict[str, int]) -> None:
    moving = fl.at_sea(state)
    if list(dice) != moving:
        raise IllegalAction("dice_mismatch", "manila.movement.roll", boats=moving)
    for value in dice.values():
        if not F.die_min <= value <= F.die_max:
            raise IllegalAction("die_out_of_range", "manila.movement.roll", value=value,
                                low=F.die_min, high=F.die_max)


def roll(state: ManilaState, action: Action) -> None:
    dice = _wares_in(action)
    check_dice(state, dice)
    fl.after_roll(state, dice, action.get("order"))


# ----- pirates ---------------------------------------------------------------------------
def board(state: ManilaState, action: Action) -> None:
    ware, slot = action["ware"], action.get("slot")
    if ware not in fl.boats_on_last_space(state):
        raise IllegalAction("boat_not_on_13", "manila.pirates.board", ware=ware, space=F.last_space)
    seats = state.seats[ware]
    target = fl.free_seat(state, ware)
    if target is not None:
        if slot is not None:
            raise IllegalAction("slot_not_allowed", "manila.pirates.board")
    else:
        if not state.variant:
            raise IllegalAction("board_no_seat", "manila.pirates.board", ware=ware)
        if any(fl.free_seat(state, w) is not None for w in fl.boats_on_last_space(state)):
            raise IllegalAction("must_fill_free_seats", "manila.pirates.variant")
        if slot is None:
            raise IllegalAction("slot_needed", "manila.pirates.variant")
        if not 0 <= slot < len(seats):
            raise IllegalAction("bad_slot", "manila.pirates.variant", slot=slot, high=len(seats) - 1)
        if (ware, slot) in state.fresh:
            raise IllegalAction("cannot_replace_captain", "manila.pirates.variant")
        state.left[seats[slot]] += 1  # type: ignore[index]  # the ousted accomplice goes home
        target = slot
    seats[target] = state.pirates.pop(fl.pirate_index(state))
    state.fresh.append((ware, target))
    state.boarding.pop(0)
    fl.next_boarder(state)


def stay(state: ManilaState, action: Action) -> None:
    state.boarding.pop(0)
    fl.next_boarder(state)


def plunder(state: ManilaState, action: Action) -> None:
    ware = action["ware"]
    if ware not in state.to_decide:
        raise IllegalAction("not_plundered", "manila.pirates.plunder", ware=ware)
    state.to_decide.remove(ware)
    (state.harbor if action["to"] == "harbor" else state.shipyard).append(ware)
    if not state.to_decide:
        fl.settle(state)


# ----- pilots ----------------------------------------------------------------------------
def pilot(state: ManilaState, action: Action) -> None:
    role = state.pilots_due[0]
    moves = _wares_in(action)
    steps = F.pilot_steps[role]
    if not moves or 0 in moves.values() or sum(abs(d) for d in moves.values()) != steps:
        if role == "small":
            raise IllegalAction("pilot_small_moves", "manila.pilots.small", steps=steps)
        raise IllegalAction("pilot_large_moves", "manila.pilots.large", steps=steps)
    for ware, delta in moves.items():
        if ware not in state.cargo:
            raise IllegalAction("boat_not_sailing", "manila.harbor_master.cargo", ware=ware)
        if ware not in fl.at_sea(state):
            raise IllegalAction("pilot_boat_arrived", "manila.pilots.arrived", ware=ware)
        if state.position[ware] + delta < F.start_min:
            raise IllegalAction("pilot_below_start", "manila.pilots.backwards", ware=ware)
    arriving = [w for w, d in moves.items() if state.position[w] + d > F.last_space]
    fl.dock(state, arriving, action.get("order"))
    for ware, delta in moves.items():
        state.position[ware] += delta
    state.pilots_due.pop(0)
    fl.next_pilot(state)


def skip_pilot(state: ManilaState, action: Action) -> None:
    state.pilots_due.pop(0)
    fl.next_pilot(state)


# ----- the end -----------------------------------------------------------------------------
def reveal_shares(state: ManilaState, action: Action) -> None:
    seat = action.player
    assert seat is not None
    wares = action.get("wares")
    if state.share_state[seat] == "secret":
        if wares is not None and canonical(wares) != state.dealt[seat]:
            raise IllegalAction("shares_mismatch", "manila.end.reveal")
    else:
        if wares is None:
            raise IllegalAction("shares_needed", "manila.end.reveal", required=F.shares_per_player)
        _check_hand(state, wares)
        state.dealt[seat] = canonical(wares)
    state.share_state[seat] = "shown"
    if all(s == "shown" for s in state.share_state):
        state.phase = "end"


# ----- loans at any moment -------------------------------------------------------------------
def mortgage(state: ManilaState, action: Action) -> None:
    seat = action.player
    assert seat is not None
    if unmortgaged(state, seat) == 0:
        raise IllegalAction("no_share_to_mortgage", "manila.loans.mortgage")
    mortgage_one(state, seat)


def redeem(state: ManilaState, action: Action) -> None:
    seat = action.player
    assert seat is not None
    if state.mortgaged[seat] == 0:
        raise IllegalAction("no_mortgaged_share", "manila.loans.redeem")
    if state.cash[seat] < F.redeem:
        raise IllegalAction("cannot_afford_redeem", "manila.loans.redeem", cost=F.redeem, cash=state.cash[seat])
    state.mortgaged[seat] -= 1
    flow(state, "redeem", seat, BANK, F.redeem)
    if state.phase == "auction" and state.high_bidder == seat and credit(state, seat) < state.high_bid:
        raise IllegalAction("redeem_blocks_bid", "manila.auction.redeem_while_bidding", bid=state.high_bid)


# ----- corrections (the table is the truth) ---------------------------------------------------
def correct_money(state: ManilaState, action: Action) -> None:
    seat, money = action["for_player"], action["money"]
    if money < 0:
        raise IllegalAction("negative_money", "manila.app.corrections")
    diff = money - state.cash[seat]
    if diff > 0:
        flow(state, "correction", BANK, seat, diff)
    elif diff < 0:
        flow(state, "correction", seat, BANK, -diff)


def correct_boat(state: ManilaState, action: Action) -> None:
    ware, position = action["ware"], action["position"]
    if ware not in fl.at_sea(state):
        raise IllegalAction("boat_not_at_sea", "manila.app.corrections", ware=ware)
    if not F.start_min <= position <= F.last_space:
        raise IllegalAction("position_out_of_range", "manila.app.corrections", low=F.start_min, high=F.last_space)
    state.position[ware] = position


_SINGLE_COSTS = {space: _single_cost(space) for space in F.single_spaces}
_HANDS = tuple(combinations_with_replacement(F.wares, F.shares_per_player))
_DEAL_LIMIT = {w: F.dealt_per_ware for w in F.wares}
