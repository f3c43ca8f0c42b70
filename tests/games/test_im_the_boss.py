"""I'm the Boss score sheet: setup helpers, golden games worked out by hand,
one test per refused entry, and the generic playout properties."""

from __future__ import annotations

import random
import string

import pytest

from companion.core import Action, Session
from companion.games.im_the_boss import (GAME, draw_count, end_numbers, hand_limit, last_deal_number,
                                         setup_summary, split_payout, tile_for_deal, value_range)
from companion.rules import library
from refusal import refused

GID = "im_the_boss"
LANGS = ("en", "zh_Hans", "zh_Hant")


def table(*names: str, **options: object) -> Session:
    return Session(GAME, GAME.setup(list(names), options))


def deal(s: Session, boss: int, shares: int, value: int, pay: dict[int, int] | None = None,
         partners: list[int] | None = None) -> None:
    args: dict[str, object] = {"shares": shares, "value": value}
    if pay:
        args["payees"], args["amounts"] = list(pay), list(pay.values())
    if partners:
        args["partners"] = partners
    s.apply(Action.make("deal", boss, **args))


def roll(s: Session, value: int) -> None:
    s.apply(Action.make("end_roll", s.state.last_boss, roll=value))




def money(s: Session) -> list[int]:
    return list(s.state.money)


# ----- setup helpers, checked against the rulebook --------------------------------

@pytest.mark.parametrize("n, each, beside", [(3, 2, 0), (4, 1, 2), (5, 1, 1), (6, 1, 0)])
def test_investor_setup(n: int, each: int, beside: int) -> None:
    # rulebook: one investor each (two each with 3 players); 4 or 5 players: the 2 or 1 left lie beside the board
    assert setup_summary(n) == {"investors_each": each, "investors_beside_board": beside, "hand": 5, "money": 0}
    assert each * n + beside == 6


def test_draw_and_hand_limit_helpers() -> None:
    assert draw_count(0) == draw_count(2) == 3                     # standard: draw 3
    assert [draw_count(k, True) for k in (0, 1, 2, 3, 5)] == [4, 3, 2, 1, 1]   # variant table
    assert hand_limit(1) == hand_limit(15) == 12
    assert hand_limit(9, True) == 12 and hand_limit(10, True) == 10   # variant: 10 from the 10th deal


def test_end_numbers_and_tiles() -> None:
    assert end_numbers(9) == [] and end_numbers(10) == [1] and end_numbers(12) == [1, 2, 3]
    assert [tile_for_deal(d) for d in (1, 13, 15)] == [1, 13, 15]
    # short game: tiles 1-3 serve two deals each, then one deal per tile; 15 tiles -> 18 deals
    assert [tile_for_deal(d, True) for d in range(1, 9)] == [1, 1, 2, 2, 3, 3, 4, 5]
    assert tile_for_deal(18, True) == 15 and last_deal_number() == 15 and last_deal_number(True) == 18


def test_value_range() -> None:
    assert value_range(1, None) == (2, 2)          # the rulebook: deal 1 pays 2 million a share
    assert value_range(2, 2) == (2, 5)             # at least the previous tile, at most tile 13's 5
    assert value_range(13, 4) == (5, 5)
    assert value_range(14, 5) == (5, None)
    assert split_payout(10, 2) == (3, 4)           # 10 // 3 = 3 each, boss 10 - 6 = 4


# ----- golden games ---------------------------------------------------------------

def test_golden_standard_game_ends_on_roll() -> None:
    s = table("A", "B", "C", "D")
    deal(s, 0, 6, 2, {1: 3})          # D1 12: A 12-3=9, B 3
    deal(s, 1, 4, 2, {2: 2, 3: 2})    # D2 8: B 3+8-4=7, C 2, D 2
    deal(s, 2, 3, 2)                  # D3 6: C 8
    deal(s, 3, 5, 3, {0: 5})          # D4 15: D 2+15-5=12, A 14
    deal(s, 0, 2, 3)                  # D5 6: A 20
    deal(s, 1, 6, 3, {0: 4, 2: 4})    # D6 18: B 7+18-8=17, A 24, C 12
    deal(s, 2, 4, 4, {3: 6})          # D7 16: C 12+16-6=22, D 18
    deal(s, 3, 3, 4)                  # D8 12: D 30
    deal(s, 0, 4, 4, {1: 10})         # D9 16: A 24+16-10=30, B 27
    assert money(s) == [30, 27, 22, 30] and s.state.phase == "play"
    deal(s, 1, 6, 4, {2: 5})          # D10 24: B 27+24-5=46, C 27
    assert money(s) == [30, 46, 27, 30]
    assert s.state.phase == "end_roll" and GAME.active_players(s.state) == {1}
    roll(s, 2)                        # after deal 10 only a 1 ends
    assert s.state.phase == "play"
    deal(s, 2, 5, 5)                  # D11 25: C 52
    roll(s, 3)                        # after deal 11: 1 or 2 end
    assert s.state.phase == "play"
    deal(s, 0, 6, 5, {3: 10, 1: 5})   # D12 30: A 30+30-15=45, D 40, B 51
    roll(s, 3)                        # after deal 12: 1, 2 or 3 end (the rulebook's example)
    st = s.state
    assert st.phase == "end" and money(s) == [45, 51, 52, 40]
    assert sum(st.money) == 12 + 8 + 6 + 15 + 6 + 18 + 16 + 12 + 16 + 24 + 25 + 30   # 188, all from the bank
    assert GAME.winners(st) == [2] and GAME.scores(st) == [45.0, 51.0, 52.0, 40.0]
    assert GAME.legal_actions(st) == []
    # the table's tiles said otherwise: the game goes on, and deal 13 must pay 5 a share
    s.apply(Action.make("correct_end", ends=False))
    assert s.state.phase == "play"
    err = refused(s, Action.make("deal", 0, shares=2, value=6))
    assert err.code == "share_value_too_high"


def test_golden_fifteen_deals_end_without_roll_and_tie() -> None:
    s = table("A", "B", "C")
    values = [2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6]
    for k, value in enumerate(values, start=1):
        deal(s, (k - 1) % 3, 2, value)
        if k < 15 and k >= 10:
            roll(s, 6)                # 6 never ends the game before the last deal
    st = s.state
    # A: deals 1,4,7,10,13 -> 2*(2+3+4+4+5)=36; B: 2,5,8,11,14 -> 2*(2+3+4+5+5)=38; C: 3,6,9,12,15 -> 2*(2+3+4+5+6)=40
    assert st.phase == "end" and money(s) == [36, 38, 40]
    assert GAME.winners(st) == [2]
    s.apply(Action.make("correct_money", 1, amount=40))
    assert GAME.winners(s.state) == [1, 2]            # ruling: a tie shares the win


def test_golden_short_game() -> None:
    s = table("A", "B", "C", short=True)
    deal(s, 0, 3, 2)                  # deal 1, tile 1: A 6
    err = refused(s, Action.make("deal", 1, shares=3, value=3))
    assert (err.code, err.params) == ("share_value_same_tile", {"tile": 1, "expected": 2, "value": 3})
    deal(s, 1, 3, 2)                  # deal 2, still tile 1: B 6
    deal(s, 2, 4, 3)                  # deal 3, tile 2: C 12
    deal(s, 0, 4, 3)                  # deal 4, tile 2: A 18
    deal(s, 1, 2, 3)                  # deal 5, tile 3: B 12
    deal(s, 2, 2, 3)                  # deal 6, tile 3: C 18
    assert s.state.phase == "play"    # no roll before tile 4
    deal(s, 0, 5, 4)                  # deal 7, tile 4: A 38
    assert s.state.phase == "end_roll"
    roll(s, 4)                        # total 4 < 6
    assert s.state.phase == "play"
    deal(s, 1, 3, 4)                  # deal 8, tile 5: B 24
    roll(s, 2)                        # total 6: the game ends
    assert s.state.phase == "end" and money(s) == [38, 24, 18] and s.state.roll_total == 6
    assert GAME.winners(s.state) == [0]


def test_golden_less_cutthroat_split() -> None:
    s = table("A", "B", "C", "D", less_cutthroat=True)
    deal(s, 0, 5, 2, {3: 1}, partners=[1, 2])   # 10 split three ways: B 3, C 3, A 4; A pays D 1 -> A 3
    assert money(s) == [3, 3, 3, 1]
    assert s.state.history[0]["partner_part"] == 3 and s.state.history[0]["boss_net"] == 3


# ----- refused entries ------------------------------------------------------------

def test_refuse_share_value_too_low_and_too_high() -> None:
    s = table("A", "B", "C")
    err = refused(s, Action.make("deal", 0, shares=2, value=1))
    assert (err.code, err.rule, err.params) == ("share_value_too_low", "im_the_boss.board.deal-tiles",
                                                {"tile": 1, "low": 2, "value": 1})
    err = refused(s, Action.make("deal", 0, shares=2, value=3))
    assert (err.code, err.params) == ("share_value_too_high", {"tile": 1, "high": 2, "value": 3})
    deal(s, 0, 2, 2)
    deal(s, 1, 2, 4)
    err = refused(s, Action.make("deal", 2, shares=2, value=3))      # values never fall
    assert (err.code, err.params) == ("share_value_too_low", {"tile": 3, "low": 4, "value": 3})


def test_refuse_payments_mismatch() -> None:
    s = table("A", "B", "C")
    err = refused(s, Action.make("deal", 0, shares=2, value=2, payees=[1, 2], amounts=[1]))
    assert (err.code, err.rule, err.params) == ("payments_mismatch", "im_the_boss.closing.payments",
                                                {"payees": 2, "amounts": 1})


def test_refuse_boss_paying_self() -> None:
    s = table("A", "B", "C")
    err = refused(s, Action.make("deal", 0, shares=2, value=2, payees=[0], amounts=[1]))
    assert (err.code, err.params) == ("boss_pays_self", {"player": 0})


def test_refuse_payee_listed_twice() -> None:
    s = table("A", "B", "C")
    err = refused(s, Action.make("deal", 0, shares=2, value=2, payees=[1, 1], amounts=[1, 1]))
    assert (err.code, err.params) == ("payee_repeated", {"player": 1})


def test_refuse_promise_boss_cannot_pay() -> None:
    s = table("A", "B", "C")
    err = refused(s, Action.make("deal", 0, shares=2, value=2, payees=[1], amounts=[5]))   # 0 + 4 < 5
    assert (err.code, err.rule, err.params) == ("boss_cannot_pay", "im_the_boss.app.cannot-pay",
                                                {"player": 0, "owed": 5, "available": 4})
    s.apply(Action.make("correct_money", 0, amount=1))
    deal(s, 0, 2, 2, {1: 5})                                       # 1 + 4 = 5: just enough
    assert money(s) == [0, 5, 0]


def test_refuse_split_without_variant() -> None:
    s = table("A", "B", "C")
    err = refused(s, Action.make("deal", 0, shares=2, value=2, partners=[1]))
    assert (err.code, err.rule) == ("split_needs_variant", "im_the_boss.variants.less-cutthroat")


def test_refuse_out_of_order_entries() -> None:
    s = table("A", "B", "C")
    for k, value in enumerate([2, 2, 2, 3, 3, 3, 4, 4, 4, 4], start=1):
        deal(s, (k - 1) % 3, 2, value)
    assert s.state.phase == "end_roll" and s.state.last_boss == 0
    err = refused(s, Action.make("deal", 1, shares=2, value=5))
    assert err.code == "wrong_phase"
    err = refused(s, Action.make("end_roll", 1, roll=1))
    assert (err.code, err.params["expected_players"]) == ("not_your_turn", [0])
    roll(s, 1)
    assert s.state.phase == "end"
    err = refused(s, Action.make("deal", 1, shares=2, value=5))
    assert err.code == "game_over"


# ----- rules data ---------------------------------------------------------------

ENGINE_CODES = {"share_value_too_low", "share_value_too_high", "share_value_same_tile", "payments_mismatch",
                "boss_pays_self", "payee_repeated", "boss_cannot_pay", "split_needs_variant"}


def test_cited_clauses_and_messages_exist() -> None:
    from companion.games.im_the_boss import game as mod

    rules = {v for k, v in vars(mod).items() if k.startswith("RULE_")} | {m.rule for m in GAME.moves.values()}
    rules |= {c for ids in library.facts(GID)["phase_clauses"].values() for c in ids}
    fmt = string.Formatter()
    en_msgs = library.text(GID, "en")["messages"]
    for lang in LANGS:
        ids = set(library.clause_ids(GID, lang))
        assert rules <= ids, rules - ids
        msgs = library.text(GID, lang)["messages"]
        needed = ENGINE_CODES | {f"phase.{p}" for p in ("play", "end_roll", "end")} | {f"action.{m}" for m in GAME.moves}
        assert needed <= set(msgs), needed - set(msgs)
        assert set(msgs) == set(en_msgs)
        for key, text in msgs.items():
            assert {f for _, f, _, _ in fmt.parse(text) if f} == {f for _, f, _, _ in fmt.parse(en_msgs[key]) if f}
    assert library.game_name(GID, "zh_Hans") == "我是大老板" and library.game_name(GID, "zh_Hant") == "我是大老闆"


# ----- generic properties ---------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_random_playout(seed: int) -> None:
    rng = random.Random(seed)
    n = 3 + seed % 4
    options = {"short": seed % 2 == 1, "less_cutthroat": seed % 3 == 0}
    s = table(*string.ascii_uppercase[:n], **options)
    for _ in range(200):
        legal = GAME.legal_actions(s.state)
        if not legal:
            break
        for action in legal:
            GAME.apply(s.state, action)      # every listed action is accepted
        s.apply(rng.choice(legal))
    assert GAME.is_over(s.state) and GAME.legal_actions(s.state) == []
    assert sum(s.state.money) == sum(h["payout"] for h in s.state.history)
    assert Session.replay(GAME, s.setup, s.log).state == s.state
    assert GAME.clone(s.state) == s.state
