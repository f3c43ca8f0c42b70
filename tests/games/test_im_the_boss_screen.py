"""The I'm the Boss screen without a browser: the deal form's arithmetic, and
the built control tree driven through its click handlers (a fake context
applies what the screen dispatches to a real session)."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.core import Action, IllegalAction, Session
from companion.games.im_the_boss import GAME
from companion.ui.context import GameContext
from companion.ui.views import im_the_boss as screen
from ui_harness import walk


class Table:
    def __init__(self, names: list[str], lang: str = "en", **options: Any) -> None:
        self.session = Session(GAME, GAME.setup(names, options))
        self.lang = lang
        self.sent: list[Action] = []
        self.refused: list[str] = []

    def ctx(self) -> GameContext:
        def dispatch(action: Action) -> bool:
            self.sent.append(action)
            try:
                self.session.apply(action)
            except IllegalAction as exc:
                self.refused.append(exc.code)
                return False
            return True

        def private(seat: int, title: str, form: Callable[[Callable[[], None]], Any]) -> None:
            form(lambda: None)

        return GameContext(GAME, self.session.setup, self.session.state, self.lang, dispatch, private,
                           lambda cid: None, lambda: None)

    def build(self) -> ft.Control:
        return screen.build(self.ctx())


def texts(control: Any) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def clickables(root: Any, label: str) -> list[Any]:
    return [c for c in walk(root) if getattr(c, "on_click", None) is not None and label in texts(c)]


def click(root: Any, label: str, nth: int = 0) -> None:
    found = clickables(root, label)
    assert len(found) > nth, f"nothing clickable shows {label!r}: {texts(root)}"
    found[nth].on_click(None)


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
    t = Table(["Ann", "Bob", "Cid"])
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
    shown = texts(t.build())
    assert "Deal 1: Bob — 5 × 2 = 10 · Ann +2" in shown and "8 million" in shown


def test_end_roll_buttons_after_the_tenth_deal_in_chinese() -> None:
    t = Table(["安", "波", "西"], lang="zh_Hans")
    for k, value in enumerate([2, 2, 2, 3, 3, 3, 4, 4, 4, 4], start=1):
        t.session.apply(Action.make("deal", (k - 1) % 3, shares=2, value=value))
    root = t.build()
    assert "结束游戏的点数：1" in texts(root)
    click(root, "1")
    assert t.sent[-1] == Action.make("end_roll", 0, roll=1) and t.session.state.phase == "end"
    assert "交易完成" not in texts(t.build())
