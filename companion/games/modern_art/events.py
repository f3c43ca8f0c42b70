"""What a Modern Art action did, as the table must see it (``Game.events``).

Read from the states before and after the action (and the action itself):
a painting put up (by whom, the artist, the auction type; a double with its
second painting, or offered to the others), every bid called out in an open
or once-around auction, each sealed bid entered, the sealed bids revealed,
a fixed price named and taken or declined, every sale (buyer, seller, price,
paid to whom: the bank when the sellers buy their own painting, both sellers
line by line for a shared double), the round ending (which painting ended
it), each artist's token and value, what the bank pays each player for the
paintings in front of them, the refill, and the game's end with everyone's
money.

What stays hidden (``modern_art.setup.secrets``, ``modern_art.app.money-privacy``):
a player's money -- a correction's amount and the final money are seen only
by that player until the game is over, unless the table plays with open
money -- and a sealed bid, seen only by its bidder until that auction's bids
are revealed (key ``sealed:<auction>``, ``modern_art.auction.sealed``).  Where
a secret is entered the others read a stand-in ("Bo entered a sealed bid",
"Bo's money was corrected").
Prices, payments and the bank's payouts are said and paid in the open
(``modern_art.auction.payment``, ``modern_art.turn.bought``,
``modern_art.value.sell-to-bank``); no public event carries an amount of money
a player has.
"""

from __future__ import annotations

from ...core import END, Action, Event, private, public, reveal, stand_in
from .facts import load
from .state import BANK, ModernArtState

F = load()


def sealed_key(state: ModernArtState) -> str:
    """The reveal key of the sealed auction running in ``state``: the number of
    the lot in the game (every auction that is run ends in exactly one sale)."""
    return f"sealed:{len(state.sales) + 1}"


def _artist_id(state: ModernArtState) -> str:
    assert state.artist is not None
    return F.artist_ids[state.artist]


def action_events(before: ModernArtState, action: Action, after: ModernArtState) -> list[Event] | None:
    """The action's own line (None: the generic one; an empty list: the outcome says it all)."""
    seat = action.player
    kind = action.type
    if kind == "first_seller":
        return [public("first_seller", player=action["seller"])]
    if kind == "offer":
        return _offer_events(before, action, after)
    if kind == "bid":
        return [public("bid", player=seat, amount=action["amount"], artist=_artist_id(before))]
    if kind == "pass":
        if before.phase == "fixed":
            return [public("declined", player=seat, price=before.price, artist=_artist_id(before))]
        if before.phase == "double":
            return [public("no_partner", player=seat, artist=_artist_id(before))]
        return [public("passed", player=seat, artist=_artist_id(before))]
    if kind == "sealed_bid":
        key = sealed_key(before)
        return [private("sealed_amount", [seat], key, player=seat, amount=action["amount"], artist=_artist_id(before)),
                stand_in("sealed_entered", player=seat, artist=_artist_id(before))]
    if kind == "reveal":    # every bid is told after the sale (outcome_events): who buys comes first
        return [reveal("bids_revealed", [sealed_key(before)], artist=_artist_id(before))]
    if kind == "set_price":
        return [public("price_set", player=seat, price=action["amount"], artist=_artist_id(before))]
    if kind in ("sell", "buy"):
        return []           # the sale (outcome_events) names buyer, seller, price and payee
    if kind == "join":
        return _join_events(before, action, after)
    if kind == "correct_money":
        target, money = action["seat"], action["money"]
        if after.open_money:
            return [public("money_set", player=target, money=money)]
        return [private("money_set", [target], END, player=target, money=money),
                stand_in("money_corrected", player=target)]
    if kind == "correct_hand":
        return [public("hand_set", board=True, player=action["seat"], cards=action["cards"])]
    return None


def _offer_events(before: ModernArtState, action: Action, after: ModernArtState) -> list[Event]:
    seller = action.player
    artist, auction, second = action["artist"], action.get("auction"), action.get("second")
    ended = len(after.results) > len(before.results)
    if auction is None:  # the round's ending painting, played without an auction type
        out = [public("played_last", board=True, player=seller, artist=artist)]
    elif second is not None:
        out = [public("offered_pair", board=True, player=seller, artist=artist, auction=second)]
    elif auction == F.double and not ended:
        out = [public("offered_double", board=True, player=seller, artist=artist)]
    else:
        out = [public("offered", board=True, player=seller, artist=artist, auction=auction)]
    if ended:
        out.append(_round_ender(before, after, seller, artist, 2 if second is not None else 1))
    return out


def _join_events(before: ModernArtState, action: Action, after: ModernArtState) -> list[Event]:
    seat, artist = action.player, _artist_id(before)
    out = [public("joined", board=True, player=seat, co_player=before.seller, artist=artist,
                  auction=action["auction"])]
    if len(after.results) > len(before.results):
        out.append(_round_ender(before, after, seat, artist, 2))
    return out


def _round_ender(before: ModernArtState, after: ModernArtState, seat: int | None, artist: str,
                 cards: int) -> Event:
    """The painting(s) that ended the round: not sold, they count for the ranking."""
    count = after.results[len(before.results)]["counts"][F.artist_ids.index(artist)]
    return public("round_ending_pair" if cards == 2 else "round_ending", player=seat, artist=artist, count=count)


def outcome_events(before: ModernArtState, action: Action, after: ModernArtState) -> list[Event]:
    out: list[Event] = []
    for sale in after.sales[len(before.sales):]:
        out += _sale_events(before, after, sale)
    if action.type == "reveal":
        out += [public("sealed_shown", player=s, amount=b) for s, b in enumerate(before.sealed) if b is not None]
    rounds = after.results[len(before.results):]
    for index, result in enumerate(rounds):
        out += _round_events(result, before, after, last=index == len(rounds) - 1)
    if before.phase != "end" and after.phase == "end":
        best = max(after.money)
        out.append(reveal("game_over", [END], players=[s for s, m in enumerate(after.money) if m == best]))
        for seat, money in enumerate(after.money):
            out.append(public("final_money", player=seat, money=money) if after.open_money
                       else private("final_money", [seat], END, player=seat, money=money))
    return out


def _sale_events(before: ModernArtState, after: ModernArtState, sale: tuple) -> list[Event]:  # type: ignore[type-arg]
    """One lot changing hands, and who was paid (read from the ledger's new ``sale`` lines)."""
    _rnd, artist_index, paintings, _auction, seller, co_seller, buyer, price = sale
    artist = F.artist_ids[artist_index]
    pair = paintings == 2
    if co_seller is not None and price == 0 and buyer in (seller, co_seller):
        return [public("kept_pair", board=True, player=buyer, artist=artist)]
    if co_seller is not None:
        if buyer in (seller, co_seller):
            out = [public("bought_shared", board=True, player=buyer,
                          partner_player=co_seller if buyer == seller else seller, artist=artist, price=price)]
        else:
            out = [public("sold_shared", board=True, player=buyer, seller_player=seller, co_player=co_seller,
                          artist=artist, price=price)]
        for _r, payer, payee, amount, reason in after.ledger[len(before.ledger):]:
            if reason != "sale":
                continue
            if payee == BANK:
                out.append(public("paid_bank", player=payer, amount=amount))
            else:
                out.append(public("paid_to", player=payer, to_player=payee, amount=amount))
        return out
    if buyer == seller and price == 0:
        return [public("kept_pair" if pair else "kept", board=True, player=buyer, artist=artist)]
    if buyer == seller:
        return [public("bought_own_pair" if pair else "bought_own", board=True, player=buyer, artist=artist,
                       price=price)]
    return [public("sold_pair" if pair else "sold", board=True, player=buyer, seller_player=seller, artist=artist,
                   price=price)]


def _round_events(result: dict, before: ModernArtState, after: ModernArtState, last: bool) -> list[Event]:  # type: ignore[type-arg]
    """A scored round: how it ended, each artist's token and value, the bank's payouts."""
    n = result["round"]
    counts, tokens, values = result["counts"], result["tokens"], result["values"]
    out: list[Event] = []
    if not any(counts):
        out.append(public("round_empty", n=n))
    else:
        if max(counts) < F.round_end_count:
            out.append(public("hands_empty", n=n))
        out.append(public("round_over", n=n))
        board_rows = after.board[: n]          # the tokens up to and including this round
        for artist in result["ranking"]:
            out.append(public("artist_value", board=True, artist=F.artist_ids[artist], count=counts[artist],
                              token=tokens[artist], value=values[artist]))
        for artist, artist_id in enumerate(F.artist_ids):
            total = sum(row[artist] for row in board_rows)
            if artist not in result["ranking"] and (counts[artist] or total):
                if total:
                    out.append(public("artist_worthless_total", artist=artist_id, count=counts[artist], total=total))
                else:
                    out.append(public("artist_worthless", artist=artist_id, count=counts[artist]))
        for seat, (row, paid) in enumerate(zip(result["bought"], result["payouts"])):
            held = sum(row)
            if paid:
                out.append(public("bank_pays", board=True, player=seat, amount=paid, paintings=held))
            elif held:
                out.append(public("paintings_worthless", board=True, player=seat, paintings=held))
    if last and after.phase != "end":
        if after.round in F.refill_before_rounds and after.round != before.round:
            out.append(public("refill", board=True, n=after.round, cards=F.refill[len(after.players)]))
        out.append(public("round_starts", n=after.round, player=after.seller))
    return out


def chapter(state: ModernArtState) -> tuple[str, int]:
    return ("round", state.round)


__all__ = ["action_events", "chapter", "outcome_events", "sealed_key"]
