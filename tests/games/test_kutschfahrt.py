"""Die Kutschfahrt zur Teufelsburg table helper: set-up by player count
(checked against the rulebook), victory claims judged by hand, one test per
refused entry, and the generic playout properties."""

from __future__ import annotations

import random
import string

import pytest

from companion.core import Action, MalformedAction, Session
from companion.games.kutschfahrt import GAME, fight_winner, minority, setup_summary
from companion.rules import library
from refusal import refused

GID = "kutschfahrt"
LANGS = ("en", "zh_Hans", "zh_Hant")
O, B = "order", "brotherhood"


def table(n: int) -> Session:
    return Session(GAME, GAME.setup(list(string.ascii_uppercase[:n])))


def claim(claimant: int, items: list[list[str]], associations: list[str], allies: list[int] | None = None,
          **flags: bool) -> Action:
    args: dict[str, object] = {"items": items, "associations": associations, **flags}
    if allies is not None:
        args["allies"] = allies
    return Action.make("claim", claimant, **args)




# ----- set-up by player count (rulebook tables) ----------------------------------

@pytest.mark.parametrize("n, each, boxed, drink, limit, start, stamped, removed", [
    (3, 2, 1, True, 8, 2, 4, ["black_pearl"]),   # 2+2 cards, one boxed; 2 bags + 4 items, 2 each; no Black Pearl
    (4, 2, 0, False, 6, 1, 2, []),               # 2+2; n-2 = 2 sealed items + 2 bags
    (5, 3, 1, True, 5, 1, 3, []),
    (6, 3, 0, False, 5, 1, 4, []),
    (7, 4, 1, True, 5, 1, 5, []),
    (8, 4, 0, False, 5, 1, 6, []),
    (9, 5, 1, True, 5, 1, 7, []),
    (10, 5, 0, False, 5, 1, 8, ["coat"]),        # no Coat with 10 players
])
def test_setup_by_player_count(n: int, each: int, boxed: int, drink: bool, limit: int, start: int,
                               stamped: int, removed: list[str]) -> None:
    assert setup_summary(n) == {"associations_each": each, "associations_boxed": boxed, "drink_of_power": drink,
                                "item_limit": limit, "start_items_each": start, "stamped_items_dealt": stamped,
                                "secret_bags_dealt": 2, "removed_items": removed}
    assert stamped + 2 == start * n                 # every starting item is dealt out
    assert GAME.view(table(n).state)["setup"]["item_limit"] == limit


def test_components_add_up() -> None:
    items = library.facts(GID)["items"]
    assert sum(items.values()) == 21 and items["key"] == 3 and items["goblet"] == 3
    assert len(library.facts(GID)["occupations"]) == 10


def test_fight_winner_and_minority() -> None:
    assert fight_winner(3, 2) == "attacker" and fight_winner(1, 2) == "defender"
    assert fight_winner(2, 2) == "tie" and fight_winner(2, 2, ring="defender") == "defender"
    assert minority([O, O, B]) == B and minority([O, B]) is None


# ----- claims judged by hand --------------------------------------------------------

FOUR = [O, B, O, B]


def test_claim_three_keys_with_an_ally_wins_for_the_order() -> None:
    s = table(4)
    s.apply(claim(0, [["key", "dagger"], ["key", "key"]], FOUR, allies=[2]))   # 1 + 2 = 3 keys
    st = s.state
    assert st.phase == "end" and st.result["success"] and st.result["points"] == 3
    assert GAME.winners(st) == [0, 2] and GAME.scores(st) == [1.0, 0.0, 1.0, 0.0]
    assert GAME.legal_actions(st) == []


def test_claim_naming_an_enemy_fails() -> None:
    s = table(4)
    s.apply(claim(0, [["key", "key"], ["key"]], FOUR, allies=[1]))   # seat 1 is Brotherhood
    st = s.state
    assert not st.result["success"] and st.result["reasons"] == ["ally_not_in_association"]
    assert GAME.winners(st) == [1, 3]                                   # the other society wins


def test_claim_ally_without_victory_item_fails() -> None:
    s = table(4)
    s.apply(claim(0, [["key", "key", "key"], ["dagger"]], FOUR, allies=[2]))
    assert s.state.result["reasons"] == ["ally_without_item"] and GAME.winners(s.state) == [1, 3]


@pytest.mark.parametrize("pile_empty, success", [(False, False), (True, True)])
def test_secret_bag_counts_only_when_the_pile_is_empty(pile_empty: bool, success: bool) -> None:
    s = table(4)
    s.apply(claim(0, [["key", "secret_bag_key"], ["key"]], FOUR, allies=[2], pile_empty=pile_empty))
    # 2 keys + bag: 2 points while the pile lasts, 3 once it is used up
    assert s.state.result["points"] == (3 if pile_empty else 2)
    assert s.state.result["success"] is success
    assert GAME.winners(s.state) == ([0, 2] if success else [1, 3])


FIVE = [O, O, O, B, B]   # the Brotherhood is the smaller society


def test_drink_of_power_for_the_smaller_society() -> None:
    s = table(5)
    s.apply(claim(3, [["goblet", "goblet"]], FIVE, drink=True))            # 2 goblets + Drink = 3
    assert s.state.result["success"] and s.state.result["drink"] and GAME.winners(s.state) == [3, 4]


def test_drink_with_bag_for_the_smaller_society() -> None:
    s = table(5)
    s.apply(claim(4, [["goblet"], ["secret_bag_goblet"]], FIVE, allies=[3], pile_empty=True, drink=True))
    assert s.state.result["points"] == 3 and GAME.winners(s.state) == [3, 4]   # 1 + bag + Drink


def test_drink_of_the_larger_society_does_not_count() -> None:
    s = table(5)
    s.apply(claim(0, [["key", "key"]], FIVE, drink=True))
    st = s.state
    assert st.result["reasons"] == ["not_enough_items"] and st.result["points"] == 2
    assert st.result["notes"] == ["drink_not_minority"]
    assert GAME.winners(st) == [3, 4]


def test_drink_of_the_larger_society_is_only_ineffective() -> None:
    # Rulebook (seed 001, Kutschfahrt, Drink of Power card): only the claimant's own Drink
    # can be used, and it works only if he really is in the smaller society.  Outside it the
    # Drink simply does not count — it does not spoil a claim the items already make good.
    # Five players, the Order (seats 0-2) is the larger society; seat 0 shows three Keys.
    s = table(5)
    s.apply(claim(0, [["key", "key", "key"]], FIVE, drink=True))
    st = s.state
    assert st.result["success"] and st.result["points"] == 3 and not st.result["drink"]
    assert st.result["reasons"] == [] and st.result["notes"] == ["drink_not_minority"]
    assert GAME.winners(st) == [0, 1, 2]


SIX = [O, B, O, B, O, B]


def test_loge_solo_victory_and_failure() -> None:
    s = table(6)
    s.apply(claim(2, [["loge", "key", "key", "goblet"]], SIX, loge=True))   # 2 keys + 1 goblet = 3
    assert s.state.result["success"] and GAME.winners(s.state) == [2]
    s.undo()
    s.apply(claim(2, [["loge", "key", "goblet"]], SIX, loge=True))          # only 2
    assert not s.state.result["success"] and GAME.winners(s.state) == [1, 3, 5]   # ruling: the other society


def test_correct_outcome() -> None:
    s = table(4)
    s.apply(claim(0, [["key", "key"]], FOUR))
    assert GAME.winners(s.state) == [1, 3]
    s.apply(Action.make("correct_outcome", success=True))
    assert GAME.winners(s.state) == [0, 2]


# ----- refused entries ------------------------------------------------------------

def test_refuse_black_pearl_holder() -> None:
    err = refused(table(4), claim(0, [["key", "key", "key", "black_pearl"]], FOUR))
    assert (err.code, err.rule, err.params) == ("black_pearl_no_claim", "kutschfahrt.items.black-pearl", {"player": 0})


def test_refuse_claimant_without_victory_item() -> None:
    err = refused(table(4), claim(0, [["secret_bag_key"], ["key", "key", "key"]], FOUR, allies=[2]))
    assert (err.code, err.rule, err.params) == ("claimant_without_item", "kutschfahrt.claim.condition", {"player": 0})


def test_refuse_drink_in_even_game() -> None:
    err = refused(table(4), claim(1, [["goblet", "goblet"]], FOUR, drink=True))
    assert (err.code, err.rule, err.params) == ("drink_even_game", "kutschfahrt.setup.odd", {"count": 4})


def test_refuse_loge_misuse() -> None:
    s = table(5)
    err = refused(s, claim(0, [["key", "key", "key"]], FIVE, loge=True))
    assert (err.code, err.rule) == ("loge_not_held", "kutschfahrt.items.loge")
    err = refused(s, claim(0, [["loge", "key"], ["key", "key"]], FIVE, allies=[1], loge=True))
    assert err.code == "loge_alone"
    err = refused(s, claim(3, [["loge", "goblet", "goblet"]], FIVE, loge=True, drink=True))
    assert (err.code, err.rule) == ("drink_with_loge", "kutschfahrt.drink.what")


def test_refuse_ally_named_twice() -> None:
    s = table(4)
    err = refused(s, claim(0, [["key"], ["key"], ["key"]], FOUR, allies=[2, 2]))
    assert (err.code, err.params) == ("ally_repeated", {"player": 2})
    err = refused(s, claim(0, [["key"], ["key"]], FOUR, allies=[0]))
    assert err.code == "ally_repeated"


def test_refuse_items_not_matching_players() -> None:
    err = refused(table(4), claim(0, [["key"]], FOUR, allies=[2]))
    assert (err.code, err.rule, err.params) == ("items_mismatch", "kutschfahrt.claim.reveal", {"hands": 1, "players": 2})


def test_refuse_item_removed_at_this_count() -> None:
    err = refused(table(3), claim(0, [["key", "black_pearl"]], [O, B, O]))
    assert (err.code, err.rule) == ("item_not_in_game", "kutschfahrt.setup.removed-items")
    err = refused(table(10), claim(0, [["key", "coat"]], [O, B] * 5))
    assert err.code == "item_not_in_game"


def test_refuse_more_copies_than_exist() -> None:
    err = refused(table(4), claim(0, [["key", "key"], ["key", "key"]], FOUR, allies=[2]))
    assert (err.code, err.params) == ("too_many_items", {"item": "key", "count": 4, "max": 3})


def test_refuse_hand_over_item_limit() -> None:
    hand = ["key", "dagger", "tome", "privilege", "gloves", "monocle", "whip"]   # 7 > 6 at 4 players
    err = refused(table(4), claim(0, [hand], FOUR))
    assert (err.code, err.rule, err.params) == ("over_item_limit", "kutschfahrt.setup.item-limit", {"count": 7, "max": 6})


def test_refuse_impossible_associations() -> None:
    s = table(4)
    err = refused(s, claim(0, [["key", "key", "key"]], [O, B, O]))
    assert (err.code, err.params) == ("associations_mismatch", {"count": 3, "players": 4})
    err = refused(s, claim(0, [["key", "key", "key"]], [O, O, O, B]))       # only 2 Order cards at 4 players
    assert (err.code, err.rule, err.params) == ("association_count", "kutschfahrt.setup.associations",
                                                {"team": O, "count": 3, "max": 2})


def test_refuse_correction_before_any_claim_and_claim_after_end() -> None:
    s = table(4)
    err = refused(s, Action.make("correct_outcome", success=True))
    assert (err.code, err.rule) == ("no_claim_yet", "kutschfahrt.app.corrections")
    s.apply(claim(0, [["key"]], FOUR))
    assert refused(s, claim(1, [["goblet"]], FOUR)).code == "game_over"


def test_malformed_items() -> None:
    s = table(4)
    with pytest.raises(MalformedAction):
        s.apply(claim(0, [["crown"]], FOUR))
    with pytest.raises(MalformedAction):
        s.apply(Action.make("claim", 0, items="key", associations=FOUR))


# ----- rules data ---------------------------------------------------------------

ENGINE_CODES = {"items_mismatch", "item_not_in_game", "too_many_items", "over_item_limit", "associations_mismatch",
                "association_count", "ally_repeated", "black_pearl_no_claim", "drink_even_game", "loge_not_held",
                "loge_alone", "drink_with_loge", "claimant_without_item", "no_claim_yet"}


def test_cited_clauses_and_messages_exist() -> None:
    from companion.games.kutschfahrt import game as mod

    rules = {v for k, v in vars(mod).items() if k.startswith("RULE_")} | {m.rule for m in GAME.moves.values()}
    rules |= {c for ids in library.facts(GID)["phase_clauses"].values() for c in ids}
    rules |= {"kutschfahrt.setup.odd", "kutschfahrt.setup.removed-items", "kutschfahrt.setup.item-limit"}
    fmt = string.Formatter()
    en_msgs = library.text(GID, "en")["messages"]
    for lang in LANGS:
        ids = set(library.clause_ids(GID, lang))
        assert rules <= ids, rules - ids
        msgs = library.text(GID, lang)["messages"]
        needed = ENGINE_CODES | {"phase.journey", "phase.end"} | {f"action.{m}" for m in GAME.moves}
        assert needed <= set(msgs), needed - set(msgs)
        assert set(msgs) == set(en_msgs)
        for key, text in msgs.items():
            assert {f for _, f, _, _ in fmt.parse(text) if f} == {f for _, f, _, _ in fmt.parse(en_msgs[key]) if f}
        for item in library.facts(GID)["items"]:
            assert f"ui.item.{item}" in msgs
    assert library.game_name(GID, "zh_Hans") == "魔城马车" and library.game_name(GID, "zh_Hant") == "魔城馬車"


# ----- generic properties ---------------------------------------------------------

@pytest.mark.parametrize("n", range(3, 11))
def test_random_playout(n: int) -> None:
    rng = random.Random(n)
    s = table(n)
    legal = GAME.legal_actions(s.state)
    for action in legal:
        GAME.apply(s.state, action)          # every listed action is accepted
    s.apply(rng.choice(legal))
    assert GAME.is_over(s.state) and GAME.legal_actions(s.state) == []
    assert GAME.winners(s.state)
    assert Session.replay(GAME, s.setup, s.log).state == s.state
    assert GAME.clone(s.state) == s.state
