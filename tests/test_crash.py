"""Kill a scripted game with SIGKILL at random moments; every restart must
resume exactly the committed prefix: nothing acknowledged lost, nothing
half-written."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.core import Session
from companion.storage import Store
from toy import TOY

HERE = Path(__file__).resolve().parent
KILLS = 60
TOTAL = 100_000


pytestmark = pytest.mark.usefixtures("toy_registered")  # tests/conftest.py


def expected_log(n):
    sys.path.insert(0, str(HERE))
    from crash_worker import script_action

    setup = TOY.setup(["A", "B", "C"], {"pile": 50})
    session = Session(TOY, setup)
    for seq in range(1, n + 1):
        session.apply(script_action(seq, session.state))
    return session


@pytest.mark.slow
def test_sigkill_at_random_points_resumes_the_committed_prefix(tmp_path):
    db = tmp_path / "crash.db"
    store = Store(db)
    table_id = store.create_table(TOY, TOY.setup(["A", "B", "C"], {"pile": 50})).id
    store.close()
    rng = random.Random(20261121)
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    acknowledged = 0
    for kill in range(KILLS):
        child = subprocess.Popen([sys.executable, str(HERE / "crash_worker.py"), str(db), table_id, str(TOTAL)],
                                 stdout=subprocess.PIPE, text=True, env=env)
        # wait until it has committed at least one action, then kill at a random moment
        first = child.stdout.readline()
        assert first.strip(), child.wait()
        acknowledged = max(acknowledged, int(first))
        time.sleep(rng.uniform(0.0, 0.08))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        for line in rest.split():
            acknowledged = max(acknowledged, int(line))
        assert child.returncode == -signal.SIGKILL

        resumed = Store(db).open_table(table_id)
        cursor = resumed.session.cursor
        # every action the child reported as accepted is there (at most one more:
        # committed but killed before it printed)
        assert acknowledged <= cursor <= acknowledged + 1, (kill, acknowledged, cursor)
        reference = expected_log(cursor)
        assert resumed.session.log == reference.log
        assert resumed.state == reference.state
        acknowledged = cursor
        resumed.store.close()
    assert acknowledged > KILLS
