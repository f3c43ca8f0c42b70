"""What a Citadels action did, as the table must see it (``Game.events``).

Read from the states before and after the action: the characters set aside
face up, each character revealed when called (or held by nobody), the
assassinated one skipped in silence, the Thief's victim paying when revealed,
the crown moving, districts built, destroyed (and what the Warlord pays) or
corrected, a city completed, each round's end and the final scoring line by
line with the winners.

Nothing the sheet holds is secret: a character is entered only when the
crown calls it and its holder turns it over (citadels.round.calls), and the
Assassin and the Thief name their targets aloud (citadels.characters.assassin,
citadels.characters.thief), so every event is public.
"""

from __future__ import annotations

from typing import Any

from ...core import END, Action, Event, public, reveal
from . import facts as h
from . import game as g


def _name(rank: int) -> str:
    return h.character(rank)


def _district(action: Action) -> dict[str, Any]:
    """A district as an event names it: colour and cost, and the points when a purple
    district counts more than its cost."""
    out: dict[str, Any] = {"colour": action["colour"], "cost": action["cost"]}
    if "points" in action and action["points"] != action["cost"]:
        out["points"] = action["points"]
    return out


def _removed(before_city: list[list[Any]], after_city: list[list[Any]]) -> dict[str, Any]:
    """The district a city lost (the action may have named it by colour and cost only)."""
    rest = [list(d) for d in after_city]
    for d in before_city:
        if list(d) in rest:
            rest.remove(list(d))
        else:
            colour, cost, points = d
            return {"colour": colour, "cost": cost, **({"points": points} if points != cost else {})}
    return {}


def action_events(before, action: Action, after) -> list[Event] | None:
    """The action's own line (None: the generic one)."""
    seat = action.player
    kind = action.type
    if kind == "draft_done":
        face_up = [_name(r) for r in sorted(action["face_up"])]
        if not face_up:
            return [public("face_up_none")]
        return [public("face_up", board=True, character=face_up)]
    if kind == "reveal" and seat is not None:
        out = [public("revealed", player=seat, character=_name(before.call))]
        if before.robbed == before.call:
            thief = before.holders[h.rank("thief") - 1]
            out.append(public("robbed_pays", board=True, player=seat, thief_player=thief))
        return out
    if kind == "no_one":
        return [public("nobody", character=_name(before.call))]
    if kind == "assassinate" and seat is not None:
        return [public("killed", player=seat, character=_name(action["target"]))]
    if kind == "rob" and seat is not None:
        return [public("robbed", player=seat, character=_name(action["target"]))]
    if kind == "build" and seat is not None:
        line = _district(action)
        return [public("built_special" if "points" in line else "built", board=True, player=seat, **line)]
    if kind == "destroy" and seat is not None:
        target = action["target_player"]
        line = _removed(before.cities[target], after.cities[target])
        return [public("destroyed_special" if "points" in line else "destroyed", board=True, player=seat,
                       target_player=action["target_player"], pay=h.destroy_cost(action["cost"]), **line)]
    if kind == "end_turn" and seat is not None:
        return [public("turn_ended", player=seat, character=_name(before.call))]
    if kind == "crown" and seat is not None:
        return [public("king_was", player=seat)]
    if kind == "no_king":
        return [public("no_king", player=after.crown)]
    if kind == "correct_add_district" and seat is not None:
        line = _district(action)
        return [public("district_added_special" if "points" in line else "district_added", board=True,
                       player=seat, **line)]
    if kind == "correct_remove_district" and seat is not None:
        line = _removed(before.cities[seat], after.cities[seat])
        return [public("district_removed_special" if "points" in line else "district_removed", board=True,
                       player=seat, **line)]
    if kind == "correct_city" and seat is not None:
        return [public("city_corrected", board=True, player=seat, count=len(after.cities[seat]))]
    if kind == "correct_crown" and seat is not None:
        return [public("crown_corrected", board=True, player=seat)]
    if kind == "correct_first":
        if seat is None:
            return [public("first_corrected_none")]
        return [public("first_corrected", player=seat)]
    return None


def _skipped(before, after) -> int | None:
    """The assassinated character passed over by this action's calls (it stays silent)."""
    killed = before.killed
    if killed is None or killed in before.called or before.phase not in ("call", "turn"):
        return None
    if after.round != before.round or after.phase in ("crown", "end"):
        return killed if killed > before.call else None
    return killed if killed in after.called else None


def outcome_events(before, action: Action, after) -> list[Event]:
    out: list[Event] = []
    skipped = _skipped(before, after)
    if skipped is not None:
        out.append(public("killed_silent", character=_name(skipped)))
    if after.crown != before.crown and action.type not in ("correct_crown", "crown"):
        out.append(public("crown_moved", board=True, player=after.crown))
    if after.phase == "crown" and before.phase != "crown":
        out.append(public("king_killed"))
    for seat, city in enumerate(after.cities):
        if len(city) >= after.end_at > len(before.cities[seat]):
            code = "city_complete_first" if after.first_complete == seat else "city_complete"
            out.append(public(code, player=seat, count=after.end_at))
    if after.round != before.round:
        out.append(public("round_over", n=before.round, player=after.crown))
    if before.phase != "end" and after.phase == "end":
        out.extend(_game_over(after))
    return out


def _game_over(state) -> list[Event]:
    """The round in which a city reached the end count was the last: every city's score
    (citadels.end.scoring), a tie settled by the highest character revealed in that round
    (citadels.end.tie), the winners."""
    scores = g.scores_of(state)
    out: list[Event] = [public("last_round", n=state.round, count=state.end_at)]
    for seat, parts in enumerate(scores):
        out.append(public("final_score", player=seat, districts=parts["districts"], colours=parts["all_colours"],
                          complete=parts["complete"], total=parts["total"]))
    best = max(p["total"] for p in scores)
    tied = [seat for seat, p in enumerate(scores) if p["total"] == best]
    winners = g.GAME.winners(state)
    if len(tied) > 1 and len(winners) == 1:
        rank = max(r for r in h.RANKS if state.holders[r - 1] == winners[0])
        out.append(public("tie_broken", player=winners[0], character=_name(rank), players=tied))
    out.append(reveal("game_over", [END], players=winners, points=best))
    return out


def chapter(state) -> tuple[str, int]:
    return ("round", state.round)


__all__ = ["action_events", "chapter", "outcome_events"]
