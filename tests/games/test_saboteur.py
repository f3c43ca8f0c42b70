"""Saboteur score sheet: dealing tables, gold sharing worked out by hand, refusals."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Action, Session
from companion.games.saboteur import GAME
from companion.games.saboteur import facts as helpers
from companion.rules import library
from games.refereeing import play_out, refused, transcript_results

A = Action.make
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def table(n):
    return Session(GAME, GAME.setup(NAMES[:n]))


# ----- dealing tables against the rulebook ---------------------------------------
def test_dwarf_cards_by_player_count():
    # the rulebook's table: saboteurs / miners for 3..9 players; 10 players use all 4 + 7
    expected = {3: (1, 3), 4: (1, 4), 5: (2, 4), 6: (2, 5), 7: (3, 5), 8: (3, 6), 9: (3, 7), 10: (4, 7)}
    assert {n: helpers.role_cards(n) for n in range(3, 11)} == expected
    f = library.facts("saboteur")["components"]
    assert helpers.role_cards(10) == (f["saboteur_cards"], f["miner_cards"])


def test_one_dwarf_card_is_always_left_out():
    # so the number of saboteurs in play can be one less than the saboteur cards
    assert {n: helpers.saboteur_range(n) for n in range(3, 11)} == {
        3: (0, 1), 4: (0, 1), 5: (1, 2), 6: (1, 2), 7: (2, 3), 8: (2, 3), 9: (2, 3), 10: (3, 4)}


def test_hand_sizes():
    # 3-5 players: 6 cards; 6-7: 5; 8-10: 4
    assert [helpers.hand_size(n) for n in range(3, 11)] == [6, 6, 6, 5, 5, 4, 4, 4]


def test_components_add_up():
    f = library.facts("saboteur")
    c = f["components"]
    assert c["saboteur_cards"] + c["miner_cards"] + c["action_cards"] + c["gold_cards"] + c["path_cards"] == c["cards"] == 110
    assert sum(f["gold_card_values"].values()) == c["gold_cards"]
    assert sum(int(v) * k for v, k in f["gold_card_values"].items()) == f["gold_nuggets_total"]
    assert f["tunnel_cards"] + f["special_path_cards"]["start"] + f["special_path_cards"]["goal"] == c["path_cards"]
    assert sum(f["action_card_kinds"].values()) == c["action_cards"]


def test_gold_drawn_and_saboteur_shares():
    assert [helpers.gold_cards_drawn(n) for n in range(3, 11)] == [3, 4, 5, 6, 7, 8, 9, 9]  # 10 players: 9
    # 1 saboteur: 4; 2 or 3 saboteurs: 3 each; 4 saboteurs: 2 each
    assert [helpers.saboteur_share(k) for k in range(0, 5)] == [0, 4, 3, 3, 2]


def test_pick_order_counterclockwise_skipping_saboteurs():
    # seats run clockwise, so counterclockwise from seat 2 is 2, 1, 0, 4, 3
    assert helpers.pick_order(5, 2, [3]) == [2, 1, 0, 4]
    # the gold reached by a saboteur: start with the nearest miner counterclockwise
    assert helpers.pick_order(5, 3, [3, 0]) == [2, 1, 4]


def test_ways_to_take_and_short_deck():
    assert helpers.ways_to_take({"1": 16, "2": 8, "3": 4}, 4) == [[3, 1], [2, 2], [2, 1, 1], [1, 1, 1, 1]]
    assert helpers.ways_to_take({"1": 1, "2": 0, "3": 4}, 2) == []
    # only a 2 and a 3 left: 4 cannot be made, 3 can
    assert helpers.best_take({"1": 0, "2": 1, "3": 1}, 4) == 3
    assert helpers.best_take({"1": 0, "2": 0, "3": 2}, 2) == 0


# ----- golden game -------------------------------------------------------------------
def test_golden_three_rounds():
    s = table(4)
    # round 1: Cy reaches the gold, Di was the saboteur; 4 cards drawn: 3, 2, 1, 1
    s.apply(A("gold_found", 2))
    s.apply(A("reveal_roles", saboteurs=[3]))
    s.apply(A("gold_drawn", cards=[1, 3, 1, 2]))
    assert s.state.order == [2, 1, 0]  # Cy, Bo, Ann (Di skipped)
    s.apply(A("pick", 2, value=3))
    s.apply(A("pick", 1, value=2))
    s.apply(A("pick", 0, value=1))
    s.apply(A("pick", 2, value=1))  # round the miners again: Cy takes the last card
    # Ann 1, Bo 2, Cy 3+1 = 4, Di 0; deck 16-2 ones, 8-1 twos, 4-1 threes
    assert s.state.gold == [1, 2, 4, 0] and s.state.deck == {"1": 14, "2": 7, "3": 3}
    assert (s.state.round, s.state.phase) == (2, "play")
    # round 2: the saboteurs hold out; one saboteur (Ann) takes 4 nuggets as a 3 and a 1
    s.apply(A("gold_not_found"))
    s.apply(A("reveal_roles", saboteurs=[0]))
    assert GAME.prompt(s.state)["params"]["amount"] == 4
    s.apply(A("take_gold", 0, cards=[3, 1]))
    assert s.state.gold == [5, 2, 4, 0] and s.state.deck == {"1": 13, "2": 7, "3": 2}
    # round 3: Ann finds the gold and nobody got a saboteur card; order Ann, Di, Cy, Bo
    s.apply(A("gold_found", 0))
    s.apply(A("reveal_roles", saboteurs=[]))
    assert s.state.order == [0, 3, 2, 1]
    s.apply(A("gold_drawn", cards=[2, 2, 1, 1]))
    for seat, value in ((0, 2), (3, 2), (2, 1), (1, 1)):
        s.apply(A("pick", seat, value=value))
    # Ann 5+2 = 7, Bo 2+1 = 3, Cy 4+1 = 5, Di 0+2 = 2
    assert GAME.is_over(s.state)
    assert GAME.scores(s.state) == [7.0, 3.0, 5.0, 2.0]
    assert GAME.winners(s.state) == [0]
    assert s.state.deck == {"1": 11, "2": 5, "3": 2}
    assert [h["gained"] for h in GAME.view(s.state)["history"]] == [[1, 2, 4, 0], [4, 0, 0, 0], [2, 1, 1, 2]]
    assert GAME.legal_actions(s.state) == []


@pytest.mark.parametrize("players,saboteurs,each", [
    (3, [1], 4),            # 1 saboteur: 4 nuggets
    (5, [0, 4], 3),         # 2 saboteurs: 3 each
    (7, [1, 3, 5], 3),      # 3 saboteurs: 3 each
    (10, [0, 2, 4, 6], 2),  # 4 saboteurs (only with 10 players): 2 each
])
def test_saboteur_split(players, saboteurs, each):
    s = table(players)
    s.apply(A("gold_not_found"))
    s.apply(A("reveal_roles", saboteurs=saboteurs))
    for seat in saboteurs:
        assert GAME.active_players(s.state) == {seat}
        s.apply(A("take_gold", seat, cards=[1] * each))
    assert s.state.gold == [each if i in saboteurs else 0 for i in range(players)]
    assert s.state.deck["1"] == 16 - each * len(saboteurs)
    assert (s.state.round, s.state.phase) == (2, "play")


def test_no_saboteur_and_no_gold_means_nobody_scores():
    s = table(4)
    s.apply(A("gold_not_found"))
    s.apply(A("reveal_roles", saboteurs=[]))
    assert s.state.gold == [0, 0, 0, 0] and (s.state.round, s.state.phase) == (2, "play")


def test_ten_players_draw_only_nine_cards():
    s = table(10)
    s.apply(A("gold_found", 5))
    s.apply(A("reveal_roles", saboteurs=[0, 1, 2]))
    err = refused(s, A("gold_drawn", cards=[1] * 10))
    assert (err.code, err.rule, err.params) == ("wrong_gold_count", "saboteur.scoring.miners", {"expected": 9})
    s.apply(A("gold_drawn", cards=[1] * 9))
    # seven miners counterclockwise from Flo (5): 5, 4, 3, 9, 8, 7, 6; then 5 and 4 take the last two
    assert s.state.order == [5, 4, 3, 9, 8, 7, 6]
    for seat in [5, 4, 3, 9, 8, 7, 6, 5, 4]:
        s.apply(A("pick", seat, value=1))
    assert s.state.gold == [0, 0, 0, 1, 2, 2, 1, 1, 1, 1]


def test_tie_is_shared():
    s = table(3)
    for _ in range(3):
        s.apply(A("gold_not_found"))
        s.apply(A("reveal_roles", saboteurs=[]))
    assert GAME.winners(s.state) == [0, 1, 2]
    s2 = table(3)
    for finder in (0, 1, 2):
        s2.apply(A("gold_found", finder))
        s2.apply(A("reveal_roles", saboteurs=[]))
        s2.apply(A("gold_drawn", cards=[2, 1, 1]))
        while s2.state.phase == "pick":
            seat = sorted(GAME.active_players(s2.state))[0]
            s2.apply(A("pick", seat, value=max(s2.state.pool)))
    # each finder takes the 2: everyone ends with 2 + 1 + 1 = 4
    assert s2.state.gold == [4, 4, 4] and GAME.winners(s2.state) == [0, 1, 2]


def test_gold_stays_hidden_until_the_end():
    s = table(3)
    s.apply(A("gold_not_found"))
    s.apply(A("reveal_roles", saboteurs=[2]))
    s.apply(A("take_gold", 2, cards=[2, 2]))
    assert [p["gold"] for p in GAME.view(s.state)["players"]] == [None, None, None]
    assert [p["gold"] for p in GAME.view(s.state, reveal=True)["players"]] == [0, 0, 4]


def test_correction_sets_a_total():
    s = table(3)
    s.apply(A("correct_gold", seat=1, gold=5))
    assert s.state.gold == [0, 5, 0]


# ----- one test per refusal -------------------------------------------------------------
def test_refuse_duplicate_saboteur():
    s = table(5)
    s.apply(A("gold_not_found"))
    err = refused(s, A("reveal_roles", saboteurs=[1, 1]))
    assert (err.code, err.rule, err.params) == ("duplicate_seat", "saboteur.scoring.reveal", {"player": 1})


def test_refuse_more_saboteurs_than_cards():
    s = table(4)
    s.apply(A("gold_found", 0))
    err = refused(s, A("reveal_roles", saboteurs=[1, 2]))
    assert (err.code, err.rule, err.params) == ("too_many_saboteurs", "saboteur.setup.roles", {"count": 4, "max": 1})


def test_refuse_fewer_saboteurs_than_possible():
    s = table(7)  # 5 miner cards for 7 players: at least 2 saboteurs
    s.apply(A("gold_found", 0))
    err = refused(s, A("reveal_roles", saboteurs=[3]))
    assert (err.code, err.rule, err.params) == ("too_few_saboteurs", "saboteur.setup.roles",
                                                {"count": 7, "miners": 5, "min": 2})


def test_refuse_gold_the_deck_does_not_have():
    s = table(5)
    s.apply(A("gold_found", 0))
    s.apply(A("reveal_roles", saboteurs=[4]))
    err = refused(s, A("gold_drawn", cards=[3, 3, 3, 3, 3]))  # only 4 three-nugget cards exist
    assert (err.code, err.rule, err.params) == ("gold_not_in_deck", "saboteur.components.gold-cards", {"value": 3})


def test_refuse_pick_not_drawn():
    s = table(3)
    s.apply(A("gold_found", 0))
    s.apply(A("reveal_roles", saboteurs=[]))
    s.apply(A("gold_drawn", cards=[1, 1, 2]))
    err = refused(s, A("pick", 0, value=3))
    assert (err.code, err.rule, err.params) == ("gold_not_in_pool", "saboteur.scoring.pick-order", {"value": 3})
    assert refused(s, A("pick", 1, value=2)).code == "not_your_turn"


def test_refuse_wrong_saboteur_amount():
    s = table(5)
    s.apply(A("gold_not_found"))
    s.apply(A("reveal_roles", saboteurs=[0, 3]))
    err = refused(s, A("take_gold", 0, cards=[3, 1]))
    assert (err.code, err.rule, err.params) == ("gold_sum", "saboteur.scoring.exact-gold", {"expected": 3})


def test_refuse_entries_in_the_wrong_phase():
    s = table(3)
    err = refused(s, A("reveal_roles", saboteurs=[]))
    assert (err.code, err.rule) == ("wrong_phase", "saboteur.scoring.reveal")
    s.apply(A("gold_not_found"))
    assert refused(s, A("gold_found", 1)).code == "wrong_phase"


# ----- clauses, messages, transcript ----------------------------------------------------
# What every game's rules files and cited clauses, codes and labels must satisfy is checked in
# tests/test_rules_data.py and tests/test_registry_playouts.py; here only what those cannot see.
def test_phase_prompts_exist_in_three_languages():
    for lang in ("en", "zh_Hans", "zh_Hant"):
        messages = library.text("saboteur", lang)["messages"]
        for phase in helpers.fact("phase_clauses"):
            assert f"phase.{phase}" in messages


def test_role_table_in_the_rules_text():
    table = library.clause("saboteur.setup.roles", "en")["table"]
    assert table["rows"][0] == ["3", "1", "3"] and table["rows"][-1] == ["10", "4", "7"]


def test_transcript_examples_replay():
    results = transcript_results("saboteur")
    assert all(result["finished"] for result in results)
    result = results[-1]
    # by hand: round 1 Bo 3+1, Ann 2, Di 1, Cy 1; round 2 Ann and Di +3; round 3 Bo and Ed +3
    assert [p["gold"] for p in result["players"]] == [2 + 3, 4 + 3, 1, 1 + 3, 3]
    assert result["winners"] == ["Bo"]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=3, max_value=10))
def test_random_playouts_end_and_replay(seed, n):
    session = Session(GAME, GAME.setup(NAMES[:n]))
    play_out(session, random.Random(seed), 200)
    # nuggets handed out = nuggets gone from the gold deck
    full = sum(int(v) * k for v, k in helpers.full_gold_deck().items())
    assert sum(session.state.gold) == full - sum(int(v) * k for v, k in session.state.deck.items())
    json.dumps(GAME.view(session.state))


def test_gold_corrections_bounded_across_players():
    # Rulebook (seed 001 Saboteur, components): 16 cards of 1, 8 of 2 and 4 of 3 nuggets —
    # 16 + 16 + 12 = 44 nuggets in the game.  Two players with 30 each cannot both be right.
    s = table(4)
    s.apply(A("correct_gold", seat=0, gold=30))
    err = refused(s, A("correct_gold", seat=1, gold=15))
    assert (err.code, err.rule, err.params) == ("gold_over_box", "saboteur.end.corrections", {"total": 44})
    s.apply(A("correct_gold", seat=1, gold=14))
    assert s.state.gold[:2] == [30, 14]
