"""The served app can be added to a phone's home screen (issue 25): Chromium
reads our manifest -- our name in the phone's language, our icons -- and finds
nothing that keeps it from being installed; the client's files come from
versioned, compressed, long-cached addresses; nothing is asked of another host."""

from __future__ import annotations

import re
import time

import pytest

from conftest import PHONE, Screen

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("locale, name", [("zh-TW", "桌遊助手"), ("en-US", "Table Companion")])
def test_the_app_installs_with_our_name_and_icon(browser, server, locale, name):
    screen = Screen(browser, server, PHONE, locale=locale)
    try:
        # the gzip copies are made in the background of a server's first start: wait for the first one
        version = re.search(r'"v/([0-9a-f]+)/', screen.page.content()).group(1)
        deadline = time.time() + 120
        while time.time() < deadline:
            heads = [screen.page.request.head(f"{server.url}/v/{version}/{name}", headers={"accept-encoding": "gzip"})
                     for name in ("main.dart.wasm", "canvaskit/skwasm.wasm", "main.dart.js")]
            if all(h.headers.get("content-encoding") == "gzip" for h in heads):
                break
            time.sleep(1)
        responses: dict[str, dict[str, str]] = {}
        screen.page.on("response", lambda r: responses.__setitem__(r.url, r.headers))
        screen.reload()
        screen.page.get_by_role("button").first.wait_for(timeout=60_000)
        cdp = screen.context.new_cdp_session(screen.page)
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest.get("errors")
        assert manifest["url"] == server.url + "/manifest.json"
        parsed = manifest.get("manifest") or {}
        if parsed:  # newer Chromium also returns it parsed
            assert parsed.get("name") == name
        assert f'"name": "{name}"' in manifest["data"]
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        assert "<title>" + name + "</title>" in screen.page.content() or screen.page.title() == name
        client = {url: h for url, h in responses.items() if "/v/" in url}
        wasm = [h for url, h in client.items() if url.endswith(".wasm")]
        assert wasm and all(h.get("content-encoding") == "gzip" and "immutable" in h.get("cache-control", "")
                            for h in wasm)
        assert screen.outside == []
    finally:
        screen.close()
