"""Every example in the transcript docs replays through `companion referee`."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import referee
from companion.registry import GAMES
from companion.transcripts import examples

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs" / "transcripts").glob("*.md"))
EXAMPLES = [ex for path in DOCS for ex in examples(path)]


def test_every_registered_game_documents_its_vocabulary_with_an_example():
    documented = {ex.game for ex in EXAMPLES}
    assert set(GAMES) <= documented, f"no example for {sorted(set(GAMES) - documented)}"


@pytest.mark.parametrize("ex", EXAMPLES, ids=lambda ex: f"{ex.source}:{ex.line}")
def test_example_replays(ex):
    out = io.StringIO()
    status = referee(ex.game, ex.players, ex.options, io.StringIO(ex.body), "en", False, out)
    assert status == 0, out.getvalue()
    state = json.loads(out.getvalue())
    assert state["game"] == ex.game


def test_transcripts_md_is_built_from_the_game_files():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_docs.py"), "--check"])
    assert result.returncode == 0, "run python scripts/build_docs.py"
