"""Development script: cut the bundled CJK font down to the characters we need.

Flutter web ignores system fonts and fetches its CJK fallback from the network,
so offline every Chinese character would be a box.  We bundle a subset of
Noto Sans CJK SC (SIL Open Font License) holding:

* every character of the app's catalogs and of rules_data (our own texts), and
* the 3,755 level-1 characters of GB 2312 and their Traditional forms
  (via OpenCC), so that player names typed at the table show too.

Needs Debian's ``fonts-noto-cjk`` and the dev extras (fonttools, opencc).
Run it again whenever texts change; ``tests/test_font.py`` fails if a
character of our texts is missing from the font.
"""

from __future__ import annotations

import json
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
TARGET = ROOT / "companion" / "ui" / "assets" / "fonts" / "NotoSansCJK-subset.otf"


def text_characters() -> set[str]:
    chars: set[str] = set()
    for path in list((ROOT / "rules_data").rglob("*.json")) + list((ROOT / "locales").rglob("*.po")):
        chars.update(path.read_text(encoding="utf-8"))
    return chars


def common_characters() -> set[str]:
    chars: set[str] = set()
    for hi in range(0xB0, 0xD8):  # GB 2312 level 1: rows 16-55
        for lo in range(0xA1, 0xFF):
            try:
                chars.add(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    try:
        import opencc

        conv = opencc.OpenCC("s2twp")
        chars.update(conv.convert("".join(sorted(chars))))
    except ImportError:
        print("opencc not installed: Traditional forms of common characters left out")
    return chars


def main() -> None:
    wanted = {c for c in text_characters() | common_characters() if ord(c) > 0x2E7F}
    wanted.update(chr(c) for c in range(0x3000, 0x3040))  # CJK punctuation
    wanted.update(chr(c) for c in range(0xFF01, 0xFF5F))  # full-width forms
    collection = TTCollection(str(SOURCE))
    font = next(f for f in collection.fonts if "SC" in f["name"].getDebugName(1))
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in wanted])
    subsetter.subset(font)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(TARGET))
    (TARGET.parent / "NotoSansCJK-subset.json").write_text(
        json.dumps({"characters": len(wanted), "source": SOURCE.name, "license": "SIL OFL 1.1"}) + "\n")
    print(f"{TARGET.relative_to(ROOT)}: {len(wanted)} characters, {TARGET.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
