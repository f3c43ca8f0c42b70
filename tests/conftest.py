"""Shared test setup: the data folder, the toy game registered as a game, and the one
``refused`` check every game's tests use (``from conftest import refused``)."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from companion import registry  # noqa: E402
from companion.core import Action, IllegalAction, Session  # noqa: E402
from companion.i18n import LANGUAGES  # noqa: E402
from companion.messages import describe_error  # noqa: E402
from companion.rules import library  # noqa: E402


def pytest_configure(config):
    os.environ.setdefault("COMPANION_DATA_DIR", str(ROOT / "test-output" / "data"))


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game (tests/toy.py) in the registry for one test."""
    monkeypatch.setitem(registry.GAMES, "toy", "toy")
    registry.get_game.cache_clear()
    yield
    registry.get_game.cache_clear()


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
        assert text != err.code and "{" not in text, (lang, text)
    return err
