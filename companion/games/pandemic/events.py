"""What a Pandemic action did, as the table must see it (``Game.events``).

Read from the states before and after the action: roles, the first
infections, every action (moves, stations, treatments with the cubes left,
cures, shared cards), player cards drawn, epidemics (the rate rising, the
bottom card, the intensify), every infection card with its cubes and
outbreaks on the track, eradications, event cards and their effect, hands over
the limit, whose turn begins, and the table's win or loss.  Pandemic is
cooperative and played with open information (the sheet keeps counts and
hand sizes on the shared view): every event is public.
"""

from __future__ import annotations

from ...core import END, Action, Event, public, reveal
from . import facts as helpers
from . import game as g

#: how a move spends a city card
_SPENDS = {"direct", "charter"}


def action_events(before, action: Action, after) -> list[Event] | None:
    seat = action.player
    kind = action.type
    if kind == "role" and seat is not None:
        return [public("role", player=seat, role=action["role"])]
    if kind == "setup_infect":
        n = before.setup_done
        return [public("setup_infected", board=True, n=n + 1, total=len(helpers.fact("setup_infection")),
                       colour=action["colour"], cubes=helpers.fact("setup_infection")[n])]
    if kind == "first_player" and seat is not None:
        return [public("first_player", player=seat)]
    if kind == "move" and seat is not None:
        how = action["how"]
        return [public("moved_discard" if how in _SPENDS else "moved", board=True, player=seat, how=how)]
    if kind == "build" and seat is not None:
        free = before.hands[seat] == after.hands[seat]
        return [public("station_built_free" if free else "station_built", board=True, player=seat,
                       stations=after.stations)]
    if kind == "treat" and seat is not None:
        return [public("treated", board=True, player=seat, colour=action["colour"], cubes=action["cubes"],
                       left=after.on_board[action["colour"]])]
    if kind == "cure" and seat is not None:
        return [public("cured", player=seat, colour=action["colour"], cards=g.cure_cost(before.roles[seat]))]
    if kind == "share" and seat is not None:
        return [public("shared", from_player=action["from_player"], to_player=action["to_player"])]
    if kind == "pass_actions" and seat is not None:
        return [public("passed", player=seat, left=before.actions_left)]
    if kind == "draw" and seat is not None:
        if action["card"] == "epidemic":
            return [public("epidemic", board=True, player=seat, rate=helpers.infection_rate(after.rate_index),
                           n=g.epidemics_drawn(after), total=after.epidemics)]
        return [public("drew", player=seat, deck=after.player_deck)]
    if kind == "infect":
        return _infection(before, action, after)
    if kind == "intensify":
        return [public("intensified", board=True, cards=before.infection_discard)]
    if kind == "discard" and seat is not None:
        return [public("discarded", player=seat, cards=action["cards"])]
    if kind == "event" and seat is not None:
        return _event_card(before, action, after)
    if kind == "medic_clears" and seat is not None:
        return [public("medic_cleared", board=True, player=seat, colour=action["colour"], cubes=action["cubes"])]
    if kind == "correct":
        return [public("count_corrected", what=action["what"], count=getattr(after, action["what"]))]
    if kind == "correct_cubes":
        return [public("cubes_corrected", board=True, colour=action["colour"], count=action["value"])]
    if kind == "correct_hand":
        return [public("hand_corrected", player=action["seat"], cards=action["cards"])]
    if kind == "correct_cure":
        return [public("status_corrected", board=True, colour=action["colour"], status=action["status"])]
    return None


def _infection(before, action: Action, after) -> list[Event]:
    """One infection card: its cubes (none for an eradicated disease), the outbreaks it set off."""
    colour, cubes, outbreaks = action["colour"], action["cubes"], action["outbreaks"]
    epidemic = before.phase == "epidemic_infect"
    prefix = "epidemic_" if epidemic else ""
    if before.status[colour] == "eradicated":
        out = [public(prefix + "infected_eradicated", colour=colour)]
    else:
        out = [public(prefix + "infected", board=True, colour=colour, cubes=cubes)]
    if outbreaks:
        out.append(public("outbreaks", board=True, count=outbreaks, total=after.outbreaks,
                          limit=g.OUTBREAK_LIMIT))
    return out


def _event_card(before, action: Action, after) -> list[Event]:
    card = action["card"]
    out = [public("event_played", player=action.player, card=card)]
    if card == "government_grant":
        out.append(public("grant_station", board=True, stations=after.stations))
    elif card == "resilient_population":
        out.append(public("card_removed", removed=after.infection_removed))
    elif card == "one_quiet_night":
        out.append(public("quiet_night_now" if after.quiet_night is False and before.phase == "infect"
                          else "quiet_night_next"))
    return out


def outcome_events(before, action: Action, after) -> list[Event]:
    out: list[Event] = []
    for colour in g.COLOURS:
        if after.status[colour] == "eradicated" and before.status[colour] != "eradicated" \
                and action.type != "correct_cure":
            out.append(public("eradicated", colour=colour))
    if before.quiet_night and not after.quiet_night and action.type != "event":
        out.append(public("quiet_night_used"))
    if after.phase == "discard" and before.phase != "discard":
        out.append(public("over_limit", players=g.over_limit(after), limit=g.HAND_LIMIT))
    if after.phase == "infect" and before.phase != "infect":
        out.append(public("infect_step", rate=helpers.infection_rate(after.rate_index)))
    if after.phase == "actions" and after.turn != before.turn and action.type != "first_player":
        out.append(public("next_turn", player=after.turn))
    if before.phase != "end" and after.phase == "end":
        code = "won" if after.result == "win" else "lost_" + after.result.removeprefix("loss_")
        out.append(reveal(code, [END], limit=g.OUTBREAK_LIMIT))
    return out


def chapter(state) -> tuple[str, int]:
    if state.phase in ("roles", "setup_infect", "first"):
        return ("setup", 1)
    return ("turn", (state.cards_drawn - state.drawn_this_turn) // g.DRAWS + 1)


__all__ = ["action_events", "chapter", "outcome_events"]
