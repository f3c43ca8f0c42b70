"""Dominion's story (issue 21): cards gained and trashed with the points they bring, piles
running out, the end and its tie-break, worked out by hand from the rules.  All public."""

from __future__ import annotations

from companion import story
from companion.core import Action, Session
from companion.games.dominion import GAME
from games.story_check import apply_all, assert_renders, render_all, seen, texts

ANN, BO = 0, 1


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table(**options: object) -> Session:
    return Session(GAME, GAME.setup(["Ann", "Bo"], options))


def test_golden_game_ends_on_the_last_province_and_the_tie_goes_to_fewer_turns() -> None:
    """Two players (8 Provinces, 10 Curses), each starting with 3 Estates (3 points).
    Ann gains a Province (9) and hands Bo a Curse (2); Bo gains a Province and an Estate (9).
    The Gold pile is marked empty (1 of 3); the Province pile is corrected to 1; Ann gains it
    (15, the last one) and trashes a Province (9).  Her turn ends the game: 9 each, Bo took
    1 turn to Ann's 2, so Bo wins (dominion.scoring.winner)."""
    s = table()
    apply_all(s, A("gain", ANN, card="province"), A("gain", BO, card="curse"), A("end_turn", ANN),
              A("gain", BO, card="province"), A("gain", BO, card="estate"), A("end_turn", BO),
              A("pile_out", pile="gold"), A("correct_supply", card="province", count=1),
              A("gain", ANN, card="province"), A("trash", ANN, card="province"), A("end_turn", ANN))
    assert GAME.is_over(s.state)
    assert seen(s, None) == [
        [("gained", {"player": ANN, "card": "province", "left": 7, "points": 9})],
        [("gained", {"player": BO, "card": "curse", "left": 9, "points": 2})],
        [("turn_passed", {"player": ANN, "next_player": BO})],
        [("gained", {"player": BO, "card": "province", "left": 6, "points": 8})],
        [("gained", {"player": BO, "card": "estate", "left": 7, "points": 9})],
        [("turn_passed", {"player": BO, "next_player": ANN})],
        [("pile_out", {"pile": "gold"}), ("piles_empty", {"count": 1, "needed": 3})],
        [("supply_corrected", {"card": "province", "count": 1})],
        [("gained", {"player": ANN, "card": "province", "left": 0, "points": 15}), ("provinces_gone", {})],
        [("trashed", {"player": ANN, "card": "province", "points": 9})],
        [("turn_ended", {"player": ANN}),
         ("final_score", {"player": ANN, "points": 9, "turns": 2}),
         ("final_score", {"player": BO, "points": 9, "turns": 1}),
         ("fewer_turns", {"players": [BO], "tied_players": [ANN, BO]}),
         ("game_over", {"players": [BO], "points": 9})],
    ]
    entries = story.Story(GAME).entries(s)
    assert [e.chapter for e in entries] == [("round", 1)] * 6 + [("round", 2)] * 5
    assert all(e.public for entry in entries for e in entry.events)
    assert [e.board for e in entries][:3] == [True, True, False]
    lines = texts(s, None)
    assert lines[0] == "Ann gains one Province (7 left in the pile): 9 points."
    assert "Ann, Bo are tied on points: Bo took fewer turns." in lines
    assert texts(s, None, "zh_Hant")[0] == "Ann 拿到一張行省（牌堆剩 7 張）：目前 9 分。"


def test_gardens_game_counts_the_cards_before_scoring() -> None:
    """With Gardens the game ends into the count (dominion.sheet.deck_size): Ann owns 23
    cards, so her Gardens is worth 2 (3 Estates + 2 = 5); Bo owns 12 (3 points)."""
    s = table(gardens=True)
    apply_all(s, A("gain", ANN, card="gardens"), A("correct_supply", card="province", count=0), A("end_turn", ANN))
    assert seen(s, None)[-1] == [("turn_ended", {"player": ANN}), ("count_cards", {"players": [ANN, BO]})]
    apply_all(s, A("deck_size", BO, cards=12), A("deck_size", ANN, cards=23))
    assert seen(s, None)[-2:] == [
        [("deck_counted", {"player": BO, "cards": 12, "points": 3})],
        [("deck_counted_gardens", {"player": ANN, "cards": 23, "gardens": 1, "each": 2, "points": 5}),
         ("final_score", {"player": ANN, "points": 5, "turns": 1}),
         ("final_score", {"player": BO, "points": 3, "turns": 0}),
         ("game_over", {"players": [ANN], "points": 5})],
    ]
    assert [e.chapter for e in story.Story(GAME).entries(s)][-2:] == [("count", 1), ("count", 1)]
    assert texts(s, None)[-4] == "Ann owns 23 cards, so their Gardens is worth 2: 5 points."


def test_three_empty_piles_and_corrections() -> None:
    s = table()
    apply_all(s, A("pile_out", pile="copper"), A("pile_out", pile="kingdom_3"),
              A("correct_supply", card="duchy", count=1), A("gain", ANN, card="duchy"),
              A("correct_pile", pile="kingdom_3", empty=False), A("correct_pile", pile="silver", empty=True),
              A("correct_deck", BO, estate=2), A("correct_deck", BO))
    assert seen(s, None) == [
        [("pile_out", {"pile": "copper"}), ("piles_empty", {"count": 1, "needed": 3})],
        [("kingdom_pile_out", {"number": 3}), ("piles_empty", {"count": 2, "needed": 3})],
        [("supply_corrected", {"card": "duchy", "count": 1})],
        [("gained", {"player": ANN, "card": "duchy", "left": 0, "points": 6}),
         ("card_pile_empty_enough", {"card": "duchy", "count": 3, "needed": 3})],
        [("kingdom_pile_open", {"number": 3})],
        [("pile_empty", {"pile": "silver"})],
        [("deck_corrected", {"player": BO, "card": "estate", "count": 2}), ("points", {"player": BO, "points": 2})],
        [("nothing_corrected", {"player": BO})],
    ]
    assert assert_renders(s)


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_all("dominion", 20, "dominion-events")
    met |= render_all("dominion", 10, "dominion-events-gardens", options={"gardens": True})
    assert {"gained", "trashed", "turn_passed", "final_score", "game_over", "deck_counted_gardens"} <= met
    assert "action" not in met
