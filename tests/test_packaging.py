"""A built wheel carries rules_data, the compiled catalogs and the font, and
the app finds them from any directory (what `pip install .` and `flet build` get)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(out), str(ROOT)], check=True)
    return next(out.glob("*.whl"))


def test_wheel_contents(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in ("en", "zh_Hans", "zh_Hant"):
        assert f"companion/_data/locales/{lang}/LC_MESSAGES/companion.mo" in names
    assert "companion/ui/assets/fonts/NotoSansCJK-subset.otf" in names
    # the first-screen cut and the list of its characters (read at import), our icons (issue 25)
    assert {"companion/ui/assets/fonts/NotoSansCJK-ui.otf", "companion/ui/assets/fonts/NotoSansCJK-ui.txt",
            "companion/ui/assets/fonts/NotoSansCJK-names.otf", "companion/ui/assets/fonts/NotoSansCJK-names.txt",
            "companion/ui/assets/icons/icon-512.png", "companion/ui/assets/icons/icon-maskable-192.png",
            "companion/ui/assets/favicon.png"} <= names
    assert "companion/py.typed" in names
    assert "companion/rules/data/search_index.bin" in names  # the search's first query loads it
    games = {n.split("/")[3] for n in names if n.startswith("companion/_data/rules_data/") and n.endswith("facts.json")}
    from companion.registry import GAMES

    assert set(GAMES) <= games
    # the players' questions the search indexes (issue 34): the index in the wheel is built with them
    asked = {f"companion/_data/rules_data/{p.parent.name}/questions.json" for p in (ROOT / "rules_data").glob("*/questions.json")}
    assert asked <= names
    assert not any(n.startswith(("tests/", "rules_data/")) for n in names)


def test_unpacked_wheel_runs_from_another_directory(wheel, tmp_path):
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = ("import json, companion.paths as p, companion.i18n as i; from companion.rules import search; "
            "print(json.dumps([str(p.rules_dir()), i.Translator('zh_Hant').gettext('Settings'), "
            "search.load_index() is not None]))")
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                            env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    rules, settings, index_loads = json.loads(result.stdout)
    assert rules.startswith(str(target)) and settings == "設定"
    assert index_loads  # the search's index built ahead is in the wheel, built from the rules in it
