"""The icon font a phone downloads: only the icons the app draws.

flet-web ships Flutter's whole Material icon font (8,600 icons, 0.47 MB
gzipped), which Flutter loads before its first frame -- 9% of a phone's first
visit.  The app draws the icons in :data:`USED` (``tests/test_icon_font.py``
holds the list to every ``Icons.X`` in the code), plus :data:`FLUTTER_OWN`,
the ones Flutter's own widgets draw by themselves (a dropdown's arrow, a
revealed password's eye, a back arrow...).  :func:`subset` cuts the font
to those, once per built folder (``offline_web.web_assets``): 11 kB, 7 kB
gzipped.  The cut keeps each glyph at its code point, so the client finds it
where it always did.

Flet sends an icon by its index in its own table; the font names each glyph
after Flutter's ``Icons`` identifier: ``undo_baseline`` is ``Icons.undo``,
``undo_outlined`` is ``Icons.undo_outlined`` (:func:`glyph_name`).
"""

from __future__ import annotations

import io
from pathlib import Path

from fontTools import subset as cut
from fontTools.ttLib import TTFont

#: every ft.Icons member the app's code names
USED = frozenset({
    "ADD", "ANCHOR", "ARROW_BACK", "ARROW_DOWNWARD", "ARROW_FORWARD", "ARROW_UPWARD", "BAR_CHART", "BLOCK",
    "CASINO", "CHANGE_HISTORY", "CHECK", "CHECK_CIRCLE", "CIRCLE", "CIRCLE_OUTLINED", "CLEAR_ALL", "CLOUD", "DIAMOND",
    "DIRECTIONS_BOAT", "DOWNLOAD", "EMOJI_EVENTS", "ERROR_OUTLINE", "EVENT_SEAT", "EXPAND_MORE", "FAVORITE",
    "FLAG", "GAVEL", "GROUP", "HEXAGON", "HISTORY", "HOME", "INFO_OUTLINE", "LOCK", "LOCK_OPEN", "LOGIN", "LOOKS_TWO", "LOOP",
    "MAIL_LOCK", "MENU_BOOK", "MORE_VERT", "OPEN_WITH", "PENTAGON", "PERSON_ADD", "PERSON_REMOVE",
    "PHONE_ANDROID", "PLAY_ARROW", "QR_CODE_2", "RADIO_BUTTON_UNCHECKED", "REDO", "REFRESH", "ROCKET",
    "SAILING", "SAVE_ALT", "SCHOOL", "SEARCH", "SELL", "SETTINGS", "SHIELD", "SOUTH_EAST", "SOUTH_WEST", "SQUARE",
    "STAR", "STYLE", "SUPPORT", "TRANSLATE", "UNDO", "UPLOAD", "UPLOAD_FILE", "VISIBILITY", "VISIBILITY_OFF",
    "WATER",
})
#: what Flutter's and Flet's own widgets draw without being told (kept generously: a
#: glyph costs some 80 bytes, a missing one an empty box): menus and dropdowns, the app
#: bar's back and menu buttons, expansion tiles, chips, text fields, pickers, tables,
#: Flet's own error and reconnect notices
FLUTTER_OWN = frozenset({
    "ARROW_DROP_DOWN", "ARROW_DROP_UP", "ARROW_BACK", "ARROW_BACK_IOS", "ARROW_BACK_IOS_NEW", "ARROW_FORWARD",
    "ARROW_FORWARD_IOS", "MENU", "MORE_VERT", "MORE_HORIZ", "CLOSE", "CANCEL", "CLEAR", "CHECK", "EXPAND_MORE",
    "EXPAND_LESS", "KEYBOARD_ARROW_DOWN", "KEYBOARD_ARROW_UP", "KEYBOARD_ARROW_LEFT", "KEYBOARD_ARROW_RIGHT",
    "CHEVRON_LEFT", "CHEVRON_RIGHT", "FIRST_PAGE", "LAST_PAGE", "ARROW_UPWARD", "ARROW_DOWNWARD",
    "VISIBILITY", "VISIBILITY_OFF", "SEARCH", "CALENDAR_TODAY", "EDIT", "EDIT_OUTLINED", "ACCESS_TIME",
    "KEYBOARD", "SCHEDULE", "ERROR", "ERROR_OUTLINE", "WARNING", "WARNING_AMBER", "INFO", "INFO_OUTLINE",
    "REFRESH", "WIFI_OFF", "CLOUD_OFF", "DRAG_HANDLE", "REMOVE", "ADD",
})


def glyph_name(member: str) -> str:
    """The font's glyph for an ft.Icons member's name."""
    name = member.lower()
    return name if name.endswith(("_outlined", "_rounded", "_sharp")) else f"{name}_baseline"


def wanted() -> list[str]:
    return sorted(USED | FLUTTER_OWN)


def subset(font: Path) -> bytes | None:
    """``font`` (flet-web's MaterialIcons-Regular.otf) cut to :func:`wanted`;
    None when the font lacks one of them (then the whole font is served, as
    before: better heavy than an empty box)."""
    full = TTFont(font)
    by_name = {name: code for code, name in full.getBestCmap().items()}
    codes = [by_name.get(glyph_name(m)) for m in wanted()]
    if None in codes:
        return None
    options = cut.Options()
    options.name_IDs = ["*"]  # the font's licence and names stay
    options.notdef_outline = True
    options.layout_features = []
    subsetter = cut.Subsetter(options)
    subsetter.populate(unicodes=codes)
    subsetter.subset(full)
    out = io.BytesIO()
    full.save(out)
    return out.getvalue()
