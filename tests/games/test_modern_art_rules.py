"""Modern Art: one test per refusal, and the rulings the golden games do not reach."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cli import parse_line
from companion.core import IllegalAction, Session
from companion.games.modern_art import GAME
from companion.games.modern_art.state import BANK
from companion.messages import describe_error
from companion.rules import library
from refusal import refused as refused_action

PLAYERS = ["Ann", "Bo", "Cy"]


def table(lines: list[str] = (), players: list[str] = PLAYERS, **options: Any) -> Session:
    setup = GAME.setup(players, {k: str(v) for k, v in options.items()})
    session = Session(GAME, setup)
    for line in lines:
        session.apply(parse_line(line, setup.players))
    return session


def act(session: Session, line: str) -> None:
    session.apply(parse_line(line, session.setup.players))


def refused(session: Session, line: str, code: str, rule: str) -> IllegalAction:
    """The line is refused with ``code`` citing ``rule`` (tests/conftest.py ``refused``:
    state untouched, the message reads in all three languages)."""
    return refused_action(session, parse_line(line, session.setup.players), code, rule)


START = ['{"type": "first_seller", "seller": 0}']


# ----- refusals ----------------------------------------------------------------
def test_offer_from_an_empty_hand() -> None:
    s = table(START + ['{"type": "correct_hand", "seat": 1, "cards": 0}'])
    err = refused(s, '{"type": "offer", "player": "Bo", "artist": "yoko", "auction": "open"}',
                  "hand_empty", "modern_art.turn.empty-hand")
    assert err.params == {"player": 1}
    assert "Bo" in describe_error(err, "modern_art", "en", PLAYERS)


def test_join_from_an_empty_hand() -> None:
    s = table(START + ['{"type": "correct_hand", "seat": 2, "cards": 0}',
                       '{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "double"}'])
    # Cy has no card, so only Bo is asked; Cy trying to join is told why
    assert s.state.queue == [1]
    refused(s, '{"type": "join", "player": "Cy", "auction": "open"}', "hand_empty", "modern_art.turn.empty-hand")


def test_second_painting_needs_a_double() -> None:
    s = table(START)
    refused(s, '{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open", "second": "open"}',
            "second_needs_double", "modern_art.double.second")


def test_second_painting_must_not_be_a_double() -> None:
    s = table(START)
    refused(s, '{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "double", "second": "double"}',
            "double_needs_single", "modern_art.double.second")


def test_partner_painting_must_not_be_a_double() -> None:
    s = table(START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "double"}'])
    refused(s, '{"type": "join", "player": "Bo", "auction": "double"}',
            "double_needs_single", "modern_art.double.partner")


def _four_yoko() -> Session:
    """Ann, Bo, Cy, Ann each sell a Yoko openly for nothing: Yoko has 4 this round."""
    lines = list(START)
    for seller in ["Ann", "Bo", "Cy", "Ann"]:
        lines += [f'{{"type": "offer", "player": "{seller}", "artist": "yoko", "auction": "open"}}',
                  f'{{"type": "sell", "player": "{seller}"}}']
    s = table(lines)
    assert s.state.counts[1] == 4 and s.state.seller == 1
    return s


def test_double_that_is_the_fifth_takes_no_second_painting() -> None:
    s = _four_yoko()
    err = refused(s, '{"type": "offer", "player": "Bo", "artist": "yoko", "auction": "double", "second": "open"}',
                  "double_is_fifth", "modern_art.round.fifth-double")
    assert err.params == {"artist": "Yoko"}
    # alone it ends the round; Bo ended it, Cy starts round 2
    act(s, '{"type": "offer", "player": "Bo", "artist": "yoko", "auction": "double"}')
    assert s.state.round == 2 and s.state.results[0]["ender"] == 1 and s.state.seller == 2


def test_double_with_second_needs_two_cards() -> None:
    s = table(START + ['{"type": "correct_hand", "seat": 0, "cards": 1}'])
    err = refused(s, '{"type": "offer", "player": "Ann", "artist": "krypto", "auction": "double", "second": "sealed"}',
                  "needs_two_cards", "modern_art.double.second")
    assert err.params == {"player": 0}


def test_artist_with_every_painting_played() -> None:
    s = table(START)
    s.state.played[0] = 12  # all twelve Lite Metal paintings are out (earlier rounds)
    err = refused(s, '{"type": "offer", "player": "Ann", "artist": "lite_metal", "auction": "open"}',
                  "artist_exhausted", "modern_art.app.artist-limit")
    assert err.params == {"artist": "Lite Metal", "cards": 12}
    s.state.played[0] = 11  # one left: enough for one painting, not for a double plus a second
    refused(s, '{"type": "offer", "player": "Ann", "artist": "lite_metal", "auction": "double", "second": "open"}',
            "artist_exhausted", "modern_art.app.artist-limit")
    act(s, '{"type": "offer", "player": "Ann", "artist": "lite_metal", "auction": "double"}')
    refused(s, '{"type": "join", "player": "Bo", "auction": "open"}', "artist_exhausted", "modern_art.app.artist-limit")


def test_open_bid_must_rise() -> None:
    s = table(START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}'])
    err = refused(s, '{"type": "bid", "player": "Bo", "amount": 0}', "bid_too_low", "modern_art.auction.open-bids")
    assert err.params == {"amount": 0, "minimum": 1}
    act(s, '{"type": "bid", "player": "Bo", "amount": 7}')
    err = refused(s, '{"type": "bid", "player": "Cy", "amount": 7}', "bid_too_low", "modern_art.auction.open-bids")
    assert err.params == {"amount": 7, "minimum": 8}


def test_once_around_bid_must_beat_the_best() -> None:
    s = table(START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "once_around"}',
                       '{"type": "bid", "player": "Bo", "amount": 10}'])
    refused(s, '{"type": "bid", "player": "Cy", "amount": 10}', "bid_too_low", "modern_art.auction.once-around")


@pytest.mark.parametrize("lines,bad", [
    (['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}'],
     '{"type": "bid", "player": "Bo", "amount": 101}'),
    (['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "once_around"}'],
     '{"type": "bid", "player": "Bo", "amount": 101}'),
    (['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "sealed"}'],
     '{"type": "sealed_bid", "player": "Cy", "amount": 101}'),
    (['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "fixed"}'],
     '{"type": "set_price", "player": "Ann", "amount": 101}'),
], ids=["open", "once_around", "sealed", "fixed_price"])
def test_nobody_bids_more_than_they_have(lines: list[str], bad: str) -> None:
    s = table(START + lines)
    err = refused(s, bad, "not_enough_money", "modern_art.auction.money-limit")
    assert err.params["amount"] == 101


def test_nobody_buys_at_a_fixed_price_they_cannot_pay() -> None:
    s = table(START + ['{"type": "correct_money", "seat": 1, "money": 20}',
                       '{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "fixed"}',
                       '{"type": "set_price", "player": "Ann", "amount": 30}'])
    err = refused(s, '{"type": "buy", "player": "Bo"}', "not_enough_money", "modern_art.auction.money-limit")
    assert err.params == {"player": 1, "amount": 30}
    assert [a.type for a in GAME.legal_actions(s.state)] == ["pass"]


def test_only_the_seller_closes_an_open_auction() -> None:
    s = table(START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}',
                       '{"type": "bid", "player": "Bo", "amount": 3}'])
    err = refused(s, '{"type": "sell", "player": "Bo"}', "only_seller_sells", "modern_art.auction.open")
    assert err.params == {"player": 1, "seller_player": 0}


def test_reveal_waits_for_every_sealed_bid() -> None:
    s = table(START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "sealed"}',
                       '{"type": "sealed_bid", "player": "Bo", "amount": 3}'])
    err = refused(s, '{"type": "reveal"}', "bids_missing", "modern_art.app.sealed-reveal")
    assert err.params == {"players": [0, 2]}
    assert describe_error(err, "modern_art", "en", PLAYERS) == "Still waiting for the sealed bids of Ann, Cy."


def test_out_of_turn_and_wrong_phase_cite_clauses() -> None:
    s = table(START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "once_around"}'])
    refused(s, '{"type": "bid", "player": "Cy", "amount": 5}', "not_your_turn", "modern_art.auction.once-around")
    refused(s, '{"type": "pass", "player": "Ann"}', "not_your_turn", "modern_art.auction.once-around")
    refused(s, '{"type": "buy", "player": "Bo"}', "wrong_phase", "modern_art.auction.fixed")
    refused(s, '{"type": "sealed_bid", "player": "Bo", "amount": 1}', "wrong_phase", "modern_art.auction.sealed")


# ----- auction details ------------------------------------------------------------
def test_once_around_order_runs_from_the_left_with_the_seller_last() -> None:
    s = table(['{"type": "first_seller", "seller": 1}',
               '{"type": "offer", "player": "Bo", "artist": "yoko", "auction": "once_around"}'])
    assert s.state.queue == [2, 0, 1]
    act(s, '{"type": "pass", "player": "Cy"}')
    act(s, '{"type": "pass", "player": "Ann"}')
    act(s, '{"type": "pass", "player": "Bo"}')   # nobody bid: Bo keeps it free
    assert s.state.bought[1][1] == 1 and s.state.money == [100, 100, 100] and s.state.seller == 2


def test_seller_outbidding_in_open_auction_pays_the_bank() -> None:
    s = table(START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}',
                       '{"type": "bid", "player": "Bo", "amount": 5}',
                       '{"type": "bid", "player": "Ann", "amount": 6}',
                       '{"type": "sell", "player": "Ann"}'])
    assert s.state.money == [94, 100, 100]
    assert s.state.ledger == [(1, 0, BANK, 6, "sale")]


def test_sealed_bids_are_hidden_until_revealed_and_the_reveal_is_final() -> None:
    s = table(START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "sealed"}',
                       '{"type": "sealed_bid", "player": "Bo", "amount": 9}'])
    assert GAME.moves["sealed_bid"].secret
    public = GAME.view(s.state)
    assert "sealed" not in public and public["last_bids"] is None and public["lot"]["waiting"] == [0, 2]
    assert GAME.view(s.state, reveal=True)["sealed"] == [None, 9, None]
    assert GAME.prompt(s.state)["code"] == "phase.sealed"
    act(s, '{"type": "sealed_bid", "player": "Ann", "amount": 2}')
    act(s, '{"type": "sealed_bid", "player": "Cy", "amount": 4}')
    assert GAME.prompt(s.state)["code"] == "phase.sealed_reveal"
    assert [a.type for a in GAME.legal_actions(s.state)] == ["reveal"]
    act(s, '{"type": "reveal"}')
    assert GAME.view(s.state)["last_bids"] == [2, 9, 4]
    assert s.state.money == [109, 91, 100]
    assert not s.can_undo()


def test_fixed_price_may_be_zero() -> None:
    s = table(START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "fixed"}',
                       '{"type": "set_price", "player": "Ann", "amount": 0}',
                       '{"type": "buy", "player": "Bo"}'])
    assert s.state.bought[1][1] == 1 and s.state.money == [100, 100, 100]


def test_double_nobody_asked_when_every_other_hand_is_empty() -> None:
    s = table(START + ['{"type": "correct_hand", "seat": 1, "cards": 0}',
                       '{"type": "correct_hand", "seat": 2, "cards": 0}',
                       '{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "double"}'])
    # nobody can join: Ann keeps it free and, the only one with cards, sells again
    assert s.state.bought[0][1] == 1 and s.state.phase == "offer" and s.state.seller == 0


# ----- hands, rounds and the end ---------------------------------------------------
@pytest.mark.parametrize("players,options,hand", [
    (3, {}, 11), (3, {"deal_3p": 10}, 10), (4, {}, 9), (5, {}, 8)])
def test_deal(players: int, options: dict[str, Any], hand: int) -> None:
    s = table([], players=[f"P{i}" for i in range(players)], **options)
    assert s.state.hands == [hand] * players and s.state.money == [100] * players


def test_empty_hand_is_skipped_when_selling() -> None:
    s = table(START + ['{"type": "correct_hand", "seat": 1, "cards": 0}',
                       '{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}',
                       '{"type": "sell", "player": "Ann"}'])
    assert s.state.seller == 2


def test_correcting_the_sellers_hand_to_zero_passes_the_turn() -> None:
    s = table(START + ['{"type": "correct_hand", "seat": 0, "cards": 0}'])
    assert s.state.phase == "offer" and s.state.seller == 1


def test_every_hand_empty_ends_the_round_and_it_is_scored() -> None:
    # every hand down to one card: Ann, Bo, Cy sell Yoko, Yoko, Krypto, then nobody holds a card
    s = table(START + [f'{{"type": "correct_hand", "seat": {i}, "cards": 1}}' for i in range(3)] + [
        '{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}',
        '{"type": "bid", "player": "Bo", "amount": 10}',
        '{"type": "sell", "player": "Ann"}',                 # Bo pays Ann 10
        '{"type": "offer", "player": "Bo", "artist": "yoko", "auction": "open"}',
        '{"type": "sell", "player": "Bo"}',                  # Bo keeps it free
        '{"type": "offer", "player": "Cy", "artist": "krypto", "auction": "open"}',
        '{"type": "bid", "player": "Ann", "amount": 4}',
        '{"type": "sell", "player": "Cy"}',                  # Ann pays Cy 4; all hands empty
    ])
    result = s.state.results[0]
    # Yoko 2 -> 30, Krypto 1 -> 20, nobody else played -> no third token
    assert result["tokens"] == [0, 30, 0, 0, 20]
    assert result["ender"] == 2                              # Cy ran the last auction
    # Ann 100+10-4 +20 = 126; Bo 100-10 +2x30 = 150; Cy 100+4 = 104
    assert s.state.money == [126, 150, 104]
    # round 2: six cards each, Ann (left of Cy) sells first
    assert s.state.round == 2 and s.state.hands == [6, 6, 6] and s.state.seller == 0


def test_nobody_holding_a_card_when_the_last_round_begins() -> None:
    s = table(START)
    s.state.round = 3  # the table is in round 3 (no refill follows it)
    for seat in (1, 2):
        act(s, f'{{"type": "correct_hand", "seat": {seat}, "cards": 0}}')
    act(s, '{"type": "correct_hand", "seat": 0, "cards": 1}')
    act(s, '{"type": "offer", "player": "Ann", "artist": "christin_p", "auction": "open"}')
    act(s, '{"type": "sell", "player": "Ann"}')
    # round 3 ends (nobody has cards: Christin P. 30 -> Ann +30); round 4 has no cards at all
    assert [r["round"] for r in s.state.results] == [3, 4]
    assert s.state.results[1]["tokens"] == [0] * 5 and s.state.results[1]["payouts"] == [0, 0, 0]
    assert GAME.is_over(s.state) and s.state.money == [130, 100, 100]
    assert GAME.winners(s.state) == [0] and GAME.legal_actions(s.state) == []


def test_tied_richest_share_the_win() -> None:
    s = table(START)
    s.state.phase = "end"
    assert GAME.winners(s.state) == [0, 1, 2]
    assert GAME.prompt(s.state) == {"code": "phase.end", "players": [0, 1, 2], "params": {"players": [0, 1, 2]}}


def test_game_over_refuses_everything_but_corrections() -> None:
    s = table(START)
    s.state.phase = "end"
    refused(s, '{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}',
            "game_over", "modern_art.turn.order")
    act(s, '{"type": "correct_money", "seat": 2, "money": 90}')
    assert s.state.money[2] == 90 and s.state.ledger[-1] == (1, 2, BANK, 10, "correction")


# ----- what the table sees ----------------------------------------------------------
def test_money_is_hidden_unless_open_or_over() -> None:
    s = table(START)
    assert all("money" not in p for p in GAME.view(s.state)["players"])
    assert "ledger" not in GAME.view(s.state)
    assert [p["money"] for p in GAME.view(s.state, reveal=True)["players"]] == [100, 100, 100]
    assert GAME.moves["correct_money"].secret
    open_table = table(START, open_money=True)
    assert [p["money"] for p in GAME.view(open_table.state)["players"]] == [100, 100, 100]
    s.state.phase = "end"
    assert [p["money"] for p in GAME.view(s.state)["players"]] == [100, 100, 100]


def test_if_the_round_ended_now_preview() -> None:
    from games.test_modern_art_golden import G3, play_round

    s = table(players=G3.players)
    play_round(s, s.setup.players, G3.rounds[0] + G3.rounds[1][:11])
    # round 2 so far: Kr 2, LM 1, Y 1 -> Kr 30, LM 20 (ties Y, further left), Y 10.
    # Values with round 1's board (LM 30, Y 20, Ch 10): Kr 30, LM 30+20 = 50, Y 20+10 = 30.
    # Bo holds 2 Kr + LM + Y = 60 + 50 + 30 = 140; Ann and Cy hold nothing.
    view = GAME.view(s.state)
    assert [a["if_round_ended"] for a in view["artists"]] == [50, 30, 0, 0, 30]
    assert [p["if_round_ended"] for p in view["players"]] == [0, 140, 0]
    assert [a["value"] for a in view["artists"]] == [30, 20, 10, 0, 0]
    assert [a["count"] for a in view["artists"]] == [1, 1, 0, 0, 2]
    assert view["players"][1]["bought"] == {"lite_metal": 1, "yoko": 1, "christin_p": 0,
                                            "karl_gitter": 0, "krypto": 2}


def test_prompts_have_messages_in_every_language() -> None:
    from games.test_modern_art_golden import G4

    setup = GAME.setup(G4.players, {})
    session = Session(GAME, setup)
    seen = set()
    for line in [x for lines in G4.rounds for x in lines]:
        prompt = GAME.prompt(session.state)
        seen.add(prompt["code"])
        for lang in ("en", "zh_Hans", "zh_Hant"):
            template = library.message("modern_art", lang, prompt["code"])
            assert template is not None, prompt["code"]
            from companion.messages import fill
            assert "{" not in fill(template, prompt["params"], lang, setup.players), (prompt, lang)
        session.apply(parse_line(line, setup.players))
    assert seen >= {"phase.start", "phase.offer", "phase.open", "phase.once_around", "phase.sealed",
                    "phase.sealed_reveal", "phase.fixed_price", "phase.fixed", "phase.double"}


def test_legal_actions_are_all_accepted_in_each_phase() -> None:
    from games.test_modern_art_golden import G5

    setup = GAME.setup(G5.players, {})
    session = Session(GAME, setup)
    for line in [x for lines in G5.rounds for x in lines]:
        action = parse_line(line, setup.players)
        legal = GAME.legal_actions(session.state)
        assert action in legal, line
        for other in legal[:: max(1, len(legal) // 25)]:
            assert GAME.is_legal(session.state, other), other
        session.apply(action)
    assert GAME.legal_actions(session.state) == []


def test_action_labels_exist() -> None:
    for lang in ("en", "zh_Hans", "zh_Hant"):
        for name in GAME.moves:
            assert library.message("modern_art", lang, f"action.{name}"), (lang, name)
        for kind in ("open", "once_around", "sealed", "fixed", "double"):
            assert library.message("modern_art", lang, f"ui.auction.{kind}")
