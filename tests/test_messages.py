"""Refusal sentences: seats shown as names, every other number as a number.

A parameter names a seat only when it is called ``player``, ``players`` or ends in
``_player``/``_players``.  The refusals below come from the real engines; the
figures in them are worked out from the rulebooks, not copied from a run.
"""

from __future__ import annotations

import pytest

from companion.core import Action, IllegalAction, Session
from companion.games.im_the_boss import GAME as BOSS
from companion.games.pandemic import GAME as PANDEMIC
from companion.games.saboteur import GAME as SABOTEUR
from companion.messages import describe_error, fill

A = Action.make


def refusal(session: Session, action: Action) -> IllegalAction:
    try:
        session.apply(action)
    except IllegalAction as err:
        return err
    raise AssertionError("the action was accepted")


def test_seat_keys_are_names_and_other_numbers_stay_numbers() -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    text = fill("{player}/{seller_player}/{expected_players}/{expected}/{count}",
                {"player": 0, "seller_player": 1, "expected_players": [2, 3], "expected": 3, "count": 1},
                "en", names)
    assert text == "Ann/Bo/Cy, Di/3/1"


def test_saboteur_gold_share_shows_nuggets_not_a_name() -> None:
    # Saboteur (seed, scoring): when the gold is not reached, the saboteurs share gold by
    # player count — two saboteurs take 3 nuggets each.  Seat 3 is Di; the sentence must say 3.
    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    s = Session(SABOTEUR, SABOTEUR.setup(names))
    s.apply(A("gold_not_found"))
    s.apply(A("reveal_roles", saboteurs=[0, 3]))
    err = refusal(s, A("take_gold", 0, cards=[3, 1]))
    for lang in ("en", "zh_Hans", "zh_Hant"):
        text = describe_error(err, "saboteur", lang, names)
        assert "3" in text and "Di" not in text, text


def test_pandemic_cube_count_is_a_number() -> None:
    # Pandemic (seed, epidemic): the bottom card of an epidemic places 3 cubes.
    names = ["Ann", "Bo", "Cy", "Di"]
    s = Session(PANDEMIC, PANDEMIC.setup(names))
    for seat, role in enumerate(["scientist", "medic", "researcher", "dispatcher"]):
        s.apply(A("role", seat, role=role))
    for _ in range(9):
        s.apply(A("setup_infect", colour="blue"))
    s.apply(A("first_player", 0))
    s.apply(A("pass_actions", 0))
    s.apply(A("draw", 0, card="epidemic"))
    err = refusal(s, A("infect", colour="red", cubes=1, outbreaks=0))
    assert err.params == {"expected": 3}
    assert "Di" not in describe_error(err, "pandemic", "en", names)
    assert "3" in describe_error(err, "pandemic", "en", names)


def test_boss_share_value_is_millions_not_a_name() -> None:
    # I'm the Boss (seed): a tile keeps its value per share while it lies on top; tile 1 is worth 2.
    names = ["Ann", "Bo", "Cy"]
    s = Session(BOSS, BOSS.setup(names, {"short": True}))
    s.apply(A("deal", 0, shares=3, value=2))
    err = refusal(s, A("deal", 1, shares=3, value=3))
    text = describe_error(err, "im_the_boss", "en", names)
    assert "2 million" in text and "Cy" not in text, text


def test_out_of_turn_names_the_waiting_players() -> None:
    # Saboteur (seed, scoring): the miner who reached the gold picks first.
    names = ["Ann", "Bo", "Cy"]
    s = Session(SABOTEUR, SABOTEUR.setup(names))
    s.apply(A("gold_found", 0))
    s.apply(A("reveal_roles", saboteurs=[]))
    s.apply(A("gold_drawn", cards=[1, 1, 2]))
    err = refusal(s, A("pick", 1, value=2))
    assert err.code == "not_your_turn"
    text = describe_error(err, "saboteur", "en", names)
    assert text.endswith("waiting for Ann."), text


def test_no_refusal_names_a_seat_outside_the_convention() -> None:
    # every IllegalAction raised by a game: a parameter whose name says "seat" but does not
    # follow the convention would be shown as a bare number instead of the player's name
    import ast
    from pathlib import Path

    seatish = {"seat", "seats", "owner", "holder", "seller", "boss", "chef", "winner", "expected_seat",
               "target", "who", "starter", "captain"}
    root = Path(__file__).resolve().parent.parent / "companion" / "games"
    found = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                for kw in node.keywords:
                    if kw.arg in seatish and not (path.parent.name == "citadels" and kw.arg == "target"):
                        found.append(f"{path.parent.name}/{path.name}:{node.lineno} {kw.arg}")
    # Citadels' ``target`` is a character rank, not a seat
    assert found == []


def test_english_plural_forms_follow_the_count():
    """``{n:plural:# card|# cards}``: one form for 1, the other for any other
    count, the number in the language's format; Chinese writes ``{n} 张``."""
    from companion.messages import fill, game_message
    assert fill("{n:plural:# card|# cards} in hand", {"n": 1}, "en") == "1 card in hand"
    assert fill("{n:plural:# card|# cards} in hand", {"n": 0}, "en") == "0 cards in hand"
    assert fill("{n:plural:# card|# cards} in hand", {"n": 1200}, "en") == "1,200 cards in hand"
    assert fill("{n:plural:# card|# cards}", {}, "en") == "{n} cards"          # unfilled stays visible
    # the messages the players saw wrong: "only 1 saboteur cards", "1 nuggets", "1 cubes"
    assert game_message("saboteur", "too_many_saboteurs", "en", {"count": 3, "max": 1}) == \
        "With 3 players there is only 1 saboteur card."
    assert game_message("saboteur", "ui.card_value", "en", {"value": 1}) == "1 nugget"
    assert game_message("saboteur", "ui.card_value", "en", {"value": 3}) == "3 nuggets"
    assert game_message("pandemic", "ui.setup_card", "en", {"card": 1, "total": 9, "cubes": 1}) == \
        "Setup card 1 of 9: 1 cube — its colour?"
    assert game_message("pandemic", "phase.actions", "en", {"player": 0, "left": 1}, ["Ana"]) == "Ana: 1 action left."
    assert game_message("pandemic", "ui.setup_card", "zh_Hans", {"card": 1, "total": 9, "cubes": 1}).count("1") == 2


@pytest.mark.parametrize("template, names, shown", [
    ("{player}持有皇冠", ["Ana"], "Ana 持有皇冠"),             # letters beside Chinese: a space
    ("{player}持有皇冠", ["安"], "安持有皇冠"),                 # Chinese beside Chinese: none
    ("{player} 递出一张牌", ["安"], "安递出一张牌"),             # a template's space dropped for a Chinese name
    ("{player} 递出一张牌", ["Ana"], "Ana 递出一张牌"),
    ("把全部金币交给{thief_player}。", ["Ana"], "把全部金币交给 Ana。"),  # none before punctuation
    ("{player}：请放置初始定居点", ["Ana"], "Ana：请放置初始定居点"),
    ("「{player}」", ["Ana"], "「Ana」"),
    ("游戏结束：{players}以 3 分获胜。", ["Ana", "安"], "游戏结束：Ana、安以 3 分获胜。"),
    ("{players}获胜", ["安", "Bo7"], "安、Bo7 获胜"),
])
def test_a_name_in_letters_is_spaced_from_chinese_text(template, names, shown) -> None:
    params = {"player": 0, "thief_player": 0, "players": [0, 1]}
    assert fill(template, params, "zh_Hans", names) == shown
    assert fill(template, params, "zh_Hant", names) == shown


def test_english_names_are_left_as_the_template_places_them() -> None:
    assert fill("{player} holds the crown", {"player": 0}, "en", ["安"]) == "安 holds the crown"
    assert fill("to {player}.", {"player": 0}, "en", ["Ana"]) == "to Ana."


def test_a_refusal_in_chinese_spaces_a_latin_name_only() -> None:
    err = IllegalAction("card_already_seen", None, player=1)
    assert describe_error(err, "cockroach_poker", "zh_Hant", ["Ana", "Ben"]) == "Ben 看過這張牌了，不可以再傳到他手上。"
    assert describe_error(err, "cockroach_poker", "zh_Hant", ["安", "波"]) == "波看過這張牌了，不可以再傳到他手上。"


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_the_shells_name_fields_are_spaced_by_the_names_script(lang) -> None:
    # the catalog wrote "只有 {name} 可以看这一页。": a Chinese name read "只有 小明 可以…"
    from companion.i18n import Translator
    from companion.messages import format_names

    template = Translator(lang).gettext("Only {name} should see this.")
    assert " {name} " in template
    before = template.split(" {name} ")[0]
    assert format_names(template, {"name": "小明"}, lang).startswith(before + "小明")
    assert format_names(template, {"name": "Ana"}, lang).startswith(before + " Ana ")
    assert format_names("{name} 出价 {amount}", {"name": "小明", "amount": "3 比索"}, lang) == "小明出价 3 比索"
    # ctx.ui() fills through fill(): the same spacing
    assert fill("{name} 出价 {amount}", {"name": "小明", "amount": "3 比索"}, lang) == "小明出价 3 比索"
    assert fill("{name} 出价 {amount}", {"name": "Ana", "amount": "3 比索"}, lang) == "Ana 出价 3 比索"


def test_the_shells_name_fields_in_english_are_left_alone() -> None:
    from companion.messages import format_names

    assert format_names("Only {name} should see this.", {"name": "小明"}, "en") == "Only 小明 should see this."
    assert format_names("{place}. {name}", {"place": 1, "name": "Ana"}, "zh_Hans") == "1. Ana"
