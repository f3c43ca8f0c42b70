"""Cockroach Poker's facts: every number comes from ``rules_data/cockroach_poker/facts.json``."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load

GAME_ID = "cockroach_poker"
FACTS: Mapping[str, Any] = load(GAME_ID)
