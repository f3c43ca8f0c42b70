"""Saboteur's story (issue 21): rounds, roles turned over, the gold shared out -- and each
player's gold kept face down until the end of the game (saboteur.scoring.hidden-gold)."""

from __future__ import annotations

from companion import story
from companion.core import Action, IllegalAction, Session
from companion.games.saboteur import GAME
from games.story_check import apply_all, assert_renders, render_all, seen, texts

ANN, BO, CY = 0, 1, 2


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table() -> Session:
    return Session(GAME, GAME.setup(["Ann", "Bo", "Cy"], {}))


def rounds_1_2(drawn: list[int], picks: list[int], taken: list[int]) -> list[Action]:
    """Round 1: Bo reaches the gold, Cy was the saboteur; 3 gold cards are drawn and the
    miners pick Bo, Ann, Bo (finder first, then counterclockwise skipping Cy).  Round 2: the
    saboteurs hold out, Ann was the saboteur and takes her 4 nuggets in ``taken``."""
    return [A("gold_found", BO), A("reveal_roles", saboteurs=[CY]), A("gold_drawn", cards=drawn),
            A("pick", BO, value=picks[0]), A("pick", ANN, value=picks[1]), A("pick", BO, value=picks[2]),
            A("gold_not_found"), A("reveal_roles", saboteurs=[ANN]), A("take_gold", ANN, cards=taken)]


def test_golden_three_rounds_with_the_gold_hidden_until_the_end() -> None:
    """Three players: one saboteur card, three miner cards (so zero or one saboteur), three
    gold cards drawn.  Bo picks 3, Ann 2, Bo 1 (Bo 4, Ann 2); Ann as the lone saboteur takes
    4 (a 3 and a 1: Ann 6).  Round 3: nobody was a saboteur and the gold was not reached:
    nobody is paid (saboteur.scoring.no-saboteur).  Ann wins with 6."""
    s = table()
    apply_all(s, *rounds_1_2([3, 2, 1], [3, 2, 1], [3, 1]), A("gold_not_found"), A("reveal_roles", saboteurs=[]))
    assert GAME.is_over(s.state)
    assert seen(s, None) == [
        [("gold_reached", {"player": BO, "n": 1})],
        [("saboteurs_were", {"players": [CY], "miner_players": [ANN, BO]}),
         ("pick_order", {"players": [BO, ANN], "count": 3})],
        [("gold_drawn", {"count": 3}), ("gold_drawn_values", {"values": [3, 2, 1]})],
        [("gold_picked", {"player": BO}), ("gold_card", {"player": BO, "nuggets": 3, "total": 3})],
        [("gold_picked", {"player": ANN}), ("gold_card", {"player": ANN, "nuggets": 2, "total": 2})],
        [("gold_picked", {"player": BO}), ("gold_card", {"player": BO, "nuggets": 1, "total": 4}),
         ("round_over", {"n": 1})],
        [("saboteurs_held", {"n": 2})],
        [("saboteurs_were", {"players": [ANN], "miner_players": [BO, CY]}),
         ("saboteur_share", {"players": [ANN], "nuggets": 4})],
        [("share_taken", {"player": ANN, "nuggets": 4}),
         ("share_cards", {"player": ANN, "values": [3, 1], "total": 6}), ("round_over", {"n": 2})],
        [("saboteurs_held", {"n": 3})],
        [("no_saboteur", {}), ("nobody_paid", {"n": 3}), ("round_over", {"n": 3}), ("gold_shown", {}),
         ("final_gold", {"player": ANN, "total": 6}), ("final_gold", {"player": BO, "total": 4}),
         ("final_gold", {"player": CY, "total": 0}), ("game_over", {"players": [ANN], "total": 6})],
    ]
    entries = story.Story(GAME).entries(s)
    assert [e.chapter for e in entries] == [("round", 1)] * 6 + [("round", 2)] * 3 + [("round", 3)] * 2
    assert texts(s, None)[-1] == "The game is over: Ann wins with 6 nuggets."
    assert GAME.story_values(s.state) == [6, 4, 0]


def test_each_players_gold_is_seen_on_their_device_only_until_the_end() -> None:
    s = table()
    apply_all(s, *rounds_1_2([3, 2, 1], [3, 2, 1], [3, 1]))
    assert not GAME.is_over(s.state)
    public_codes = {code for entry in seen(s, None) for code, _ in entry}
    assert not public_codes & {"gold_drawn_values", "gold_card", "share_cards"}
    assert seen(s, CY) == seen(s, None)                       # Cy took no gold
    bo = [params for entry in seen(s, BO) for code, params in entry if code == "gold_card"]
    assert bo == [{"player": BO, "nuggets": 3, "total": 3}, {"player": BO, "nuggets": 1, "total": 4}]
    ann = [(code, params) for entry in seen(s, ANN) for code, params in entry if code in ("gold_card", "share_cards")]
    assert ann == [("gold_card", {"player": ANN, "nuggets": 2, "total": 2}),
                   ("share_cards", {"player": ANN, "values": [3, 1], "total": 6})]
    # nobody sees the drawn values before the end, not even the finder
    assert all(code != "gold_drawn_values" for seat in (ANN, BO, CY) for e in seen(s, seat) for code, _ in e)
    # the chart's numbers are hidden too
    assert GAME.story_values(s.state) == [None, None, None]
    # at the end everything is turned over
    apply_all(s, A("gold_not_found"), A("reveal_roles", saboteurs=[]))
    assert seen(s, CY)[3][1] == ("gold_card", {"player": BO, "nuggets": 3, "total": 3})


def test_the_shared_screen_reads_the_same_whatever_the_hidden_cards() -> None:
    """Two tables that differ only in the hidden values (the cards drawn and picked, the
    cards making up Ann's 4) read the same on the shared screen and on Cy's phone, in every
    language, until the end; Bo's own phone tells them apart."""
    one, two = table(), table()
    apply_all(one, *rounds_1_2([3, 2, 1], [3, 2, 1], [3, 1]))
    apply_all(two, *rounds_1_2([2, 2, 1], [2, 1, 2], [2, 2]))
    for lang in ("en", "zh_Hans", "zh_Hant"):
        for seat in (None, CY):
            assert texts(one, seat, lang) == texts(two, seat, lang)
        assert texts(one, BO, lang) != texts(two, BO, lang)


def test_refusals_that_tell_a_gold_card_are_private() -> None:
    s = table()
    apply_all(s, A("gold_found", BO), A("reveal_roles", saboteurs=[CY]), A("gold_drawn", cards=[2, 2, 1]))
    try:
        GAME.apply(s.state, A("pick", BO, value=3))
    except IllegalAction as error:
        assert error.code == "gold_not_in_pool"
        assert GAME.secret_seat(s.state, error, A("pick", BO, value=3)) == BO
    else:
        raise AssertionError("a card that was not drawn was taken")
    apply_all(s, A("correct_gold", seat=ANN, gold=40))
    try:
        GAME.apply(s.state, A("correct_gold", seat=BO, gold=5))
    except IllegalAction as error:
        assert error.code == "gold_over_box"
        assert GAME.secret_seat(s.state, error, A("correct_gold", seat=BO, gold=5)) == BO
    else:
        raise AssertionError("more gold than the box holds")
    assert seen(s, None)[-1] == [("gold_corrected", {"player": ANN})]
    assert seen(s, ANN)[-1] == [("gold_corrected", {"player": ANN}), ("gold_set", {"player": ANN, "total": 40})]
    assert_renders(s)


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_all("saboteur", 30, "saboteur-events")
    assert {"gold_reached", "saboteurs_held", "saboteurs_were", "gold_picked", "share_taken", "game_over"} <= met
    assert "action" not in met
