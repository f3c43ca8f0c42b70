"""Play history and statistics over every finished table (refereed or score sheet)."""

from __future__ import annotations

import csv
import io
import json
import time
from dataclasses import dataclass, field
from typing import Any

from .storage import Store, TableInfo


@dataclass(frozen=True)
class Play:
    table_id: str
    game: str
    players: list[str]
    scores: list[float] | None
    winners: list[str]
    started: float
    finished: float

    @property
    def duration_minutes(self) -> float:
        return round((self.finished - self.started) / 60, 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table_id, "game": self.game, "players": self.players, "scores": self.scores,
            "winners": self.winners, "date": time.strftime("%Y-%m-%d %H:%M", time.localtime(self.finished)),
            "duration_minutes": self.duration_minutes,
        }


@dataclass
class PlayerStats:
    name: str
    plays: int = 0
    wins: int = 0
    scores: list[float] = field(default_factory=list)
    #: False for games where fewer points are better (the best score is the lowest)
    high_is_best: bool = True

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def best(self) -> float | None:
        if not self.scores:
            return None
        return max(self.scores) if self.high_is_best else min(self.scores)

    @property
    def average(self) -> float | None:
        return round(sum(self.scores) / len(self.scores), 2) if self.scores else None


def plays(store: Store) -> list[Play]:
    out = []
    for info in store.list_tables("finished"):
        out.append(_play(info))
    out.sort(key=lambda p: p.finished, reverse=True)
    return out


def _play(info: TableInfo) -> Play:
    result = info.result or {}
    return Play(info.id, info.game, list(info.players), result.get("scores"), list(result.get("winners", [])),
                info.created, info.finished or info.updated)


def plays_per_game(history: list[Play]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for play in history:
        counts[play.game] = counts.get(play.game, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def player_stats(history: list[Play], game: str | None = None) -> list[PlayerStats]:
    """Plays, wins and win rate per player; with ``game``, also the best and
    average score in that game (scores of different games are not comparable,
    so without ``game`` no scores are collected)."""
    high = True
    if game is not None:
        from .registry import GAMES, get_game

        high = get_game(game).high_score_wins if game in GAMES else True
    stats: dict[str, PlayerStats] = {}
    for play in history:
        if game is not None and play.game != game:
            continue
        for seat, name in enumerate(play.players):
            entry = stats.setdefault(name, PlayerStats(name, high_is_best=high))
            entry.plays += 1
            if name in play.winners:
                entry.wins += 1
            if game is not None and play.scores is not None and seat < len(play.scores) \
                    and play.scores[seat] is not None:
                entry.scores.append(play.scores[seat])
    return sorted(stats.values(), key=lambda s: (-s.wins, -s.win_rate, s.name))


def to_csv(history: list[Play]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["date", "game", "table", "player", "seat", "score", "winner", "duration_minutes"])
    for play in history:
        row = play.to_json()
        for seat, name in enumerate(play.players):
            score = play.scores[seat] if play.scores and seat < len(play.scores) else ""
            writer.writerow([row["date"], play.game, play.table_id, name, seat + 1, score,
                             "yes" if name in play.winners else "no", play.duration_minutes])
    return buf.getvalue()


def to_json(history: list[Play]) -> str:
    return json.dumps({"format": "table-companion-history", "version": 1,
                       "plays": [p.to_json() for p in history]}, ensure_ascii=False, indent=1)
