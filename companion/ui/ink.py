"""Colours that carry meaning (a seat, a card type, a disease), readable on the
dark theme too.

Views colour texts, icons and frames with their game's colours (Dominion's
Duchy green, Pandemic's black disease, a seat's red) on the page's own ground.
On the light theme they read; on the dark one the darker of them went black on
black.  :func:`for_dark_theme` walks a screen drawn for the dark theme and, for
every such colour standing on the page's ground (no coloured box of its own
under it: the board and the light banners keep their inks), lightens it just
enough to read at 4.5:1 (text) or 3:1 (a frame, an icon) -- the same hue, so
the colour still says what it says.  The views stay theme-blind.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

import flet as ft

from . import taps

#: the dark theme's page ground as drawn (Material 3, teal seed)
DARK_GROUND = "#0e1513"
#: a button's ink on a light box (a banner, a note), which stays light in the dark theme
ON_LIGHT = "#00695c"
#: the light grounds the app's boxes use, by Flet's names (and any hex colour of luminance > 0.5)
LIGHT_NAMES = frozenset({ft.Colors.BLUE_50, ft.Colors.GREEN_50, ft.Colors.RED_50, ft.Colors.BLUE_GREY_50,
                         ft.Colors.AMBER_50, ft.Colors.WHITE})
TEXT_CONTRAST = 4.5
SHAPE_CONTRAST = 3.0


def _rgb(color: str) -> tuple[int, int, int] | None:
    if not (isinstance(color, str) and len(color) == 7 and color.startswith("#")):
        return None
    try:
        return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)
    except ValueError:
        return None


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG's relative luminance of an sRGB colour (0-255 channels)."""
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def is_light(color: Any) -> bool:
    if color in LIGHT_NAMES:
        return True
    rgb = _rgb(color)
    return rgb is not None and luminance(rgb) > 0.5


def contrast(a: str, b: str) -> float:
    ra, rb = _rgb(a), _rgb(b)
    assert ra is not None and rb is not None
    la, lb = sorted((luminance(ra), luminance(rb)))
    return (lb + 0.05) / (la + 0.05)


@lru_cache(maxsize=512)
def lifted(color: str, wanted: float = TEXT_CONTRAST) -> str:
    """``color`` mixed with white just enough to read at ``wanted`` on the dark
    ground (unchanged if it already does; not a hex colour: unchanged)."""
    rgb = _rgb(color)
    if rgb is None or contrast(color, DARK_GROUND) >= wanted:
        return color
    for step in range(1, 21):
        t = step / 20
        mixed = "#" + "".join(f"{round(c + (255 - c) * t):02x}" for c in rgb)
        if contrast(mixed, DARK_GROUND) >= wanted:
            return mixed
    return "#ffffff"


def _border_sides(border: Any) -> list[Any]:
    return [s for s in (getattr(border, n, None) for n in ("top", "right", "bottom", "left")) if s is not None]


def for_dark_theme(root: Any, ground: str | None = None) -> int:
    """Lift the meaningful colours under ``root`` that stand on the page's ground
    (``ground``: the colour under ``root`` itself, None for the page's); returns
    how many were changed."""
    changed = 0
    stack: list[tuple[Any, str | None]] = [(root, ground)]
    seen: set[int] = set()
    while stack:
        item, under = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend((x, under) for x in item)
            continue
        if not isinstance(item, ft.BaseControl) or id(item) in seen:
            continue
        seen.add(id(item))
        own = getattr(item, "bgcolor", None)
        if isinstance(item, (ft.Container, ft.Card)) and own:
            under = own  # a box of its own colour: what stands on it was chosen for it
        if isinstance(item, ft.TextButton) and under is not None and is_light(under) \
                and (item.style is None or item.style.color is None):
            # a light box (a banner, a note) in the dark theme: the theme's light teal read
            # 1.5:1 on it; this teal reads 5.8:1 (tests/e2e/test_board_screens.py)
            item.style = dataclasses.replace(item.style or ft.ButtonStyle(), color=ON_LIGHT, icon_color=ON_LIGHT)
            changed += 1
        if under is None:
            color = getattr(item, "color", None)
            if isinstance(item, ft.Text) and _rgb(color):
                new = lifted(color, TEXT_CONTRAST)
                if new != color:
                    item.color = new
                    changed += 1
            elif isinstance(item, ft.Icon) and _rgb(color):
                new = lifted(color, SHAPE_CONTRAST)
                if new != color:
                    item.color = new
                    changed += 1
            if isinstance(item, ft.Container) and item.border is not None and not own:
                for side in _border_sides(item.border):
                    if _rgb(side.color) and lifted(side.color, SHAPE_CONTRAST) != side.color:
                        item.border = dataclasses.replace(item.border, **{
                            n: dataclasses.replace(s, color=lifted(s.color, SHAPE_CONTRAST))
                            for n in ("top", "right", "bottom", "left")
                            if (s := getattr(item.border, n, None)) is not None and _rgb(s.color)})
                        changed += 1
                        break
        for name in taps.child_fields(type(item)):  # the fields that hold controls, as the taps walk
            value = getattr(item, name, None)
            if isinstance(value, ft.BaseControl):
                stack.append((value, under))
            elif isinstance(value, (list, tuple)):
                stack.extend((v, under) for v in value if isinstance(v, ft.BaseControl))
    return changed


def ground_of(control: Any) -> str | None:
    """The colour a shown control stands on: its nearest box with a colour of its
    own (None: the page's ground, or not on a page)."""
    ref = getattr(control, "_parent", None)
    parent = ref() if callable(ref) else None
    while parent is not None:
        if isinstance(parent, (ft.Container, ft.Card)) and getattr(parent, "bgcolor", None):
            return str(parent.bgcolor)
        ref = getattr(parent, "_parent", None)
        parent = ref() if callable(ref) else None
    return None
