"""The icon font a phone downloads holds exactly the icons the app draws
(companion/ui/icon_font.py), each where the client looks for it."""

from __future__ import annotations

import io
import re
from pathlib import Path

import flet as ft
from fontTools.ttLib import TTFont

from companion.paths import assets_dir
from companion.ui import icon_font
from companion.ui.offline_web import ICON_FONT, flet_web_dir, web_assets
from test_web_cache import get, served  # noqa: F401 - the served folder and its app

CODE = Path(icon_font.__file__).resolve().parent.parent


def named_in_code() -> set[str]:
    found: set[str] = set()
    for path in CODE.rglob("*.py"):
        if path.name == "icon_font.py":
            continue
        found |= set(re.findall(r"\bIcons\.([A-Z][A-Z0-9_]*)\b", path.read_text(encoding="utf-8")))
    return found


def test_the_list_is_every_icon_the_code_names_and_each_is_a_flet_icon() -> None:
    named = named_in_code()
    assert named, "the walk found no icon at all"
    assert icon_font.USED == named, (sorted(named - icon_font.USED), sorted(icon_font.USED - named))
    for member in icon_font.wanted():
        assert hasattr(ft.Icons, member), member


def test_the_cut_keeps_each_icon_at_its_code_point_with_its_outline_and_nothing_else(tmp_path) -> None:
    full = TTFont(flet_web_dir() / ICON_FONT)
    folder = web_assets(assets_dir(), base=tmp_path)
    data = (folder / ICON_FONT).read_bytes()
    cut = TTFont(io.BytesIO(data))
    full_cmap, cut_cmap = full.getBestCmap(), cut.getBestCmap()
    by_name = {name: code for code, name in full_cmap.items()}
    full_glyphs, cut_glyphs = full.getGlyphSet(), cut.getGlyphSet()
    for member in icon_font.wanted():
        name = icon_font.glyph_name(member)
        code = by_name[name]  # Flutter's Icons.<name> is this code point in the font it ships
        assert cut_cmap.get(code) == name, member
        assert cut_glyphs[name].width == full_glyphs[name].width
        full_cs, cut_cs = full["CFF "].cff.topDictIndex[0].CharStrings, cut["CFF "].cff.topDictIndex[0].CharStrings
        full_cs[name].decompile()
        cut_cs[name].decompile()
        assert cut_cs[name].program == full_cs[name].program, member
    assert len(cut_cmap) <= len(icon_font.wanted()) + 1  # (the space)
    assert len(data) < 30_000 < (flet_web_dir() / ICON_FONT).stat().st_size


def test_the_phone_is_sent_the_cut(served) -> None:  # noqa: F811
    folder, asgi = served
    version = (folder / ".version").read_text().strip()
    sent = get(asgi, f"/v/{version}/{ICON_FONT}")
    assert sent.status_code == 200 and sent.content == (folder / ICON_FONT).read_bytes()
    assert len(sent.content) < 30_000
