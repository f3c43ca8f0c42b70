"""One input rule for every game (issue 24).

* a whole number is a JSON number in every game: the same number written as text is refused
  with the same code (``bad_arg``), whichever game and field;
* a JSON object with a key twice is refused (``input_duplicate_key``), not read as its last;
* player names are compared and kept NFC-normalised (é typed as e + a combining accent is é);
* an emoji sequence with joiners is a name like any other emoji, shown whole in messages;
  an invisible character that is not part of one is refused, and the message shows which;
* an escaped lone surrogate is reported as such, not as "not valid UTF-8 text";
* the transcript docs state each option's default as facts.json has it.
"""

from __future__ import annotations

import io
import json
import random
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from companion import inputgate
from companion.cli import referee
from companion.core import Action, MalformedAction, RefereeError, Session
from companion.core.errors import SetupError
from companion.messages import describe_error, describe_problem
from companion.registry import game_ids, get_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = game_ids()
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def players_for(game_id: str) -> list[str]:
    return NAMES[:max(3, get_game(game_id).min_players)]


def run_lines(game_id: str, lines: str | bytes, players: list[str] | None = None,
              options: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    data = lines.encode("utf-8") if isinstance(lines, str) else lines
    out = io.StringIO()
    status = referee(game_id, players or players_for(game_id), options or {}, io.BytesIO(data), "en", False, out)
    return status, json.loads(out.getvalue())


# ----- the docs state each option's default as facts.json has it ----------------------------
def options_paragraph(game_id: str) -> str:
    text = (ROOT / "docs" / "transcripts" / f"{game_id}.md").read_text(encoding="utf-8")
    found = re.search(r"^Options: (.*?)(?:\n\n|\Z)", text, re.M | re.S)
    return found.group(1) if found else ""


def shown_default(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_transcript_doc_states_every_options_default_as_the_facts_do(game_id: str) -> None:
    """docs/transcripts/<game>.md's "Options:" paragraph names every option with its default,
    and the default is the one facts.json gives (Niagara's doc said round_limit 100; it is 0)."""
    options = get_game(game_id).options
    paragraph = options_paragraph(game_id)
    if not options:
        assert not paragraph
        return
    assert paragraph, f"docs/transcripts/{game_id}.md has no Options: paragraph"
    starts = {o.key: re.search(rf"`{o.key}(?:=[^`]*)?`", paragraph) for o in options}
    assert all(starts.values()), {k: bool(v) for k, v in starts.items()}
    order = sorted((m.start(), key) for key, m in starts.items() if m)
    for i, (at, key) in enumerate(order):
        part = paragraph[at:order[i + 1][0] if i + 1 < len(order) else len(paragraph)]
        said = re.search(r"default `?([^`\s,;)]+)`?", part)
        assert said, f"{game_id}: the doc gives no default for {key!r}: {part!r}"
        spec = next(o for o in options if o.key == key)
        assert said.group(1) == shown_default(spec.default), (game_id, key, said.group(1), spec.default)
