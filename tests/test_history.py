"""Play history and statistics over finished tables."""

from __future__ import annotations

import csv
import io
import json

import pytest

from companion import history
from companion.core import Action
from companion.storage import Store
from toy import TOY


pytestmark = pytest.mark.usefixtures("toy_registered")  # tests/conftest.py


def finish(store, players, winner_seat):
    """A toy game of pile 3 won by `winner_seat` (the others take 1 first)."""
    stored = store.create_table(TOY, TOY.setup(players, {"pile": 3 + winner_seat}))
    for seat in range(winner_seat):
        stored.apply(Action.make("take", seat, n=1))
    stored.apply(Action.make("take", winner_seat, n=3))
    assert TOY.is_over(stored.state)
    return stored


def test_statistics_worked_out_by_hand(tmp_path):
    store = Store(tmp_path / "h.db")
    finish(store, ["Mei", "Tom"], 0)           # Mei wins
    finish(store, ["Mei", "Tom", "Ann"], 2)    # Ann wins
    finish(store, ["Tom", "Mei"], 0)           # Tom wins
    store.create_table(TOY, TOY.setup(["Mei", "Tom"]))  # unfinished: not in the history
    plays = history.plays(store)
    assert len(plays) == 3
    assert history.plays_per_game(plays) == {"toy": 3}
    assert all(s.best is None for s in history.player_stats(plays))  # no cross-game scores
    stats = {s.name: s for s in history.player_stats(plays, "toy")}
    # Mei: 3 plays, 1 win, scores 10, 0, 0 -> best 10, average 3.33
    assert (stats["Mei"].plays, stats["Mei"].wins, stats["Mei"].best, stats["Mei"].average) == (3, 1, 10.0, 3.33)
    assert stats["Mei"].win_rate == pytest.approx(1 / 3)
    # Tom: 3 plays, 1 win (the third), scores 0, 0, 10
    assert (stats["Tom"].plays, stats["Tom"].wins, stats["Tom"].average) == (3, 1, 3.33)
    # Ann: 1 play, 1 win
    assert (stats["Ann"].plays, stats["Ann"].wins, stats["Ann"].win_rate) == (1, 1, 1.0)
    assert [s.name for s in history.player_stats(plays)][0] in ("Ann", "Mei", "Tom")


def test_exports(tmp_path):
    store = Store(tmp_path / "h.db")
    finish(store, ["Mei", "Tom"], 1)
    plays = history.plays(store)
    rows = list(csv.DictReader(io.StringIO(history.to_csv(plays))))
    assert [(r["player"], r["winner"], r["score"]) for r in rows] == [("Mei", "no", "0.0"), ("Tom", "yes", "10.0")]
    data = json.loads(history.to_json(plays))
    assert data["version"] == 1 and data["plays"][0]["winners"] == ["Tom"]


def test_undoing_the_last_action_removes_the_play(tmp_path):
    store = Store(tmp_path / "h.db")
    stored = finish(store, ["Mei", "Tom"], 0)
    stored.undo()
    assert history.plays(store) == []


def test_best_score_is_the_lowest_where_fewer_points_win(tmp_path, monkeypatch):
    store = Store(tmp_path / "h.db")
    finish(store, ["Mei", "Tom"], 0)
    finish(store, ["Mei", "Tom"], 1)
    monkeypatch.setattr(TOY, "high_score_wins", False)
    stats = {s.name: s for s in history.player_stats(history.plays(store), "toy")}
    assert stats["Mei"].best == 0.0 and stats["Tom"].best == 0.0
    monkeypatch.setattr(TOY, "high_score_wins", True)
    stats = {s.name: s for s in history.player_stats(history.plays(store), "toy")}
    assert stats["Mei"].best == 10.0
