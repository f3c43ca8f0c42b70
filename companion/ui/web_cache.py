"""The web client served compressed and cacheable (issue 25).

An ASGI layer in front of Flet's app (inside ``join.guard``):

* ``/v/<version>/<file>``: every file of the web client -- the folder that
  ``offline_web.web_assets`` prepares, then flet-web's own -- under a URL that
  names the installed version (the folder's fingerprint).  Such a URL never
  changes meaning, so it is sent with a year's ``immutable`` lifetime; a phone
  that comes back asks for none of it again.  It is sent gzip-compressed when
  the browser says it takes gzip (``Accept-Encoding``), from a copy compressed
  once per installed version (``offline_web.precompress``), else as it is.
  A URL naming another version (a page from before an upgrade) gets the
  current file, revalidated (``no-cache``), never a year's lifetime.
* ``/`` and ``/index.html``: the page, which names the versioned URLs; it is
  revalidated on every visit (``no-cache`` with an ETag: a 304 of a few
  hundred bytes when nothing changed), compressed when asked, and titled in
  the phone's language (``Accept-Language``).
* ``/manifest.json``: the web app manifest (install to the home screen), with
  our name in the phone's language and our icon.
* ``/assets/fonts/noto...``: Flutter's Noto fallback fonts, which it asks
  for while a Chinese text waits for our font: a 404 that the phone keeps
  for a day.
* everything else (the web socket, Flet's own fallbacks): Flet's app, its
  responses marked ``no-cache``.

Nothing here asks another host, and no response carries
``Access-Control-Allow-Origin``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from flet.controls.types import RouteUrlStrategy, WebRenderer
from flet_web import patch_index_html
from starlette.responses import FileResponse

from ..i18n import LANGUAGES, Translator, resolve_locale
from .offline_web import (CJK_ASSETS, CJK_MANIFEST, GZ_DIR, VERSION_PREFIX, compressed_path, flet_web_dir,
                          folder_version)

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
#: as Flet's own app sends them: the page is cross-origin isolated (skwasm's threads)
ISOLATION = {"cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp"}
HTML_LANG = {"en": "en", "zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant"}
#: where Flutter looks for its Noto fallback fonts without a CDN (flet.fontFallbackBaseUrl
#: "assets/fonts/" + e.g. "notosanssc/v37/....woff2"): ours are bundled instead
FALLBACK_FONTS = "/assets/fonts/noto"
THEME_COLOR = "#00796b"  # the splash's and the theme's teal
BACKGROUND = "#f4fbf9"

mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("font/otf", ".otf")
mimetypes.add_type("font/ttf", ".ttf")
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("application/manifest+json", ".webmanifest")


def accepts(header: str, coding: str) -> bool:
    """Whether an ``Accept-Encoding`` value takes ``coding`` (q=0 refuses it)."""
    star = None
    for part in header.lower().split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                q = float(match.group(1))
            except ValueError:
                q = 0.0
        if name.strip() == coding:
            return q > 0
        if name.strip() == "*":
            star = q > 0
    return bool(star)


def language_of(header: str) -> str:
    """The catalog for an ``Accept-Language`` value: its most wanted tag."""
    tags = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        try:
            q = float(match.group(1)) if match else 1.0
        except ValueError:
            q = 0.0
        if tag.strip() and tag.strip() != "*" and q > 0:
            tags.append((-q, i, tag.strip()))
    return resolve_locale(min(tags)[2]) if tags else "en"


@dataclass(frozen=True)
class Body:
    """One in-memory response body and its gzip form."""

    plain: bytes
    gz: bytes
    etag: str

    @classmethod
    def of(cls, data: bytes) -> "Body":
        return cls(data, gzip.compress(data, 9, mtime=0), '"' + hashlib.sha256(data).hexdigest()[:20] + '"')


def app_name(lang: str) -> str:
    return Translator(lang).gettext("Table Companion")


def manifest(lang: str, version: str) -> dict[str, Any]:
    """The web app manifest: our name in the phone's language, our icon."""
    t = Translator(lang)
    icons = f"{VERSION_PREFIX}/{version}/icons/"
    return {
        "name": app_name(lang),
        "short_name": app_name(lang),
        "description": t.gettext("Rules, referee and score keeper for the game on your table."),
        "lang": HTML_LANG[lang],
        "start_url": "./",
        "scope": "./",
        "id": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME_COLOR,
        "prefer_related_applications": False,
        "icons": [
            {"src": icons + "icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": icons + "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": icons + "icon-maskable-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
            {"src": icons + "icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }


def index_page(folder: Path, lang: str, websocket_path: str = "/ws") -> str:
    """The page for one language: the folder's index.html with Flet's own
    configuration written in (the same call Flet's static files make, with
    what ``companion serve`` gives it), in that language."""
    renderer = WebRenderer(os.environ.get("FLET_WEB_RENDERER") or WebRenderer.AUTO.value)
    strategy = RouteUrlStrategy(os.environ.get("FLET_WEB_ROUTE_URL_STRATEGY") or RouteUrlStrategy.PATH.value)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "index.html"
        path.write_text((folder / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
        patch_index_html(index_path=str(path), base_href="/", websocket_endpoint_path=websocket_path,
                         app_name=app_name(lang), app_description=Translator(lang).gettext(
                             "Rules, referee and score keeper for the game on your table."),
                         web_renderer=renderer, route_url_strategy=strategy, no_cdn=True)
        html = path.read_text(encoding="utf-8")
    html = re.sub(r"<html[^>]*>", f'<html lang="{HTML_LANG[lang]}">', html, count=1)
    if lang != "en" and (folder / CJK_MANIFEST).exists():
        # Chinese: Flutter loads the first-screen CJK font with its own fonts, before its
        # first frame (offline_web.CJK_ASSETS), instead of once the app's first message asks
        html = html.replace("flet.assetBase = flet.entrypointBaseUrl;",
                            f'flet.assetBase = flet.entrypointBaseUrl + "{CJK_ASSETS}";', 1)
    return html


class CachedWeb:
    """The ASGI layer described above, around Flet's ASGI ``app``."""

    def __init__(self, app: Any, folder: Path, web: Path | None = None) -> None:
        self.app = app
        self.folder = folder
        self.roots = (folder, web or flet_web_dir())
        self.version = folder_version(folder)
        self.prefix = f"/{VERSION_PREFIX}/"
        #: where the app's own assets are asked for (page.fonts): the current version
        self.asset_prefix = f"/{VERSION_PREFIX}/{self.version}/"
        self.pages = {lang: Body.of(index_page(folder, lang).encode()) for lang in LANGUAGES}
        self.manifests = {lang: Body.of(json.dumps(manifest(lang, self.version), ensure_ascii=False,
                                                   indent=1).encode()) for lang in LANGUAGES}
        self._files: dict[str, Path | None] = {}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        method = scope.get("method", "GET")
        if method in ("GET", "HEAD"):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
            if path.startswith(self.prefix):
                await self._static(scope, receive, send, path[len(self.prefix):], headers)
                return
            if path in ("/", "/index.html"):
                await self._body(send, method, headers, self.pages[language_of(headers.get("accept-language", ""))],
                                 "text/html; charset=utf-8", vary="Accept-Encoding, Accept-Language")
                return
            if path.startswith(FALLBACK_FONTS):
                # Flutter's own fallback fonts (fetched from a CDN when online): never here.
                # Say so once a day, not on every visit (a Chinese page asks for several).
                await self._plain(send, 404, b"Not found\n", "public, max-age=86400")
                return
            if path == "/manifest.json":
                await self._body(send, method, headers,
                                 self.manifests[language_of(headers.get("accept-language", ""))],
                                 "application/manifest+json", vary="Accept-Encoding, Accept-Language")
                return

        async def revalidated(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers") or []}
                if b"cache-control" not in names:
                    message = {**message, "headers": [*message.get("headers", []),
                                                      (b"cache-control", REVALIDATE.encode())]}
            await send(message)

        await self.app(scope, receive, revalidated)

    # ----- one file of the client under /v/<version>/ --------------------------------------------
    def _find(self, rel: str) -> Path | None:
        if rel in self._files:
            return self._files[rel]
        found = None
        parts = PurePosixPath(rel).parts
        if rel and "\\" not in rel and "\x00" not in rel and not any(p in ("..", ".") for p in parts) \
                and not rel.startswith("/") and parts and parts[0] != GZ_DIR:
            for root in self.roots:
                candidate = root.joinpath(*parts)
                try:
                    if candidate.is_file() and candidate.resolve().is_relative_to(root.resolve()):
                        found = candidate
                        break
                except OSError:
                    continue
        if len(self._files) < 10_000:
            self._files[rel] = found
        return found

    async def _static(self, scope: dict[str, Any], receive: Any, send: Any, rest: str,
                      headers: dict[str, str]) -> None:
        version, _, rel = rest.partition("/")
        if rel.startswith(CJK_ASSETS):  # a Chinese page's assets: the same files, its own font manifest
            rel = rel[len(CJK_ASSETS):]
            if rel == "assets/FontManifest.json":
                rel = CJK_MANIFEST
        source = self._find(rel)
        if source is None:
            await self._plain(send, 404, b"Not found\n")
            return
        media_type = mimetypes.guess_type(source.name)[0] or "application/octet-stream"
        out = {**ISOLATION, "cache-control": IMMUTABLE if version == self.version else REVALIDATE,
               "vary": "Accept-Encoding"}
        path = source
        packed = compressed_path(self.folder, rel)
        if packed is not None and accepts(headers.get("accept-encoding", ""), "gzip"):
            try:
                ready = packed.stat().st_size > 0  # empty: compression did not pay
            except OSError:
                ready = False  # not written yet (the copies are made after start-up)
            if ready:
                path = packed
                out["content-encoding"] = "gzip"
        await FileResponse(path, headers=out, media_type=media_type)(scope, receive, send)

    # ----- a page or manifest kept in memory ------------------------------------------------------
    async def _body(self, send: Any, method: str, headers: dict[str, str], body: Body, media_type: str,
                    vary: str) -> None:
        gz = accepts(headers.get("accept-encoding", ""), "gzip")
        data = body.gz if gz else body.plain
        etag = body.etag[:-1] + ("-gz" if gz else "") + '"'
        out = [(b"content-type", media_type.encode()), (b"cache-control", REVALIDATE.encode()),
               (b"vary", vary.encode()), (b"etag", etag.encode())]
        out += [(k.encode(), v.encode()) for k, v in ISOLATION.items()]
        if etag in [t.strip() for t in headers.get("if-none-match", "").split(",")]:
            await send({"type": "http.response.start", "status": 304, "headers": out})
            await send({"type": "http.response.body", "body": b""})
            return
        if gz:
            out.append((b"content-encoding", b"gzip"))
        out.append((b"content-length", str(len(data)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": out})
        await send({"type": "http.response.body", "body": b"" if method == "HEAD" else data})

    @staticmethod
    async def _plain(send: Any, status: int, text: bytes, cache: str = REVALIDATE) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(text)).encode()),
                                (b"cache-control", cache.encode())]})
        await send({"type": "http.response.body", "body": text})
