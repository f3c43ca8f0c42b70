"""Cockroach Poker score sheet; see game.py."""

from .game import GAME, CockroachPoker, CockroachState, deal, losing_reason, taker

__all__ = ["GAME", "CockroachPoker", "CockroachState", "deal", "losing_reason", "taker"]
