"""Mamma Mia's story (issue 21): the pizza pile turned over, orders made or short, cards
from the hand, the round's orders and leftovers, the tie-break and the winners, worked out
by hand from the rules.  The evaluation happens in front of everyone: all public."""

from __future__ import annotations

from companion import story
from companion.core import Action, Session
from companion.games.mamma_mia import GAME
from games.story_check import apply_all, assert_renders, render_all, seen, texts

ANN, BO, CY = 0, 1, 2


def A(type: str, player: int | None = None, **args: object) -> Action:
    return Action.make(type, player, **args)


def table() -> Session:
    return Session(GAME, GAME.setup(["Ann", "Bo", "Cy"], {}))


def test_golden_evaluation_of_one_pile() -> None:
    """Bo holds the Mamma card.  3 salami and 2 olives are turned over; Ann's order of 2
    salami is made (1 salami left); Cy's order of 3 olives is 1 short, she adds 1 from her
    hand and both olives leave the heap; Bo's Super deluxe needs 15 ingredients and the heaps
    hold 1: 14 short, and Bo sends it back.  The pile is done: Ann and Cy one order each;
    the salami stays for round 2 (mamma_mia.evaluation.leftovers)."""
    s = table()
    apply_all(s, A("evaluate", BO), A("ingredients", kind="salami", count=3), A("ingredients", kind="olive", count=2),
              A("order", ANN, salami=2), A("order", CY, olive=3), A("fill", CY, olive=1),
              A("special", BO, pizza="deluxe"), A("order_fails", BO), A("end_evaluation"))
    assert seen(s, None) == [
        [("mamma", {"player": BO, "n": 1})],
        [("ingredients", {"count": 3, "kind": "salami", "heap": 3})],
        [("ingredients", {"count": 2, "kind": "olive", "heap": 2})],
        [("order_made", {"player": ANN, "ingredients": ["salami", "salami"], "orders": 1})],
        [("order_short", {"player": CY, "missing": 1, "ingredients": ["olive"]})],
        [("filled", {"player": CY, "count": 1}),
         ("order_made", {"player": CY, "ingredients": ["olive", "olive"], "orders": 1})],
        [("deluxe_short", {"player": BO, "missing": 14})],
        [("order_back", {"player": BO})],
        [("pile_done", {"n": 1}), ("round_orders", {"player": ANN, "made": 1, "orders": 1}),
         ("round_orders", {"player": CY, "made": 1, "orders": 1}), ("leftovers", {"ingredients": ["salami"]})],
    ]
    entries = story.Story(GAME).entries(s)
    assert all(e.public for entry in entries for e in entry.events)
    assert {e.chapter for e in entries} == {("round", 1)}
    lines = texts(s, None)
    assert lines[3] == "Ann's order is made; from the heaps: salami, salami. Orders completed: 1."
    assert lines[-1] == "Left in the heaps for the next round: salami."
    assert texts(s, None, "zh_Hans")[3] == "Ann 的订单完成，从原料堆拿走：香肠、香肠。已完成订单 1 张。"
    assert GAME.story_values(s.state) == [1, 0, 1]


def test_tie_on_orders_is_settled_by_cards_in_hand() -> None:
    """After round 3, Ann and Bo have 8 orders each (typed in): the tie-break counts their
    hands (mamma_mia.end.tie-break): Bo's 4 beat Ann's 2."""
    s = table()
    apply_all(s, A("correct_orders", seat=ANN, orders=8), A("correct_orders", seat=BO, orders=8))
    for _ in range(3):
        apply_all(s, A("evaluate", CY), A("end_evaluation"))
    assert seen(s, None)[-1] == [("pile_done", {"n": 3}), ("tie", {"players": [ANN, BO], "orders": 8})]
    apply_all(s, A("hand", ANN, cards=2), A("hand", BO, cards=4))
    assert seen(s, None)[-1] == [("hand_counted", {"player": BO, "cards": 4}),
                                 ("game_over", {"players": [BO], "orders": 8})]
    assert seen(s, None)[0] == [("orders_corrected", {"player": ANN, "orders": 8})]
    assert seen(s, None)[3] == [("pile_done", {"n": 1}), ("no_leftovers", {})]
    assert texts(s, None)[-1] == "The game is over: Bo wins with 8 completed orders."


def test_specials_and_heap_corrections() -> None:
    """One plus six: 1 of the ingredient shown and 6 of another (mamma_mia.specials.one-plus-six)."""
    s = table()
    apply_all(s, A("evaluate", ANN), A("correct_heap", kind="salami", cards=1), A("correct_heap", kind="olive", cards=6),
              A("special", CY, pizza="one_plus_six", shown="salami", other="olive"))
    assert seen(s, None)[1:] == [
        [("heap_corrected", {"kind": "salami", "cards": 1})],
        [("heap_corrected", {"kind": "olive", "cards": 6})],
        [("special_made", {"player": CY, "pizza": "one_plus_six",
                           "ingredients": ["salami"] + ["olive"] * 6, "orders": 1})],
    ]
    assert texts(s, None)[-1].startswith("Cy's One plus six is made; from the heaps: salami, olives, olives")
    assert_renders(s)


def test_random_games_render_every_event_in_three_languages() -> None:
    met = render_all("mamma_mia", 25, "mamma-mia-events")
    assert {"mamma", "ingredients", "order_made", "order_short", "filled", "pile_done", "game_over"} <= met
    assert "action" not in met
