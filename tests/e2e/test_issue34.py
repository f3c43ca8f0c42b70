"""Issue 34 in the real web app: an answer's page lists related rules and asks "Did this
answer it?"; a no is kept on the device.  Screenshots for review, phone and tablet, the app in
Traditional Chinese (Taiwan wording) and in English."""

from __future__ import annotations

import pytest

from companion.i18n import Translator
from companion.storage import Store
from conftest import PHONE, TABLET, Screen, Server

pytestmark = pytest.mark.browser

#: (app language, query, the shipyard clause's title in it)
CASES = {"zh_Hant": ("修船場", "修船場位置"), "en": ("shipyard spaces", "Shipyard spaces")}


@pytest.mark.parametrize("lang", ["zh_Hant", "en"])
def test_an_answer_shows_related_rules_and_keeps_a_no(browser, tmp_path, lang):
    store = Store(tmp_path / "companion.db")
    store.set_setting("lang", lang)
    store.close()
    server = Server(tmp_path)
    t = Translator(lang).gettext
    query, title = CASES[lang]
    try:
        for viewport, size in ((PHONE, "phone"), (TABLET, "tablet")):
            screen = Screen(browser, server, viewport)
            try:
                screen.click(t("Rules"))
                screen.fill(t("Search all rules"), query)
                result = screen.button(title)  # a result is one button, named by all its text
                result.wait_for(timeout=30000)
                for attempt in range(3):
                    # the results redraw as the words arrive: a tap on a button just replaced is
                    # dropped (as a person's would be), so tap again while the answer has not come
                    result.click()
                    try:
                        screen.wait_text(t("Related rules"), timeout=10000)
                        break
                    except Exception:
                        if attempt == 2 or not result.is_visible():
                            raise
                screen.wait_text(t("Did this answer it?"), timeout=30000)
                screen.shot(f"{size}-{lang}-rules-answer-related")
                if size == "phone":
                    screen.click(t("No, it did not"), exact=True)
                    screen.wait_text(t("Noted on this device."), timeout=30000)
                    screen.shot(f"{size}-{lang}-rules-answer-noted")
            finally:
                screen.close()
    finally:
        server.stop()
    store = Store(tmp_path / "companion.db")
    misses = store.search_misses()
    store.close()
    assert [(m["query"], m["lang"], m["table"]) for m in misses] == [(query, lang, None)]
