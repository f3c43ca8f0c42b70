"""Pandemic score sheet: setup tables, golden sequences worked out by hand, refusals."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Action, Session
from companion.games.pandemic import GAME
from companion.games.pandemic import facts as helpers
from companion.rules import library
from games.refereeing import play_out, refused, transcript_results

A = Action.make


def table(players=("Ann", "Bo"), roles=("scientist", "medic"), colours=None, first=0, **options):
    """A game through setup: roles, the nine setup infections, first player."""
    setup = GAME.setup(list(players), options)
    session = Session(GAME, setup)
    for seat, role in enumerate(roles):
        session.apply(A("role", seat, role=role))
    for colour in colours or ["blue"] * 9:
        session.apply(A("setup_infect", colour=colour))
    session.apply(A("first_player", first))
    return session


# ----- setup tables against the rulebook ---------------------------------------
def test_components_add_up():
    f = library.facts("pandemic")
    # 48 city + 5 event + at most 6 epidemic cards = the 59 player cards in the box
    assert f["city_cards"] + f["event_cards"] + f["max_epidemic_cards"] == f["components"]["player_cards"] == 59
    # four colours of 24 cubes = the 96 cubes in the box
    assert len(f["colours"]) * f["cubes_per_colour"] == f["components"]["disease_cubes"] == 96
    assert len(f["roles"]) == f["components"]["role_cards"] == 5
    assert len(f["events"]) == f["event_cards"]
    # markers: infection rate, outbreaks and four cures
    assert f["components"]["markers"] == 1 + 1 + 4


def test_setup_numbers():
    assert [helpers.starting_hand(n) for n in (2, 3, 4)] == [4, 3, 2]
    assert [helpers.epidemic_count(d) for d in ("introductory", "standard", "heroic")] == [4, 5, 6]
    assert helpers.fact("setup_infection") == [1, 1, 1, 2, 2, 2, 3, 3, 3]  # 3 cities each of 1, 2, 3 cubes
    assert helpers.fact("infection_rate_track") == [2, 2, 2, 3, 3, 4, 4]
    assert (helpers.fact("outbreak_limit"), helpers.fact("hand_limit")) == (8, 7)
    assert (helpers.fact("cure_cards"), helpers.fact("scientist_cure_cards")) == (5, 4)


def test_epidemic_piles_by_hand():
    # 2 players, introductory: 53 - 2*4 = 45 cards in 4 piles: 12, 11, 11, 11, plus one epidemic each
    assert helpers.epidemic_piles(2, 4) == [13, 12, 12, 12]
    # 3 players, standard: 53 - 3*3 = 44 in 5 piles: 9, 9, 9, 9, 8 (+1)
    assert helpers.epidemic_piles(3, 5) == [10, 10, 10, 10, 9]
    # 4 players, heroic: 53 - 4*2 = 45 in 6 piles: 8, 8, 8, 7, 7, 7 (+1)
    assert helpers.epidemic_piles(4, 6) == [9, 9, 9, 8, 8, 8]
    summary = helpers.setup_summary(4, "heroic")
    assert summary["player_deck"] == 45 + 6
    assert summary["cards_dealt"] == 8
    assert summary["infection_deck"] == 48 - 9


def test_initial_state_counts():
    session = table(colours=["blue", "blue", "red", "yellow", "black", "red", "blue", "yellow", "black"])
    view = GAME.view(session.state)
    # cubes 1,1,1,2,2,2,3,3,3 in that order: blue 1+1+3, red 1+2, yellow 2+3, black 2+3
    assert {c: d["on_board"] for c, d in view["diseases"].items()} == {"blue": 5, "red": 3, "yellow": 5, "black": 5}
    assert view["diseases"]["blue"]["supply"] == 24 - 5
    assert (view["infection_deck"], view["infection_discard"]) == (39, 9)
    assert view["player_deck"] == 45 + 4
    assert [p["hand"] for p in view["players"]] == [4, 4]
    assert (view["infection_rate"], view["outbreaks"], view["stations"]) == (2, 0, 1)
    assert session.state.phase == "actions" and session.state.actions_left == 4


# ----- golden sequence ------------------------------------------------------------
def test_golden_two_turns():
    s = table(colours=["blue", "blue", "red", "yellow", "black", "red", "blue", "yellow", "black"])
    # Ann (scientist): direct flight (hand 4->3), treat 1 blue (5->4), build (hand 3->2, stations 2),
    # shuttle: four actions spent
    for action in (A("move", 0, how="direct"), A("treat", 0, colour="blue", cubes=1), A("build", 0),
                   A("move", 0, how="shuttle")):
        s.apply(action)
    assert s.state.phase == "draw"
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    # hand 2+2 = 4, deck 49-2 = 47; infect 2 cards (rate 2)
    assert (s.state.hands[0], s.state.player_deck, s.state.phase, s.state.infections_left) == (4, 47, "infect", 2)
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))   # red 3+1 = 4
    s.apply(A("infect", colour="blue", cubes=1, outbreaks=0))  # blue 4+1 = 5
    assert (s.state.infection_deck, s.state.infection_discard) == (39 - 2, 9 + 2)
    assert (s.state.turn, s.state.phase) == (1, "actions")
    # Bo (medic): treat 2 red at once (4->2), pass the rest
    s.apply(A("treat", 1, colour="red", cubes=2))
    s.apply(A("pass_actions", 1))
    # first draw is an epidemic: rate index 1 (rate still 2); bottom card yellow gets 3 cubes (5->8)
    s.apply(A("draw", 1, card="epidemic"))
    assert s.state.phase == "epidemic_infect" and s.state.rate_index == 1
    s.apply(A("infect", colour="yellow", cubes=3, outbreaks=0))
    assert (s.state.infection_deck, s.state.infection_discard) == (36, 12)
    s.apply(A("intensify"))
    assert (s.state.infection_deck, s.state.infection_discard, s.state.phase) == (48, 0, "draw")
    s.apply(A("draw", 1, card="card"))
    # hand 4+1 = 5; deck 47-2 = 45; rate 2 cards: black outbreak spreading 2 cubes (5->7), yellow 1 (8->9)
    s.apply(A("infect", colour="black", cubes=2, outbreaks=1))
    s.apply(A("infect", colour="yellow", cubes=1, outbreaks=0))
    v = GAME.view(s.state)
    assert [p["hand"] for p in v["players"]] == [4, 5]
    assert v["player_deck"] == 45
    # spent cards: direct flight 1 + build 1 + the epidemic 1
    assert v["player_discard"] == 3
    assert {c: d["on_board"] for c, d in v["diseases"].items()} == {"blue": 5, "red": 2, "yellow": 9, "black": 7}
    assert (v["outbreaks"], v["infection_rate"], v["epidemics_drawn"]) == (1, 2, 1)
    assert (v["infection_deck"], v["infection_discard"]) == (46, 2)
    assert (s.state.turn, s.state.phase) == (0, "actions")
    # Ann the scientist cures blue with 4 cards (hand 4->0)
    s.apply(A("cure", 0, colour="blue"))
    assert s.state.hands[0] == 0 and s.state.status["blue"] == "cured" and s.state.player_discard == 7
    # a cured disease: one treat removes up to all 3 cubes of the city (5->2)
    s.apply(A("treat", 0, colour="blue", cubes=3))
    assert s.state.on_board["blue"] == 2 and s.state.actions_left == 2
    # the medic clears the last 2 blue cubes for free: blue is eradicated
    s.apply(A("medic_clears", 1, colour="blue", cubes=2))
    assert s.state.status["blue"] == "eradicated" and s.state.actions_left == 2


def test_fourth_cure_wins_at_once():
    s = table(roles=("researcher", "scientist"))
    for colour in ("red", "yellow", "black"):
        s.apply(A("correct_cure", colour=colour, status="cured"))
    s.apply(A("correct_hand", seat=0, cards=5))
    s.apply(A("cure", 0, colour="blue"))
    assert GAME.is_over(s.state) and s.state.result == "win"
    assert GAME.winners(s.state) == [0, 1]
    assert GAME.scores(s.state) == [4.0, 4.0]
    assert GAME.prompt(s.state)["code"] == "phase.end_win"
    assert GAME.legal_actions(s.state) == []


def test_eighth_outbreak_loses():
    s = table()
    s.apply(A("correct", what="outbreaks", value=6))
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=1))  # 7th: the game goes on
    assert not GAME.is_over(s.state)
    s.apply(A("infect", colour="red", cubes=2, outbreaks=1))  # 8th: lost
    assert s.state.result == "loss_outbreaks" and GAME.winners(s.state) == []
    assert GAME.prompt(s.state)["code"] == "phase.end_loss_outbreaks"


def test_running_out_of_cubes_loses_but_the_last_cube_does_not():
    s = table()
    s.apply(A("correct_cubes", colour="red", value=23))
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))  # the 24th red cube: supply now 0
    assert not GAME.is_over(s.state) and GAME.view(s.state)["diseases"]["red"]["supply"] == 0
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))  # no red cube left to place
    assert s.state.result == "loss_cubes"


def test_player_deck_too_small_to_draw_loses():
    s = table()
    s.apply(A("correct", what="player_deck", value=3))
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))  # 1 card left
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("pass_actions", 1))  # Bo must draw 2 but only 1 is left
    assert s.state.result == "loss_deck"
    assert GAME.prompt(s.state)["code"] == "phase.end_loss_deck"


def test_full_deck_runs_out_exactly_by_hand():
    # 2 players, introductory: 49 cards, 2 a turn -> 24 turns draw 48, the 25th turn cannot draw 2
    s = table(pile_check=True)
    turns = 0
    while not GAME.is_over(s.state):
        seat = s.state.turn
        s.apply(A("pass_actions", seat))
        if GAME.is_over(s.state):
            break
        turns += 1
        while s.state.phase in ("draw", "epidemic_infect", "epidemic_intensify", "discard"):
            if s.state.phase == "draw":
                where = helpers.pile_of(s.state.cards_drawn, s.state.piles)
                card = "epidemic" if where[1] == 1 and not s.state.pile_epidemics[where[0]] else "card"
                s.apply(A("draw", seat, card=card))
            elif s.state.phase == "epidemic_infect":
                s.apply(A("infect", colour="red", cubes=3, outbreaks=0))
                s.apply(A("correct_cubes", colour="red", value=0))
            elif s.state.phase == "epidemic_intensify":
                s.apply(A("intensify"))
            else:
                who = sorted(GAME.active_players(s.state))[0]
                s.apply(A("discard", who, cards=s.state.hands[who] - 7))
        while s.state.phase == "infect":
            s.apply(A("infect", colour="blue", cubes=1, outbreaks=0))
            s.apply(A("correct_cubes", colour="blue", value=0))
    assert turns == 24 and s.state.player_deck == 1 and s.state.result == "loss_deck"
    # each epidemic was drawn as the last card of its pile, so the one card left is pile 4's epidemic
    assert s.state.pile_epidemics == [True, True, True, False]
    # infection rate after 3 epidemics: track 2,2,2,3,3,4,4 -> 4th space = 3
    assert helpers.infection_rate(s.state.rate_index) == 3


def test_cure_with_no_cubes_left_eradicates_and_its_cards_place_nothing():
    s = table(colours=["red"] * 9)
    s.apply(A("correct_hand", seat=1, cards=5))
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("cure", 1, colour="blue"))  # no blue on the board: cured and eradicated at once
    assert s.state.status["blue"] == "eradicated"
    assert refused(s, A("move", 1, how="shuttle")).code == "shuttle_needs_two_stations"
    for _ in range(3):
        s.apply(A("move", 1, how="drive"))
    s.apply(A("draw", 1, card="card"))
    s.apply(A("draw", 1, card="card"))
    err = refused(s, A("infect", colour="blue", cubes=1, outbreaks=0))
    assert (err.code, err.rule) == ("eradicated_no_cubes", "pandemic.infection.eradicated")
    s.apply(A("infect", colour="blue", cubes=0, outbreaks=0))
    assert s.state.on_board["blue"] == 0 and s.state.infections_left == 1


def test_hand_limit_discard_then_infect():
    s = table(roles=("researcher", "medic"))
    s.apply(A("correct_hand", seat=0, cards=6))
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))  # 8 cards: one over the limit of 7
    assert s.state.phase == "discard" and GAME.active_players(s.state) == {0}
    assert GAME.prompt(s.state)["params"] == {"player": 0, "held": 8, "limit": 7}
    err = refused(s, A("discard", 0, cards=2))
    assert (err.code, err.params["max"]) == ("discard_too_many", 1)
    s.apply(A("discard", 0, cards=1))
    assert (s.state.hands[0], s.state.phase, s.state.infections_left) == (7, "infect", 2)


def test_share_over_the_limit_mid_turn_then_back_to_actions():
    s = table(roles=("researcher", "medic"))
    s.apply(A("correct_hand", seat=1, cards=7))
    s.apply(A("share", 0, from_player=0, to_player=1))  # Bo 8
    assert s.state.phase == "discard" and GAME.active_players(s.state) == {1}
    s.apply(A("event", 1, card="forecast"))  # playing an event also brings the hand down
    assert (s.state.hands, s.state.phase, s.state.actions_left) == ([3, 7], "actions", 3)


def test_two_epidemics_in_one_draw():
    s = table(pile_check=False)
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="epidemic"))
    s.apply(A("infect", colour="red", cubes=3, outbreaks=0))
    s.apply(A("intensify"))
    s.apply(A("draw", 0, card="epidemic"))
    s.apply(A("infect", colour="black", cubes=2, outbreaks=1))
    s.apply(A("intensify"))
    # two increases: track 2,2,2,... -> index 2, rate 2; hand unchanged (epidemics are not kept)
    assert (s.state.rate_index, s.state.hands[0], s.state.phase) == (2, 4, "infect")
    # infection discard: 9 setup + 1 + 1 shuffled back each time -> deck 48 - 0, discard 0
    assert (s.state.infection_deck, s.state.infection_discard) == (48, 0)
    assert (s.state.outbreaks, s.state.player_discard) == (1, 2)


def test_resilient_population_between_infect_and_intensify():
    s = table()
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="epidemic"))
    s.apply(A("infect", colour="red", cubes=3, outbreaks=0))  # infection discard 9 + 1 = 10
    s.apply(A("event", 1, card="resilient_population"))
    assert (s.state.infection_discard, s.state.infection_removed, s.state.hands[1]) == (9, 1, 3)
    s.apply(A("intensify"))
    assert (s.state.infection_deck, s.state.infection_discard) == (39 - 1 + 9, 0)
    assert refused(s, A("event", 0, card="resilient_population")).code == "event_already_played"


def test_one_quiet_night_skips_the_infect_step():
    s = table()
    s.apply(A("event", 1, card="one_quiet_night"))
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    assert (s.state.turn, s.state.phase, s.state.quiet_night) == (1, "actions", False)
    assert s.state.infection_deck == 39


def test_one_quiet_night_after_the_first_infection_card_skips_the_next_step():
    s = table()
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("event", 0, card="one_quiet_night"))
    assert s.state.phase == "infect" and s.state.quiet_night
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("pass_actions", 1))
    s.apply(A("draw", 1, card="card"))
    s.apply(A("draw", 1, card="card"))
    assert (s.state.turn, s.state.phase) == (0, "actions")


def test_played_in_infect_phase_before_any_card():
    s = table()
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("event", 1, card="one_quiet_night"))
    assert (s.state.turn, s.state.phase) == (1, "actions")


def test_government_grant_and_station_limit():
    s = table(roles=("operations_expert", "medic"))
    s.apply(A("correct", what="stations", value=5))
    s.apply(A("event", 1, card="government_grant"))
    assert s.state.stations == 6 and s.state.hands[1] == 3
    s.apply(A("build", 0))  # all 6 on the board: one is moved, the expert spends no card
    assert s.state.stations == 6 and s.state.hands[0] == 4


def test_empty_infection_deck_reshuffles_the_discards():
    s = table()
    s.apply(A("correct", what="infection_deck", value=1))
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))  # deck 0, discard 10
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))  # the 10 discards become the deck: 9 left
    assert (s.state.infection_deck, s.state.infection_discard) == (9, 1)


def test_epidemic_pile_checks():
    s = table()  # piles 13, 12, 12, 12
    for turn in range(6):
        seat = s.state.turn
        s.apply(A("correct_hand", seat=seat, cards=0))  # keep hands under the limit
        s.apply(A("pass_actions", seat))
        s.apply(A("draw", seat, card="card"))
        s.apply(A("draw", seat, card="card"))
        s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
        s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
        s.apply(A("correct_cubes", colour="red", value=0))
    # 12 cards drawn: the 13th is the last of pile 1 and its epidemic has not come
    s.apply(A("pass_actions", 0))
    assert GAME.view(s.state)["pile"] == {"pile": 1, "piles": 4, "left": 1, "epidemic_drawn": False}
    err = refused(s, A("draw", 0, card="card"))
    assert (err.code, err.rule) == ("epidemic_due", "pandemic.setup.pile-order")
    assert GAME.legal_actions(s.state)[0] == A("draw", 0, card="epidemic")
    s.apply(A("draw", 0, card="epidemic"))
    s.apply(A("infect", colour="red", cubes=3, outbreaks=0))
    s.apply(A("intensify"))
    s.apply(A("draw", 0, card="epidemic"))  # first card of pile 2 may be its epidemic
    s.apply(A("infect", colour="red", cubes=3, outbreaks=0))
    s.apply(A("intensify"))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("pass_actions", 1))
    err = refused(s, A("draw", 1, card="epidemic"))
    assert (err.code, err.rule) == ("epidemic_pile_done", "pandemic.setup.pile-order")


# ----- one test per refusal --------------------------------------------------------
def test_refuse_role_taken():
    s = Session(GAME, GAME.setup(["Ann", "Bo"]))
    s.apply(A("role", 0, role="medic"))
    err = refused(s, A("role", 1, role="medic"))
    assert (err.code, err.rule) == ("role_taken", "pandemic.setup.roles")
    assert refused(s, A("role", 0, role="scientist")).code == "not_your_turn"


def test_refuse_flight_without_card():
    s = table()
    s.apply(A("correct_hand", seat=0, cards=0))
    err = refused(s, A("move", 0, how="charter"))
    assert (err.code, err.rule, err.params) == ("no_card", "pandemic.actions.charter-flight", {"player": 0})
    assert refused(s, A("move", 0, how="direct")).rule == "pandemic.actions.direct-flight"
    assert refused(s, A("build", 0)).rule == "pandemic.actions.build"
    assert refused(s, A("share", 0, from_player=0, to_player=1)).rule == "pandemic.actions.share"
    assert refused(s, A("event", 0, card="airlift")).rule == "pandemic.draw.events"


def test_refuse_shuttle_with_one_station():
    err = refused(table(), A("move", 0, how="shuttle"))
    assert (err.code, err.rule) == ("shuttle_needs_two_stations", "pandemic.actions.shuttle-flight")


def test_refuse_treat_more_cubes_than_on_board():
    s = table(colours=["red"] * 9)
    err = refused(s, A("treat", 0, colour="blue", cubes=1))
    assert (err.code, err.rule, err.params) == ("not_enough_cubes_on_board", "pandemic.actions.treat", {"on_board": 0})


def test_refuse_treat_several_cubes_of_uncured_disease():
    s = table(colours=["red"] * 9)
    err = refused(s, A("treat", 0, colour="red", cubes=2))  # Ann is the scientist
    assert (err.code, err.rule) == ("treat_one_cube", "pandemic.actions.treat")


def test_refuse_cure_twice():
    s = table()
    s.apply(A("correct_cure", colour="red", status="cured"))
    err = refused(s, A("cure", 0, colour="red"))
    assert (err.code, err.rule) == ("already_cured", "pandemic.actions.cure")


def test_refuse_cure_without_enough_cards():
    s = table(roles=("researcher", "scientist"))
    err = refused(s, A("cure", 0, colour="red"))  # 4 cards, needs 5
    assert (err.code, err.rule, err.params) == ("cure_needs_cards", "pandemic.actions.cure",
                                                {"player": 0, "needed": 5, "held": 4})
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("draw", 0, card="card"))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("infect", colour="red", cubes=1, outbreaks=0))
    s.apply(A("correct_hand", seat=1, cards=3))
    err = refused(s, A("cure", 1, colour="red"))
    assert (err.code, err.rule, err.params["needed"]) == ("cure_needs_cards", "pandemic.roles.scientist", 4)


def test_refuse_share_with_yourself():
    err = refused(table(), A("share", 0, from_player=0, to_player=0))
    assert (err.code, err.rule) == ("share_same_player", "pandemic.actions.share")


def test_refuse_share_between_two_others():
    s = table(players=("Ann", "Bo", "Cy"), roles=("scientist", "medic", "researcher"))
    err = refused(s, A("share", 0, from_player=1, to_player=2))
    assert (err.code, err.rule, err.params) == ("share_must_involve_you", "pandemic.actions.share", {"player": 0})


def test_refuse_extra_epidemic_when_checks_are_off():
    s = table(pile_check=False)
    for _ in range(4):  # with the pile check off, four epidemics in four turns
        seat = s.state.turn
        s.apply(A("pass_actions", seat))
        s.apply(A("draw", seat, card="epidemic"))
        s.apply(A("infect", colour="red", cubes=3, outbreaks=0))
        s.apply(A("intensify"))
        s.apply(A("draw", seat, card="card"))
        while s.state.phase == "infect":
            s.apply(A("infect", colour="yellow", cubes=1, outbreaks=0))
        s.apply(A("correct_cubes", colour="yellow", value=0))
        s.apply(A("correct_cubes", colour="red", value=0))
    s.apply(A("pass_actions", s.state.turn))
    err = refused(s, A("draw", s.state.turn, card="epidemic"))
    assert (err.code, err.rule, err.params) == ("no_epidemics_left", "pandemic.setup.epidemics", {"total": 4})


def test_refuse_wrong_cube_count_without_outbreak():
    s = table()
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="epidemic"))
    err = refused(s, A("infect", colour="red", cubes=1, outbreaks=0))
    assert (err.code, err.rule, err.params) == ("infect_cube_count", "pandemic.app.infection-entry", {"expected": 3})
    s.apply(A("infect", colour="red", cubes=2, outbreaks=1))  # a city with 1 cube filled to 3, then outbreak
    s.apply(A("intensify"))
    s.apply(A("draw", 0, card="card"))
    err = refused(s, A("infect", colour="red", cubes=2, outbreaks=0))
    assert err.params == {"expected": 1}


def test_refuse_event_twice():
    s = table()
    s.apply(A("event", 0, card="airlift"))
    err = refused(s, A("event", 1, card="airlift"))
    assert (err.code, err.rule) == ("event_already_played", "pandemic.events.airlift")


def test_refuse_resilient_population_on_empty_discard():
    s = table()
    s.apply(A("correct", what="infection_discard", value=0))
    err = refused(s, A("event", 0, card="resilient_population"))
    assert (err.code, err.rule) == ("infection_discard_empty", "pandemic.events.resilient-population")


def test_refuse_free_removal_by_non_medic_or_uncured():
    s = table(colours=["red"] * 9)
    err = refused(s, A("medic_clears", 0, colour="red", cubes=1))
    assert (err.code, err.rule, err.params) == ("not_the_medic", "pandemic.roles.medic", {"player": 0})
    err = refused(s, A("medic_clears", 1, colour="red", cubes=1))
    assert (err.code, err.rule) == ("disease_not_cured", "pandemic.roles.medic")


def test_refuse_out_of_turn_and_wrong_phase():
    s = table()
    assert refused(s, A("treat", 1, colour="blue", cubes=1)).code == "not_your_turn"
    err = refused(s, A("intensify"))
    assert (err.code, err.rule) == ("wrong_phase", "pandemic.draw.epidemic-intensify")


# ----- clauses and messages the engine cites ----------------------------------------
# What every game's rules files and cited clauses, codes and labels must satisfy is checked in
# tests/test_rules_data.py and tests/test_registry_playouts.py; here only what those cannot see.
def test_event_clauses_and_phase_prompts_exist_in_three_languages():
    # the engine builds "pandemic.events." + card and "phase.end_" + result at run time
    events = {f"pandemic.events.{e.replace('_', '-')}" for e in helpers.fact("events")}
    phases = set(helpers.fact("phase_clauses"))
    for lang in ("en", "zh_Hans", "zh_Hant"):
        assert events <= set(library.clause_ids("pandemic", lang))
        messages = library.text("pandemic", lang)["messages"]
        for phase in phases - {"end"}:
            assert f"phase.{phase}" in messages
        for result in ("win", "loss_outbreaks", "loss_cubes", "loss_deck"):
            assert f"phase.end_{result}" in messages


# ----- properties the generic tests rely on -------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from([2, 3, 4]))
def test_random_playouts_end_and_replay(seed, n):
    rng = random.Random(seed)
    names = ["P1", "P2", "P3", "P4"][:n]
    options = {"difficulty": rng.choice(["introductory", "standard", "heroic"])}
    session = Session(GAME, GAME.setup(names, options))
    play_out(session, rng, 2000)
    json.dumps(GAME.view(session.state))
    assert all(h >= 0 for h in session.state.hands)
    assert all(0 <= v <= 24 for v in session.state.on_board.values())


def test_transcript_examples_replay():
    for result in transcript_results("pandemic"):
        assert result["finished"] and result["result"] == "loss_outbreaks"
        # by hand: Ann 4-1+2+1-4+2 = 4, Bo 4-1+1 = 4; spent: flight 1 + epidemic 1 + cure 4
        assert [p["hand"] for p in result["players"]] == [4, 4] and result["player_discard"] == 6


def test_card_corrections_bounded_by_the_box():
    # Rulebook (seed 001 Pandemic, components): 48 city + 5 event cards can be in hands,
    # 59 player cards in all (with the epidemics), 48 infection cards, the outbreak track ends at 8.
    s = table()                                          # two players, 4 cards each
    err = refused(s, A("correct_hand", seat=0, cards=50))
    assert (err.code, err.rule, err.params) == ("hand_cards_over_box", "pandemic.app.corrections", {"limit": 53})
    s.apply(A("correct_hand", seat=0, cards=49))         # 49 + 4 = 53
    s.apply(A("correct_hand", seat=0, cards=4))
    assert s.state.player_deck == 49                     # 48 + 5 - 8 dealt + 4 epidemics
    err = refused(s, A("correct", what="player_discard", value=11))   # 49 + 11 = 60
    assert (err.code, err.params) == ("player_cards_over_box", {"limit": 59})
    s.apply(A("correct", what="infection_deck", value=30))
    err = refused(s, A("correct", what="infection_discard", value=19))
    assert (err.code, err.params) == ("infection_cards_over_box", {"limit": 48})
    assert refused(s, A("correct", what="outbreaks", value=9)).code == "outbreaks_over_track"
