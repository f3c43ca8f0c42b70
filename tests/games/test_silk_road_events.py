"""Maritime Silk Road's story as events: what each action tells the table, and who may see it.

Worked out by hand from the rulebook before the code ran (the rulebook's own example
opens the game: 2 spice cards make 3 spice show; a spice ship earns 3).  Income and money
are hidden (silk_road.phase2.secret): each player's income line is theirs until the game
is over; with open money (silk_road.app.open_money) everything is public.  Ships and
market positions are numbered from 1, as the board shows them.
"""

from __future__ import annotations

import random

from companion.core import END, IllegalAction, Session
from companion.games.silk_road import GAME
from games.story_helpers import codes, ev, render_random, seen, step
from games.test_silk_road_support import A, play, table


def test_setup_and_first_rounds_told_action_by_action() -> None:
    s = Session(GAME, GAME.setup(["Ann", "Bo"]))
    assert step(s, A("market_card", good="spice")) == [ev("market_card", board=True, slot=1, good="spice")]
    for good in ["tea", "silk", "ore", "porcelain", "glass"]:
        step(s, A("market_card", good=good))
    assert GAME.chapter(s.state) == ("setup", 1)
    assert step(s, A("first_player", first_player=1)) == [ev("first_player", player=1)]
    assert step(s, A("load", 1, good="spice")) == [ev("loaded", board=True, player=1, ship=1, good="spice")]
    step(s, A("load", 0, good="spice"))
    step(s, A("load", 1, good="spice"))
    # the last token loaded: Bo (the start player) begins round 1
    assert step(s, A("load", 0, good="glass")) == [
        ev("loaded", board=True, player=0, ship=2, good="glass"), ev("round_starts", n=1, player=1)]
    assert GAME.chapter(s.state) == ("round", 1)

    # the rulebook's example: Bo's 2 spice cards cover tea and silk (positions 2 and 3): 3 spice
    # show.  Ann (one spice ship) earns 3, Bo (two) 6 -- each sees only their own line
    assert step(s, A("pass", 1)) == [ev("passed", player=1)]
    assert step(s, play(1, "spice", 1, 2)) == [
        ev("played", board=True, player=1, good="spice", cards=2, slots=[2, 3], showing=3),
        ev("income_taken", good="spice", players=[0, 1]),
        ev("income", seats=[0], until=END, player=0, income=3, showing=3, ships=1),
        ev("income", seats=[1], until=END, player=1, income=6, showing=3, ships=2)]
    step(s, A("pass", 0))
    # Ann draws; the turn comes back to Bo: round 2
    assert step(s, A("draw", 0)) == [ev("drew", board=True, player=0, cards=2), ev("round_starts", n=2, player=1)]

    # Bo swaps the spice on his second ship (ship field 1) for tea, then draws
    assert step(s, A("swap", 1, ship=2, good="tea")) == [
        ev("swapped", board=True, player=1, ship=2, old="spice", good="tea")]
    step(s, A("draw", 1))
    # Ann lays glass on position 1 (spice): glass shows twice; only Ann carries glass: 2 x 1
    step(s, A("pass", 0))
    assert step(s, play(0, "glass", 0)) == [
        ev("played", board=True, player=0, good="glass", cards=1, slots=[1], showing=2),
        ev("income_taken", good="glass", players=[0]),
        ev("income", seats=[0], until=END, player=0, income=2, showing=2, ships=1),
        ev("round_starts", n=3, player=1)]

    # the table corrects Bo's money to 20: only Bo reads the amount
    assert step(s, A("correct_money", target_player=1, money=20)) == [
        ev("money_set", seats=[1], until=END, player=1, money=20), ev("money_corrected", stand_in=True, player=1)]
    # Bo buys a licence (11, paid openly) and lays tea on the ore (position 4): tea shows once;
    # Bo's tea ship earns 1, and the licence adds 2
    assert step(s, A("buy", 1, card="licence")) == [ev("bought", board=True, player=1, card="licence", price=11)]
    assert step(s, play(1, "tea", 3)) == [
        ev("played", board=True, player=1, good="tea", cards=1, slots=[4], showing=1),
        ev("income_taken", good="tea", players=[1]),
        ev("income_licence", seats=[1], until=END, player=1, income=3, showing=1, ships=1, bonus=2)]
    # a new ship is numbered after the others (Ann's 5 coins corrected to 15 first)
    step(s, A("correct_money", target_player=0, money=15))
    assert step(s, A("buy", 0, card="ship", good="ore")) == [
        ev("bought_ship", board=True, player=0, price=10, ship=3, good="ore")]
    # Ann covers the glass on position 6 with porcelain: market G Sp Sp T P P, 2 porcelain show;
    # nobody carries porcelain
    assert step(s, play(0, "porcelain", 5)) == [
        ev("played", board=True, player=0, good="porcelain", cards=1, slots=[6], showing=2),
        ev("no_income", good="porcelain"), ev("round_starts", n=4, player=1)]

    shared = seen(s, None, "en")
    assert "Ann earns 3 coins: 3 showing × 1 ship." not in shared
    assert "Bo earns 6 coins: 3 showing × 2 ships." in seen(s, 1, "en")
    assert "Income for spice is taken without showing it, by Ann, Bo." not in shared  # goods by their names
    assert "Income for Spice is taken without showing it, by Ann, Bo." in shared
    assert not any("20" in text or "15" in text for text in shared)


def test_a_refusal_that_tells_money_is_private() -> None:
    # Ann has 3 coins: a licence costs 11, and saying so tells the table she has less
    s = table(["Ann", "Bo"], ["spice", "tea", "silk", "ore", "porcelain", "glass"], 1,
              ["spice", "spice", "spice", "glass"])
    s.apply(A("pass", 1))
    s.apply(play(1, "spice", 1, 2))
    action = A("buy", 0, card="licence")
    try:
        s.apply(action)
    except IllegalAction as err:
        assert err.code == "cannot_afford" and GAME.secret_seat(s.state, err, action) == 0
    else:  # pragma: no cover
        raise AssertionError("accepted")


def test_income_and_money_become_public_when_the_deck_runs_out() -> None:
    s = Session(GAME, GAME.setup(["Ann", "Bo", "Cy"]))
    rng = random.Random(7)
    while not GAME.is_over(s.state):
        legal = GAME.legal_actions(s.state)
        s.apply(legal[rng.randrange(len(legal))])
    final = seen(s, None)
    mine = [e for e in final if e.seats is not None]
    assert {e.code for e in mine} >= {"income", "final_money"}
    assert codes(final)[-4:] == ["game_over", "final_money", "final_money", "final_money"]
    assert [e.params["money"] for e in final[-3:]] == [p.money for p in s.state.players]
    s.undo()   # the last draw taken back: the game is not over, every income is private again
    for seat in (None, 0, 1, 2):
        assert all(e.seats is None or seat in e.seats for e in seen(s, seat))
    assert not any(e.code.startswith("income") and e.seats for e in seen(s, None))


def test_open_money_tells_every_income() -> None:
    s = table(["Ann", "Bo"], ["spice", "tea", "silk", "ore", "porcelain", "glass"], 1,
              ["spice", "spice", "spice", "glass"], open_money=True)
    s.apply(A("pass", 1))
    assert step(s, play(1, "spice", 1, 2)) == [
        ev("played", board=True, player=1, good="spice", cards=2, slots=[2, 3], showing=3),
        ev("income", player=0, income=3, showing=3, ships=1), ev("income", player=1, income=6, showing=3, ships=2)]
    assert step(s, A("correct_money", target_player=0, money=4)) == [ev("money_set", player=0, money=4)]


def test_corrections_of_the_board_are_told() -> None:
    s = table(["Ann", "Bo"], ["spice", "tea", "silk", "ore", "porcelain", "glass"], 0,
              ["spice", "tea", "silk", "ore"])
    assert step(s, A("correct_cargo", target_player=1, ship=1, good="glass")) == [
        ev("cargo_set", board=True, player=1, ship=1, good="glass")]
    assert step(s, A("correct_market", slot=5, good="ore")) == [ev("market_set", board=True, slot=6, good="ore")]


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_random(GAME, 24) + render_random(GAME, 6, {"open_money": "true"}, seed=50)
    for code in ("market_card", "first_player", "loaded", "swapped", "bought", "bought_ship", "passed", "played",
                 "income_taken", "income", "income_licence", "no_income", "drew", "extra_drawn", "no_extra",
                 "round_starts", "game_over", "final_money"):
        assert met[code], code
    assert "action" not in met


def test_the_public_lines_of_a_play_do_not_read_hidden_income() -> None:
    # the public lines say who earns from the ships on the table; a different (hidden) income
    # in the state after the play changes only that player's own line
    s = table(["Ann", "Bo"], ["spice", "tea", "silk", "ore", "porcelain", "glass"], 1,
              ["spice", "spice", "spice", "glass"])
    s.apply(A("pass", 1))
    before = s.state
    # Bo lays glass on position 1: glass shows twice; only Ann carries glass (2 x 1), Bo earns nothing
    action = play(1, "glass", 0)
    after = GAME.apply(before, action)
    other = GAME.clone(after)         # the same table, but Bo's hidden income and money differ
    other.players[1].income += 2
    other.players[1].money += 2
    public = [e for e in GAME.events(before, action, after) if e.public]
    assert public == [e for e in GAME.events(before, action, other) if e.public]
    assert public[1] == ev("income_taken", good="glass", players=[0])
