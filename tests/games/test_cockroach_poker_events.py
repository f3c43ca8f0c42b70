"""Cockroach Poker's story (issue 21): the claim against the card, who takes it, the loser,
worked out by hand from the rules.  Entered once the card is face up: all public."""

from __future__ import annotations

from companion import story
from companion.core import Action, Session
from companion.games.cockroach_poker import GAME
from games.story_check import apply_all, assert_renders, render_all, seen, texts

ANN, BO, CY = 0, 1, 2


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def test_golden_three_rounds_to_the_fourth_bat() -> None:
    """Ann starts and tells Bo 'rat': a bat; Bo answered 'true', wrong, so Bo takes it and
    starts.  Bo's card goes to Cy, who looks and passes it to Ann as a toad: it is one; Ann
    answered 'false', wrong: Ann takes it.  Cy's hand and bats are corrected (18 cards, 3
    bats).  Ann tells Cy 'bat': true; Cy answered 'false', wrong: her 4th bat ends the game
    (cockroach_poker.end.same-kind), Cy loses."""
    s = Session(GAME, GAME.setup(["Ann", "Bo", "Cy"], {}))
    apply_all(s, A("start", ANN), A("call", BO, claim="rat", card="bat", answer="true"),
              A("call", ANN, claim="toad", card="toad", answer="false", passers=[CY]),
              A("correct_hand", CY, count=18), A("correct_penalty", CY, creature="bat", count=3),
              A("call", CY, claim="bat", card="bat", answer="false"))
    assert GAME.is_over(s.state)
    assert seen(s, None) == [
        [("starts", {"player": ANN})],
        [("answered", {"player": BO, "passer_player": ANN, "creature": "rat", "answer": "true", "n": 1}),
         ("card_bluff", {"creature": "bat"}), ("takes", {"player": BO, "creature": "bat", "count": 1})],
        [("passed_on", {"players": [CY], "n": 2}),
         ("answered", {"player": ANN, "passer_player": CY, "creature": "toad", "answer": "false", "n": 2}),
         ("card_true", {"creature": "toad"}), ("takes", {"player": ANN, "creature": "toad", "count": 1})],
        [("hand_corrected", {"player": CY, "count": 18})],
        [("penalty_corrected", {"player": CY, "creature": "bat", "count": 3})],
        [("answered", {"player": CY, "passer_player": ANN, "creature": "bat", "answer": "false", "n": 3}),
         ("card_true", {"creature": "bat"}), ("takes_last", {"player": CY, "creature": "bat", "count": 4}),
         ("lost_same_kind", {"player": CY, "count": 4, "creature": "bat"})],
    ]
    entries = story.Story(GAME).entries(s)
    assert all(e.public for entry in entries for e in entry.events)
    assert [e.board for e in entries] == [False, True, True, False, True, True]
    assert all(e.chapter is None for e in entries)
    lines = texts(s, None)
    assert lines[1:4] == ['Round 1: Ann says it is a Rat; Bo answers "True".', "The card is a Bat: it was a bluff.",
                          "Bo takes it face up (1 card of that creature now) and starts the next round."]
    assert lines[-1] == "Cy has 4 face-up cards of Bat and loses; everyone else wins."
    assert texts(s, None, "zh_Hant")[1] == "第 1 輪：Ann 說這是老鼠，Bo 回答「真的」。"
    assert GAME.story_values(s.state) == [1, 1, 4]
    # a correction that takes the fourth bat away reopens the game
    apply_all(s, A("correct_penalty", CY, creature="bat", count=3))
    assert seen(s, None)[-1] == [("penalty_corrected", {"player": CY, "creature": "bat", "count": 3}),
                                 ("game_reopened", {})]
    apply_all(s, A("correct_starter", BO))
    assert_renders(s)


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_all("cockroach_poker", 30, "cockroach-events")
    assert {"starts", "answered", "card_true", "card_bluff", "takes", "takes_last"} <= met  # (legal_actions never pass a card on: the golden game does)
    assert met & {"lost_same_kind", "lost_all_kinds", "lost_empty_hand"}
    assert "action" not in met
