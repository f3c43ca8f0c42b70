"""Catalogs, device locale mapping and number formatting."""

from __future__ import annotations

import io
import string
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.i18n import LANGUAGES, Translator, number, pick_language, resolve_locale
from companion.messages import CORE_MESSAGES

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"


def catalog(lang):
    with open(LOCALES / lang / "LC_MESSAGES" / "companion.po", "rb") as fh:
        return read_po(fh, locale=lang)


def fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("tag, expected", [
    ("zh_TW", "zh_Hant"), ("zh-TW", "zh_Hant"), ("zh_HK", "zh_Hant"), ("zh-HK", "zh_Hant"),
    ("zh_MO", "zh_Hant"), ("zh-Hant", "zh_Hant"), ("zh-Hant-TW", "zh_Hant"), ("zh_Hant_HK", "zh_Hant"),
    ("zh-Hant-CN", "zh_Hant"), ("zh_CN", "zh_Hans"), ("zh-CN", "zh_Hans"), ("zh_SG", "zh_Hans"),
    ("zh", "zh_Hans"), ("zh-Hans", "zh_Hans"), ("zh-Hans-CN", "zh_Hans"), ("zh_Hans_SG", "zh_Hans"),
    ("zh-Hans-HK", "zh_Hans"), ("zh_TW.UTF-8", "zh_Hant"), ("en_US", "en"), ("en-GB", "en"),
    ("fr_FR", "en"), ("ja_JP", "en"), ("", "en"), (None, "en"), ("C", "en"), ("zh_XX", "zh_Hans"),
])
def test_device_locale_maps_to_catalog_by_script(tag, expected):
    assert resolve_locale(tag) == expected


def test_first_device_preference_wins():
    assert pick_language(["zh-HK", "en-US"]) == "zh_Hant"
    assert pick_language(["en-US", "zh-CN"]) == "en"
    assert pick_language([]) == "en"


def test_taiwan_device_does_not_silently_get_english():
    assert Translator(resolve_locale("zh_Hant_TW")).gettext("New table") != "New table"
    assert Translator(resolve_locale("zh_TW")).gettext("Settings") == "設定"
    assert Translator(resolve_locale("zh_CN")).gettext("Settings") == "设置"


def test_catalogs_have_same_ids_no_empty_no_fuzzy_same_placeholders():
    cats = {lang: catalog(lang) for lang in LANGUAGES}
    template = read_po(open(LOCALES / "companion.pot", "rb"))
    ids = {m.id for m in template if m.id}
    assert ids, "template is empty"
    for lang, cat in cats.items():
        assert {m.id for m in cat if m.id} == ids, lang
        for m in cat:
            if not m.id:
                continue
            assert "fuzzy" not in m.flags, (lang, m.id)
            strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
            ids_ = m.id if isinstance(m.id, (list, tuple)) else [m.id]
            assert all(s and s.strip() for s in strings), (lang, m.id)
            for s in strings:
                assert fields(s) == fields(ids_[0]), (lang, m.id, s)
            if lang.startswith("zh") and m.pluralizable:
                assert len(strings) == 1, (lang, m.id)
            errors = [e for e in m.check(cat)]
            assert not errors, (lang, m.id, errors)


def test_core_messages_are_extracted():
    template = {m.id for m in read_po(open(LOCALES / "companion.pot", "rb")) if m.id}
    assert set(CORE_MESSAGES.values()) <= template


def test_compiled_mo_files_match_po():
    for lang in LANGUAGES:
        buf = io.BytesIO()
        write_mo(buf, catalog(lang), use_fuzzy=False)
        mo = (LOCALES / lang / "LC_MESSAGES" / "companion.mo").read_bytes()
        assert mo == buf.getvalue(), f"{lang}: run python scripts/i18n.py compile"


def test_template_is_current():
    """Every string marked in the code is in the template (the staleness check
    `pybabel update --check` cannot do once contexts exist)."""
    from babel.messages.extract import extract_from_dir

    found = {msg for _, _, msg, _, _ in extract_from_dir(
        str(ROOT / "companion"), method_map=[("**.py", "python")],
        keywords={"_": None, "N_": None, "ui": None, "gettext": None})}
    template = {m.id for m in read_po(open(LOCALES / "companion.pot", "rb")) if m.id}
    assert {f for f in found if isinstance(f, str)} <= template


def test_numbers_formatted_per_locale():
    assert number(12345, "en") == "12,345"
    assert number(12345, "zh_Hans") == "12,345"
    assert number(12345, "zh_Hant") == "12,345"
    assert number(1.5, "zh_Hant") == "1.5"


# Device tags from phones around the world, as browsers report them (hand-worked: Hong Kong and
# Macau read Traditional, Singapore and Malaysia Simplified, an explicit script wins, anything
# not Chinese gets English).
DEVICE_TAGS = {"zh-TW": "zh_Hant", "zh-HK": "zh_Hant", "zh-MO": "zh_Hant", "zh-Hant": "zh_Hant",
               "zh-Hant-CN": "zh_Hant", "zh-CN": "zh_Hans", "zh-SG": "zh_Hans", "zh-MY": "zh_Hans",
               "zh": "zh_Hans", "zh-Hans-HK": "zh_Hans", "en-US": "en", "en-GB": "en", "en-IN": "en",
               "en-001": "en", "fr-FR": "en", "ja-JP": "en", "": "en"}


def test_the_static_builds_trimmed_babel_data_maps_and_formats_as_the_full_data_does(tmp_path, monkeypatch):
    """The static build ships only babel's locale files named in build_web.BABEL_LOCALES (the
    wheel is 10 MB otherwise).  With only those, every device tag maps to the same catalog, and
    numbers, times and dates come out the same as with babel's whole data: nothing a phone
    reports reaches a locale file the build left out (found unchecked at stop 39)."""
    import shutil
    from datetime import datetime

    from babel import localedata

    from companion import i18n
    from companion.ui.hosts import build_web
    from companion.ui.join import clock_text
    from companion.ui.screens import when_text

    stamp = datetime(2026, 12, 3, 14, 5).timestamp()

    def shown() -> dict:
        i18n.number.cache_clear()
        out = {tag: i18n.resolve_locale(tag) for tag in DEVICE_TAGS}
        for lang in i18n.LANGUAGES:
            out[lang] = (i18n.number(12345.5, lang), i18n.number(-7, lang), clock_text(stamp, lang),
                         when_text(stamp, lang))
        return out

    full = shown()
    assert {tag: full[tag] for tag in DEVICE_TAGS} == DEVICE_TAGS
    trimmed = tmp_path / "locale-data"
    trimmed.mkdir()
    for name in build_web.BABEL_LOCALES:
        shutil.copy(Path(localedata._dirname) / f"{name}.dat", trimmed)
    monkeypatch.setattr(localedata, "_dirname", str(trimmed))
    monkeypatch.setattr(localedata, "_cache", {})
    localedata.locale_identifiers.cache_clear()
    try:
        assert len(localedata.locale_identifiers()) == len(build_web.BABEL_LOCALES) - 1  # (root is not one)
        assert shown() == full
    finally:
        localedata.locale_identifiers.cache_clear()
        i18n.number.cache_clear()
