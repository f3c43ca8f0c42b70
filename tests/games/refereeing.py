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

import pytest

from companion.cli import referee
from companion.core import Action, IllegalAction, Session
from companion.i18n import LANGUAGES
from companion.messages import describe_error
from companion.rules import library
from companion.transcripts import examples

TRANSCRIPTS = Path(__file__).resolve().parents[2] / "docs" / "transcripts"


def refused(s: Session, action: Action, code: str | None = None, rule: str | None = None) -> IllegalAction:
    """``action`` is refused (with ``code`` citing ``rule``, where given), the state is
    untouched, the cited clause exists, and the refusal reads as a sentence in every language
    (its fields filled in)."""
    before = s.game.clone(s.state)
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    err = info.value
    if code is not None:
        assert err.code == code, err
    if rule is not None:
        assert err.rule == rule, err
    assert s.state == before
    for lang in LANGUAGES:
        assert library.clause(err.rule, lang) is not None, (err.rule, lang)
        text = describe_error(err, s.game.id, lang, s.setup.players)
        assert text != code and "{" not in text, (lang, text)
    return err


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
