"""Maritime Silk Road: setup, flow, every refusal (one test each), the view's
secrets, and the rules data the engine relies on."""

from __future__ import annotations

import json
import string

import pytest

from companion.core import IllegalAction, MalformedAction, SetupError
from companion.games.silk_road import GAME
from companion.messages import describe_error
from companion.registry import get_game
from companion.rules import library

from games.test_silk_road_support import A, money, play, refused, table, turn

LANGS = ("en", "zh_Hans", "zh_Hant")
GOODS = ["porcelain", "silk", "tea", "spice", "glass", "ore"]


def ready2(**options):
    """Two players, one of each good on the market, Ann (seat 0) starts,
    Ann [porcelain, tea], Bo [silk, tea]."""
    return table(["Ann", "Bo"], GOODS, 0, ["porcelain", "silk", "tea", "tea"], **options)


# ----- setup ---------------------------------------------------------------------
def test_registered():
    assert get_game("silk_road") is GAME


@pytest.mark.parametrize("n, deck, ships_left", [(2, 54, 10), (3, 51, 8), (4, 48, 6)])
def test_setup_counts(n, deck, ships_left):
    # 66 cards - 3 per player - 6 on the market; 14 ships - 2 per player
    s = table([f"P{i}" for i in range(n)])
    assert s.state.deck == deck
    assert [p.hand for p in s.state.players] == [3] * n
    assert s.state.specials == {"ship": ships_left, "exchange": 2, "licence": 2, "porter": 2}
    assert s.state.tokens == {g: 5 for g in GOODS}
    assert money(s.state) == [0] * n
    assert s.state.phase == "setup_market"


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_refused(n):
    with pytest.raises(SetupError) as info:
        GAME.setup([f"P{i}" for i in range(n)])
    assert info.value.problems[0].code == "player_count"


def test_loading_order_twice_round_from_start_player():
    s = table(["A", "B", "C"], GOODS, first=1)
    order = []
    for good in ["tea", "silk", "ore", "tea", "silk", "ore"]:
        (seat,) = GAME.active_players(s.state)
        order.append(seat)
        s.apply(A("load", seat, good=good))
    assert order == [1, 2, 0, 1, 2, 0]
    assert [p.ships for p in s.state.players] == [["ore", "ore"], ["tea", "tea"], ["silk", "silk"]]
    assert s.state.phase == "phase1" and s.state.turn == 1
    assert s.state.tokens["tea"] == 3


def test_market_entered_slot_by_slot():
    s = table(["A", "B"], ["tea", "tea", "ore"])
    assert s.state.market == ["tea", "tea", "ore"]
    assert GAME.prompt(s.state)["params"] == {"slot": 4}


# ----- flow ----------------------------------------------------------------------
def test_swap_then_phase2_then_next_player():
    s = ready2()
    s.apply(A("swap", 0, ship=2, good="ore"))
    assert s.state.players[0].ships == ["porcelain", "ore"]
    assert s.state.tokens["tea"] == 4 and s.state.tokens["ore"] == 4
    assert s.state.phase == "phase2"
    s.apply(A("draw", 0))
    assert (s.state.turn, s.state.phase, s.state.players[0].hand, s.state.deck) == (1, "phase1", 5, 52)


def test_porter_bought_gives_its_swap_at_once_and_may_be_skipped():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=12))
    s.apply(A("buy", 0, card="porter"))
    assert s.state.phase == "porter" and s.state.swaps_left == 1
    assert A("swap", 0, ship=1, good="ore") in GAME.legal_actions(s.state)
    s.apply(A("draw", 0))          # skip the swap: straight on to phase 2
    assert s.state.turn == 1 and s.state.players[0].ships == ["porcelain", "tea"]


def test_exchange_phase_only_for_owners():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=8))
    s.apply(A("buy", 0, card="exchange"))
    s.apply(A("draw", 0))
    assert s.state.phase == "exchange"
    assert GAME.legal_actions(s.state) == [A("exchange_draw", 0, count=0), A("exchange_draw", 0, count=1)]
    s.apply(A("exchange_draw", 0, count=1))
    assert (s.state.players[0].hand, s.state.deck, s.state.turn) == (6, 51, 1)
    turn(s, 1)
    assert s.state.turn == 0 and s.state.phase == "phase1"


def test_licence_pays_only_with_income():
    s = ready2()
    s.apply(A("correct_money", target_player=1, money=11))
    turn(s, 0)
    s.apply(A("buy", 1, card="licence"))
    s.apply(play(1, "tea", 0))        # tea showing: slot 0 and slot 2 -> 2
    # Ann: 2 x 1 tea ship = 2; Bo: 2 x 1 + 2 (licence) = 4
    assert money(s.state) == [2, 4]
    # Bo's tea covered the only porcelain; Ann lays 2 porcelain: 2 x 1 ship = 2 for Ann,
    # Bo carries none: no income, so no licence bonus
    turn(s, 0, "pass", play(0, "porcelain", 4, 5))
    assert money(s.state) == [4, 4]
    assert [p.income for p in s.state.players] == [2, 0]


def test_view_hides_money_unless_revealed_open_or_over():
    s = ready2()
    hidden = GAME.view(s.state)
    assert all("money" not in p and "income" not in p for p in hidden["players"])
    assert GAME.view(s.state, reveal=True)["players"][0]["money"] == 0
    opened = ready2(open_money=True)
    assert GAME.view(opened.state)["players"][1]["money"] == 0
    json.dumps(GAME.view(s.state, reveal=True))


def test_prompt_names_the_seat():
    s = ready2()
    assert GAME.prompt(s.state) == {"code": "phase.phase1", "players": [0], "params": {"player": 0}}


# ----- one test per refusal -------------------------------------------------------
def test_token_unavailable_when_loading():
    s = table(["A", "B", "C", "D"], GOODS, 0, ["ore"] * 5)
    refused(s, A("load", 1, good="ore"), "token_unavailable", "silk_road.setup.token_supply")


def test_token_unavailable_when_swapping():
    s = table(["A", "B", "C"], GOODS, 0, ["ore", "ore", "ore", "ore", "ore", "tea"])
    turn(s, 0)
    turn(s, 1)
    refused(s, A("swap", 2, ship=2, good="ore"), "token_unavailable", "silk_road.phase1.swap")


def test_token_unavailable_when_buying_a_ship():
    s = table(["A", "B", "C"], GOODS, 0, ["ore", "ore", "ore", "ore", "ore", "tea"])
    s.apply(A("correct_money", target_player=0, money=10))
    refused(s, A("buy", 0, card="ship", good="ore"), "token_unavailable", "silk_road.specials.ship")


def test_no_such_ship():
    # ships count from 1 in the field as in every message (issue 24): a player with two ships
    # has ships 1 and 2; the refusal names the ship as the line gave it
    err = refused(ready2(), A("swap", 0, ship=3, good="ore"), "no_such_ship", "silk_road.phase1.swap")
    assert err.params == {"ship": 3, "ships": 2}
    assert describe_error(err, "silk_road", "en") == "There is no ship 3. Ships this player has: 2."
    with pytest.raises(MalformedAction) as info:  # the field starts at 1
        GAME.apply(ready2().state, A("swap", 0, ship=0, good="ore"))
    assert info.value.code == "bad_arg"


def test_ship_already_swapped():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=12))
    turn(s, 0, [A("buy", 0, card="porter")])
    turn(s, 1)
    s.apply(A("swap", 0, ship=1, good="ore"))
    assert s.state.phase == "porter"
    refused(s, A("swap", 0, ship=1, good="glass"), "ship_already_swapped", "silk_road.phase1.porter_ships")


def test_same_good():
    refused(ready2(), A("swap", 0, ship=2, good="tea"), "same_good", "silk_road.phase1.swap")


def test_sold_out():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=100))
    s.apply(A("correct_money", target_player=1, money=100))
    turn(s, 0, [A("buy", 0, card="licence")])
    turn(s, 1, [A("buy", 1, card="licence")])
    refused(s, A("buy", 0, card="licence"), "sold_out", "silk_road.phase1.buy")


def test_cannot_afford():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=11))
    err = refused(s, A("buy", 0, card="porter"), "cannot_afford", "silk_road.phase1.buy")
    assert err.params == {"price": 12}


def test_ship_needs_good():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=10))
    refused(s, A("buy", 0, card="ship"), "ship_needs_good", "silk_road.specials.ship")


def test_good_not_needed():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=10))
    refused(s, A("buy", 0, card="exchange", good="tea"), "good_not_needed", "silk_road.specials.ship")


def test_no_cards_played():
    s = ready2()
    s.apply(A("pass", 0))
    refused(s, play(0, "tea"), "no_cards_played", "silk_road.phase2.play")


def test_duplicate_slot():
    s = ready2()
    s.apply(A("pass", 0))
    refused(s, play(0, "tea", 1, 1), "duplicate_slot", "silk_road.phase2.cover")


def test_a_play_may_exceed_the_market_and_pile_cards_on_one_position():
    # Rulebook (seed 000, phase 2): a player plays any number of cards of one good and lays
    # them over the market cards as he likes.  Ann holds 3 + 2 + 2 + 2 = 9 cards and plays 7
    # tea: five positions now show tea (with position 2, already tea: 6 showing) and two
    # cards went under others of the same play.  Each tea ship earns 6 × 1 = 6.
    s = ready2()
    for seat in (0, 1, 0, 1, 0, 1):                  # Ann draws 2 in each of her 3 turns
        turn(s, seat)
    assert s.state.players[0].hand == 9
    s.apply(A("pass", 0))
    s.apply(A("play", 0, good="tea", slots=[0, 1, 3, 4, 5], cards=7))
    st = s.state
    assert st.market == ["tea"] * 6
    assert money(st) == [6, 6]
    assert st.players[0].hand == 2
    # covered: one each of the five other goods, and 2 tea under tea
    assert st.buried == {"porcelain": 1, "silk": 1, "tea": 2, "spice": 1, "glass": 1, "ore": 1}
    assert st.last_cards == 7 and st.last_showing == 6


def test_two_cards_on_one_position():
    # the same freedom with a single position: 2 tea on position 0 -> tea shows at 0 and 2
    s = ready2()
    s.apply(A("pass", 0))
    s.apply(A("play", 0, good="tea", slots=[0], cards=2))
    assert s.state.market[0] == "tea" and money(s.state) == [2, 2]
    assert s.state.players[0].hand == 1 and s.state.buried["tea"] == 1


def test_fewer_cards_than_positions_showing():
    s = ready2()
    s.apply(A("pass", 0))
    err = refused(s, A("play", 0, good="tea", slots=[0, 1], cards=1),
                  "fewer_cards_than_slots", "silk_road.phase2.cover")
    assert err.params == {"cards": 1, "count": 2}


def test_not_enough_cards():
    s = ready2()
    s.apply(A("pass", 0))
    err = refused(s, play(0, "tea", 0, 1, 3, 4), "not_enough_cards", "silk_road.phase2.card_check")
    assert err.params == {"cards": 4, "hand": 3}


def test_too_many_of_good():
    # six tea showing: only 11 - 6 = 5 tea cards can be anywhere else
    s = table(["Ann", "Bo"], ["tea"] * 6, 0, ["tea", "tea", "tea", "tea"])
    turn(s, 0)
    turn(s, 1)
    turn(s, 0)                          # Ann now holds 3 + 2 + 2 = 7 cards
    turn(s, 1)
    turn(s, 0, "pass", play(0, "tea", 0))   # tea on tea: 1 covered, 6 still showing -> 11 - 7 = 4 unseen
    turn(s, 1)
    s.apply(A("pass", 0))
    err = refused(s, play(0, "tea", 0, 1, 2, 3, 4), "too_many_of_good", "silk_road.phase2.card_check")
    assert err.params == {"cards": 5, "left": 4}


def test_too_many_extra_draws():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=8))
    turn(s, 0, [A("buy", 0, card="exchange")])
    err = refused(s, A("exchange_draw", 0, count=2), "too_many_extra_draws", "silk_road.specials.exchange")
    assert err.params == {"count": 2, "allowed": 1}


def test_deck_too_small():
    s = ready2()
    s.apply(A("correct_money", target_player=0, money=16))
    turn(s, 0, [A("buy", 0, card="exchange")], "draw", 1)      # deck 54 - 2 - 1 = 51
    turn(s, 1)                                                 # 49
    turn(s, 0, [A("buy", 0, card="exchange")], "draw", 0)      # 49 - 2 = 47
    while s.state.deck > 3:
        turn(s, s.state.turn, "pass", "draw", 2 if s.state.turn == 0 else None)
    # Bo takes 2 a turn, Ann 4: Ann sees 45, 39, ..., 9, 3
    assert (s.state.deck, s.state.turn) == (3, 0)
    s.apply(A("pass", 0))
    s.apply(A("draw", 0))
    err = refused(s, A("exchange_draw", 0, count=2), "deck_too_small", "silk_road.end.deck_empty")
    assert err.params == {"count": 2, "deck": 1}


def test_no_such_slot_correction():
    s = table(["A", "B"], ["tea", "ore"])
    refused(s, A("correct_market", slot=3, good="tea"), "no_such_slot", "silk_road.app.corrections")


def test_correct_cargo_refusals():
    s = table(["A", "B", "C"], GOODS, 0, ["ore", "ore", "ore", "ore", "ore", "tea"])
    refused(s, A("correct_cargo", target_player=2, ship=3, good="tea"), "no_such_ship", "silk_road.app.corrections")
    refused(s, A("correct_cargo", target_player=2, ship=2, good="ore"), "token_unavailable",
            "silk_road.app.corrections")
    s.apply(A("correct_cargo", target_player=2, ship=2, good="silk"))
    assert s.state.players[2].ships == ["ore", "silk"] and s.state.tokens["tea"] == 5


def test_correct_market_too_many_of_good():
    s = table(["A", "B"], ["tea"] * 6, 0, ["tea"] * 4)
    turn(s, 0)
    for _ in range(5):                       # cover tea with tea until all 11 teas are seen
        turn(s, s.state.turn, "pass", play(s.state.turn, "tea", 0))
    turn(s, 0, "pass", play(0, "ore", 0))    # 5 tea showing, 6 covered: no tea unseen
    assert (s.state.buried["tea"], s.state.market.count("tea")) == (6, 5)
    refused(s, A("correct_market", slot=0, good="tea"), "too_many_of_good", "silk_road.app.corrections")


def test_core_flow_refusals_cite_clauses():
    s = ready2()
    with pytest.raises(IllegalAction) as info:
        s.apply(A("draw", 0))
    assert info.value.code == "wrong_phase" and info.value.rule == "silk_road.phase2.draw"
    with pytest.raises(IllegalAction) as info:
        s.apply(A("pass", 1))
    assert info.value.code == "not_your_turn" and info.value.rule == "silk_road.phase1.pass"
    with pytest.raises(MalformedAction):
        s.apply(A("swap", 0, ship=1, good="gold"))


def test_game_over_refuses_moves_but_takes_corrections():
    s = ready2()
    while not GAME.is_over(s.state):
        turn(s, s.state.turn)
    with pytest.raises(IllegalAction) as info:
        s.apply(A("pass", s.state.turn))
    assert info.value.code == "game_over"
    s.apply(A("correct_money", target_player=1, money=3))
    assert GAME.winners(s.state) == [1]
    assert GAME.legal_actions(s.state) == []


# ----- rules data -----------------------------------------------------------------
def _rule_ids_raised():
    import re
    from pathlib import Path

    import companion.games.silk_road.moves as moves_mod

    src = Path(moves_mod.__file__).read_text()
    consts = dict(re.findall(r'^(R_[A-Z_]+) = "([^"]+)"', src, re.M))
    ids = set(consts.values()) | {mv.rule for mv in GAME.moves.values()} | {GAME.flow_rule}
    codes = set(re.findall(r'IllegalAction\("([a-z_]+)"', src))
    return ids, codes


@pytest.mark.parametrize("lang", LANGS)
def test_cited_clauses_and_codes_exist(lang):
    ids, codes = _rule_ids_raised()
    known = set(library.clause_ids("silk_road", lang))
    assert ids <= known
    for clause_ids in library.facts("silk_road")["phase_clauses"].values():
        assert set(clause_ids) <= known
    messages = library.text("silk_road", lang)["messages"]
    assert codes <= messages.keys()
    for phase in ("setup_market", "setup_first", "setup_load", "phase1", "porter", "phase2", "exchange", "end"):
        assert f"phase.{phase}" in messages
    for name in GAME.moves:
        assert f"action.{name}" in messages


def test_same_keys_and_placeholders_in_three_languages():
    texts = {lang: library.text("silk_road", lang) for lang in LANGS}

    def fields(template):
        return {f for _, f, _, _ in string.Formatter().parse(template) if f}

    ids = [library.clause_ids("silk_road", lang) for lang in LANGS]
    assert ids[0] == ids[1] == ids[2]
    for key, en in texts["en"]["messages"].items():
        for lang in ("zh_Hans", "zh_Hant"):
            assert fields(texts[lang]["messages"][key]) == fields(en), (lang, key)
    for cid in ids[0]:
        rendered = [library.clause(cid, lang) for lang in LANGS]
        assert len({c["ruling"] for c in rendered}) == 1, cid
        assert all("{" not in c["text"] and "{" not in c["title"] for c in rendered), cid


def test_facts_are_consistent():
    f = library.facts("silk_road")
    assert f["goods_count"] == len(f["goods"])
    assert f["goods_cards"] == f["goods_count"] * f["cards_per_good"]
    assert f["tokens"] == f["goods_count"] * f["tokens_per_good"]
    assert f["special_cards"] == sum(v["count"] for v in f["specials"].values())


def test_refusal_reads_in_chinese_with_names():
    s = ready2()
    with pytest.raises(IllegalAction) as info:
        s.apply(A("pass", 1))
    text = describe_error(info.value, "silk_road", "zh_Hant", ["Ann", "Bo"])
    assert "Bo" in text and "Ann" in text
    s.apply(A("correct_money", target_player=0, money=3))
    with pytest.raises(IllegalAction) as info:
        s.apply(A("buy", 0, card="ship", good="tea"))
    assert describe_error(info.value, "silk_road", "zh_Hans", ["Ann", "Bo"]) == "这张牌要 10 元，钱不够。"
