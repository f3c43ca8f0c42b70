"""The I'm the Boss screen without a browser: the deal form's arithmetic, and
the built control tree driven through its click handlers (a fake context
applies what the screen dispatches to a real session)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core import Action
from companion.games.im_the_boss import GAME
from companion.ui.views import im_the_boss as screen
from games.punctuation import assert_chinese_punctuation
from companion.ui.widgets import TOUCH
from games.screen_harness import Table, click, texts
from ui_harness import walk


# ----- plain logic ------------------------------------------------------------------

def test_deal_form_arithmetic() -> None:
    form = screen.DealForm(low=3, high=5)
    assert form.value == 3
    form.step_value(-1)
    assert form.value == 3                     # never below the tile's lowest value
    form.step_value(5)
    assert form.value == 5                     # never above tile 13's 5
    form.step_shares(2)                        # 6 shares
    form.pick_boss(0)
    form.step_payment(1, 4)
    form.step_payment(0, 2)                    # the boss cannot be paid
    form.toggle_partner(2)
    # 6 x 5 = 30; two equal parts with Cid: 15 each; boss pays Bob 4 -> keeps 11
    assert (form.payout(), form.partner_part(), form.boss_net()) == (30, 15, 11)
    assert form.action() == Action.make("deal", 0, shares=6, value=5, payees=[1], amounts=[4], partners=[2])
    form.step_payment(1, -4)
    assert form.payments == {}


def test_standings_order() -> None:
    view = {"players": [{"name": "A", "money": 5}, {"name": "B", "money": 9}, {"name": "C", "money": 5}]}
    assert screen.standings(view) == [(1, "B", 9), (0, "A", 5), (2, "C", 5)]


# ----- the built screen -------------------------------------------------------------

def test_entering_a_deal_through_the_screen() -> None:
    t = Table.seated(GAME, ["Ann", "Bob", "Cid"])
    root = t.build()
    assert "A share is worth 2 million" in texts(root)       # tile 1: the rulebook's 2 million
    click(root, "Bob")                                        # the boss
    click(root, "+", 0)                                       # shares 4 -> 5
    click(root, "+", 2)                                       # promise to Ann: +1
    click(root, "+", 2)                                       # promise to Ann: +2
    assert "Payout 10 million; the boss keeps 8 million" in texts(root)
    click(root, "Deal closed")
    assert t.sent[-1] == Action.make("deal", 1, shares=5, value=2, payees=[0], amounts=[2])
    assert t.session.state.money == [2, 8, 0]
    root = t.build()
    shown = texts(root)
    assert "Deal 1: Bob — 5 × 2 = 10 · Ann +2" in shown
    # the totals lie in stacks on the table: the shared screen shows none of them
    assert not any(x.endswith(" million") and x[0].isdigit() for x in shown)
    click(root, "Bob: Show my money")             # behind the hand-the-phone screen, Bob's own
    seat, title, form = t.privately[-1]
    assert (seat, title) == (1, "Bob's money") and "You have 8 million." in texts(form)


def deal_rows(root: ft.Control) -> list[ft.Control]:
    """The deal form's rows, top to bottom (the column that holds "Boss")."""
    return next(c.controls for c in walk(root) if isinstance(c, ft.Column)
                and any(isinstance(x, ft.Text) and x.value == "Boss" for x in c.controls))


def test_picking_the_boss_moves_no_row() -> None:
    """The boss's "promised to" row used to go, and every row below jumped up
    ~54 px under the finger; the boss's chip left the partners' row.  Now every
    seat keeps its row (the boss's says so, at the same touch height) and its
    partner chip, so the rows and chips keep their places."""
    t = Table.seated(GAME, ["Ann", "Bob", "Cid"], less_cutthroat=True)
    root = t.build()
    before = deal_rows(root)
    click(root, "Bob")                                        # the boss
    after = deal_rows(root)
    assert len(after) == len(before) + 1                      # only the Deal closed button, at the foot
    assert isinstance(after[-1], ft.FilledButton) and "Deal closed" in texts(after[-1])
    assert [texts(r) for r in after[:4]] == [texts(r) for r in before[:4]]   # boss chips, shares, value
    boss_row = next(r for r in after if "Bob is the boss" in texts(r))
    assert boss_row.height == TOUCH and after.index(boss_row) == before.index(
        next(r for r in before if "Promised to Bob" in texts(r)))
    partners = next(r for r in after if isinstance(r, ft.Row) and "Boss" in texts(r))
    assert texts(partners) == ["Ann", "Boss", "Cid"]
    at = after.index(partners)
    click(root, "Cid", 1)                                     # Cid shares equally (the partners' row)
    rows = deal_rows(root)
    assert [texts(r) for r in rows[:at + 1]] == [texts(r) for r in after[:at + 1]]
    assert "Each partner gets 4 million" in texts(rows[at + 1])  # the new line goes below the partners
    assert t.sent == []


def test_end_roll_buttons_after_the_tenth_deal_in_chinese() -> None:
    t = Table.seated(GAME, ["安", "波", "西"], lang="zh_Hans")
    for k, value in enumerate([2, 2, 2, 3, 3, 3, 4, 4, 4, 4], start=1):
        t.session.apply(Action.make("deal", (k - 1) % 3, shares=2, value=value))
    root = t.build()
    assert "结束游戏的点数：1" in texts(root)
    click(root, "1")
    assert t.sent[-1] == Action.make("end_roll", 0, roll=1) and t.session.state.phase == "end"
    assert "交易完成" not in texts(t.build())


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_screens_use_chinese_punctuation(lang: str) -> None:
    """The draw variant's table, a deal form with partners half filled, the
    history and the end roll, in Chinese: full-width colons only."""
    t = Table.seated(GAME, ["安", "波", "西"], lang=lang, variant=True, less_cutthroat=True)
    root = t.build()
    click(root, "波")                                          # the boss
    click(root, "西", 1)                                       # Cid a partner (the second Cid chip)
    click(root, "+", 2)                                       # a promise to Ann
    shown = assert_chinese_punctuation(root)
    assert any("：" in x and "·" in x for x in shown), shown   # the draw table "0：… · 1：…"
    for k, value in enumerate([2, 2, 2, 3, 3, 3, 4, 4, 4, 4], start=1):
        assert t.dispatch(Action.make("deal", (k - 1) % 3, shares=2, value=value)), t.refused
        assert_chinese_punctuation(t.build())
    assert t.session.state.phase == "end_roll"
    assert t.dispatch(Action.make("end_roll", 0, roll=1))
    assert_chinese_punctuation(t.build())
