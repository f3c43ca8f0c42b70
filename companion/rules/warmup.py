"""The rules search made ready while nobody is searching, in steps.

The server builds (or loads) the search index in a thread of its own
(:func:`companion.rules.search.warm_up`).  The browser has no threads: there
the first search of a launch would pay for loading the index built ahead and
for the interpreter's first run through the search's code (in Pyodide about
100-250 ms, against 1 ms for a warm query).  :func:`steps` cuts that work into
short steps that the browser's host runs one at a time on its event loop once
the first screen is shown, yielding between them, so a tap that comes
meanwhile waits for one step at most, and the player's first search finds the
index loaded and the code run.

The warm queries are the search's own (one a language, a word every rules
text of that language holds): they touch no table, no store and nothing a
later search reads back, so what a person's search answers is the same with or
without them (``tests/test_search_warmup.py``).
"""

from __future__ import annotations

from typing import Iterator

#: one query a language, through the paths a player's question takes (words, a misspelt one,
#: a Chinese run to cut, a table's game first): their answers are thrown away
QUERIES = (("en", "how many cardz when the round ends", "catan"), ("zh_Hans", "一轮结束时拿几张牌", "manila"),
           ("zh_Hant", "一輪結束時拿幾張牌", None))


def steps() -> Iterator[str]:
    """Warm the search, one step per item (its name, for the launch's marks)."""
    from . import search  # here, not at the top: the import is the first step's cost

    yield "search imported"
    index = search.default_index()
    yield "search index loaded"
    if getattr(index, "_related_saved", None) is None:  # built here, not loaded: related() reads these
        index._vectors()
        yield "related rules ready"
    for lang, query, game in QUERIES:
        index.search(query, prefer=lang, limit=30, game=game)
        yield f"warm query {lang}"
