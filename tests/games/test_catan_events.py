"""Catan's story (issue 21): what each entry tells the table, worked out by hand from the
rules, and the Victory Point card kept with its owner until the game is over
(catan.development.victory_point, catan.sheet.hidden_vp)."""

from __future__ import annotations

from companion import story
from companion.core import Action, IllegalAction, Session
from companion.games.catan import GAME
from games.story_check import apply_all, assert_renders, render_all, seen, texts

ANN, BO, CY = 0, 1, 2


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table() -> Session:
    return Session(GAME, GAME.setup(["Ann", "Bo", "Cy"], {}))


SETUP = [A("place", ANN, harbor="generic"), A("place", BO), A("place", CY, harbor="wood"),
         A("place", CY), A("place", BO), A("place", ANN)]
ROUND_1 = [
    A("buy_dev_card", ANN, card="victory_point"),
    A("build_road", ANN, longest=3), A("build_road", ANN, longest=4), A("build_road", ANN, longest=5),
    A("end_turn", ANN),
    A("build_road", BO, longest=3), A("build_road", BO, longest=4), A("build_road", BO, longest=5),
    A("build_road", BO, longest=6),
    A("road_broken", BO, length=4),
    A("end_turn", BO), A("end_turn", CY),
]
ROUND_2 = [A("build_city", ANN), A("build_city", ANN), A("build_settlement", ANN),
           A("buy_dev_card", ANN, card="victory_point"), A("buy_dev_card", ANN, card="victory_point")]


def test_golden_story_of_a_short_game() -> None:
    """Worked out by hand: snake set-up (Ann, Bo, Cy, Cy, Bo, Ann), one point per starting
    settlement; Ann's road of 5 takes Longest Road (+2), Bo's 6 takes it from her, Bo's cut
    road (4) gives it back to Ann, the only one ahead; in round 2 Ann's two cities and a
    settlement bring her to 7 shown points, and her third Victory Point card to 10: the
    game ends in her own turn and she shows the three cards."""
    s = table()
    apply_all(s, *SETUP, *ROUND_1, *ROUND_2)
    assert GAME.is_over(s.state)
    got = seen(s, None)  # the shared screen, once the game is over: everything
    expected = [
        [("placed_generic_harbor", {"player": ANN}), ("points", {"player": ANN, "points": 1})],
        [("placed", {"player": BO}), ("points", {"player": BO, "points": 1})],
        [("placed_harbor", {"player": CY, "resource": "wood"}), ("points", {"player": CY, "points": 1})],
        [("placed", {"player": CY}), ("points", {"player": CY, "points": 2})],
        [("placed", {"player": BO}), ("points", {"player": BO, "points": 2})],
        [("placed", {"player": ANN}), ("points", {"player": ANN, "points": 2}), ("setup_done", {"player": ANN})],
        [("vp_card_taken", {"player": ANN, "count": 1, "score": 3})],
        [("road_built_longer", {"player": ANN, "length": 3})],
        [("road_built_longer", {"player": ANN, "length": 4})],
        [("road_built_longer", {"player": ANN, "length": 5}),
         ("award_taken", {"player": ANN, "award": "longest_road"}), ("points", {"player": ANN, "points": 4})],
        [("turn_passed", {"player": ANN, "next_player": BO})],
        [("road_built_longer", {"player": BO, "length": 3})],
        [("road_built_longer", {"player": BO, "length": 4})],
        [("road_built_longer", {"player": BO, "length": 5})],
        [("road_built_longer", {"player": BO, "length": 6}),
         ("award_moved", {"player": BO, "from_player": ANN, "award": "longest_road"}),
         ("points", {"player": ANN, "points": 2}), ("points", {"player": BO, "points": 4})],
        [("road_cut", {"player": BO, "length": 4, "was": 6}),
         ("award_moved", {"player": ANN, "from_player": BO, "award": "longest_road"}),
         ("points", {"player": ANN, "points": 4}), ("points", {"player": BO, "points": 2})],
        [("turn_passed", {"player": BO, "next_player": CY})],
        [("turn_passed", {"player": CY, "next_player": ANN})],
        [("city_built", {"player": ANN}), ("points", {"player": ANN, "points": 5})],
        [("city_built", {"player": ANN}), ("points", {"player": ANN, "points": 6})],
        [("settlement_built", {"player": ANN}), ("points", {"player": ANN, "points": 7})],
        [("vp_card_taken", {"player": ANN, "count": 2, "score": 9})],
        [("vp_card_taken", {"player": ANN, "count": 3, "score": 10}),
         ("game_over", {"players": [ANN], "points": 10}),
         ("final_points", {"player": ANN, "score": 10, "count": 3}),
         ("final_points", {"player": BO, "score": 2, "count": 0}),
         ("final_points", {"player": CY, "score": 2, "count": 0})],
    ]
    assert got == expected
    entries = story.Story(GAME).entries(s)
    assert [e.chapter for e in entries] == [("setup", 1)] * 6 + [("round", 1)] * 12 + [("round", 2)] * 5
    # pieces and award cards move on the table: the log marks those entries
    assert [e.board for e in entries][6:11] == [False, True, True, True, False]
    # the sentences, as the shared screen reads them at the end
    lines = texts(s, None)
    assert "Bo takes Longest Road from Ann." in lines
    assert "Ann takes a Victory Point card: 3 cards held, 10 points in all." in lines
    assert "The game is over: Ann wins with 10 points." in lines
    assert "Ann shows 3 Victory Point cards: 10 points in all." in lines


def test_the_victory_point_card_stays_with_its_owner_until_the_end() -> None:
    """Today's bug: 'Last: Ann: Victory Point card' was shown to everyone.  Now Bo's phone and
    the shared screen read only that Ann bought a development card, in every language; the
    card and the points it brings show on Ann's phone, and on every device once the game ends."""
    s = table()
    apply_all(s, *SETUP, A("buy_dev_card", ANN, card="victory_point"))
    for seat in (None, BO, CY):
        got = story.last_visible(s, seat)
        assert got is not None
        assert [(e.code, dict(e.params)) for e in got[1]] == [("dev_card_bought", {"player": ANN, "left": 24})]
        for lang in ("en", "zh_Hans", "zh_Hant"):
            shown = " ".join(texts(s, seat, lang))
            assert "Victory" not in shown and "胜利分" not in shown and "勝利分" not in shown
    mine = story.last_visible(s, ANN)
    assert mine is not None and [e.code for e in mine[1]] == ["vp_card_taken"]
    assert texts(s, ANN)[-1] == "Ann takes a Victory Point card: 1 card held, 3 points in all."
    assert texts(s, ANN, "zh_Hans")[-1] == "Ann 拿到一张胜利分卡：共 1 张，总分 3 分。"
    # the public points never count it
    assert all(params.get("points") != 3 for entry in seen(s, None) for code, params in entry)
    # at the end (Ann's third card brings her to 10 with Longest Road...), everyone sees it
    apply_all(s, *ROUND_1[1:], *ROUND_2)
    assert GAME.is_over(s.state)
    for seat in (None, BO):
        assert ("vp_card_taken", {"player": ANN, "count": 1, "score": 3}) in seen(s, seat)[6]
    # undoing the last card reopens the game: the cards are Ann's again
    s.undo()
    assert not GAME.is_over(s.state)
    for seat in (None, BO, CY):
        assert all(code not in ("vp_card_taken", "final_points") for entry in seen(s, seat) for code, _ in entry)
    assert sum(code == "vp_card_taken" for entry in seen(s, ANN) for code, _ in entry) == 2


def test_a_corrected_victory_point_count_is_told_only_to_its_owner() -> None:
    s = table()
    apply_all(s, *SETUP, A("correct_counts", BO, settlements=3, vp_cards=2))
    public_view = seen(s, None)[-1]
    assert public_view == [("count_corrected", {"player": BO, "what": "settlements", "count": 3}),
                           ("hidden_count_corrected", {"player": BO}),
                           ("points", {"player": BO, "points": 3})]
    assert seen(s, ANN)[-1] == public_view
    assert ("vp_cards_corrected", {"player": BO, "count": 2}) in seen(s, BO)[-1]
    assert texts(s, None)[-3:] == ["Correction for Bo: Settlements 3.", "Correction for Bo: a hidden count.",
                                   "Bo now shows 3 points."]


def test_only_refusals_about_a_hand_are_private() -> None:
    """'Every copy is accounted for' counting the player's own hand tells that hand: shown in
    full only to the seat that tried; the same refusal about Knights played is public.  Another
    player's hand never limits a purchase (Bo's five Victory Point cards are Bo's secret)."""
    s = table()
    apply_all(s, *SETUP, A("correct_counts", BO, vp_cards=5), A("correct_counts", ANN, vp_cards=5))
    try:
        GAME.apply(s.state, A("buy_dev_card", ANN, card="victory_point"))
    except IllegalAction as error:
        assert error.code == "no_card_left" and error.params["card"] == "victory_point"
        assert GAME.secret_seat(s.state, error, A("buy_dev_card", ANN, card="victory_point")) == ANN
    else:
        raise AssertionError("a sixth Victory Point card was accepted")
    apply_all(s, A("correct_counts", ANN, vp_cards=0))
    GAME.apply(s.state, A("buy_dev_card", ANN, card="victory_point"))  # Bo's five say nothing to Ann
    apply_all(s, A("correct_counts", BO, vp_cards=0, knights=14))
    try:
        GAME.apply(s.state, A("knight", ANN))
    except IllegalAction as error:
        assert error.code == "no_card_left" and error.params["card"] == "knight"
        assert GAME.secret_seat(s.state, error, A("knight", ANN)) is None
    else:
        raise AssertionError("a fifteenth Knight was accepted")


def test_award_set_aside_and_the_game_reopened_by_a_correction() -> None:
    """Ann holds Longest Road with 5; Bo cuts it to 4 while Cy has 4 too: nobody is strictly
    ahead, so the card is set aside (catan.awards.broken_road)."""
    s = table()
    apply_all(s, *SETUP, A("build_road", ANN, longest=3), A("build_road", ANN, longest=4),
              A("build_road", ANN, longest=5), A("correct_counts", CY, roads=4, road_length=4))
    apply_all(s, A("road_broken", ANN, length=4))
    assert seen(s, None)[-1][:2] == [("road_cut", {"player": ANN, "length": 4, "was": 5}),
                                     ("award_set_aside", {"from_player": ANN, "award": "longest_road"})]
    assert texts(s, None)[-2] == "Ann loses Longest Road; the card is set aside until someone is ahead."
    # a correction giving Ann 10 shown points ends the game in her turn; taking it back reopens it
    apply_all(s, A("correct_counts", ANN, cities=4, settlements=2))
    assert GAME.is_over(s.state)
    apply_all(s, A("correct_counts", ANN, cities=1))
    assert not GAME.is_over(s.state)
    assert seen(s, None)[-1][-1] == ("game_reopened", {"target": 10})


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_all("catan", 30, "catan-events")
    assert {"placed", "points", "award_taken", "dev_card_bought", "game_over", "turn_passed"} <= met
    assert "action" not in met  # every Catan action has a line of its own


def test_the_story_chart_shows_points_without_hidden_cards_until_the_end() -> None:
    s = table()
    apply_all(s, *SETUP, A("vp_card", ANN))
    assert GAME.story_values(s.state) == [2, 2, 2]
    assert GAME.story_values(s.state, reveal=True) == [3, 2, 2]


def test_corrections_render_and_award_corrections_say_who_holds_the_card() -> None:
    s = table()
    apply_all(s, *SETUP, A("correct_counts", ANN, knights=3), A("correct_counts", BO, knights=3),
              A("correct_award", BO, award="largest_army"),
              A("correct_award", None, award="largest_army"), A("correct_counts", CY))
    assert seen(s, None)[-5:] == [
        [("count_corrected", {"player": ANN, "what": "knights", "count": 3}),
         ("award_taken", {"player": ANN, "award": "largest_army"}), ("points", {"player": ANN, "points": 4})],
        [("count_corrected", {"player": BO, "what": "knights", "count": 3})],  # a tie: Ann keeps it
        [("award_corrected", {"player": BO, "award": "largest_army"}), ("points", {"player": ANN, "points": 2}),
         ("points", {"player": BO, "points": 4})],
        [("award_corrected_none", {"award": "largest_army"}), ("points", {"player": BO, "points": 2})],
        [("nothing_corrected", {"player": CY})],
    ]
    assert_renders(s)
