"""Catan score sheet: facts against the rulebook, helpers, golden games worked
out by hand, one test per refused entry, and the generic playout properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.core import Action, IllegalAction, Session
from companion.games.catan import GAME
from companion.games.catan import facts as h
from companion.rules import library
from games.refereeing import refused


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table(*names: str, **options: object) -> Session:
    return Session(GAME, GAME.setup(list(names), options))


def after_setup(*names: str, harbors: dict[int, str] | None = None, **options: object) -> Session:
    """Every seat places its two starting settlements (snake order)."""
    s = table(*names, **options)
    harbors = dict(harbors or {})
    for seat in h.placement_order(len(names)):
        harbor = harbors.pop(seat, None)
        s.apply(A("place", seat, harbor=harbor) if harbor else A("place", seat))
    return s


def run(s: Session, *actions: Action) -> None:
    for a in actions:
        s.apply(a)


def points(s: Session) -> list[int]:
    return [int(x) for x in GAME.scores(s.state) or []]


# ----- facts checked against the rulebook (seed 002) -----------------------------

def test_costs_and_points_match_rulebook() -> None:
    # road 1 wood 1 brick; settlement wood+brick+wool+grain; city 2 grain 3 ore;
    # development card wool+grain+ore
    assert h.cost("road") == {"wood": 1, "brick": 1}
    assert h.cost("settlement") == {"wood": 1, "brick": 1, "wool": 1, "grain": 1}
    assert h.cost("city") == {"grain": 2, "ore": 3}
    assert h.cost("development") == {"wool": 1, "grain": 1, "ore": 1}
    # settlement 1, city 2, point card 1, longest road 2 (5+ roads), largest army 2 (3 knights)
    assert h.points(1, 0, 0, False, False) == 1
    assert h.points(0, 1, 0, False, False) == 2
    assert h.points(0, 0, 1, False, False) == 1
    assert h.points(0, 0, 0, True, True) == 4
    facts = library.facts("catan")
    assert (facts["longest_road_min"], facts["largest_army_min"], facts["target_points"]) == (5, 3, 10)


def test_robber_discards_half_rounded_down_above_seven() -> None:
    # "more than 7 cards discards half, rounded down; 9 cards -> 4"
    assert [h.robber_discard(n) for n in (0, 5, 7, 8, 9, 10, 11, 15)] == [0, 0, 0, 4, 4, 5, 5, 7]


def test_trade_ratios() -> None:
    assert h.trade_ratios([]) == dict.fromkeys(h.RESOURCES, 4)
    assert h.trade_ratios(["generic"]) == dict.fromkeys(h.RESOURCES, 3)
    assert h.trade_ratios(["wool"]) == {"wood": 4, "brick": 4, "wool": 2, "grain": 4, "ore": 4}
    assert h.trade_ratios(["generic", "ore"]) == {"wood": 3, "brick": 3, "wool": 3, "grain": 3, "ore": 2}


def test_affordable() -> None:
    assert h.affordable({"wood": 1, "brick": 1}) == ["road"]
    assert h.affordable({"grain": 2, "ore": 3, "wool": 1}) == ["city", "development"]
    assert h.affordable({}) == []


def test_placement_order_is_snake() -> None:
    assert h.placement_order(3) == [0, 1, 2, 2, 1, 0]
    assert h.placement_order(4) == [0, 1, 2, 3, 3, 2, 1, 0]


def test_player_counts() -> None:
    assert GAME.validate_setup(list("AB"))[0].code == "player_count"
    assert GAME.validate_setup(list("ABCDE"))[0].code == "player_count"
    assert GAME.validate_setup(list("ABC")) == [] and GAME.validate_setup(list("ABCD")) == []


# ----- award rule (pure) -----------------------------------------------------------

def test_award_holder_edge_cases() -> None:
    # nobody reaches the minimum: no holder
    assert h.award_holder([4, 4, 3], None, 5) is None
    # first to 5 takes it
    assert h.award_holder([5, 4, 3], None, 5) == 0
    # an equal road does not take it away
    assert h.award_holder([5, 5, 3], 0, 5) == 0
    # a strictly longer road does
    assert h.award_holder([5, 6, 3], 0, 5) == 1
    # holder cut but still tied for longest: keeps it
    assert h.award_holder([6, 6, 3], 0, 5) == 0
    # holder cut, two others tied above: set aside
    assert h.award_holder([4, 6, 6], 0, 5) is None
    # holder cut below 5 and nobody else has 5: set aside
    assert h.award_holder([4, 3, 2], 0, 5) is None
    # set aside and a tie among leaders: stays aside until someone is strictly ahead
    assert h.award_holder([6, 6, 2], None, 5) is None
    assert h.award_holder([7, 6, 2], None, 5) == 0


# ----- golden games ---------------------------------------------------------------

def test_setup_phase_and_harbors() -> None:
    s = table("A", "B", "C")
    assert GAME.prompt(s.state)["code"] == "phase.setup"
    run(s, A("place", 0), A("place", 1, harbor="generic"), A("place", 2), A("place", 2, harbor="ore"),
        A("place", 1), A("place", 0))
    assert s.state.phase == "play" and s.state.turn == 0
    assert points(s) == [2, 2, 2]  # two settlements each
    v = GAME.view(s.state)
    assert v["players"][1]["trade_ratios"]["wood"] == 3
    assert v["players"][2]["trade_ratios"] == {"wood": 4, "brick": 4, "wool": 4, "grain": 4, "ore": 2}
    assert [p["road_length"] for p in v["players"]] == [1, 1, 1]


def test_golden_game_to_ten() -> None:
    s = after_setup("A", "B", "C")                       # 2 points each
    # round 1
    run(s, A("build_road", 0, longest=2), A("build_settlement", 0), A("end_turn", 0))   # A 3 settlements = 3
    run(s, A("build_city", 1), A("end_turn", 1))        # B 1 settlement + 1 city = 1 + 2 = 3
    run(s, A("knight", 2), A("vp_card", 2), A("end_turn", 2))  # C 2 + hidden 1 = 3
    assert points(s) == [3, 3, 3]
    assert GAME.view(s.state)["players"][2]["points"] == 2     # the VP card is hidden
    # round 2: A reaches a road of 5 -> Longest Road
    run(s, A("build_road", 0, longest=3), A("build_road", 0, longest=4), A("build_road", 0, longest=5),
        A("end_turn", 0))
    assert s.state.longest_road == 0                    # A: 3 + 2 = 5
    run(s, *(A("build_road", 1, longest=n) for n in (2, 3, 4, 5)), A("end_turn", 1))
    assert s.state.longest_road == 0                    # B ties at 5: not enough
    run(s, A("knight", 2), A("end_turn", 2))
    assert points(s) == [5, 3, 3]
    # round 3
    run(s, A("build_city", 0), A("knight", 0), A("end_turn", 0))   # A 2 settl + 1 city + LR = 2+2+2 = 6
    run(s, A("build_road", 1, longest=6), A("end_turn", 1))         # B strictly longer: takes LR
    assert s.state.longest_road == 1
    assert points(s)[:2] == [4, 5]                       # A 2+2 = 4; B 1+2+2 = 5
    run(s, A("knight", 2), A("end_turn", 2))            # C's 3rd knight: Largest Army
    assert s.state.largest_army == 2
    assert points(s) == [4, 5, 5]                        # C 2 + 1 VP + 2 = 5
    # round 4: C cuts B's road to 4 -> A (5) is the single longest and takes LR
    run(s, A("knight", 0), A("end_turn", 0))            # A 2 knights
    run(s, A("knight", 1), A("end_turn", 1))            # B 1 knight
    run(s, A("road_broken", 1, length=4), A("vp_card", 2), A("end_turn", 2))
    assert s.state.longest_road == 0
    assert points(s) == [6, 3, 6]                        # A 2+2+2; B 1+2; C 2+2VP+2
    # round 5: A's 3rd knight ties C: C keeps Largest Army
    run(s, A("knight", 0), A("build_city", 0), A("end_turn", 0))
    assert s.state.largest_army == 2
    assert points(s)[0] == 7                             # A 1 settl + 2 cities + LR = 1+4+2
    run(s, A("end_turn", 1), A("end_turn", 2))
    # round 6: A's 4th knight is strictly more -> Largest Army moves; a settlement makes 10
    run(s, A("knight", 0))
    assert s.state.largest_army == 0 and points(s)[0] == 9   # 1 + 4 + 2 + 2
    run(s, A("build_settlement", 0))                     # 2 + 4 + 2 + 2 = 10
    assert s.state.phase == "end" and GAME.winners(s.state) == [0]
    assert points(s) == [10, 3, 4]                        # C: 2 settlements + 2 VP cards, LA lost
    assert GAME.legal_actions(s.state) == []
    assert GAME.view(s.state)["players"][2]["vp_cards"] == 2   # revealed at the end
    assert GAME.prompt(s.state)["code"] == "phase.end"


def issue_example(**options: object) -> Session:
    """Issue 24's table: on A's turn, A's settlement cuts B's road and Longest Road moves to C,
    who has 10 points then; A (9) is one Knight away from Largest Army and 11."""
    s = table("A", "B", "C", **options)
    for seat in h.placement_order(3):
        s.apply(A("place", seat))
    run(s, A("correct_counts", 0, settlements=3, cities=3, knights=2),            # A: 3 + 6 = 9
        A("correct_counts", 1, roads=6, road_length=6),                          # B: 2 + Longest Road
        A("correct_counts", 2, settlements=2, cities=3, roads=5, road_length=5))  # C: 2 + 6 = 8
    assert points(s) == [9, 4, 8] and s.state.turn == 0 and s.state.phase == "play"
    s.apply(A("road_broken", 1, length=4))       # B's road cut: C (5) is the single longest
    assert s.state.longest_road == 2 and points(s) == [9, 2, 10]
    return s


def test_the_game_ends_when_any_player_reaches_10_and_the_most_points_win() -> None:
    """Seed 002: 当某位玩家的积分达到10分时游戏结束，这时拥有最高积分的玩家为胜利者 — the game
    ends the moment anyone reaches 10, whoever's turn it is; C wins, and A's Knight comes
    too late (before issue 24 the sheet waited for C's turn and named A, with 11)."""
    s = issue_example()
    assert s.state.phase == "end" and GAME.winners(s.state) == [2]
    assert GAME.prompt(s.state)["params"] == {"player": [2], "points": 10}
    refused(s, A("knight", 0), "game_over")


def test_only_on_your_own_turn_is_an_option() -> None:
    """The option 'own_turn' (catan.end.own_turn): C's 10 on A's turn does not end the game;
    A's Knight takes Largest Army on A's own turn, A has 11, the game ends and the most
    points (A's 11 against C's 10) win."""
    s = issue_example(own_turn=True)
    assert s.state.phase == "play"
    s.apply(A("knight", 0))
    assert s.state.largest_army == 0 and points(s) == [11, 2, 10]
    assert s.state.phase == "end" and GAME.winners(s.state) == [0]


def test_win_only_on_own_turn() -> None:
    s = after_setup("A", "B", "C", own_turn=True)
    # table state by correction: A holds Longest Road with 6, B has 8 points and a road of 5
    run(s, A("correct_counts", 0, roads=6, road_length=6),
        A("correct_counts", 1, settlements=2, cities=3, roads=5, road_length=5))
    assert s.state.longest_road == 0
    assert points(s) == [4, 8, 2]                 # A 2 + 2; B 2 + 3*2
    run(s, A("end_turn", 0), A("end_turn", 1))   # C's turn
    s.apply(A("road_broken", 0, length=4))       # C cuts A's road: B (5) now single longest
    assert s.state.longest_road == 1 and points(s)[1] == 10
    assert s.state.phase == "play"               # but it is C's turn, not B's
    s.apply(A("end_turn", 2))                    # A's turn: B still waits
    assert s.state.phase == "play" and s.state.turn == 0
    s.apply(A("end_turn", 0))                    # B's turn begins with 10 points: B wins
    assert s.state.phase == "end" and GAME.winners(s.state) == [1]


def test_b_pushed_to_11_on_cs_turn_wins_at_once() -> None:
    # the rulebook's rule: the game ends the moment B has 11 (Longest Road moves to him when
    # A's road is cut on C's turn), and B, with the most points, wins
    s = after_setup("A", "B", "C")
    run(s, A("correct_counts", 0, roads=6, road_length=6),
        A("correct_counts", 1, settlements=3, cities=3, roads=5, road_length=5))
    run(s, A("end_turn", 0), A("end_turn", 1), A("road_broken", 0, length=4))
    assert points(s) == [2, 11, 2] and s.state.turn == 2
    assert s.state.phase == "end" and GAME.winners(s.state) == [1]


def test_most_points_win_when_the_game_ends() -> None:
    # Option own_turn: the game ends on the turn of a player at the target, and then (as the
    # rulebook says) the player with the most points is the winner.  B is pushed to 11 on
    # C's turn (Longest Road moves to him when A's road is cut); on A's own turn A reaches
    # 10 and the game ends — B, with 11, wins, not A.
    s = after_setup("A", "B", "C", own_turn=True)
    run(s, A("correct_counts", 0, roads=6, road_length=6),
        A("correct_counts", 1, settlements=3, cities=3, roads=5, road_length=5))
    assert points(s) == [4, 9, 2]                 # A 2 settlements + LR; B 3 + 3*2
    run(s, A("end_turn", 0), A("end_turn", 1), A("road_broken", 0, length=4))
    assert points(s) == [2, 11, 2] and s.state.phase == "play"   # C's turn: B waits
    run(s, A("end_turn", 2), A("correct_counts", 0, settlements=3, cities=3))   # A: 3 + 6 = 9
    assert s.state.phase == "play"
    s.apply(A("build_settlement", 0))             # A: 4 + 6 = 10 on his own turn: the game ends
    assert points(s) == [10, 11, 2]
    assert s.state.phase == "end" and GAME.winners(s.state) == [1]
    assert GAME.prompt(s.state)["params"] == {"player": [1], "points": 11}


def test_equal_most_points_share_the_win() -> None:
    # as above, but B has 10 when A reaches 10: nobody has more, both win (our ruling)
    s = after_setup("A", "B", "C", own_turn=True)
    run(s, A("correct_counts", 0, roads=6, road_length=6),
        A("correct_counts", 1, settlements=2, cities=3, roads=5, road_length=5),
        A("end_turn", 0), A("end_turn", 1), A("road_broken", 0, length=4), A("end_turn", 2),
        A("correct_counts", 0, settlements=3, cities=3), A("build_settlement", 0))
    assert points(s) == [10, 10, 2]
    assert s.state.phase == "end" and GAME.winners(s.state) == [0, 1]


def test_win_denied_when_award_taken_back_before_own_turn() -> None:
    s = after_setup("A", "B", "C", own_turn=True)
    run(s, A("correct_counts", 0, roads=7, road_length=6),
        A("correct_counts", 1, settlements=2, cities=3, roads=5, road_length=5),
        A("end_turn", 0), A("end_turn", 1), A("road_broken", 0, length=4), A("end_turn", 2))
    # A's turn: A extends to 6 again and takes Longest Road back (strictly longer than 5)
    s.apply(A("build_road", 0, longest=6))
    assert s.state.longest_road == 0 and points(s)[1] == 8
    s.apply(A("end_turn", 0))
    assert s.state.phase == "play"


def test_hidden_victory_points_count_at_once() -> None:
    s = after_setup("A", "B", "C")
    run(s, A("correct_counts", 0, settlements=1, cities=4))   # 1 + 8 = 9
    assert s.state.phase == "play"
    assert GAME.view(s.state)["players"][0]["points"] == 9
    s.apply(A("vp_card", 0))
    assert s.state.phase == "end" and GAME.winners(s.state) == [0]
    assert GAME.moves["vp_card"].secret


def test_view_hides_vp_cards_until_reveal() -> None:
    s = after_setup("A", "B", "C")
    s.apply(A("vp_card", 0))
    assert "vp_cards" not in GAME.view(s.state)["players"][0]
    assert GAME.view(s.state, reveal=True)["players"][0]["vp_cards"] == 1
    assert GAME.view(s.state)["deck_left"] == 24  # the deck's count is public


def test_target_option() -> None:
    s = table("A", "B", "C", target=11)
    for seat in h.placement_order(3):
        s.apply(A("place", seat))
    run(s, A("correct_counts", 0, settlements=0, cities=4), A("build_settlement", 0),
        A("build_settlement", 0))   # 8 + 2 = 10 < 11
    assert s.state.phase == "play"
    s.apply(A("build_settlement", 0))  # 11
    assert s.state.phase == "end"
    assert GAME.validate_setup(["A", "B", "C"], {"target": 30})[0].code == "bad_option"


def test_correction_reopens_a_finished_game() -> None:
    s = after_setup("A", "B", "C")
    run(s, A("correct_counts", 0, settlements=2, cities=4))   # 2 + 8 = 10: wins
    assert s.state.phase == "end"
    s.apply(A("correct_counts", 0, cities=3))                 # the table miscounted: 8
    assert s.state.phase == "play" and GAME.winners(s.state) == []


def test_correct_award() -> None:
    s = after_setup("A", "B", "C")
    run(s, A("correct_counts", 1, roads=5, road_length=5), A("correct_counts", 2, roads=5, road_length=5))
    assert s.state.longest_road == 1            # B reached 5 first
    s.apply(A("correct_award", 2, award="longest_road"))
    assert s.state.longest_road == 2
    s.apply(A("correct_award", None, award="longest_road"))
    assert s.state.longest_road is None


# ----- refused entries, one each --------------------------------------------------

def test_refuse_harbor_taken() -> None:
    s = table("A", "B", "C")
    s.apply(A("place", 0, harbor="wool"))
    refused(s, A("place", 1, harbor="wool"), "harbor_taken", "catan.components.harbors")


def test_refuse_fifth_generic_harbor() -> None:
    s = table("A", "B", "C", "D")
    for seat in range(4):
        s.apply(A("place", seat, harbor="generic"))
    refused(s, A("place", 3, harbor="generic"), "harbor_taken", "catan.components.harbors")


def test_refuse_sixth_settlement() -> None:
    s = after_setup("A", "B", "C")
    run(s, *(A("build_settlement", 0) for _ in range(3)))   # 5 on the board
    refused(s, A("build_settlement", 0), "no_settlement_left", "catan.build.supply")


def test_refuse_city_without_settlement() -> None:
    s = after_setup("A", "B", "C")
    run(s, A("build_city", 0), A("build_city", 0))
    refused(s, A("build_city", 0), "city_needs_settlement", "catan.build.city")


def test_refuse_fifth_city() -> None:
    s = after_setup("A", "B", "C")
    s.apply(A("correct_counts", 0, settlements=1, cities=4))   # 1 + 4*2 = 9 points, still a settlement
    refused(s, A("build_city", 0), "no_city_left", "catan.build.supply")


def test_refuse_sixteenth_road() -> None:
    s = after_setup("A", "B", "C")
    s.apply(A("correct_counts", 0, roads=15))
    refused(s, A("build_road", 0), "no_road_left", "catan.build.supply")


def test_refuse_road_longer_than_roads() -> None:
    s = after_setup("A", "B", "C")                 # 2 roads each
    refused(s, A("build_road", 0, longest=4), "road_longer_than_roads", "catan.awards.road_length")


def test_refuse_road_that_shrinks() -> None:
    s = after_setup("A", "B", "C")
    s.apply(A("build_road", 0, longest=2))
    refused(s, A("build_road", 0, longest=1), "road_cannot_shrink", "catan.awards.road_length")


def test_refuse_cut_road_not_shorter() -> None:
    s = after_setup("A", "B", "C")
    refused(s, A("road_broken", 1, length=1), "road_not_shorter", "catan.awards.broken_road")


def test_refuse_second_development_card_in_a_turn() -> None:
    s = after_setup("A", "B", "C")
    s.apply(A("knight", 0))
    refused(s, A("progress", 0, card="monopoly"), "one_dev_card_per_turn", "catan.development.one_per_turn")
    s.apply(A("vp_card", 0))   # a VP card is not played: still allowed
    s.apply(A("end_turn", 0))
    s.apply(A("progress", 1, card="monopoly"))   # next turn, next player: fine


def test_refuse_card_beyond_the_deck() -> None:
    s = after_setup("A", "B", "C")
    for turn in range(2):   # the deck has 2 Monopoly cards
        seat = s.state.turn
        run(s, A("progress", seat, card="monopoly"), A("end_turn", seat))
    refused(s, A("progress", s.state.turn, card="monopoly"), "no_card_left", "catan.components.dev_cards")


def test_refuse_sixth_vp_card() -> None:
    """The box has 5 Victory Point cards: a player's own sixth is refused.  The others' hands
    are secret, so they never limit a purchase (an entry they would rule out is the table's
    mistake, corrected by the table)."""
    s = after_setup("A", "B", "C", "D", target=15)
    run(s, *[A("buy_dev_card", 0, card="victory_point")] * 5)
    refused(s, A("buy_dev_card", 0, card="victory_point"), "no_card_left", "catan.components.dev_cards")
    run(s, A("end_turn", 0), A("buy_dev_card", 1, card="victory_point"))


def test_refuse_correction_over_box_limit() -> None:
    s = after_setup("A", "B", "C")
    refused(s, A("correct_counts", 0, cities=5), "count_over_limit", "catan.components.pieces")


def test_refuse_award_below_minimum() -> None:
    s = after_setup("A", "B", "C")
    refused(s, A("correct_award", 1, award="largest_army"), "award_needs_minimum", "catan.awards.largest_army")


def test_refuse_out_of_turn_and_wrong_phase() -> None:
    s = table("A", "B", "C")
    err = refused(s, A("build_city", 0), "wrong_phase", "catan.build.city")
    assert err.params["phase"] == "setup"
    refused(s, A("place", 1), "not_your_turn", "catan.setup.placement")
    s = after_setup("A", "B", "C")
    refused(s, A("build_road", 2), "not_your_turn", "catan.build.road")


# ----- generic properties ------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([3, 4]))
def test_random_playouts(seed: int, n: int) -> None:
    rng = random.Random(seed)
    names = ["A", "B", "C", "D"][:n]
    s = table(*names)
    for _ in range(2000):
        legal = GAME.legal_actions(s.state)
        if GAME.is_over(s.state):
            assert legal == []
            break
        assert legal == GAME.legal_actions(s.state)      # deterministic
        action = rng.choice(legal)
        s.apply(action)
        # out-of-turn entries change nothing
        wrong = (s.state.turn + 1) % n
        if not GAME.is_over(s.state):
            before = GAME.clone(s.state)
            with pytest.raises(IllegalAction):
                GAME.apply(s.state, A("end_turn", wrong))
            assert s.state == before
    assert GAME.is_over(s.state)
    replayed = Session.replay(GAME, s.setup, s.log)
    assert replayed.state == s.state
    assert GAME.scores(s.state)[GAME.winners(s.state)[0]] >= s.state.target


def test_development_cards_bounded_across_players() -> None:
    # Rulebook (seed 002 Catan, development cards) and the box: 14 Knights and 5 Victory Point
    # cards in one deck for everybody.  Two players with 14 Knights each cannot both be true.
    s = after_setup("A", "B", "C")
    s.apply(A("correct_counts", 0, knights=14))
    err = refused(s, A("correct_counts", 1, knights=1))
    assert (err.code, err.rule, err.params) == ("total_over_limit", "catan.components.dev_cards",
                                                {"what": "knights", "limit": 14})
    run(s, A("correct_counts", 0, knights=10), A("correct_counts", 1, knights=4))
    refused(s, A("correct_counts", 2, knights=1))
    # Victory Point cards are each player's secret: only a player's own count is bounded
    run(s, A("correct_counts", 1, vp_cards=3), A("correct_counts", 2, vp_cards=2), A("correct_counts", 0, vp_cards=1))
    err = refused(s, A("correct_counts", 0, vp_cards=6))
    assert err.params == {"what": "vp_cards", "limit": 5}


def test_the_two_end_rule_transcripts() -> None:
    """docs/transcripts/catan.md shows issue 24's table under both end rules: by the rulebook
    Cho's 10 on Ana's turn ends the game and Cho wins; with own_turn=true Ana's Knight makes
    her 11 on her own turn and Ana wins (worked out by hand in the document)."""
    import io
    import json

    from companion.cli import referee
    from companion.transcripts import examples
    from games.refereeing import TRANSCRIPTS

    ends = {}
    for ex in examples(TRANSCRIPTS / "catan.md"):
        if '"road_broken", "player": "Ben", "length": 4}' in ex.body and "Cho" in ex.players:
            out = io.StringIO()
            assert referee("catan", ex.players, ex.options, io.StringIO(ex.body), "en", False, out) == 0
            result = json.loads(out.getvalue())
            ends[ex.options.get("own_turn", "false")] = (result["finished"], result["winners"],
                                                        [p["score"] for p in result["players"]])
    assert ends == {"false": (True, ["Cho"], [9, 2, 10]), "true": (True, ["Ana"], [11, 2, 10])}


# ----- development cards as a hand (issue 35) --------------------------------------------------
def test_a_hand_of_development_cards() -> None:
    """catan.development.buy, catan.development.one_per_turn: a card bought goes to the hand
    (the table sees how many, the deck loses one); it can be played from the next turn on, and
    only a kind the hand holds; a Knight played counts towards Largest Army."""
    s = after_setup("A", "B", "C")
    run(s, A("buy_dev_card", 0, card="knight"), A("buy_dev_card", 0, card="monopoly"))
    view = GAME.view(s.state)
    assert view["deck_left"] == 23 and view["players"][0]["dev_cards"] == 2
    assert view["players"][0]["dev_cards_new"] == 2 and "hand" not in view["players"][0]
    assert GAME.observe(s.state, 0)["private"]["hand"] == {"knight": 1, "monopoly": 1}
    assert GAME.observe(s.state, 1)["private"]["hand"] == {}  # B sees only B's own (empty) hand
    err = refused(s, A("knight", 0), "card_bought_this_turn", "catan.development.one_per_turn")
    assert GAME.secret_seat(s.state, err, A("knight", 0)) == 0  # told to A alone
    for seat in (0, 1, 2):
        s.apply(A("end_turn", seat))
    err = refused(s, A("progress", 0, card="year_of_plenty"), "card_not_held")
    assert GAME.secret_seat(s.state, err, A("progress", 0, card="year_of_plenty")) == 0
    s.apply(A("knight", 0))
    assert s.state.knights[0] == 1 and s.state.held[0] == 1 and s.state.hand[0] == {"knight": 0, "monopoly": 1}
    assert GAME.view(s.state)["deck_left"] == 23  # the card came from the hand, not the deck
    # the next two Knights (3 played: Largest Army, +2) come from purchases too
    for _ in range(2):
        run(s, A("buy_dev_card", 0, card="knight"), *[A("end_turn", seat) for seat in (0, 1, 2)], A("knight", 0))
    assert s.state.largest_army == 0 and GAME.view(s.state)["players"][0]["points"] == 4


def test_a_player_holding_no_entered_card_plays_one_not_entered() -> None:
    """Tables saved before purchases were entered, and a purchase forgotten: a player holding no
    entered card plays a Knight, and the deck loses it then.  With a card in hand that is not
    the one played, a forgotten purchase is entered as a correction first."""
    s = after_setup("A", "B", "C")
    s.apply(A("knight", 0))
    assert s.state.knights[0] == 1 and GAME.view(s.state)["deck_left"] == 24
    run(s, A("buy_dev_card", 0, card="victory_point"), *[A("end_turn", seat) for seat in (0, 1, 2)])
    refused(s, A("knight", 0), "card_not_held")
    s.apply(A("correct_dev_card", 0, card="knight"))  # bought earlier, not entered then
    s.apply(A("knight", 0))
    assert s.state.knights[0] == 2 and s.state.held[0] == 1 and GAME.view(s.state)["deck_left"] == 22


def test_a_hand_changes_nothing_the_others_are_offered() -> None:
    """Catan.public_state: for a seat it does not see, a device is offered what any hand of that
    size allows, so the buttons tell nothing of the hand."""
    hands = []
    for kind in ("knight", "victory_point", "monopoly"):
        s = after_setup("A", "B", "C")
        run(s, A("buy_dev_card", 0, card=kind), *[A("end_turn", seat) for seat in (0, 1, 2)])
        hands.append(list(GAME.legal_actions(GAME.public_state(s.state, frozenset({1})))))
        own = GAME.legal_actions(GAME.public_state(s.state, frozenset({0})))
        assert (A("knight", 0) in own) == (kind == "knight")  # A's own phone knows A's hand
    assert hands[0] == hands[1] == hands[2]
    assert A("knight", 0) in hands[0] and A("progress", 0, card="road_building") in hands[0]
