"""I'm the Boss's story (issue 21): each closed deal's payout and who pays whom, the end roll
and the end, worked out by hand from the rules.  Deals are paid out in the open: all public."""

from __future__ import annotations

from companion import story
from companion.core import Action, Session
from companion.games.im_the_boss import GAME
from games.story_check import apply_all, assert_renders, render_all, seen, texts

ANN, BO, CY = 0, 1, 2


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table(**options: object) -> Session:
    return Session(GAME, GAME.setup(["Ann", "Bo", "Cy"], options))


def test_golden_deals_payments_and_the_end() -> None:
    """Deal 1 (tile 1, 2 a share): Ann, 6 shares = 12, keeps 12.  Deal 2: Bo, 4 x 2 = 8,
    pays Ann 3 and Cy 2 as promised, keeps 3.  Deal 3: Cy, 2 x 3 = 6, pays Ann 7: one more
    than the deal brought (Cy: 2 + 6 - 7 = 1).  The host ends the game by correction: Ann
    counts 12 + 3 + 7 = 22, Bo 3, Cy 1; Ann wins.  Taking the end back reopens deal 4."""
    s = table()
    apply_all(s, A("deal", ANN, shares=6, value=2),
              A("deal", BO, shares=4, value=2, payees=[ANN, CY], amounts=[3, 2]),
              A("deal", CY, shares=2, value=3, payees=[ANN], amounts=[7]),
              A("correct_end", ends=True))
    assert seen(s, None) == [
        [("deal_closed", {"player": ANN, "n": 1, "tile": 1, "shares": 6, "value": 2, "payout": 12}),
         ("boss_keeps", {"player": ANN, "amount": 12})],
        [("deal_closed", {"player": BO, "n": 2, "tile": 2, "shares": 4, "value": 2, "payout": 8}),
         ("boss_pays", {"player": BO, "to_player": ANN, "amount": 3}),
         ("boss_pays", {"player": BO, "to_player": CY, "amount": 2}),
         ("boss_keeps", {"player": BO, "amount": 3})],
        [("deal_closed", {"player": CY, "n": 3, "tile": 3, "shares": 2, "value": 3, "payout": 6}),
         ("boss_pays", {"player": CY, "to_player": ANN, "amount": 7}),
         ("boss_pays_more", {"player": CY, "amount": 1})],
        [("end_corrected", {}), ("final_money", {"player": ANN, "amount": 22}),
         ("final_money", {"player": BO, "amount": 3}), ("final_money", {"player": CY, "amount": 1}),
         ("game_over", {"players": [ANN], "amount": 22})],
    ]
    entries = story.Story(GAME).entries(s)
    assert all(e.public for entry in entries for e in entry.events)
    assert [e.chapter for e in entries] == [("deal", 1), ("deal", 2), ("deal", 3), ("deal", 4)]
    lines = texts(s, None)
    assert lines[0] == "Deal 1 closed: Ann is the boss; 6 shares × 2 million (tile 1) = 12 million from the bank."
    assert lines[4] == "Bo pays Cy 2 million as promised."
    assert lines[-1] == "The game is over: Ann wins with 22 million."
    apply_all(s, A("correct_end", ends=False))
    assert seen(s, None)[-1] == [("end_corrected_goes_on", {}), ("game_reopened", {"n": 4})]


def test_the_end_roll_from_the_tenth_deal() -> None:
    """im_the_boss.end.roll: after the 10th deal the boss rolls; only a 1 ends it (the app's
    table, im_the_boss.end.numbers).  Tile 1 is worth 2 a share, the later ones 3 here.  A 4 goes on to deal 11; after it a 2 ends the game."""
    s = table()
    apply_all(s, A("deal", BO, shares=2, value=2), *[A("deal", BO, shares=2, value=3) for _ in range(9)])
    assert seen(s, None)[-1][-1] == ("roll_due", {"player": BO, "n": 10, "numbers": [1]})
    apply_all(s, A("end_roll", BO, roll=4))
    assert seen(s, None)[-1] == [("rolled", {"player": BO, "roll": 4}), ("goes_on", {"n": 11})]
    assert story.Story(GAME).entries(s)[-1].chapter == ("deal", 10)
    apply_all(s, A("deal", CY, shares=2, value=3))
    assert seen(s, None)[-1][-1] == ("roll_due", {"player": CY, "n": 11, "numbers": [1, 2]})
    apply_all(s, A("end_roll", CY, roll=2))
    assert seen(s, None)[-1][:2] == [("rolled", {"player": CY, "roll": 2}), ("roll_ends", {})]
    assert texts(s, None, "zh_Hans")[-1] == "游戏结束：Bo 以 58 百万获胜。"  # 2 x 2 + 9 x (2 x 3)


def test_less_cutthroat_partners_and_the_short_game() -> None:
    """im_the_boss.variants.split: 6 x 2 = 12 shared by the boss and one partner: 6 each.
    Short game: tiles 1-3 serve two deals each; from tile 4 (deal 7) the rolls add up to 6."""
    s = table(less_cutthroat=True, short=True)
    apply_all(s, A("deal", ANN, shares=6, value=2, partners=[BO]))
    assert seen(s, None)[-1] == [
        ("deal_closed", {"player": ANN, "n": 1, "tile": 1, "shares": 6, "value": 2, "payout": 12}),
        ("partner_share", {"player": BO, "amount": 6}), ("boss_keeps", {"player": ANN, "amount": 6})]
    apply_all(s, A("deal", CY, shares=2, value=2), *[A("deal", CY, shares=2, value=3) for _ in range(5)])
    assert seen(s, None)[-1][-1] == ("roll_due_short", {"player": CY, "total": 0, "target": 6})
    apply_all(s, A("end_roll", CY, roll=5), A("correct_money", BO, amount=40))
    assert seen(s, None)[-2:] == [[("rolled_short", {"player": CY, "roll": 5, "total": 5, "target": 6}),
                                   ("goes_on", {"n": 8})],
                                  [("money_corrected_hidden", {"player": BO})]]
    # a running total is its owner's (im_the_boss.money.visible): Bo alone sees the 40
    assert seen(s, BO)[-1] == [("money_corrected_hidden", {"player": BO}),
                               ("money_corrected", {"player": BO, "amount": 40})]
    assert seen(s, CY)[-1] == [("money_corrected_hidden", {"player": BO})]
    assert texts(s, None, "en")[-1] == "Correction: Bo's money was set (only Bo sees how much)."
    assert_renders(s)


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_all("im_the_boss", 20, "boss-events")
    met |= render_all("im_the_boss", 10, "boss-events-short", options={"short": True})
    assert {"deal_closed", "boss_keeps", "boss_pays", "roll_due", "rolled", "game_over"} <= met
    assert "action" not in met
