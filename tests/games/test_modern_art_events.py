"""Modern Art's story as events: what each action tells the table, and who may see it.

The expected events were worked out by hand from the rulebook before the code ran
(seat 0 = A, 1 = B, 2 = C; 3 players, 11 cards each).  Money is hidden at the table
(modern_art.setup.secrets): a correction's amount and the final money are seen by that
player only until the game is over; a sealed bid by its bidder only until that auction's
bids are revealed (modern_art.auction.sealed, modern_art.app.sealed-reveal).  Prices,
payments and the bank's payouts are public (modern_art.auction.payment,
modern_art.turn.bought, modern_art.value.sell-to-bank).
"""

from __future__ import annotations

from typing import Any

from companion.cli import parse_line
from companion.core import END, IllegalAction, Session
from companion.games.modern_art import GAME
from games.story_helpers import codes, ev, render_random, seen, step

PLAYERS = ["A", "B", "C"]


def table(**options: Any) -> Session:
    return Session(GAME, GAME.setup(PLAYERS, {k: str(v) for k, v in options.items()}))


def play(s: Session, line: str) -> list:
    return step(s, parse_line(line, s.setup.players))


def test_a_round_told_action_by_action() -> None:
    s = table()
    assert play(s, '{"type": "first_seller", "seller": 0}') == [ev("first_seller", player=0)]
    assert play(s, '{"type": "offer", "player": "A", "artist": "lite_metal", "auction": "open"}') == [
        ev("offered", board=True, player=0, artist="lite_metal", auction="open")]
    # an open bid is called out aloud: public with its amount
    assert play(s, '{"type": "bid", "player": "B", "amount": 10}') == [
        ev("bid", player=1, amount=10, artist="lite_metal")]
    # the sale says it all: buyer, seller, price, paid to the seller
    assert play(s, '{"type": "sell", "player": "A"}') == [
        ev("sold", board=True, player=1, seller_player=0, artist="lite_metal", price=10)]

    # a sealed auction: lot number 2 of the game, so its reveal key is sealed:2
    play(s, '{"type": "offer", "player": "B", "artist": "yoko", "auction": "sealed"}')
    assert play(s, '{"type": "sealed_bid", "player": "A", "amount": 12}') == [
        ev("sealed_amount", seats=[0], until="sealed:2", player=0, amount=12, artist="yoko"),
        ev("sealed_entered", stand_in=True, player=0, artist="yoko")]
    play(s, '{"type": "sealed_bid", "player": "C", "amount": 12}')
    play(s, '{"type": "sealed_bid", "player": "B", "amount": 5}')
    # A and C tie at 12; the seller B is not among them, so the nearest to B's left (C) buys;
    # the sale is told first, then every bid
    assert play(s, '{"type": "reveal"}') == [
        ev("bids_revealed", reveals=["sealed:2"], artist="yoko"),
        ev("sold", board=True, player=2, seller_player=1, artist="yoko", price=12),
        ev("sealed_shown", player=0, amount=12), ev("sealed_shown", player=1, amount=5),
        ev("sealed_shown", player=2, amount=12)]

    # a lone double offered round from C's left: A declines, B adds one and sells at a fixed price
    assert play(s, '{"type": "offer", "player": "C", "artist": "christin_p", "auction": "double"}') == [
        ev("offered_double", board=True, player=2, artist="christin_p")]
    assert play(s, '{"type": "pass", "player": "A"}') == [ev("no_partner", player=0, artist="christin_p")]
    assert play(s, '{"type": "join", "player": "B", "auction": "fixed"}') == [
        ev("joined", board=True, player=1, co_player=2, artist="christin_p", auction="fixed")]
    assert play(s, '{"type": "set_price", "player": "B", "amount": 21}') == [
        ev("price_set", player=1, price=21, artist="christin_p")]
    assert play(s, '{"type": "pass", "player": "C"}') == [ev("declined", player=2, price=21, artist="christin_p")]
    # A buys the shared lot: B ran the auction and gets the odd half, 11; C the other 10
    assert play(s, '{"type": "buy", "player": "A"}') == [
        ev("sold_shared", board=True, player=0, seller_player=1, co_player=2, artist="christin_p", price=21),
        ev("paid_to", player=0, to_player=1, amount=11), ev("paid_to", player=0, to_player=2, amount=10)]

    # the table corrects B's money: everyone reads that it was corrected, only B the amount
    assert play(s, '{"type": "correct_money", "seat": 1, "money": 50}') == [
        ev("money_set", seats=[1], until=END, player=1, money=50), ev("money_corrected", stand_in=True, player=1)]

    # next seller: left of B, the one who ran the shared auction -> C; nobody takes C's price
    play(s, '{"type": "offer", "player": "C", "artist": "karl_gitter", "auction": "fixed"}')
    play(s, '{"type": "set_price", "player": "C", "amount": 7}')
    play(s, '{"type": "pass", "player": "A"}')
    assert play(s, '{"type": "pass", "player": "B"}') == [
        ev("declined", player=1, price=7, artist="karl_gitter"),
        ev("bought_own", board=True, player=2, artist="karl_gitter", price=7)]

    # A sells a double with a second Lite Metal once around: B passes, C bids 20, A passes
    assert play(s, '{"type": "offer", "player": "A", "artist": "lite_metal", "auction": "double", '
                   '"second": "once_around"}') == [
        ev("offered_pair", board=True, player=0, artist="lite_metal", auction="once_around")]
    play(s, '{"type": "pass", "player": "B"}')
    assert play(s, '{"type": "bid", "player": "C", "amount": 20}') == [
        ev("bid", player=2, amount=20, artist="lite_metal")]
    assert play(s, '{"type": "pass", "player": "A"}') == [
        ev("passed", player=0, artist="lite_metal"),
        ev("sold_pair", board=True, player=2, seller_player=0, artist="lite_metal", price=20)]

    # B's double and second bring Lite Metal to 5 (1 + 2 + 2): the round ends, neither is sold.
    # Ranking: Lite Metal 5 -> 30; Christin P. 2 -> 20; Yoko 1 and Karl Gitter 1 tie, Yoko
    # stands further left -> 10.  A holds 2 Christin P. (40), B 1 Lite Metal (30), C Yoko,
    # Karl Gitter and 2 Lite Metal (10 + 0 + 60 = 70).  Refill 6 before round 2; C (left of B) sells.
    assert play(s, '{"type": "offer", "player": "B", "artist": "lite_metal", "auction": "double", '
                   '"second": "open"}') == [
        ev("offered_pair", board=True, player=1, artist="lite_metal", auction="open"),
        ev("round_ending_pair", player=1, artist="lite_metal", count=5),
        ev("round_over", n=1),
        ev("artist_value", board=True, artist="lite_metal", count=5, token=30, value=30),
        ev("artist_value", board=True, artist="christin_p", count=2, token=20, value=20),
        ev("artist_value", board=True, artist="yoko", count=1, token=10, value=10),
        ev("artist_worthless", artist="karl_gitter", count=1),
        ev("bank_pays", board=True, player=0, amount=40, paintings=2),
        ev("bank_pays", board=True, player=1, amount=30, paintings=1),
        ev("bank_pays", board=True, player=2, amount=70, paintings=4),
        ev("refill", board=True, n=2, cards=6),
        ev("round_starts", n=2, player=2)]
    assert GAME.chapter(s.state) == ("round", 2)


def test_a_sealed_bid_is_seen_by_its_bidder_until_the_reveal() -> None:
    s = table()
    for line in ['{"type": "first_seller", "seller": 0}',
                 '{"type": "offer", "player": "A", "artist": "yoko", "auction": "sealed"}',
                 '{"type": "sealed_bid", "player": "B", "amount": 37}',
                 '{"type": "sealed_bid", "player": "C", "amount": 23}',
                 '{"type": "sealed_bid", "player": "A", "amount": 0}']:
        play(s, line)
    amounts = [e for e in seen(s, 1) if e.code == "sealed_amount"]
    assert [(e.params["player"], e.params["amount"]) for e in amounts] == [(1, 37)]
    for seat in (None, 0, 2):
        shown = seen(s, seat)
        assert (1, 37) not in [(e.params.get("player"), e.params.get("amount")) for e in shown]
        # the stand-in "X entered a sealed bid" where the amount is not shown: the bidder sees their own
        assert codes(shown).count("sealed_entered") == (3 if seat is None else 2)
        assert not any("37" in text for text in seen(s, seat, "en")), seen(s, seat, "en")
    play(s, '{"type": "reveal"}')
    for seat in (None, 0, 1, 2):
        amounts = [e for e in seen(s, seat) if e.code == "sealed_amount"]
        assert sorted((e.params["player"], e.params["amount"]) for e in amounts) == [(0, 0), (1, 37), (2, 23)]
    assert "B's sealed bid for the Yoko lot: 37." in seen(s, None, "en")
    assert "sealed_entered" not in codes(seen(s, None))   # the amounts now stand for themselves
    assert "B 为 Yoko 出的暗标：37 元。" in seen(s, None, "zh_Hans")
    # the next sealed auction has its own key: revealing lot 1 did not reveal lot 2's bids
    play(s, '{"type": "offer", "player": "B", "artist": "yoko", "auction": "sealed"}')
    play(s, '{"type": "sealed_bid", "player": "C", "amount": 5}')
    assert [e.until for e in seen(s, 2) if e.code == "sealed_amount"][-1] == "sealed:2"
    assert sum(e.code == "sealed_amount" for e in seen(s, None)) == 3


def test_hidden_money_stays_with_its_player_until_the_game_ends() -> None:
    s = table()
    play(s, '{"type": "first_seller", "seller": 0}')
    play(s, '{"type": "correct_money", "seat": 1, "money": 50}')
    assert "B's money was corrected." in seen(s, None, "en")
    assert not any("50" in t for seat in (None, 0, 2) for t in seen(s, seat, "en"))
    assert "B's money was set to 50." in seen(s, 1, "en")
    # empty every hand, seller last, three rounds running: nothing is played or scored,
    # and round 4 (no refill) ends as soon as round 3 does (modern_art.round.all-hands-empty)
    assert play(s, '{"type": "correct_hand", "seat": 1, "cards": 0}') == [
        ev("hand_set", board=True, player=1, cards=0)]
    play(s, '{"type": "correct_hand", "seat": 2, "cards": 0}')
    assert play(s, '{"type": "correct_hand", "seat": 0, "cards": 0}') == [
        ev("hand_set", board=True, player=0, cards=0),
        ev("round_empty", n=1), ev("refill", board=True, n=2, cards=6), ev("round_starts", n=2, player=1)]
    for seat in (0, 2, 1):
        play(s, f'{{"type": "correct_hand", "seat": {seat}, "cards": 0}}')
    for seat in (0, 1):
        play(s, f'{{"type": "correct_hand", "seat": {seat}, "cards": 0}}')
    assert not GAME.is_over(s.state)
    assert not any(e.code == "final_money" for e in seen(s, None))
    # A and C kept their 100, B has the corrected 50
    assert play(s, '{"type": "correct_hand", "seat": 2, "cards": 0}') == [
        ev("hand_set", board=True, player=2, cards=0),
        ev("round_empty", n=3), ev("round_empty", n=4),
        ev("game_over", reveals=[END], players=[0, 2]),
        ev("final_money", seats=[0], until=END, player=0, money=100),
        ev("final_money", seats=[1], until=END, player=1, money=50),
        ev("final_money", seats=[2], until=END, player=2, money=100)]
    shared = seen(s, None, "en")
    assert "B's money was set to 50." in shared and "B ends with 50." in shared
    assert shared[-4] == "The game is over: everyone shows their money. Richest: A, C."


def test_open_money_tells_corrections_and_final_money_to_everyone() -> None:
    s = table(open_money=True)
    play(s, '{"type": "first_seller", "seller": 0}')
    assert play(s, '{"type": "correct_money", "seat": 2, "money": 80}') == [ev("money_set", player=2, money=80)]


def test_a_round_ended_by_empty_hands_is_scored() -> None:
    # modern_art.round.all-hands-empty: after the last auction nobody has a card; the
    # round is scored (Yoko alone: 30) and the one who ran it (A) ended it, so B sells next
    s = table()
    for line in ['{"type": "first_seller", "seller": 0}',
                 '{"type": "offer", "player": "A", "artist": "yoko", "auction": "open"}',
                 '{"type": "bid", "player": "B", "amount": 5}',
                 '{"type": "correct_hand", "seat": 0, "cards": 0}',
                 '{"type": "correct_hand", "seat": 1, "cards": 0}',
                 '{"type": "correct_hand", "seat": 2, "cards": 0}']:
        play(s, line)
    assert play(s, '{"type": "sell", "player": "A"}') == [
        ev("sold", board=True, player=1, seller_player=0, artist="yoko", price=5),
        ev("hands_empty", n=1), ev("round_over", n=1),
        ev("artist_value", board=True, artist="yoko", count=1, token=30, value=30),
        ev("bank_pays", board=True, player=1, amount=30, paintings=1),
        ev("refill", board=True, n=2, cards=6), ev("round_starts", n=2, player=1)]


def test_the_seller_keeps_a_painting_nobody_bid_for() -> None:
    s = table()
    play(s, '{"type": "first_seller", "seller": 2}')
    play(s, '{"type": "offer", "player": "C", "artist": "krypto", "auction": "once_around"}')
    play(s, '{"type": "pass", "player": "A"}')
    play(s, '{"type": "pass", "player": "B"}')
    assert play(s, '{"type": "pass", "player": "C"}') == [
        ev("passed", player=2, artist="krypto"), ev("kept", board=True, player=2, artist="krypto")]


def test_a_refusal_that_tells_money_is_private_to_its_player() -> None:
    s = table()
    play(s, '{"type": "first_seller", "seller": 0}')
    play(s, '{"type": "offer", "player": "A", "artist": "yoko", "auction": "open"}')
    action = parse_line('{"type": "bid", "player": "B", "amount": 101}', PLAYERS)
    try:
        s.apply(action)
    except IllegalAction as err:
        assert err.code == "not_enough_money"
        assert GAME.secret_seat(s.state, err, action) == 1
    else:  # pragma: no cover
        raise AssertionError("accepted")


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_random(GAME, 24) + render_random(GAME, 6, {"open_money": "true"}, seed=100)
    for code in ("offered", "offered_pair", "offered_double", "joined", "bid", "sealed_amount", "bids_revealed",
                 "sold", "sold_pair", "sold_shared", "bought_shared", "bought_own", "round_over", "artist_value", "bank_pays",
                 "refill", "round_starts", "game_over", "final_money"):
        assert met[code], code
    assert "action" not in met and "secret_entered" not in met


def test_the_first_seller_buying_a_shared_double_pays_half_to_the_bank() -> None:
    # modern_art.double.shared-payment: A's double, B adds one and runs an open auction; A buys
    # for 9: B, who ran it, gets the odd half (5), A's own half (4) goes to the bank
    s = table()
    for line in ['{"type": "first_seller", "seller": 0}',
                 '{"type": "offer", "player": "A", "artist": "yoko", "auction": "double"}',
                 '{"type": "join", "player": "B", "auction": "open"}',
                 '{"type": "bid", "player": "A", "amount": 9}']:
        play(s, line)
    assert play(s, '{"type": "sell", "player": "B"}') == [
        ev("bought_shared", board=True, player=0, partner_player=1, artist="yoko", price=9),
        ev("paid_to", player=0, to_player=1, amount=5), ev("paid_bank", player=0, amount=4)]
    assert seen(s, None, "en")[-3] == "A buys back the two Yoko paintings they sell with B, for 9:"
