"""The web client is served compressed and cacheable (issue 25), through the
same ASGI stack ``companion serve`` runs (``app.web_app``: Flet's app, then
``web_cache.CachedWeb``, then ``join.guard``), without a socket."""

from __future__ import annotations

import asyncio
import gzip
import json
import re
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from companion.paths import assets_dir
from companion.ui.hosts import server as hostserver
from companion.ui import app as app_module
from companion.ui.offline_web import (GZ_DIR, compressed_path, flet_web_dir, folder_version, precompress,
                                      served_files, web_assets)
from companion.ui.web_cache import IMMUTABLE, accepts, language_of

PORT = 8550
#: files of the client that a phone's first visit asks for, compressed in the fixture
ASKED = ("flutter_bootstrap.js", "main.dart.mjs", "assets/FontManifest.json", "fonts/NotoSansCJK-subset.otf")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = web_assets(assets_dir(), base=tmp_path_factory.mktemp("web"))
    files = served_files(folder)
    for rel in ASKED:  # precompress() does all of them in the server's background; these are enough here
        target = compressed_path(folder, rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(gzip.compress(files[rel].read_bytes(), 6, mtime=0))
    saved = dict(app_module.SERVING)
    asgi = hostserver.web_app("127.0.0.1", PORT, "127.0.0.1", folder)
    yield folder, asgi
    app_module.SERVING.clear()
    app_module.SERVING.update(saved)


class Reply:
    """A response as it came over the wire: status, headers, the body's bytes as sent."""

    def __init__(self, status_code: int, headers: httpx.Headers, content: bytes) -> None:
        self.status_code, self.headers, self.content = status_code, headers, content

    @property
    def text(self) -> str:
        return self.content.decode()


def get(asgi, path: str, host: str = f"127.0.0.1:{PORT}", method: str = "GET", **headers: str) -> Reply:
    async def go() -> Reply:
        transport = httpx.ASGITransport(app=asgi)
        async with httpx.AsyncClient(transport=transport, base_url=f"http://{host}") as client:
            # say exactly what the "browser" takes (httpx would ask for gzip itself), and keep the
            # body undecoded
            async with client.stream(method, path, headers={"accept-encoding": "identity", **headers}) as r:
                raw = b"".join([chunk async for chunk in r.aiter_raw()])
                return Reply(r.status_code, r.headers, raw)
    return in_own_loop(go)


def in_own_loop(make) -> object:
    """Run a coroutine on a fresh event loop in a thread of its own (another
    test may have left a loop running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()


def raw_status(asgi, path: str) -> int:
    """The status for a path exactly as written (an HTTP client would tidy its dots away)."""
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "scheme": "http", "http_version": "1.1", "server": ("127.0.0.1", PORT),
             "client": ("127.0.0.1", 5000), "headers": [(b"host", f"127.0.0.1:{PORT}".encode())]}
    in_own_loop(lambda: asgi(scope, receive, send))
    return next(m["status"] for m in sent if m["type"] == "http.response.start")


def test_an_asset_comes_back_compressed_with_a_year_when_asked_and_plain_when_not(served):
    folder, asgi = served
    version = folder_version(folder)
    original = (flet_web_dir() / "flutter_bootstrap.js").read_bytes()
    asked = get(asgi, f"/v/{version}/flutter_bootstrap.js", **{"accept-encoding": "gzip, deflate, br"})
    assert asked.status_code == 200
    assert asked.headers["content-encoding"] == "gzip"
    assert asked.headers["cache-control"] == IMMUTABLE and "max-age=31536000" in IMMUTABLE
    assert asked.headers["vary"] == "Accept-Encoding"
    assert asked.headers["content-type"].startswith("text/javascript")
    assert len(asked.content) < len(original) / 2 and gzip.decompress(asked.content) == original
    plain = get(asgi, f"/v/{version}/flutter_bootstrap.js")  # identity only
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    assert plain.content == original and plain.headers["cache-control"] == IMMUTABLE
    refused = get(asgi, f"/v/{version}/flutter_bootstrap.js", **{"accept-encoding": "br, gzip;q=0"})
    assert "content-encoding" not in refused.headers and refused.content == original


def test_the_apps_own_font_and_the_wasm_type(served):
    folder, asgi = served
    version = folder_version(folder)
    font = get(asgi, f"/v/{version}/fonts/NotoSansCJK-subset.otf", **{"accept-encoding": "gzip"})
    assert font.headers["content-encoding"] == "gzip" and font.headers["cache-control"] == IMMUTABLE
    assert gzip.decompress(font.content) == (assets_dir() / "fonts" / "NotoSansCJK-subset.otf").read_bytes()
    # not compressed yet (the server makes the copies after it starts): sent as it is, still cacheable
    wasm = get(asgi, f"/v/{version}/canvaskit/skwasm.wasm", method="HEAD", **{"accept-encoding": "gzip"})
    assert wasm.status_code == 200 and "content-encoding" not in wasm.headers
    assert wasm.headers["content-type"] == "application/wasm" and wasm.headers["cache-control"] == IMMUTABLE


def test_the_page_is_revalidated_in_the_phones_language_and_names_only_versioned_files(served):
    folder, asgi = served
    version = folder_version(folder)
    page = get(asgi, "/", **{"accept-encoding": "gzip", "accept-language": "zh-TW,zh;q=0.9,en;q=0.5"})
    assert page.status_code == 200 and page.headers["cache-control"] == "no-cache"
    assert page.headers["content-encoding"] == "gzip" and "Accept-Language" in page.headers["vary"]
    assert page.headers["cross-origin-opener-policy"] == "same-origin"  # skwasm's threads, as Flet sends it
    html = gzip.decompress(page.content).decode()
    assert "<title>桌遊助手</title>" in html and 'lang="zh-Hant"' in html
    assert 'content="桌遊助手"' in html  # iOS's home-screen name
    refs = re.findall(r'<(?:script|link|img)\b[^>]*?(?:src|href)="([^"]+)"', html)
    assert len(refs) >= 5  # icon, favicon, manifest, python.js, flutter_bootstrap.js
    for ref in refs:
        assert ref.startswith(f"v/{version}/") or ref == "manifest.json", ref
    assert f'flet.entrypointBaseUrl + "v/{version}/"' in html  # Flutter's loader: main.dart.*, canvaskit/, assets/
    assert "<title>桌游助手</title>" in get(asgi, "/", **{"accept-language": "zh-CN"}).text
    english = get(asgi, "/index.html", **{"accept-language": "en-GB,zh-CN;q=0.8"})
    assert "<title>Table Companion</title>" in english.text
    again = get(asgi, "/", **{"accept-language": "en-GB", "if-none-match": english.headers["etag"]})
    assert again.status_code == 304 and not again.content


def test_a_chinese_page_loads_the_first_screen_font_before_its_first_frame(served):
    """Issue 36: a Chinese page's assets come from cjk/, whose font manifest -- the fonts
    Flutter loads before its first frame -- names the first-screen CJK font at the very URL
    page.fonts names later (one download); an English page's does not."""
    folder, asgi = served
    version = folder_version(folder)
    base = {}
    for lang, tag in (("zh_Hant", "zh-TW"), ("zh_Hans", "zh-CN"), ("en", "en-US")):
        html = get(asgi, "/", **{"accept-language": tag}).text
        base[lang] = re.search(r'flet\.assetBase = flet\.entrypointBaseUrl(?: \+ "([^"]*)")?;', html).group(1) or ""
    assert base == {"zh_Hant": "cjk/", "zh_Hans": "cjk/", "en": ""}
    plain = json.loads(get(asgi, f"/v/{version}/assets/FontManifest.json").text)
    chinese = json.loads(get(asgi, f"/v/{version}/cjk/assets/FontManifest.json").text)
    assert "NotoCJK" not in [f["family"] for f in plain]
    cjk = next(f for f in chinese if f["family"] == "NotoCJK")  # widgets.FONT_FAMILY
    assert [f for f in chinese if f["family"] != "NotoCJK"] == plain
    # Flutter asks for <asset base>assets/<asset>; the browser resolves the dots
    asked = httpx.URL(f"http://h/v/{version}/cjk/assets/").join(cjk["fonts"][0]["asset"]).path
    assert asked == f"/v/{version}/{app_module.FONT_FILE_UI}" == app_module.SERVING["assets"] + app_module.FONT_FILE_UI
    font = get(asgi, asked)
    assert font.status_code == 200 and font.headers["cache-control"] == IMMUTABLE
    assert font.content == (assets_dir() / app_module.FONT_FILE_UI).read_bytes()
    # the other assets under cjk/ are the same files
    icons = get(asgi, f"/v/{version}/cjk/assets/fonts/MaterialIcons-Regular.otf")
    assert icons.status_code == 200 and icons.content == get(asgi, f"/v/{version}/assets/fonts/MaterialIcons-Regular.otf").content


def test_the_manifest_names_the_app_in_the_phones_language_with_our_icon(served):
    folder, asgi = served
    names = {}
    for lang in ("zh-CN", "zh-HK", "en-US", "fr"):
        response = get(asgi, "/manifest.json", **{"accept-language": lang})
        assert response.status_code == 200 and response.headers["content-type"] == "application/manifest+json"
        names[lang] = json.loads(response.content)
    assert [names[k]["name"] for k in names] == ["桌游助手", "桌遊助手", "Table Companion", "Table Companion"]
    manifest = names["zh-CN"]
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"} and {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
    for icon in manifest["icons"]:
        response = get(asgi, "/" + icon["src"])
        assert response.status_code == 200 and response.headers["content-type"] == "image/png"
        assert response.headers["cache-control"] == IMMUTABLE
        name = icon["src"].rsplit("/", 1)[1]
        assert response.content == (assets_dir() / "icons" / name).read_bytes()  # ours
        assert response.content != (flet_web_dir() / "icons" / name).read_bytes()  # not Flet's logo


def test_an_old_versions_url_is_revalidated_and_nothing_outside_is_served(served):
    folder, asgi = served
    version = folder_version(folder)
    old = get(asgi, "/v/0123456789abcdef/flutter_bootstrap.js")
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
    for path in (f"/v/{version}/../../../../etc/passwd", f"/v/{version}/fonts/../../../../etc/passwd",
                 f"/v/{version}/{GZ_DIR}/flutter_bootstrap.js.gz", f"/v/{version}/no-such-file.js",
                 f"/v/{version}/", f"/v/{version}/canvaskit", f"/v/{version}//etc/passwd",
                 f"/v/{version}/fonts\\..\\..\\index.html"):
        assert raw_status(asgi, path) == 404, path


def test_the_guard_still_refuses_a_foreign_host_and_nothing_allows_every_origin(served):
    folder, asgi = served
    version = folder_version(folder)
    assert get(asgi, f"/v/{version}/flutter_bootstrap.js", host="evil.example").status_code == 403
    assert get(asgi, "/", host="evil.example").status_code == 403
    for path in ("/", "/manifest.json", f"/v/{version}/flutter_bootstrap.js"):
        assert "access-control-allow-origin" not in get(asgi, path).headers, path


def test_what_flet_serves_itself_is_revalidated(served):
    folder, asgi = served
    response = get(asgi, "/favicon.png")  # not a versioned URL: Flet's static files answer
    assert response.status_code == 200 and response.headers["cache-control"] == "no-cache"


def test_flutters_fallback_fonts_are_a_404_kept_for_a_day(served):
    folder, asgi = served
    response = get(asgi, "/assets/fonts/notosanssc/v37/k3kCo84MPvpLmixcA63oeAL7Iqp5IZJF9bmaG9_FnYxNbPzS5HE.112.woff2")
    assert response.status_code == 404 and response.headers["cache-control"] == "public, max-age=86400"
    assert len(response.content) < 100


def test_precompress_writes_each_copy_once_and_only_where_gzip_pays(tmp_path):
    web = tmp_path / "web"
    folder = tmp_path / "folder"
    for root, files in ((web, {"main.dart.js": b"var x = 1;\n" * 500, "canvaskit/skwasm.wasm": b"\0asm" * 900,
                               "tiny.js": b"1", "icons/a.png": b"P" * 5000, "pyodide/x.js": b"y" * 5000,
                               "main.dart.js.map": b"m" * 5000, "assets/r.bin": bytes(range(256)) * 40}),
                        (folder, {"main.dart.js": b"var patched = 2;\n" * 400, ".version": b"v1"})):
        for name, data in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
    assert precompress(folder, web) == 3
    copies = sorted(p.relative_to(folder / GZ_DIR).as_posix() for p in (folder / GZ_DIR).rglob("*") if p.is_file())
    assert copies == ["assets/r.bin.gz", "canvaskit/skwasm.wasm.gz", "main.dart.js.gz"]
    # the folder's patched copy wins over flet-web's file of the same name
    assert gzip.decompress((folder / GZ_DIR / "main.dart.js.gz").read_bytes()) == b"var patched = 2;\n" * 400
    assert precompress(folder, web) == 0  # once per installed version


def test_accept_encoding_and_language_parsing():
    assert accepts("gzip, deflate, br, zstd", "gzip")
    assert accepts("*", "gzip") and not accepts("*;q=0", "gzip")
    assert not accepts("br, gzip;q=0", "gzip") and not accepts("", "gzip") and not accepts("identity", "gzip")
    assert accepts("GZIP;q=0.5", "gzip")
    assert language_of("zh-TW,zh;q=0.9") == "zh_Hant"
    assert language_of("en;q=0.5, zh-CN") == "zh_Hans"
    assert language_of("") == language_of("*") == language_of("de-DE") == "en"


def test_the_static_build_is_handed_out_under_app(tmp_path, served):
    """``companion serve`` gives a phone the static build (``companion build-web``) under /app/:
    its files, revalidated, code gzipped to a browser that takes it; nothing outside the folder;
    the rest is the served app."""
    folder, _ = served
    static = tmp_path / "static-web"
    static.mkdir()
    (static / "index.html").write_text("<html>static</html>", encoding="utf-8")
    code = ("// the client\n" + "".join(f"var a{i} = {i};\n" for i in range(400))).encode()
    (static / "main.dart.mjs").write_bytes(code)
    (static / "site.pack.gz").write_bytes(gzip.compress(code))  # compressed already: sent as it is
    (static / "site.pack").write_bytes(code * 3)  # the static build's site (its phone may have no service worker)
    (static / "site.pack.lzma").write_bytes(b"]" + bytes(range(256)) * 8)  # packed already: as it is
    (static / "sw.js").write_text("// worker", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("no", encoding="utf-8")
    saved = dict(app_module.SERVING)
    try:
        asgi = hostserver.web_app("127.0.0.1", PORT, "127.0.0.1", folder, static=static)
        assert get(asgi, "/app").status_code == 308
        page = get(asgi, "/app/")
        assert page.status_code == 200 and page.text == "<html>static</html>"
        assert page.headers["cache-control"] == "no-cache"
        worker = get(asgi, "/app/sw.js")
        assert worker.text == "// worker" and "javascript" in worker.headers["content-type"]
        plain = get(asgi, "/app/main.dart.mjs")
        assert plain.content == code and "content-encoding" not in plain.headers
        packed = get(asgi, "/app/main.dart.mjs", **{"accept-encoding": "gzip, deflate"})
        assert packed.headers["content-encoding"] == "gzip" and gzip.decompress(packed.content) == code
        assert len(packed.content) < len(code) / 3 and "javascript" in packed.headers["content-type"]
        assert "accept-encoding" in packed.headers["vary"].lower()
        again = get(asgi, "/app/main.dart.mjs", **{"accept-encoding": "gzip"})  # the copy kept
        assert again.content == packed.content
        (static / "main.dart.mjs").write_bytes(code + b"// changed\n")  # a file changed: a new copy
        assert gzip.decompress(get(asgi, "/app/main.dart.mjs", **{"accept-encoding": "gzip"}).content) \
            == code + b"// changed\n"
        already = get(asgi, "/app/site.pack.gz", **{"accept-encoding": "gzip"})
        assert "content-encoding" not in already.headers and already.content == (static / "site.pack.gz").read_bytes()
        site = get(asgi, "/app/site.pack", **{"accept-encoding": "gzip"})
        assert site.headers["content-encoding"] == "gzip" and gzip.decompress(site.content) == code * 3
        lz = get(asgi, "/app/site.pack.lzma", **{"accept-encoding": "gzip"})
        assert "content-encoding" not in lz.headers and lz.content == (static / "site.pack.lzma").read_bytes()
        assert get(asgi, "/app/.gz/main.dart.mjs.gz").status_code == 404  # the copies are not files of it
        assert get(asgi, "/app/../secret.txt").status_code == 404
        assert get(asgi, "/app/%2e%2e/secret.txt").status_code == 404
        assert get(asgi, "/app/nothing.js").status_code == 404
        assert "static" not in get(asgi, "/").text  # the served app's own page
        unbuilt = hostserver.web_app("127.0.0.1", PORT, "127.0.0.1", folder, static=None)
        assert get(unbuilt, "/app/").status_code != 200 or "static" not in get(unbuilt, "/app/").text
    finally:
        app_module.SERVING.clear()
        app_module.SERVING.update(saved)
