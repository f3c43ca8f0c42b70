"""The Kutschfahrt screen without a browser: the claim and fight forms'
logic, and the built control tree driven through its click handlers (a fake
context applies what the screen dispatches to a real session)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core import Action
from companion.games.kutschfahrt import GAME
from companion.messages import game_message
from companion.ui.views import kutschfahrt as screen
from games.punctuation import assert_chinese_punctuation
from games.screen_harness import Table, click, texts
from ui_harness import walk

O, B = "order", "brotherhood"


# ----- plain logic ------------------------------------------------------------------

def test_items_in_game_follow_the_player_count() -> None:
    assert "black_pearl" not in screen.items_in_game(3) and "coat" in screen.items_in_game(3)
    assert "coat" not in screen.items_in_game(10) and "black_pearl" in screen.items_in_game(10)
    assert len(screen.items_in_game(5)) == 17


def test_claim_form_builds_the_entry_and_its_verdict() -> None:
    form = screen.ClaimForm(4)
    assert form.action() is None
    form.pick_claimant(0)
    form.add_item("key")
    form.toggle_ally(2)                  # now editing Cid
    form.add_item("key")
    form.add_item("dagger")
    form.remove_item(2, 1)
    for seat, team in enumerate([O, B, O, B]):
        form.set_association(seat, team)
    assert form.verdict()["points"] == 2 and not form.verdict()["success"]
    form.pile_empty = True
    form.hands[0].append("secret_bag_key")
    assert form.verdict()["success"]     # 2 keys + the Key bag once the pile is empty
    assert form.action() == Action.make("claim", 0, items=[["key", "secret_bag_key"], ["key"]],
                                        associations=[O, B, O, B], allies=[2], pile_empty=True)
    form.toggle_ally(2)
    assert form.shown() == [0] and 2 not in form.hands


def test_fight_form() -> None:
    form = screen.FightForm()
    assert form.outcome() == "tie"
    form.ring = "defender"
    assert form.outcome() == "defender"
    form.step("attack", 2)
    form.step("defence", -5)
    assert (form.attack, form.defence, form.outcome()) == (3, 0, "attacker")


# ----- the built screen -------------------------------------------------------------

def test_claim_through_the_screen() -> None:
    t = Table.seated(GAME, ["Ann", "Bob", "Cid", "Dee"])
    root = t.build()
    assert "Set-up for 4 players" in texts(root) and "Item limit: 6" in texts(root)
    click(root, "Ann")                                    # claimant
    for _ in range(3):
        click(root, "Key")                                # three Keys for Ann (the grid's chip adds)
    for seat, label in enumerate(["Order of the Open Secret", "Brotherhood of True Lies"] * 2):
        click(root, label, seat)                          # that seat's chip: the chips run in seat order
    shown = texts(root)
    assert any(s.startswith("If entered now: The claim holds") for s in shown), shown
    click(root, "Victory claim")
    assert t.sent[-1] == Action.make("claim", 0, items=[["key", "key", "key"]], associations=[O, B, O, B])
    assert t.refused == []
    assert GAME.winners(t.session.state) == [0, 2]
    assert "The claim holds · Victory items counted: 3" in texts(t.build())


def claim_rows(root: ft.Control) -> list[ft.Control]:
    """The claim form's rows, top to bottom (the column that holds the claimant row)."""
    return next(c.controls for c in walk(root)
                if isinstance(c, ft.Column) and any(isinstance(x, ft.Text) and x.value == "Claimant"
                                                    for x in c.controls))


def rows_above(root: ft.Control, label: str) -> list[list[str]]:
    """What is shown in each row above the first row showing ``label``."""
    rows = claim_rows(root)
    at = next(i for i, row in enumerate(rows) if label in texts(row))
    return [texts(row) for row in rows[:at]]


def test_a_tap_in_the_claim_form_never_moves_what_is_tapped_next() -> None:
    """Picking the claimant adds the allies, the item grid and the shown items
    below the association cards; adding an item grows the shown items below
    the grid; picking an ally keeps the claimant's place in the allies' row."""
    t = Table.seated(GAME, ["Ann", "Bob", "Cid", "Dee"])
    root = t.build()
    associations = rows_above(root, "Order of the Open Secret")
    click(root, "Bob")                                    # claimant
    assert rows_above(root, "Order of the Open Secret") == associations
    grid = rows_above(root, "Key")
    click(root, "Key")
    click(root, "Secret Bag\n(Goblet)")
    assert rows_above(root, "Key") == grid
    allies = next(row for row in claim_rows(root) if "Claimant" in texts(row) and "Ann" in texts(row))
    assert texts(allies) == ["Ann", "Claimant", "Cid", "Dee"]   # Bob's place kept, as the claimant
    click(root, "Cid", 1)                                 # Cid as an ally: his items box goes below the grid
    assert rows_above(root, "Key") == grid
    assert t.sent == []


def test_an_item_in_brackets_breaks_before_its_bracket() -> None:
    """A narrow chip breaks "Secret Bag (Key)" and 神祕手袋（鑰匙） before the
    bracket, never inside a word."""
    assert screen._chip_label("Secret Bag (Key)") == "Secret Bag\n(Key)"
    assert screen._chip_label("神祕手袋（鑰匙）") == "神祕手袋\n（鑰匙）"
    assert screen._chip_label("Key") == "Key"
    t = Table.seated(GAME, ["安", "波", "西", "東"], lang="zh_Hant")
    root = t.build()
    click(root, "安")
    assert "神祕手袋\n（鑰匙）" in texts(root) and "神祕手袋（鑰匙）" not in texts(root)


def test_setup_card_in_simplified_chinese_for_ten_players() -> None:
    t = Table.seated(GAME, [f"P{i}" for i in range(10)], lang="zh_Hans")
    shown = texts(t.build())
    assert "修道同盟和兄弟会阵营牌各 5 张；0 张不看直接放回盒中" in shown
    assert "放回盒中：大衣" in shown and "不用“权力之酒”" in shown


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_screens_use_chinese_punctuation(lang: str) -> None:
    """The claim form filled in (an ally, items, the switches, every
    association, the preview), the fight helper and the result, in Chinese
    (five players, so the drink switch shows too): full-width colons only."""
    def label(key: str) -> str:
        return game_message("kutschfahrt", key, lang)

    t = Table.seated(GAME, ["安", "波", "西", "東", "南"], lang=lang)
    root = t.build()
    click(root, "安")                                      # claimant
    click(root, "西", 1)                                   # Cid shows his hand too (the allies row)
    click(root, label("ui.item.key"), -1)
    for seat, team in enumerate([O, B, O, B, O]):
        click(root, label(f"ui.team.{team}"), seat)
    shown = assert_chinese_punctuation(root)
    assert label("ui.drink") in shown and any(x.startswith(label("ui.preview").split("{")[0]) for x in shown)
    assert t.dispatch(Action.make("claim", 0, allies=[2], items=[["key"] * 3, []], associations=[O, B, O, B, O]))
    shown = assert_chinese_punctuation(t.build())
    assert f"{label('ui.claimant')}：安" in shown
