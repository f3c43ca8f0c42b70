"""Loaded by every Python process started with this folder on PYTHONPATH
(``bench_cafe.py --gc``): with ``GC_PROBE_DIR`` set, each process notes how
long each of its garbage collections held it (``gc.callbacks``) and writes
``<pid>.txt`` there every 2 s: a first line naming the process, then one
line per collection, "generation milliseconds collected"."""

import gc
import os
import sys
import threading
import time

_FOLDER = os.environ.get("GC_PROBE_DIR")

if _FOLDER:
    _done: list[tuple[int, float, int]] = []
    _started = [0.0]

    def _note(phase: str, info: dict) -> None:
        if phase == "start":
            _started[0] = time.perf_counter()
        else:
            _done.append((info["generation"], (time.perf_counter() - _started[0]) * 1000, info.get("collected", 0)))

    def _write() -> None:
        while True:
            time.sleep(2)
            lines = [" ".join(sys.argv)[:200]] + [f"{g} {ms:.2f} {n}" for g, ms, n in list(_done)]
            try:
                with open(os.path.join(_FOLDER, f"{os.getpid()}.txt"), "w") as out:
                    out.write("\n".join(lines) + "\n")
            except OSError:
                return

    gc.callbacks.append(_note)
    threading.Thread(target=_write, name="gc-probe", daemon=True).start()
