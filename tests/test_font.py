"""The bundled CJK font covers every character our texts use."""

from __future__ import annotations

from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "companion" / "ui" / "assets" / "fonts" / "NotoSansCJK-subset.otf"


def test_font_covers_every_character_of_catalogs_and_rules():
    cmap = TTFont(str(FONT)).getBestCmap()
    missing: dict[str, set[str]] = {}
    for path in list((ROOT / "rules_data").rglob("*.json")) + list((ROOT / "locales").rglob("*.po")):
        for ch in path.read_text(encoding="utf-8"):
            if ord(ch) > 0x2E7F and ord(ch) not in cmap:
                missing.setdefault(str(path.relative_to(ROOT)), set()).add(ch)
    assert not missing, f"run python scripts/build_font.py; missing: {missing}"


def test_font_is_small_and_has_common_characters():
    assert FONT.stat().st_size < 4_000_000
    cmap = TTFont(str(FONT)).getBestCmap()
    for ch in "的一是在不了有和人这中大为上个国我以要他時個們國說這":
        assert ord(ch) in cmap, ch
