"""The Cockroach Poker screen without a browser: the round form's logic, and
the built control tree driven through its click handlers (a fake context
applies what the screen dispatches to a real session)."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.core import Action, IllegalAction, Session
from companion.games.cockroach_poker import GAME
from companion.ui.context import GameContext
from companion.ui.views import cockroach_poker as screen
from ui_harness import walk


class Table:
    def __init__(self, names: list[str], lang: str = "en") -> None:
        self.session = Session(GAME, GAME.setup(names))
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


def click(root: Any, label: str, nth: int = 0) -> None:
    """Click the nth clickable control whose own texts include ``label``."""
    found = [c for c in walk(root) if getattr(c, "on_click", None) is not None and label in texts(c)]
    assert len(found) > nth, f"nothing clickable shows {label!r}: {texts(root)}"
    found[nth].on_click(None)


# ----- plain logic ------------------------------------------------------------------

def test_round_form_tracks_who_has_seen_the_card() -> None:
    form = screen.RoundForm(starter=0, n_players=4)
    assert form.callers() == [1, 2, 3] and form.passer_choices() == [1, 2, 3]
    form.pick_caller(0)                      # the starter saw the card
    assert form.caller is None
    form.pick_caller(2)
    form.toggle_passer(2)                    # a passer cannot also answer
    assert form.passers == [2] and form.caller is None and form.callers() == [1, 3]
    form.toggle_passer(1)
    assert form.passer_choices() == []       # someone must be left to answer
    form.toggle_passer(3)
    assert form.passers == [2, 1] and form.passer() == 1
    form.pick_caller(3)
    form.claim, form.card, form.answer = "rat", "rat", "true"
    assert form.taker() == 1                 # right answer: the last passer takes it
    assert form.action() == Action.make("call", 3, claim="rat", card="rat", answer="true", passers=[2, 1])


def test_penalty_rows_mark_near_losses() -> None:
    s = Session(GAME, GAME.setup(["A", "B"]))
    s.apply(Action.make("correct_hand", 0, count=23))        # 23 + 32 in hand + 9 face up = 64
    s.apply(Action.make("correct_penalty", 0, creature="bat", count=3))
    for c in ("cockroach", "stinkbug", "spider", "toad", "rat", "fly"):
        s.apply(Action.make("correct_penalty", 0, creature=c, count=1))
    row = screen.penalty_rows(GAME.view(s.state))[0]
    assert row["near_same"] == ["bat"] and row["near_all"] and row["total"] == 9


# ----- the built screen -------------------------------------------------------------

def test_playing_a_round_through_the_screen() -> None:
    t = Table(["Ann", "Bob", "Cid"])
    click(t.build(), "Ann")                                   # Ann starts
    assert t.session.state.starter == 0
    root = t.build()
    assert "Round result" in texts(root)
    click(root, "Cid", 1)                                     # second "Cid" chip: the answering player
    click(root, "Rat", 0)                                     # what was said
    click(root, "Bat", 1)                                     # what the card was
    click(root, "\"True\"")
    assert "Cid takes the card" in texts(root)               # a lie believed: Cid takes it
    click(root, "Round result")
    assert t.sent[-1] == Action.make("call", 2, claim="rat", card="bat", answer="true")
    st = t.session.state
    assert st.starter == 2 and st.penalties[2][screen.CREATURES.index("bat")] == 1
    assert "Bat ×1" in texts(t.build())


def test_finished_game_shows_the_loser_in_chinese() -> None:
    t = Table(["安", "波"], lang="zh_Hant")
    t.session.apply(Action.make("start", 0))
    t.session.apply(Action.make("correct_hand", 1, count=28))
    t.session.apply(Action.make("correct_penalty", 1, creature="fly", count=4))
    shown = texts(t.build())
    assert "輸了：同種動物 4 張" in shown
    assert "本輪結果" not in shown                           # no round form once the game is over
