"""One name for the app in each language, the ruling label in the reader's language, and
zh_Hant rules text that is written for Taiwan rather than converted from zh_Hans."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from companion.rules.library import game_dirs
from rules_files import rules_text_problems

ROOT = Path(__file__).resolve().parent.parent

# zh_Hant calls the app 本程式 (程式), zh_Hans 本应用 (应用); never App, 應用程式 or 应用程序
OTHER_NAMES = {"zh_Hant": re.compile(r"App|應用程式"), "zh_Hans": re.compile(r"App|应用程序|程式")}
NAME = {"zh_Hant": "程式", "zh_Hans": "应用"}


def _strings(data):
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_rules_text_uses_one_name_for_the_app(lang):
    def check(game, lang_, data):
        for text in _strings({k: v for k, v in data.items() if k != "aka"}):
            if OTHER_NAMES[lang].search(text):
                yield f"{game}/{lang}: {text[:60]}"

    assert rules_text_problems(lang, check) == []


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_catalog_uses_the_same_name_for_the_app(lang):
    po = (ROOT / "locales" / lang / "LC_MESSAGES" / "companion.po").read_text(encoding="utf-8")
    msgstrs = re.findall(r'^msgstr "(.*)"$', po, flags=re.M)
    assert not [m for m in msgstrs if OTHER_NAMES[lang].search(m)]
    # "this app" is translated with the name the rules text uses
    this_app = re.search(r'msgid "The file has version \{found\}; this app reads version \{expected\}\."\n'
                         r'msgstr "(.*)"', po)
    assert this_app and NAME[lang] in this_app.group(1)


def test_no_space_glitch_between_the_name_and_chinese():
    def check(game, lang, data):
        for text in _strings(data):
            if re.search(r"本 |[\u4e00-\u9fff] App|App[\u4e00-\u9fff]", text):
                yield f"{game}/{lang}: {text[:60]}"

    assert rules_text_problems("zh_Hant", check) + rules_text_problems("zh_Hans", check) == []


def test_the_ruling_label_follows_the_readers_language(tmp_path):
    from companion.storage import Store
    from companion.ui.app import App
    from ui_harness import FakePage, texts

    app = App(FakePage(), Store(tmp_path / "ui.db"))
    app.set_language("zh_Hant")
    app.go("rules", game="manila", lang="en")
    shown = texts(app.page)
    assert any(t.endswith("· our ruling") for t in shown)
    assert not any("裁定" in t for t in shown)
    app.go("rules", game="manila", lang="zh_Hans")
    shown = texts(app.page)
    assert any(t.endswith("· 本应用裁定") for t in shown)
    assert not any("our ruling" in t or "本程式裁定" in t for t in shown)
    # one space either side of the dot, as in every other "a · b" line
    assert not any("  ·" in t for t in shown)


# The zh_Hant rewrite left at most 4% of any game's clauses (9 of 670 in all, the ones
# awaiting a rule fix) equal to OpenCC's conversion of the zh_Hans text.  The limits leave a
# little room for short clauses that read the same either way, not for converted text pasted back.
# Messages (prompts, refusals, labels) and the app catalog's strings are held to the same share
# once they have MIN_CHARS characters (placeholders left out): shorter ones (取消, 城市) read the
# same in both scripts by nature.
MAX_CONVERTED_SHARE = 0.05
MAX_CONVERTED_TOTAL = 15


def _checker():
    pytest.importorskip("opencc")
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import zh_hant_converted
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return zh_hant_converted


def test_zh_hant_is_written_not_converted():
    checker = _checker()
    converters = checker._converters()
    found = {game: checker.converted(game, converters) for game in game_dirs()}
    over = {game: same for game, (same, total) in found.items() if len(same) > MAX_CONVERTED_SHARE * total}
    assert over == {}
    assert sum(len(same) for same, _ in found.values()) <= MAX_CONVERTED_TOTAL


def test_zh_hant_messages_are_written_not_converted():
    checker = _checker()
    converters = checker._converters()
    found = {game: checker.converted_messages(game, converters) for game in game_dirs()}
    assert all(total for _, total in found.values())
    over = {game: same for game, (same, total) in found.items() if len(same) > MAX_CONVERTED_SHARE * total}
    assert over == {}


def test_zh_hant_catalog_is_written_not_converted():
    checker = _checker()
    same, total = checker.converted_catalog(checker._converters())
    assert total > 50
    assert len(same) <= MAX_CONVERTED_SHARE * total, same


def test_only_strings_long_enough_count():
    checker = _checker()
    assert checker.long_enough("這艘船的座位已經坐滿了。")
    assert not checker.long_enough("{player}：第 {round} 輪")  # 5 characters once the fields are out
    assert not checker.long_enough("取消")


def test_the_check_flags_text_pasted_from_a_conversion(tmp_path, monkeypatch):
    checker = _checker()
    game = tmp_path / "manila"
    game.mkdir()
    hans = (checker.RULES / "manila" / "zh_Hans.json").read_text(encoding="utf-8")
    (game / "zh_Hans.json").write_text(hans, encoding="utf-8")
    from opencc import OpenCC

    (game / "zh_Hant.json").write_text(OpenCC("s2twp").convert(hans), encoding="utf-8")
    monkeypatch.setattr(checker, "RULES", tmp_path)
    same, total = checker.converted("manila")
    assert len(same) == total > MAX_CONVERTED_SHARE * total
    same, total = checker.converted_messages("manila")
    assert len(same) == total > MAX_CONVERTED_SHARE * total


def test_the_check_flags_a_catalog_pasted_from_a_conversion(tmp_path, monkeypatch):
    checker = _checker()
    from opencc import OpenCC

    for lang in ("zh_Hans", "zh_Hant"):
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
    hans = (checker.LOCALES / "zh_Hans" / "LC_MESSAGES" / "companion.po").read_text(encoding="utf-8")
    (tmp_path / "zh_Hans" / "LC_MESSAGES" / "companion.po").write_text(hans, encoding="utf-8")
    (tmp_path / "zh_Hant" / "LC_MESSAGES" / "companion.po").write_text(OpenCC("s2t").convert(hans), encoding="utf-8")
    monkeypatch.setattr(checker, "LOCALES", tmp_path)
    same, total = checker.converted_catalog()
    assert len(same) == total > 50
