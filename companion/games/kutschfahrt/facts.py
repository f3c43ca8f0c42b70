"""Die Kutschfahrt zur Teufelsburg's facts: every number comes from ``rules_data/kutschfahrt/facts.json``."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load

GAME_ID = "kutschfahrt"
FACTS: Mapping[str, Any] = load(GAME_ID)
