"""Development script: cut the bundled CJK font down to the characters we need.

Flutter web ignores system fonts and fetches its CJK fallback from the network,
so offline every Chinese character would be a box.  We bundle a subset of
Noto Sans CJK SC (SIL Open Font License) holding:

* every character of the app's catalogs and of rules_data (our own texts), and
* the 3,755 level-1 characters of GB 2312 and their Traditional forms
  (via OpenCC), so that player names typed at the table show too.

Needs Debian's ``fonts-noto-cjk`` and the dev extras (fonttools, opencc).  Remove the package
again before running the browser tests: with CJK system fonts installed, the Chinese
phone-layout tests fail (seen 2026-12-08: the test no longer found a die's button under its
row's label; they pass again once it is removed; why was not looked into).
Run it again whenever texts change; ``tests/test_font.py`` fails if a
character of our texts is missing from the font.

It also cuts the *first-screen* font, ``NotoSansCJK-ui.otf``, from that
subset: the characters of the app's catalogs and the games' names (about 600,
0.2 MB against 2.4 MB).  A Chinese phone draws its first screens with it while
the whole subset follows (the app asks for both; see ``companion/ui/app.py``).
``--ui-only`` rebuilds just that one from the committed subset (no
``fonts-noto-cjk`` needed).

And the *names* font, ``NotoSansCJK-names.otf``: the characters of players'
names the subset lacks (Big5 level 1 and GB 2312 level 2: 雅婷's 婷), asked
for only when a name needs one (``--names-only``: just that one).
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

from babel.dates import format_datetime

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.i18n import _NUMBER_LOCALE  # noqa: E402

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
TARGET = ROOT / "companion" / "ui" / "assets" / "fonts" / "NotoSansCJK-subset.otf"
UI_TARGET = TARGET.with_name("NotoSansCJK-ui.otf")
NAMES_TARGET = TARGET.with_name("NotoSansCJK-names.otf")


def text_characters() -> set[str]:
    chars: set[str] = set()
    for path in list((ROOT / "rules_data").rglob("*.json")) + list((ROOT / "locales").rglob("*.po")):
        if path.name == "questions.json":
            continue  # players' questions only lead the search to a clause: never shown (issue 34)
        chars.update(path.read_text(encoding="utf-8"))
    return chars


def decoded(encoding: str, first: range, second: range | list[int], codes: range | None = None) -> set[str]:
    """Every character a two-byte code of ``encoding`` stands for (first byte in ``first``, second
    in ``second``, the code in ``codes`` if given)."""
    chars: set[str] = set()
    for hi in first:
        for lo in second:
            if codes is None or (hi << 8 | lo) in codes:
                try:
                    chars.add(bytes([hi, lo]).decode(encoding))
                except UnicodeDecodeError:
                    pass
    return chars


def common_characters() -> set[str]:
    chars = decoded("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF))  # GB 2312 level 1: rows 16-55
    try:
        import opencc

        conv = opencc.OpenCC("s2twp")
        chars.update(conv.convert("".join(sorted(chars))))
    except ImportError:
        print("opencc not installed: Traditional forms of common characters left out")
    return chars


def name_characters() -> set[str]:
    """The characters players' names are written in that the subset lacks: Big5's level 1 (the
    5,401 common Traditional characters: 婷, 怡, 蓁 among them) and GB 2312's level 2 (3,008 more
    Simplified ones: 婷, 琪, 璐)."""
    chars = decoded("big5", range(0xA4, 0xC7), [*range(0x40, 0x7F), *range(0xA1, 0xFF)],
                    range(0xA440, 0xC67F))  # Big5 level 1: A440-C67E
    chars |= decoded("gb2312", range(0xD8, 0xF8), range(0xA1, 0xFF))  # GB 2312 level 2: rows 56-87
    return {c for c in chars if ord(c) > 0x2E7F}


def build_names_font(source: TTFont) -> None:
    """The names font: what :func:`name_characters` adds to the committed subset, cut from the
    same source.  The app asks for it only when a text needs one of its characters (a player's
    name); the static build keeps it once it was asked for."""
    have = set(TTFont(str(TARGET)).getBestCmap())
    wanted = {c for c in name_characters() if ord(c) not in have}
    subsetter = subset.Subsetter(subset_options())
    subsetter.populate(unicodes=[ord(c) for c in wanted])
    subsetter.subset(source)
    source.save(str(NAMES_TARGET))
    cut = sorted(chr(c) for c in source.getBestCmap() if c > 0x2E7F and c not in have)
    NAMES_TARGET.with_suffix(".txt").write_text("".join(cut) + "\n", encoding="utf-8")
    print(f"{NAMES_TARGET.relative_to(ROOT)}: {len(cut)} characters, {NAMES_TARGET.stat().st_size / 1e6:.2f} MB")


def source_font() -> TTFont:
    collection = TTCollection(str(SOURCE))
    return next(f for f in collection.fonts if "SC" in f["name"].getDebugName(1))


def ui_characters() -> set[str]:
    """What the app's own screens say: every catalog, each game's name (and
    other names) in both Chinese scripts, the dates the home screen shows
    (Babel's short format: 上午/下午...); plus CJK punctuation."""
    chars: set[str] = set()
    for lang in ("zh_Hans", "zh_Hant"):
        for month in range(1, 13):
            for hour in range(24):
                chars.update(format_datetime(datetime(2026, month, 1 + month, hour, 5), "short",
                                             locale=_NUMBER_LOCALE[lang]))
    for path in (ROOT / "locales").rglob("*.po"):
        chars.update(path.read_text(encoding="utf-8"))
    for path in (ROOT / "rules_data").glob("*/zh_*.json"):
        texts = json.loads(path.read_text(encoding="utf-8"))
        for name in [texts.get("name", ""), *texts.get("aka", [])]:
            chars.update(name)
    chars = {c for c in chars if ord(c) > 0x2E7F}
    chars.update(chr(c) for c in range(0x3000, 0x3040))  # CJK punctuation
    chars.update(chr(c) for c in range(0xFF01, 0xFF5F))  # full-width forms
    return chars


def subset_options() -> subset.Options:
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    # the glyphs' shared pieces inlined: 6 % more bytes, but 5 % fewer gzipped and 7 % fewer
    # LZMA-packed (the static build): repeated outlines compress better than calls to them
    options.desubroutinize = True
    return options


def build_ui_font() -> None:
    """The first-screen font, cut from the committed subset."""
    font = TTFont(str(TARGET))
    wanted = ui_characters()
    subsetter = subset.Subsetter(subset_options())
    subsetter.populate(unicodes=[ord(c) for c in wanted])
    subsetter.subset(font)
    font.save(str(UI_TARGET))
    # the app reads which characters it has (companion/ui/app.py: beyond_ui_font)
    cut = sorted(chr(c) for c in font.getBestCmap() if c > 0x2E7F)
    UI_TARGET.with_suffix(".txt").write_text("".join(cut) + "\n", encoding="utf-8")
    print(f"{UI_TARGET.relative_to(ROOT)}: {len(wanted)} characters, {UI_TARGET.stat().st_size / 1e6:.2f} MB")


def again() -> None:
    """The committed subset cut again from itself with today's options (its characters kept),
    for a machine without the source font."""
    font = TTFont(str(TARGET))
    subsetter = subset.Subsetter(subset_options())
    subsetter.populate(unicodes=list(font.getBestCmap()))
    subsetter.subset(font)
    font.save(str(TARGET))
    print(f"{TARGET.relative_to(ROOT)}: {TARGET.stat().st_size / 1e6:.2f} MB")


def main() -> None:
    if "--ui-only" in sys.argv:
        build_ui_font()
        return
    if "--again" in sys.argv:  # python scripts/build_font.py --again
        again()
        build_ui_font()
        return
    if "--names-only" in sys.argv:  # the names font alone, from the source (fonts-noto-cjk)
        build_names_font(source_font())
        return
    wanted = {c for c in text_characters() | common_characters() if ord(c) > 0x2E7F}
    wanted.update(chr(c) for c in range(0x3000, 0x3040))  # CJK punctuation
    wanted.update(chr(c) for c in range(0xFF01, 0xFF5F))  # full-width forms
    font = source_font()
    subsetter = subset.Subsetter(subset_options())
    subsetter.populate(unicodes=[ord(c) for c in wanted])
    subsetter.subset(font)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(TARGET))
    (TARGET.parent / "NotoSansCJK-subset.json").write_text(
        json.dumps({"characters": len(wanted), "source": SOURCE.name, "license": "SIL OFL 1.1"}) + "\n")
    print(f"{TARGET.relative_to(ROOT)}: {len(wanted)} characters, {TARGET.stat().st_size / 1e6:.2f} MB")
    build_ui_font()
    build_names_font(source_font())


if __name__ == "__main__":
    main()
