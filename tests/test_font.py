"""The bundled CJK font covers every character our texts use."""

from __future__ import annotations

import json
from pathlib import Path

from fontTools.ttLib import TTFont
from ui_harness import FakePage

from companion.registry import get_game
from companion.storage import Store
from companion.ui.app import FONT_FILE, UI_FONT_CHARS, App, Device, Prefs, beyond_ui_font
from companion.ui.widgets import FONT_FAMILY, FONT_FAMILY_FULL

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "companion" / "ui" / "assets" / "fonts" / "NotoSansCJK-subset.otf"


def test_font_covers_every_character_of_catalogs_and_rules():
    cmap = TTFont(str(FONT)).getBestCmap()
    missing: dict[str, set[str]] = {}
    for path in list((ROOT / "rules_data").rglob("*.json")) + list((ROOT / "locales").rglob("*.po")):
        if path.name == "questions.json":
            continue  # never shown: they only lead the search to a clause (issue 34)
        for ch in path.read_text(encoding="utf-8"):
            if ord(ch) > 0x2E7F and ord(ch) not in cmap:
                missing.setdefault(str(path.relative_to(ROOT)), set()).add(ch)
    assert not missing, f"run python scripts/build_font.py; missing: {missing}"


def test_font_is_small_and_has_common_characters():
    assert FONT.stat().st_size < 4_000_000
    cmap = TTFont(str(FONT)).getBestCmap()
    for ch in "的一是在不了有和人这中大为上个国我以要他時個們國說這":
        assert ord(ch) in cmap, ch


UI_FONT = FONT.with_name("NotoSansCJK-ui.otf")


def test_first_screen_font_covers_the_catalogs_and_game_names_and_is_small():
    """The cut a Chinese phone waits for on its first visit (the full subset
    follows): every character of the app's catalogs and of the games' names."""
    cmap = TTFont(str(UI_FONT)).getBestCmap()
    missing: set[str] = set()
    for path in (ROOT / "locales").rglob("*.po"):
        missing |= {ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x2E7F and ord(ch) not in cmap}
    for path in (ROOT / "rules_data").glob("*/zh_*.json"):
        texts = json.loads(path.read_text(encoding="utf-8"))
        for name in [texts["name"], *texts.get("aka", [])]:
            missing |= {ch for ch in name if ord(ch) > 0x2E7F and ord(ch) not in cmap}
    assert not missing, f"run python scripts/build_font.py --ui-only; missing: {sorted(missing)}"
    assert UI_FONT.stat().st_size < 500_000 < FONT.stat().st_size
    full = TTFont(str(FONT)).getBestCmap()
    assert set(cmap) <= set(full)  # a cut of the full subset: the same glyphs, fewer of them


def test_the_app_knows_which_characters_the_first_screen_font_has():
    cmap = TTFont(str(UI_FONT)).getBestCmap()
    assert UI_FONT_CHARS == {chr(c) for c in cmap if c > 0x2E7F}
    assert not beyond_ui_font("开新一桌 開新一桌 Table 1 马尼拉")  # the catalogs and a game's name
    assert beyond_ui_font("Ann, 蔻") and "蔻" not in UI_FONT_CHARS  # a name may need the full font


def test_the_full_font_is_asked_for_only_once_a_screen_may_need_it(tmp_path):
    store = Store(tmp_path / "fonts.db")

    def phone(lang: str) -> App:
        page = FakePage()
        page.fonts = {FONT_FAMILY: "/v/x/fonts/NotoSansCJK-ui.otf"}
        app = App(page, store, Device(token=lang, prefs=Prefs({"lang": lang})))
        app.render()
        return app

    for lang in ("en", "zh_Hans"):  # an empty home screen: the first-screen cut alone
        app = phone(lang)
        assert FONT_FAMILY_FULL not in app.page.fonts
        app.go("rules")  # any other screen may show any text
        assert app.page.fonts[FONT_FAMILY_FULL].endswith(FONT_FILE) and FONT_FAMILY in app.page.fonts
    game = get_game("catan")
    store.create_table(game, game.setup(["Ann", "Bo", "Cy"], {}))
    assert FONT_FAMILY_FULL not in phone("zh_Hant").page.fonts  # names the cut can draw
    store.create_table(game, game.setup(["Ann", "豆蔻", "Cy"], {}))
    assert FONT_FAMILY_FULL in phone("en").page.fonts  # a name it cannot: asked for on the home screen
    store.close()


def test_where_the_apps_files_are_on_the_device_the_whole_font_is_drawn_from_the_first_screen(tmp_path):
    """The static build (issue 32) has no first-screen cut: the phone's own cache holds the whole
    font before the first frame, so the page registers it at once and never asks for another;
    served, the cut comes first, as before."""
    from ui_harness import run_coroutine

    from companion.ui import hosts
    from companion.ui.app import FONT_FILE_UI, make_main

    class OnTheDevice(hosts.Host):
        fonts_local = True

    for host, first in ((hosts.Host(), FONT_FILE_UI), (OnTheDevice(), FONT_FILE)):
        hosts.install(host)
        try:
            page = FakePage()
            run_coroutine(make_main(lambda: Store(tmp_path / "fonts.db"))(page))
            app = page.data
            assert page.fonts == {FONT_FAMILY: first}, type(host)
            app.go("rules")  # a screen that may show any character
            if host.fonts_local:
                assert page.fonts == {FONT_FAMILY: FONT_FILE}  # nothing more to fetch
            else:
                assert page.fonts[FONT_FAMILY_FULL] == FONT_FILE
        finally:
            hosts._CURRENT.clear()


NAMES_FONT = FONT.with_name("NotoSansCJK-names.otf")


def test_players_names_in_common_characters_the_subset_lacks_have_a_font_of_their_own():
    """雅婷 (Taiwan's commonest girl's name) was 雅 and a box: 婷 is in neither GB 2312's level 1
    nor the app's texts.  The names font holds the rest of Big5's level 1 and GB 2312's level 2;
    the app knows its characters (the list beside it)."""
    from companion.ui.app import NAMES_FONT_CHARS, needs_names_font

    full = TTFont(str(FONT)).getBestCmap()
    names = TTFont(str(NAMES_FONT)).getBestCmap()
    assert NAMES_FONT_CHARS == {chr(c) for c in names if c > 0x2E7F and c not in full}
    big5 = set()
    for code in range(0xA440, 0xC67F):
        try:
            big5.add(code.to_bytes(2, "big").decode("big5"))
        except UnicodeDecodeError:
            pass
    assert len(big5) == 5401
    assert all(ord(c) in full or ord(c) in names for c in big5)  # every common Traditional character
    for name in ("雅婷", "怡君", "宜蓁", "詩涵", "佳琪", "思璐"):
        assert all(ord(c) in full or ord(c) in names for c in name), name
    assert needs_names_font("Ann, 雅婷") and not needs_names_font("小明、Ann 馬尼拉")
    assert NAMES_FONT.stat().st_size < 2_500_000


def test_the_names_font_is_asked_for_only_when_a_players_name_needs_it(tmp_path):
    from companion.ui.app import FONT_FILE_NAMES
    from companion.ui.widgets import FONT_FALLBACK, FONT_FAMILY_NAMES

    assert FONT_FALLBACK[-1] == FONT_FAMILY_NAMES  # every text style falls back to it
    store = Store(tmp_path / "names.db")

    def phone() -> App:
        page = FakePage()
        page.fonts = {FONT_FAMILY: "/v/x/fonts/NotoSansCJK-ui.otf"}
        app = App(page, store, Device(token="t", prefs=Prefs({"lang": "zh_Hant"})))
        app.render()
        return app

    game = get_game("catan")
    store.create_table(game, game.setup(["Ann", "小明", "Cy"], {}))
    app = phone()
    app.go("rules")
    assert FONT_FAMILY_NAMES not in app.page.fonts  # no name needs it, nor any rule
    table = store.create_table(game, game.setup(["Ann", "雅婷", "Cy"], {}))
    app = phone()  # its home screen lists 雅婷's table
    assert app.page.fonts[FONT_FAMILY_NAMES] == FONT_FILE_NAMES
    page = FakePage()  # a phone that opens the table itself (not from the home screen's list)
    page.fonts = {FONT_FAMILY: "/v/x/fonts/NotoSansCJK-ui.otf"}
    opened = App(page, store, Device(token="u", prefs=Prefs({"lang": "en"})))
    opened.open_table(table.id)
    assert opened.nav.screen == "table" and page.fonts[FONT_FAMILY_NAMES] == FONT_FILE_NAMES
    store.close()
