"""Chinese punctuation on a game screen: what a zh_Hans / zh_Hant screen shows
must use the full-width colon, semicolon and brackets (：；（）), Chinese quotation marks
and the enumeration comma (、) between listed items, never ASCII ``:``, ``;``, ``(``,
``)``, ``"`` or ``", "``.

One exception, decided on purpose: a ratio of two numbers (a Catan harbour's
"2:1", a bank trade "4:1") keeps its ASCII colon.  That is how the ratio is
printed on the boards and in Chinese editions, and Chinese typesetting writes
a ratio with the ratio sign, not the full-width colon used after a label.
Numbers themselves may hold an ASCII comma ("1,000"), so only ", " (comma and
space, a list written the English way) is looked for.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

import flet as ft

from ui_harness import walk

#: a ratio of two numbers ("2:1"), allowed
RATIO = re.compile(r"\d\s*:\s*\d")
ASCII = re.compile(r'[:;()"]|, ')


def shown_texts(root: Any) -> list[str]:
    """Every string the screen shows below ``root``: text values, button
    contents, field and switch labels, hints, tooltips, dropdown options."""
    out = []
    for c in walk(root):
        for attr in ("value", "content", "label", "hint_text", "tooltip", "text", "error", "helper"):
            v = getattr(c, attr, None)
            if isinstance(v, str) and not (attr == "value" and not isinstance(c, ft.Text)):
                out.append(v)
        for option in getattr(c, "options", None) or []:
            if isinstance(getattr(option, "text", None), str):
                out.append(option.text)
    return out


def ascii_punctuation(shown: Sequence[str]) -> list[str]:
    """The shown texts with ASCII punctuation that Chinese text must not use."""
    return [x for x in shown if ASCII.search(RATIO.sub("", x))]


def assert_chinese_punctuation(root: Any) -> list[str]:
    """Fail if a shown text uses ASCII punctuation; returns what was shown."""
    shown = shown_texts(root)
    assert shown, "nothing shown"
    bad = ascii_punctuation(shown)
    assert not bad, bad
    return shown

