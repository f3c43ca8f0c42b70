"""What a Kutschfahrt action did, as the table must see it (``Game.events``).

The journey stays at the table; the sheet's story is the victory claim: who
claims for which society (or alone with the Coat of Arms of the Loge), the
items the claimant and each ally named show, whether the item pile is used up
and a Drink of Power is used, every association card turned over, whether the
claim holds (the victory items counted, or why it fails), and the winning side.
Everything entered is shown at that moment (kutschfahrt.claim.reveal; the
association cards are turned over once the game ends,
kutschfahrt.app.entries), so every event is public.
"""

from __future__ import annotations

from ...core import END, Action, Event, public, reveal
from . import game as g


def _shows(seat: int, items: list[str]) -> Event:
    if not items:
        return public("shows_nothing", player=seat)
    return public("shows", player=seat, item=list(items))


def action_events(before, action: Action, after) -> list[Event] | None:
    seat = action.player
    kind = action.type
    if kind == "claim" and seat is not None:
        result = after.result
        allies = list(action.get("allies", []))
        hands = action["items"]
        out: list[Event] = []
        if result["loge"]:
            out.append(public("claim_solo", player=seat))
        else:
            out.append(public("claim", player=seat, team=result["team"], allies_players=allies)
                       if allies else public("claim_alone", player=seat, team=result["team"]))
        out += [_shows(who, items) for who, items in zip([seat, *allies], hands)]
        if action.get("pile_empty", False):
            out.append(public("pile_used_up"))
        if action.get("drink", False):
            out.append(public("drink_counts" if result["drink"] else "drink_no_effect", player=seat))
        out.append(_associations(after))
        if result["success"]:
            out.append(public("claim_holds", team=result["team"], count=result["points"]))
        else:
            out.append(public("claim_fails", team=result["team"], count=result["points"],
                              reason=list(result["reasons"])))
        return out
    if kind == "correct_outcome":
        return [public("outcome_corrected_holds" if action["success"] else "outcome_corrected_fails")]
    return None


def _associations(state) -> Event:
    """Every association card turned over: the members of each society."""
    order, brotherhood = g.TEAMS
    return public("associations", order_players=[s for s, a in enumerate(state.associations) if a == order],
                  brotherhood_players=[s for s, a in enumerate(state.associations) if a == brotherhood])


def outcome_events(before, action: Action, after) -> list[Event]:
    if after.phase != "end" or after.result is None:
        return []
    if before.phase != "end" or before.result != after.result:
        return [reveal("winners", [END], players=g.GAME.winners(after))]
    return []


__all__ = ["action_events", "outcome_events"]
