"""Pandemic's story (issue 21): actions, draws, epidemics, infections, outbreaks, cures and
the end as the table must move them, worked out by hand from the rules.  Pandemic is
cooperative with open information: every event is public."""

from __future__ import annotations

from companion import story
from companion.core import Action, Session
from companion.games.pandemic import GAME
from games.story_check import apply_all, assert_renders, render_all, seen, texts

ANN, BO = 0, 1
SETUP_COLOURS = ["blue", "blue", "blue", "red", "red", "red", "black", "black", "yellow"]


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table() -> Session:
    return Session(GAME, GAME.setup(["Ann", "Bo"], {"difficulty": "introductory"}))


def test_golden_two_turns_an_epidemic_a_cure_and_the_eighth_outbreak() -> None:
    """Two players, introductory: 4 cards each, player deck 48 + 5 - 8 + 4 epidemics = 49.
    Setup infections put 1, 1, 1, 2, 2, 2, 3, 3, 3 cubes (blue 3, red 6, black 6, yellow 3).
    Bo (Scientist) starts: treats a blue cube (2 left), flies direct, builds a station (2),
    passes his last action; draws a card (48 left) and an Epidemic: rate 2 (track 2, 2, 2, 3...),
    the bottom card puts 3 yellow cubes, the 10 discards go back on top; then 2 infection
    cards, red 1 cube, black with an outbreak (1 of 8).  Ann (Medic) plays One quiet night,
    is corrected to 5 cards, cures blue with all 5, removes the last 2 blue cubes for free:
    blue is eradicated.  She passes, draws 2 (46, 45 left); the infect step is skipped, Bo's turn.
    A correction puts the outbreak marker on 8: the team loses."""
    s = table()
    apply_all(s, A("role", ANN, role="medic"), A("role", BO, role="scientist"),
              *[A("setup_infect", colour=c) for c in SETUP_COLOURS], A("first_player", BO),
              A("treat", BO, colour="blue", cubes=1), A("move", BO, how="direct"), A("build", BO),
              A("pass_actions", BO), A("draw", BO, card="card"), A("draw", BO, card="epidemic"),
              A("infect", colour="yellow", cubes=3, outbreaks=0), A("intensify"),
              A("infect", colour="red", cubes=1, outbreaks=0), A("infect", colour="black", cubes=2, outbreaks=1),
              A("event", ANN, card="one_quiet_night"), A("correct_hand", seat=ANN, cards=5),
              A("cure", ANN, colour="blue"), A("medic_clears", ANN, colour="blue", cubes=2),
              A("pass_actions", ANN), A("draw", ANN, card="card"), A("draw", ANN, card="card"),
              A("correct", what="outbreaks", value=8))
    got = seen(s, None)
    assert got[:2] == [[("role", {"player": ANN, "role": "medic"})], [("role", {"player": BO, "role": "scientist"})]]
    assert got[2] == [("setup_infected", {"n": 1, "total": 9, "colour": "blue", "cubes": 1})]
    assert got[10] == [("setup_infected", {"n": 9, "total": 9, "colour": "yellow", "cubes": 3})]
    assert got[11:] == [
        [("first_player", {"player": BO})],
        [("treated", {"player": BO, "colour": "blue", "cubes": 1, "left": 2})],
        [("moved_discard", {"player": BO, "how": "direct"})],
        [("station_built", {"player": BO, "stations": 2})],
        [("passed", {"player": BO, "left": 1})],
        [("drew", {"player": BO, "deck": 48})],
        [("epidemic", {"player": BO, "rate": 2, "n": 1, "total": 4})],
        [("epidemic_infected", {"colour": "yellow", "cubes": 3})],
        [("intensified", {"cards": 10}), ("infect_step", {"rate": 2})],
        [("infected", {"colour": "red", "cubes": 1})],
        [("infected", {"colour": "black", "cubes": 2}), ("outbreaks", {"count": 1, "total": 1, "limit": 8}),
         ("next_turn", {"player": ANN})],
        [("event_played", {"player": ANN, "card": "one_quiet_night"}), ("quiet_night_next", {})],
        [("hand_corrected", {"player": ANN, "cards": 5})],
        [("cured", {"player": ANN, "colour": "blue", "cards": 5})],
        [("medic_cleared", {"player": ANN, "colour": "blue", "cubes": 2}), ("eradicated", {"colour": "blue"})],
        [("passed", {"player": ANN, "left": 3})],  # the cure was her one action
        [("drew", {"player": ANN, "deck": 46})],
        [("drew", {"player": ANN, "deck": 45}), ("quiet_night_used", {}), ("next_turn", {"player": BO})],
        [("count_corrected", {"what": "outbreaks", "count": 8}), ("lost_outbreaks", {"limit": 8})],
    ]
    entries = story.Story(GAME).entries(s)
    assert all(e.public for entry in entries for e in entry.events)
    assert [e.chapter for e in entries] == [("setup", 1)] * 12 + [("turn", 1)] * 10 + [("turn", 2)] * 7 \
        + [("turn", 3)]
    lines = texts(s, None)
    assert "Bo draws an Epidemic (1 of 4): the infection rate rises to 2." in lines
    assert "An outbreak: the outbreak marker moves to 1 of 8." in lines
    assert lines[-1] == "Outbreak number 8: the team loses."
    assert texts(s, None, "zh_Hans")[-1] == "第 8 次爆发：团队失败。"


def test_all_four_cures_win_and_eradicated_cards_place_nothing() -> None:
    s = table()
    apply_all(s, A("role", ANN, role="medic"), A("role", BO, role="researcher"),
              *[A("setup_infect", colour=c) for c in SETUP_COLOURS], A("first_player", ANN),
              A("correct_cubes", colour="yellow", value=0), A("correct_cure", colour="yellow", status="cured"),
              A("pass_actions", ANN), A("draw", ANN, card="card"), A("draw", ANN, card="card"),
              A("infect", colour="yellow", cubes=0, outbreaks=0))
    assert seen(s, None)[-1] == [("infected_eradicated", {"colour": "yellow"})]
    assert seen(s, None)[-6:-4] == [[("cubes_corrected", {"colour": "yellow", "count": 0})],
                                    [("status_corrected", {"colour": "yellow", "status": "cured"})]]
    apply_all(s, A("correct_cure", colour="red", status="cured"), A("correct_cure", colour="black", status="cured"),
              A("correct_cure", colour="blue", status="cured"))
    assert seen(s, None)[-1] == [("status_corrected", {"colour": "blue", "status": "cured"}), ("won", {"limit": 8})]
    assert texts(s, None)[-1] == "All four diseases are cured: the team wins!"
    assert_renders(s)


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_all("pandemic", 25, "pandemic-events")
    assert {"role", "setup_infected", "treated", "drew", "epidemic", "infected", "outbreaks", "next_turn"} <= met
    assert "action" not in met
