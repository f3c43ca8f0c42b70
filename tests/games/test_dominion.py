"""Dominion score sheet: facts against the rulebook, the rulebook's worked
examples, Gardens rounding, end conditions and tie-breaks worked out by hand,
one test per refused entry, and the generic playout properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.core import Action, Session
from companion.games.dominion import GAME
from companion.games.dominion import facts as h
from companion.rules import library
from games.refereeing import play_out, refused

NAMES = ["A", "B", "C", "D"]


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table(n: int, **options: object) -> Session:
    return Session(GAME, GAME.setup(NAMES[:n], options))


def run(s: Session, *actions: Action) -> None:
    for a in actions:
        s.apply(a)


def gain(seat: int, card: str, times: int = 1) -> list[Action]:
    return [A("gain", seat, card=card)] * times


# ----- facts against the rulebook (seed 001, lines 185-220) -------------------------

def test_box_contents_from_rulebook() -> None:
    box = library.facts("dominion")["box"]
    # 130 treasures: 60 copper, 40 silver, 30 gold; 48 victory: 24 / 12 / 12; 30 curses; 12 gardens
    assert (box["copper"], box["silver"], box["gold"]) == (60, 40, 30)
    assert (box["estate"], box["duchy"], box["province"]) == (24, 12, 12)
    assert (box["curse"], box["gardens"], box["kingdom_each"]) == (30, 12, 10)
    # 252 kingdom cards = 24 kinds x 10 + 12 Gardens
    assert library.facts("dominion")["kingdom_cards"] == 24 * 10 + 12


def test_start_deck_and_supply() -> None:
    # 7 Coppers + 3 Estates each, 5 cards in hand
    s = table(3)
    assert s.state.decks[0] == {"estate": 3, "duchy": 0, "province": 0, "curse": 0, "gardens": 0}
    setup = GAME.view(s.state)["setup"]
    assert setup["start_deck"] == {"copper": 7, "estate": 3} and setup["hand_size"] == 5
    assert setup["copper"] == 60 - 3 * 7
    # standard box counts (our ruling): victory piles 8 with 2 players, 12 with 3-4; curses 10 per opponent
    assert h.start_supply(2, True) == {"estate": 8, "duchy": 8, "province": 8, "curse": 10, "gardens": 8}
    assert h.start_supply(3, False) == {"estate": 12, "duchy": 12, "province": 12, "curse": 20}
    assert h.start_supply(4, True)["curse"] == 30
    assert len(setup["first_game"]) == 10


def test_rulebook_worked_examples() -> None:
    # 3 Estates (3) + 6 Provinces (36) = 39
    assert h.points({"estate": 3, "province": 6}) == 39
    # 3 Estates (3) + 1 Duchy (3) + 4 Provinces (24) = 30
    assert h.points({"estate": 3, "duchy": 1, "province": 4}) == 30
    # 3 Curses (-3) + 3 Provinces (18) + 3 Gardens with 32 cards (3 x 3 = 9) = 24
    assert h.points({"curse": 3, "province": 3, "gardens": 3}, 32) == 24
    for ex in library.facts("dominion")["examples"]:   # the rules text shows these same figures
        deck = {k: v for k, v in ex.items() if k not in ("points", "cards")}
        assert h.points(deck, ex.get("cards", 0)) == ex["points"]


@pytest.mark.parametrize("gardens, cards, expected", [
    (1, 9, 0), (1, 10, 1), (1, 19, 1), (1, 20, 2), (2, 39, 6), (2, 40, 8), (0, 50, 0),
])
def test_gardens_rounds_down(gardens: int, cards: int, expected: int) -> None:
    assert h.gardens_points(gardens, cards) == expected


def test_winners_tie_break() -> None:
    assert h.winners([10, 12, 12], [5, 5, 4]) == [2]       # tie on 12: fewer turns wins
    assert h.winners([12, 12, 3], [5, 5, 5]) == [0, 1]     # same turns: shared
    assert h.winners([20, 12], [5, 4]) == [0]


# ----- golden games -------------------------------------------------------------------

def test_golden_provinces_run_out() -> None:
    s = table(2)                                   # 8 Provinces
    run(s, *gain(0, "province", 2), A("end_turn", 0))          # A buys two (extra buy): 6 left
    run(s, *gain(1, "province"), A("end_turn", 1))             # 5
    run(s, *gain(0, "province"), A("end_turn", 0))             # 4
    run(s, *gain(1, "duchy"), A("end_turn", 1))
    run(s, *gain(0, "province"), A("end_turn", 0))             # 3
    run(s, *gain(1, "province"), A("end_turn", 1))             # 2
    run(s, *gain(0, "province"), *gain(1, "curse"), A("end_turn", 0))   # 1; A's Witch curses B
    assert s.state.phase == "play"
    run(s, *gain(1, "province"))                               # 0 — but the turn is not over yet
    assert s.state.phase == "play" and GAME.view(s.state)["empty_piles"] == ["province"]
    s.apply(A("end_turn", 1))
    assert s.state.phase == "end"
    # A: 3 Estates + 5 Provinces = 3 + 30 = 33; B: 3 Estates + 3 Provinces + Duchy + Curse = 3 + 18 + 3 - 1 = 23
    assert GAME.scores(s.state) == [33.0, 23.0]
    assert GAME.winners(s.state) == [0]
    assert s.state.turns == [4, 4]
    assert GAME.legal_actions(s.state) == []


def test_golden_tie_goes_to_fewer_turns() -> None:
    s = table(2)
    for seat in (0, 1, 0, 1, 0):
        run(s, *gain(seat, "province"), A("end_turn", seat))   # 8 -> 3
    run(s, *gain(1, "province", 2), A("end_turn", 1))          # B t3: 1 left
    run(s, *gain(0, "province"), A("end_turn", 0))             # A t4 takes the last: game over
    # A: 3 + 4*6 = 27 in 4 turns; B: 3 + 4*6 = 27 in 3 turns -> B wins
    assert GAME.scores(s.state) == [27.0, 27.0]
    assert s.state.turns == [4, 3]
    assert GAME.winners(s.state) == [1]
    assert GAME.prompt(s.state)["code"] == "phase.end"


def test_golden_shared_win() -> None:
    s = table(2)
    for seat in (0, 1) * 4:
        run(s, *gain(seat, "province"), A("end_turn", seat))
    # 27 each in 4 turns each: shared
    assert s.state.phase == "end" and GAME.winners(s.state) == [0, 1]


def test_three_empty_piles_end_at_the_end_of_the_turn() -> None:
    s = table(3)
    run(s, A("pile_out", pile="copper"), A("end_turn", 0))
    run(s, A("pile_out", pile="kingdom_4"), A("end_turn", 1))
    s.apply(A("correct_supply", card="duchy", count=1))
    run(s, *gain(2, "duchy"))                                  # third empty pile, mid-turn
    assert GAME.view(s.state)["piles_to_end"] == 0 and s.state.phase == "play"
    run(s, *gain(2, "estate"))                                 # the turn goes on
    s.apply(A("end_turn", 2))
    assert s.state.phase == "end"
    # A 3, B 3, C 3 Estates + Duchy 3 + Estate 1 = 7
    assert GAME.scores(s.state) == [3.0, 3.0, 7.0]
    assert GAME.winners(s.state) == [2]


def test_golden_gardens_count_phase() -> None:
    s = table(2, gardens=True)                                 # 8 Gardens, kingdom piles 1-9
    run(s, *gain(0, "gardens", 2), A("end_turn", 0))
    run(s, *gain(1, "gardens"), *gain(1, "province"), A("end_turn", 1))
    s.apply(A("correct_supply", card="province", count=1))
    run(s, *gain(0, "province"), A("end_turn", 0))             # Provinces gone
    assert s.state.phase == "count"
    assert GAME.prompt(s.state) == {"code": "phase.count", "players": [0, 1], "params": {"players": [0, 1]}}
    s.apply(A("deck_size", 1, cards=40))
    assert s.state.phase == "count" and GAME.active_players(s.state) == frozenset({0})
    s.apply(A("deck_size", 0, cards=39))
    assert s.state.phase == "end"
    # A: 3 Estates + 1 Province + 2 Gardens x (39 // 10 = 3) = 3 + 6 + 6 = 15
    # B: 3 Estates + 1 Province + 1 Gardens x (40 // 10 = 4) = 3 + 6 + 4 = 13
    assert GAME.scores(s.state) == [15.0, 13.0]
    assert GAME.winners(s.state) == [0]


def test_trash_leaves_the_deck_not_the_supply() -> None:
    s = table(2)
    run(s, A("trash", 0, card="estate"), *gain(1, "curse"), A("end_turn", 0), A("trash", 1, card="curse"))
    assert s.state.decks[0]["estate"] == 2 and s.state.supply["estate"] == 8
    assert s.state.decks[1]["curse"] == 0 and s.state.supply["curse"] == 9
    assert GAME.scores(s.state) == [2.0, 3.0]


def test_correct_pile_reopens() -> None:
    s = table(2)
    run(s, A("pile_out", pile="gold"), A("correct_pile", pile="gold", empty=False))
    assert GAME.view(s.state)["empty_piles"] == []


# ----- refused entries, one each ---------------------------------------------------------

def test_refuse_gardens_not_in_kingdom() -> None:
    refused(table(2), A("gain", 0, card="gardens"), "not_in_supply", "dominion.setup.kingdom")


def test_refuse_gain_from_empty_pile() -> None:
    s = table(2)
    s.apply(A("correct_supply", card="duchy", count=0))
    refused(s, A("gain", 1, card="duchy"), "supply_empty", "dominion.end.piles")


def test_refuse_trash_card_not_owned() -> None:
    refused(table(2), A("trash", 1, card="province"), "card_not_owned", "dominion.sheet.trash")


def test_victory_cards_are_gained_and_trashed_in_ones_own_turn() -> None:
    # Base game (seed 001 Dominion, a turn): a player buys in their own buy phase and their
    # own Actions gain or trash cards; another player's card hands out only Curses (Witch).
    # Cho's Province entered during Ben's turn is refused, a Curse for Cho is taken.
    s = table(3)
    s.apply(A("end_turn", 0))                              # Ben's turn
    err = refused(s, A("gain", 2, card="province"), "gain_out_of_turn", "dominion.sheet.own_turn")
    assert err.params == {"player": 2, "turn_player": 1}
    for card in ("estate", "duchy"):
        refused(s, A("gain", 2, card=card), "gain_out_of_turn")
    refused(s, A("trash", 2, card="estate"), "trash_out_of_turn", "dominion.sheet.own_turn")
    run(s, *gain(2, "curse"), *gain(1, "province"), A("trash", 1, card="estate"))
    assert s.state.decks[2]["curse"] == 1 and s.state.decks[1] == {"estate": 2, "duchy": 0, "province": 1,
                                                                    "curse": 0, "gardens": 0}
    legal = GAME.legal_actions(s.state)
    assert {a.player for a in legal if a.type == "trash"} == {1}
    assert {a["card"] for a in legal if a.type == "gain" and a.player != 1} == {"curse"}
    s.apply(A("end_turn", 1))
    s.apply(A("gain", 2, card="province"))                 # in Cho's own turn
    assert s.state.decks[2]["province"] == 1


def test_refuse_gardens_out_of_turn() -> None:
    refused(table(2, gardens=True), A("gain", 1, card="gardens"), "gain_out_of_turn", "dominion.sheet.own_turn")


def test_refuse_tenth_kingdom_pile_with_gardens() -> None:
    refused(table(2, gardens=True), A("pile_out", pile="kingdom_10"), "no_such_pile", "dominion.setup.kingdom")


def test_refuse_pile_already_empty() -> None:
    s = table(2)
    s.apply(A("pile_out", pile="silver"))
    refused(s, A("pile_out", pile="silver"), "pile_already_empty", "dominion.end.piles")


def test_refuse_deck_smaller_than_counted_cards() -> None:
    s = table(2, gardens=True)
    run(s, *gain(0, "gardens", 2), A("correct_supply", card="province", count=0), A("end_turn", 0))
    refused(s, A("deck_size", 0, cards=4), "deck_too_small", "dominion.scoring.gardens")   # 3 Estates + 2 Gardens


def test_deck_size_bounded_by_the_cards_of_the_game_across_players() -> None:
    # Rulebook (seed 001 Dominion, components and set-up): two players with Gardens play with
    # 60 + 40 + 30 treasures (130), 8 Estates + 8 Duchies + 8 Provinces + 10 Curses + 8 Gardens
    # in the supply (42), 3 Estates dealt to each (6) and 9 more kingdom piles of 10 (90):
    # 130 + 42 + 6 + 90 = 268 cards.  Nobody owns 5000 (one Gardens would be worth 500).
    s = table(2, gardens=True)
    run(s, *gain(0, "gardens", 1), A("correct_supply", card="province", count=0), A("end_turn", 0))
    err = refused(s, A("deck_size", 0, cards=5000), "deck_over_game", "dominion.components.list")
    assert err.params == {"player": 0, "cards": 5000, "limit": 268 - 3}      # Bo owns at least his 3 Estates
    s.apply(A("deck_size", 0, cards=200))
    err = refused(s, A("deck_size", 1, cards=69), "deck_over_game", "dominion.components.list")
    assert err.params["limit"] == 68                                         # 268 - 200
    s.apply(A("deck_size", 1, cards=68))
    assert s.state.phase == "end"


def test_corrections_bounded_across_players() -> None:
    # three players: 12 Provinces in the game, all in the supply at the start
    s = table(3)
    err = refused(s, A("correct_deck", 0, province=99), "count_over_game", "dominion.components.list")
    assert err.params == {"card": "province", "total": 12}
    refused(s, A("correct_deck", 0, province=1), "count_over_game")          # the supply still holds 12
    run(s, A("correct_supply", card="province", count=5), A("correct_deck", 0, province=7))
    refused(s, A("correct_deck", 1, province=1), "count_over_game")          # 5 + 7 + 1 = 13
    refused(s, A("correct_supply", card="province", count=6), "count_over_game")
    # Estates: 12 in the supply + 3 dealt to each of 3 players = 21
    err = refused(s, A("correct_deck", 1, estate=13), "count_over_game")
    assert err.params == {"card": "estate", "total": 21}


def test_refuse_supply_over_box() -> None:
    refused(table(2), A("correct_supply", card="province", count=13), "supply_over_box", "dominion.components.list")


def test_refuse_out_of_turn_and_wrong_phase() -> None:
    s = table(3)
    refused(s, A("end_turn", 1), "not_your_turn", "dominion.turn.order")
    refused(s, A("deck_size", 0, cards=20), "wrong_phase", "dominion.sheet.deck_size")


# ----- generic properties ------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.booleans())
def test_random_playouts(seed: int, n: int, gardens: bool) -> None:
    s = table(n, gardens=gardens)
    play_out(s, random.Random(seed), 3000)
    scores = GAME.scores(s.state)
    assert scores is not None and all(scores[w] == max(scores) for w in GAME.winners(s.state))
