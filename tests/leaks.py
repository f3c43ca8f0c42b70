"""Helpers of the leak tests: what a device receives, as strings.

``shown(app)`` renders the open table as the device of ``seat`` would (the
shell's whole page: app bar, banner, game screen, corrections, dialogs) and
returns every string the device would be sent: the page tree encoded as Flet
encodes it for the websocket (msgpack), decoded, every string in it.  Two
tables whose secrets differ must give the same strings to every device that
may not see those secrets.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Iterator

import flet as ft
import msgpack
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion.core import Action

#: the engine's hidden numbers and hands, per game: a change a device without that
#: seat must not be able to tell (``observe`` for every other seat stays the same)
Perturb = Callable[[Any, int], bool]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, bytes):
        yield value.decode("utf-8", "replace")
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def frame_strings(*controls: Any) -> list[str]:
    """Every string in the websocket message that would send ``controls`` afresh."""
    encoded = msgpack.packb([c for c in controls if c is not None],
                            default=configure_encode_object_for_msgpack(ft.BaseControl))
    return sorted(_strings(msgpack.unpackb(encoded, raw=False, strict_map_key=False)))


def shown(app: Any, seat: int | None) -> list[str]:
    """What the device of ``seat`` (None: the shared screen) is sent for the open table now."""
    app.my_seat = lambda: seat
    app._last_cache = None
    app._series = None
    app.render()
    dialogs = list(getattr(app.page, "dialogs", []))
    table_id = app.table.id if app.table is not None else None
    strings = frame_strings(app.page.appbar, *app.page.controls, *dialogs)
    # the table's id (in the screen's keys) differs between two tables of the same game
    return sorted(s.replace(table_id, "<table>") if table_id else s for s in strings)


def with_state(app: Any, state: Any) -> Any:
    """Swap the open table's state in place (the log stays): returns the old one."""
    session = app.table.session
    old = session._state
    session._state = state
    return old


# ----- the secrets of each game, as a change to a copy of the state ---------------------------
def _manila(state: Any, seat: int) -> bool:
    """Give ``seat`` another hand of secret shares."""
    if state.phase == "end" or state.share_state[seat] != "secret":
        return False
    hand = state.dealt[seat]
    wares = sorted({"silk", "jade", "ginseng", "nutmeg"} - set(hand))
    state.dealt[seat] = sorted([wares[0], hand[0]])
    return True


def _modern_art(state: Any, seat: int) -> bool:
    if state.phase == "end" or state.open_money:
        return False
    state.money[seat] += 7
    if state.phase == "sealed" and state.sealed and state.sealed[seat] is not None:
        state.sealed[seat] += 1
    return True


def _silk_road(state: Any, seat: int) -> bool:
    if state.phase == "end" or state.open_money:
        return False
    state.players[seat].money += 5
    state.players[seat].income += 2
    return True


def _saboteur(state: Any, seat: int) -> bool:
    if state.phase == "end":
        return False
    state.gold[seat] += 2
    return True


def _catan(state: Any, seat: int) -> bool:
    """Another hand of the same size: one development card of ``seat`` is of another kind (a
    Knight for a Victory Point card, ...); with no card in hand, one more hidden Victory Point."""
    if state.phase == "end" or state.winner is not None:
        return False
    hand, fresh = state.hand[seat], state.fresh[seat]
    kinds = [k for k, n in sorted(hand.items()) if n] + (["victory_point"] if state.vp_cards[seat] else [])
    if not kinds:
        state.vp_cards[seat] += 1
        return True
    take = kinds[len(kinds) // 2]
    put = "monopoly" if take != "monopoly" else "knight"
    if take == "victory_point":
        state.vp_cards[seat] -= 1
    else:
        hand[take] -= 1
        if fresh.get(take, 0) > hand[take]:  # the card was bought this turn: so is the other one
            fresh[take] -= 1
            fresh[put] = fresh.get(put, 0) + 1
    hand[put] = hand.get(put, 0) + 1
    return True


def _im_the_boss(state: Any, seat: int) -> bool:
    if state.phase == "end":
        return False
    state.money[seat] += 3
    return True


PERTURB: dict[str, Perturb] = {"manila": _manila, "modern_art": _modern_art, "silk_road": _silk_road,
                               "saboteur": _saboteur, "catan": _catan, "im_the_boss": _im_the_boss}


def twin(state: Any, game_id: str, seat: int) -> Any | None:
    """A copy of ``state`` whose ``seat``'s secrets differ, or None if it has none now."""
    other = copy.deepcopy(state)
    return other if PERTURB[game_id](other, seat) else None


def secret_twins(game: Any, state: Any, action: Action) -> list[Action]:
    """Actions of the same secret move and seat with other values (a sealed bid of
    another amount, another hand of shares): what another world might have entered."""
    move = game.moves.get(action.type)
    if move is None or not move.secret:
        return []
    try:
        legal = game.legal_actions(state)
    except NotImplementedError:
        return []
    return [a for a in legal if a.type == action.type and a.player == action.player and a != action]
