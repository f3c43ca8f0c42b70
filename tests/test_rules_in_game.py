"""Issue 36: the rules from inside a game.  The table's rules button opens the game's rules
with a search box that looks in this game first; a search result and a refusal's rule link
open the same clause page; Back goes back to the search, then to the table where it was;
a result's preview is the sentence that answers."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core import Action
from companion.i18n import LANGUAGE_NAMES
from companion.rules import library
from companion.rules.search import search
from companion.storage import Store
from companion.ui.app import App
from ui_harness import manila_to, Event, FakePage, find, run_coroutine, texts, type_into, walk


@pytest.fixture
def app(tmp_path):
    application = App(FakePage(), Store(tmp_path / "ui.db"))
    application.render()
    return application


def _scrolls(app):
    """Run the scroll tasks the app queued; the offsets it scrolled to."""
    done = []

    async def scroll_to(offset=None, **kw):
        done.append(offset)

    app.page.scroll_to = scroll_to
    tasks, app.page.tasks = app.page.tasks, []
    for handler, args, kwargs in tasks:
        run_coroutine(handler(*args, **kwargs))
    return done


def _results(app):
    """The result tiles on the page: (game line, title, preview, tile)."""
    out = []
    for c in walk(app.page.controls):
        if isinstance(c, ft.Container) and c.on_click is not None and isinstance(c.content, ft.Column):
            parts = c.content.controls
            if len(parts) == 3 and isinstance(parts[0], ft.Text) and " · " in (parts[0].value or "") \
                    and parts[0].value.endswith(tuple(LANGUAGE_NAMES.values())):
                out.append((parts[0].value, "".join(s.text for s in parts[1].spans),
                            "".join(s.text for s in parts[2].spans), c))
    return out


def _open_rules_from_the_table(app):
    rules = next(c for c in app.page.appbar.actions if getattr(c, "tooltip", None) == app._("Rules"))
    rules.on_click(Event(rules))
    assert app.nav.screen == "rules" and app.nav.params.get("game") == "manila"


def _box_label(app):
    return app._("Search the rules, {game} first", game=library.game_name("manila", app.lang))


@pytest.mark.parametrize("lang,query", [("en", "auction"), ("zh_Hans", "游戏结束"), ("zh_Hant", "遊戲結束")])
def test_the_tables_rules_button_opens_a_search_that_finds_this_games_clause_first(app, lang, query):
    app.lang = lang
    manila_to(app, "auction")
    _open_rules_from_the_table(app)
    type_into(app.page, _box_label(app), query)
    found = _results(app)
    # another game's clause comes first in the library's search, without a table ...
    assert search(query, prefer=lang)[0].game != "manila"
    # ... but inside a Manila table, Manila's clause comes first, in the reader's language
    assert found[0][0] == f"{library.game_name('manila', lang)} · {LANGUAGE_NAMES[lang]}"
    found[0][3].on_click(Event(found[0][3]))
    assert app.nav.screen == "rules" and app.nav.params["clause"].startswith("manila.")


def test_a_refusal_link_and_a_search_result_open_the_same_clause_and_back_returns_to_the_table(app):
    shown = []
    app.page.show_dialog = shown.append
    app.page.pop_dialog = lambda: shown and shown.pop()
    manila_to(app, "auction")
    assert not app.dispatch(Action.make("bid", 1, amount=1))  # Ben out of turn: Ana bids first
    rule = app.refusal.rule
    link = next(b for b in shown[-1].actions if str(b.content).startswith("Rule: "))
    link.on_click(None)
    assert app.nav.screen == "rules" and app.nav.params["clause"] == rule
    by_link = texts(app.page)
    app.go_back()
    assert app.nav.screen == "table"

    _scrolls(app)
    app.scrolled(type("E", (), {"pixels": 640.0})())  # the user had scrolled down the table
    _open_rules_from_the_table(app)
    title = library.clause(rule, "en")["title"]
    type_into(app.page, _box_label(app), title)
    tile = next(t for g, t_title, p, t in _results(app)[:3] if t_title == title)
    tile.on_click(Event(tile))
    assert app.nav.screen == "rules" and app.nav.params["clause"] == rule
    assert texts(app.page) == by_link  # the same page, word for word
    app.go_back()  # back to the search as it was
    assert find(app.page, _box_label(app), ft.TextField).value == title and _results(app)
    _scrolls(app)
    app.go_back()  # back to the table, where it was
    assert app.nav.screen == "table" and _scrolls(app) == [640.0]


@pytest.mark.parametrize("lang,query,answer", [
    # the answer is the middle sentence of Modern Art's open auction: the old preview, the
    # clause's first 60 characters, showed "Everyone, the seller included, … When the sel…"
    ("en", "seller satisfied", "When the seller is satisfied they close the auction (going once, going twice, sold) "
                               "and the highest bidder buys."),
    ("zh_Hans", "卖家满意", "卖家满意时宣布成交（一次、两次、成交！），由出价最高者买下。"),
    ("zh_Hant", "賣家滿意", "賣家覺得滿意時就喊成交（一次、兩次、成交！），由出價最高的人買下。"),
])
def test_a_results_preview_is_the_sentence_that_answers(app, lang, query, answer):
    app.lang = lang
    app.go("rules", game="modern_art")
    type_into(app.page, app._("Search the rules, {game} first", game=library.game_name("modern_art", lang)), query)
    game_line, title, preview, tile = _results(app)[0]
    assert title == library.clause("modern_art.auction.open", lang)["title"]
    assert preview == "…" + answer + (" …" if lang == "en" else "…")
    marks = [s.text for s in tile.content.controls[2].spans if s.style is not None]
    assert marks and all(m in answer for m in marks)  # the words that match, marked in it
