"""Build the regional wording table the wording check reads.

Development script: it needs OpenCC (``pip install opencc``, the ``dev`` extra),
the app does not.  It dumps OpenCC's Taiwan phrase dictionary (``TWPhrases``,
the mainland → Taiwan phrase step of the ``s2twp`` config, reversed by
``tw2sp``) with the ``opencc_dict`` tool that ships inside the ``opencc`` wheel
(``opencc_dicts.py``), filters it, adds a reviewed hand list and writes
``companion/rules/data/taiwan_wording.json``::

    python scripts/build_wording_tables.py            # rebuild the file
    python scripts/build_wording_tables.py --check    # exit 1 if it is stale

The file has two lists (see ``companion/rules/wording.py`` for how they are used):

``zh_Hant``
    Mainland-only wording written in Traditional characters, which a Taiwan
    reader would not use, with the Taiwan form(s): 信息 → 資訊, 軟件 → 軟體,
    默認 → 預設.  From OpenCC, less the entries listed in ``EXCLUDE`` (each
    with the reason it is not a finding in board-game rules text: words that
    are also ordinary Taiwan usage in some sense, like 支持 "to back someone"
    or 保存 "to keep", or that match across word boundaries, like 比特 in
    比特定玩家多), plus ``HAND_HANT``: the reviewed hand list, including
    unambiguous compounds of the ambiguous words (導出為, 保存對局, 應用程序 …).
    ``unless`` lists longer phrases that contain the word and are fine (OpenCC's
    own guard entries such as 海內存知己, and hand-added ones); an occurrence
    inside one of them, or inside one of the suggested Taiwan forms (腦梗 in
    腦梗塞), is not reported.
``zh_Hans``
    Taiwan-only wording in Simplified text, a handful of clear pairs
    (``HAND_HANS``): 资讯 → 信息, 软体 → 软件, 使用者 → 用户 ….  The check
    folds the text to Simplified first, so 資訊 is found as well.
"""

from __future__ import annotations

import json
from pathlib import Path

from opencc_dicts import Table, run

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "companion" / "rules" / "data" / "taiwan_wording.json"

_DICTS = ("TWPhrases",)

# OpenCC entries that are not findings in board-game rules text, and why.
_ORDINARY = "also ordinary Taiwan usage"
EXCLUDE: dict[str, str] = {
    # the ambiguous words of the hand list: only their unambiguous compounds are checked (HAND_HANT)
    "支持": _ORDINARY + ": to back a player or a claim (支持某位玩家)",
    "程序": _ORDINARY + ": procedure (回合程序, 司法程序)",
    "文件": _ORDINARY + ": document (官方文件)",
    "設置": _ORDINARY + ": to set up, to place (設置路障, 遊戲設置)",
    "保存": _ORDINARY + ": to keep (保存卡牌, 保存實力)",
    "運行": _ORDINARY + ": to run, to orbit (列車運行, 天體運行)",
    "導入": _ORDINARY + ": to introduce (導入新制度)",
    "導出": _ORDINARY + ": to derive (導出結論)",
    "窗口": _ORDINARY + ": service counter (單一窗口)",
    "加載": "matches across words (增加載貨量)",
    "內存": "matches across words (盒內存放, 範圍內存在)",
    # ordinary Taiwan words that OpenCC maps for software texts only
    "查看": _ORDINARY + ": to look at (查看手牌)",
    "調度": _ORDINARY + ": to dispatch (調度員, Pandemic's Dispatcher)",
    "項目": _ORDINARY + ": item (費用項目)",
    "類型": _ORDINARY + ": kind, type (動作類型)",
    "連接": _ORDINARY + ": to connect (相連接的城市)",
    "發送": _ORDINARY + ": to send",
    "聯繫": _ORDINARY + ": relation, to contact",
    "通信": _ORDINARY + ": correspondence by letter",
    "設備": _ORDINARY + ": equipment",
    "集成": _ORDINARY + ": to compile into (集成一冊)",
    "交互": _ORDINARY + ": alternately, interaction (交互作用)",
    "交互式": _ORDINARY + ": interactive",
    "添加": _ORDINARY + ": to add (添加物); 加入/新增 read better but 添加 is not wrong",
    "創建": _ORDINARY + ": to found (創建公司)",
    "批量": _ORDINARY + ": in bulk",
    "仿真": _ORDINARY + ": lifelike (仿真模型)",
    "局部": _ORDINARY + ": partial (局部地區)",
    "全局": _ORDINARY + ": the whole game (全局觀)",
    "擴展": _ORDINARY + ": to expand; the board-game sense is checked as 擴展包",
    "權限": _ORDINARY + ": authority",
    "參數": _ORDINARY + ": parameter",
    "函數": _ORDINARY + ": function (mathematics)",
    "聲明": _ORDINARY + ": statement, to declare",
    "進制": _ORDINARY + ": number base (十進制)",
    "調用": _ORDINARY + ": to transfer people or goods",
    "發佈": _ORDINARY + ": to publish",
    "鏡像": _ORDINARY + ": mirror image",
    "截取": _ORDINARY + ": to cut out a part",
    "映射": _ORDINARY + ": to reflect, mapping",
    "採樣": _ORDINARY + ": sampling",
    "採樣率": _ORDINARY + ": sampling rate",
    "註銷": _ORDINARY + ": to cancel a registration (註銷戶籍)",
    "登錄": _ORDINARY + ": to register (登錄在案)",
    "溢出": _ORDINARY + ": to overflow (water)",
    "拷貝": _ORDINARY + ": a copy (colloquial)",
    "觸摸": _ORDINARY + ": to touch",
    "禁用": _ORDINARY + ": to ban (禁用藥物)",
    "屏蔽": _ORDINARY + ": to shield",
    "高端": _ORDINARY + ": high-end",
    "性能": _ORDINARY + ": performance of a machine",
    "優化": _ORDINARY + ": to optimise",
    "字體": _ORDINARY + ": typeface, handwriting",
    "圖像": _ORDINARY + ": image",
    "圖庫": _ORDINARY + ": image library",
    "像素": _ORDINARY + ": pixel",
    "分區": _ORDINARY + ": district, zone",
    "呼出": _ORDINARY + ": to breathe out",
    "掛斷": _ORDINARY + ": to hang up (掛斷電話)",
    "接口": _ORDINARY + ": joint of pipes or parts",
    "綁定": _ORDINARY + ": to bind (綁定信用卡)",
    "腳本": _ORDINARY + ": screenplay",
    "遠程": _ORDINARY + ": long-range (遠程攻擊)",
    "隊列": _ORDINARY + ": formation of troops",
    "剪切": _ORDINARY + ": shear (剪切力)",
    "奔馳": _ORDINARY + ": to gallop (萬馬奔馳)",
    "萬象": _ORDINARY + ": all things (萬象更新)",
    "突尼斯": _ORDINARY + ": the city of Tunis",
    "自行車": _ORDINARY + ": bicycle (自行車道)",
    "重裝": _ORDINARY + ": heavily armed (重裝部隊)",
    "重載": _ORDINARY + ": heavy load",
    "調色板": _ORDINARY + ": palette",
    "審覈": "a character variant of 審核, not a wording difference",
    "臺積公司": "a character variant (臺/台), not a wording difference",
    "臺積電": "a character variant (臺/台), not a wording difference",
    "刷新": _ORDINARY + ": to break a record (刷新紀錄)",
    "高清": "matches across words (提高清晰度)",
    "在線": "matches across words (放在線上)",
    "比特": "matches across words (比特定玩家多, 比特殊地區)",
    "的士": "matches across words (攻擊者的士兵)",
    "布爾": "matches across words (布爾喬亞)",
    "智能": "matches across words (心智能力); 人工智能 is checked",
    "數組": "matches across words (分數組合)",
    "字段": "matches across words (文字段落)",
    "字節": "matches across words (文字節奏)",
    "字符": "matches across words (文字符合, 數字符號); 字符串 and 字符集 are checked",
    "算法": "matches across words (計算法則)",
    "算子": "matches across words (計算子集)",
    "散列": _ORDINARY + ": scattered (散列各處)",
    "枚舉": "matches the idiom 不勝枚舉",
    "盤片": "matches across words (棋盤片刻)",
    "盤符": "matches across words (棋盤符號)",
    "加納": "matches across words (增加納入)",
    "實時": "matches across words (其實時間, 確實時常)",
    "回調": "matches across words (來回調整)",
    "操作數": "matches across words (可操作數量)",
    "拉莫": "matches a longer name (拉莫斯)",
    "歐拉": _ORDINARY + ": Euler in Taiwan textbooks (歐拉公式)",
    "組件": _ORDINARY + ": parts (零組件)",
    "指針": _ORDINARY + ": the hand of a clock (時鐘指針)",
    "調製": _ORDINARY + ": to mix a drink (調製飲料)",
    "拋出": _ORDINARY + ": to throw out, to raise (拋出問題)",
    "持久性": _ORDINARY + ": persistence (持久性污染物)",
    "卸載": _ORDINARY + ": to unload cargo (卸載貨物)",
    "紅心大戰": _ORDINARY + ": the card game Hearts",
}

# Extra guards for OpenCC entries: longer phrases containing the word that are fine in Taiwan.
UNLESS: dict[str, list[str]] = {
    "格拉斯": ["格拉斯哥", "道格拉斯"],
    "兼容": ["兼容並蓄", "兼容並包"],
    "搜索": ["搜索票", "搜索隊", "搜索枯腸"],
}

# Suggestions that differ from OpenCC's, for board-game text (or where OpenCC's is odd).
OVERRIDE: dict[str, list[str]] = {
    "密鑰": ["鑰匙", "金鑰"],  # a game's physical key is 鑰匙; a cipher key is 金鑰
    "死機": ["當機"],          # OpenCC says 宕機
    "網卡": ["網路卡"],        # OpenCC says 網絡卡, itself mainland wording
    "類模板": ["類別範本"],    # OpenCC's 類别範本 has the Simplified 别
}

# The reviewed hand list: mainland wording in Traditional characters -> Taiwan forms.
# (phrase, Taiwan forms, unless)
HAND_HANT: list[tuple[str, list[str], list[str]]] = [
    ("信息", ["資訊", "訊息"], []),
    ("軟件", ["軟體"], []),
    ("硬件", ["硬體"], []),
    ("默認", ["預設"], []),
    ("缺省", ["預設"], []),
    ("屏幕", ["螢幕"], []),
    ("全屏", ["全螢幕"], []),
    ("手機屏", ["手機螢幕"], []),
    ("用戶", ["使用者"], []),
    ("網絡", ["網路"], []),
    ("視頻", ["影片", "視訊"], []),
    ("質量", ["品質"], []),
    ("點擊", ["點選", "點一下"], []),
    ("單擊", ["按一下", "點一下"], []),
    ("雙擊", ["按兩下", "點兩下"], []),
    ("打印", ["列印"], []),
    ("鼠標", ["滑鼠"], []),
    ("硬盤", ["硬碟"], []),
    ("激活", ["啟用"], []),
    ("服務器", ["伺服器"], []),
    ("鏈接", ["連結"], []),
    ("賬", ["帳"], []),
    ("光標", ["游標"], []),
    ("視圖", ["檢視"], ["三視圖", "前視圖", "側視圖", "俯視圖"]),
    ("粘貼", ["貼上", "黏貼"], []),
    ("查找", ["尋找", "搜尋"], []),
    ("搜索", ["搜尋"], ["搜索票", "搜索隊", "搜索枯腸"]),
    ("文件夾", ["資料夾"], []),
    ("文檔", ["文件"], []),
    ("塑料", ["塑膠"], []),
    ("擴展包", ["擴充"], []),
    ("擴展版", ["擴充"], []),
    ("概率", ["機率"], []),
    ("幾率", ["機率"], []),
    ("向下取整", ["無條件捨去"], []),
    ("向上取整", ["無條件進位"], []),
    ("自定義", ["自訂"], []),
    ("界面", ["介面"], ["界面活性劑"]),
    ("當前", ["目前", "現在"], []),          # 當前回合: Taiwan says 目前 / 現在輪到
    ("文本", ["文字", "內容", "版本"], []),   # 我們依據的文本: the text we follow
    # 設置 "settings" (設置 "to set up" is ordinary Taiwan usage)
    ("設置頁", ["設定頁"], []),
    ("設置選項", ["設定選項"], []),
    ("設置菜單", ["設定選單"], []),
    ("在設置中", ["在設定中"], []),
    ("在設置裡", ["在設定裡"], []),
    ("打開設置", ["打開設定", "開啟設定"], []),
    # 文件 "file" (文件 "document" is ordinary Taiwan usage)
    ("JSON 文件", ["JSON 檔案"], []),
    ("JSON文件", ["JSON檔案"], []),
    ("CSV 文件", ["CSV 檔案"], []),
    ("CSV文件", ["CSV檔案"], []),
    ("存檔文件", ["存檔檔案"], []),
    ("導出的文件", ["匯出的檔案"], []),
    ("文件名", ["檔名", "檔案名稱"], []),
    ("打開文件", ["開啟檔案"], []),
    ("保存文件", ["儲存檔案"], []),
    # 程序 "program" (程序 "procedure" is ordinary Taiwan usage)
    ("應用程序", ["應用程式"], []),
    ("小程序", ["小程式"], []),
    ("程序員", ["程式設計師"], []),
    ("運行程序", ["執行程式"], []),
    ("程序錯誤", ["程式錯誤"], []),
    # 運行 "to run a program"
    ("後台運行", ["背景執行"], []),
    ("運行中的程式", ["執行中的程式"], []),
    # 保存 "to save a file" (保存 "to keep" is ordinary Taiwan usage)
    ("自動保存", ["自動儲存"], []),
    ("保存對局", ["儲存對局"], []),
    ("保存進度", ["儲存進度"], []),
    ("保存的對局", ["儲存的對局"], []),
    ("保存的數據", ["儲存的資料"], []),
    # 數據 "data" (數據 "figures, statistics" is ordinary Taiwan usage)
    ("遊戲數據", ["遊戲資料"], []),
    ("存檔數據", ["存檔資料"], []),
    ("導入數據", ["匯入資料"], []),
    ("導出數據", ["匯出資料"], []),
    # 導入/導出 "import/export data" (導入 "introduce", 導出 "derive" are ordinary Taiwan usage)
    ("導入對局", ["匯入對局"], []),
    ("導出對局", ["匯出對局"], []),
    ("導入存檔", ["匯入存檔"], []),
    ("導出存檔", ["匯出存檔"], []),
    ("導出為", ["匯出為"], []),
    ("導入文件", ["匯入檔案"], []),
    ("導出文件", ["匯出檔案"], []),
    ("導入檔案", ["匯入檔案"], []),
    ("導出檔案", ["匯出檔案"], []),
    # 支持 "software support" (支持 "to back someone" is ordinary Taiwan usage)
    ("支持的格式", ["支援的格式"], []),
    ("暫不支持", ["暫不支援"], []),
    ("不支持此", ["不支援此"], []),
    # 撤銷 "undo" (撤銷 "to revoke" is ordinary Taiwan usage)
    ("撤銷上一步", ["復原上一步"], []),
    ("撤銷操作", ["復原操作"], []),
    ("撤銷動作", ["復原動作"], []),
    ("無法撤銷", ["無法復原"], []),
    ("不能撤銷", ["不能復原"], []),
    ("可以撤銷", ["可以復原"], []),
    ("撤消", ["復原"], []),
    # 菜單 "app menu" (菜單 is also a restaurant menu in Taiwan)
    ("主菜單", ["主選單"], []),
    ("菜單欄", ["選單列"], []),
    ("下拉菜單", ["下拉選單"], []),
    ("彈出菜單", ["彈出選單"], []),
    ("選項菜單", ["選項選單"], []),
    # 窗口 "window" (窗口 "service counter" is ordinary Taiwan usage)
    ("彈出窗口", ["彈出視窗"], []),
    ("彈窗", ["彈出視窗"], []),
    ("新窗口", ["新視窗"], []),
    ("窗口大小", ["視窗大小"], []),
    # 加載, 內存 (the bare words match across word boundaries)
    ("正在加載", ["正在載入"], []),
    ("加載中", ["載入中"], []),
    ("加載失敗", ["載入失敗"], []),
    ("重新加載", ["重新載入"], []),
    ("內存不足", ["記憶體不足"], []),
    ("人工智能", ["人工智慧"], []),
    ("智能手機", ["智慧型手機"], []),
    ("字符串", ["字串"], []),
    ("字符集", ["字元集"], []),
    # Pandemic city names, mainland transliteration -> Taiwan
    ("悉尼", ["雪梨"], []),
    ("伊斯坦布爾", ["伊斯坦堡"], []),
    ("利雅得", ["利雅德"], []),
    ("卡拉奇", ["喀拉蚩"], []),
    ("金奈", ["清奈"], []),
    ("喀土穆", ["喀土木"], []),
    ("約翰內斯堡", ["約翰尼斯堡"], []),
    ("蒙特利爾", ["蒙特婁"], []),
    ("聖地亞哥", ["聖地牙哥"], []),
    ("埃森", ["艾森"], ["埃森哲"]),
]

# Taiwan-only wording in Simplified text -> mainland forms.  (Simplified phrase, mainland forms, unless)
HAND_HANS: list[tuple[str, list[str], list[str]]] = [
    ("资讯", ["信息"], []),
    ("软体", ["软件"], ["软体动物"]),
    ("硬体", ["硬件"], []),
    ("预设", ["默认"], []),
    ("萤幕", ["屏幕"], []),
    ("使用者", ["用户"], []),
    ("滑鼠", ["鼠标"], []),
    ("伺服器", ["服务器"], []),
    ("网路", ["网络"], []),
    ("点选", ["点击"], []),
    ("选单", ["菜单"], []),
    ("列印", ["打印"], []),
    ("记忆体", ["内存"], []),
    ("硬碟", ["硬盘"], []),
    ("部落格", ["博客"], []),
    ("计程车", ["出租车"], []),
]

def _entry(find: str, use: list[str], unless: list[str], source: str) -> dict[str, object]:
    entry: dict[str, object] = {"find": find, "use": use}
    if unless:
        entry["unless"] = sorted(set(unless))
    entry["from"] = source
    return entry


def build(tables: dict[str, Table], version: str) -> dict[str, object]:
    phrases = tables["TWPhrases"]
    # OpenCC's guard entries: longer phrases in which the mainland word stays (支持者, 海內存知己)
    keep_as_is = {k for k, v in phrases.items() if k in v}
    stale = sorted((set(EXCLUDE) | set(UNLESS) | set(OVERRIDE)) - set(phrases))
    if stale:
        raise SystemExit(f"EXCLUDE/UNLESS/OVERRIDE name phrases OpenCC {version} does not have: {stale}")
    hant: dict[str, dict[str, object]] = {}
    for find, use in sorted(phrases.items()):
        if find in use or find in EXCLUDE:  # OpenCC: ambiguous (菜單 → 選單 菜單) or a guard entry
            continue
        unless = [k for k in keep_as_is if find in k and k != find] + UNLESS.get(find, [])
        hant[find] = _entry(find, OVERRIDE.get(find, use), unless, "opencc")
    for find, use, unless in HAND_HANT:
        if find in EXCLUDE:
            raise SystemExit(f"hand entry {find} is also excluded")
        old = hant.get(find)
        if old is not None:
            unless = unless + list(old.get("unless", []))  # type: ignore[arg-type]
        hant[find] = _entry(find, use, unless, "hand" if old is None else "opencc+hand")
    hans = {find: _entry(find, use, unless, "hand") for find, use, unless in HAND_HANS}
    return {
        "source": f"OpenCC {version}: {', '.join(_DICTS)}, reviewed, plus a hand list "
                  "(scripts/build_wording_tables.py)",
        "zh_Hant": [hant[k] for k in sorted(hant)],
        "zh_Hans": [hans[k] for k in sorted(hans)],
    }


def dump(data: dict[str, object]) -> str:
    lines = ["{", f' "source": {json.dumps(data["source"], ensure_ascii=False)},']
    for n, lang in enumerate(("zh_Hant", "zh_Hans")):
        lines.append(f' "{lang}": [')
        entries = data[lang]
        assert isinstance(entries, list)
        for i, entry in enumerate(entries):
            comma = "," if i < len(entries) - 1 else ""
            lines.append("  " + json.dumps(entry, ensure_ascii=False) + comma)
        lines.append(" ]" + ("," if n == 0 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    return run(argv, __doc__, _DICTS, build, dump, OUT, "scripts/build_wording_tables.py",
               lambda data: f"{len(data['zh_Hant'])} mainland phrases for zh_Hant, "
                          f"{len(data['zh_Hans'])} Taiwan phrases for zh_Hans")


if __name__ == "__main__":
    raise SystemExit(main())
