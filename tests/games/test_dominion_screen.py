"""The Dominion screen without a browser: choice reading, player and supply
rows as plain logic, then a short game played through the built controls (a
fake context applies what the screen dispatches to a real session)."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.core import Action, Session
from companion.games.dominion import GAME
from companion.ui.views import dominion as screen
from games.punctuation import assert_chinese_punctuation
from companion.messages import game_message
from games.screen_harness import Table, clickables, texts
from ui_harness import walk


def player_cards(root: Any) -> list[Any]:
    return [c for c in walk(root) if isinstance(c, ft.Container) and isinstance(c.content, ft.Column)
            and c.width == 340]


def card_row(root: Any, seat: int, card: str) -> Any:
    """The row of ``card`` in ``seat``'s player card."""
    return [r for r in walk(player_cards(root)[seat]) if isinstance(r, ft.Row)
            and any(t.startswith(card + " ") for t in texts(r))][0]


def plus(root: Any, seat: int, card: str, sign: str = "+") -> None:
    """Press the + (or −) chip on the row of ``card`` in ``seat``'s player card."""
    rows = [card_row(root, seat, card)]
    chip = [c for c in walk(rows[0]) if getattr(c, "on_click", None) is not None and sign in texts(c)]
    chip[0].on_click(None)


# ----- plain logic ------------------------------------------------------------------

def test_read_choices_and_rows() -> None:
    s = Session(GAME, GAME.setup(["A", "B"]))
    ch = screen.read_choices(GAME.legal_actions(s.state))
    assert ch.current == 0 and ch.end_turn
    assert ch.gains[0] == ["estate", "duchy", "province", "curse"]      # no Gardens without the option
    assert ch.gains[1] == ["curse"]                                      # not B's turn: a Curse only (a Witch)
    assert ch.trashes[0] == ["estate"]                                   # only the starting Estates
    assert ch.piles[:3] == ["copper", "silver", "gold"] and len(ch.piles) == 13
    rows = screen.player_rows(GAME.view(s.state))
    assert rows[0]["score"] == 3 and rows[0]["current"] and rows[0]["leading"] and rows[1]["leading"]
    assert screen.supply_rows(GAME.view(s.state)) == [("estate", 8), ("duchy", 8), ("province", 8), ("curse", 10)]
    assert screen.pile_label_parts("kingdom_7") == ("ui.pile.kingdom", {"number": 7})
    assert screen.parse_count("41", 5) == 41 and screen.parse_count("4", 5) is None
    assert screen.parse_count("x", 0) is None


# ----- the built screen -------------------------------------------------------------

def test_playing_to_the_end_through_the_screen() -> None:
    t = Table.seated(GAME, ["Ann", "Bob"], gardens=True)
    t.session.apply(Action.make("correct_supply", card="province", count=1))
    plus(t.build(), 0, "Gardens")
    plus(t.build(), 1, "Curse")                          # a Curse given to Bob during Ann's turn
    plus(t.build(), 0, "Estate", "−")                    # Ann trashes an Estate
    plus(t.build(), 0, "Province")                       # the last Province
    assert t.sent[-4:] == [Action.make("gain", 0, card="gardens"), Action.make("gain", 1, card="curse"),
                           Action.make("trash", 0, card="estate"), Action.make("gain", 0, card="province")]
    clickables(t.build(), "End turn")[0].on_click(None)
    assert t.session.state.phase == "count"
    root = t.build()
    fields = [c for c in walk(root) if isinstance(c, ft.TextField)]
    fields[0].value = "2"                                # Ann owns at least 2 Estates + Gardens + Province = 4
    clickables(root, "Confirm")[0].on_click(None)
    assert fields[0].error == "At least 4" and t.session.state.deck_sizes == [None, None]
    fields[0].value = "30"
    clickables(root, "Confirm")[0].on_click(None)
    root = t.build()
    field = next(c for c in walk(root) if isinstance(c, ft.TextField))
    field.value = "14"
    clickables(root, "Confirm")[0].on_click(None)
    assert t.session.state.phase == "end"
    # Ann: 2 Estates + Province 6 + Gardens x (30 // 10 = 3) = 11; Bob: 3 Estates - 1 Curse = 2
    assert GAME.scores(t.session.state) == [11.0, 2.0]
    assert "11" in texts(t.build())


def test_other_players_gain_only_curses_and_the_card_says_so() -> None:
    """Cho's Province during Ben's turn: no + on Cho's Victory rows, a + on the Curse row
    (another player's Witch), and a line saying so; Ben's own card has both steppers."""
    t = Table.seated(GAME, ["Ana", "Ben", "Cho"])
    t.session.apply(Action.make("end_turn", 0))             # Ben's turn
    root = t.build()
    note = "Victory cards in their own turn; a Curse at any time"
    assert note in texts(player_cards(root)[2]) and note not in texts(player_cards(root)[1])
    assert not clickables(card_row(root, 2, "Province"), "+")
    assert not clickables(card_row(root, 2, "Estate"), "−")
    plus(root, 2, "Curse")
    assert t.sent == [Action.make("gain", 2, card="curse")] and t.refused == []
    plus(t.build(), 1, "Province")
    assert t.session.state.decks[1]["province"] == 1


def test_steppers_read_minus_then_plus() -> None:
    t = Table.seated(GAME, ["Ana", "Ben"])
    assert texts(card_row(t.build(), 0, "Estate")) == ["Estate 3", "−", "+"]
    assert texts(card_row(t.build(), 0, "Duchy")) == ["Duchy 0", "+"]     # nothing to trash yet


@pytest.mark.parametrize("lang, done, banner", [("en", "Turns completed: 0", "Ana's turn 1."),
                                                ("zh_Hant", "已完成 0 個回合", "Ana 的第 1 個回合。")])
def test_player_card_counts_completed_turns(lang: str, done: str, banner: str) -> None:
    """The banner names the turn in progress (Ana's turn 1); the card counts the turns
    completed (0), and says so."""
    t = Table.seated(GAME, ["Ana", "Ben"], lang=lang)
    prompt = GAME.prompt(t.session.state)
    assert game_message("dominion", prompt["code"], lang, prompt["params"], ["Ana", "Ben"]).startswith(banner)
    assert done in texts(player_cards(t.build())[0])
    t.session.apply(Action.make("end_turn", 0))
    assert done.replace("0", "1") in texts(player_cards(t.build())[0])


def test_pile_out_and_chinese_labels() -> None:
    t = Table.seated(GAME, ["安", "波"], lang="zh_Hant")
    root = t.build()
    clickables(root, "王國卡第 3 堆")[0].on_click(None)
    assert t.session.state.empty == ["kingdom_3"]
    shown = texts(t.build())
    assert "空牌堆：王國卡第 3 堆" in shown
    assert "再空幾堆結束：2" in shown


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_screens_use_chinese_punctuation(lang: str) -> None:
    """Two piles out, the Gardens count with a refused entry, the end: labels
    take full-width colons and listed piles and cards are joined with 、."""
    t = Table.seated(GAME, ["安", "波"], lang=lang, gardens=True)
    shown = assert_chinese_punctuation(t.build())
    # the setup card's Victory piles
    assert any(x.startswith(("庄园 8、", "莊園 8、")) for x in shown), shown
    for action in (Action.make("pile_out", pile="kingdom_3"), Action.make("pile_out", pile="kingdom_5"),
                   Action.make("correct_supply", card="province", count=1), Action.make("gain", 0, card="province"),
                   Action.make("end_turn", 0)):
        t.dispatch(action)
        shown = assert_chinese_punctuation(t.build())
    assert t.session.state.phase == "count"
    assert any(x.startswith("空牌堆：") and "、" in x for x in shown), shown
    root = t.build()
    field = next(c for c in walk(root) if isinstance(c, ft.TextField))
    field.value = "1"
    clickables(root, "确认" if lang == "zh_Hans" else "確認")[0].on_click(None)
    assert field.error and assert_chinese_punctuation(root)
