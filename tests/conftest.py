"""Shared test setup: the data folder and the toy game registered as a game.  The one
``refused`` check every game's tests use is in ``tests/refusal.py`` (``from refusal import
refused``): a module of its own, because ``tests/e2e`` has a conftest too and only one
module can be imported under the name ``conftest``."""

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from companion import registry  # noqa: E402


def pytest_configure(config):
    os.environ.setdefault("COMPANION_DATA_DIR", str(ROOT / "test-output" / "data"))


if importlib.util.find_spec("xdist") is not None:
    def pytest_xdist_make_scheduler(config, log):
        """Under ``-n 2`` (scripts/test.sh) the browser tests stay together on one worker, one
        page at a time as before, while the other worker runs everything else: with two
        Chromium instances on this machine's 2 cores every page took about half as long again
        (and a run lost a test to a 30 s click).  (xdist's own
        ``loadgroup`` marks its groups on the test ids, which pytest 9.2 no longer reads.)"""
        from xdist.scheduler import LoadScopeScheduling

        class BrowserTestsTogether(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                return "browser" if nodeid.startswith("tests/e2e/") else nodeid

        return BrowserTestsTogether(config, log)


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game (tests/toy.py) in the registry for one test."""
    monkeypatch.setitem(registry.GAMES, "toy", "toy")
    registry.get_game.cache_clear()
    yield
    registry.get_game.cache_clear()
