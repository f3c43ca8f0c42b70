"""The README's search figures are the search's (issues 24, 34): the tuning and the held-out sets,
per language, as scripts/search_eval.py measures them now."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import search_eval
from companion.i18n import LANGUAGES
from companion.rules import library, search

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.fixture(scope="module", autouse=True)
def real_library() -> None:
    library.clear_caches()
    search.reset()


def readme_rows() -> list[str]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"<!-- search-figures -->\n(.*?)<!-- /search-figures -->", text, re.S)
    assert block, "README lost its search figures"
    return [line for line in block.group(1).splitlines() if line.startswith("| tuning") or line.startswith("| held-out")]


def test_the_readme_states_the_figures_as_measured() -> None:
    assert readme_rows() == search_eval.table_rows(search_eval.all_figures())


def test_the_heldout_set_is_large_and_honest() -> None:
    """At least 20 questions per language; every clause named exists; no question is in both
    sets (a question moves to the tuning set when a fix makes it pass, and leaves this one)."""
    data = json.loads(search_eval.HELDOUT.read_text(encoding="utf-8"))
    questions = search_eval.heldout()
    for lang in LANGUAGES:
        assert sum(q.lang == lang for q in questions) >= 20, lang
    for q in questions:
        assert q.clauses and all(library.clause(c, "en") is not None for c in q.clauses), q
    tuning = {(q.query, q.game) for q in search_eval.tuning()}
    assert not tuning & {(q.query, q.game) for q in questions}
    moved = {(q["query"], q["game"]) for q in data["moved_to_tuning"]}
    assert moved <= tuning  # what moved out is in the tuning set, where it must stay in the top 3


def test_the_tuning_set_is_answered_in_the_top_3() -> None:
    figure = search_eval.evaluate(search_eval.tuning())["all"]
    assert figure.top3 == figure.asked, [(q.query, hits) for q, hits in figure.misses]


def test_heldout_3_is_large_honest_and_never_tuned_on() -> None:
    """Round 3 (issue 34): at least 30 questions per language and 5 per game over all 13, every
    question at a table of the game its clauses belong to, every clause named exists, and none
    of its questions is in the tuning set or in the older held-out set."""
    questions = search_eval.heldout_3()
    for lang in LANGUAGES:
        assert sum(q.lang == lang for q in questions) >= 30, lang
    games = library.game_dirs()
    assert len(games) == 13
    for game in games:
        assert sum(q.game == game for q in questions) >= 5, game
    for q in questions:
        assert q.clauses and all(c.startswith(f"{q.game}.") and library.clause(c, "en") is not None
                                 for c in q.clauses), q
    asked = {(q.query, q.game) for q in questions}
    assert not asked & {(q.query, q.game) for q in search_eval.tuning()}
    assert not asked & {(q.query, q.game) for q in search_eval.heldout()}


@pytest.mark.parametrize(("round_", "per_lang"), [(4, 15), (5, 10)])
def test_later_rounds_cover_every_game_and_repeat_no_question(round_: int, per_lang: int) -> None:
    """Rounds 4 and 5 (issue 34): per_lang questions per language over all 13 games, each at its
    game's table with clauses that exist; none in the tuning set or in an earlier held-out set."""
    rounds = {3: search_eval.heldout_3, 4: search_eval.heldout_4, 5: search_eval.heldout_5}
    questions = rounds[round_]()
    for lang in LANGUAGES:
        assert sum(q.lang == lang for q in questions) >= per_lang, lang
    assert {q.game for q in questions} == set(library.game_dirs())
    for q in questions:
        assert q.clauses and all(c.startswith(f"{q.game}.") and library.clause(c, "en") is not None
                                 for c in q.clauses), q
    asked = {(q.query, q.game) for q in questions}
    for earlier in (search_eval.tuning(), search_eval.heldout(), *(rounds[r]() for r in rounds if r < round_)):
        assert not asked & {(q.query, q.game) for q in earlier}
