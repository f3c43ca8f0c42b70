"""Complete Niagara games worked out by hand from the rulebook.

Each game is a transcript (the same JSON lines ``companion referee`` reads)
cut into rounds; after every round the test compares the state with figures
worked out by hand before the engine ever ran: where each canoe is and what it
carries, what each player has banked, the weather, how far the river flowed
(lowest number card + weather, never below 0; only clouds: positive weather
only) and the arm the next disc at the fork enters (left first, then taking
turns with every step of flow).  Each step moves the channel and only the arm
its disc enters; a canoe in the other arm stays (seed 003, "moving the river"
6-7: one disc pushed in, one over the falls, at the fork left and right in turn).

Board as the app assumes it: spaces 1-5, then the arms L6-L7 / R6-R7, falls
after 7; sites violet 3, white 4, yellow 5, blue L6/R6, pink L7/R7.

Coverage: a round of only clouds and the weather at its bottom end (game 1),
at its top end (game 2); a robbery and the cards coming back after all seven
(game 1); canoes carried over the falls, one bought back with a banked gem, a
player left with both canoes lost and no gem getting one back at once, an
unload-then-load for 4 points (game 2); two players winning in the same round
(game 1); a single winner (game 3).
"""

from __future__ import annotations

import io
import json

from companion.cli import referee
from companion.core import Session
from companion.cli import parse_line
from companion.games.niagara import GAME

S, X = "shore", "lost"
V, W, Y = "violet", "white", "yellow"


def P(player: str, **args) -> str:
    return json.dumps({"type": "paddle", "player": player, **args})


def cards(*values) -> str:
    return json.dumps({"type": "reveal", "cards": list(values)})


def weather(player: str, direction: str) -> str:
    return json.dumps({"type": "weather", "player": player, "direction": direction})


def load(k: int, colour: str, when: str, to: str) -> dict:
    return {f"canoe{k}": to, f"canoe{k}_load": colour, f"canoe{k}_gems": when}


def check(state, expected: dict) -> None:
    for seat, (boats, bank) in expected.get("players", {}).items():
        got = [(c.where, c.gem) if c.gem else c.where for c in state.players[seat].canoes]
        assert got == boats, (seat, got, boats)
        assert state.players[seat].bank == bank, (seat, state.players[seat].bank, bank)
    for key in ("weather", "last_flow", "fork_next", "phase", "lifebuoy", "round", "winners"):
        if key in expected:
            assert getattr(state, key) == expected[key], (key, getattr(state, key), expected[key])
    for site, pile in expected.get("sites", {}).items():
        assert state.sites[site] == pile, (site, state.sites[site], pile)


def play(players: list[str], rounds: list[tuple[list[str], dict]], **options) -> Session:
    """Games worked by hand with all cards entered at once (the table option cards_at_once)."""
    options = {"cards_at_once": True, **options}
    setup = GAME.setup(players, options)
    session = Session(GAME, setup)
    for number, (lines, expected) in enumerate(rounds, start=1):
        for line in lines:
            session.apply(parse_line(line, setup.players))
        check(session.state, expected)
    # the same transcript through the command line gives the same end
    text = "\n".join(line for lines, _ in rounds for line in lines)
    out = io.StringIO()
    status = referee("niagara", players, {k: str(v) for k, v in options.items()}, io.StringIO(text),
                     "en", False, out)
    assert status == 0, out.getvalue()
    summary = json.loads(out.getvalue())
    assert summary["finished"] and summary["winners"] == [players[w] for w in session.state.winners]
    return session


# ------------------------------------------------------------------------------------------
# Game 1: Ann, Bo, Cy.  Ann goes for 4 violet, Bo for 4 white; both make it in round 10.
GAME_1 = [
    # R1, lifebuoy Ann: only clouds.  0 -> -1 (bottom) -> 0 -> -1.  No number card and the
    # weather is not above 0: the river does not move.
    ([cards("cloud", "cloud", "cloud"), weather("Ann", "down"), weather("Bo", "up"), weather("Cy", "down")],
     {"weather": -1, "last_flow": 0, "fork_next": "left", "lifebuoy": 1, "round": 2,
      "players": {0: ([S, S], {}), 1: ([S, S], {}), 2: ([S, S], {})}}),
    # R2, order Bo Cy Ann.  Bo 6: launch to 4 (4) + load white (2).  Cy 1: launch to 1.
    # Ann 5: launch to 3 (3) + load violet (2).  Flow: lowest 1 + weather -1 = 0.
    ([cards(5, 6, 1), P("Bo", **load(1, W, "after", "4")), P("Cy", canoe1="1"),
      P("Ann", **load(1, V, "after", "3"))],
     {"last_flow": 0, "lifebuoy": 2,
      "players": {0: ([("3", V), S], {}), 1: ([("4", W), S], {}), 2: (["1", S], {})},
      "sites": {"violet": {V: 6}, "white": {W: 6}}}),
    # R3, order Cy Ann Bo.  Cy 3: 1 -> 4.  Ann 1: 3 -> 2 upstream with the violet.
    # Bo 4: canoe 1 lands from 4 (white banked), canoe 2 launches to 4.  Flow 1 - 1 = 0.
    ([cards(1, 4, 3), P("Cy", canoe1="4"), P("Ann", canoe1="2"), P("Bo", canoe1="shore", canoe2="4")],
     {"last_flow": 0,
      "players": {0: ([("2", V), S], {}), 1: ([S, "4"], {W: 1}), 2: (["4", S], {})}}),
    # R4, order Ann Bo Cy.  Ann 2: lands from 2 (violet banked), canoe 2 launches to 2.
    # Bo 2: canoe 2 loads white where it is (2 points, no move).  Cy 6: loads white at 4 (2)
    # and paddles the 4 spaces home: white banked.  Flow 2 - 1 = 1, one step (disc left):
    # Ann's canoe 2 -> 3, Bo's canoe 2 -> 5.
    ([cards(2, 2, 6), P("Ann", canoe1="shore", canoe2="2"), P("Bo", **load(2, W, "before", "4")),
      P("Cy", **load(1, W, "before", "shore"))],
     {"last_flow": 1, "fork_next": "right",
      "players": {0: ([S, "3"], {V: 1}), 1: ([S, ("5", W)], {W: 1}), 2: ([S, S], {W: 1})},
      "sites": {"violet": {V: 6}, "white": {W: 4}}}),
    # R5, order Bo Cy Ann.  Bo 5: lands from 5 (2nd white).  Cy 2: launch to 2.  Ann 6:
    # canoe 2 loads violet at 3 (2) and paddles home (3 of the 4 left): 2nd violet.
    # Flow 2 - 1 = 1: Cy 2 -> 3.
    ([cards(6, 5, 2), P("Bo", canoe2="shore"), P("Cy", canoe1="2"),
      P("Ann", **load(2, V, "before", "shore"))],
     {"last_flow": 1, "fork_next": "left",
      "players": {0: ([S, S], {V: 2}), 1: ([S, S], {W: 2}), 2: (["3", S], {W: 1})},
      "sites": {"violet": {V: 5}, "white": {W: 4}}}),
    # R6, order Cy Ann Bo.  Cy 5: loads violet at 3 (2) and lands (3).  Ann 4: launch to 4.
    # Bo 1: launch to 1.  Flow 1 - 1 = 0.
    ([cards(4, 1, 5), P("Cy", **load(1, V, "before", "shore")), P("Ann", canoe1="4"), P("Bo", canoe1="1")],
     {"last_flow": 0,
      "players": {0: (["4", S], {V: 2}), 1: (["1", S], {W: 2}), 2: ([S, S], {V: 1, W: 1})},
      "sites": {"violet": {V: 4}}}),
    # R7, order Ann Bo Cy: everyone's last card.  Ann 3: up 1 to 3 and load violet (2).
    # Bo 3: 1 -> 4.  Cy 4: launch to 4.  Flow 3 - 1 = 2: step 1 (left) Ann 3->4, Bo 4->5,
    # Cy 4->5; step 2 (right) Ann 4->5, Bo 5->R6, Cy 5->R6.  All seven cards played: they
    # come back at the end of this round.
    ([cards(3, 3, 4), P("Ann", **load(1, V, "after", "3")), P("Bo", canoe1="4"), P("Cy", canoe1="4")],
     {"last_flow": 2, "fork_next": "left",
      "players": {0: ([("5", V), S], {V: 2}), 1: (["R6", S], {W: 2}), 2: (["R6", S], {V: 1, W: 1})},
      "sites": {"violet": {V: 3}}}),
    # R8, order Bo Cy Ann, with the cards back in hand.  Bo 4: R6 up 2 to 4, load white (2).
    # Cy 1: R6 up 1 to 5, beside Ann's loaded canoe: robs her violet (free).  Ann 4: her
    # empty canoe goes up 2 to 3 and loads violet (2).  Flow 1 - 1 = 0.
    ([cards(4, 4, 1), P("Bo", **load(1, W, "after", "4")),
      P("Cy", canoe1="5", canoe1_rob_player=0, canoe1_rob_canoe=1),
      P("Ann", **load(1, V, "after", "3"))],
     {"last_flow": 0,
      "players": {0: ([("3", V), S], {V: 2}), 1: ([("4", W), S], {W: 2}), 2: ([("5", V), S], {V: 1, W: 1})},
      "sites": {"violet": {V: 2}, "white": {W: 3}}}),
    # R9, order Cy Ann Bo.  Cy 2: 5 -> 3 with the violet.  Ann 5: canoe 1 lands (3rd violet),
    # canoe 2 launches to 3 and loads violet.  Bo 6: canoe 1 lands (3rd white), canoe 2
    # launches to 4 and loads white.  Flow 2 - 1 = 1: Cy 3->4, Ann 3->4, Bo 4->5.
    ([cards(5, 6, 2), P("Cy", canoe1="3"),
      P("Ann", canoe1="shore", **load(2, V, "after", "3")),
      P("Bo", canoe1="shore", **load(2, W, "after", "4"))],
     {"last_flow": 1, "fork_next": "right", "phase": "reveal",
      "players": {0: ([S, ("4", V)], {V: 3}), 1: ([S, ("5", W)], {W: 3}), 2: ([("4", V), S], {V: 1, W: 1})},
      "sites": {"violet": {V: 1}, "white": {W: 2}}}),
    # R10, order Ann Bo Cy.  Ann 6 lands from 4: 4 violet.  Bo 5 lands from 5: 4 white.
    # The round is played out: Cy 4 lands from 4 (violet).  Flow 4 - 1 = 3, nobody in the
    # river.  Ann and Bo both meet a goal: both win.  Cy: 2 violet + 1 white, no goal.
    ([cards(6, 5, 4), P("Ann", canoe2="shore"), P("Bo", canoe2="shore"), P("Cy", canoe1="shore")],
     {"last_flow": 3, "phase": "end", "winners": [0, 1],
      "players": {0: ([S, S], {V: 4}), 1: ([S, S], {W: 4}), 2: ([S, S], {V: 2, W: 1})},
      "sites": {"violet": {V: 1}, "white": {W: 2}}}),
]


def test_game_1_three_players_two_winners_in_one_round():
    session = play(["Ann", "Bo", "Cy"], GAME_1)
    assert GAME.scores(session.state) == [4.0, 4.0, 3.0]


def test_game_1_cards_come_back_only_after_all_seven():
    setup = GAME.setup(["Ann", "Bo", "Cy"], {"cards_at_once": True})
    session = Session(GAME, setup)
    for lines, _ in GAME_1[:6]:
        for line in lines:
            session.apply(parse_line(line, setup.players))
    # after six rounds Ann has played cloud, 5, 1, 2, 6, 4: only the 3 is left
    assert session.state.players[0].hand() == [3]
    for line in GAME_1[6][0]:
        session.apply(parse_line(line, setup.players))
    assert all(p.hand() == [1, 2, 3, 4, 5, 6, "cloud"] for p in session.state.players)


# ------------------------------------------------------------------------------------------
# Game 2: Ann, Bo, Cy, Di with a round limit of 4 (the table's option): the weather at the
# top of its track sweeps canoes over the falls.
GAME_2 = [
    # R1, order Ann Bo Cy Di.  Ann 5: to 3 + violet.  Bo 3: to 3.  Cy 6: to 4 + white.
    # Di 1: to 1.  Flow 1 + 0 = 1 (disc left): Ann 3->4, Bo 3->4, Cy 4->5, Di 1->2.
    ([cards(5, 3, 6, 1), P("Ann", **load(1, V, "after", "3")), P("Bo", canoe1="3"),
      P("Cy", **load(1, W, "after", "4")), P("Di", canoe1="1")],
     {"last_flow": 1, "fork_next": "right",
      "players": {0: ([("4", V), S], {}), 1: (["4", S], {}), 2: ([("5", W), S], {}), 3: (["2", S], {})}}),
    # R2, order Bo Cy Di Ann.  Bo 2: loads white at 4 without moving.  Cy 5: lands from 5
    # (white banked), canoe 2 launches to 5.  Di 2: 2 -> 4, canoe 2 launches to 2.
    # Ann 6: at the white site unloads her violet and loads a white (2 + 2 = 4), then
    # paddles 2 up to 2.  Flow 2 + 0 = 2: step 1 (right) Bo 4->5, Cy 5->R6, Di 4->5 and
    # 2->3, Ann 2->3; step 2 (left) Bo 5->L6, Di 5->L6 and 3->4, Ann 3->4, while the right
    # arm stands still: Cy stays on R6.
    ([cards(6, 2, 5, 2), P("Bo", **load(1, W, "before", "4")), P("Cy", canoe1="shore", canoe2="5"),
      P("Di", canoe1="4", canoe2="2"),
      P("Ann", canoe1="2", canoe1_unload=True, canoe1_load=W, canoe1_gems="before")],
     {"last_flow": 2, "fork_next": "right",
      "players": {0: ([("4", W), S], {}), 1: ([("L6", W), S], {}), 2: ([S, "R6"], {W: 1}),
                  3: (["L6", "4"], {})},
      "sites": {"white": {W: 4, V: 1}, "violet": {V: 6}}}),
    # R3, order Cy Di Ann Bo.  Cy and Di play clouds: 0 -> +1 -> +2 (top).  Ann 4 lands
    # from 4 and Bo 6 from L6: a white each.  Flow 4 + 2 = 6, each step moving the channel
    # and only the arm its disc enters: step 1 (right) Cy R6->R7, Di 4->5 (his L6 stays);
    # step 2 (left) Di L6->L7 and 5->L6; step 3 (right) Cy R7 over the falls (empty);
    # step 4 (left) Di L7 over, L6->L7; step 5 (right) nobody; step 6 (left) Di's last
    # canoe over: both lost, no gem banked: canoe 1 back ashore at once.  Cy keeps his
    # banked white.
    ([cards(4, 6, "cloud", "cloud"), weather("Cy", "up"), weather("Di", "up"),
      P("Ann", canoe1="shore"), P("Bo", canoe1="shore")],
     {"weather": 2, "last_flow": 6, "fork_next": "right",
      "players": {0: ([S, S], {W: 1}), 1: ([S, S], {W: 1}), 2: ([S, X], {W: 1}), 3: ([S, X], {})}}),
    # R4, order Di Ann Bo Cy.  Di 3: his only canoe must launch: to 3.  Ann's cloud:
    # +2 -> +1.  Bo 1: to 1.  Cy buys his lost canoe back with his white (back to its site),
    # then 3: both ashore, one launches to 3.  Flow 1 + 1 = 2: step 1 (right) Di 3->4,
    # Bo 1->2, Cy 3->4; step 2 (left) 4->5, 2->3, 4->5.  Round limit 4 reached, nobody has a
    # goal: most gems banked wins: Ann and Bo with one each.
    ([cards("cloud", 1, 3, 3), P("Di", canoe1="3"), weather("Ann", "down"), P("Bo", canoe1="1"),
      json.dumps({"type": "buy_back", "player": "Cy", "canoe": 2, "gem": "white"}), P("Cy", canoe1="3")],
     {"weather": 1, "last_flow": 2, "phase": "end", "winners": [0, 1],
      "players": {0: ([S, S], {W: 1}), 1: (["3", S], {W: 1}), 2: (["5", S], {}), 3: (["5", X], {})},
      "sites": {"white": {W: 5, V: 1}, "violet": {V: 6}}}),
]


def test_game_2_four_players_falls_buy_back_rescue_and_round_limit():
    session = play(["Ann", "Bo", "Cy", "Di"], GAME_2, round_limit=4)
    assert GAME.scores(session.state) == [1.0, 1.0, 0.0, 0.0]


# ------------------------------------------------------------------------------------------
# Game 3: Ann, Bo, Cy, Di, Ed.  Ann brings home 4 violet in six rounds, two at a time.
GAME_3 = [
    # R1, order Ann Bo Cy Di Ed.  Ann 1: to 1.  Bo cloud: 0 -> +1.  Cy 2, Di 3, Ed 4: launch
    # that far.  Flow 1 + 1 = 2: Ann 1->3, Cy 2->4, Di 3->5, Ed 4->5->R6 (second step right).
    ([cards(1, "cloud", 2, 3, 4), P("Ann", canoe1="1"), weather("Bo", "up"), P("Cy", canoe1="2"),
      P("Di", canoe1="3"), P("Ed", canoe1="4")],
     {"weather": 1, "last_flow": 2, "fork_next": "left",
      "players": {0: (["3", S], {}), 1: ([S, S], {}), 2: (["4", S], {}), 3: (["5", S], {}),
                  4: (["R6", S], {})}}),
    # R2, order Bo Cy Di Ed Ann.  Bo 6: to 4 + white.  Cy cloud: +1 -> 0.  Di 1: 5 -> 4.
    # Ed 6: R6 up 6 to the shore (empty).  Ann 2: canoe 1 loads violet where it is; canoe 2
    # launches to 2.  Flow 1 + 0 = 1 (left): Bo 4->5, Cy 4->5, Di 4->5, Ann 3->4 and 2->3.
    ([cards(2, 6, "cloud", 1, 6), P("Bo", **load(1, W, "after", "4")), weather("Cy", "down"),
      P("Di", canoe1="4"), P("Ed", canoe1="shore"), P("Ann", canoe2="2", **load(1, V, "before", "3"))],
     {"weather": 0, "last_flow": 1, "fork_next": "right",
      "players": {0: ([("4", V), "3"], {}), 1: ([("5", W), S], {}), 2: (["5", S], {}), 3: (["5", S], {}),
                  4: ([S, S], {})}}),
    # R3, order Cy Di Ed Ann Bo.  Cy 5: 5 -> shore.  Di cloud: 0 -> -1.  Ed 2: to 2.
    # Ann 6: canoe 1 lands from 4; canoe 2 loads violet at 3 (2) and lands (3): 2 violet.
    # Bo 5: lands from 5: a white.  Flow 2 - 1 = 1 (right): Di 5->R6, Ed 2->3.
    ([cards(6, 5, 5, "cloud", 2), P("Cy", canoe1="shore"), weather("Di", "down"), P("Ed", canoe1="2"),
      P("Ann", canoe1="shore", **load(2, V, "before", "shore")), P("Bo", canoe1="shore")],
     {"weather": -1, "last_flow": 1, "fork_next": "left",
      "players": {0: ([S, S], {V: 2}), 1: ([S, S], {W: 1}), 2: ([S, S], {}), 3: (["R6", S], {}),
                  4: (["3", S], {})},
      "sites": {"violet": {V: 5}, "white": {W: 6}}}),
    # R4, order Di Ed Ann Bo Cy.  Di 6: R6 up 6 home.  Ed 1: 3 -> 2.  Ann 3, Bo 4, Cy 3:
    # launch that far.  Flow 1 - 1 = 0.
    ([cards(3, 4, 3, 6, 1), P("Di", canoe1="shore"), P("Ed", canoe1="2"), P("Ann", canoe1="3"),
      P("Bo", canoe1="4"), P("Cy", canoe1="3")],
     {"last_flow": 0,
      "players": {0: (["3", S], {V: 2}), 1: (["4", S], {W: 1}), 2: (["3", S], {}), 3: ([S, S], {}),
                  4: (["2", S], {})}}),
    # R5, order Ed Ann Bo Cy Di.  Ed 3: 2 -> shore.  Ann 5: canoe 1 loads violet (2), lands
    # (3): 3 violet; canoe 2 launches to 3 and loads violet (2).  Bo 2: loads white at 4.
    # Cy 1: 3 -> 2.  Di 2: to 2.  Flow 1 - 1 = 0.
    ([cards(5, 2, 1, 2, 3), P("Ed", canoe1="shore"),
      P("Ann", **load(1, V, "before", "shore"), **load(2, V, "after", "3")),
      P("Bo", **load(1, W, "before", "4")), P("Cy", canoe1="2"), P("Di", canoe1="2")],
     {"last_flow": 0,
      "players": {0: ([S, ("3", V)], {V: 3}), 1: ([("4", W), S], {W: 1}), 2: (["2", S], {}),
                  3: (["2", S], {}), 4: ([S, S], {})},
      "sites": {"violet": {V: 3}, "white": {W: 5}}}),
    # R6, order Ann Bo Cy Di Ed.  Ann 4: lands from 3: 4 violet.  Bo 3: 4 -> 1 with his
    # white.  Cy 4 and Di 4: 2 -> shore.  Ed cloud: -1 can only go up: 0.  Flow 3 + 0 = 3:
    # Bo 1 -> 4.  Ann alone meets a goal.
    ([cards(4, 3, 4, 4, "cloud"), P("Ann", canoe2="shore"), P("Bo", canoe1="1"), P("Cy", canoe1="shore"),
      P("Di", canoe1="shore"), weather("Ed", "up")],
     {"weather": 0, "last_flow": 3, "phase": "end", "winners": [0],
      "players": {0: ([S, S], {V: 4}), 1: ([("4", W), S], {W: 1}), 2: ([S, S], {}), 3: ([S, S], {}),
                  4: ([S, S], {})},
      "sites": {"violet": {V: 3}, "white": {W: 5}}}),
]


def test_game_3_five_players_one_winner():
    session = play(["Ann", "Bo", "Cy", "Di", "Ed"], GAME_3)
    assert GAME.scores(session.state) == [4.0, 1.0, 0.0, 0.0, 0.0]
