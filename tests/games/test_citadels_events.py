"""Citadels' story (issue 21): every call, power, build and the final scoring as the
table must hear it, worked out by hand from the rules.  Nothing on the sheet is
secret (a character is entered when its holder turns it over), so every event is public."""

from __future__ import annotations

from companion import story
from companion.core import Action, Session
from companion.games.citadels import GAME
from games.story_check import apply_all, assert_renders, render_all, seen, texts

ASSASSIN, THIEF, MAGICIAN, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD = range(1, 9)
A_, B_, C_, D_ = range(4)


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table(**options: object) -> Session:
    return Session(GAME, GAME.setup(["Ann", "Bo", "Cy", "Di"], {"short_game": True, **options}))


def test_golden_round_robbery_kill_crown_and_final_scoring() -> None:
    """Short game (7 districts).  Ann's city is typed in with 6 districts, all five colours
    (noble 3, religious 2, trade 2, military 3, a purple 5 counting 8, trade 1).  Round 1:
    Magician and Architect face up; Cy (Assassin) kills the Bishop, Bo (Thief) robs the
    Merchant, Di reveals the King and takes the crown, builds a noble 4; the Bishop is
    skipped in silence; Ann reveals the Merchant, hands her gold to Bo, builds a trade 2 (her
    7th: first complete); nobody has the Warlord, so the round ends and so does the game.
    Scores (citadels.end.scoring): Ann 3+2+2+3+8+1+2 = 21, +3 all colours, +4 first = 28;
    Di 4; Bo and Cy 0."""
    s = table()
    apply_all(s, A("correct_city", A_, districts=[["noble", 3], ["religious", 2], ["trade", 2], ["military", 3],
                                                  ["special", 5, 8], ["trade", 1]]),
              A("draft_done", face_up=[ARCHITECT, MAGICIAN]),
              A("reveal", C_), A("assassinate", C_, target=BISHOP), A("end_turn", C_),
              A("reveal", B_), A("rob", B_, target=MERCHANT), A("end_turn", B_),
              A("reveal", D_), A("build", D_, colour="noble", cost=4), A("end_turn", D_),
              A("reveal", A_), A("build", A_, colour="trade", cost=2), A("end_turn", A_),
              A("no_one"))
    assert GAME.is_over(s.state)
    assert seen(s, None) == [
        [("city_corrected", {"player": A_, "count": 6})],
        [("face_up", {"character": ["magician", "architect"]})],
        [("revealed", {"player": C_, "character": "assassin"})],
        [("killed", {"player": C_, "character": "bishop"})],
        [("turn_ended", {"player": C_, "character": "assassin"})],
        [("revealed", {"player": B_, "character": "thief"})],
        [("robbed", {"player": B_, "character": "merchant"})],
        [("turn_ended", {"player": B_, "character": "thief"})],
        [("revealed", {"player": D_, "character": "king"}), ("crown_moved", {"player": D_})],
        [("built", {"player": D_, "colour": "noble", "cost": 4})],
        [("turn_ended", {"player": D_, "character": "king"}), ("killed_silent", {"character": "bishop"})],
        [("revealed", {"player": A_, "character": "merchant"}), ("robbed_pays", {"player": A_, "thief_player": B_})],
        [("built", {"player": A_, "colour": "trade", "cost": 2}), ("city_complete_first", {"player": A_, "count": 7})],
        [("turn_ended", {"player": A_, "character": "merchant"})],
        [("nobody", {"character": "warlord"}), ("last_round", {"n": 1, "count": 7}),
         ("final_score", {"player": A_, "districts": 21, "colours": 3, "complete": 4, "total": 28}),
         ("final_score", {"player": B_, "districts": 0, "colours": 0, "complete": 0, "total": 0}),
         ("final_score", {"player": C_, "districts": 0, "colours": 0, "complete": 0, "total": 0}),
         ("final_score", {"player": D_, "districts": 4, "colours": 0, "complete": 0, "total": 4}),
         ("game_over", {"players": [A_], "points": 28})],
    ]
    entries = story.Story(GAME).entries(s)
    assert all(e.public for entry in entries for e in entry.events)
    assert {entry.chapter for entry in entries} == {("round", 1)}
    lines = texts(s, None)
    assert "Ann was robbed: they hand all their gold to Bo." in lines
    assert "The Bishop was assassinated and stays silent this round." in lines
    assert "Ann: districts 21 + all colours 3 + complete 4 = 28 points." in lines
    assert texts(s, None, "zh_Hans")[-1] == "游戏结束：Ann 以 28 分获胜。"


def test_warlord_pays_one_less_than_the_cost() -> None:
    """citadels.characters.warlord: destroying a district costs its cost minus one (5 → 4)."""
    s = table()
    apply_all(s, A("correct_add_district", A_, colour="special", cost=5, points=8),
              A("draft_done", face_up=[ARCHITECT, MAGICIAN]),
              A("no_one"), A("no_one"), A("reveal", B_), A("end_turn", B_), A("reveal", C_), A("end_turn", C_),
              A("reveal", D_), A("end_turn", D_), A("reveal", A_),
              A("destroy", A_, target_player=A_, colour="special", cost=5))
    assert seen(s, None)[0] == [("district_added_special", {"player": A_, "colour": "special", "cost": 5,
                                                            "points": 8})]
    assert seen(s, None)[-1] == [("destroyed_special", {"player": A_, "target_player": A_, "colour": "special",
                                                        "cost": 5, "points": 8, "pay": 4})]
    assert texts(s, None)[-1] == ("Ann (Warlord) destroys Ann's Special district costing 5 (8 points) "
                                  "and pays 4 gold.")


def test_killed_king_takes_the_crown_at_the_round_end() -> None:
    """Cy kills the King; the King's call is skipped; after the Warlord the sheet asks who
    had it (citadels.round.killed_king): Di, who takes the crown; round 2 begins."""
    s = table()
    apply_all(s, A("draft_done", face_up=[THIEF, MAGICIAN]), A("reveal", C_), A("assassinate", C_, target=KING),
              A("end_turn", C_))
    assert seen(s, None)[-1] == [("turn_ended", {"player": C_, "character": "assassin"}),
                                 ("killed_silent", {"character": "king"})]
    apply_all(s, A("reveal", A_), A("end_turn", A_), A("reveal", B_), A("end_turn", B_), A("no_one"),
              A("no_one"))
    assert seen(s, None)[-1] == [("nobody", {"character": "warlord"}), ("king_killed", {})]
    apply_all(s, A("crown", D_))
    assert seen(s, None)[-1] == [("king_was", {"player": D_}), ("round_over", {"n": 1, "player": D_})]
    assert story.Story(GAME).entries(s)[-1].chapter == ("round", 1)
    apply_all(s, A("draft_done", face_up=[THIEF, MAGICIAN]))
    assert story.Story(GAME).entries(s)[-1].chapter == ("round", 2)


def test_a_tie_is_broken_by_the_highest_character_of_the_last_round() -> None:
    """citadels.end.tie: Ann (7 trade districts of 1, first complete: 7 + 4 = 11) and Bo
    (noble 6 and 5 = 11) tie; Bo revealed the Warlord, Ann the Merchant: Bo wins."""
    s = table()
    apply_all(s, A("correct_city", A_, districts=[["trade", 1]] * 6),
              A("correct_city", B_, districts=[["noble", 6], ["noble", 5]]),
              A("draft_done", face_up=[MAGICIAN, ARCHITECT]), A("no_one"), A("no_one"),
              A("reveal", C_), A("end_turn", C_), A("reveal", D_), A("end_turn", D_),
              A("reveal", A_), A("build", A_, colour="trade", cost=1), A("end_turn", A_),
              A("reveal", B_), A("end_turn", B_))
    assert GAME.is_over(s.state)
    assert seen(s, None)[-1][-2:] == [("tie_broken", {"player": B_, "character": "warlord", "players": [A_, B_]}),
                                      ("game_over", {"players": [B_], "points": 11})]
    assert texts(s, None)[-2] == ("Ann, Bo are tied: Bo wins with the Warlord, the highest character revealed "
                                  "in the last round.")


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_all("citadels", 25, "citadels-events", options={"short_game": True})
    met |= render_all("citadels", 5, "citadels-events-2", players=[2])
    assert {"face_up", "revealed", "nobody", "built", "round_over", "final_score", "game_over"} <= met
    assert "action" not in met


def test_corrections_tell_what_they_changed() -> None:
    s = table()
    apply_all(s, A("correct_add_district", A_, colour="special", cost=5, points=8),
              A("correct_add_district", A_, colour="trade", cost=2),
              A("correct_remove_district", A_, colour="special", cost=5),
              A("correct_crown", C_), A("correct_city", B_, districts=[["noble", 1]] * 7),
              A("correct_first", B_), A("correct_first"))
    assert seen(s, None) == [
        [("district_added_special", {"player": A_, "colour": "special", "cost": 5, "points": 8})],
        [("district_added", {"player": A_, "colour": "trade", "cost": 2})],
        [("district_removed_special", {"player": A_, "colour": "special", "cost": 5, "points": 8})],
        [("crown_corrected", {"player": C_})],
        [("city_corrected", {"player": B_, "count": 7}), ("city_complete_first", {"player": B_, "count": 7})],
        [("first_corrected", {"player": B_})],
        [("first_corrected_none", {})],
    ]
    assert_renders(s)
