"""Niagara's story as events: every canoe that moves, by a paddle or by the current.

Worked out by hand from the rulebook before the code ran (seat 0 Ann, 1 Bo, 2 Cy; cards
entered one by one as each is turned over).  Board: spaces 1-5, arms L6-L7 / R6-R7, the
falls after 7; sites violet 3, white 4, yellow 5, blue L6/R6, pink L7/R7.  The flows below
move canoes only in the channel and in the arm the disc enters, so they hold whether or
not the arm the disc does not enter moves too (niagara.flow.steps).  Nothing in Niagara
is hidden (niagara.cards.entry, niagara.cards.public): every event is public.
"""

from __future__ import annotations

from companion.core import END, Action, Session
from companion.games.niagara import GAME
from games.story_helpers import ev, render_random, seen, step

A = Action.make


def table() -> Session:
    return Session(GAME, GAME.setup(["Ann", "Bo", "Cy"]))


def turn(s: Session, seat: int, card: object, **paddle: object) -> tuple[list, list]:
    """Turn the card over, then play it (a paddle for a number; for the cloud ``direction``)."""
    turned = step(s, A("card", seat, card=card))
    if card == "cloud":
        return turned, step(s, A("weather", seat, **paddle))
    return turned, step(s, A("paddle", seat, **paddle))


def test_three_rounds_told_canoe_by_canoe() -> None:
    s = table()
    # round 1, lifebuoy Ann: Ann 1 launches to 1; Bo 5 launches to 3 and loads violet (3 + 2);
    # Cy 6 launches to L6.  Flow: lowest 1 + weather 0 = 1 step, its disc enters the left arm:
    # Ann 1 -> 2, Bo 3 -> 4, Cy L6 -> L7; the next disc enters the right arm.
    assert turn(s, 0, 1, canoe1="1") == (
        [ev("card_turned", player=0, card=1)], [ev("launched", board=True, player=0, canoe=1, to="1")])
    assert turn(s, 1, 5, canoe1="3", canoe1_load="violet", canoe1_gems="after")[1] == [
        ev("launched", board=True, player=1, canoe=1, to="3"),
        ev("gem_loaded", board=True, player=1, canoe=1, gem="violet", site="violet")]
    assert turn(s, 2, 6, canoe1="L6")[1] == [
        ev("launched", board=True, player=2, canoe=1, to="L6"),
        ev("river_flows", board=True, steps=1, lowest=1, weather=0),
        ev("drifted", board=True, player=0, canoe=1, to="2", **{"from": "1"}),
        ev("drifted", board=True, player=1, canoe=1, to="4", **{"from": "3"}),
        ev("drifted", board=True, player=2, canoe=1, to="L7", **{"from": "L6"}),
        ev("fork_next", board=True, arm="right"),
        ev("round_over", n=1), ev("round_starts", board=True, n=2, player=1)]
    assert GAME.chapter(s.state) == ("round", 2)

    # round 2, order Bo Cy Ann: Bo 2 paddles up 4 -> 2 with his violet; Cy 3 paddles canoe 1
    # from L7 over the falls and launches canoe 2 to 3; Ann 4 paddles 2 -> 4 and loads white.
    # Flow 2 + 0 = 2 steps (discs right, then left): Ann 4 -> 5 -> L6, Bo 2 -> 4, Cy 3 -> 5.
    assert turn(s, 1, 2, canoe1="2")[1] == [ev("paddled", board=True, player=1, canoe=1, to="2", **{"from": "4"})]
    assert turn(s, 2, 3, canoe1="falls", canoe2="3")[1] == [
        ev("paddled_over", board=True, player=2, canoe=1), ev("launched", board=True, player=2, canoe=2, to="3")]
    assert turn(s, 0, 4, canoe1="4", canoe1_load="white", canoe1_gems="after")[1] == [
        ev("paddled", board=True, player=0, canoe=1, to="4", **{"from": "2"}),
        ev("gem_loaded", board=True, player=0, canoe=1, gem="white", site="white"),
        ev("river_flows", board=True, steps=2, lowest=2, weather=0),
        ev("drifted", board=True, player=0, canoe=1, to="L6", **{"from": "4"}),
        ev("drifted", board=True, player=1, canoe=1, to="4", **{"from": "2"}),
        ev("drifted", board=True, player=2, canoe=2, to="5", **{"from": "3"}),
        ev("fork_next", board=True, arm="right"),
        ev("round_over", n=2), ev("round_starts", board=True, n=3, player=2)]

    # round 3, order Cy Ann Bo: Cy 4 paddles canoe 2 from 5 over the falls: both canoes lost
    # and no gem, so canoe 1 comes back ashore at once (niagara.falls.rescue).  Ann 6 brings
    # the white home from L6 (6 spaces).  Bo 3 paddles 4 -> 1.  Flow 3: Bo 1 -> 4; discs right,
    # left, right: the next enters the left arm.  The lifebuoy passes to Ann.
    assert turn(s, 2, 4, canoe2="falls")[1] == [
        ev("paddled_over", board=True, player=2, canoe=2), ev("rescued", board=True, player=2, canoe=1)]
    assert turn(s, 0, 6, canoe1="shore")[1] == [ev("gem_banked", board=True, player=0, canoe=1, gem="white")]
    assert turn(s, 1, 3, canoe1="1")[1] == [
        ev("paddled", board=True, player=1, canoe=1, to="1", **{"from": "4"}),
        ev("river_flows", board=True, steps=3, lowest=3, weather=0),
        ev("drifted", board=True, player=1, canoe=1, to="4", **{"from": "1"}),
        ev("fork_next", board=True, arm="left"),
        ev("round_over", n=3), ev("round_starts", board=True, n=4, player=0)]
    text = seen(s, None, "en")
    assert "Cy paddles canoe 1 over the falls: it is lost!" in text
    assert "Ann's canoe 1 comes ashore with a white gem: the gem is banked." in text
    assert "The current carries Ann's canoe 1 from space 4 to space 6 of the left arm." in text
    # issue 36: no "第 L6 格" (Latin letters in a Chinese sentence): the arm is named
    assert "水流把 Ann 的 1 号独木舟从第 4 格带到左支流第 6 格。" in seen(s, None, "zh_Hans")
    assert "河水把 Ann 的 1 號獨木舟從第 4 格沖到左支流第 6 格。" in seen(s, None, "zh_Hant")


def test_the_current_sweeps_a_loaded_canoe_over_the_falls() -> None:
    s = table()
    # the table puts Bo's canoe 1 on L7 with a pink gem and counts his canoe 2 lost
    assert step(s, A("correct_canoe", owner=1, canoe=1, where="L7")) == [
        ev("canoe_set", board=True, player=1, canoe=1, space="L7")]
    assert step(s, A("correct_gem", colour="pink", source="site:pink", target="canoe:1:1")) == [
        ev("gem_off_site", board=True, gem="pink", site="pink"),
        ev("gem_on_canoe", board=True, gem="pink", player=1, canoe=1)]
    assert step(s, A("correct_canoe", owner=1, canoe=2, where="lost")) == [
        ev("canoe_set_lost", board=True, player=1, canoe=2)]
    turn(s, 0, 2, canoe1="2")
    # Bo turns the cloud over and lowers the weather to -1: his canoe does not move this turn
    assert turn(s, 1, "cloud", direction="down") == (
        [ev("cloud_turned", player=1)], [ev("weather_moved", board=True, player=1, weather=-1)])
    # flow: lowest 2 - 1 = 1 step, its disc enters the left arm: Bo's canoe goes over the
    # falls with its pink gem (back to the pink site); with both canoes lost and no gem he
    # gets canoe 1 back ashore; Ann and Cy drift 2 -> 3
    assert turn(s, 2, 2, canoe1="2")[1] == [
        ev("launched", board=True, player=2, canoe=1, to="2"),
        ev("river_flows", board=True, steps=1, lowest=2, weather=-1),
        ev("drifted", board=True, player=0, canoe=1, to="3", **{"from": "2"}),
        ev("swept_over_gem", board=True, player=1, canoe=1, gem="pink"),
        ev("rescued", board=True, player=1, canoe=1),
        ev("drifted", board=True, player=2, canoe=1, to="3", **{"from": "2"}),
        ev("fork_next", board=True, arm="right"),
        ev("round_over", n=1), ev("round_starts", board=True, n=2, player=1)]
    assert s.state.sites["pink"] == {"pink": 7}
    assert "The current sweeps Bo's canoe 1 over the falls: it is lost, and its pink gem goes back to its site!" \
        in seen(s, None, "en")


def test_a_robbery_and_a_bought_back_canoe() -> None:
    s = table()
    step(s, A("correct_canoe", owner=1, canoe=1, where="4"))
    step(s, A("correct_gem", colour="violet", source="site:violet", target="canoe:1:1"))
    step(s, A("correct_canoe", owner=0, canoe=1, where="5"))
    # Ann's empty canoe paddles up 5 -> 4 and ends beside Bo's loaded canoe: she takes the violet
    assert turn(s, 0, 1, canoe1="4", canoe1_rob_player=1, canoe1_rob_canoe=1)[1] == [
        ev("paddled", board=True, player=0, canoe=1, to="4", **{"from": "5"}),
        ev("robbed", board=True, player=0, canoe=1, victim_player=1, victim_canoe=1, gem="violet")]
    # Bo, a canoe lost and a white gem banked (corrections), buys it back at his turn
    step(s, A("correct_canoe", owner=1, canoe=2, where="lost"))
    assert step(s, A("correct_gem", colour="white", source="spare", target="bank:1")) == [
        ev("gem_off_spare", board=True, gem="white"), ev("gem_on_bank", board=True, gem="white", player=1)]
    assert step(s, A("buy_back", 1, canoe=2, gem="white")) == [
        ev("bought_back", board=True, player=1, canoe=2, gem="white")]
    assert step(s, A("correct_weather", weather=2)) == [ev("weather_set", board=True, weather=2)]
    assert step(s, A("correct_fork", arm="right")) == [ev("fork_set", board=True, arm="right")]


def test_a_goal_reached_ends_the_game_at_the_round_end() -> None:
    s = table()
    for _ in range(3):
        step(s, A("correct_gem", colour="violet", source="site:violet", target="bank:0"))
    step(s, A("correct_canoe", owner=0, canoe=1, where="2"))
    step(s, A("correct_gem", colour="violet", source="site:violet", target="canoe:0:1"))
    # Ann lands her fourth violet: a goal (4 of one colour); the round is played out
    assert turn(s, 0, 2, canoe1="shore")[1] == [
        ev("gem_banked", board=True, player=0, canoe=1, gem="violet"), ev("goal_reached", player=0)]
    turn(s, 1, "cloud", direction="up")
    # Cy's cloud ends the round: the weather back to 0, the river flows 2 (nobody on it),
    # discs left and right: the next enters the left arm; Ann wins with 4 gems
    assert turn(s, 2, "cloud", direction="down")[1] == [
        ev("weather_moved", board=True, player=2, weather=0),
        ev("river_flows", board=True, steps=2, lowest=2, weather=0),
        ev("fork_next", board=True, arm="left"),
        ev("round_over", n=1),
        ev("game_over", reveals=[END], players=[0]),
        ev("final_gems", player=0, gems=4), ev("final_gems", player=1, gems=0), ev("final_gems", player=2, gems=0)]
    assert seen(s, None, "en")[-4] == "The game is over. Winners: Ann."


def test_nothing_in_niagara_is_hidden() -> None:
    s = Session(GAME, GAME.setup(["Ann", "Bo", "Cy", "Di"], {"cards_at_once": True, "round_limit": 3}))
    assert step(s, A("reveal", cards=[3, "cloud", 1, 6])) == [
        ev("card_turned", player=0, card=3), ev("cloud_turned", player=1), ev("card_turned", player=2, card=1),
        ev("card_turned", player=3, card=6)]
    for seat in (None, 0, 1, 2, 3):
        assert all(e.public for e in seen(s, seat))


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_random(GAME, 10) + render_random(GAME, 4, {"cards_at_once": "true", "round_limit": "40"}, seed=80)
    for code in ("card_turned", "cloud_turned", "weather_moved", "launched", "paddled", "paddled_over",
                 "paddled_over_gem", "gem_loaded", "gem_unloaded", "gem_banked", "landed", "robbed", "stayed",
                 "river_flows", "drifted", "swept_over", "swept_over_gem", "rescued", "fork_next", "cards_back",
                 "round_over", "round_starts", "bought_back", "final_gems"):
        assert met[code], code
    assert "action" not in met
