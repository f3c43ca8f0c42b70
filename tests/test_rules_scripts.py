"""Chinese script tables and the wrong-script check (companion/rules/scripts.py)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import scripts
from rules_files import rules_text_problems

ROOT = Path(__file__).resolve().parent.parent

# Genuine Taiwan / Hong Kong Traditional text full of characters that also
# exist in Simplified or that have several Traditional forms.
TAIWAN_TEXT = (
    "了解、乾杯、幹嘛、干涉、後來、皇后、台灣、臺北、颱風、檯燈、看著、著作、裡面、里長、"
    "什麼、麵包、只有、一隻、頭髮、發現、關係、聯繫、系統、範圍、姓范、雲朵、人云亦云、"
    "穀物、山谷、醜陋、丑時、鬥爭、北斗、幾乎、茶几、蘿蔔、占卜、一齣戲、出發、沖洗、衝突、"
    "儘管、盡力、床、群、峰、吃、才、為何、虛偽、啟動、溫度、祕密、秘書、棟梁、汙染、"
    "發霉、晒衣、菜肴、蝨子、合併、並且、著急、台幣、遊戲、游泳、於是、余光中、剩餘、"
    "製作、制度、准許、標準、周末、週末、傑出、杰、採取、采、鐘錶、鍾情、么、"
    "擲骰子、披索、玩家輪流出價、最高出價者得標。"
)
HONG_KONG_TEXT = "説話、温度、着數、裏面、綫、衞生、啓事、爲何、僞造、衆人、峯頂、羣組、牀鋪。"
SIMPLIFIED_TEXT = (
    "了解、干杯、后来、皇后、台湾、看着、著作、里面、什么、面包、只有、头发、发现、关系、"
    "系统、范围、云朵、谷物、斗争、几乎、萝卜、出发、冲突、尽管、于是、余下、制作、准许、"
    "周末、采取、钟表、掷骰子、玩家轮流出价，出价最高的人得标。"
)


def test_folding_matches_both_scripts() -> None:
    # pairs every Chinese reader knows: Traditional (incl. Taiwan/HK variants) -> Simplified
    for trad, simp in [("馬尼拉", "马尼拉"), ("後來", "后来"), ("為", "为"), ("爲", "为"),
                       ("裡", "里"), ("裏", "里"), ("臺", "台"), ("著", "着"), ("瞭解", "了解"),
                       ("什麼", "什么"), ("溫", "温"), ("説", "说"), ("說", "说"), ("擲骰子", "掷骰子"),
                       ("拍賣", "拍卖"), ("乾", "干"), ("幹", "干")]:
        assert scripts.fold(trad) == scripts.fold(simp), (trad, simp)
    # characters that are the same in both scripts stay themselves
    for same in ("了", "干", "后", "台", "着", "么", "只", "面"):
        assert scripts.fold(same) == same


def test_folding_latin() -> None:
    assert scripts.fold("Manila AUCTION") == "manila auction"
    assert scripts.fold("Ｍａｎｉｌａ　１２") == "manila 12"  # full-width forms and ideographic space
    assert scripts.fold("Café Über") == "cafe uber"
    assert scripts.fold("I’m “it”") == 'i\'m "it"'


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_folding_keeps_length_and_is_idempotent(text: str) -> None:
    folded = scripts.fold(text)
    assert len(folded) == len(text)
    assert scripts.fold(folded) == folded


def test_fold_table_is_idempotent_over_every_entry() -> None:
    tables = scripts._tables()
    keys = tables["t2s_from"]
    assert len(keys) == len(tables["t2s_to"]) and len(keys) > 3000
    folded = scripts.fold(keys)
    assert scripts.fold(folded) == folded


def test_character_conversion_drafts() -> None:
    assert scripts.to_simplified("馬尼拉的碼頭") == "马尼拉的码头"
    assert scripts.to_traditional("马尼拉的码头") == "馬尼拉的碼頭"
    assert scripts.to_traditional("为") == "為"  # the Taiwan form, not OpenCC's 爲
    assert scripts.to_traditional("Manila 3") == "Manila 3"


def test_sets_are_disjoint_and_sensible() -> None:
    simp, trad = scripts.simplified_only(), scripts.traditional_only()
    assert not simp & trad
    assert len(simp) > 2000 and len(trad) > 2000
    assert {"这", "个", "发", "说", "为", "来", "并", "听"} <= simp
    assert {"這", "個", "發", "說", "為", "來", "後", "臺", "裡"} <= trad
    for both in "了干后台着著里面只么余于乾瞭霉晒肴":
        assert both not in simp and both not in trad, both


def test_taiwan_and_hong_kong_text_raise_no_false_alarm() -> None:
    assert scripts.wrong_script(TAIWAN_TEXT, "zh_Hant") == []
    assert scripts.wrong_script(HONG_KONG_TEXT, "zh_Hant") == []
    assert scripts.wrong_script(SIMPLIFIED_TEXT, "zh_Hans") == []


def test_wrong_script_finds_each_character_with_its_offset() -> None:
    assert scripts.wrong_script("這个規則", "zh_Hant") == [(1, "个")]
    assert scripts.wrong_script("并且听说", "zh_Hant") == [(0, "并"), (2, "听"), (3, "说")]
    assert scripts.wrong_script("这个规則", "zh_Hans") == [(3, "則")]
    assert scripts.wrong_script("後来", "zh_Hans") == [(0, "後")]
    assert scripts.wrong_script("最高出价", "zh_Hant") == [(3, "价")]  # 价 is archaic in Traditional
    assert scripts.wrong_script("这个 這個", "en") == []
    # every character of a Simplified sentence that has a distinct Traditional form
    found = "".join(ch for _, ch in scripts.wrong_script(SIMPLIFIED_TEXT, "zh_Hant"))
    assert {"湾", "头", "发", "关", "围", "萝"} <= set(found)
    assert "卜" not in found  # 卜 is the same in both scripts


def test_check_rules_text_names_game_clause_and_character() -> None:
    data = {
        "name": "马尼拉",
        "aka": ["马尼拉"],
        "sections": [{"id": "auction", "title": "拍賣", "clauses": [
            {"id": "manila.auction.bids", "title": "出價", "text": "每次出价都要更高。",
             "table": {"columns": ["人數"], "rows": [["三个"]]}}]}],
        "messages": {"bid_too_low": "出價太低了", "phase.auction": "请出價"},
    }
    problems = scripts.check_rules_text("manila", "zh_Hant", data)
    # the aka 马尼拉 is a search alias, allowed in either script
    assert [(p.where, p.char) for p in problems] == [
        ("name", "马"),
        ("clause manila.auction.bids text", "价"),
        ("clause manila.auction.bids table row 0 cell 0", "个"),
        ("message phase.auction", "请"),
    ]
    text = str(problems[1])
    assert "manila/zh_Hant.json" in text and "manila.auction.bids" in text and "价" in text
    assert scripts.check_rules_text("manila", "en", data) == []


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_rules_data_is_in_its_own_script(lang: str) -> None:
    problems = rules_text_problems(lang, scripts.check_rules_text)
    assert not problems, "\n".join(problems)


def test_runtime_does_not_import_opencc() -> None:
    code = ("import sys; import companion.rules.search as s, companion.rules.reader, companion.rules.scripts as c;"
            "c.fold('馬'); c.wrong_script('馬', 'zh_Hans'); s.search('馬尼拉'); print('opencc' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


def test_committed_tables_are_what_the_build_script_makes() -> None:
    if importlib.util.find_spec("opencc") is None:
        pytest.skip("OpenCC (dev extra) is not installed: cannot rebuild the tables")
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_script_tables.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
