"""Every game's rules file in one language, run through one of the per-file text checks
(``scripts.check_rules_text``, ``wording.check_rules_text``), for the tests that hold the
whole library to it."""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable

from companion.paths import rules_dir
from companion.rules.library import game_dirs


def rules_text_problems(lang: str, check: Callable[[str, str, dict[str, Any]], Iterable[Any]]) -> list[str]:
    """``check(game, lang, data)``'s problems in every ``rules_data/<game>/<lang>.json``, as
    text; a file that does not parse is one problem (test_rules_data reports it in detail)."""
    problems: list[str] = []
    for game in game_dirs():
        path = rules_dir() / game / f"{lang}.json"
        if not path.exists():
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            problems.append(f"{path}: {exc}")
            continue
        problems += [str(p) for p in check(game, lang, data)]
    return problems
