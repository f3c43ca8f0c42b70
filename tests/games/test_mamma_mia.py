"""Mamma Mia score sheet: removal table, pile evaluation worked out by hand, refusals."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Action, Session
from companion.games.mamma_mia import GAME
from companion.games.mamma_mia import facts as helpers
from companion.rules import library
from games.refereeing import play_out, refused, transcript_results

A = Action.make
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def table(n=3, chef=0):
    s = Session(GAME, GAME.setup(NAMES[:n]))
    s.apply(A("evaluate", chef))
    return s


# ----- setup against the rulebook ---------------------------------------------------
def test_removal_table():
    # 4 players: 1 of each ingredient out; 3 players: 3; 2 players: 5; 5 players (our ruling): none
    assert [helpers.removed_per_ingredient(n) for n in (2, 3, 4, 5)] == [5, 3, 1, 0]
    assert [helpers.available_per_ingredient(n) for n in (2, 3, 4, 5)] == [13 - 5, 13 - 3, 13 - 1, 13]


def test_deck_and_deal():
    # five kinds of 13 plus the Mamma card: the 66 cards the rulebook counts
    assert helpers.setup_summary(5)["ingredient_deck"] == 5 * 13 + 1 == 66
    assert helpers.setup_summary(2)["ingredient_deck"] == 5 * 8 + 1
    summary = helpers.setup_summary(3)
    assert summary["deal_ingredients"] + summary["deal_orders"] == summary["hand_size"] == 7
    f = library.facts("mamma_mia")
    assert f["orders_per_player"] * f["players"]["max"] == f["order_cards"] == 40
    assert len(f["ingredients"]) == 5


def test_scarcest_helper():
    heaps = {"salami": 0, "olive": 2, "pineapple": 2, "mushroom": 1, "pepper": 4}
    assert helpers.scarcest(heaps, "pepper") == ["mushroom"]
    # setting the shown olive aside leaves 1 olive: tied with mushroom
    assert helpers.scarcest(heaps, "olive") == ["olive", "mushroom"]
    assert helpers.scarcest({"salami": 1, "olive": 0, "pineapple": 0, "mushroom": 0, "pepper": 0}, "salami") == []


# ----- golden game --------------------------------------------------------------------
def test_golden_three_rounds_with_tie_break():
    s = Session(GAME, GAME.setup(["Ann", "Bo", "Cy"]))  # 10 cards of each ingredient
    # round 1: Bo holds the Mamma card
    s.apply(A("evaluate", 1))
    s.apply(A("ingredients", kind="salami", count=2))
    s.apply(A("ingredients", kind="olive", count=1))
    s.apply(A("order", 0, salami=2, olive=1))  # Ann's order made: heaps empty again
    assert s.state.completed == [1, 0, 0] and sum(s.state.heaps.values()) == 0
    s.apply(A("ingredients", kind="mushroom", count=3))
    s.apply(A("order", 2, mushroom=2, pepper=1))  # one pepper short
    assert s.state.phase == "short" and s.state.pending["missing"] == {"pepper": 1}
    s.apply(A("fill", 2, pepper=1))  # Cy adds the pepper from her hand: 3-2 = 1 mushroom left
    s.apply(A("ingredients", kind="pineapple", count=2))
    s.apply(A("order", 1, pineapple=3))  # Bo cannot make up the third pineapple
    s.apply(A("order_fails", 1))
    s.apply(A("end_evaluation"))
    assert s.state.completed == [1, 0, 1]
    assert s.state.heaps == {"salami": 0, "olive": 0, "pineapple": 2, "mushroom": 1, "pepper": 0}
    # round 2: Cy is the chef; the leftovers (1 mushroom, 2 pineapple) are at the bottom of the pile
    s.apply(A("evaluate", 2))
    s.apply(A("ingredients", kind="salami", count=4))
    s.apply(A("ingredients", kind="olive", count=3))
    # Bo's one-plus-six: 1 olive + 6 salami; 2 salami short, added from the hand
    s.apply(A("special", 1, pizza="one_plus_six", shown="olive", other="salami"))
    assert s.state.pending["missing"] == {"salami": 2}
    s.apply(A("fill", 1, salami=2))
    assert s.state.heaps == {"salami": 0, "olive": 2, "pineapple": 2, "mushroom": 1, "pepper": 0}
    # Ann's super mini with olive shown: olive aside leaves olive 1, mushroom 1, pineapple 2
    err = refused(s, A("special", 0, pizza="mini", shown="olive", other="pineapple"))
    assert (err.code, err.rule) == ("not_scarcest", "mamma_mia.specials.mini-scarcest")
    s.apply(A("special", 0, pizza="mini", shown="olive", other="mushroom"))  # needs 3 mushrooms: 2 short
    assert s.state.pending["missing"] == {"mushroom": 2}
    s.apply(A("order_fails", 0))
    s.apply(A("ingredients", kind="pepper", count=5))
    # Cy's super deluxe: 2 olive + 2 pineapple + 1 mushroom + 5 pepper = 10 < 15, 5 short
    s.apply(A("special", 2, pizza="deluxe"))
    assert s.state.pending["missing"] == {"any": 5}
    # salami: 4 played + 2 added = 6 in this pile; 5 more would be 11 of the 10 in the game
    err = refused(s, A("fill", 2, salami=5))
    assert (err.code, err.params) == ("too_many_ingredients", {"available": 10, "count": 11})
    s.apply(A("fill", 2, pineapple=3, olive=2))
    assert sum(s.state.heaps.values()) == 0  # the deluxe pizza takes everything
    s.apply(A("end_evaluation"))
    assert s.state.completed == [1, 1, 2]
    assert s.state.history[1]["orders"] == [0, 1, 1]
    # round 3: Cy again
    s.apply(A("evaluate", 2))
    s.apply(A("ingredients", kind="mushroom", count=4))
    s.apply(A("order", 0, mushroom=2))
    s.apply(A("order", 1, mushroom=2))
    s.apply(A("order", 2, pepper=1))
    s.apply(A("order_fails", 2))
    s.apply(A("end_evaluation"))
    # 2 orders each: tie-break on cards in hand
    assert s.state.completed == [2, 2, 2] and s.state.phase == "tiebreak"
    assert GAME.active_players(s.state) == {0, 1, 2}
    s.apply(A("hand", 0, cards=5))
    s.apply(A("hand", 1, cards=7))
    s.apply(A("hand", 2, cards=7))
    # Bo and Cy both hold 7: shared victory (our ruling)
    assert GAME.is_over(s.state) and GAME.winners(s.state) == [1, 2]
    assert GAME.scores(s.state) == [2.0, 2.0, 2.0]
    assert GAME.legal_actions(s.state) == []


def test_clear_winner_needs_no_tie_break():
    s = table(2)
    s.apply(A("ingredients", kind="olive", count=2))
    s.apply(A("order", 1, olive=2))
    for _ in range(3):
        s.apply(A("end_evaluation"))
        if s.state.phase == "play":
            s.apply(A("evaluate", 0))
    assert GAME.winners(s.state) == [1] and s.state.phase == "end"


def test_tie_break_on_hand_cards():
    s = table(2)
    s.apply(A("ingredients", kind="olive", count=2))
    s.apply(A("order", 0, olive=1))
    s.apply(A("order", 1, olive=1))
    for _ in range(3):
        s.apply(A("end_evaluation"))
        if s.state.phase == "play":
            s.apply(A("evaluate", 0))
    s.apply(A("hand", 1, cards=4))
    s.apply(A("hand", 0, cards=6))
    assert GAME.winners(s.state) == [0]


def test_leftovers_count_toward_the_card_limit_next_round():
    s = table(2)  # 8 cards of each ingredient
    s.apply(A("ingredients", kind="salami", count=6))
    s.apply(A("end_evaluation"))
    s.apply(A("evaluate", 1))
    # 6 salami still lie in the pile: 3 more would make 9 of 8
    err = refused(s, A("ingredients", kind="salami", count=3))
    assert (err.code, err.rule, err.params) == ("too_many_ingredients", "mamma_mia.app.card-limits",
                                                {"available": 8, "count": 9})
    s.apply(A("ingredients", kind="salami", count=2))
    s.apply(A("order", 0, salami=8))
    assert s.state.completed == [1, 0]


def test_seven_of_one_kind_is_not_one_plus_six():
    s = table()
    err = refused(s, A("special", 0, pizza="one_plus_six", shown="olive", other="olive"))
    assert (err.code, err.rule) == ("same_kind_twice", "mamma_mia.specials.one-plus-six")


def test_deluxe_with_enough_takes_everything():
    s = table()
    for kind, count in (("salami", 6), ("olive", 5), ("pepper", 6)):
        s.apply(A("ingredients", kind=kind, count=count))
    s.apply(A("special", 1, pizza="deluxe"))  # 17 >= 15: all 17 used
    assert s.state.completed == [0, 1, 0] and sum(s.state.heaps.values()) == 0


def test_mini_takes_exactly_three_of_the_scarcest():
    s = table()
    s.apply(A("ingredients", kind="pepper", count=5))
    s.apply(A("ingredients", kind="salami", count=1))
    s.apply(A("ingredients", kind="olive", count=4))
    # salami shown and set aside: olive 4 is the scarcest (salami now 0)
    s.apply(A("special", 2, pizza="mini", shown="salami", other="olive"))
    assert s.state.heaps == {"salami": 0, "olive": 1, "pineapple": 0, "mushroom": 0, "pepper": 5}


# ----- one test per refusal -------------------------------------------------------------
def test_refuse_too_many_of_an_ingredient():
    s = table(2)
    err = refused(s, A("ingredients", kind="mushroom", count=9))
    assert (err.code, err.params) == ("too_many_ingredients", {"available": 8, "count": 9})


def test_refuse_orders_beyond_the_players_deck():
    s = table(2)
    s.apply(A("end_evaluation"))
    s.apply(A("correct_orders", seat=0, orders=7))
    s.apply(A("evaluate", 0))
    s.apply(A("order", 0, olive=1))  # the one order card Ann has left (it fails: no olives)
    s.apply(A("order_fails", 0))
    err = refused(s, A("order", 0, olive=1))
    assert (err.code, err.rule, err.params) == ("no_orders_left", "mamma_mia.app.card-limits", {"player": 0})


def test_refuse_empty_order():
    err = refused(table(), A("order", 0))
    assert (err.code, err.rule) == ("empty_order", "mamma_mia.evaluation.enough")


def test_refuse_special_without_its_ingredients():
    err = refused(table(), A("special", 0, pizza="mini", shown="olive"))
    assert (err.code, err.rule) == ("special_needs_kinds", "mamma_mia.specials.mini")


def test_refuse_wrong_fill():
    s = table()
    s.apply(A("order", 1, olive=2))
    err = refused(s, A("fill", 1, olive=1))
    assert (err.code, err.rule, err.params) == ("fill_mismatch", "mamma_mia.app.exact-fill", {"missing": 2})
    assert refused(s, A("fill", 1, salami=2)).code == "fill_mismatch"
    assert refused(s, A("fill", 0, olive=2)).code == "not_your_turn"


def test_refuse_a_fill_beyond_the_hand():
    # Rulebook (seed 001 Mamma Mia): a hand holds 7 cards, and a missing ingredient may be
    # made up only from the owner's hand.  Bo's order of 8 olives on an empty pile would need
    # all 8 from his hand: refused.  Two orders of 4 each in one evaluation: the second needs
    # 4 more from a hand that has at most 3 left (7 - 4).
    s = table()
    s.apply(A("order", 1, olive=8))
    err = refused(s, A("fill", 1, olive=8))
    assert (err.code, err.rule, err.params) == ("fill_over_hand", "mamma_mia.evaluation.from-hand",
                                                {"player": 1, "hand": 7, "count": 8})
    s.apply(A("order_fails", 1))
    s.apply(A("order", 1, salami=4))
    s.apply(A("fill", 1, salami=4))
    s.apply(A("order", 1, pepper=4))
    err = refused(s, A("fill", 1, pepper=4))
    assert err.params == {"player": 1, "hand": 7, "count": 8}
    s.apply(A("order_fails", 1))
    s.apply(A("order", 1, pepper=3))
    s.apply(A("fill", 1, pepper=3))                  # 4 + 3 = 7: the whole hand
    assert s.state.completed[1] == 2


def test_refuse_entries_outside_the_evaluation():
    s = Session(GAME, GAME.setup(NAMES[:3]))
    err = refused(s, A("ingredients", kind="olive", count=1))
    assert (err.code, err.rule) == ("wrong_phase", "mamma_mia.evaluation.reveal")


# ----- clauses, messages, transcript -----------------------------------------------------
# What every game's rules files and cited clauses, codes and labels must satisfy is checked in
# tests/test_rules_data.py and tests/test_registry_playouts.py; here only what those cannot see.
def test_special_pizza_clauses_and_phase_prompts_exist_in_three_languages():
    # the engine builds "mamma_mia.specials." + pizza at run time; the prompts are "phase." + phase
    specials = {f"mamma_mia.specials.{p.replace('_', '-')}" for p in ("deluxe", "one_plus_six", "mini")}
    for lang in ("en", "zh_Hans", "zh_Hant"):
        assert specials <= set(library.clause_ids("mamma_mia", lang))
        messages = library.text("mamma_mia", lang)["messages"]
        for phase in helpers.fact("phase_clauses"):
            assert f"phase.{phase}" in messages


def test_removal_table_in_the_rules_text():
    rows = library.clause("mamma_mia.setup.remove", "en")["table"]["rows"]
    assert rows == [["2", "5"], ["3", "3"], ["4", "1"], ["5", "0"]]


def test_transcript_examples_replay():
    results = transcript_results("mamma_mia")
    assert all(result["finished"] for result in results)
    result = results[-1]
    # the document's game, by hand: Ann 1+0+1, Bo 0+1+1, Cy 1+1+0; tie-break Bo 7 > Ann 5, Cy 6
    assert [p["orders"] for p in result["players"]] == [2, 2, 2]
    assert result["winners"] == ["Bo"]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=2, max_value=5))
def test_random_playouts_end_and_replay(seed, n):
    session = Session(GAME, GAME.setup(NAMES[:n]))
    play_out(session, random.Random(seed), 1000)
    assert all(0 <= c <= 8 for c in session.state.completed)
    assert all(0 <= v <= session.state.available for v in session.state.heaps.values())
    json.dumps(GAME.view(session.state))
