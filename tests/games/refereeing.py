"""Checks the score-sheet tests make the same way for each game: one refused entry, a
random legal game played to its end, the transcript examples replayed.

The generic tests (tests/test_rules_data.py, tests/test_registry_playouts.py,
tests/test_transcripts_doc.py) check the rules files, a few random games and that every
example replays; these check one given refusal's message with its own parameters, many
more games per player count and option, and give the examples' final states to check
against figures worked out by hand.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any


from companion.cli import referee
from companion.core import Session
from companion.transcripts import examples
from refusal import refused  # noqa: F401  (the one refusal check; re-exported for the game tests)

TRANSCRIPTS = Path(__file__).resolve().parents[2] / "docs" / "transcripts"


def play_out(s: Session, rng: random.Random, max_steps: int) -> None:
    """Random legal actions until the game ends: the legal actions are the same when asked
    twice, there are some until the end and none after it, and the log replays to the same state."""
    game = s.game
    for _ in range(max_steps):
        legal = game.legal_actions(s.state)
        if game.is_over(s.state):
            assert legal == []
            break
        assert legal and legal == game.legal_actions(s.state)
        s.apply(rng.choice(legal))
    assert game.is_over(s.state)
    assert Session.replay(game, s.setup, s.log).state == s.state


def transcript_results(game_id: str) -> list[dict[str, Any]]:
    """The final state (``companion referee``'s JSON) of each example of ``game_id`` in
    docs/transcripts/<game>.md; there is at least one, and each replays without a refusal."""
    results = []
    for ex in examples(TRANSCRIPTS / f"{game_id}.md"):
        if ex.game != game_id:
            continue
        out = io.StringIO()
        assert referee(game_id, ex.players, ex.options, io.StringIO(ex.body), "en", False, out) == 0, out.getvalue()
        results.append(json.loads(out.getvalue()))
    assert results, f"no example of {game_id} in docs/transcripts/{game_id}.md"
    return results
