"""What a Niagara action did, as the table must see it (``Game.events``).

A player's own turn is told from the action and the state before it: the
paddle card turned over, each canoe in the order it acts (launched, paddled
from → to, ashore with its gem banked, over the falls), gems unloaded and
loaded at a site, a robbery, the weather moved, a canoe bought back.  What
the river did by itself is told by comparing positions: the state once the
player's canoes have acted (the engine's own ``carry_out`` on a copy) against
the state after the action.  A canoe carried downstream, swept over the
falls (its gem back to its site), a canoe given back by the rescue rule --
all read from where each canoe stands before and after, never from a copy of
how the river flows (the flow is the engine's: ``flow_step``/``_flow``).
Then the round's end: how far the river flowed and why, the discs, which arm
the next disc at the fork enters, cards coming back, the lifebuoy, the goals
and the game's end.

Nothing here is secret (``niagara.cards.entry``: a paddle card is entered
only once it is turned face up; ``niagara.cards.public``: the app shows every
player's remaining cards to everyone), so every event is public.
"""

from __future__ import annotations

from typing import Any

from ...core import END, Action, Event, public, reveal
from .canoes import carry_out, is_number, parse_plans
from .facts import FALLS, LOST, SHORE, facts
from .state import NiagaraState

F = facts()


def action_events(before: NiagaraState, action: Action, after: NiagaraState) -> list[Event] | None:
    """The action's own line (None: the generic one)."""
    seat = action.player
    kind = action.type
    if kind == "reveal":
        return [_card_event(s, card) for s, card in enumerate(after.cards)]
    if kind == "card" and seat is not None:
        return [_card_event(seat, after.cards[seat])]
    if kind == "buy_back" and seat is not None:
        return [public("bought_back", board=True, player=seat, canoe=action["canoe"], gem=action["gem"])]
    if kind == "weather" and seat is not None:
        return [public("weather_moved", board=True, player=seat, weather=after.weather)]
    if kind == "paddle" and seat is not None:
        return _paddle_events(before, action, seat)
    if kind == "correct_canoe":
        where = action["where"]
        owner, canoe = action["owner"], action["canoe"]
        if where in (SHORE, LOST):
            return [public(f"canoe_set_{where}", board=True, player=owner, canoe=canoe)]
        return [public("canoe_set", board=True, player=owner, canoe=canoe, space=where)]
    if kind == "correct_gem":
        colour = action["colour"]
        return [_gem_place_event("gem_off", action["source"], colour),
                _gem_place_event("gem_on", action["target"], colour)]
    if kind == "correct_weather":
        return [public("weather_set", board=True, weather=action["weather"])]
    if kind in ("correct_fork", "fork"):   # "fork": the table's tap on the fork (where the engine has it)
        return [public("fork_set", board=True, arm=after.fork_next)]
    return None


def _card_event(seat: int, card: Any) -> Event:
    if is_number(card):
        return public("card_turned", player=seat, card=card)
    return public("cloud_turned", player=seat)


def _gem_place_event(prefix: str, place: str, colour: str) -> Event:
    """One side of a gem correction: ``site:<colour>``, ``spare``, ``bank:<seat>``, ``canoe:<seat>:<n>``."""
    parts = place.split(":")
    if parts[0] == "site":
        return public(f"{prefix}_site", board=True, gem=colour, site=parts[1])
    if parts[0] == "bank":
        return public(f"{prefix}_bank", board=True, gem=colour, player=int(parts[1]))
    if parts[0] == "canoe":
        return public(f"{prefix}_canoe", board=True, gem=colour, player=int(parts[1]), canoe=int(parts[2]))
    return public(f"{prefix}_spare", board=True, gem=colour)


def _paddle_events(before: NiagaraState, action: Action, seat: int) -> list[Event]:
    """Each canoe's part of a number-card turn, in the order the canoes act."""
    plans = parse_plans(action)
    out: list[Event] = []
    for plan in plans:
        canoe = before.players[seat].canoes[plan.canoe]
        n = plan.canoe + 1
        start, gem = canoe.where, canoe.gem
        if plan.gems == "before":
            gem = _handle_gems(out, seat, n, plan, start, gem)
        if plan.to == FALLS:
            out.append(public("paddled_over_gem" if gem else "paddled_over", board=True, player=seat, canoe=n,
                              **({"gem": gem} if gem else {})))
            gem = None
        elif plan.to == SHORE:
            if gem:
                out.append(public("gem_banked", board=True, player=seat, canoe=n, gem=gem))
            else:
                out.append(public("landed", board=True, player=seat, canoe=n))
            gem = None
        elif start == SHORE:
            out.append(public("launched", board=True, player=seat, canoe=n, to=plan.to))
        elif start == plan.to:
            out.append(public("stayed", player=seat, canoe=n, space=start))
        else:
            out.append(public("paddled", board=True, player=seat, canoe=n, to=plan.to, **{"from": start}))
        if plan.gems == "after":
            gem = _handle_gems(out, seat, n, plan, plan.to, gem)
        if plan.rob is not None:
            victim, index = plan.rob
            taken = before.players[victim].canoes[index].gem
            out.append(public("robbed", board=True, player=seat, canoe=n, victim_player=victim,
                              victim_canoe=index + 1, gem=taken))
    if not plans:
        out.append(public("no_move", player=seat))
    return out


def _handle_gems(out: list[Event], seat: int, n: int, plan: Any, where: str, gem: str | None) -> str | None:
    site = F.river.ports[where]
    if plan.unload and gem is not None:
        out.append(public("gem_unloaded", board=True, player=seat, canoe=n, gem=gem, site=site))
        gem = None
    if plan.load:
        out.append(public("gem_loaded", board=True, player=seat, canoe=n, gem=plan.load, site=site))
        gem = plan.load
    return gem


def _acted(before: NiagaraState, action: Action) -> NiagaraState | None:
    """The table once the acting player's canoes have acted (before any rescue or flow),
    or None when the action ends no turn (nothing can move by itself after it)."""
    if action.type == "weather":
        return before
    if action.type != "paddle" or action.player is None:
        return None
    mid = before.copy()
    card = before.cards[action.player]
    for plan in parse_plans(action):
        carry_out(mid, action.player, plan, int(card))  # type: ignore[arg-type]
    return mid


def outcome_events(game: Any, before: NiagaraState, action: Action, after: NiagaraState) -> list[Event]:
    out: list[Event] = []
    mid = _acted(before, action)
    if mid is None:
        return out
    round_over = after.round != before.round or (after.phase == "end" and before.phase != "end")
    if round_over:
        numbers = [c for c in before.cards if is_number(c)]
        steps = after.last_flow or 0
        why = {"lowest": min(numbers), "weather": after.weather} if numbers else {"weather": after.weather}
        code = ("river_flows" if steps else "river_still") + ("" if numbers else "_weather")
        out.append(public(code, board=bool(steps), **why, **({"steps": steps} if steps else {})))
    # canoes that moved by themselves: the current, the falls, the rescue (positions compared)
    for seat, player in enumerate(after.players):
        for index, canoe in enumerate(player.canoes):
            was = mid.players[seat].canoes[index]
            n = index + 1
            if was.where == canoe.where:
                continue
            if was.in_river and not canoe.in_river:
                out.append(public("swept_over_gem" if was.gem else "swept_over", board=True, player=seat, canoe=n,
                                  **({"gem": was.gem} if was.gem else {})))
                if canoe.where == SHORE:
                    out.append(public("rescued", board=True, player=seat, canoe=n))
            elif was.in_river:
                out.append(public("drifted", board=True, player=seat, canoe=n, to=canoe.where,
                                  **{"from": was.where}))
            elif was.where == LOST and canoe.where == SHORE:
                out.append(public("rescued", board=True, player=seat, canoe=n))
    # goals reached this turn: the round being played is the last (niagara.end.last-round)
    if any(a.bank != b.bank for a, b in zip(before.players, after.players)):
        was_met = [row["goal"] for row in game.view(before)["players"]]
        now_met = [row["goal"] for row in game.view(after)["players"]]
        for seat, (was, now) in enumerate(zip(was_met, now_met)):
            if now and not was and not round_over:
                out.append(public("goal_reached", player=seat))
    if round_over:
        if after.last_flow:
            out.append(public("fork_next", board=True, arm=after.fork_next))
        back = [s for s, p in enumerate(after.players) if not p.played]
        if back:
            out.append(public("cards_back", board=True, players=back))
        out.append(public("round_over", n=before.round))
        if after.phase == "end":
            winners = list(after.winners)
            out.append(reveal("game_over" if winners else "game_over_nobody", [END],
                              **({"players": winners} if winners else {})))
            for seat, player in enumerate(after.players):
                out.append(public("final_gems", player=seat, gems=player.banked()))
        else:
            out.append(public("round_starts", board=True, n=after.round, player=after.lifebuoy))
    return out


def chapter(state: NiagaraState) -> tuple[str, int]:
    return ("round", state.round)


__all__ = ["action_events", "chapter", "outcome_events"]
