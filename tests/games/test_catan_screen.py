"""The Catan screen without a browser: its choice reading and scoreboard as
plain functions, then the built control tree driven through its handlers (a
fake context applies what the screen dispatches to a real session)."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.core import Action, Session
from companion.games.catan import GAME
from companion.ui.views import catan as screen
from games import screen_harness
from games.punctuation import ascii_punctuation, assert_chinese_punctuation
from games.screen_harness import click, texts
from ui_harness import walk


class Table(screen_harness.Table):
    """Private forms are filled in by the test (``self.privately[-1][2]``)."""


def placed(t: Table) -> None:
    for _ in range(6):
        click(t.build(), "No harbour")


# ----- plain logic ------------------------------------------------------------------

def test_read_choices_in_setup_and_play() -> None:
    s = Session(GAME, GAME.setup(["A", "B", "C"]))
    ch = screen.read_choices(GAME.legal_actions(s.state))
    assert ch.seat == 0 and ch.place == [None, "generic", "wood", "brick", "wool", "grain", "ore"]
    s.apply(Action.make("place", 0, harbor="wool"))
    assert "wool" not in screen.read_choices(GAME.legal_actions(s.state)).place
    for seat in (1, 2, 2, 1, 0):
        s.apply(Action.make("place", seat))
    ch = screen.read_choices(GAME.legal_actions(s.state))
    assert ch.seat == 0 and ch.city and ch.road and ch.road_longer == 2 and ch.knight
    assert ch.buy == ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"]
    assert ch.progress == ["road_building", "year_of_plenty", "monopoly"] and ch.end_turn
    assert ch.cuts == {0: [0], 1: [0], 2: [0]}           # every road has length 1 after setup
    s.apply(Action.make("knight", 0))
    ch = screen.read_choices(GAME.legal_actions(s.state))
    assert not ch.knight and ch.progress == []            # one development card per turn


def test_scoreboard_and_helpers() -> None:
    s = Session(GAME, GAME.setup(["A", "B", "C"]))
    for seat, harbor in ((0, None), (1, "generic"), (2, None), (2, "ore"), (1, None), (0, None)):
        s.apply(Action.make("place", seat, harbor=harbor) if harbor else Action.make("place", seat))
    s.apply(Action.make("correct_counts", 1, roads=5, road_length=5))
    rows = screen.scoreboard(GAME.view(s.state))
    assert rows[1]["badges"] == ["longest_road"] and rows[1]["points"] == 4 and rows[1]["leading"]
    assert rows[1]["ratios"] == [("brick", 3), ("grain", 3), ("ore", 3), ("wood", 3), ("wool", 3)]
    assert rows[2]["ratios"] == [("ore", 2)] and rows[0]["current"]
    assert screen.discard_for("9") == 4 and screen.discard_for("7") == 0 and screen.discard_for("x") is None
    assert screen.cost_rows()[2] == ("city", [("grain", 2), ("ore", 3)])


# ----- the built screen -------------------------------------------------------------

def test_setup_and_a_turn_through_the_screen() -> None:
    t = Table.seated(GAME, ["Ann", "Bob", "Cid"])
    placed(t)
    assert t.session.state.phase == "play"
    root = t.build()
    click(root, "City")
    assert t.sent[-1] == Action.make("build_city", 0)
    click(t.build(), "Road — longest road becomes 2")
    assert t.session.state.road_length[0] == 2
    click(t.build(), "3:1 harbour")                        # a settlement on a general harbor
    assert t.session.state.harbors[0] == ["generic"]
    click(t.build(), "Buy a development card")           # the card is entered privately
    assert [seat for seat, _, _ in t.privately] == [0]
    click(t.privately[-1][2], "Victory Point")
    assert t.session.state.vp_cards[0] == 1
    assert not any(x.startswith("VP cards") for x in texts(t.build()))   # hidden on the shared screen
    click(t.build(), "End turn")
    assert t.session.state.turn == 1


def test_robber_helper_and_chinese_labels() -> None:
    t = Table.seated(GAME, ["安", "波", "西"], lang="zh_Hant")
    placed_zh = "無港口"
    for _ in range(6):
        click(t.build(), placed_zh)
    shown = texts(t.build())
    assert "結束回合" in shown and "建造費用" in shown
    root = t.build()
    field = next(c for c in walk(root) if isinstance(c, ft.TextField))
    field.value = "11"
    field.on_change(None)
    assert "棄 5 張" in texts(root)


def test_the_punctuation_checker() -> None:
    assert ascii_punctuation(["現金：28 披索", "羊毛 2:1", "3:1 港口", "1,000 元", "甲、乙"]) == []
    bad = ["現金: 28", "分數 (3)", "甲, 乙", "（x)", "交易比例:羊毛", '"真的"']
    assert ascii_punctuation(bad) == bad


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_screens_use_chinese_punctuation(lang: str) -> None:
    """Setup with harbors, a turn, a road cut and the helpers: full-width colons
    after labels, 、 between listed items; only harbour ratios keep "2:1"."""
    t = Table.seated(GAME, ["安", "波", "西"], lang=lang)
    for seat, harbor in ((0, "ore"), (1, "generic"), (2, None), (2, "wool"), (1, None), (0, "grain")):
        assert_chinese_punctuation(t.build())
        t.dispatch(Action.make("place", seat, harbor=harbor) if harbor else Action.make("place", seat))
    shown = assert_chinese_punctuation(t.build())
    ore, grain = ("矿石", "粮食") if lang == "zh_Hans" else ("礦石", "小麥")
    assert any(x.startswith("交易比例：") and x.endswith(f"{grain} 2:1、{ore} 2:1") for x in shown), shown
    assert any(x.startswith(("还可建造：", "還可建造：")) for x in shown)
    t.dispatch(Action.make("build_road", 0, longest=2))
    assert_chinese_punctuation(t.build())


def test_a_score_kept_to_ten_in_the_app_is_announced_and_goes_to_history(tmp_path: Any) -> None:
    from companion.storage import Store
    from companion.ui.app import App
    from ui_harness import FakePage

    app = App(FakePage(), Store(tmp_path / "ui.db"))
    app.render()
    app.start_table("catan", ["Ann", "Bob", "Cid"], {})
    for _ in range(6):
        click(app.page.controls, "No harbour")
    # Ann: 2 settlements -> two cities (4), three settlements (7), two more cities (9), a settlement (10)
    for label in ("City", "City", "No harbour", "No harbour", "No harbour", "City", "City"):
        click(app.page.controls, label)
    assert app.table.state.phase == "play"
    click(app.page.controls, "No harbour")
    assert app.table.state.phase == "end"
    assert "Game over. Winner: Ann" in texts(app.page.controls)
    app.go_home()
    app.go("history")
    shown = texts(app.page.controls)
    assert "Catan: 1" in shown                                   # plays per game
    assert any("Ann 10" in t and "Bob 2" in t for t in shown)   # the final scores per seat


@pytest.mark.parametrize("own_turn, line, clause, title", [
    (False, "The game ends as soon as anyone has 10 points; the most points win.", "catan.end.win", "Winning"),
    (True, "The game ends when the player whose turn it is has 10 points; the most points win.",
     "catan.end.own_turn", "Only on your own turn (option)"),
])
def test_the_sheet_states_the_end_rule_in_force_and_opens_its_clause(own_turn: bool, line: str, clause: str,
                                                                     title: str) -> None:
    """Issue 24: the rulebook's end rule by default, 'only on your own turn' as an option; the
    sheet says which is in force and links the clause that states it."""
    from companion.ui.context import GameContext

    opened: list[str] = []

    class Linked(Table):
        def ctx(self) -> GameContext:
            return GameContext(self.session.game, self.session.setup, self.session.state, self.lang, self.dispatch,
                               self.private, opened.append, lambda: None, refresh_control=self.redrawn.append)

    t = Linked.seated(GAME, ["A", "B", "C"], own_turn=own_turn)
    root = t.build()
    assert line in texts(root)
    click(root, f"Rule: {title}")
    assert opened == [clause]


# ----- the screens today (issue 23) -------------------------------------------------------------
def _contrast(fg: str, bg: str = "#ffffff") -> float:
    def lum(color: str) -> float:
        def lin(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_a_harbor_chip_says_that_the_tap_records_the_settlement(lang: str) -> None:
    t = Table(Session(GAME, GAME.setup(["A", "B", "C"])), lang)
    said = t.ctx().t("ui.settlement_tap")
    assert said.startswith(("One tap records", "点一下就记下", "點一下就記下"))
    assert any(said in x for x in texts(t.build()))
    for _ in range(6):
        click(t.build(), t.ctx().t("ui.no_harbor"))
    assert t.session.state.phase == "play"
    shown = texts(t.build())
    assert t.ctx().t("action.build_settlement") in shown and any(said in x for x in shown)


def test_harbor_labels_read_on_white() -> None:
    # "Wool 2:1" was light green on white (1.9:1)
    assert all(_contrast(color) >= 4.5 for color in screen.RESOURCE_COLORS.values()), \
        {r: round(_contrast(c), 1) for r, c in screen.RESOURCE_COLORS.items()}


def test_longest_road_and_largest_army_are_marks_not_buttons() -> None:
    t = Table(Session(GAME, GAME.setup(["A", "B", "C"])))
    placed(t)
    view = GAME.view(t.session.state)
    view["players"][0]["longest_road"] = True          # A holds it (the view as the engine would give it)
    root = screen._draw_scoreboard(t.ctx(), view)
    badge = [c for c in walk(root) if isinstance(c, ft.Container) and texts(c) == ["Longest Road"]]
    assert badge and all(c.on_click is None and c.border is None for c in badge)
