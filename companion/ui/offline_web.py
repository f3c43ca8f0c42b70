"""The folder of web assets the app's server is started with: the app's own
assets, plus three files that make the web client fully offline and ours.

flet-web 1.0.5's compiled client (``main.dart.js`` and ``main.dart.wasm``)
loads the Rive runtime from a CDN at start-up
(``https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/``).  The
app uses no Rive animation, so the URL is replaced -- byte for byte, by a
local path of the same length, which keeps the wasm module valid -- and the
request stays on the app's own server (a 404 the client ignores).  Flet's
server serves a file from the assets folder before its own copy
(``FletStaticFiles``), so the patched files simply sit beside our assets.

``index.html`` gets our own splash (a plain spinner in the theme's colour,
no Flet logo, no text in any one language).

The folder is also what ``web_cache`` serves under versioned URLs
(``/v/<version>/...``, the version being the folder's fingerprint), so the
page names them: ``index.html`` points Flutter's loader (``entrypointBaseUrl``,
``assetBase``, ``canvasKitBaseUrl``) and its own scripts and icons there.
``assets/FontManifest.json`` -- the fonts Flutter loads before its first
frame -- leaves out the KaTeX fonts (flutter_math_fork, for ``Markdown``
formulas) and Cupertino icons, which the app never draws (0.8 MB a phone);
``assets/fonts/MaterialIcons-Regular.otf`` is cut to the icons the app draws
(``icon_font``: 0.47 MB gzipped down to a few kB).

The folder is built once per flet-web version and app assets, in the
temporary directory; nothing is downloaded.  ``precompress`` then writes a
gzip copy of every file the client may ask for (``.gz/<path>.gz``), once.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath

import flet_web

from . import icon_font

RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
#: the same length as RIVE_CDN: a path on the app's own server
RIVE_LOCAL = (b"/rive-not-bundled/" + b"_" * (len(RIVE_CDN) - len(b"/rive-not-bundled/") - 1) + b"/")
PATCHED = ("main.dart.js", "main.dart.wasm")

SPLASH = """<div id="loading" role="status" aria-label="…">
    <style>
      #loading { position: fixed; inset: 0; display: flex; align-items: center; justify-content: center;
                 background: #f4fbf9; }
      #loading div { width: 44px; height: 44px; border-radius: 50%; border: 5px solid #b2dfdb;
                     border-top-color: #00796b; animation: spin 0.9s linear infinite; }
      @keyframes spin { to { transform: rotate(360deg); } }
      @media (prefers-color-scheme: dark) { #loading { background: #191c1b; } }
    </style>
    <div></div>
  </div>"""

assert len(RIVE_LOCAL) == len(RIVE_CDN)

#: versioned URLs are /v/<version>/<file> (web_cache serves them)
VERSION_PREFIX = "v"
#: where the gzip copies live inside the folder
GZ_DIR = ".gz"
#: what gzip pays off for (fonts, code, data; the static build's site pack and its stored standard
#: library); PNG, WOFF2 and the static build's ``.lzma`` files are compressed already
COMPRESSIBLE = {".js", ".mjs", ".wasm", ".json", ".otf", ".ttf", ".html", ".css", ".svg", ".txt", ".frag", ".bin",
                ".pack", ".zip"}
#: never asked for by the served client (Python-in-the-browser, debug symbols)
NOT_SERVED = ("pyodide/",)
NOT_SERVED_SUFFIXES = (".symbols", ".map")
#: FontManifest families the app never draws: left out of what Flutter loads before its first frame
UNUSED_FONT_FAMILIES = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
#: how the folder is built; part of its fingerprint
BUILD = "4: versioned index, trimmed font manifest, icon font cut, gzip copies, a Chinese page's manifest"
#: a Chinese page's assets come from here (its ``flet.assetBase``): the same files, but a font
#: manifest that names the first-screen CJK font, which Flutter then loads before its first
#: frame (``cjk_font_manifest``); the web cache maps the prefix back (``web_cache``)
CJK_ASSETS = "cjk/"
#: where the Chinese font manifest is kept in the folder
CJK_MANIFEST = "assets/FontManifest.cjk.json"
#: the first-screen cut of the CJK font (scripts/build_font.py), as the app's assets hold it
CJK_UI_FONT = "fonts/NotoSansCJK-ui.otf"
#: the family the app's text is drawn in (widgets.FONT_FAMILY; page.fonts registers it again)
CJK_FAMILY = "NotoCJK"
#: Flutter's Material icon font, in the folder as the client asks for it
ICON_FONT = "assets/fonts/MaterialIcons-Regular.otf"


def flet_web_dir() -> Path:
    return Path(flet_web.__file__).parent / "web"


def patch_client(data: bytes) -> bytes:
    """The compiled client with the Rive CDN address made local (same length)."""
    return data.replace(RIVE_CDN, RIVE_LOCAL)


def patch_index(html: str) -> str:
    """flet-web's index.html with our splash instead of Flet's logo."""
    start = html.find('<div id="loading"')
    end = html.find("</div>", start)
    if start < 0 or end < 0:
        return html
    return html[:start] + SPLASH + html[end + len("</div>"):]


def versioned_index(html: str, version: str) -> str:
    """Our index.html: the client's files from their versioned URLs.  The
    script goes right after Flet's configuration (written at the marker), so
    it overrides the base URLs Flet sets there."""
    base = f"{VERSION_PREFIX}/{version}/"
    for name in ("python.js", "flutter_bootstrap.js", "favicon.png", "icons/apple-touch-icon-192.png"):
        html = html.replace(f'src="{name}"', f'src="{base}{name}"').replace(f'href="{name}"', f'href="{base}{name}"')
    script = ("<!-- fletAppConfig -->\n  <script>\n"
              "    // every file of the client from its versioned URL, cached for a year (companion/ui/web_cache.py)\n"
              f'    flet.entrypointBaseUrl = flet.entrypointBaseUrl + "{base}";\n'
              "    flet.assetBase = flet.entrypointBaseUrl;\n"
              '    flet.canvasKitBaseUrl = flet.entrypointBaseUrl + "canvaskit/";\n'
              "  </script>")
    html = html.replace("<!-- fletAppConfig -->", script, 1)
    return html.replace('<meta charset="UTF-8">', '<meta charset="UTF-8">\n  <meta name="theme-color" content="#00796b">', 1)


def trimmed_font_manifest(fonts: list[dict]) -> list[dict]:
    """flet-web's FontManifest without the families the app never draws, with
    Roboto (the Latin text's font) as Flet adds it when serving without a CDN."""
    kept = [f for f in fonts if not str(f.get("family", "")).startswith(UNUSED_FONT_FAMILIES)]
    if not any(f.get("family") == "Roboto" for f in kept):
        kept.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    return kept


def cjk_font_manifest(fonts: list[dict]) -> list[dict]:
    """The manifest of a Chinese page: the trimmed one plus the first-screen CJK font (0.3 MB),
    so the first frame draws Chinese.  Flutter asks for a manifest font at its asset base +
    "assets/" + the path: ``/v/<version>/cjk/assets/../../fonts/...`` is the very URL that
    ``page.fonts`` names later (``/v/<version>/fonts/...``), fetched once."""
    return [*fonts, {"family": CJK_FAMILY, "fonts": [{"asset": "../../" + CJK_UI_FONT}]}]


def _fingerprint(app_assets: Path, web: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted([*(web / name for name in (*PATCHED, "index.html", "flutter_bootstrap.js",
                                                   "assets/FontManifest.json", "version.json")),
                        *app_assets.rglob("*")]):
        if path.is_file():
            stat = path.stat()
            digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    digest.update(RIVE_LOCAL + SPLASH.encode() + b"copied" + BUILD.encode() + " ".join(icon_font.wanted()).encode())
    return digest.hexdigest()[:16]


def folder_version(folder: Path) -> str:
    """The version a built folder's files are served under."""
    return (folder / ".version").read_text().strip()


def served_files(folder: Path, web: Path | None = None) -> dict[str, Path]:
    """Every file the client may be served, by its path under the version
    prefix: the folder's own first, then flet-web's."""
    files: dict[str, Path] = {}
    for root in (folder, web or flet_web_dir()):
        for path in root.rglob("*"):
            rel = path.relative_to(root).as_posix()
            if rel.startswith((GZ_DIR + "/", ".")) or rel.startswith(NOT_SERVED) or rel.endswith(NOT_SERVED_SUFFIXES):
                continue
            if path.is_file() and rel not in files:
                files[rel] = path
    return files


def compressed_path(folder: Path, rel: str) -> Path | None:
    """Where the gzip copy of a served file is (or will be); None if it is not compressed."""
    if PurePosixPath(rel).suffix.lower() not in COMPRESSIBLE:
        return None
    return folder / GZ_DIR / (rel + ".gz")


#: the client's start-up files first: a phone arriving while the copies are made gets them soonest
FIRST = ("main.dart.wasm", "canvaskit/skwasm.wasm", "main.dart.js", "canvaskit/chromium/canvaskit.wasm",
         "canvaskit/canvaskit.wasm", "assets/fonts/MaterialIcons-Regular.otf")


def precompress(folder: Path, web: Path | None = None, level: int = 6) -> int:
    """Write the gzip copy of every compressible served file of at least
    1 kB that has none yet; each appears at once (written aside, then
    renamed).  Returns how many were written.  Level 6: level 9 takes twice
    as long for 0.3 % less (main.dart.wasm: 2.81 vs 2.80 MB)."""
    files = served_files(folder, web)
    order = [*(r for r in FIRST if r in files), *sorted(r for r in files if r not in FIRST)]
    written = 0
    for rel in order:
        target = compressed_path(folder, rel)
        source = files[rel]
        if target is None or target.exists() or source.stat().st_size < 1024:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        data = gzip.compress(source.read_bytes(), level, mtime=0)
        if len(data) >= source.stat().st_size * 0.95:
            data = b""  # not worth it: an empty marker, never served (see web_cache)
        partial = target.with_name(f".{target.name}.{os.getpid()}.part")
        partial.write_bytes(data)
        os.replace(partial, target)
        written += 1
    return written


def web_assets(app_assets: Path, base: Path | None = None) -> Path:
    """The assets folder to serve: a copy of ``app_assets`` (copied, not
    linked: the static server refuses files reached through a link) plus the
    patched client and index."""
    web = flet_web_dir()
    version = _fingerprint(app_assets, web)
    folder = (base or Path(tempfile.gettempdir())) / f"table-companion-web-{version}"
    if (folder / ".complete").exists():
        return folder
    building = Path(tempfile.mkdtemp(prefix="table-companion-web-", dir=folder.parent))
    for entry in app_assets.iterdir():
        (shutil.copytree if entry.is_dir() else shutil.copyfile)(entry, building / entry.name)
    for name in PATCHED:
        (building / name).write_bytes(patch_client((web / name).read_bytes()))
    if not (app_assets / "index.html").exists():
        index = patch_index((web / "index.html").read_text(encoding="utf-8"))
        (building / "index.html").write_text(versioned_index(index, version), encoding="utf-8")
    if not (app_assets / "assets" / "FontManifest.json").exists():
        fonts = json.loads((web / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
        (building / "assets").mkdir(exist_ok=True)
        (building / "assets" / "FontManifest.json").write_text(json.dumps(trimmed_font_manifest(fonts), indent=1),
                                                               encoding="utf-8")
        if (app_assets / CJK_UI_FONT).exists():
            (building / CJK_MANIFEST).write_text(json.dumps(cjk_font_manifest(trimmed_font_manifest(fonts)),
                                                            indent=1), encoding="utf-8")
    icons = icon_font.subset(web / ICON_FONT)  # only the icons the app draws (icon_font.py)
    if icons is not None and not (app_assets / ICON_FONT).exists():
        (building / ICON_FONT).parent.mkdir(parents=True, exist_ok=True)
        (building / ICON_FONT).write_bytes(icons)
    (building / ".version").write_text(version)
    (building / ".complete").write_text("ok")
    try:
        os.replace(building, folder)
    except OSError:  # another server built it first (or left a broken one: use ours)
        if not (folder / ".complete").exists():
            return building
        shutil.rmtree(building, ignore_errors=True)
    return folder
