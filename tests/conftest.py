import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def pytest_configure(config):
    os.environ.setdefault("COMPANION_DATA_DIR", str(ROOT / "test-output" / "data"))
