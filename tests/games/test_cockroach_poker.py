"""Cockroach Poker score sheet: setup table, golden games worked out by hand,
one test per refused entry, and the generic playout properties."""

from __future__ import annotations

import random
import string

import pytest

from companion.core import Action, Session
from companion.games.cockroach_poker import GAME, deal, losing_reason, taker
from companion.rules import library
from refusal import refused

GID = "cockroach_poker"
LANGS = ("en", "zh_Hans", "zh_Hant")


def table(*names: str) -> Session:
    return Session(GAME, GAME.setup(list(names)))


def call(s: Session, caller: int, claim: str, card: str, answer: str, passers: list[int] | None = None) -> None:
    args = {"claim": claim, "card": card, "answer": answer}
    if passers is not None:
        args["passers"] = passers
    s.apply(Action.make("call", caller, **args))




# ----- setup table (rulebook: 64 cards dealt evenly, the remainder put aside) ----

@pytest.mark.parametrize("n, hand, aside", [
    (2, 32, 0),   # 64 = 2*32
    (3, 21, 1),   # 64 = 3*21 + 1
    (4, 16, 0),   # 64 = 4*16
    (5, 12, 4),   # 64 = 5*12 + 4
    (6, 10, 4),   # 64 = 6*10 + 4
])
def test_deal_table(n: int, hand: int, aside: int) -> None:
    assert deal(n) == {"hand": hand, "aside": aside}
    s = table(*string.ascii_uppercase[:n])
    assert s.state.hands == [hand] * n
    assert GAME.view(s.state)["setup"] == {"players": n, "hand": hand, "aside": aside}


def test_player_count_limits() -> None:
    assert GAME.validate_setup(["A"])[0].code == "player_count"
    assert GAME.validate_setup(list("ABCDEFG"))[0].code == "player_count"
    assert GAME.validate_setup(list("AB")) == []


# ----- pure rules ---------------------------------------------------------------

def test_taker_truth_table() -> None:
    # passer 0, caller 1
    assert taker(0, 1, "rat", "rat", "true") == 0      # true claim, said true: right -> passer
    assert taker(0, 1, "rat", "rat", "false") == 1     # true claim, said false: wrong -> caller
    assert taker(0, 1, "fly", "rat", "false") == 0     # lie, said false: right -> passer
    assert taker(0, 1, "fly", "rat", "true") == 1      # lie, said true: wrong -> caller


def test_losing_reason() -> None:
    assert losing_reason([3, 1, 1, 1, 1, 1, 1, 0]) is None
    assert losing_reason([4, 0, 0, 0, 0, 0, 0, 0]) == "same_kind"
    assert losing_reason([1, 1, 1, 1, 1, 1, 1, 1]) == "all_kinds"


# ----- golden games ---------------------------------------------------------------

def test_golden_four_of_a_kind() -> None:
    s = table("A", "B", "C")                       # 21 cards each, 1 aside
    s.apply(Action.make("start", 0))
    call(s, 1, "rat", "rat", "false")              # r1 A->B, true claim, B wrong: B takes rat
    call(s, 2, "fly", "bat", "false")              # r2 B->C, lie, C right: B takes bat
    call(s, 2, "spider", "spider", "true", [0])    # r3 B->A, A looks, ->C; C right: A takes spider
    call(s, 2, "rat", "rat", "false")              # r4 A->C, C wrong: C takes rat
    call(s, 1, "rat", "rat", "false")              # r5 C->B, B wrong: B takes rat
    call(s, 2, "cockroach", "rat", "true")         # r6 B->C, lie, C wrong: C takes rat
    call(s, 0, "rat", "rat", "true")               # r7 C->A, A right: C takes rat (3 rats)
    call(s, 0, "rat", "rat", "false", [1])         # r8 C->B, B looks, ->A; A wrong: A takes rat
    assert s.state.phase == "play" and s.state.starter == 0
    call(s, 2, "bat", "rat", "true")               # r9 A->C, lie, C wrong: C takes 4th rat
    st = s.state
    assert st.phase == "end" and st.loser == 2 and st.end_reason == "same_kind"
    # starters: A r1,r4,r9; B r2,r3,r6; C r5,r7,r8 -> 21-3 = 18 each
    assert st.hands == [18, 18, 18]
    view = GAME.view(st)
    assert view["players"][0]["penalties"]["spider"] == 1 and view["players"][0]["penalties"]["rat"] == 1
    assert view["players"][1]["penalties"] == {**{c: 0 for c in view["creatures"]}, "rat": 2, "bat": 1}
    assert view["players"][2]["penalties"]["rat"] == 4
    assert GAME.winners(st) == [0, 1]
    assert GAME.scores(st) == [2.0, 3.0, 4.0]      # face-up cards: A 2, B 3, C 4
    assert GAME.legal_actions(st) == []
    assert GAME.prompt(st) == {"code": "phase.end", "players": [], "params": {"player": 2}}


def test_golden_one_of_each_kind() -> None:
    s = table("A", "B")                            # 32 each
    s.apply(Action.make("correct_hand", 0, count=25))
    for creature in ("cockroach", "stinkbug", "spider", "toad", "bat", "rat", "fly"):
        s.apply(Action.make("correct_penalty", 0, creature=creature, count=1))
    s.apply(Action.make("start", 1))
    assert s.state.phase == "play"
    call(s, 0, "rat", "scorpion", "true")          # B->A, lie, A wrong: A takes scorpion = 8th kind
    assert s.state.phase == "end" and s.state.loser == 0 and s.state.end_reason == "all_kinds"
    assert s.state.hands == [25, 31]
    assert GAME.winners(s.state) == [1]


def test_golden_empty_hand() -> None:
    s = table("A", "B", "C", "D")                  # 16 each
    s.apply(Action.make("start", 0))
    s.apply(Action.make("correct_hand", 0, count=1))
    call(s, 3, "toad", "toad", "false")            # A->D, D wrong: D takes; D starts next with 16
    assert s.state.phase == "play" and s.state.starter == 3 and s.state.hands[0] == 0
    call(s, 0, "fly", "bat", "false")              # D->A, lie, A right: D takes... D still holds 15
    assert s.state.starter == 3 and s.state.hands[3] == 15
    s.apply(Action.make("correct_starter", 1))
    s.apply(Action.make("correct_hand", 1, count=1))
    call(s, 2, "bat", "bat", "true")               # B->C, C right: B takes and must start with 0 cards
    st = s.state
    assert st.phase == "end" and st.loser == 1 and st.end_reason == "empty_hand"
    assert GAME.winners(st) == [0, 2, 3]


def test_correction_reopens_finished_game() -> None:
    s = table("A", "B")
    s.apply(Action.make("start", 0))
    s.apply(Action.make("correct_hand", 1, count=28))
    s.apply(Action.make("correct_penalty", 1, creature="fly", count=4))
    assert s.state.phase == "end" and s.state.loser == 1
    s.apply(Action.make("correct_penalty", 1, creature="fly", count=3))
    assert s.state.phase == "play" and s.state.loser is None
    s.undo()
    assert s.state.phase == "end"


# ----- refused entries ------------------------------------------------------------

def test_refuse_answer_by_starter() -> None:
    s = table("A", "B", "C")
    s.apply(Action.make("start", 0))
    err = refused(s, Action.make("call", 0, claim="rat", card="rat", answer="true"))
    assert (err.code, err.rule, err.params) == ("card_already_seen", "cockroach_poker.round.no-return", {"player": 0})


def test_refuse_answer_by_player_who_looked() -> None:
    s = table("A", "B", "C")
    s.apply(Action.make("start", 0))
    err = refused(s, Action.make("call", 1, claim="rat", card="rat", answer="true", passers=[1]))
    assert (err.code, err.params) == ("card_already_seen", {"player": 1})


def test_refuse_chain_repeats_a_player() -> None:
    s = table("A", "B", "C", "D")
    s.apply(Action.make("start", 0))
    err = refused(s, Action.make("call", 3, claim="rat", card="rat", answer="true", passers=[1, 0]))
    assert (err.code, err.rule, err.params) == ("passer_repeated", "cockroach_poker.round.no-return", {"player": 0})
    err = refused(s, Action.make("call", 3, claim="rat", card="rat", answer="true", passers=[1, 1]))
    assert err.code == "passer_repeated"


def test_refuse_ninth_card_of_a_creature() -> None:
    s = table("A", "B", "C")
    s.apply(Action.make("start", 0))
    s.apply(Action.make("correct_hand", 0, count=13))  # 13+21+21 + 8 rats = 63 = 63 dealt
    for seat, count in ((0, 3), (1, 3), (2, 2)):    # 8 rats face up
        s.apply(Action.make("correct_penalty", seat, creature="rat", count=count))
    err = refused(s, Action.make("call", 1, claim="rat", card="rat", answer="true"))
    assert (err.code, err.rule, err.params) == ("creature_exhausted", "cockroach_poker.components.cards", {"count": 8})
    err = refused(s, Action.make("correct_penalty", 2, creature="rat", count=3))
    assert err.code == "creature_exhausted"


def test_refuse_more_cards_than_dealt() -> None:
    s = table("A", "B", "C")                        # 63 dealt
    err = refused(s, Action.make("correct_hand", 0, count=22))
    assert (err.code, err.rule, err.params) == ("cards_exceed_deal", "cockroach_poker.setup.deal", {"total": 64, "dealt": 63})
    err = refused(s, Action.make("correct_penalty", 0, creature="bat", count=1))
    assert err.code == "cards_exceed_deal"


def test_refuse_round_before_start_and_after_end() -> None:
    s = table("A", "B")
    err = refused(s, Action.make("call", 1, claim="rat", card="rat", answer="true"))
    assert err.code == "wrong_phase" and err.rule == "cockroach_poker.round.reveal"
    s.apply(Action.make("start", 0))
    err = refused(s, Action.make("start", 1))
    assert err.code == "wrong_phase"
    s.apply(Action.make("correct_hand", 1, count=28))
    s.apply(Action.make("correct_penalty", 1, creature="fly", count=4))
    err = refused(s, Action.make("call", 0, claim="rat", card="rat", answer="true"))
    assert err.code == "game_over"


# ----- rules data ---------------------------------------------------------------

ENGINE_CODES = {"card_already_seen", "passer_repeated", "creature_exhausted", "cards_exceed_deal"}


def test_cited_clauses_and_messages_exist() -> None:
    from companion.games.cockroach_poker import game as mod

    rules = {v for k, v in vars(mod).items() if k.startswith("RULE_")} | {m.rule for m in GAME.moves.values()}
    rules |= {c for ids in library.facts(GID)["phase_clauses"].values() for c in ids}
    fmt = string.Formatter()
    for lang in LANGS:
        ids = set(library.clause_ids(GID, lang))
        assert rules <= ids, rules - ids
        msgs = library.text(GID, lang)["messages"]
        needed = ENGINE_CODES | {f"phase.{p}" for p in ("start", "play", "end")} | {f"action.{m}" for m in GAME.moves}
        assert needed <= set(msgs), needed - set(msgs)
        for key, text in msgs.items():
            en = {f for _, f, _, _ in fmt.parse(library.text(GID, "en")["messages"][key]) if f}
            assert {f for _, f, _, _ in fmt.parse(text) if f} == en, (lang, key)
    assert library.game_name(GID, "zh_Hans") == "德国蟑螂" and library.game_name(GID, "zh_Hant") == "德國蟑螂"


# ----- generic properties ---------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_random_playout(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 + seed % 5
    s = table(*string.ascii_uppercase[:n])
    for _ in range(400):
        legal = GAME.legal_actions(s.state)
        if not legal:
            break
        s.apply(rng.choice(legal))
    assert GAME.is_over(s.state) and GAME.legal_actions(s.state) == []
    assert len(GAME.winners(s.state)) == n - 1
    replay = Session.replay(GAME, s.setup, s.log)
    assert replay.state == s.state
    assert GAME.clone(s.state) == s.state
    # every listed action is accepted at some midway position
    mid = Session.replay(GAME, s.setup, s.log, cursor=len(s.log) // 2)
    for action in GAME.legal_actions(mid.state)[:60]:
        GAME.apply(mid.state, action)
