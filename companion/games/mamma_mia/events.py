"""What a Mamma Mia action did, as the table must see it (``Game.events``).

Read from the states before and after the action: who holds the Mamma card,
each run of ingredients turned over and the heap it lands on, each order card
made (the ingredients that leave the heaps) or short (what is missing),
cards added from the hand, an order sent back, the pile done with each
player's orders and the leftovers carried over, a tie counted on cards in
hand, and the winners.  The evaluation turns the pile over in front of
everyone (mamma_mia.evaluation.reveal) and the tie-break's hands are counted
aloud (mamma_mia.end.tie-break): every event is public.
"""

from __future__ import annotations

from typing import Mapping

from ...core import END, Action, Event, public, reveal
from . import game as g
from .facts import KINDS


def _cards(counts: Mapping[str, int]) -> list[str]:
    """Ingredients as a list of names, one per card, in the game's order of kinds."""
    return [kind for kind in KINDS for _ in range(counts.get(kind, 0))]


def _order_outcome(before, owner: int, after, pizza: str | None) -> list[Event]:
    """An order card just revealed: made (what leaves the heaps), or short (what is missing)."""
    if after.phase == "short":
        missing = after.pending["missing"]
        if after.pending["deluxe"]:
            return [public("deluxe_short", player=owner, missing=missing["any"])]
        return [public("order_short", player=owner, missing=sum(missing.values()), ingredients=_cards(missing))]
    return _made(before, owner, after, pizza)


def _made(before, owner: int, after, pizza: str | None) -> list[Event]:
    """The order made: the ingredient cards that leave the heaps with it (a shortfall made
    up from the hand goes with the order straight from the hand)."""
    used = {kind: before.heaps[kind] - after.heaps[kind] for kind in KINDS}
    orders = after.completed[owner]
    if pizza == "deluxe":
        return [public("deluxe_made", board=True, player=owner, count=sum(used.values()), orders=orders)]
    if not any(used.values()):
        return [public("order_made_from_hand", player=owner, orders=orders)]
    if pizza is not None:
        return [public("special_made", board=True, player=owner, pizza=pizza, ingredients=_cards(used),
                       orders=orders)]
    return [public("order_made", board=True, player=owner, ingredients=_cards(used), orders=orders)]


def action_events(before, action: Action, after) -> list[Event] | None:
    seat = action.player
    kind = action.type
    if kind == "evaluate" and seat is not None:
        return [public("mamma", player=seat, n=before.round)]
    if kind == "ingredients":
        return [public("ingredients", board=True, count=action["count"], kind=action["kind"],
                       heap=after.heaps[action["kind"]])]
    if kind == "order" and seat is not None:
        return _order_outcome(before, seat, after, None)
    if kind == "special" and seat is not None:
        return _order_outcome(before, seat, after, action["pizza"])
    if kind == "fill" and seat is not None:
        added = {k: after.revealed[k] - before.revealed[k] for k in KINDS}
        return [public("filled", board=True, player=seat, count=sum(added.values())),
                *_made(before, seat, after, "deluxe" if before.pending["deluxe"] else None)]
    if kind == "order_fails" and seat is not None:
        return [public("order_back", player=seat)]
    if kind == "end_evaluation":
        return [public("pile_done", n=before.round)]
    if kind == "hand" and seat is not None:
        return [public("hand_counted", player=seat, cards=action["cards"])]
    if kind == "correct_orders":
        return [public("orders_corrected", player=action["seat"], orders=action["orders"])]
    if kind == "correct_heap":
        return [public("heap_corrected", board=True, kind=action["kind"], cards=after.heaps[action["kind"]])]
    return None


def outcome_events(before, action: Action, after) -> list[Event]:
    out: list[Event] = []
    if action.type == "end_evaluation":
        last = after.history[-1]
        for seat, made in enumerate(last["orders"]):
            if made:
                out.append(public("round_orders", player=seat, made=made, orders=after.completed[seat]))
        leftover = _cards(last["leftover"])
        if after.phase == "play":
            out.append(public("leftovers", ingredients=leftover) if leftover else public("no_leftovers"))
    if before.phase != "tiebreak" and after.phase == "tiebreak":
        out.append(public("tie", players=list(after.tied), orders=max(after.completed)))
    if before.phase != "end" and after.phase == "end":
        winners = g.GAME.winners(after)
        out.append(reveal("game_over", [END], players=winners, orders=max(after.completed)))
    return out


def chapter(state) -> tuple[str, int]:
    return ("round", min(state.round, g.ROUNDS))


__all__ = ["action_events", "chapter", "outcome_events"]
