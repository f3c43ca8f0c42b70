"""Citadels corrections one district at a time: a city gains a district
(``correct_add_district``) or loses one it holds (``correct_remove_district``), with the
deck's limit and the first complete city handled as ``correct_city`` handles them; every
refusal leaves the table as it was."""

from __future__ import annotations

import pytest

from companion.core import Action, AmbiguousAction, MalformedAction, Session
from companion.games.citadels import GAME
from companion.rules import library
from refusal import refused

NAMES = ["A", "B", "C", "D", "E"]
RULE = "citadels.sheet.corrections"


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table(n: int = 4, **options: object) -> Session:
    return Session(GAME, GAME.setup(NAMES[:n], options))


def add(seat: int, colour: str, cost: int, **points: int) -> Action:
    return A("correct_add_district", seat, colour=colour, cost=cost, **points)


def remove(seat: int, colour: str, cost: int, **points: int) -> Action:
    return A("correct_remove_district", seat, colour=colour, cost=cost, **points)


def test_the_new_moves_are_corrections_by_seat_under_the_corrections_clause() -> None:
    for name in ("correct_add_district", "correct_remove_district"):
        move = GAME.moves[name]
        assert (move.actor, move.correction, move.rule, move.phases) == ("seat", True, RULE, None)
    # the panel lists them before the typed-out city, which stays for transcripts and the CLI
    names = [m.name for m in GAME.moves.values() if m.correction]
    assert names.index("correct_add_district") < names.index("correct_city") == len(names) - 1


def test_a_city_gains_a_district_and_scores_it() -> None:
    s = table()
    s.apply(add(1, "noble", 3))
    s.apply(add(1, "special", 6, points=8))          # a purple district worth more than its cost
    s.apply(add(1, "special", 5))                    # no points: it counts its cost
    assert s.state.cities == [[], [["noble", 3, 3], ["special", 6, 8], ["special", 5, 5]], [], []]
    assert GAME.scores(s.state)[1] == 3 + 8 + 5
    assert GAME.view(s.state)["players"][1]["districts"] == 3


def test_a_city_loses_one_district_of_that_colour_and_cost() -> None:
    s = table()
    s.apply(A("correct_city", 2, districts=[["trade", 2], ["noble", 3], ["trade", 2], ["special", 6, 8]]))
    s.apply(remove(2, "trade", 2))                   # one of the two, not both
    assert s.state.cities[2] == [["noble", 3, 3], ["trade", 2, 2], ["special", 6, 8]]
    s.apply(remove(2, "special", 6))                 # found by colour and cost, whatever it counts
    assert s.state.cities[2] == [["noble", 3, 3], ["trade", 2, 2]]
    assert s.state.cities[0] == s.state.cities[1] == s.state.cities[3] == []


def test_two_purple_districts_of_one_cost_counting_differently_are_told_apart_by_points() -> None:
    """Ben's city: a noble 3, two purple 5s (one counts 8, entered first; one counts its cost)
    and a trade 2: 3 + 8 + 5 + 2 = 18 (three colours, no bonus).  Which purple 5 the table
    means cannot be guessed: without the points the referee asks, naming the points there."""
    s = table()
    s.apply(A("correct_city", 1, districts=[["noble", 3], ["special", 5, 8], ["special", 5], ["trade", 2]]))
    assert GAME.scores(s.state)[1] == 18
    err = refused(s, remove(1, "special", 5), "district_ambiguous", RULE, kind=AmbiguousAction)
    assert err.params == {"player": 1, "cost": 5, "points": [5, 8]}
    assert s.state.cities[1] == [["noble", 3, 3], ["special", 5, 8], ["special", 5, 5], ["trade", 2, 2]]
    # points that neither counts: refused, saying which points are there
    err = refused(s, remove(1, "special", 5, points=7), "no_district_with_points", RULE)
    assert err.params == {"player": 1, "cost": 5, "points": 7, "held": [5, 8]}
    # the one counting its cost, though entered after the other: 18 - 5 = 13
    s.apply(remove(1, "special", 5, points=5))
    assert s.state.cities[1] == [["noble", 3, 3], ["special", 5, 8], ["trade", 2, 2]]
    assert GAME.scores(s.state)[1] == 13
    # one purple 5 left: found by colour and cost alone again; 13 - 8 = 5
    s.apply(remove(1, "special", 5))
    assert s.state.cities[1] == [["noble", 3, 3], ["trade", 2, 2]]
    assert GAME.scores(s.state)[1] == 5


def test_the_purple_district_counting_more_is_removed_when_named() -> None:
    s = table()
    s.apply(A("correct_city", 0, districts=[["special", 6], ["special", 6, 8]]))
    assert GAME.scores(s.state)[0] == 6 + 8
    s.apply(remove(0, "special", 6, points=8))
    assert s.state.cities[0] == [["special", 6, 6]] and GAME.scores(s.state)[0] == 6


def test_districts_of_one_colour_and_cost_counting_the_same_are_removed_without_asking() -> None:
    s = table()
    s.apply(A("correct_city", 3, districts=[["special", 4, 6], ["noble", 1], ["special", 4, 6]]))
    assert GAME.scores(s.state)[3] == 6 + 1 + 6
    s.apply(remove(3, "special", 4))                 # either one: they count the same
    assert s.state.cities[3] == [["noble", 1, 1], ["special", 4, 6]] and GAME.scores(s.state)[3] == 7
    s.apply(remove(3, "noble", 1, points=1))         # points given for any colour: they must match
    assert s.state.cities[3] == [["special", 4, 6]]
    refused(s, remove(3, "special", 4, points=4), "no_district_with_points", RULE)
    refused(s, remove(3, "special", 3, points=6), "no_district_to_remove", RULE)


def test_corrections_are_allowed_in_any_phase_and_after_the_end() -> None:
    s = table()
    s.apply(A("draft_done", face_up=[2, 3]))
    assert s.state.phase == "call"
    s.apply(add(0, "religious", 1))
    s.apply(A("correct_city", 0, districts=[["noble", 1]] * 8))
    for seat in range(4):                            # every character revealed or nobody's
        if s.state.phase == "call":
            s.apply(A("reveal", seat))
            s.apply(A("end_turn", seat))
    while s.state.phase == "call":
        s.apply(A("no_one"))
    assert s.state.phase == "end"
    s.apply(remove(0, "noble", 1))
    s.apply(add(0, "military", 4))
    assert s.state.cities[0][-1] == ["military", 4, 4]


def test_an_added_district_completing_the_first_city_makes_it_first() -> None:
    s = table()                                      # 4 players: the end count is 8
    s.apply(A("correct_city", 3, districts=[["trade", 1]] * 7))
    assert s.state.first_complete is None
    s.apply(add(3, "noble", 4))
    assert s.state.first_complete == 3
    assert GAME.scores(s.state)[3] == 7 + 4 + 4      # districts, +4 for the first complete city
    # a second city completed afterwards scores the others' +2
    s.apply(A("correct_city", 0, districts=[["trade", 1]] * 7))
    s.apply(add(0, "trade", 1))
    assert s.state.first_complete == 3 and GAME.scores(s.state)[0] == 8 + 2


def test_a_removed_district_takes_the_first_city_below_the_count() -> None:
    s = table()
    s.apply(A("correct_city", 1, districts=[["trade", 1]] * 8))
    s.apply(A("correct_city", 2, districts=[["noble", 2]] * 8))
    assert s.state.first_complete == 1
    s.apply(remove(2, "noble", 2))                   # not the first city: nothing changes
    assert s.state.first_complete == 1
    s.apply(remove(1, "trade", 1))                   # the first city is no longer complete
    assert s.state.first_complete is None
    s.apply(add(2, "noble", 2))                      # completes again while none is first
    assert s.state.first_complete == 2


def test_adding_is_bounded_by_the_district_deck() -> None:
    # 16 + 16 + 16 + 17 = 65: every district card is in a city
    s = table(5)
    for seat, size in enumerate((16, 16, 16, 17)):
        s.apply(A("correct_city", seat, districts=[["trade", 1]] * size))
    err = refused(s, add(4, "noble", 3), "districts_over_box", RULE)
    assert err.params == {"limit": 65}
    s.apply(remove(3, "trade", 1))                   # one card back in the deck
    s.apply(add(4, "noble", 3))
    assert s.state.cities[4] == [["noble", 3, 3]]


def test_refuse_removing_a_district_the_city_does_not_hold() -> None:
    s = table()
    s.apply(A("correct_city", 1, districts=[["trade", 2], ["noble", 3]]))
    err = refused(s, remove(1, "trade", 3), "no_district_to_remove", RULE)      # right colour, wrong cost
    assert err.params == {"player": 1, "cost": 3}
    refused(s, remove(1, "religious", 2), "no_district_to_remove", RULE)        # right cost, wrong colour
    refused(s, remove(0, "trade", 2), "no_district_to_remove", RULE)            # another seat's district
    assert s.state.cities[1] == [["trade", 2, 2], ["noble", 3, 3]]


def test_refuse_points_that_a_district_cannot_count() -> None:
    s = table()
    s.apply(add(0, "noble", 3))
    refused(s, add(0, "noble", 3, points=5), "points_only_special", "citadels.sheet.special_points")
    err = refused(s, add(0, "special", 6, points=4), "points_below_cost", "citadels.sheet.special_points")
    assert err.params == {"points": 4, "cost": 6}
    assert s.state.cities[0] == [["noble", 3, 3]]


def test_a_typed_city_gives_extra_points_only_to_purple_districts() -> None:
    s = table()
    s.apply(add(0, "noble", 3))
    refused(s, A("correct_city", 0, districts=[["trade", 2], ["noble", 3, 5]]), "points_only_special",
            "citadels.sheet.special_points")
    assert s.state.cities[0] == [["noble", 3, 3]]
    # a purple district may count more; any district may say it counts its cost
    s.apply(A("correct_city", 0, districts=[["noble", 3, 3], ["special", 5, 8]]))
    assert s.state.cities[0] == [["noble", 3, 3], ["special", 5, 8]]


@pytest.mark.parametrize(("action", "code"), [
    (add(0, "gold", 3), "bad_arg"),                  # not a district colour
    (add(0, "noble", 0), "bad_arg"),                 # below the deck's cheapest district
    (add(0, "noble", 7), "bad_arg"),                 # above its dearest
    (remove(0, "noble", 9), "bad_arg"),
    (A("correct_add_district", None, colour="noble", cost=3), "missing_player"),
    (A("correct_remove_district", 0, colour="noble"), "missing_arg"),
])
def test_refuse_a_district_that_is_not_in_the_deck(action: Action, code: str) -> None:
    # the form check refuses these before the move runs (no clause: the entry itself is wrong)
    s = table()
    s.apply(add(0, "noble", 3))
    before = GAME.clone(s.state)
    with pytest.raises(MalformedAction) as info:
        s.apply(action)
    assert info.value.code == code
    assert s.state == before and s.state.cities[0] == [["noble", 3, 3]]


def test_the_moves_and_the_refusal_read_in_every_language() -> None:
    for lang in ("en", "zh_Hans", "zh_Hant"):
        for key in ("action.correct_add_district", "action.correct_remove_district", "param.colour",
                    "param.cost", "param.points"):
            text = library.message("citadels", lang, key)
            assert text and "JSON" not in text and "_" not in text, (lang, key, text)
        for key in ("district_ambiguous", "no_district_with_points"):
            assert library.message("citadels", lang, key), (lang, key)
        # the typed-out city says that it replaces the whole city
        whole = "whole city" if lang == "en" else "整座城市"
        assert whole in library.message("citadels", lang, "action.correct_city")


@pytest.mark.parametrize(("lang", "added", "removed"), [
    ("en", "A: Add a district to a city (Special, 5, 8 points)", "A: Remove a district from a city (Special, 5, 8 points)"),
    ("zh_Hant", "A：在城市裡加一個地區（特殊、5、8 分）", "A：從城市拿掉一個地區（特殊、5、8 分）"),
])
def test_the_last_line_names_the_points_of_a_purple_district(lang: str, added: str, removed: str) -> None:
    """Two purple 5s counting 5 and 8: the "Last:" line says which one was added or removed."""
    from companion.ui.viewmodels import action_summary

    assert action_summary(GAME, add(0, "special", 5, points=8), lang, NAMES) == added
    assert action_summary(GAME, remove(0, "special", 5, points=8), lang, NAMES) == removed
