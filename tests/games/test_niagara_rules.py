"""Niagara referee: one test per refusal, and the rules each move carries out.

Positions are set with the table's own correction moves (the physical board is
the truth), then the move under test is tried.  Every refusal must leave the
state exactly as it was and cite a clause that exists in all three languages.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from companion.cli import referee
from companion.core import Action, IllegalAction, MalformedAction, Session
from companion.games.niagara import GAME
from companion.games.niagara.game import river_flow
from companion.transcripts import examples
from refusal import refused

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
LANGS = ("en", "zh_Hans", "zh_Hant")


def table(n: int = 3, **options) -> Session:
    """A table entering all cards at once (the option these tests were written for)."""
    return Session(GAME, GAME.setup(NAMES[:n], {"cards_at_once": True, **options}))


def do(s: Session, type: str, player: int | None = None, **args):
    return s.apply(Action.make(type, player, **args))


def refuse(s: Session, code: str, type: str, player: int | None = None, **args) -> IllegalAction:
    """tests/conftest.py ``refused`` for an action given as type, player and arguments."""
    return refused(s, Action.make(type, player, **args), code)


def put(s: Session, owner: int, canoe: int, where: str, gem: str | None = None) -> None:
    do(s, "correct_canoe", owner=owner, canoe=canoe, where=where)
    if gem:
        do(s, "correct_gem", colour=gem, source=f"site:{gem}", target=f"canoe:{owner}:{canoe}")


def bank(s: Session, owner: int, colour: str, count: int = 1) -> None:
    for _ in range(count):
        do(s, "correct_gem", colour=colour, source=f"site:{colour}", target=f"bank:{owner}")


def canoes(s: Session, seat: int) -> list[tuple[str, str | None]]:
    return [(c.where, c.gem) for c in s.state.players[seat].canoes]


# ----- paddle cards ---------------------------------------------------------------

def test_card_count():
    s = table()
    err = refuse(s, "card_count", "reveal", cards=[1, 2])
    assert err.rule == "niagara.cards.entry" and err.params == {"given": 2, "needed": 3}


def test_a_played_card_stays_out_until_all_seven_are_played():
    s = table()
    do(s, "reveal", cards=[5, 1, 1])
    do(s, "paddle", 0, canoe1="5")
    do(s, "paddle", 1, canoe1="1")
    do(s, "paddle", 2, canoe1="1")
    err = refuse(s, "card_not_in_hand", "reveal", cards=[5, 2, 2])
    assert err.params == {"player": 0, "card": 5}
    assert err.rule == "niagara.cards.cycle"


def test_the_cloud_too_stays_out_until_all_seven_are_played():
    s = table()
    do(s, "reveal", cards=[1, "cloud", 1])
    do(s, "paddle", 0, canoe1="1")
    do(s, "weather", 1, direction="up")
    do(s, "paddle", 2, canoe1="1")
    err = refuse(s, "cloud_not_in_hand", "reveal", cards=[2, "cloud", 2])
    assert err.params == {"player": 1} and err.rule == "niagara.cards.cycle"


def test_card_values_outside_the_deck_are_malformed():
    s = table()
    with pytest.raises(MalformedAction):
        do(s, "reveal", cards=[7, 1, 2])
    with pytest.raises(MalformedAction):
        do(s, "reveal", cards=[True, 1, 2])


def test_hands_return_after_the_seventh_card():
    s = table()
    deck = [1, 2, 3, 4, 5, 6, "cloud"]
    for rnd, card in enumerate(deck):
        do(s, "reveal", cards=[card] * 3)
        assert s.state.players[0].hand() == [c for c in deck if c not in deck[: rnd + 1]]
        for seat in s.state.seat_order():
            if card == "cloud":
                do(s, "weather", seat, direction="down" if s.state.weather >= 0 else "up")
            else:
                # the one canoe in the river keeps paddling; a canoe ashore launches
                plans = GAME.legal_actions(s.state)
                s.apply(plans[0])
        if rnd < 6:
            assert len(s.state.players[0].played) == rnd + 1
    # all seven were played: every hand is full again for round 8
    for player in s.state.players:
        assert player.played == [] and player.hand() == deck


# ----- weather ----------------------------------------------------------------------

def test_weather_needs_the_cloud():
    s = table()
    do(s, "reveal", cards=[3, "cloud", 2])
    err = refuse(s, "weather_needs_cloud", "weather", 0, direction="up")
    assert err.rule == "niagara.weather.cloud" and err.params == {"player": 0}


def test_weather_cannot_leave_its_track_at_either_end():
    s = table()
    do(s, "correct_weather", weather=-1)
    do(s, "reveal", cards=["cloud", "cloud", 2])
    err = refuse(s, "weather_at_end", "weather", 0, direction="down")
    assert err.params == {"weather": -1} and err.rule == "niagara.weather.step"
    do(s, "weather", 0, direction="up")
    assert s.state.weather == 0
    do(s, "correct_weather", weather=2)
    refuse(s, "weather_at_end", "weather", 1, direction="up")
    do(s, "weather", 1, direction="down")
    assert s.state.weather == 1


def test_cloud_player_moves_no_canoe():
    s = table()
    do(s, "reveal", cards=["cloud", 2, 2])
    err = refuse(s, "paddle_needs_number", "paddle", 0, canoe1="1")
    assert err.rule == "niagara.weather.no-canoes"


# ----- which canoes move --------------------------------------------------------------

def test_lost_canoe_cannot_move():
    s = table()
    do(s, "correct_canoe", owner=0, canoe=1, where="lost")
    do(s, "reveal", cards=[3, 2, 2])
    err = refuse(s, "canoe_lost", "paddle", 0, canoe1="3")
    assert err.params == {"canoe": 1} and err.rule == "niagara.falls.lost"


def test_canoe_in_the_river_must_move():
    s = table()
    put(s, 0, 1, "2")
    do(s, "reveal", cards=[3, 2, 2])
    err = refuse(s, "river_canoe_must_move", "paddle", 0, canoe2="3")
    assert err.params == {"canoe": 1} and err.rule == "niagara.turn.river-moves"
    do(s, "paddle", 0, canoe1="5", canoe2="3")  # both may go: the one ashore launches too
    assert canoes(s, 0) == [("5", None), ("3", None)]


def test_both_ashore_exactly_one_launches():
    s = table()
    do(s, "reveal", cards=[3, 2, 2])
    err = refuse(s, "must_launch", "paddle", 0)
    assert err.rule == "niagara.turn.both-ashore" and err.params == {"player": 0}
    err = refuse(s, "launch_one_only", "paddle", 0, canoe1="3", canoe2="3")
    assert err.rule == "niagara.turn.both-ashore"
    do(s, "paddle", 0, canoe2="3")
    assert canoes(s, 0) == [("shore", None), ("3", None)]


def test_only_canoe_left_ashore_must_launch():
    s = table()
    do(s, "correct_canoe", owner=0, canoe=2, where="lost")
    bank(s, 0, "white")  # a gem banked: no free canoe back
    do(s, "reveal", cards=[3, 2, 2])
    err = refuse(s, "must_launch", "paddle", 0)
    assert err.rule == "niagara.turn.only-canoe"


def test_no_canoe_at_all_the_number_card_does_nothing():
    s = table()
    do(s, "correct_canoe", owner=0, canoe=1, where="lost")
    do(s, "correct_canoe", owner=0, canoe=2, where="lost")
    bank(s, 0, "white")
    do(s, "reveal", cards=[3, 2, 2])
    do(s, "paddle", 0)
    assert canoes(s, 0) == [("lost", None), ("lost", None)]
    assert s.state.current() == 1


def test_a_canoe_ashore_launches_downstream_only():
    s = table()
    do(s, "reveal", cards=[3, 2, 2])
    err = refuse(s, "launch_into_river", "paddle", 0, canoe1="shore")
    assert err.rule == "niagara.move.launch"
    err = refuse(s, "no_gem_site", "paddle", 0, canoe1="1", canoe1_load="violet", canoe1_gems="before")
    assert err.params == {"canoe": 1, "space": "shore"}


# ----- moving ----------------------------------------------------------------------------

def test_every_point_must_be_used():
    s = table()
    do(s, "reveal", cards=[4, 2, 2])
    err = refuse(s, "wrong_distance", "paddle", 0, canoe1="3")
    assert err.params == {"canoe": 1, "to": "3", "distance": 3, "points": 4}
    assert err.rule == "niagara.move.exact"


def test_a_canoe_reaching_the_shore_may_waste_points_but_not_fall_short():
    s = table()
    put(s, 0, 1, "1", "violet")
    put(s, 1, 1, "4")
    do(s, "reveal", cards=[6, 3, 2])
    do(s, "paddle", 0, canoe1="shore")  # one space away with 6: lands, 5 points lost
    assert canoes(s, 0)[0] == ("shore", None)
    assert s.state.players[0].bank == {"violet": 1}
    err = refuse(s, "wrong_distance", "paddle", 1, canoe1="shore")
    assert err.params == {"canoe": 1, "to": "shore", "distance": 4, "points": 3}


def test_cannot_reach_the_falls():
    s = table()
    put(s, 0, 1, "3")
    do(s, "reveal", cards=[4, 2, 2])
    err = refuse(s, "cannot_reach_falls", "paddle", 0, canoe1="falls")
    assert err.params == {"canoe": 1, "points": 4}


def test_paddling_over_the_falls_loses_canoe_and_returns_gem_to_its_own_site():
    s = table()
    put(s, 0, 1, "L7", "violet")  # a violet gem somewhere near the falls
    do(s, "reveal", cards=[1, 2, 2])
    do(s, "paddle", 0, canoe1="falls")
    assert canoes(s, 0)[0] == ("lost", None)
    assert s.state.sites["violet"] == {"violet": 7}


def test_no_change_of_direction_through_the_fork():
    s = table()
    put(s, 0, 1, "L6")
    do(s, "reveal", cards=[2, 2, 2])
    err = refuse(s, "other_branch", "paddle", 0, canoe1="R6")
    assert err.params == {"canoe": 1, "to": "R6"} and err.rule == "niagara.move.branch"
    do(s, "paddle", 0, canoe1="4")  # straight up the arm: L6 -> 5 -> 4


# ----- gems --------------------------------------------------------------------------------

def test_gems_cost_points():
    s = table()
    put(s, 0, 1, "4", "violet")
    do(s, "reveal", cards=[3, 2, 2])
    err = refuse(s, "not_enough_points", "paddle", 0, canoe1="4", canoe1_unload=True,
                 canoe1_load="white", canoe1_gems="before")
    assert err.params == {"canoe": 1, "points": 3, "cost": 4} and err.rule == "niagara.gems.cost"


def test_gems_only_beside_a_site():
    s = table()
    put(s, 0, 1, "2", "violet")
    do(s, "reveal", cards=[2, 2, 2])
    err = refuse(s, "no_gem_site", "paddle", 0, canoe1="2", canoe1_unload=True, canoe1_gems="before")
    assert err.params == {"canoe": 1, "space": "2"} and err.rule == "niagara.gems.at-site"


def test_nothing_to_unload():
    s = table()
    put(s, 0, 1, "4")
    do(s, "reveal", cards=[2, 2, 2])
    err = refuse(s, "no_gem_to_unload", "paddle", 0, canoe1="4", canoe1_unload=True, canoe1_gems="before")
    assert err.rule == "niagara.gems.at-site"


def test_never_unload_at_the_site_of_its_own_colour():
    s = table()
    put(s, 0, 1, "3", "violet")
    do(s, "reveal", cards=[2, 2, 2])
    err = refuse(s, "unload_own_colour", "paddle", 0, canoe1="3", canoe1_unload=True, canoe1_gems="after")
    assert err.rule == "niagara.gems.own-colour"


def test_one_gem_per_canoe():
    s = table()
    put(s, 0, 1, "4", "violet")
    do(s, "reveal", cards=[2, 2, 2])
    err = refuse(s, "canoe_full", "paddle", 0, canoe1="4", canoe1_load="white", canoe1_gems="before")
    assert err.rule == "niagara.gems.one"


def test_swap_must_change_colour():
    s = table()
    put(s, 0, 1, "4", "violet")
    do(s, "reveal", cards=[4, 2, 2])
    err = refuse(s, "reload_same_colour", "paddle", 0, canoe1="4", canoe1_unload=True,
                 canoe1_load="violet", canoe1_gems="before")
    assert err.rule == "niagara.gems.swap"


def test_unload_then_load_costs_four_without_moving():
    s = table()
    put(s, 0, 1, "4", "violet")
    do(s, "reveal", cards=[4, 2, 2])
    do(s, "paddle", 0, canoe1="4", canoe1_unload=True, canoe1_load="white", canoe1_gems="after")
    assert canoes(s, 0)[0] == ("4", "white")
    # the white site now holds the violet gem and one white fewer: 7 - 1 = 6
    assert s.state.sites["white"] == {"white": 6, "violet": 1}
    assert s.state.sites["violet"] == {"violet": 6}


def test_load_only_a_colour_the_site_holds():
    s = table()
    put(s, 0, 1, "4")
    do(s, "reveal", cards=[2, 2, 2])
    err = refuse(s, "gem_not_at_site", "paddle", 0, canoe1="4", canoe1_load="violet", canoe1_gems="before")
    assert err.rule == "niagara.gems.choose"


def test_load_first_then_move_or_move_then_load():
    s = table()
    put(s, 0, 1, "3")
    put(s, 0, 2, "1")
    do(s, "reveal", cards=[4, 2, 2])
    # canoe 1 loads beside its site (2) then paddles 2 down; canoe 2 paddles 2 down then loads (2)
    do(s, "paddle", 0, canoe1="5", canoe1_load="violet", canoe1_gems="before",
       canoe2="3", canoe2_load="violet", canoe2_gems="after")
    assert canoes(s, 0) == [("5", "violet"), ("3", "violet")]
    assert s.state.sites["violet"] == {"violet": 5}


def test_a_gem_turn_without_gems_named_is_malformed():
    s = table()
    put(s, 0, 1, "3")
    do(s, "reveal", cards=[2, 2, 2])
    with pytest.raises(MalformedAction):
        do(s, "paddle", 0, canoe1="3", canoe1_load="violet")
    with pytest.raises(MalformedAction):
        do(s, "paddle", 0, canoe1_load="violet", canoe1_gems="before")


# ----- robbery --------------------------------------------------------------------------

def _robbery_table() -> Session:
    s = table()
    put(s, 1, 1, "3", "white")
    put(s, 2, 1, "3", "yellow")
    put(s, 2, 2, "3")
    put(s, 0, 1, "5")
    return s


def test_robbery_takes_the_chosen_gem_for_free():
    s = _robbery_table()
    do(s, "reveal", cards=[2, 3, 3])
    do(s, "paddle", 0, canoe1="3", canoe1_rob_player=2, canoe1_rob_canoe=1)
    assert canoes(s, 0)[0] == ("3", "yellow")
    assert canoes(s, 2)[0] == ("3", None)
    assert canoes(s, 1)[0] == ("3", "white")


def test_robbery_after_unloading_at_the_start():
    s = table()
    put(s, 1, 1, "3", "white")
    put(s, 0, 1, "5", "violet")
    do(s, "reveal", cards=[4, 3, 3])
    # unload violet at the yellow site (2), paddle up 2 to space 3, rob the white gem
    do(s, "paddle", 0, canoe1="3", canoe1_unload=True, canoe1_gems="before",
       canoe1_rob_player=1, canoe1_rob_canoe=1)
    assert canoes(s, 0)[0] == ("3", "white")
    assert s.state.sites["yellow"] == {"yellow": 7, "violet": 1}


def test_robbery_needs_an_upstream_move():
    s = _robbery_table()
    put(s, 0, 2, "1")
    do(s, "reveal", cards=[2, 3, 3])
    err = refuse(s, "rob_not_upstream", "paddle", 0, canoe1="3", canoe2="3",
                 canoe2_rob_player=1, canoe2_rob_canoe=1)
    assert err.rule == "niagara.rob.when" and err.params == {"canoe": 2}


def test_robbery_needs_an_empty_canoe():
    s = _robbery_table()
    do(s, "correct_gem", colour="pink", source="site:pink", target="canoe:0:1")
    do(s, "reveal", cards=[2, 3, 3])
    refuse(s, "rob_not_empty", "paddle", 0, canoe1="3", canoe1_rob_player=1, canoe1_rob_canoe=1)


def test_robbery_not_from_your_own_canoe():
    s = _robbery_table()
    put(s, 0, 2, "3", "violet")
    do(s, "reveal", cards=[2, 3, 3])
    refuse(s, "rob_own_canoe", "paddle", 0, canoe1="3", canoe2="5",
           canoe1_rob_player=0, canoe1_rob_canoe=2)


def test_robbery_only_on_the_space_where_the_move_ends():
    s = _robbery_table()
    put(s, 1, 2, "2", "pink")
    do(s, "reveal", cards=[2, 3, 3])
    err = refuse(s, "rob_not_beside", "paddle", 0, canoe1="3", canoe1_rob_player=1, canoe1_rob_canoe=2)
    assert err.params == {"canoe": 1, "target_player": 1, "target_canoe": 2}


def test_robbery_needs_a_loaded_victim():
    s = _robbery_table()
    do(s, "reveal", cards=[2, 3, 3])
    err = refuse(s, "rob_target_empty", "paddle", 0, canoe1="3", canoe1_rob_player=2, canoe1_rob_canoe=2)
    assert err.params == {"canoe": 1, "target_player": 2, "target_canoe": 2}


# ----- falls, buy-back, rescue ----------------------------------------------------------

def test_buy_back_needs_a_lost_canoe_and_a_banked_gem():
    s = table()
    bank(s, 0, "white")
    do(s, "correct_canoe", owner=0, canoe=2, where="lost")
    do(s, "reveal", cards=[3, 2, 2])
    err = refuse(s, "canoe_not_lost", "buy_back", 0, canoe=1, gem="white")
    assert err.rule == "niagara.falls.buy-back"
    err = refuse(s, "gem_not_banked", "buy_back", 0, canoe=2, gem="pink")
    assert err.params == {"player": 0}
    do(s, "buy_back", 0, canoe=2, gem="white")
    assert s.state.players[0].bank == {}
    assert s.state.sites["white"] == {"white": 7}
    # bought back at the start of the turn, it is ashore like the other: one launches
    refuse(s, "launch_one_only", "paddle", 0, canoe1="3", canoe2="3")
    do(s, "paddle", 0, canoe2="3")


def test_both_canoes_lost_without_gems_one_comes_back_at_once():
    s = table()
    put(s, 0, 1, "L7")
    put(s, 0, 2, "R7", "pink")
    do(s, "reveal", cards=[1, 2, 2])
    do(s, "paddle", 0, canoe1="falls", canoe2="falls")
    # both over the falls, nothing banked: canoe 1 is back ashore, the pink gem back home
    assert canoes(s, 0) == [("shore", None), ("lost", None)]
    assert s.state.sites["pink"] == {"pink": 7}


def test_both_lost_with_a_gem_banked_no_free_canoe():
    s = table()
    bank(s, 0, "violet")
    put(s, 0, 1, "L7")
    put(s, 0, 2, "R7")
    do(s, "reveal", cards=[1, 2, 2])
    do(s, "paddle", 0, canoe1="falls", canoe2="falls")
    assert canoes(s, 0) == [("lost", None), ("lost", None)]


# ----- corrections ------------------------------------------------------------------------

def test_corrections_keep_the_gems_adding_up():
    s = table()
    put(s, 0, 1, "3", "violet")
    err = refuse(s, "correction_canoe_loaded", "correct_canoe", owner=0, canoe=1, where="shore")
    assert err.rule == "niagara.table.corrections" and err.params == {"canoe": 1}
    refuse(s, "correction_canoe_loaded", "correct_canoe", owner=0, canoe=1, where="lost")
    err = refuse(s, "correction_no_gem", "correct_gem", colour="pink", source="bank:1", target="site:pink")
    assert err.params == {"place": "bank:1"}
    refuse(s, "correction_no_gem", "correct_gem", colour="white", source="canoe:0:1", target="site:white")
    err = refuse(s, "correction_canoe_full", "correct_gem", colour="white", source="site:white",
                 target="canoe:0:1")
    assert err.params == {"place": "canoe:0:1"}
    refuse(s, "correction_canoe_full", "correct_gem", colour="white", source="site:white", target="canoe:1:1")
    with pytest.raises(MalformedAction):
        do(s, "correct_gem", colour="white", source="site:nowhere", target="spare")
    # a spare brought into play, and the violet taken off before the canoe goes ashore
    do(s, "correct_gem", colour="blue", source="spare", target="site:blue")
    do(s, "correct_gem", colour="violet", source="canoe:0:1", target="bank:0")
    do(s, "correct_canoe", owner=0, canoe=1, where="shore")
    assert "blue" not in s.state.spares and s.state.sites["blue"] == {"blue": 8}
    assert s.state.players[0].bank == {"violet": 1} and canoes(s, 0)[0] == ("shore", None)


def test_corrections_are_allowed_after_the_game_ended():
    s = table(round_limit=1)
    _round(s, [3, 2, 2])
    assert s.state.phase == "end"
    do(s, "correct_weather", weather=2)
    assert s.state.weather == 2


# ----- the river flows --------------------------------------------------------------------

def _round(s: Session, cards: list) -> None:
    """Reveal and let every player make the first listed move (the last for a cloud;
    never the table's tap on the fork)."""
    do(s, "reveal", cards=cards)
    while s.state.phase == "turn":
        turn = [a for a in GAME.legal_actions(s.state) if a.type != "fork"]
        s.apply(turn[-1 if s.state.cards[s.state.current()] == "cloud" else 0])


def test_flow_is_lowest_number_plus_weather():
    s = table()
    do(s, "correct_weather", weather=1)
    do(s, "reveal", cards=[4, 2, 6])
    assert river_flow(s.state) == 3  # lowest 2, weather +1
    do(s, "correct_weather", weather=-1)
    assert river_flow(s.state) == 1  # 2 - 1


def test_only_clouds_flow_only_with_positive_weather():
    for weather, flow in ((-1, 0), (0, 0), (1, 1), (2, 2)):
        s = table()
        do(s, "correct_weather", weather=weather)
        do(s, "reveal", cards=["cloud", "cloud", "cloud"])
        assert river_flow(s.state) == flow


def test_flow_never_below_zero():
    s = table()
    do(s, "correct_weather", weather=-1)
    do(s, "reveal", cards=[1, 5, "cloud"])
    assert river_flow(s.state) == 0  # 1 - 1


def test_the_current_carries_canoes_through_the_fork_and_over_the_falls():
    s = table()
    put(s, 1, 1, "4")
    put(s, 1, 2, "5", "yellow")
    put(s, 2, 1, "L7", "blue")
    put(s, 2, 2, "R6")
    do(s, "correct_weather", weather=1)
    do(s, "reveal", cards=["cloud", 1, 1])
    do(s, "weather", 0, direction="up")  # +1 -> +2: flow will be 1 + 2 = 3
    do(s, "paddle", 1, canoe1="3", canoe2="4")  # Bo: 4 -> 3, 5 -> 4 (upstream)
    do(s, "paddle", 2, canoe1="L6", canoe2="R7")  # Cy: L7 -> L6 up, R6 -> R7 down
    # Each step moves the channel and only the arm the disc enters (seed 003, "moving the
    # river" 6-7: one disc in, one over the falls; at the fork left and right in turn):
    # step 1 (disc left): Bo 3->4, 4->5; Cy L6->L7; the right arm stands: Cy stays on R7
    # step 2 (disc right): Bo 4->5, 5->R6; Cy R7->falls (empty); the left arm stands: Cy L7
    # step 3 (disc left): Bo 5->L6, his R6 stays; Cy L7->falls, blue back home; both lost,
    #         nothing banked: canoe 1 back ashore at once
    assert canoes(s, 1) == [("L6", None), ("R6", "yellow")]
    assert canoes(s, 2) == [("shore", None), ("lost", None)]
    assert canoes(s, 0) == [("shore", None), ("shore", None)]
    assert s.state.sites["blue"] == {"blue": 7}
    assert s.state.last_flow == 3 and s.state.fork_next == "right"
    assert s.state.phase == "reveal" and s.state.lifebuoy == 1 and s.state.round == 2


def test_the_table_can_correct_the_fork():
    s = table()
    put(s, 0, 1, "5")
    do(s, "correct_fork", arm="right")
    do(s, "reveal", cards=[2, 1, 1])
    do(s, "paddle", 0, canoe1="5", canoe1_load="yellow", canoe1_gems="before")
    do(s, "paddle", 1, canoe1="1")
    do(s, "paddle", 2, canoe1="1")
    # flow 1 + 0 = 1: the disc goes right as corrected
    assert canoes(s, 0)[0] == ("R6", "yellow")


def _fork_round(tap: bool) -> Session:
    """Ann (cloud) has canoe 1 on R7 with a pink gem and canoe 2 on L6; the weather goes
    from -1 up to 0, Bo launches to 1 and Cy to 3: the river flows 1 + 0 = 1 step, its
    disc entering the left arm (the first) or, after the table taps the fork, the right."""
    s = Session(GAME, GAME.setup(NAMES[:3]))
    put(s, 0, 1, "R7", "pink")
    put(s, 0, 2, "L6")
    do(s, "correct_weather", weather=-1)
    if tap:
        do(s, "fork", arm="right")
    do(s, "card", 0, card="cloud")
    do(s, "weather", 0, direction="up")
    do(s, "card", 1, card=1)
    do(s, "paddle", 1, canoe1="1")
    do(s, "card", 2, card=3)
    do(s, "paddle", 2, canoe1="3")
    assert s.state.last_flow == 1 and s.state.round == 2
    return s


def test_disc_left_moves_the_left_arm_and_the_right_arm_stays():
    # seed 003, moving the river 6-7: each step pushes one disc in and one over the falls;
    # at the fork the disc goes into one arm.  The first goes left: L6 -> L7, while Ann's
    # canoe on R7 stays with its pink; the channel moves: Bo 1 -> 2, Cy 3 -> 4.
    s = _fork_round(tap=False)
    assert canoes(s, 0) == [("R7", "pink"), ("L7", None)]
    assert canoes(s, 1)[0] == ("2", None) and canoes(s, 2)[0] == ("4", None)
    assert s.state.sites["pink"] == {"pink": 6} and s.state.fork_next == "right"


def test_disc_right_sends_the_canoe_on_r7_over_the_falls():
    # The table tapped the fork: the disc goes right: R7's canoe goes over the falls (its
    # pink back to its site), the left arm stands (canoe 2 stays on L6); Bo 1 -> 2, Cy 3 -> 4.
    s = _fork_round(tap=True)
    assert canoes(s, 0) == [("lost", None), ("L6", None)]
    assert canoes(s, 1)[0] == ("2", None) and canoes(s, 2)[0] == ("4", None)
    assert s.state.sites["pink"] == {"pink": 7} and s.state.fork_next == "left"


def test_the_fork_tap_switches_the_next_disc_and_the_rest_alternate():
    s = table()
    assert s.state.fork_next == "left"
    assert GAME.legal_actions(s.state)[-1] == Action.make("fork", None, arm="right")
    do(s, "fork", arm="right")
    assert s.state.fork_next == "right"
    assert GAME.legal_actions(s.state)[-1] == Action.make("fork", None, arm="left")
    err = refuse(s, "fork_already", "fork", arm="right")
    assert err.rule == "niagara.river.fork"
    # three steps of flow from there: right, left, right; a canoe launched to 5 rides them
    do(s, "correct_weather", weather=2)
    do(s, "reveal", cards=[1, 5, 4])
    do(s, "paddle", 0, canoe1="1")
    do(s, "paddle", 1, canoe1="5")
    do(s, "paddle", 2, canoe1="4")
    # flow 1 + 2 = 3: step 1 (right) Ann 1->2, Bo 5->R6, Cy 4->5; step 2 (left) Ann 2->3,
    # Bo stays, Cy 5->L6; step 3 (right) Ann 3->4, Bo R6->R7, Cy stays on L6
    assert [canoes(s, seat)[0][0] for seat in range(3)] == ["4", "R7", "L6"]
    assert s.state.fork_next == "left"


def test_the_fork_is_no_move_once_the_game_is_over():
    s = table(round_limit=1)
    _round(s, [3, 2, 2])
    assert s.state.phase == "end"
    refuse(s, "game_over", "fork", arm="right")
    do(s, "correct_fork", arm="right")  # the correction stays available
    assert s.state.fork_next == "right"


def test_view_shows_flow_hands_and_needs():
    s = table()
    bank(s, 0, "violet", 3)
    bank(s, 0, "white")
    do(s, "reveal", cards=[3, 2, "cloud"])
    view = GAME.view(s.state)
    assert view["flow"] == 2
    ann = view["players"][0]
    assert ann["hand"] == [1, 2, 4, 5, 6, "cloud"]
    assert ann["needs"] == {"same_colour": 1, "different_colours": 3, "any_colours": 3}
    assert GAME.prompt(s.state) == {"code": "phase.turn", "players": [0], "params": {"round": 1, "player": 0, "card": 3}}
    do(s, "paddle", 0, canoe1="3")
    do(s, "paddle", 1, canoe1="2")
    assert GAME.prompt(s.state) == {"code": "phase.turn_cloud", "players": [2], "params": {"round": 1, "player": 2}}


# ----- winning ----------------------------------------------------------------------------

def _race(**options) -> Session:
    """Ann holds 3 violet and paddles a 4th home; Bo holds 6 white and one
    yellow lands; Cy holds 4 pink already but only banks at the end of a round."""
    s = table(**options)
    bank(s, 0, "violet", 3)
    bank(s, 1, "white", 6)
    put(s, 0, 1, "1", "violet")
    put(s, 1, 1, "2", "yellow")
    return s


def test_the_round_is_played_out_and_everyone_who_qualifies_wins():
    s = _race()
    do(s, "reveal", cards=[1, 2, 3])
    do(s, "paddle", 0, canoe1="shore")  # Ann: 4 violet
    assert s.state.phase == "turn"  # the round goes on
    do(s, "paddle", 1, canoe1="shore")  # Bo: 6 white + 1 yellow = 7
    do(s, "paddle", 2, canoe1="3")
    assert s.state.phase == "end" and GAME.winners(s.state) == [0, 1]
    assert GAME.legal_actions(s.state) == []
    refuse(s, "game_over", "reveal", cards=[2, 3, 4])
    assert GAME.scores(s.state) == [4.0, 7.0, 0.0]


def test_tiebreak_option_prefers_the_more_valuable_gems():
    s = _race(tiebreak=True)
    do(s, "reveal", cards=[1, 2, 3])
    do(s, "paddle", 0, canoe1="shore")
    do(s, "paddle", 1, canoe1="shore")
    do(s, "paddle", 2, canoe1="3")
    # Ann 4 violet = 4 x 1 = 4; Bo 6 white + 1 yellow = 6 x 2 + 3 = 15
    assert GAME.winners(s.state) == [1]


def test_five_different_colours_win():
    s = table()
    for colour in ("violet", "white", "yellow", "blue"):
        bank(s, 2, colour)
    put(s, 2, 1, "1", "pink")
    do(s, "reveal", cards=[2, 2, 1])
    do(s, "paddle", 0, canoe1="2")
    do(s, "paddle", 1, canoe1="2")
    do(s, "paddle", 2, canoe1="shore")
    assert GAME.winners(s.state) == [2]


def test_round_limit_ends_the_game_with_most_gems_winning():
    s = table(round_limit=1)
    bank(s, 1, "white", 2)
    bank(s, 2, "pink", 2)
    bank(s, 0, "blue")
    _round(s, [3, 2, 2])
    assert s.state.phase == "end" and GAME.winners(s.state) == [1, 2]


def test_round_limit_zero_means_none_and_nobody_with_gems_means_no_winner():
    s = table(round_limit=0)
    for _ in range(3):
        _round(s, [3, 2, 2] if s.state.round == 1 else [4, 3, 3] if s.state.round == 2 else [5, 4, 4])
    assert s.state.phase == "reveal" and s.state.round == 4
    s = table(round_limit=1)
    _round(s, [3, 2, 2])
    assert s.state.phase == "end" and GAME.winners(s.state) == []


# ----- legal actions ----------------------------------------------------------------------

def test_legal_actions_list_robberies_and_are_all_accepted():
    s = _robbery_table()
    do(s, "reveal", cards=[2, 3, 3])
    legal = GAME.legal_actions(s.state)
    assert legal == GAME.legal_actions(s.state)
    for action in legal:
        assert GAME.is_legal(s.state, action), action
    # the turn's moves, then the table's tap on the fork
    assert legal[-1] == Action.make("fork", None, arm="right")
    legal = [a for a in legal if a.type == "paddle"]
    assert len(legal) == len(GAME.legal_actions(s.state)) - 1
    robs = [a for a in legal if "canoe1_rob_player" in a]
    assert {(a["canoe1_rob_player"], a["canoe1_rob_canoe"]) for a in robs} == {(1, 1), (2, 1)}
    # canoe 1 at 5 with 2 points: up to 3 (no robbery, or rob Bo, or rob Cy), down two
    # to L7 or R7, or load yellow (2) and stay: 6 ways; canoe 2 ashore stays or launches
    # to space 2: 6 x 2 = 12 turns
    assert sorted(a["canoe1"] for a in legal) == sorted(["3", "3", "3", "5", "L7", "R7"] * 2)
    assert sorted(str(a.get("canoe2")) for a in legal) == ["2"] * 6 + ["None"] * 6


def test_legal_actions_for_a_cloud_and_for_buy_back():
    s = table()
    bank(s, 0, "white")
    do(s, "correct_canoe", owner=0, canoe=1, where="lost")
    do(s, "correct_weather", weather=2)
    do(s, "reveal", cards=["cloud", 2, 2])
    assert [a.to_json() for a in GAME.legal_actions(s.state)] == [
        {"type": "buy_back", "player": 0, "canoe": 1, "gem": "white"},
        {"type": "weather", "player": 0, "direction": "down"},
        {"type": "fork", "arm": "right"},
    ]


def test_reveal_lists_every_combination_of_hands():
    s = table()
    assert len(GAME.legal_actions(s.state)) == 7 ** 3 + 1  # and the tap on the fork
    _round(s, [3, 2, 2])
    assert len(GAME.legal_actions(s.state)) == 6 ** 3 + 1


def test_core_refusals_cite_the_turn_order_clause():
    s = table()
    refuse(s, "wrong_phase", "paddle", 0, canoe1="3")
    do(s, "reveal", cards=[3, 2, 2])
    err = refuse(s, "not_your_turn", "paddle", 1, canoe1="2")
    assert err.params["expected_players"] == [0]


# ----- cards turned over on their owner's turn (the rulebook; the default) ----------------

def test_each_card_is_entered_on_its_owners_turn():
    # Rulebook (seed 001 Niagara and seed 003 "player's turn" step 1): every player lays a
    # paddle card face down; then, from the lifebuoy clockwise, each player turns his own
    # card over at the start of his turn.  The river's flow (the lowest number + weather 0)
    # is only known once the last card is turned over.
    s = Session(GAME, GAME.setup(NAMES[:3]))
    assert s.state.phase == "turn" and not s.state.cards_at_once
    assert GAME.prompt(s.state)["code"] == "phase.turn_card" and GAME.prompt(s.state)["players"] == [0]
    refuse(s, "card_not_turned", "paddle", 0, canoe1="5")
    refuse(s, "not_your_turn", "card", 1, card=2)
    assert {a.type for a in GAME.legal_actions(s.state)} == {"card", "fork"}  # fork: the table's
    do(s, "card", 0, card=5)
    refuse(s, "card_already_turned", "card", 0, card=4)
    assert GAME.prompt(s.state)["params"]["card"] == 5
    assert GAME.view(s.state)["flow"] is None            # Bo's and Cy's cards are still face down
    do(s, "paddle", 0, canoe1="5")                       # Ann launches: shore -> space 5
    do(s, "card", 1, card=2)
    do(s, "paddle", 1, canoe1="2")                       # Bo: space 2
    assert GAME.view(s.state)["flow"] is None
    do(s, "card", 2, card=3)
    assert GAME.view(s.state)["flow"] == 2               # min(5, 2, 3) + 0
    do(s, "paddle", 2, canoe1="3")                       # Cy: space 3
    # the river moves 2: Bo 2 -> 4, Cy 3 -> 5; the lifebuoy passes to Bo
    assert s.state.last_flow == 2
    assert canoes(s, 1)[0] == ("4", None) and canoes(s, 2)[0] == ("5", None)
    assert s.state.round == 2 and s.state.lifebuoy == 1 and s.state.cards == [None] * 3
    assert GAME.prompt(s.state)["code"] == "phase.turn_card" and GAME.prompt(s.state)["players"] == [1]
    assert s.state.players[0].hand() == [1, 2, 3, 4, 6, "cloud"]
    refuse(s, "card_not_in_hand", "card", 1, card=2)     # Bo's 2 stays out until all seven are played


def test_a_card_entry_can_be_undone_and_a_cloud_moves_the_weather():
    s = Session(GAME, GAME.setup(NAMES[:3]))
    do(s, "card", 0, card="cloud")
    s.undo()                                             # a typing mistake: nothing hidden is lost
    assert s.state.cards == [None] * 3 and "cloud" in s.state.players[0].hand()
    do(s, "card", 0, card="cloud")
    assert GAME.prompt(s.state)["code"] == "phase.turn_cloud"
    refuse(s, "paddle_needs_number", "paddle", 0, canoe1="1")
    do(s, "weather", 0, direction="up")
    assert s.state.weather == 1 and GAME.active_players(s.state) == frozenset({1})


def test_all_cards_at_once_is_a_table_option():
    s = Session(GAME, GAME.setup(NAMES[:3], {"cards_at_once": True}))
    assert s.state.phase == "reveal" and GAME.view(s.state)["cards_at_once"]
    refuse(s, "wrong_phase", "card", 0, card=5)
    do(s, "reveal", cards=[5, 2, 3])
    assert GAME.view(s.state)["flow"] == 2               # known before anyone moves


def test_the_fork_transcripts_in_the_docs_end_as_worked_out():
    # docs/transcripts/niagara.md's two fork examples (the rounds of _fork_round above), through
    # `companion referee`: disc left, Ann's canoe on R7 stays with its pink; disc right, it falls
    doc = Path(__file__).resolve().parents[2] / "docs" / "transcripts" / "niagara.md"
    fork = [ex for ex in examples(doc) if '"R7"' in ex.body]
    assert len(fork) == 2
    ends = {}
    for ex in fork:
        out = io.StringIO()
        assert referee(ex.game, ex.players, ex.options, io.StringIO(ex.body), "en", False, out) == 0
        state = json.loads(out.getvalue())
        ends['"type": "fork"' in ex.body] = [(c["where"], c["gem"]) for c in state["players"][0]["canoes"]]
    assert ends == {False: [("R7", "pink"), ("L7", None)], True: [("lost", None), ("L6", None)]}
