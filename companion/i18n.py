"""Three languages: device locale → catalog, gettext, numbers.

The app has exactly three catalogs: ``en``, ``zh_Hans``, ``zh_Hant``.  Device
locales are mapped to one of them by *script*, never by stdlib gettext's own
expansion (which turns ``zh_Hant_TW`` into ``zh_Hant_TW, zh`` and silently falls
back to English) nor by ``babel.negotiate_locale`` (which ignores scripts).
"""

from __future__ import annotations

import gettext as _gettext
from decimal import Decimal
from functools import cache, lru_cache
from typing import Any, Iterable

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

from .paths import locales_dir

LANGUAGES: tuple[str, ...] = ("zh_Hans", "zh_Hant", "en")
DOMAIN = "companion"
#: each language's own name, shown in the language picker (not translated)
LANGUAGE_NAMES = {"zh_Hans": "简体中文", "zh_Hant": "繁體中文", "en": "English"}
#: the Babel locale used for numbers in each catalog
_NUMBER_LOCALE = {"en": "en", "zh_Hans": "zh_Hans_CN", "zh_Hant": "zh_Hant_TW"}

_TRADITIONAL_REGIONS = {"TW", "HK", "MO"}


def resolve_locale(tag: str | None) -> str:
    """Map a device locale tag (``zh-TW``, ``zh_Hant_HK``, ``en-US``…) to a catalog."""
    if not tag:
        return "en"
    text = str(tag).strip().split(".")[0].split("@")[0].replace("-", "_")
    if not text:
        return "en"
    parts = text.split("_")
    if parts[0].lower() != "zh":
        return "en"
    # An explicit script wins over the region (zh-Hant-CN is still Traditional).
    for part in parts[1:]:
        if part.lower() == "hant":
            return "zh_Hant"
        if part.lower() == "hans":
            return "zh_Hans"
    try:
        script = Locale.parse(text).script
    except (UnknownLocaleError, ValueError, TypeError):
        script = None
    if script == "Hant":
        return "zh_Hant"
    if script == "Hans":
        return "zh_Hans"
    if any(p.upper() in _TRADITIONAL_REGIONS for p in parts[1:]):
        return "zh_Hant"
    return "zh_Hans"


def pick_language(tags: list[str] | tuple[str, ...]) -> str:
    """The first device preference that maps to a catalog (else English)."""
    for tag in tags:
        if tag:
            return resolve_locale(tag)
    return "en"


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    path = locales_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with open(path, "rb") as fh:
        return _gettext.GNUTranslations(fh)


class Translator:
    """gettext for one language, plus number formatting."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._t = translations(lang)

    def gettext(self, message: str, **params: Any) -> str:
        text = self._t.gettext(message)
        return text.format(**params) if params else text

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        text = self._t.ngettext(singular, plural, n)
        return text.format(n=self.number(n), **params)

    def pgettext(self, context: str, message: str, **params: Any) -> str:
        text = self._t.pgettext(context, message)
        return text.format(**params) if params else text

    def number(self, value: int | float | Decimal) -> str:
        return format_decimal(value, locale=_NUMBER_LOCALE[self.lang])


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message


@lru_cache(maxsize=4096)
def number(value: int | float | Decimal, lang: str) -> str:
    """``value`` as the language writes numbers (kept: the rules text formats the same few
    numbers thousands of times when the search index is built)."""
    return format_decimal(value, locale=_NUMBER_LOCALE[lang])


def colon(lang: str) -> str:
    """Between a label and its value: ": " in English, the full-width "：" in Chinese."""
    return ": " if lang == "en" else "："


def list_separator(lang: str) -> str:
    """Between the items of a list: ", " in English, the enumeration comma "、" in Chinese."""
    return ", " if lang == "en" else "、"


def clause_separator(lang: str) -> str:
    """Between the parts of one line that are lists themselves: "; " in English, "；" in Chinese."""
    return "; " if lang == "en" else "；"


def join_list(items: Iterable[str], lang: str) -> str:
    """Items as one list in the language's punctuation (``list_separator``)."""
    return list_separator(lang).join(items)
