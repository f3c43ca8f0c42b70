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
    if not hasattr(config, "workerinput"):  # the run's controller: a fresh count of the pages opened
        for noted in (ROOT / "test-output" / "browser-opens").glob("*.txt"):
            noted.unlink()


#: per worker under xdist: [seconds in tests, seconds in browser tests, first start, last stop]
_WORKERS: dict[str, list[float]] = {}


def pytest_runtest_logreport(report):
    node = getattr(report, "node", None)  # set on the controller's copy of a worker's report
    if node is None:
        return
    busy = _WORKERS.setdefault(node.gateway.id, [0.0, 0.0, float("inf"), 0.0])
    busy[0] += report.duration
    if report.nodeid.startswith("tests/e2e/"):
        busy[1] += report.duration
    busy[2] = min(busy[2], getattr(report, "start", busy[2]))
    busy[3] = max(busy[3], getattr(report, "stop", busy[3]))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """How many browser pages the run opened and how long they took to their first frame
    (tests/e2e/conftest.py notes each), and how long each worker was busy: where the run's
    time goes."""
    for worker, (busy, browser, start, stop) in sorted(_WORKERS.items()):
        terminalreporter.write_line(
            f"worker {worker}: {busy / 60:.1f} min in tests ({browser / 60:.1f} in browser tests), "
            f"its last test done {(stop - start) / 60:.1f} min after its first began")
    lines = []
    for noted in (ROOT / "test-output" / "browser-opens").glob("*.txt"):
        lines += [line.split(" ", 1)[0] for line in noted.read_text(encoding="utf-8").splitlines() if line]
    if lines:
        seconds = sorted(float(x) for x in lines)
        terminalreporter.write_line(
            f"browser pages opened: {len(seconds)}, {sum(seconds):.0f} s to their first frame in all "
            f"(median {seconds[len(seconds) // 2]:.1f} s, longest {seconds[-1]:.1f} s)")


#: browser tests that wait for the end of the run (screenshot tours: no timing of their own)
LATE_BROWSER_TESTS = ("tests/e2e/test_screenshots.py", "tests/e2e/test_board_views.py",
                      "tests/e2e/test_story_browser.py", "tests/e2e/test_multidevice.py::test_invite_screen_screenshots",
                      "tests/e2e/test_games.py", "tests/e2e/test_teach_browser.py")


def browser_scope(nodeid: str) -> str:
    """The group a test runs in under ``-n 2``: ``browser`` (one worker, one
    page at a time), ``browser-late`` (after everything else), or its own."""
    if nodeid.startswith(LATE_BROWSER_TESTS):  # one by one: whichever worker is free takes the next
        return "browser-late::" + nodeid
    return "browser" if nodeid.startswith("tests/e2e/") else nodeid


if importlib.util.find_spec("xdist") is not None:
    def pytest_xdist_make_scheduler(config, log):
        """Under ``-n 2`` (scripts/test.sh) most browser tests stay together on
        one worker, one page at a time, while the other worker runs everything
        else: with two Chromium instances on this machine's 2 cores every page
        took about half as long again (and a run lost a test to a 30 s click).
        That worker is done long before the browser tests are (6.7 of 14.7
        minutes on an idle machine), so the screenshot tours wait in a group of
        their own until everything else has started, and the worker that is
        free then takes them, one test at a time, so that the browser worker
        shares them when it is done first: two Chromiums only at the end, for
        tests that time nothing.  (xdist's own ``loadgroup`` marks its groups on the test
        ids, which pytest 9.2 no longer reads.)"""
        from xdist.scheduler import LoadScopeScheduling

        class BrowserTestsTogether(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                return browser_scope(nodeid)

            def _assign_work_unit(self, node) -> None:
                # the browser group first, the late ones last, whatever their sizes
                if "browser" in self.workqueue:
                    self.workqueue.move_to_end("browser", last=False)
                for scope in [s for s in self.workqueue if s.startswith("browser-late::")]:
                    self.workqueue.move_to_end(scope)
                super()._assign_work_unit(node)

        return BrowserTestsTogether(config, log)


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game (tests/toy.py) in the registry for one test."""
    monkeypatch.setitem(registry.GAMES, "toy", "toy")
    registry.get_game.cache_clear()
    yield
    registry.get_game.cache_clear()
