"""What a Cockroach Poker action did, as the table must see it (``Game.events``).

One entry per round, once the card is turned over (cockroach_poker.app.entries):
who looked and passed it on, the creature last named and the answer, what the
card really is (true or a bluff), who takes it face up and how many of that
creature they now have, and the end of the game with its loser and why.
Everything is entered after the card is turned face up for everyone
(cockroach_poker.round.answer, .reveal), so every event is public.  Each
entry is a round of its own: the round number is in its first line instead
of a chapter heading over every single entry.
"""

from __future__ import annotations

from ...core import END, Action, Event, public, reveal
from . import game as g


def action_events(before, action: Action, after) -> list[Event] | None:
    seat = action.player
    kind = action.type
    if kind == "start" and seat is not None:
        return [public("starts", player=seat)]
    if kind == "call" and seat is not None:
        passers = list(action.get("passers", []))
        passer = ([before.starter] + passers)[-1]
        out: list[Event] = []
        if passers:
            out.append(public("passed_on", players=passers, n=after.rounds))
        out.append(public("answered", player=seat, passer_player=passer, creature=action["claim"],
                          answer=action["answer"], n=after.rounds))
        card = action["card"]
        out.append(public("card_true" if card == action["claim"] else "card_bluff", creature=card))
        took = after.last["taker"]
        code = "takes" if after.phase == "play" else "takes_last"
        out.append(public(code, board=True, player=took, creature=card,
                          count=after.penalties[took][g.CREATURES.index(card)]))
        return out
    if kind == "correct_penalty" and seat is not None:
        return [public("penalty_corrected", board=True, player=seat, creature=action["creature"],
                       count=action["count"])]
    if kind == "correct_hand" and seat is not None:
        return [public("hand_corrected", player=seat, count=action["count"])]
    if kind == "correct_starter" and seat is not None:
        return [public("starter_corrected", player=seat)]
    return None


def outcome_events(before, action: Action, after) -> list[Event]:
    out: list[Event] = []
    if before.phase != "end" and after.phase == "end":
        loser = after.loser
        reason = after.end_reason
        if reason == "same_kind":
            pens = after.penalties[loser]
            creature = g.CREATURES[pens.index(max(pens))]
            out.append(reveal("lost_same_kind", [END], player=loser, count=max(pens), creature=creature))
        elif reason == "all_kinds":
            out.append(reveal("lost_all_kinds", [END], player=loser, count=g.LOSE_ALL))
        else:
            out.append(reveal("lost_empty_hand", [END], player=loser))
    elif before.phase == "end" and after.phase != "end":
        out.append(public("game_reopened"))
    return out


__all__ = ["action_events", "outcome_events"]
