"""OpenCC's dictionaries as tables, for the scripts that build the app's Chinese data files
(``build_script_tables.py``, ``build_wording_tables.py``).

Development helper: it needs OpenCC (``pip install opencc``, the ``dev`` extra), the app
does not.  It dumps the dictionaries with the ``opencc_dict`` tool that ships inside the
``opencc`` wheel.  ``run`` is both scripts' command line: rebuild the file, or ``--check``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable

ROOT = Path(__file__).resolve().parent.parent

#: a dictionary: key -> its candidates, in OpenCC's order
Table = dict[str, list[str]]


def _opencc_dirs() -> tuple[Path, Path, str]:
    try:
        import opencc
    except ImportError:
        sys.exit("OpenCC is needed: pip install 'opencc>=1.1' (the dev extra)")
    clib = Path(opencc.__file__).resolve().parent / "clib"
    tool, share = clib / "bin" / "opencc_dict", clib / "share" / "opencc"
    if not tool.exists() or not share.is_dir():
        sys.exit(f"this opencc wheel has no {tool} / {share}")
    return tool, share, str(opencc.__version__)


def load_dicts(names: Iterable[str]) -> tuple[dict[str, Table], str]:
    """The named OpenCC dictionaries (``STCharacters``, ``TWPhrases`` …) and OpenCC's version."""
    tool, share, version = _opencc_dirs()
    tables: dict[str, Table] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            out = Path(tmp) / f"{name}.txt"
            subprocess.run([str(tool), "-i", str(share / f"{name}.ocd2"), "-f", "ocd2",
                            "-o", str(out), "-t", "text"], check=True, capture_output=True)
            table: Table = {}
            for line in out.read_text(encoding="utf-8").splitlines():
                key, values = line.split("\t")
                table[key] = values.split(" ")
            tables[name] = table
    return tables, version


def run(argv: list[str] | None, doc: str, dicts: Iterable[str],
        build: Callable[[dict[str, Table], str], dict[str, Any]], dump: Callable[[dict[str, Any]], str],
        out: Path, script: str, summary: Callable[[dict[str, Any]], str]) -> int:
    """A build script's command line: ``dump(build(<the dicts>, <OpenCC version>))`` written to
    ``out`` (then ``summary`` of it printed), or with ``--check`` compared with ``out`` (exit
    status 1 if stale, naming ``script`` to run)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed file is stale")
    args = parser.parse_args(argv)
    tables, version = load_dicts(dicts)
    text = dump(build(tables, version))
    data = json.loads(text)
    name = out.relative_to(ROOT)
    if args.check:
        current = out.read_text(encoding="utf-8") if out.exists() else ""
        if current != text:
            print(f"{name} is stale: run {script}")
            return 1
        print(f"{name} is up to date")
        return 0
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {name}: {summary(data)}")
    return 0
