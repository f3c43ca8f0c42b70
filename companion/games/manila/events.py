"""What a Manila action did, as the table must see it (``Game.events``).

Read from the states before and after the action: the auction's winner and
price, shares bought, accomplices placed and what they paid, every boat that
moved (from → to), docked in a harbour space, went to the shipyard or was
boarded and plundered, every payout line from the money ledger, share
prices rising, the voyage and the game ending.  A player's secret shares are
seen only by that player until they reveal them (key ``shares:<seat>``) or
the game ends.
"""

from __future__ import annotations

from ...core import END, Action, Event, private, public, reveal, stand_in
from .facts import load
from .money import share_price
from .state import BANK, ManilaState

F = load()

#: ledger reasons the action's own line already tells (a bid is paid when the auction closes)
_TOLD = {"seat_cost", "share", "mortgage", "redeem", "correction"}


#: argument-less actions told in a sentence of their own
_SIMPLE = {"pass_bid": "passed", "pass_place": "held_back", "skip_share": "no_share"}


def shares_key(seat: int) -> str:
    return f"shares:{seat}"


def action_events(before: ManilaState, action: Action, after: ManilaState) -> list[Event] | None:
    """The action's own line where Manila's differs from the generic one (None: the generic)."""
    seat = action.player
    if action.type == "enter_shares" and seat is not None:
        return [private("shares_dealt", [seat], shares_key(seat), player=seat, wares=list(action["wares"])),
                stand_in("shares_entered", player=seat)]
    if action.type == "place" and seat is not None:
        space = action["space"]
        paid = [f for f in after.ledger[len(before.ledger):] if f.payer == seat and f.where == space]
        if any(f.reason == "stowaway" for f in paid):
            return [public("stowaway", board=True, player=seat, space=space,
                           paid=sum(f.amount for f in paid))]
        if space == "insurance":
            return [public("insurance_taken", board=True, player=seat, bonus=F.insurance_bonus)]
        cost = sum(f.amount for f in paid)
        return [public("placed", board=True, player=seat, space=space, cost=cost)]
    if action.type == "roll":
        return [public("rolled", player=seat)]
    if action.type == "buy_share":
        return []  # share_bought tells it, with the price
    if action.type == "bid":
        return [public("bid", player=seat, amount=action["amount"])]
    if action.type in _SIMPLE:
        return [public(_SIMPLE[action.type], player=seat)]
    if action.type == "reveal_shares" and seat is not None:
        return [reveal("shares_revealed", [shares_key(seat)], player=seat, wares=list(after.dealt[seat] or []))]
    return None


def outcome_events(before: ManilaState, action: Action, after: ManilaState) -> list[Event]:
    out: list[Event] = []
    # the auction closes
    if before.phase == "auction" and after.phase != "auction":
        if after.high_bidder is not None and after.master == after.high_bidder:
            out.append(public("auction_won", player=after.master, amount=after.high_bid))
        else:
            out.append(public("auction_nobody", player=after.master))
    if action.type == "buy_share" and action.player is not None:
        ware = action["ware"]
        out.append(public("share_bought", player=action.player, ware=ware,
                          cost=before.cash[action.player] - after.cash[action.player]))
    if action.type == "launch":
        for ware in after.cargo:
            out.append(public("boat_launched", board=True, ware=ware, to=after.position[ware]))
    # boats moving: the dice, a pilot, a correction (a boat past the last space docks: _arrivals)
    arrivals = _arrivals(before, after)
    if action.type == "plunder":  # the plundered boat's new place is told by plunder_taken
        arrivals = [e for e in arrivals if e.params["ware"] != action["ware"]]
    docked = {e.params["ware"] for e in arrivals if e.code == "docked"}
    steps: dict[str, int] = {}
    if action.type in ("roll", "pilot"):
        steps = {w: action[w] for w in F.wares if action.get(w) is not None}
    elif action.type == "correct_boat":
        ware = action["ware"]
        steps = {ware: after.position[ware] - before.position[ware]}
    for ware, step in steps.items():
        start = before.position.get(ware)
        if start is None or not step:
            continue
        if start + step <= F.last_space and ware not in docked:
            out.append(public("boat_moved", board=True, ware=ware, to=start + step, **{"from": start}))
    out.extend(arrivals)
    # pirates
    if action.type == "board" and action.player is not None:
        out.append(public("pirate_boarded", board=True, player=action.player, ware=action["ware"]))
    if action.type == "plunder":
        to = action["to"]
        harbor, shipyard = after.ended if after.voyage != before.voyage else (after.harbor, after.shipyard)
        where = harbor if to == "harbor" else shipyard
        space = (F.harbor_spaces if to == "harbor" else F.shipyard_spaces)[where.index(action["ware"])]
        out.append(public("plunder_taken", board=True, ware=action["ware"], space=space))
    for ware in after.plundered:
        if ware not in before.plundered:
            out.append(public("boat_boarded", board=True, ware=ware))
    # money: every payout line the action led to
    for f in after.ledger[len(before.ledger):]:
        if f.reason in _TOLD or (f.reason == "auction") or f.amount == 0 and f.reason != "stowaway":
            continue
        if f.reason == "stowaway" and action.type == "place":
            continue
        if f.reason == "insurance_bonus" and action.type == "place":
            continue
        at = {"where": f.where} if f.where else {}
        suffix = "_at" if f.where else ""
        if f.payee != BANK and f.payer != BANK:
            out.append(public("paid_to" + suffix, player=f.payer, to_player=f.payee, amount=f.amount,
                              reason=f.reason, **at))
        elif f.payee != BANK:
            out.append(public("received" + suffix, player=f.payee, amount=f.amount, reason=f.reason, **at))
        else:
            out.append(public("paid" + suffix, player=f.payer, amount=f.amount, reason=f.reason, **at))
    # prices rise as the voyage is paid out
    for ware in F.wares:
        if after.price_step[ware] != before.price_step[ware] and after.voyage >= before.voyage:
            out.append(public("price_up", board=True, ware=ware, price=share_price(after, ware)))
    if after.voyage != before.voyage:
        out.append(public("voyage_over", n=before.voyage))
    if before.phase != "reveal" and after.phase == "reveal":
        out.append(public("last_voyage", n=before.voyage))
    if before.phase != "end" and after.phase == "end":
        out.append(reveal("game_over", [END]))
    return out


def _arrivals(before: ManilaState, after: ManilaState) -> list[Event]:
    """Boats newly in a harbour space or the shipyard (read from where the
    voyage's boats ended when the same action cleared the board)."""
    out: list[Event] = []
    harbor, shipyard = (after.ended if after.voyage != before.voyage else (after.harbor, after.shipyard))
    for i, ware in enumerate(harbor):
        if ware not in before.harbor:
            out.append(public("docked", board=True, ware=ware, space=F.harbor_spaces[i]))
    for i, ware in enumerate(shipyard):
        if ware not in before.shipyard:
            out.append(public("to_shipyard", board=True, ware=ware, space=F.shipyard_spaces[i]))
    return out


def chapter(state: ManilaState) -> tuple[str, int]:
    return ("voyage", state.voyage)


__all__ = ["action_events", "chapter", "outcome_events", "shares_key"]
