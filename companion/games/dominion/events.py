"""What a Dominion action did, as the table must see it (``Game.events``).

Read from the states before and after the action: Victory cards and Curses
gained (with what is left in the pile) or trashed and the player's points, a
pile running out and how many are empty, the last Province, the turn passing,
the game's end (at once, or once everyone has counted their cards for
Gardens), every player's final points and turns, and the winners.  All public:
the cards are bought and gained in front of everyone, and the sheet's
counts are on the shared view.
"""

from __future__ import annotations

from typing import Any

from ...core import END, Action, Event, public, reveal
from . import facts as h
from . import game as g


def _pile(pile: str) -> dict[str, Any]:
    """A supply pile as an event names it: a Treasure by its name, a kingdom pile by number."""
    if pile.startswith("kingdom_"):
        return {"number": int(pile.rsplit("_", 1)[1])}
    return {"pile": pile}


def action_events(before, action: Action, after) -> list[Event] | None:
    seat = action.player
    kind = action.type
    scores = g._scores(after)
    if kind == "gain" and seat is not None:
        card = action["card"]
        return [public("gained", board=True, player=seat, card=card, left=after.supply[card], points=scores[seat])]
    if kind == "trash" and seat is not None:
        return [public("trashed", board=True, player=seat, card=action["card"], points=scores[seat])]
    if kind == "pile_out":
        pile = _pile(action["pile"])
        return [public("kingdom_pile_out" if "number" in pile else "pile_out", board=True, **pile)]
    if kind == "end_turn" and seat is not None:
        if after.phase == "play":
            return [public("turn_passed", player=seat, next_player=after.turn)]
        return [public("turn_ended", player=seat)]
    if kind == "deck_size" and seat is not None:
        gardens = after.decks[seat]["gardens"]
        if gardens:
            return [public("deck_counted_gardens", player=seat, cards=action["cards"], gardens=gardens,
                           each=h.gardens_points(1, action["cards"]), points=scores[seat])]
        return [public("deck_counted", player=seat, cards=action["cards"], points=scores[seat])]
    if kind == "correct_deck" and seat is not None:
        out = [public("deck_corrected", player=seat, card=card, count=action[card]) for card in h.SCORING
               if card in action]
        return out + [public("points", player=seat, points=scores[seat])] if out else \
            [public("nothing_corrected", player=seat)]
    if kind == "correct_supply":
        return [public("supply_corrected", board=True, card=action["card"], count=action["count"])]
    if kind == "correct_pile":
        pile = _pile(action["pile"])
        state = "empty" if action["empty"] else "open"
        return [public(("kingdom_pile_" if "number" in pile else "pile_") + state, board=True, **pile)]
    return None


def _empty(after) -> dict[str, int]:
    return {"count": len(g.empty_piles(after)), "needed": int(h.FACTS["end_empty_piles"])}


def outcome_events(before, action: Action, after) -> list[Event]:
    """A pile running out and what it means for the end (dominion.end.trigger)."""
    out: list[Event] = []
    empty = _empty(after)
    enough = empty["count"] >= empty["needed"]
    for card, left in after.supply.items():
        if left == 0 and before.supply[card] > 0:
            if card == "province":
                out.append(public("provinces_gone"))
            else:
                out.append(public("card_pile_empty_enough" if enough else "card_pile_empty", card=card, **empty))
    if action.type == "pile_out":
        out.append(public("piles_enough" if enough else "piles_empty", **empty))
    if before.phase == "play" and after.phase == "count":
        out.append(public("count_cards", players=sorted(g.GAME.active_players(after))))
    if before.phase != "end" and after.phase == "end":
        out.extend(_game_over(after))
    return out


def _game_over(state) -> list[Event]:
    """dominion.scoring.winner: most points; tied, fewer turns; still tied, shared."""
    scores = g._scores(state)
    out: list[Event] = [public("final_score", player=seat, points=scores[seat], turns=state.turns[seat])
                        for seat in range(len(state.players))]
    winners = g.GAME.winners(state)
    tied = [seat for seat, p in enumerate(scores) if p == max(scores)]
    if len(tied) > len(winners):
        out.append(public("fewer_turns", players=winners, tied_players=tied))
    out.append(reveal("game_over", [END], players=winners, points=max(scores)))
    return out


def chapter(state) -> tuple[str, int]:
    if state.phase == "play":
        return ("round", state.turns[state.turn] + 1)
    if state.phase == "count":
        return ("count", 1)
    return ("round", max(1, max(state.turns)))


__all__ = ["action_events", "chapter", "outcome_events"]
