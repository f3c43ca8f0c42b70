"""What a Saboteur action did, as the table must see it (``Game.events``).

Read from the states before and after the action: who reached the gold (or
that the saboteurs held out), the dwarf cards turned over at the round's end
(saboteur.scoring.reveal: roles are public from then on), the miners' picking
order or the saboteurs' share, each gold card taken, the round's end, and at
the end of the game every player's gold and the winners.

Gold is the secret (saboteur.scoring.hidden-gold: players keep their gold
cards face down; the app shows a player's gold only at the end): the table
reads that Ann took a gold card, or her saboteur's share; the card's value and
her total are seen on Ann's device only, until the game is over (key END).
The gold cards drawn for the miners are drawn face down
(saboteur.scoring.miners): the table reads how many, their values stay
hidden until the end as well.  A corrected total is told the same way.
"""

from __future__ import annotations

from ...core import END, Action, Event, RefereeError, private, public, reveal
from . import facts as helpers

#: refusals whose sentence tells a gold card a player tries to take, or the table's hidden totals
GOLD_REFUSALS = frozenset({"gold_not_in_pool", "gold_not_in_deck", "gold_over_box"})


def action_events(before, action: Action, after) -> list[Event] | None:
    seat = action.player
    kind = action.type
    if kind == "gold_found" and seat is not None:
        return [public("gold_reached", player=seat, n=before.round)]
    if kind == "gold_not_found":
        return [public("saboteurs_held", n=before.round)]
    if kind == "reveal_roles":
        saboteurs = sorted(action["saboteurs"])
        if not saboteurs:
            return [public("no_saboteur", board=True)]
        return [public("saboteurs_were", board=True, players=saboteurs,
                       miner_players=[s for s in range(len(before.players)) if s not in saboteurs])]
    if kind == "gold_drawn":
        cards = sorted(action["cards"], reverse=True)
        return [public("gold_drawn", count=len(cards)),
                private("gold_drawn_values", [], END, values=cards)]
    if kind == "pick" and seat is not None:
        return [public("gold_picked", player=seat),
                private("gold_card", [seat], END, player=seat, nuggets=action["value"], total=after.gold[seat])]
    if kind == "take_gold" and seat is not None:
        taken = after.gold[seat] - before.gold[seat]
        return [public("share_taken", player=seat, nuggets=taken),
                private("share_cards", [seat], END, player=seat, values=sorted(action["cards"], reverse=True),
                        total=after.gold[seat])]
    if kind == "correct_gold":
        who = action["seat"]
        return [public("gold_corrected", player=who),
                private("gold_set", [who], END, player=who, total=action["gold"])]
    return None


def outcome_events(before, action: Action, after) -> list[Event]:
    out: list[Event] = []
    if before.phase == "roles" and after.phase == "draw_gold":
        out.append(public("pick_order", players=list(after.order), count=helpers.gold_cards_drawn(len(after.players))))
    if before.phase == "roles" and after.phase == "saboteur_gold":
        out.append(public("saboteur_share", players=list(after.saboteurs),
                          nuggets=helpers.saboteur_share(len(after.saboteurs))))
    if after.round != before.round:
        if before.side == "saboteurs" and not after.history[-1]["saboteurs"]:
            out.append(public("nobody_paid", n=before.round))
        out.append(public("round_over", n=before.round))
    if before.phase != "end" and after.phase == "end":
        out.extend(_game_over(after))
    return out


def _game_over(state) -> list[Event]:
    """All three rounds played: the gold is turned over (saboteur.scoring.hidden-gold) and
    the most gold wins (saboteur.end.tie: a tie shares the win)."""
    out: list[Event] = [reveal("gold_shown", [END])]
    out += [public("final_gold", player=seat, total=gold) for seat, gold in enumerate(state.gold)]
    best = max(state.gold)
    out.append(public("game_over", players=[s for s, g in enumerate(state.gold) if g == best], total=best))
    return out


def chapter(state) -> tuple[str, int]:
    return ("round", min(state.round, int(helpers.fact("rounds"))))


def secret_seat(error: RefereeError, action: Action | None) -> int | None:
    """The seat whose gold a refusal would tell: the player trying to take a card, or
    the seat whose total the table is correcting."""
    if error.code not in GOLD_REFUSALS or action is None:
        return None
    seat = action.player if action.player is not None else action.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


__all__ = ["action_events", "chapter", "outcome_events", "secret_seat"]
