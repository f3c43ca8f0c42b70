"""I'm the Boss's facts: every number comes from ``rules_data/im_the_boss/facts.json``."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load

GAME_ID = "im_the_boss"
FACTS: Mapping[str, Any] = load(GAME_ID)
