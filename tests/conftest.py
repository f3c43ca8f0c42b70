"""Shared test setup: the data folder and the toy game registered as a game.  The one
``refused`` check every game's tests use is in ``tests/refusal.py`` (``from refusal import
refused``): a module of its own, because ``tests/e2e`` has a conftest too and only one
module can be imported under the name ``conftest``."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from companion import registry  # noqa: E402


def pytest_configure(config):
    os.environ.setdefault("COMPANION_DATA_DIR", str(ROOT / "test-output" / "data"))


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game (tests/toy.py) in the registry for one test."""
    monkeypatch.setitem(registry.GAMES, "toy", "toy")
    registry.get_game.cache_clear()
    yield
    registry.get_game.cache_clear()
