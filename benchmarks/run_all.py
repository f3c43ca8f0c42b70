"""Run every benchmark script and print its figures (not a test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"## {script.stem[6:]}", flush=True)
        result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=1200)
        print(result.stdout.strip() or result.stderr.strip()[-2000:], flush=True)
        print(flush=True)


if __name__ == "__main__":
    main()
