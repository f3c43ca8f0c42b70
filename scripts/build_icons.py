"""Development script: draw the app's icons (home screen, favicon).

A white 桌 ("table", the first character of 桌游助手 / 桌遊助手) on the app's
teal, drawn with the bundled Noto Sans CJK subset (SIL OFL).  Writes
``companion/ui/assets/icons/*.png`` (the names flet-web uses, so ours are
served in place of Flet's) and ``companion/ui/assets/favicon.png``.

Needs Pillow (it comes with the dev extras' flet[all]).  The PNGs are
committed; run this again only to change the design.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "companion" / "ui" / "assets"
FONT = ASSETS / "fonts" / "NotoSansCJK-subset.otf"
TEAL = (0, 121, 107, 255)
WHITE = (255, 255, 255, 255)
GLYPH = "桌"


def draw(size: int, maskable: bool, rounded: bool = True) -> Image.Image:
    """One icon: full-bleed teal for a maskable icon (the launcher cuts its
    own shape; the glyph stays inside the central safe circle), else a
    rounded square on transparency."""
    scale = 4  # drawn large, then reduced: smooth edges
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if maskable or not rounded:
        pen.rectangle((0, 0, big, big), fill=TEAL)
    else:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=int(big * 0.22), fill=TEAL)
    glyph_size = int(big * (0.50 if maskable else 0.64))
    font = ImageFont.truetype(str(FONT), glyph_size)
    stroke = max(1, glyph_size // 40)  # the subset is the regular weight: a little bolder
    left, top, right, bottom = pen.textbbox((0, 0), GLYPH, font=font, stroke_width=stroke)
    x = (big - (right - left)) / 2 - left
    y = (big - (bottom - top)) / 2 - top
    pen.text((x, y), GLYPH, font=font, fill=WHITE, stroke_width=stroke, stroke_fill=WHITE)
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    icons = ASSETS / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    outputs = {
        icons / "icon-192.png": draw(192, False),
        icons / "icon-512.png": draw(512, False),
        icons / "icon-maskable-192.png": draw(192, True),
        icons / "icon-maskable-512.png": draw(512, True),
        icons / "apple-touch-icon-192.png": draw(192, False, rounded=False),  # iOS rounds it itself
        ASSETS / "favicon.png": draw(32, False),
    }
    for path, image in outputs.items():
        image.save(path, optimize=True)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
