"""The served app can be added to a phone's home screen (issue 25): Chromium
reads our manifest -- our name in the phone's language, our icons -- and finds
nothing that keeps it from being installed; the client's files come from
versioned, compressed, long-cached addresses; nothing is asked of another host.

A profile on disk, not Playwright's usual incognito context: Chromium never
offers to install from an incognito window (and a phone's browser is not one)."""

from __future__ import annotations

import re
import time

import pytest

from conftest import ARGS, CHROMIUM, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("locale, name", [("zh-TW", "桌遊助手"), ("en-US", "Table Companion")])
def test_the_app_installs_with_our_name_and_icon(browser, server, tmp_path, locale, name):
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, viewport=PHONE, locale=locale)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        outside: list[str] = []

        def route(r) -> None:
            if r.request.url.startswith(server.url + "/"):
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        page.goto(server.url)
        # the gzip copies are made in the background of a server's first start: wait for the big ones
        version = re.search(r'"v/([0-9a-f]+)/', page.content()).group(1)
        deadline = time.time() + 120
        while time.time() < deadline:
            heads = [page.request.head(f"{server.url}/v/{version}/{file}", headers={"accept-encoding": "gzip"})
                     for file in ("main.dart.wasm", "canvaskit/skwasm.wasm", "main.dart.js")]
            if all(h.headers.get("content-encoding") == "gzip" for h in heads):
                break
            time.sleep(1)
        responses: dict[str, dict[str, str]] = {}
        page.on("response", lambda r: responses.__setitem__(r.url, r.headers))
        page.reload()
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        page.get_by_role("button").first.wait_for(timeout=60_000)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest.get("errors")
        assert manifest["url"] == server.url + "/manifest.json"
        assert f'"name": "{name}"' in manifest["data"]
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        assert page.title() == name
        wasm = [h for url, h in responses.items() if "/v/" in url and url.endswith(".wasm")]
        assert wasm and all(h.get("content-encoding") == "gzip" and "immutable" in h.get("cache-control", "")
                            for h in wasm)
        assert outside == []
    finally:
        context.close()
