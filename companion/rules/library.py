"""The rules library: game facts (language-neutral) and rules text per language.

Layout, one folder per game::

    rules_data/<game>/facts.json      numbers and lists, read by engine AND text
    rules_data/<game>/en.json         rules text + the game's messages
    rules_data/<game>/zh_Hans.json
    rules_data/<game>/zh_Hant.json

A text file::

    {
      "name": "Manila",
      "aka": ["..."],                       # other names people search for
      "sections": [
        {"id": "setup", "title": "Setup",
         "clauses": [
           {"id": "manila.setup.money", "title": "Money",
            "text": "Each player takes {start_money} pesos.",
            "ruling": false,                 # true: our ruling where the rulebook is silent
            "table": {"columns": ["Players", "Cards"], "rows": [["3", "{deal.3}"]]}}
         ]}
      ],
      "messages": {"bid_not_higher": "A bid must beat {high}.", "phase.auction": "..."}
    }

``{a.b}`` in rules text and table cells is a path into facts.json, filled in
when the text is shown, so a number lives once.  ``{name}`` in messages is a
runtime parameter of the refusal or prompt.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, Iterator

from ..i18n import LANGUAGES, list_separator, number
from ..paths import rules_dir

PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.]+)\}")
CLAUSE_ID = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_-]+)+$")
SECTION_ID = re.compile(r"^[a-z0-9_-]+$")

_TOP_KEYS = {"name": str, "aka": list, "sections": list, "messages": dict}
_TOP_REQUIRED = {"name", "sections", "messages"}
_SECTION_KEYS = {"id": str, "title": str, "clauses": list}
_CLAUSE_KEYS = {"id": str, "title": str, "text": str, "ruling": bool, "table": dict}
_CLAUSE_REQUIRED = {"id", "title", "text"}
_TABLE_KEYS = {"columns": list, "rows": list}


class RulesDataError(ValueError):
    pass


def game_dirs() -> list[str]:
    return sorted(p.name for p in rules_dir().iterdir() if p.is_dir() and (p / "facts.json").exists())


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RulesDataError(f"{path}: {exc}") from exc


@cache
def facts(game_id: str) -> dict[str, Any]:
    return _read(rules_dir() / game_id / "facts.json")


@cache
def text(game_id: str, lang: str) -> dict[str, Any]:
    if lang not in LANGUAGES:
        raise RulesDataError(f"unknown language {lang!r}")
    data = _read(rules_dir() / game_id / f"{lang}.json")
    problems = validate_text(data, f"{game_id}/{lang}.json")
    if problems:
        raise RulesDataError("; ".join(problems))
    return data


def validate_text(data: Any, where: str) -> list[str]:
    """Schema check of one text file; unknown keys are refused."""
    problems: list[str] = []

    def check(obj: Any, keys: dict[str, type], required: set[str], at: str) -> bool:
        if not isinstance(obj, dict):
            problems.append(f"{at}: expected an object")
            return False
        for key, value in obj.items():
            if key not in keys:
                problems.append(f"{at}: unknown key {key!r}")
            elif not isinstance(value, keys[key]):
                problems.append(f"{at}.{key}: expected {keys[key].__name__}")
        for key in required - obj.keys():
            problems.append(f"{at}: missing {key!r}")
        return True

    if not check(data, _TOP_KEYS, _TOP_REQUIRED, where):
        return problems
    for i, name in enumerate(data.get("aka", [])):
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{where}.aka[{i}]: expected a non-empty string")
    for s_i, section in enumerate(data.get("sections", [])):
        at = f"{where}.sections[{s_i}]"
        if not check(section, _SECTION_KEYS, set(_SECTION_KEYS), at):
            continue
        if not SECTION_ID.match(section.get("id", "")):
            problems.append(f"{at}.id: bad section id {section.get('id')!r}")
        for c_i, clause in enumerate(section.get("clauses", [])):
            cat = f"{at}.clauses[{c_i}]"
            if not check(clause, _CLAUSE_KEYS, _CLAUSE_REQUIRED, cat):
                continue
            if not CLAUSE_ID.match(clause.get("id", "")):
                problems.append(f"{cat}.id: bad clause id {clause.get('id')!r}")
            for key in ("title", "text"):
                if isinstance(clause.get(key), str) and not clause[key].strip():
                    problems.append(f"{cat}.{key}: empty")
            table = clause.get("table")
            if isinstance(table, dict) and check(table, _TABLE_KEYS, set(_TABLE_KEYS), f"{cat}.table"):
                width = len(table.get("columns", []))
                for r_i, row in enumerate(table.get("rows", [])):
                    if not isinstance(row, list) or len(row) != width or not all(isinstance(c, str) for c in row):
                        problems.append(f"{cat}.table.rows[{r_i}]: expected {width} strings")
    for key, value in data.get("messages", {}).items():
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{where}.messages.{key}: expected a non-empty string")
    return problems


#: short text names for header facts: ``{min_players}`` reads ``players.min``
FACT_ALIASES = {"min_players": "players.min", "max_players": "players.max"}


def lookup_fact(game_id: str, path: str) -> Any:
    return fact_at(facts(game_id), path)


def fact_at(node: Any, path: str) -> Any:
    """The fact at ``path`` (``a.b.0``) in a facts.json object; in a list of objects a
    name picks the object with that ``key`` (``options.round_limit.suggested``).
    KeyError if there is none."""
    for part in FACT_ALIASES.get(path, path).split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, list) and any(isinstance(n, dict) and n.get("key") == part for n in node):
            node = next(n for n in node if isinstance(n, dict) and n.get("key") == part)
        else:
            raise KeyError(path)
    return node


def _fmt_fact(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return number(value, lang)
    if isinstance(value, list):
        sep = list_separator(lang)
        return sep.join(_fmt_fact(v, lang) for v in value)
    return str(value)


def render(game_id: str, template: str, lang: str) -> str:
    """Fill ``{path}`` placeholders of rules text from the game's facts."""
    return PLACEHOLDER.sub(lambda m: _fmt_fact(lookup_fact(game_id, m.group(1)), lang), template)


def iter_clauses(game_id: str, lang: str) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(section, clause) pairs in reading order."""
    for section in text(game_id, lang)["sections"]:
        for clause in section["clauses"]:
            yield section, clause


@cache
def _clause_index(game_id: str, lang: str) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    return {clause["id"]: (section, clause) for section, clause in iter_clauses(game_id, lang)}


def clause(clause_id: str, lang: str) -> dict[str, Any] | None:
    """A clause by id, its text rendered: {id, game, section, title, text, ruling, table}."""
    game_id = clause_id.split(".", 1)[0]
    if not (rules_dir() / game_id / "facts.json").exists():
        return None
    found = _clause_index(game_id, lang).get(clause_id)
    if found is None:
        return None
    section, raw = found
    out = {
        "id": clause_id,
        "game": game_id,
        "section": section["title"],
        "title": raw["title"],
        "text": render(game_id, raw["text"], lang),
        "ruling": bool(raw.get("ruling", False)),
        "table": None,
    }
    if raw.get("table"):
        out["table"] = {
            "columns": [render(game_id, c, lang) for c in raw["table"]["columns"]],
            "rows": [[render(game_id, c, lang) for c in row] for row in raw["table"]["rows"]],
        }
    return out


def clause_ids(game_id: str, lang: str) -> list[str]:
    return list(_clause_index(game_id, lang))


def game_name(game_id: str, lang: str) -> str:
    return str(text(game_id, lang)["name"])


def message(game_id: str, lang: str, key: str) -> str | None:
    """A game's own message template (refusal, prompt, label) or None."""
    try:
        return text(game_id, lang)["messages"].get(key)
    except RulesDataError:
        return None


def clear_caches() -> None:
    """Forget loaded facts and texts (tests that point the library at another folder)."""
    facts.cache_clear()
    text.cache_clear()
    _clause_index.cache_clear()
    aliases.cache_clear()
    questions.cache_clear()


def phase_clauses(game_id: str) -> dict[str, list[str]]:
    """facts.json ``phase_clauses``: phase -> clause ids for the "what can I do now?" card."""
    raw = facts(game_id).get("phase_clauses", {})
    if not isinstance(raw, dict):
        raise RulesDataError(f"{game_id}/facts.json: phase_clauses must be an object")
    return {str(phase): [str(cid) for cid in ids] for phase, ids in raw.items()}


ALIAS_LANGS = ("en", "zh", "zh_Hans", "zh_Hant")


@cache
def aliases(game_id: str) -> dict[str, list[str]]:
    """``rules_data/<game>/aliases.json``: other words players search with, for a clause id or a
    section id: ``{"<clause or section id>": {"en": [...], "zh": [...]}}`` ("zh" for both
    scripts; "zh_Hans"/"zh_Hant" when only one uses the word).  The words are never shown; they
    only lead the search to the clause.  Empty when the game has no file."""
    path = rules_dir() / game_id / "aliases.json"
    if not path.exists():
        return {}
    data = _read(path)
    problems = validate_aliases(data, f"{game_id}/aliases.json")
    if problems:
        raise RulesDataError("; ".join(problems))
    return {key: [w for lang in ALIAS_LANGS for w in by_lang.get(lang, [])] for key, by_lang in data.items()}


def validate_aliases(data: Any, where: str, targets: set[str] | None = None) -> list[str]:
    """Schema check of an aliases file; ``targets``: the clause and section ids it may name."""
    if not isinstance(data, dict):
        return [f"{where}: expected an object"]
    problems: list[str] = []
    for key, by_lang in data.items():
        at = f"{where}.{key}"
        if not (CLAUSE_ID.match(key) or SECTION_ID.match(key)):
            problems.append(f"{at}: bad clause or section id")
        elif targets is not None and key not in targets:
            problems.append(f"{at}: no such clause or section")
        if not isinstance(by_lang, dict) or not by_lang:
            problems.append(f"{at}: expected an object of languages")
            continue
        for lang, words in by_lang.items():
            if lang not in ALIAS_LANGS:
                problems.append(f"{at}: unknown language {lang!r}")
            elif not isinstance(words, list) or not words or not all(isinstance(w, str) and w.strip() for w in words):
                problems.append(f"{at}.{lang}: expected a list of non-empty strings")
            elif len(set(words)) != len(words):
                problems.append(f"{at}.{lang}: a word is listed twice")
    return problems


@cache
def questions(game_id: str) -> dict[str, dict[str, list[str]]]:
    """``rules_data/<game>/questions.json``'s ``questions``: clause id -> language -> the
    questions players ask at the table that the clause answers, in their own words (issue 34).
    Never shown; the search indexes them with the clause.  Empty when the game has no file."""
    path = rules_dir() / game_id / "questions.json"
    if not path.exists():
        return {}
    data = _read(path)
    problems = validate_questions(data, f"{game_id}/questions.json")
    if problems:
        raise RulesDataError("; ".join(problems))
    return {cid: {lang: list(qs) for lang, qs in by_lang.items()} for cid, by_lang in data["questions"].items()}


def validate_questions(data: Any, where: str, clause_ids: set[str] | None = None) -> list[str]:
    """Schema check of a questions file: ``{"about": [...], "questions": {clause id: {lang: [...]}}}``
    with every language of the app, each a list of distinct non-empty strings; ``clause_ids``:
    the game's clauses, every one of which must be a key, and no other."""
    if not isinstance(data, dict):
        return [f"{where}: expected an object"]
    problems = [f"{where}: unknown key {key!r}" for key in data if key not in ("about", "questions")]
    about = data.get("about", [])
    if not isinstance(about, list) or not all(isinstance(a, str) for a in about):
        problems.append(f"{where}.about: expected a list of strings")
    found = data.get("questions")
    if not isinstance(found, dict):
        return problems + [f"{where}.questions: expected an object"]
    seen: dict[tuple[str, str], str] = {}  # (language, question) -> the clause it is under
    for cid, by_lang in found.items():
        at = f"{where}.questions.{cid}"
        if not CLAUSE_ID.match(cid):
            problems.append(f"{at}: bad clause id")
        elif clause_ids is not None and cid not in clause_ids:
            problems.append(f"{at}: no such clause")
        if not isinstance(by_lang, dict):
            problems.append(f"{at}: expected an object of languages")
            continue
        for lang in by_lang.keys() - set(LANGUAGES):
            problems.append(f"{at}: unknown language {lang!r}")
        for lang in LANGUAGES:
            qs = by_lang.get(lang)
            if not isinstance(qs, list) or not qs or not all(isinstance(q, str) and q.strip() for q in qs):
                problems.append(f"{at}.{lang}: expected a list of non-empty strings")
            elif len({q.strip().lower() for q in qs}) != len(qs):
                problems.append(f"{at}.{lang}: a question is listed twice")
            else:
                for q in qs:
                    other = seen.setdefault((lang, q.strip().lower()), cid)
                    if other != cid:
                        problems.append(f"{at}.{lang}: {q!r} is also asked of {other}")
    if clause_ids is not None:
        for cid in sorted(clause_ids - found.keys()):
            problems.append(f"{where}.questions: no questions for {cid}")
    return problems
