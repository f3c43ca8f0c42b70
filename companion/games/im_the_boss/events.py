"""What an I'm the Boss action did, as the table must see it (``Game.events``).

Read from the states before and after the action: each closed deal (its
boss, shares times the tile's value, the payout from the bank), every share
of a partner and every promised payment, what the boss keeps, the end roll
when it is due and what it decided, the end with everyone's money and the
winners.  Deals are closed and paid out in the open (im_the_boss.closing.payout,
.payments) and money lies on the table where all can see it
(im_the_boss.money.visible): every event is public but one.  A line names
what moved in that deal, not anyone's running total, which the players only
estimate until the money is counted at the end (im_the_boss.end.winner); so
a correction of a player's money, which states a total, is told in full to
that player alone, and the table learns only that it was made.
"""

from __future__ import annotations

from ...core import END, Action, Event, private, public, reveal
from . import game as g


def action_events(before, action: Action, after) -> list[Event] | None:
    seat = action.player
    kind = action.type
    if kind == "deal" and seat is not None:
        deal = after.history[-1]
        out: list[Event] = [public("deal_closed", board=True, player=seat, n=deal["deal"], tile=deal["tile"],
                                   shares=deal["shares"], value=deal["value"], payout=deal["payout"])]
        for partner in deal["partners"]:
            out.append(public("partner_share", board=True, player=partner, amount=deal["partner_part"]))
        for payee, amount in deal["payments"]:
            out.append(public("boss_pays", board=True, player=seat, to_player=payee, amount=amount))
        net = deal["boss_net"]
        out.append(public("boss_keeps" if net >= 0 else "boss_pays_more", player=seat, amount=abs(net)))
        return out
    if kind == "end_roll" and seat is not None:
        roll = action["roll"]
        if before.short:
            return [public("rolled_short", player=seat, roll=roll, total=after.roll_total,
                           target=int(g.SHORT["roll_total"]))]
        return [public("rolled", player=seat, roll=roll)]
    if kind == "correct_money" and seat is not None:
        return [public("money_corrected_hidden", player=seat),
                private("money_corrected", [seat], END, player=seat, amount=action["amount"])]
    if kind == "correct_end":
        return [public("end_corrected" if action["ends"] else "end_corrected_goes_on")]
    return None


def outcome_events(before, action: Action, after) -> list[Event]:
    out: list[Event] = []
    if after.phase == "end_roll" and before.phase != "end_roll":
        if after.short:
            out.append(public("roll_due_short", player=after.last_boss, total=after.roll_total,
                              target=int(g.SHORT["roll_total"])))
        else:
            out.append(public("roll_due", player=after.last_boss, n=after.deals,
                              numbers=g.end_numbers(after.deals)))
    if action.type == "end_roll" and after.phase == "play":
        out.append(public("goes_on", n=after.deals + 1))
    if action.type == "end_roll" and after.phase == "end":
        out.append(public("roll_ends"))
    if before.phase != "end" and after.phase == "end":
        if action.type == "deal":
            out.append(public("last_deal", n=after.deals))
        out.extend(_game_over(after))
    elif before.phase == "end" and after.phase != "end":
        out.append(public("game_reopened", n=after.deals + 1))
    return out


def _game_over(state) -> list[Event]:
    """im_the_boss.end.winner: everyone counts their money; the richest wins (ties share:
    im_the_boss.app.ties)."""
    out: list[Event] = [public("final_money", player=seat, amount=money) for seat, money in enumerate(state.money)]
    out.append(reveal("game_over", [END], players=g.GAME.winners(state), amount=max(state.money)))
    return out


def chapter(state) -> tuple[str, int]:
    return ("deal", state.deals + 1 if state.phase == "play" else max(1, state.deals))


__all__ = ["action_events", "chapter", "outcome_events"]
