"""Citadels score sheet: the draft table against the rulebook, the call order,
income, scoring worked out by hand, one test per refused entry, playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.core import Action, AmbiguousAction, Session
from companion.games.citadels import GAME
from companion.games.citadels import facts as h
from companion.games.citadels.game import NOBODY
from companion.messages import describe_problem
from companion.rules import library
from games.refereeing import play_out, refused

LANGS = ("en", "zh_Hans", "zh_Hant")
NAMES = ["A", "B", "C", "D", "E", "F", "G"]
ASSASSIN, THIEF, MAGICIAN, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD = range(1, 9)


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table(n: int, **options: object) -> Session:
    return Session(GAME, GAME.setup(NAMES[:n], options))


def run(s: Session, *actions: Action) -> None:
    for a in actions:
        s.apply(a)


def turn(s: Session, seat: int, *actions: Action) -> None:
    """The called character is revealed by ``seat``, who then acts and ends the turn."""
    run(s, A("reveal", seat), *actions, A("end_turn", seat))


def king_killed_by_c() -> Session:
    """Four players, Thief and Magician face up: C reveals the Assassin, kills the King and
    ends the turn; the Bishop is called next."""
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("reveal", 2), A("assassinate", 2, target=KING),
        A("end_turn", 2))
    return s


def build(seat: int, colour: str, cost: int, **extra: object) -> Action:
    return A("build", seat, colour=colour, cost=cost, **extra)


# ----- the draft table and end counts, checked against the rulebook -----------------

@pytest.mark.parametrize("n, up, down, each, removed", [
    (2, 0, 4, 2, []),          # 1 face down at the start + 3 put face down during the draft
    (3, 2, 1, 1, [ASSASSIN]),  # the Assassin is taken out of the game
    (4, 2, 1, 1, []),
    (5, 1, 1, 1, []),
    (6, 0, 1, 1, []),
    (7, 0, 1, 1, []),          # the 7th player also sees the face-down card
])
def test_draft_table(n: int, up: int, down: int, each: int, removed: list[int]) -> None:
    rules = h.draft_rules(n)
    assert (rules["face_up"], rules["face_down"], rules["characters_each"], rules["removed"]) == (up, down, each, removed)
    # the cards that go round: one per seat plus one the last chooser puts face down;
    # with 7 the last seat uses the face-down card; with 2 the four picks are all that remain
    left = 8 - len(removed) - up - down
    assert left == {2: 2 * 2, 7: 7}.get(n, n + 1)


@pytest.mark.parametrize("n, unheld", [(2, 4), (3, 2), (4, 2), (5, 2), (6, 2), (7, 1)])
def test_characters_nobody_holds(n: int, unheld: int) -> None:
    # Rulebook (seed 001 Citadels, choosing characters and table sizes): only characters put
    # face down are held by nobody — the ones set aside before the draft, and the one the
    # last player leaves (3 to 6 players).  Seven players: the last player takes the
    # face-down card in and leaves one of the two.  Two players: four cards go face down.
    rules = h.draft_rules(n)
    leftover = 1 if 3 <= n <= 6 else 0
    assert h.unheld(n) == unheld == rules["face_down"] + leftover
    # the calls of a round are the characters held plus the unheld ones
    assert len(h.call_order(n, list(range(2, 2 + rules["face_up"])))) == n * rules["characters_each"] + unheld


@pytest.mark.parametrize("n, options, end", [
    (2, {}, 10), (3, {}, 10), (4, {}, 8), (5, {}, 8), (6, {}, 8), (7, {}, 8),
    (4, {"short_game": True}, 7), (2, {"long_game": True}, 12), (3, {"short_game": True}, 7),
])
def test_end_counts(n: int, options: dict[str, bool], end: int) -> None:
    assert table(n, **options).state.end_at == end
    assert GAME.view(table(n, **options).state)["setup"]["end_districts"] == end


def test_start_deal_and_bonuses_from_rulebook() -> None:
    facts = library.facts("citadels")
    assert facts["start"] == {"districts": 4, "gold": 2}
    assert facts["bonus"] == {"all_colours": 3, "first_complete": 4, "other_complete": 2}
    assert [h.character(r) for r in range(1, 9)] == ["assassin", "thief", "magician", "king", "bishop",
                                                      "merchant", "architect", "warlord"]


def test_setup_problems() -> None:
    problems = GAME.validate_setup(NAMES[:4], {"long_game": True})
    assert [p.code for p in problems] == ["long_game_two_players"]
    problems = GAME.validate_setup(NAMES[:2], {"long_game": True, "short_game": True})
    assert [p.code for p in problems] == ["short_and_long"]
    for p in problems:
        for lang in LANGS:
            assert describe_problem(p, "citadels", lang) != p.code
    assert GAME.validate_setup(NAMES[:1])[0].code == "player_count"
    assert GAME.validate_setup(NAMES[:7]) == []


# ----- pure helpers ----------------------------------------------------------------

def test_income_per_colour() -> None:
    city = [["noble", 3, 3], ["noble", 5, 5], ["trade", 1, 1], ["military", 2, 2], ["religious", 1, 1]]
    assert h.income(city, KING) == 2          # two noble districts
    assert h.income(city, BISHOP) == 1
    assert h.income(city, MERCHANT) == 2      # one trade district + the merchant's extra coin
    assert h.income(city, WARLORD) == 1
    assert h.income(city, MAGICIAN) == 0
    assert h.income([], MERCHANT) == 1


def test_destroy_cost() -> None:
    # cost 1 free, cost 2 pays 1, cost 5 pays 4
    assert [h.destroy_cost(c) for c in (1, 2, 3, 5, 6)] == [0, 1, 2, 4, 5]


def test_score_breakdown() -> None:
    five = [["noble", 3, 3], ["religious", 1, 1], ["trade", 2, 2], ["military", 1, 1], ["special", 6, 8]]
    # 3+1+2+1+8 = 15, all five colours +3
    assert h.score(five, first=False, complete=False) == {"districts": 15, "all_colours": 3, "complete": 0, "total": 18}
    four = five[:4]
    assert h.score(four, first=True, complete=True)["total"] == 7 + 4     # 3+1+2+1, first +4
    assert h.score(four, first=False, complete=True)["total"] == 7 + 2    # others +2


def test_call_order_skips_face_up_and_removed() -> None:
    assert h.call_order(4, [THIEF, MERCHANT]) == [1, 3, 4, 5, 7, 8]
    assert h.call_order(3, [MAGICIAN, WARLORD]) == [2, 4, 5, 6, 7]
    assert h.call_order(7, []) == list(range(1, 9))


# ----- golden game -------------------------------------------------------------------

def test_golden_four_players_with_tie_break() -> None:
    s = table(4)
    assert GAME.prompt(s.state)["code"] == "phase.draft"
    # round 1: Thief and Merchant face up; calls 1,3,4,5,7,8
    s.apply(A("draft_done", face_up=[THIEF, MERCHANT]))
    assert GAME.prompt(s.state)["code"] == "phase.call.assassin"
    turn(s, 2, A("assassinate", 2, target=BISHOP), build(2, "military", 1))
    turn(s, 0, build(0, "noble", 3))                       # Magician
    s.apply(A("reveal", 1))                                # King: takes the crown
    assert s.state.crown == 1
    run(s, build(1, "noble", 5), A("end_turn", 1))
    # the Bishop was killed: skipped, the Architect is called next
    assert GAME.prompt(s.state)["code"] == "phase.call.architect"
    turn(s, 3, build(3, "trade", 1), build(3, "trade", 2), build(3, "religious", 2))
    calls = GAME.view(s.state)["calls"]
    assert [(c["rank"], c["status"], c["player"]) for c in calls] == [
        (1, "revealed", 2), (3, "revealed", 0), (4, "revealed", 1), (5, "killed", None),
        (7, "revealed", 3), (8, "current", None)]
    s.apply(A("no_one"))                                   # nobody has the Warlord
    assert s.state.phase == "draft" and s.state.round == 2 and s.state.crown == 1
    assert [c["status"] for c in GAME.view(s.state)["calls"]] == ["waiting"] * 8   # nothing set aside yet

    # cities set from the table before round 2 (the host catches up the sheet)
    run(s,
        A("correct_city", 0, districts=[["noble", 3], ["religious", 2], ["trade", 2], ["military", 3],
                                        ["special", 6, 8], ["trade", 1], ["noble", 4]]),
        A("correct_city", 1, districts=[["noble", 5], ["noble", 4], ["trade", 5], ["trade", 4],
                                        ["religious", 5], ["trade", 3], ["trade", 2]]),
        A("correct_city", 2, districts=[["military", 1], ["military", 2], ["military", 3], ["military", 5],
                                        ["religious", 1], ["noble", 3]]))
    # round 2: Magician and Architect face up; calls 1,2,4,5,6,8
    s.apply(A("draft_done", face_up=[MAGICIAN, ARCHITECT]))
    s.apply(A("no_one"))                                   # Assassin
    turn(s, 3, A("rob", 3, target=KING))                   # D, Thief, robs the King
    s.apply(A("reveal", 0))
    assert GAME.prompt(s.state) == {"code": "phase.robbed", "players": [0],
                                    "params": {"player": 0, "thief_player": 3}}
    run(s, build(0, "special", 2), A("end_turn", 0))       # A's 8th district: first to complete
    assert s.state.first_complete == 0
    turn(s, 1, build(1, "military", 2))                    # B (Bishop) completes too
    turn(s, 2, build(2, "trade", 1))                       # C (Merchant): 7 districts
    s.apply(A("no_one"))                                   # Warlord
    assert s.state.phase == "end"
    # A: 3+2+2+3+8+1+4+2 = 25, all colours +3, first +4 = 32
    # B: 5+4+5+4+5+3+2+2 = 30, no special district, complete +2 = 32
    # C: 1+2+3+5+1+3+1 = 16, no special district, not complete = 16
    # D: 1+2+2 = 5 (round 1 builds)
    assert GAME.scores(s.state) == [32.0, 32.0, 16.0, 5.0]
    # tie 32-32: B revealed the Bishop (5) in the last round, A the King (4)
    assert GAME.winners(s.state) == [1]
    assert GAME.legal_actions(s.state) == []
    assert GAME.prompt(s.state)["code"] == "phase.end"
    parts = GAME.view(s.state)["players"][0]["score_parts"]
    assert parts == {"districts": 25, "all_colours": 3, "complete": 4, "total": 32}


def test_tie_shared_when_not_decided() -> None:
    s = table(4)
    run(s, A("correct_city", 0, districts=[["noble", 5]] * 7), A("correct_city", 1, districts=[["noble", 5]] * 7))
    s.apply(A("draft_done", face_up=[THIEF, MAGICIAN]))
    s.apply(A("no_one"))                                   # Assassin
    turn(s, 0, build(0, "noble", 3))                       # King: A completes first: 35+3+4 = 42
    turn(s, 1, build(1, "noble", 5))                       # Bishop: B 35+5+2 = 42
    turn(s, 2)                                             # Merchant
    turn(s, 3)                                             # Architect
    s.apply(A("no_one"))                                   # Warlord
    assert GAME.scores(s.state)[:2] == [42.0, 42.0]
    assert GAME.winners(s.state) == [1]                    # Bishop (5) beats King (4)
    # neither tied player revealed a character in the last round: shared.  The calls cannot
    # end so any more (every player reveals a character, or holds the killed one, and only
    # one is killed), so the ended round is rewritten by hand
    ended = GAME.clone(s.state)
    ended.holders = [NOBODY] * 8
    assert GAME.winners(ended) == [0, 1]


def test_killed_king_still_takes_the_crown() -> None:
    s = table(5)
    s.apply(A("draft_done", face_up=[BISHOP]))             # 5 players: one face up
    turn(s, 3, A("assassinate", 3, target=KING))
    s.apply(A("no_one"))                                   # Thief
    turn(s, 1)                                             # Magician
    assert GAME.prompt(s.state)["code"] == "phase.call.merchant"   # King skipped, Bishop face up
    s.apply(A("no_one"))                                   # the Merchant is face down
    turn(s, 4)
    turn(s, 0)
    assert s.state.phase == "crown"
    s.apply(A("crown", 2))
    assert s.state.crown == 2 and s.state.phase == "draft" and s.state.round == 2


def test_killed_king_nobody_had_it() -> None:
    s = king_killed_by_c()
    turn(s, 0)                                             # Bishop
    turn(s, 1)                                             # Merchant
    turn(s, 3)                                             # Architect: all four hold a character
    s.apply(A("no_one"))                                   # Warlord
    s.apply(A("no_king"))
    assert s.state.crown == 0 and s.state.phase == "draft"


def test_income_and_builds_in_prompt() -> None:
    s = table(4)
    s.apply(A("correct_city", 1, districts=[["noble", 3], ["noble", 4], ["trade", 2]]))
    s.apply(A("draft_done", face_up=[THIEF, MAGICIAN]))
    s.apply(A("no_one"))
    s.apply(A("reveal", 1))
    assert GAME.prompt(s.state)["params"] == {"player": 1, "income": 2, "builds": 1}
    s.apply(build(1, "noble", 5))
    assert GAME.view(s.state)["players"][1]["income"] == {"king": 3, "bishop": 0, "merchant": 2, "warlord": 0}
    s.apply(A("end_turn", 1))
    turn(s, 2)                     # Bishop
    s.apply(A("no_one"))           # Merchant
    s.apply(A("reveal", 0))        # Architect: up to 3 builds
    assert GAME.prompt(s.state)["params"]["builds"] == 3


def test_three_players_no_assassin_and_ten_districts() -> None:
    s = table(3)
    assert s.state.end_at == 10
    s.apply(A("draft_done", face_up=[MAGICIAN, WARLORD]))
    assert GAME.prompt(s.state)["code"] == "phase.call.thief"   # the Assassin is out
    turn(s, 0, A("rob", 0, target=KING))
    assert s.state.robbed == KING


def test_two_players_hold_two_characters() -> None:
    s = table(2)
    s.apply(A("draft_done", face_up=[]))
    turn(s, 0, A("assassinate", 0, target=WARLORD))
    turn(s, 1)                                             # Thief
    turn(s, 0)                                             # Magician: A's second character
    refused(s, A("reveal", 0), "too_many_characters", "citadels.draft.pick")
    turn(s, 1)                                             # King
    assert s.state.crown == 1


def test_first_complete_is_first_to_reach_count() -> None:
    s = table(4)
    run(s, A("correct_city", 0, districts=[["trade", 1]] * 7), A("correct_city", 3, districts=[["trade", 1]] * 6))
    s.apply(A("draft_done", face_up=[THIEF, MAGICIAN]))
    s.apply(A("no_one"))
    turn(s, 0, build(0, "trade", 2))                        # A: 8th district (King)
    turn(s, 1)                                             # Bishop
    turn(s, 2)                                             # Merchant
    turn(s, 3, build(3, "trade", 1), build(3, "trade", 1), build(3, "trade", 1))   # D Architect: 9 districts
    s.apply(A("no_one"))
    assert s.state.phase == "end" and s.state.first_complete == 0
    # A 7+2 = 9 +4 = 13; D 9 +2 = 11
    assert GAME.scores(s.state) == [13.0, 0.0, 0.0, 11.0]
    assert GAME.winners(s.state) == [0]


def test_warlord_destroys_and_killed_bishop_is_not_protected() -> None:
    s = table(4)
    run(s, A("correct_city", 1, districts=[["religious", 2], ["noble", 3]]))
    s.apply(A("draft_done", face_up=[THIEF, MAGICIAN]))
    turn(s, 0, A("assassinate", 0, target=BISHOP))
    turn(s, 2)                                             # King
    s.apply(A("no_one"))                                   # Merchant
    s.apply(A("no_one"))                                   # Architect
    s.apply(A("reveal", 3))                                # Warlord
    s.apply(A("destroy", 3, target_player=1, colour="religious", cost=2))
    assert s.state.cities[1] == [["noble", 3, 3]]


# ----- refused entries, one each ---------------------------------------------------------

def test_refuse_wrong_face_up_count() -> None:
    refused(table(4), A("draft_done", face_up=[THIEF]), "face_up_count", "citadels.draft.table")


def test_refuse_repeated_face_up() -> None:
    refused(table(4), A("draft_done", face_up=[THIEF, THIEF]), "face_up_repeated", "citadels.draft.table")


def test_refuse_king_face_up() -> None:
    refused(table(4), A("draft_done", face_up=[THIEF, KING]), "king_face_up", "citadels.draft.king")


def test_refuse_removed_assassin_face_up() -> None:
    refused(table(3), A("draft_done", face_up=[ASSASSIN, THIEF]), "character_removed", "citadels.players.three")


def test_refuse_second_character_for_a_seat() -> None:
    s = table(4)
    s.apply(A("draft_done", face_up=[THIEF, MAGICIAN]))
    turn(s, 0)
    refused(s, A("reveal", 0), "too_many_characters", "citadels.draft.pick")


def test_refuse_power_of_another_character() -> None:
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("no_one"), A("reveal", 1))   # King
    refused(s, A("assassinate", 1, target=BISHOP), "power_not_yours", "citadels.characters.assassin")


def test_refuse_power_twice() -> None:
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("reveal", 1), A("assassinate", 1, target=BISHOP))
    refused(s, A("assassinate", 1, target=KING), "power_used_once", "citadels.characters.powers")


def test_refuse_assassin_target_self() -> None:
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("reveal", 1))
    refused(s, A("assassinate", 1, target=ASSASSIN), "assassin_target", "citadels.characters.assassin")


@pytest.mark.parametrize("target", [ASSASSIN, THIEF, KING])
def test_refuse_thief_targets(target: int) -> None:
    s = table(4)
    run(s, A("draft_done", face_up=[MAGICIAN, MERCHANT]), A("reveal", 0), A("assassinate", 0, target=KING),
        A("end_turn", 0), A("reveal", 1))
    refused(s, A("rob", 1, target=target), "thief_target", "citadels.characters.thief")


def test_refuse_second_build() -> None:
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("reveal", 1), build(1, "noble", 3))
    refused(s, build(1, "noble", 4), "build_limit", "citadels.turn.build")


def test_refuse_fourth_architect_build() -> None:
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("no_one"), A("reveal", 0), A("end_turn", 0),
        A("reveal", 1), A("end_turn", 1), A("no_one"), A("reveal", 2),
        *[build(2, "trade", 1)] * 3)
    refused(s, build(2, "trade", 2), "build_limit", "citadels.characters.architect")


def test_refuse_points_on_non_purple() -> None:
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("reveal", 1))
    refused(s, build(1, "noble", 3, points=5), "points_only_special", "citadels.sheet.special_points")


def test_refuse_points_below_cost() -> None:
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("reveal", 1))
    refused(s, build(1, "special", 6, points=5), "points_below_cost", "citadels.sheet.special_points")


def _warlord_turn(face_up: list[int], *before: Action) -> Session:
    s = table(4)
    run(s, A("correct_city", 1, districts=[["noble", 3]] * 8), A("correct_city", 2, districts=[["trade", 2]]),
        A("draft_done", face_up=face_up), *before)
    # seats 0-2 reveal the characters called before the Warlord, in call order; the Bishop,
    # and whatever is left once they all hold one, find nobody
    while GAME.prompt(s.state)["code"] != "phase.call.warlord":
        free = [seat for seat in (0, 1, 2) if seat not in s.state.holders]
        if s.state.call == BISHOP or not free:
            s.apply(A("no_one"))
        else:
            turn(s, free[0])
    s.apply(A("reveal", 3))
    return s


def test_refuse_destroy_in_complete_city() -> None:
    s = _warlord_turn([THIEF, MAGICIAN])
    refused(s, A("destroy", 3, target_player=1, colour="noble", cost=3), "city_complete", "citadels.characters.warlord")


def test_refuse_destroy_bishop_district() -> None:
    s = _warlord_turn([THIEF, MAGICIAN], A("no_one"), A("no_one"), A("reveal", 2), A("end_turn", 2))   # C is Bishop
    refused(s, A("destroy", 3, target_player=2, colour="trade", cost=2), "bishop_protected",
            "citadels.characters.bishop")


def test_refuse_destroy_missing_district() -> None:
    s = _warlord_turn([THIEF, MAGICIAN])
    refused(s, A("destroy", 3, target_player=2, colour="trade", cost=3), "no_such_district",
            "citadels.characters.warlord")


def test_warlord_names_a_purple_district_by_its_points_when_two_of_one_cost_count_differently() -> None:
    """Cid's city: a trade 2 and two purple 5s, the first entered counting 8: 2 + 8 + 5 = 15.
    Which purple 5 the Warlord destroys changes the score, so the sheet lists each with its
    points, and a destroy without them is refused as ambiguous (nothing destroyed, the power
    not used)."""
    s = _warlord_turn([THIEF, MAGICIAN])
    s.apply(A("correct_city", 2, districts=[["trade", 2], ["special", 5, 8], ["special", 5]]))
    assert GAME.scores(s.state)[2] == 15
    destroys = [a for a in GAME.legal_actions(s.state) if a.type == "destroy" and a["target_player"] == 2]
    assert destroys == [A("destroy", 3, target_player=2, colour="special", cost=5, points=5),
                        A("destroy", 3, target_player=2, colour="special", cost=5, points=8),
                        A("destroy", 3, target_player=2, colour="trade", cost=2)]
    err = refused(s, A("destroy", 3, target_player=2, colour="special", cost=5), "district_ambiguous",
                  "citadels.characters.warlord", kind=AmbiguousAction)
    assert err.params == {"player": 2, "cost": 5, "points": [5, 8]}
    assert not s.state.power_used
    err = refused(s, A("destroy", 3, target_player=2, colour="special", cost=5, points=6),
                  "no_district_with_points", "citadels.characters.warlord")
    assert err.params == {"player": 2, "cost": 5, "points": 6, "held": [5, 8]}
    s.apply(A("destroy", 3, target_player=2, colour="special", cost=5, points=8))
    assert s.state.cities[2] == [["trade", 2, 2], ["special", 5, 5]]
    assert GAME.scores(s.state)[2] == 15 - 8


def test_warlord_destroys_one_of_two_purple_districts_counting_the_same_without_points() -> None:
    s = _warlord_turn([THIEF, MAGICIAN])
    s.apply(A("correct_city", 2, districts=[["special", 3, 5], ["special", 3, 5]]))
    destroys = [a for a in GAME.legal_actions(s.state) if a.type == "destroy" and a["target_player"] == 2]
    assert destroys == [A("destroy", 3, target_player=2, colour="special", cost=3)]
    s.apply(destroys[0])
    assert s.state.cities[2] == [["special", 3, 5]] and GAME.scores(s.state)[2] == 5


def test_refuse_bad_district_correction() -> None:
    refused(table(4), A("correct_city", 0, districts=[["gold", 3]]), "bad_district", "citadels.sheet.corrections")
    refused(table(4), A("correct_city", 0, districts=[["special", 6, 4]]), "bad_district", "citadels.sheet.corrections")


def test_refuse_first_complete_for_short_city() -> None:
    refused(table(4), A("correct_first", 0), "not_complete", "citadels.end.scoring")


def test_refuse_out_of_turn_build() -> None:
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("reveal", 1))
    refused(s, build(2, "noble", 3), "not_your_turn", "citadels.turn.build")
    refused(s, A("no_one"), "wrong_phase", "citadels.round.calls")


def test_refuse_crown_for_a_seat_whose_character_was_revealed() -> None:
    s = king_killed_by_c()
    run(s, A("no_one"), A("no_one"))                       # Bishop, Merchant
    turn(s, 0)                                             # Architect
    turn(s, 1)                                             # Warlord
    assert s.state.phase == "crown"
    refused(s, A("crown", 2), "too_many_characters", "citadels.draft.pick")   # C was the Assassin


def test_refuse_nobody_when_the_players_need_the_character() -> None:
    # the tester's round: 3 players, Thief and Bishop face up, the Assassin out; five calls
    # (Magician, King, Merchant, Architect, Warlord) for three players' characters: only two
    # of them can be held by nobody
    s = table(3)
    run(s, A("draft_done", face_up=[THIEF, BISHOP]), A("no_one"), A("no_one"))     # Magician, King
    assert s.state.call == MERCHANT
    err = refused(s, A("no_one"), "too_many_unheld", "citadels.round.unheld")
    assert err.params == {"called": 5, "held": 3, "limit": 2, "count": 2}
    turn(s, 0)                                             # the three players reveal the rest
    turn(s, 1)
    refused(s, A("no_one"), "too_many_unheld")             # the Warlord: C has not revealed yet
    turn(s, 2)
    assert s.state.phase == "draft" and s.state.round == 2


def test_killed_character_may_be_held() -> None:
    # the killed character stays silent: the sheet does not know whether someone holds it, so
    # it counts as held; with four players two of the six calls can find nobody
    s = table(4)
    run(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("reveal", 0), A("assassinate", 0, target=MERCHANT),
        A("end_turn", 0), A("no_one"), A("no_one"))       # King, Bishop; the Merchant is skipped
    assert s.state.call == ARCHITECT
    refused(s, A("no_one"), "too_many_unheld", "citadels.round.unheld")   # B, C, D need three characters
    turn(s, 1)
    turn(s, 2)                                             # D holds the killed Merchant
    assert s.state.phase == "draft"


def test_refuse_nobody_had_the_killed_king_when_a_player_had_it() -> None:
    s = king_killed_by_c()
    turn(s, 0)                                             # Bishop
    turn(s, 1)                                             # Merchant
    run(s, A("no_one"), A("no_one"))                       # Architect, Warlord
    assert s.state.phase == "crown"
    err = refused(s, A("no_king"), "too_many_unheld", "citadels.round.unheld")   # D had the King
    assert err.params == {"called": 6, "held": 4, "limit": 2, "count": 2}
    assert GAME.legal_actions(s.state) == [A("crown", 3)]
    s.apply(A("crown", 3))
    assert s.state.crown == 3


# ----- generic properties --------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 7))
def test_random_playouts(seed: int, n: int) -> None:
    s = table(n)
    play_out(s, random.Random(seed), 3000)
    totals = GAME.scores(s.state)
    assert totals is not None and all(totals[w] == max(totals) for w in GAME.winners(s.state))
    assert any(len(c) >= s.state.end_at for c in s.state.cities)


def test_city_completed_by_correction_is_the_first_complete_city() -> None:
    # Rulebook (seed 001, Citadels end of game): the first player to place an 8th district
    # scores 4 extra points, every other player with 8 districts scores 2.  A city the host
    # corrects up to 8 districts, when no city was complete before, is that first city.
    s = table(4)
    run(s, A("correct_city", 2, districts=[["trade", 1]] * 8))
    assert s.state.first_complete == 2
    parts = h.score(s.state.cities[2], True, True)
    assert GAME.scores(s.state)[2] == 8 * 1 + 4            # 8 districts of cost 1, +4 first, no all-colours
    assert parts["complete"] == 4
    # a second city corrected to 8 afterwards gets the +2 of the others
    run(s, A("correct_city", 0, districts=[["noble", 2]] * 8))
    assert s.state.first_complete == 2 and GAME.scores(s.state)[0] == 16 + 2
    # the first city corrected back below 8 is no longer complete; nobody is first until named
    run(s, A("correct_city", 2, districts=[["trade", 1]] * 7))
    assert s.state.first_complete is None and GAME.scores(s.state)[2] == 7
    run(s, A("correct_first", 0))
    assert GAME.scores(s.state)[0] == 16 + 4


def test_city_corrections_bounded_by_the_district_deck() -> None:
    # Rulebook (seed 001 Citadels, components): 65 district cards.  Four cities corrected to
    # 16 districts each use 64; a fifth seat cannot then hold 2.
    s = table(5)
    for seat in range(4):
        run(s, A("correct_city", seat, districts=[["trade", 1]] * 16))
    err = refused(s, A("correct_city", 4, districts=[["trade", 1]] * 2))
    assert (err.code, err.rule, err.params) == ("districts_over_box", "citadels.sheet.corrections", {"limit": 65})
    run(s, A("correct_city", 4, districts=[["trade", 1]]))


def test_build_bounded_by_the_district_deck() -> None:
    # 16 + 16 + 16 + 17 = 65 districts already in cities: no card is left to build
    s = table(4)
    for seat, size in enumerate((16, 16, 16, 17)):
        run(s, A("correct_city", seat, districts=[["trade", 1]] * size))
    s.apply(A("draft_done", face_up=[THIEF, MAGICIAN]))
    s.apply(A("no_one"))                                   # Assassin
    s.apply(A("reveal", 0))                                # King: seat 0
    err = refused(s, build(0, "noble", 3), "districts_over_box", "citadels.sheet.corrections")
    assert err.params == {"limit": 65}
