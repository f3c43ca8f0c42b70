"""What a Catan action did, as the table must see it (``Game.events``).

Read from the states before and after the action: the starting settlements,
every settlement, city and road built (and the harbour taken), a road cut, a
Knight or progress card played, each player's public points when they
change, Longest Road and Largest Army changing hands, the turn passing, the
set-up's end and the game's end with every player's final points.

A development card bought is the secret (catan.development.buy: "keep it
hidden in your hand"; catan.sheet.hidden_vp): the table reads that the player
bought a development card and how many are left in the deck; which card it
was is seen by its owner alone until the game is over.  A Knight or progress
card tells itself when it is played; a Victory Point card (like a corrected
count of them) at the end.  The points told to everyone are the public ones
(without Victory Point cards).
"""

from __future__ import annotations

from ...core import END, Action, Event, RefereeError, private, public, reveal
from ...core.events import stand_in
from . import game as g
from .facts import GENERIC

AWARDS = ("longest_road", "largest_army")
#: counts a correction may set that the table sees (``vp_cards`` is the owner's secret)
PUBLIC_COUNTS = ("settlements", "cities", "roads", "road_length", "knights")
#: refusals whose sentence may tell what a hand holds (see ``secret_seat``)
HAND_REFUSALS = frozenset({"no_card_left", "card_not_held", "card_bought_this_turn"})


def _built(code: str, seat: int, harbor: str | None) -> Event:
    """A settlement placed or built, and the harbour it stands on."""
    if harbor is None:
        return public(code, board=True, player=seat)
    if harbor == GENERIC:
        return public(code + "_generic_harbor", board=True, player=seat)
    return public(code + "_harbor", board=True, player=seat, resource=harbor)


def action_events(before, action: Action, after) -> list[Event] | None:
    """The action's own line where Catan's differs from the generic one (None: the generic)."""
    seat = action.player
    kind = action.type
    left = max(0, g.FACTS["dev_cards_total"] - after.deck_out)
    if kind == "buy_dev_card" and seat is not None:
        # the table learns that a card was bought (and the deck's count); the card stays with its owner
        if action["card"] == "victory_point":
            mine = private("vp_card_taken", [seat], END, player=seat, count=after.vp_cards[seat],
                           score=g.total_points(after, seat))
        else:
            mine = private("dev_card_drawn", [seat], END, player=seat, card=action["card"], left=left)
        return [mine, stand_in("dev_card_bought", player=seat, left=left)]
    if kind == "correct_dev_card" and seat is not None:
        return [private("dev_card_entered_late", [seat], END, player=seat, card=action["card"], left=left),
                stand_in("dev_card_corrected", player=seat, left=left)]
    if kind == "vp_card" and seat is not None:
        # the older vocabulary: a Victory Point card, the only purchase entered then
        return [private("vp_card_taken", [seat], END, player=seat, count=after.vp_cards[seat],
                        score=g.total_points(after, seat)),
                stand_in("dev_card_bought", player=seat, left=left)]
    if seat is None and kind != "correct_award":
        return None
    if kind == "place":
        return [_built("placed", seat, action.get("harbor"))]
    if kind == "build_settlement":
        return [_built("settlement_built", seat, action.get("harbor"))]
    if kind == "build_city":
        return [public("city_built", board=True, player=seat)]
    if kind == "build_road":
        if after.road_length[seat] > before.road_length[seat]:
            return [public("road_built_longer", board=True, player=seat, length=after.road_length[seat])]
        return [public("road_built", board=True, player=seat)]
    if kind == "road_broken":
        return [public("road_cut", board=True, player=seat, length=after.road_length[seat],
                       was=before.road_length[seat])]
    if kind == "knight":
        return [public("knight_played", board=True, player=seat, count=after.knights[seat])]
    if kind == "progress":
        return [public("progress_played", board=True, player=seat, card=action["card"])]
    if kind == "end_turn":
        if after.phase == "play":
            return [public("turn_passed", player=seat, next_player=after.turn)]
        return [public("turn_ended", player=seat)]
    if kind == "correct_counts":
        out = [public("count_corrected", player=seat, what=key, count=action[key])
               for key in PUBLIC_COUNTS if key in action]
        if "vp_cards" in action:
            # the table sees that a hidden count was corrected, the owner sees the number
            out += [public("hidden_count_corrected", player=seat),
                    private("vp_cards_corrected", [seat], END, player=seat, count=action["vp_cards"])]
        return out or [public("nothing_corrected", player=seat)]
    if kind == "correct_award":
        award = action["award"]
        if seat is None:
            return [public("award_corrected_none", board=True, award=award)]
        return [public("award_corrected", board=True, player=seat, award=award)]
    return None


def outcome_events(before, action: Action, after) -> list[Event]:
    out: list[Event] = []
    n = len(after.players)
    # the special cards changing hands (a correction of one already says so)
    if action.type != "correct_award":
        for award in AWARDS:
            was, now = getattr(before, award), getattr(after, award)
            if was == now:
                continue
            if now is None:
                out.append(public("award_set_aside", board=True, from_player=was, award=award))
            elif was is None:
                out.append(public("award_taken", board=True, player=now, award=award))
            else:
                out.append(public("award_moved", board=True, player=now, from_player=was, award=award))
    # public points (without Victory Point cards) of everyone whose points changed
    for seat in range(n):
        was, now = g.public_points(before, seat), g.public_points(after, seat)
        if was != now:
            out.append(public("points", player=seat, points=now))
    if before.phase == "setup" and after.phase == "play":
        out.append(public("setup_done", player=after.turn))
    if before.phase != "end" and after.phase == "end":
        out.extend(_game_over(after))
    elif before.phase == "end" and after.phase != "end":
        out.append(public("game_reopened", target=after.target))
    return out


def _game_over(state) -> list[Event]:
    """The end: the winner(s), then everyone's points with the Victory Point cards
    they now show (each line public once the game is over, kept for ``END``: a
    correction that reopens the game hides them again)."""
    win = g.leaders(state)
    out: list[Event] = [reveal("game_over", [END], players=win, points=g.total_points(state, win[0]))]
    for seat in range(len(state.players)):
        out.append(private("final_points", [seat], END, player=seat, score=g.total_points(state, seat),
                           count=state.vp_cards[seat]))
    return out


def chapter(state) -> tuple[str, int]:
    if state.phase == "setup":
        return ("setup", 1)
    return ("round", max(1, state.round))


def secret_seat(error: RefereeError, action: Action | None) -> int | None:
    """The seat whose hand a refusal would tell about: a card not held, or bought this turn,
    or every copy of a kind accounted for counting the player's own hand (a refusal that
    names the player).  "Every copy of the Knight has been played" reads only what the table
    saw, and is public."""
    if error.code not in HAND_REFUSALS:
        return None
    if error.code == "no_card_left" and "player" not in error.params:
        return None
    seat = error.params.get("player", action.player if action is not None else None)
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


__all__ = ["action_events", "chapter", "outcome_events", "secret_seat"]
