"""What a Maritime Silk Road action did, as the table must see it (``Game.events``).

Read from the states before and after the action (and the action itself):
the market laid out, the start player, every token loaded or swapped (which
ship, which good), special cards bought and their price, goods cards played
(which good, how many, on which market positions, how many now show), cards
drawn, the income of every play, the rounds, and the game's end.

Ships and market positions are numbered from 1, as the board and the refusals
show them (the actions' ``ship`` field counts from 1 too; ``slot`` from 0).

What stays hidden (``silk_road.phase2.secret``: income is taken without
showing the others; ``silk_road.app.open_money``): a player's income and
money.  Each income line and a money correction's amount are seen only by
that player until the game is over; the table reads that income is being
taken, and that money was corrected.  With the "open money" option they are
public.  Prices of special cards are paid in the open (``silk_road.phase1.buy``).
"""

from __future__ import annotations

from ...core import END, Action, Event, private, public, reveal, stand_in
from .facts import facts
from .state import SilkState

_F = facts()


def _money_event(state: SilkState, code: str, seat: int, **params: object) -> Event:
    """A seat's money line: public with open money, else that seat's until the game ends."""
    if state.open_money:
        return public(code, **params)
    return private(code, [seat], END, **params)


def action_events(before: SilkState, action: Action, after: SilkState) -> list[Event] | None:
    """The action's own line (None: the generic one)."""
    seat = action.player
    kind = action.type
    if kind == "market_card":
        return [public("market_card", board=True, slot=len(before.market) + 1, good=action["good"])]
    if kind == "first_player":
        return [public("first_player", player=action["first_player"])]
    if kind == "load" and seat is not None:
        ships = after.players[seat].ships
        return [public("loaded", board=True, player=seat, ship=len(ships), good=action["good"])]
    if kind == "swap" and seat is not None:
        ship = action["ship"]  # counts from 1, as the board and the messages do
        return [public("swapped", board=True, player=seat, ship=ship, old=before.players[seat].ships[ship - 1],
                       good=action["good"])]
    if kind == "buy" and seat is not None:
        card = action["card"]
        if card == "ship":
            return [public("bought_ship", board=True, player=seat, price=_F.prices[card],
                           ship=len(after.players[seat].ships), good=action["good"])]
        out = [public("bought", board=True, player=seat, card=card, price=_F.prices[card])]
        if card == "porter" and after.phase == "porter":
            out.append(public("porter_swaps", player=seat, swaps=after.swaps_left))
        return out
    if kind == "pass":
        return [public("passed", player=seat)]
    if kind == "play" and seat is not None:
        slots = [s + 1 for s in action["slots"]]
        return [public("played", board=True, player=seat, good=action["good"], cards=action.get("cards", len(slots)),
                       slots=slots, showing=after.last_showing)]
    if kind == "draw" and seat is not None:
        return [public("drew", board=True, player=seat, cards=after.players[seat].hand - before.players[seat].hand)]
    if kind == "exchange_draw" and seat is not None:
        taken = after.players[seat].hand - before.players[seat].hand
        return [public("extra_drawn" if taken else "no_extra", board=bool(taken), player=seat, cards=taken)]
    if kind == "correct_money":
        target = action["target_player"]
        if after.open_money:
            return [public("money_set", player=target, money=action["money"])]
        return [private("money_set", [target], END, player=target, money=action["money"]),
                stand_in("money_corrected", player=target)]
    if kind == "correct_cargo":
        return [public("cargo_set", board=True, player=action["target_player"], ship=action["ship"],
                       good=action["good"])]
    if kind == "correct_market":
        return [public("market_set", board=True, slot=action["slot"] + 1, good=action["good"])]
    return None


def outcome_events(before: SilkState, action: Action, after: SilkState) -> list[Event]:
    out: list[Event] = []
    if action.type == "play":
        good, showing = action["good"], after.last_showing
        # who earns follows from the ships on the table (every ship carrying the good earns, as
        # it shows at least once), never from the hidden income itself
        earners = [s for s, p in enumerate(after.players) if good in p.ships]
        if earners and not after.open_money:
            out.append(public("income_taken", good=good, players=earners))
        elif not earners:
            out.append(public("no_income", good=good))
        for s in earners:
            p = after.players[s]
            ships = p.ships.count(good)     # the amount itself only in that seat's line
            bonus = p.licences * _F.licence_bonus
            if bonus:
                out.append(_money_event(after, "income_licence", s, player=s, income=p.income, showing=showing,
                                        ships=ships, bonus=bonus))
            else:
                out.append(_money_event(after, "income", s, player=s, income=p.income, showing=showing,
                                        ships=ships))
    if before.phase == "setup_load" and after.phase == "phase1":
        out.append(public("round_starts", n=after.round, player=after.turn))
    elif after.round != before.round and after.phase != "end":
        out.append(public("round_starts", n=after.round, player=after.turn))
    if before.phase != "end" and after.phase == "end":
        best = max(p.money for p in after.players)
        out.append(reveal("game_over", [END], players=[s for s, p in enumerate(after.players) if p.money == best]))
        for s, p in enumerate(after.players):
            out.append(_money_event(after, "final_money", s, player=s, money=p.money))
    return out


def chapter(state: SilkState) -> tuple[str, int]:
    if state.phase.startswith("setup"):
        return ("setup", 1)
    return ("round", state.round)


#: refusals whose sentence tells a player's hidden money ("there is not enough money")
PRIVATE_REFUSALS = frozenset({"cannot_afford"})

__all__ = ["PRIVATE_REFUSALS", "action_events", "chapter", "outcome_events"]
