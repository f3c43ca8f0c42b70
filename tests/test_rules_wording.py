"""Regional wording (companion/rules/wording.py): zh_Hant reads as Taiwan Chinese, zh_Hans as mainland.

The character check (test_rules_scripts.py) only sees characters; this one sees
words: 信息, 軟件, 默認, 點擊 are written in Traditional characters and still are
mainland wording that a Taiwan reader would not use (資訊, 軟體, 預設, 點選).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from companion.rules import scripts, wording
from rules_files import rules_text_problems

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"

# Genuine Taiwan text full of words that contain, or are, mainland software
# wording in another sense, and of strings that match an entry across words.
TAIWAN_TEXT = (
    "大家支持起始玩家的提案。保存你的手牌到下一輪。你可以隨時查看自己的牌。調度員可以移動別人的棋子。"
    "依照回合程序進行。官方文件與規則書不同時以規則書為準。遊戲設置：在版圖上設置路障。列車運行。"
    "導入新制度後導出結論。到單一窗口辦理。所有配件放在盒內存放。範圍內存在兩座城市。"
    "增加載貨量。放在線上。比特定玩家多一枚。攻擊者的士兵。他有心智能力。文字段落。計算法則。"
    "不勝枚舉。兼容並蓄。醫生說是腦梗塞。支持者。海內存知己。三視圖。搜索票。卸載貨物。時鐘指針。"
    "回合、骰子、玩家、擲骰、牌庫、棄牌堆、手牌、供應區、資訊、軟體、預設、螢幕、設定、檔案、使用者、網路、"
    "資料、程式、影片、品質、選單、點選、列印、滑鼠、記憶體、硬碟、啟用、匯入、匯出、支援、伺服器、連結、帳號、"
    "視窗、游標、執行、檢視、儲存、復原、貼上、尋找、搜尋、鑰匙、無條件捨去。"
)
MAINLAND_TEXT = (
    "用户可以在设置中更改默认语言。点击菜单，导出数据。信息、软件、屏幕、视频、质量、打印、鼠标、内存、"
    "硬盘、激活、服务器、链接、账号、窗口、光标、运行、保存、撤销、粘贴、查找、搜索。向下取整。"
)


def _finds(text: str, lang: str) -> list[str]:
    return [hit.phrase for hit in wording.find_wording(text, lang)]


def test_the_table_has_the_hand_list_and_not_the_ordinary_words() -> None:
    finds = {e.find for e in wording.table("zh_Hant")}
    for word in ("信息", "軟件", "默認", "屏幕", "用戶", "網絡", "視頻", "質量", "點擊", "打印", "鼠標",
                 "硬盤", "激活", "缺省", "服務器", "鏈接", "賬", "光標", "視圖", "粘貼", "查找", "搜索",
                 "應用程序", "導出為", "保存對局", "JSON 文件", "撤銷上一步", "主菜單", "彈出窗口", "向下取整"):
        assert word in finds, word
    # ordinary Taiwan words in some sense: only unambiguous compounds of them are in the table
    for word in ("支持", "保存", "查看", "程序", "文件", "設置", "運行", "導入", "導出", "窗口", "撤銷",
                 "菜單", "數據", "添加", "回合", "骰子", "玩家", "只", "調度", "項目", "類型"):
        assert word not in finds, word
    hans = {e.find for e in wording.table("zh_Hans")}
    assert {"资讯", "软体", "预设", "萤幕", "使用者"} <= hans
    assert wording.table("en") == ()


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_table_entries_are_well_formed(lang: str) -> None:
    entries = wording.table(lang)
    assert len(entries) > (500 if lang == "zh_Hant" else 10)
    assert len({e.find for e in entries}) == len(entries)
    for e in entries:
        assert e.find and e.use and e.find not in e.use, e
        assert all(e.find in longer and e.find != longer for longer in e.unless), e
        # written in the script of the text it is looked for in, and so are the suggestions
        for phrase in (e.find, *e.use, *e.unless):
            assert not scripts.wrong_script(phrase, lang), (e, phrase)
    if lang == "zh_Hant":
        # the suggested Taiwan forms are not themselves flagged
        for e in entries:
            for form in e.use:
                assert not [h for h in wording.find_wording(form, lang) if h.entry.find != e.find], (e, form)


def test_taiwan_text_raises_no_false_alarm() -> None:
    assert _finds(TAIWAN_TEXT, "zh_Hant") == []
    assert _finds(scripts.to_simplified("回合、骰子、玩家、用戶、信息"), "zh_Hans") == []


def test_mainland_wording_is_found_in_traditional_text() -> None:
    hant = scripts.to_traditional(MAINLAND_TEXT)
    found = _finds(hant, "zh_Hant")
    for word in ("用戶", "默認", "點擊", "信息", "軟件", "屏幕", "視頻", "質量", "打印", "鼠標", "硬盤",
                 "激活", "服務器", "鏈接", "賬", "光標", "粘貼", "查找", "搜索", "向下取整"):
        assert word in found, (word, found)
    # 設置, 導出, 數據, 內存, 窗口, 運行, 保存, 撤銷 alone are ambiguous: not reported
    for word in ("設置", "導出", "數據", "內存", "窗口", "運行", "保存", "撤銷"):
        assert word not in found, word


def test_hits_have_offsets_and_the_longest_phrase_wins() -> None:
    hits = wording.find_wording("請輸入用戶名，然後點擊確定。", "zh_Hant")
    assert [(h.offset, h.phrase, h.entry.use) for h in hits] == [
        (3, "用戶名", ("使用者名稱",)), (9, "點擊", ("點選", "點一下"))]
    assert _finds("把對局導出為 JSON 文件", "zh_Hant") == ["導出為", "JSON 文件"]
    assert _finds("腦梗塞與腦梗", "zh_Hant") == ["腦梗"]  # the Taiwan form 腦梗塞 contains 腦梗


def test_taiwan_wording_is_found_in_simplified_text_in_either_script() -> None:
    assert _finds("请在设置中查看资讯，使用者可以点选选单。", "zh_Hans") == ["资讯", "使用者", "点选", "选单"]
    assert _finds("資訊", "zh_Hans") == ["資訊"]  # folded, reported as written
    assert _finds("软体动物", "zh_Hans") == []   # mollusc, not software
    assert _finds("信息、软件、用户", "zh_Hans") == []


def test_check_rules_text_names_game_clause_phrase_and_suggestion() -> None:
    data = {
        "name": "馬尼拉",
        "aka": ["信息"],  # a search alias: not checked
        "sections": [{"id": "app", "title": "設置頁", "clauses": [
            {"id": "manila.app.export", "title": "導出為 JSON", "text": "點擊「匯出」。",
             "table": {"columns": ["用戶"], "rows": [["默認"]]}}]}],
        "messages": {"ui.saved": "保存對局了", "ui.ok": "好"},
    }
    problems = wording.check_rules_text("manila", "zh_Hant", data)
    assert [(p.where, p.hit.phrase) for p in problems] == [
        ("section app title", "設置頁"),
        ("clause manila.app.export title", "導出為"),
        ("clause manila.app.export text", "點擊"),
        ("clause manila.app.export table column 0", "用戶"),
        ("clause manila.app.export table row 0 cell 0", "默認"),
        ("message ui.saved", "保存對局"),
    ]
    text = str(problems[2])
    assert "manila/zh_Hant.json" in text and "manila.app.export" in text
    assert "'點擊'" in text and "點選" in text and "mainland wording" in text
    assert wording.check_rules_text("manila", "en", data) == []


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_rules_data_uses_its_own_regions_wording(lang: str) -> None:
    problems = rules_text_problems(lang, wording.check_rules_text)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_app_catalog_uses_its_own_regions_wording(lang: str) -> None:
    path = LOCALES / lang / "LC_MESSAGES" / "companion.po"
    problems = wording.check_catalog(path, lang)
    assert not problems, "\n".join(map(str, problems))


def test_check_catalog_names_the_msgid(tmp_path: Path) -> None:
    po = tmp_path / "locales" / "zh_Hant" / "LC_MESSAGES" / "companion.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Settings"\nmsgstr "設定"\n\nmsgid "Export"\nmsgstr "導出為檔案"\n', encoding="utf-8")
    problems = wording.check_catalog(po, "zh_Hant")
    assert len(problems) == 1
    text = str(problems[0])
    assert "locales/zh_Hant/LC_MESSAGES/companion.po" in text and "'Export'" in text
    assert "'導出為'" in text and "匯出為" in text


def test_committed_table_is_what_the_build_script_makes() -> None:
    if importlib.util.find_spec("opencc") is None:
        pytest.skip("OpenCC (dev extra) is not installed: cannot rebuild the table")
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_wording_tables.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_face_down_is_back_up_in_chinese(lang: str) -> None:
    """A card kept face down lies with its back up: 背面朝上 (or 牌面朝下).  背面朝下 -- its back
    down -- is face up, the opposite; Saboteur's zh_Hans rules had it five times (a role card
    dealt "face up", gold kept "face up")."""
    found = []
    for path in sorted((ROOT / "rules_data").glob(f"*/{lang}.json")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "背面朝下" in line:
                found.append(f"{path.parent.name}:{n}")
    catalog = LOCALES / lang / "LC_MESSAGES" / "companion.po"
    if "背面朝下" in catalog.read_text(encoding="utf-8"):
        found.append(str(catalog))
    assert found == []
