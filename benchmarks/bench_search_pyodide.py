"""The rules search's first query inside Pyodide (the static build's Python), under node.

    .venv/bin/python benchmarks/bench_search_pyodide.py [--runs N]

Packs the app's wheel as ``companion build-web`` does (``build_web.app_wheel``: the index built
ahead inside, fresh) and babel's, unpacks them into a folder, and runs Flet's own Pyodide
(``flet_web``'s) under node, ``--runs`` fresh interpreters.  Each copies the package into
Pyodide's in-memory file system (where micropip installs it in the browser), then prints the
first search's parts (wall): the hash of the sources, loading the index built ahead, the first
query and a second; then best-of-7 CPU of the hash, the load and a warm query; and once, the
index built from the rules instead (the path without the file); and ``--runs`` more fresh interpreters
that run the browser's idle warm-up (``companion.rules.warmup``) and then time a player's first
searches.  Needs ``node`` on PATH.
Goal: the first search <= 50 ms (a phone is slower than this machine; say the load).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.ui.hosts.build_web import app_wheel, installed_wheel  # noqa: E402
from companion.ui.offline_web import flet_web_dir  # noqa: E402

PY = r"""
import sys, time, json, shutil
shutil.copytree("/site", "/memsite")
sys.path.insert(0, "/memsite")
t0 = time.perf_counter()
from companion.rules import search
t1 = time.perf_counter()
c1 = time.process_time()
digest = search.source_hash()
t2 = time.perf_counter()
index = search.load_index(digest=digest)
t3 = time.perf_counter()
search._index = index
search.search("roll 7", prefer="en", limit=30, game="catan")
t4 = time.perf_counter()
c4 = time.process_time()
search.search("擲出 7", prefer="zh_Hant", limit=30)
t5 = time.perf_counter()
def best(f, n=7):
    runs = []
    for _ in range(n):
        c = time.process_time(); f(); runs.append(time.process_time() - c)
    return min(runs) * 1000
out = {"python": sys.version.split()[0], "loaded": index is not None, "import_ms": (t1 - t0) * 1000,
       "hash_ms": (t2 - t1) * 1000, "load_ms": (t3 - t2) * 1000, "first_ms": (t4 - t3) * 1000,
       "second_ms": (t5 - t4) * 1000, "first_cpu_ms": (c4 - c1) * 1000, "cpu_hash_ms": best(search.source_hash),
       "cpu_load_ms": best(lambda: search.load_index(digest=digest)),
       "cpu_query_ms": best(lambda: index.search("roll 7", prefer="en", limit=30, game="catan"))}
if sys.argv[-1] == "build":
    t6 = time.perf_counter()
    search.SearchIndex.from_library()
    out["build_ms"] = (time.perf_counter() - t6) * 1000
print(json.dumps(out))
"""

WARM = r"""
import sys, time, json, shutil
shutil.copytree("/site", "/memsite")
sys.path.insert(0, "/memsite")
# the browser's idle warm-up (companion.rules.warmup, which hosts.browser runs in steps after the
# first screen), then a player's first searches: queries none of the warm-up's queries is
from companion.rules import warmup, search
tw = time.perf_counter()
step_ms = []
for _ in warmup.steps():
    step_ms.append((time.perf_counter() - tw) * 1000)
out = {"warmup_ms": step_ms[-1], "longest_step_ms": max(b - a for a, b in zip([0.0] + step_ms, step_ms))}
for key, query, lang, game in (("after_en_ms", "who pays when the boat gets robbed", "en", "manila"),
                               ("after_zh_ms", "蟑螂撲克誰輸了", "zh_Hant", None),
                               ("after_hans_ms", "骰到7怎么办", "zh_Hans", "catan")):
    tq = time.perf_counter()
    search.search(query, prefer=lang, limit=30, game=game)
    out[key] = (time.perf_counter() - tq) * 1000
print(json.dumps(out))
"""

MJS = """
import {{ loadPyodide }} from {pyodide};
import fs from "fs";
const py = await loadPyodide({{ indexURL: {index_url} }});
py.FS.mkdirTree("/site");
py.FS.mount(py.FS.filesystems.NODEFS, {{ root: {site} }}, "/site");
py.runPython("import sys; sys.argv = ['bench', " + JSON.stringify(process.argv[2] || "") + "]");
py.runPython(fs.readFileSync({script}, "utf8"));
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        print("no node on PATH: nothing measured")
        return 1
    pyodide = flet_web_dir() / "pyodide"
    with tempfile.TemporaryDirectory(prefix="bench-pyodide-") as tmp:
        out = Path(tmp)
        site = out / "site"
        for wheel in (app_wheel(out)[0], installed_wheel(out, "babel")[0]):
            zipfile.ZipFile(wheel).extractall(site)
        for name, text in (("bench", PY), ("warm", WARM)):
            (out / f"{name}.py").write_text(text, encoding="utf-8")
            (out / f"{name}.mjs").write_text(MJS.format(pyodide=json.dumps(str(pyodide / "pyodide.mjs")),
                                                        index_url=json.dumps(f"{pyodide}/"), site=json.dumps(str(site)),
                                                        script=json.dumps(str(out / f"{name}.py"))), encoding="utf-8")
        warm = []
        for _ in range(args.runs):
            done = subprocess.run([node, str(out / "warm.mjs")], capture_output=True, text=True, timeout=600,
                                  env={**os.environ})
            if done.returncode:
                print(done.stderr[-2000:])
                return 1
            warm.append(json.loads(done.stdout.strip().splitlines()[-1]))
        rows = []
        for i in range(args.runs + 1):
            mode = "build" if i == args.runs else ""
            done = subprocess.run([node, str(out / "bench.mjs"), mode], capture_output=True, text=True, timeout=600,
                                  env={**os.environ})
            if done.returncode:
                print(done.stderr[-2000:])
                return 1
            rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    build = rows.pop()["build_ms"]
    med = {k: statistics.median(r[k] for r in rows) for k in rows[0] if k.endswith("_ms")}
    first = med["hash_ms"] + med["load_ms"] + med["first_ms"]
    print(f"Pyodide {rows[0]['python']} under node, {len(rows)} fresh interpreters, load {os.getloadavg()[0]:.1f}; "
          f"the index built ahead loaded in every run: {all(r['loaded'] for r in rows)}")
    print(f"  first search (median wall): hash {med['hash_ms']:.1f} + load {med['load_ms']:.1f} + query "
          f"{med['first_ms']:.1f} = {first:.1f} ms, CPU {med['first_cpu_ms']:.1f} ms   "
          f"({'ok' if first <= 50 else 'OVER GOAL'} <= 50 ms); second query "
          f"{med['second_ms']:.1f} ms")
    print(f"  best-of-7 CPU: hash {med['cpu_hash_ms']:.1f} ms, load {med['cpu_load_ms']:.1f} ms, a warm query "
          f"{med['cpu_query_ms']:.1f} ms")
    print(f"  without the file: the index built from the rules in {build:.0f} ms")
    wmed = {k: statistics.median(r[k] for r in warm) for k in warm[0]}
    print(f"  after the browser's idle warm-up (companion.rules.warmup: {wmed['warmup_ms']:.0f} ms in all, its "
          f"longest step {wmed['longest_step_ms']:.0f} ms), a player's first searches (median wall, "
          f"{len(warm)} fresh interpreters): en {wmed['after_en_ms']:.1f} ms, zh_Hant {wmed['after_zh_ms']:.1f} ms, "
          f"zh_Hans {wmed['after_hans_ms']:.1f} ms   "
          f"({'ok' if max(wmed[k] for k in ('after_en_ms', 'after_zh_ms', 'after_hans_ms')) <= 50 else 'OVER GOAL'}"
          f" <= 50 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
