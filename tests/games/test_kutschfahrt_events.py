"""Kutschfahrt's story (issue 21): the victory claim as the table sees it revealed, worked out
by hand from the rules.  Everything entered is shown at that moment: all public."""

from __future__ import annotations

from companion import story
from companion.core import Action, Session
from companion.games.kutschfahrt import GAME
from games.story_check import apply_all, assert_renders, render_all, seen, texts

ANN, BO, CY, DI, ED = range(5)
ORDER, BROTHERHOOD = "order", "brotherhood"


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table(n: int) -> Session:
    return Session(GAME, GAME.setup(["Ann", "Bo", "Cy", "Di", "Ed"][:n], {}))


def test_golden_claim_that_holds_and_is_then_overruled() -> None:
    """Ann (Order) claims with Cy: two Keys and one Key make three (kutschfahrt.claim.combinations);
    Ann and Cy win.  The table then rules the claim failed: Bo and Di win."""
    s = table(4)
    apply_all(s, A("claim", ANN, allies=[CY], items=[["key", "key"], ["key"]],
                   associations=[ORDER, BROTHERHOOD, ORDER, BROTHERHOOD]))
    assert seen(s, None) == [[
        ("claim", {"player": ANN, "team": ORDER, "allies_players": [CY]}),
        ("shows", {"player": ANN, "item": ["key", "key"]}),
        ("shows", {"player": CY, "item": ["key"]}),
        ("associations", {"order_players": [ANN, CY], "brotherhood_players": [BO, DI]}),
        ("claim_holds", {"team": ORDER, "count": 3}),
        ("winners", {"players": [ANN, CY]}),
    ]]
    lines = texts(s, None)
    assert lines[0] == "Ann claims victory for the Order of the Open Secret, naming Cy as ally."
    assert lines[1] == "Ann shows: Key, Key."
    assert lines[-1] == "Ann, Cy win."
    assert texts(s, None, "zh_Hans")[3] == "翻开阵营牌——宣秘修道同盟：Ann、Cy；真谬兄弟会：Bo、Di。"
    apply_all(s, A("correct_outcome", success=False))
    assert seen(s, None)[-1] == [("outcome_corrected_fails", {}), ("winners", {"players": [BO, DI]})]
    entries = story.Story(GAME).entries(s)
    assert all(e.public for entry in entries for e in entry.events)
    assert all(e.chapter is None for e in entries)


def test_a_failed_claim_names_why_and_the_drink_of_power() -> None:
    """Five players: the Brotherhood (Ann, Cy) is the smaller society, so Ann's Drink of Power
    counts (kutschfahrt.claim.minority) -- but Bo, named as an ally, is in the Order: the claim
    fails and the Order (Bo, Di, Ed) wins (kutschfahrt.claim.result)."""
    s = table(5)
    apply_all(s, A("claim", ANN, allies=[BO], items=[["goblet"], ["goblet"]], drink=True,
                   associations=[BROTHERHOOD, ORDER, BROTHERHOOD, ORDER, ORDER]))
    assert seen(s, None)[0][3:] == [
        ("drink_counts", {"player": ANN}),
        ("associations", {"order_players": [BO, DI, ED], "brotherhood_players": [ANN, CY]}),
        ("claim_fails", {"team": BROTHERHOOD, "count": 3, "reason": ["ally_not_in_association"]}),
        ("winners", {"players": [BO, DI, ED]}),
    ]
    assert texts(s, None)[5] == ("The claim fails (An ally named is not in the claimant's society); "
                                 "victory items counted: 3.")


def test_solo_claim_with_the_loge_and_an_empty_handed_ally() -> None:
    s = table(4)
    apply_all(s, A("claim", ANN, items=[["loge", "key", "goblet", "secret_bag_key"]], loge=True, pile_empty=True,
                   associations=[ORDER, BROTHERHOOD, ORDER, BROTHERHOOD]))
    assert [code for code, _ in seen(s, None)[0]] == ["claim_solo", "shows", "pile_used_up", "associations",
                                                      "claim_holds", "winners"]
    assert seen(s, None)[0][-1] == ("winners", {"players": [ANN]})
    assert_renders(s)
    s = table(4)
    apply_all(s, A("claim", ANN, allies=[CY], items=[["key", "key", "key"], []],
                   associations=[ORDER, BROTHERHOOD, ORDER, BROTHERHOOD]))
    assert seen(s, None)[0][2] == ("shows_nothing", {"player": CY})
    assert seen(s, None)[0][-2] == ("claim_fails", {"team": ORDER, "count": 3, "reason": ["ally_without_item"]})
    assert_renders(s)


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_all("kutschfahrt", 30, "kutschfahrt-events")
    assert {"claim_alone", "shows", "associations", "winners"} <= met
    assert met & {"claim_holds", "claim_fails"}
    assert "action" not in met
