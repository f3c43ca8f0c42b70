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

The folder is built once per flet-web version and app assets, in the
temporary directory; nothing is downloaded.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path

import flet_web

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


def _fingerprint(app_assets: Path, web: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted([*(web / name for name in (*PATCHED, "index.html")), *app_assets.rglob("*")]):
        if path.is_file():
            stat = path.stat()
            digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    digest.update(RIVE_LOCAL + SPLASH.encode() + b"copied")
    return digest.hexdigest()[:16]


def web_assets(app_assets: Path, base: Path | None = None) -> Path:
    """The assets folder to serve: a copy of ``app_assets`` (copied, not
    linked: the static server refuses files reached through a link) plus the
    patched client and index."""
    web = flet_web_dir()
    folder = (base or Path(tempfile.gettempdir())) / f"table-companion-web-{_fingerprint(app_assets, web)}"
    if (folder / ".complete").exists():
        return folder
    building = Path(tempfile.mkdtemp(prefix="table-companion-web-", dir=folder.parent))
    for entry in app_assets.iterdir():
        (shutil.copytree if entry.is_dir() else shutil.copyfile)(entry, building / entry.name)
    for name in PATCHED:
        (building / name).write_bytes(patch_client((web / name).read_bytes()))
    if not (app_assets / "index.html").exists():
        (building / "index.html").write_text(patch_index((web / "index.html").read_text(encoding="utf-8")),
                                             encoding="utf-8")
    (building / ".complete").write_text("ok")
    try:
        os.replace(building, folder)
    except OSError:  # another server built it first (or left a broken one: use ours)
        if not (folder / ".complete").exists():
            return building
        shutil.rmtree(building, ignore_errors=True)
    return folder
