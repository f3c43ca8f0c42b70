"""The Cockroach Poker screen without a browser: the round form's logic, and
the built control tree driven through its click handlers (a fake context
applies what the screen dispatches to a real session)."""

from __future__ import annotations

import pytest

from companion.core import Action, Session
from companion.games.cockroach_poker import GAME
from companion.ui.views import cockroach_poker as screen
from games.punctuation import assert_chinese_punctuation
from games.screen_harness import Table, click, texts


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
    t = Table.seated(GAME, ["Ann", "Bob", "Cid"])
    click(t.build(), "Ann")                                   # Ann starts
    assert t.session.state.starter == 0
    root = t.build()
    assert "Round result" in texts(root)                     # the heading
    assert "Confirm the round result" in texts(root)         # the button, there from the start
    click(root, "Cid", 1)                                     # second "Cid" chip: the answering player
    click(root, "Rat", 0)                                     # what was said
    click(root, "Bat", 1)                                     # what the card was
    click(root, "\"True\"")
    assert "Cid takes the card" in texts(root)               # a lie believed: Cid takes it
    click(root, "Confirm the round result")
    assert t.sent[-1] == Action.make("call", 2, claim="rat", card="bat", answer="true")
    st = t.session.state
    assert st.starter == 2 and st.penalties[2][screen.CREATURES.index("bat")] == 1
    assert "Bat ×1" in texts(t.build())


def test_incomplete_round_says_what_is_missing() -> None:
    t = Table.seated(GAME, ["Ann", "Bob", "Cid"])
    t.session.apply(Action.make("start", 0))
    root = t.build()
    assert ("Still to pick: who answered, the creature named, the creature on the card, the answer."
            in texts(root))
    click(root, "Confirm the round result")                  # nothing to send yet
    assert t.sent == []
    click(root, "Bob", 1)                                     # Bob answers
    click(root, "Rat", 0)                                     # what was said
    assert "Still to pick: the creature on the card, the answer." in texts(root)
    click(root, "Rat", 1)
    click(root, "\"False\"")
    assert not [x for x in texts(root) if x.startswith("Still to pick")]
    click(root, "Confirm the round result")
    assert t.sent == [Action.make("call", 1, claim="rat", card="rat", answer="false")]
    assert t.session.state.starter == 1                       # a wrong answer: Bob takes the rat


def test_finished_game_shows_the_loser_in_chinese() -> None:
    t = Table.seated(GAME, ["安", "波"], lang="zh_Hant")
    t.session.apply(Action.make("start", 0))
    t.session.apply(Action.make("correct_hand", 1, count=28))
    t.session.apply(Action.make("correct_penalty", 1, creature="fly", count=4))
    shown = texts(t.build())
    assert "輸了：同種動物 4 張" in shown
    assert "本輪結果" not in shown                           # no round form once the game is over


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_screens_use_chinese_punctuation(lang: str) -> None:
    """The start, a round form filled in (with a pass) and the end, in Chinese:
    Chinese quotation marks on the answers, full-width colons."""
    t = Table.seated(GAME, ["安", "波", "西"], lang=lang)
    assert_chinese_punctuation(t.build())
    t.dispatch(Action.make("start", 0))
    root = t.build()
    click(root, "波", 0)                                       # Bob looked and passed it on
    click(root, "西")                                          # Cid answers (the only one left)
    click(root, "老鼠", 0)                                     # said: a rat
    shown = assert_chinese_punctuation(root)
    assert ("还没选：真正的动物、回答。" if lang == "zh_Hans" else "還沒選：真正的動物、回答。") in shown
    click(root, "老鼠", 1)                                     # and it is one
    shown = assert_chinese_punctuation(root)
    assert "“真的”" in shown or "「真的」" in shown
    assert t.dispatch(Action.make("correct_hand", 1, count=17))
    assert t.dispatch(Action.make("correct_penalty", 1, creature="fly", count=4))
    shown = assert_chinese_punctuation(t.build())
    assert any(x.startswith(("输了：", "輸了：")) for x in shown), shown
