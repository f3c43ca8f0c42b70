"""The browser's idle warm-up of the rules search (companion.rules.warmup, hosts.browser)."""

from __future__ import annotations

import asyncio

from companion.rules import search, warmup
from companion.ui.hosts import browser

#: player questions, none of them a warm-up query, in the three languages and at tables
ASKED = (("what if the boat doesnt reach the harbour", "en", "manila"), ("骰到7怎么办", "zh_Hans", "catan"),
         ("蟑螂撲克誰輸了", "zh_Hant", None), ("tie in a fight", "en", "kutschfahrt"))


def _answers() -> list[list[tuple[str, str]]]:
    return [[(h.clause_id, h.lang) for h in search.search(q, prefer=lang, limit=10, game=game)]
            for q, lang, game in ASKED]


def test_after_the_warm_up_the_index_is_loaded_and_every_answer_is_the_one_without_it() -> None:
    search.reset()
    try:
        cold = _answers()
        search.reset()
        names = list(warmup.steps())
        assert search.index_ready()
        assert names[:2] == ["search imported", "search index loaded"]
        assert [n for n in names if n.startswith("warm query")] == [f"warm query {lang}" for lang, _, _ in warmup.QUERIES]
        assert _answers() == cold
        assert all(cold)  # the questions find something: the comparison is not of empty lists
    finally:
        search.reset()


def test_the_browser_warms_the_search_a_step_at_a_time_giving_the_loop_its_turn_between() -> None:
    """A tap that comes while the search is warmed waits for one step, never for all of them."""
    search.reset()
    seen: list[str] = []
    before = len(browser.BOOT)

    async def other() -> None:  # what a tap's handler would be: it gets the loop whenever it is given
        while True:
            seen.append("other")
            await asyncio.sleep(0)

    async def run() -> None:
        task = asyncio.get_running_loop().create_task(other())
        original = warmup.steps

        def marked():
            for name in original():
                seen.append(name)
                yield name
        warmup.steps = marked
        try:
            await browser.warm_search(delay=0)
        finally:
            warmup.steps = original
            task.cancel()

    try:
        asyncio.run(run())
        steps = [s for s in seen if s != "other"]
        assert len(steps) >= 4 and search.index_ready()
        for name in steps[:-1]:  # after each step but the last, the other task ran before the next
            after = seen[seen.index(name) + 1]
            assert after == "other", (name, seen)
        assert [m for m, _ in browser.BOOT[before:]] == steps
    finally:
        search.reset()
