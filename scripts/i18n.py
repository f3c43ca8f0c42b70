"""Development script for the app-shell catalogs (Babel).

    python scripts/i18n.py update    # extract strings, merge into the three .po files
    python scripts/i18n.py compile   # .po -> .mo (refuses catalogs with errors)
    python scripts/i18n.py fill FILE # fill empty msgstrs from a JSON {msgid: {lang: text}}

Policy: the compiled .mo files are committed, so an installed app (and
``flet build``) carries them without a build step; ``tests/test_i18n.py``
fails when a .mo is older than its .po content.  Never edit the .pot by hand.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "companion.pot"
LANGS = ("en", "zh_Hans", "zh_Hant")


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "companion.po"


def update() -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "pyproject.toml",
                    "-k", "_", "-k", "N_", "-k", "ui", "--no-location", "--sort-output",
                    "--project", "table-companion", "-o", str(POT), "companion"], cwd=ROOT, check=True)
    for lang in LANGS:
        cmd = "update" if po_path(lang).exists() else "init"
        args = [sys.executable, "-m", "babel.messages.frontend", cmd, "-i", str(POT), "-d", str(LOCALES),
                "-D", "companion", "-l", lang]
        if cmd == "update":
            args += ["--no-fuzzy-matching", "--ignore-obsolete"]
        subprocess.run(args, cwd=ROOT, check=True)
    # English is the source language: its msgstr is the msgid unless reworded.
    with open(po_path("en"), "rb") as fh:
        catalog = read_po(fh, locale="en")
    for message in catalog:
        if message.id and not message.string:
            message.string = message.id
    with open(po_path("en"), "wb") as fh:
        write_po(fh, catalog, sort_output=True, omit_header=False, no_location=True)


def compile_all() -> None:
    for lang in LANGS:
        with open(po_path(lang), "rb") as fh:
            catalog = read_po(fh, locale=lang)
        errors = [(m.id, errs) for m, errs in catalog.check() if errs]
        if errors:
            raise SystemExit(f"{lang}: {errors}")
        with open(po_path(lang).with_suffix(".mo"), "wb") as fh:
            write_mo(fh, catalog, use_fuzzy=False)
        print(f"compiled {lang}: {len(catalog)} messages")


def fill(path: Path) -> None:
    table = json.loads(path.read_text(encoding="utf-8"))
    for lang in ("zh_Hans", "zh_Hant"):
        with open(po_path(lang), "rb") as fh:
            catalog = read_po(fh, locale=lang)
        for message in catalog:
            if message.id and not message.string and message.id in table and lang in table[message.id]:
                message.string = table[message.id][lang]
                message.flags.discard("fuzzy")
        with open(po_path(lang), "wb") as fh:
            write_po(fh, catalog, sort_output=True, no_location=True)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "update"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "fill":
        fill(Path(sys.argv[2]))
    else:
        raise SystemExit(__doc__)
