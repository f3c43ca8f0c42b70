"""How well the rules search answers players: the tuning set and the held-out set, per language.

* the tuning set: ``CASES`` of tests/test_search_queries.py (questions the search was tuned on,
  every one must be in the top 3);
* the held-out set: tests/search_heldout.json (questions written, with their clauses, and
  committed before they were ever run; never tuned on).

A question is found at rank k when one of its clauses is among the first k hits of
``search(query, game=game, prefer=lang)``.  ``python scripts/search_eval.py`` prints the figures
and the held-out misses; tests/test_search_eval.py holds the README's table to them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import LANGUAGES
from companion.rules import search

HELDOUT = Path(__file__).resolve().parent / "search_heldout.json"
#: round 3 (issue 34): 91 fresh questions, committed before they were run, never tuned on
HELDOUT_3 = Path(__file__).resolve().parent / "search_heldout_3.json"
#: round 4 (issue 34): 45 questions written after the issue-34 changes, committed before they were run
HELDOUT_4 = Path(__file__).resolve().parent / "search_heldout_4.json"
#: round 5 (issue 34): 30 questions written after every issue-34 change, committed before they were run
HELDOUT_5 = Path(__file__).resolve().parent / "search_heldout_5.json"
#: round 6 (issue 34): 90 questions written blind (by someone who read neither the search nor its
#: lexicon) and committed before any was run; first run on the search of this stop
HELDOUT_6 = Path(__file__).resolve().parent / "search_heldout_6.json"
#: round 7 (issue 34): 90 questions written blind and committed before any was run; first run on the
#: search before branch search7, second after it (its writer never read it)
HELDOUT_7 = Path(__file__).resolve().parent / "search_heldout_7.json"
HELDOUT_8 = Path(__file__).resolve().parent / "search_heldout_8.json"
#: round 9 (issue 34): 90 questions written blind and committed (ad4f04d) before any was run; first
#: run on the search after branch search9
HELDOUT_9 = Path(__file__).resolve().parent / "search_heldout_9.json"
#: round 10 (issue 34): 90 everyday questions written blind and committed before any was run;
#: first run on the search after branch search10
HELDOUT_10 = Path(__file__).resolve().parent / "search_heldout_10.json"
#: round 11 (issue 34): 90 questions (two thirds everyday) written blind and committed before any
#: was run; first run on the search after branch search11
HELDOUT_11 = Path(__file__).resolve().parent / "search_heldout_11.json"
#: round 12 (issue 34): 90 questions written blind and committed before any was run; first run
#: on the search after branch search12
HELDOUT_12 = Path(__file__).resolve().parent / "search_heldout_12.json"
#: round 13 (issue 34): 90 questions written blind and committed before any was run; first run
#: on the search after branch search13
HELDOUT_13 = Path(__file__).resolve().parent / "search_heldout_13.json"
#: round 14 (issue 34): 90 questions written blind and committed before any was run; first run
#: on the search after branch search13b
HELDOUT_14 = Path(__file__).resolve().parent / "search_heldout_14.json"
#: round 15 (issue 34): 90 questions written blind and committed before any was run; first run
#: on the search of main before branch search15 and on the search after it (both fresh to it)
HELDOUT_15 = Path(__file__).resolve().parent / "search_heldout_15.json"
#: round 16 (issue 34): 90 questions written blind and committed before any was run; first run
#: on the search after branch search15 and the reading of held-out 15
HELDOUT_16 = Path(__file__).resolve().parent / "search_heldout_16.json"
#: round 17 (issue 34): 90 questions written blind and committed before any was run; first run
#: on the search after held-out 16's reading
HELDOUT_17 = Path(__file__).resolve().parent / "search_heldout_17.json"
#: round 18 (issue 34): 90 questions written blind and committed before any was run; first run
#: on the search after held-out 17's reading
HELDOUT_18 = Path(__file__).resolve().parent / "search_heldout_18.json"
#: rounds 19 and 20 (issue 34): 90 questions each, written blind at the same time by two writers and
#: committed before any was run; first run on the search of 2e93980 (held-out 18 read, not tuned on):
#: 19: 61 / 75 first / top 3, 20: 63 / 74 (round 20 leans to short questions typed between turns)
HELDOUT_19 = Path(__file__).resolve().parent / "search_heldout_19.json"
HELDOUT_20 = Path(__file__).resolve().parent / "search_heldout_20.json"
#: rounds 21 and 22 (issue 34): 90 questions each, written blind and committed before any was run;
#: first run on the search of main at e41b72a (nothing tuned on them): 21: 63 / 80 first / top 3,
#: 22: 55 / 78 (round 22 leans to a new player's questions while being taught)
HELDOUT_21 = Path(__file__).resolve().parent / "search_heldout_21.json"
HELDOUT_22 = Path(__file__).resolve().parent / "search_heldout_22.json"


@dataclass(frozen=True)
class Question:
    query: str
    game: str | None
    lang: str
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class Figure:
    """One language's result on one set."""

    asked: int
    first: int  # right clause first
    top3: int  # right clause in the first three
    misses: tuple[tuple[Question, tuple[str, ...]], ...]  # (question, its first three hits) not in the top 3


def tuning() -> list[Question]:
    from test_search_queries import CASES

    return [Question(q, g, lang, (cid,)) for q, g, lang, cid in CASES]


def heldout(path: Path = HELDOUT) -> list[Question]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Question(q["query"], q["game"], q["lang"], tuple(q["clauses"])) for q in data["questions"]]


def heldout_3() -> list[Question]:
    return heldout(HELDOUT_3)


def heldout_4() -> list[Question]:
    return heldout(HELDOUT_4)


def heldout_5() -> list[Question]:
    return heldout(HELDOUT_5)


#: the numbered rounds' files, in the README's order
ROUNDS = {3: HELDOUT_3, 4: HELDOUT_4, 5: HELDOUT_5, 6: HELDOUT_6, 7: HELDOUT_7, 8: HELDOUT_8, 9: HELDOUT_9,
          10: HELDOUT_10, 11: HELDOUT_11, 12: HELDOUT_12, 13: HELDOUT_13,
          14: HELDOUT_14, 15: HELDOUT_15, 16: HELDOUT_16, 17: HELDOUT_17, 18: HELDOUT_18,
          19: HELDOUT_19, 20: HELDOUT_20, 21: HELDOUT_21, 22: HELDOUT_22}


def all_figures() -> dict[str, dict[str, Figure]]:
    """The README's sets, in its order: tuning, held-out (rounds 1-2), held-out 3 to 20."""
    return {"tuning": evaluate(tuning()), "held-out": evaluate(heldout()),
            **{f"held-out {n}": evaluate(heldout(path)) for n, path in ROUNDS.items()}}


def rank(question: Question) -> tuple[int | None, tuple[str, ...]]:
    """The 1-based rank of the first hit that answers ``question`` (None: not in the first 3),
    and the first three hits' clause ids."""
    hits = [h.clause_id for h in search.search(question.query, game=question.game, prefer=question.lang, limit=3)]
    found = next((i + 1 for i, cid in enumerate(hits) if cid in question.clauses), None)
    return found, tuple(hits)


def evaluate(questions: list[Question]) -> dict[str, Figure]:
    """Per language (and "all"): how many were asked, found first, found in the top 3, and the misses."""
    out: dict[str, Figure] = {}
    for lang in (*LANGUAGES, "all"):
        asked = [q for q in questions if lang in ("all", q.lang)]
        first = top3 = 0
        misses = []
        for q in asked:
            found, hits = rank(q)
            first += found == 1
            top3 += found is not None
            if found is None:
                misses.append((q, hits))
        out[lang] = Figure(len(asked), first, top3, tuple(misses))
    return out


def table_rows(figures: dict[str, dict[str, Figure]]) -> list[str]:
    """The README's table rows: '| set | language | asked | first | top 3 |'."""
    names = {"en": "English", "zh_Hans": "Simplified", "zh_Hant": "Traditional", "all": "all"}
    rows = []
    for set_name, per_lang in figures.items():
        for lang, f in per_lang.items():
            rows.append(f"| {set_name} | {names[lang]} | {f.asked} | {f.first}/{f.asked} | {f.top3}/{f.asked} |")
    return rows
