"""Generic checks of every rules_data/<game>/ folder and of the engines' references to it.

Each check is a function ``check_*(root, game) -> list[str]`` (problems, each
naming the file and the clause or key); the tests run them over every game
folder that exists, and over a small fixture library (clean, then with
deliberate mistakes) to show that each check can fail.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import string
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from companion.i18n import LANGUAGES
from companion.messages import CORE_MESSAGES
from companion.paths import rules_dir
from companion.rules.library import CLAUSE_ID, PLACEHOLDER, fact_at, validate_text

ROOT = Path(__file__).resolve().parent.parent
GAMES_SRC = ROOT / "companion" / "games"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "rules_data"

#: the names players know, per language (issue 6); English may have alternatives and may
#: say more ("Mamma Mia!"), a Chinese name is exactly the one given
GAME_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "manila": {"en": ("Manila",), "zh_Hans": ("马尼拉",), "zh_Hant": ("馬尼拉",)},
    "niagara": {"en": ("Niagara",), "zh_Hans": ("尼加拉瀑布",), "zh_Hant": ("尼加拉瀑布",)},
    "modern_art": {"en": ("Modern Art",), "zh_Hans": ("现代艺术",), "zh_Hant": ("現代藝術",)},
    "silk_road": {"en": ("Silk Road",), "zh_Hans": ("海上丝路",), "zh_Hant": ("海上絲路",)},
    "catan": {"en": ("Catan",), "zh_Hans": ("卡坦岛",), "zh_Hant": ("卡坦島",)},
    "citadels": {"en": ("Citadels",), "zh_Hans": ("富饶之城",), "zh_Hant": ("富饒之城",)},
    "dominion": {"en": ("Dominion",), "zh_Hans": ("领土",), "zh_Hant": ("皇輿爭霸",)},  # the Taiwan edition
    "pandemic": {"en": ("Pandemic",), "zh_Hans": ("瘟疫危机",), "zh_Hant": ("瘟疫危機",)},
    "saboteur": {"en": ("Saboteur",), "zh_Hans": ("矮人矿工",), "zh_Hant": ("矮人礦工",)},
    "mamma_mia": {"en": ("Mamma Mia",), "zh_Hans": ("妈妈咪呀",), "zh_Hant": ("媽媽咪呀",)},
    "cockroach_poker": {"en": ("Cockroach Poker",), "zh_Hans": ("德国蟑螂",), "zh_Hant": ("德國蟑螂",)},
    "im_the_boss": {"en": ("I'm the Boss",), "zh_Hans": ("我是大老板",), "zh_Hant": ("我是大老闆",)},
    "kutschfahrt": {"en": ("Kutschfahrt", "Castle of the Devil"), "zh_Hans": ("魔城马车",),
                    "zh_Hant": ("魔城馬車",)},
}
#: (game, clause id or message key) whose translations may name a placeholder fewer times
#: than English: "各 {each} 张" says once what "{each} Order and {each} Brotherhood" says twice
REPEATS_MAY_DIFFER = {("kutschfahrt", "kutschfahrt.components.list"), ("kutschfahrt", "ui.setup_associations")}
REFUSALS = {"IllegalAction", "AmbiguousAction"}
PHASE_KEY = re.compile(r"^phase\.[a-z0-9_]+$")

Check = Callable[[Path, str], list[str]]


# ---------------------------------------------------------------- loading

def game_folders(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.is_dir()) if root.is_dir() else []


def _load(path: Path) -> tuple[Any, str | None]:
    try:
        return json.loads(path.read_text(encoding="utf-8")), None
    except FileNotFoundError:
        return None, f"{path.parent.name}/{path.name}: missing"
    except (OSError, json.JSONDecodeError) as exc:
        return None, f"{path.parent.name}/{path.name}: {exc}"


def load_game(root: Path, game: str) -> tuple[dict[str, Any] | None, dict[str, dict[str, Any]], list[str]]:
    """facts, {lang: text} (only the files that parse as objects), load problems."""
    problems: list[str] = []
    facts, err = _load(root / game / "facts.json")
    if err:
        problems.append(err)
    elif not isinstance(facts, dict):
        problems.append(f"{game}/facts.json: expected an object")
        facts = None
    texts: dict[str, dict[str, Any]] = {}
    for lang in LANGUAGES:
        data, err = _load(root / game / f"{lang}.json")
        if err:
            problems.append(err)
        elif isinstance(data, dict):
            texts[lang] = data
        else:
            problems.append(f"{game}/{lang}.json: expected an object")
    return facts, texts, problems


def _clauses(data: dict[str, Any]) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    for section in data.get("sections", []):
        if isinstance(section, dict):
            for clause in section.get("clauses", []):
                if isinstance(clause, dict):
                    yield section, clause


def clause_ids(data: dict[str, Any]) -> list[str]:
    return [str(c.get("id")) for _, c in _clauses(data)]


def _rules_fields(clause: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, string) of every rules-text string of a clause (placeholders are fact paths)."""
    for key in ("title", "text"):
        if isinstance(clause.get(key), str):
            yield key, clause[key]
    table = clause.get("table")
    if isinstance(table, dict):
        for c, col in enumerate(table.get("columns", [])):
            if isinstance(col, str):
                yield f"table column {c}", col
        for r, row in enumerate(table.get("rows", [])):
            for c, cell in enumerate(row if isinstance(row, list) else []):
                if isinstance(cell, str):
                    yield f"table row {r} cell {c}", cell


def message_fields(template: str) -> Counter[str]:
    """The {fields} of a message template, each with how often it is used; ValueError if
    it is not a valid format string."""
    return Counter(name for _, name, _, _ in string.Formatter().parse(template) if name is not None)


def _differ(game: str, key: str, by_lang: dict[str, Counter[str]], what: str) -> str | None:
    """The problem, if any, when the languages' placeholders (or fields) of one string differ:
    other names, or (unless REPEATS_MAY_DIFFER allows it) the same names used more or fewer times."""
    if len({frozenset(names) for names in by_lang.values()}) > 1:
        shown = ", ".join(f"{lang}: {sorted(names)}" for lang, names in sorted(by_lang.items()))
        return f"{game}: {what} differ ({shown})"
    if (game, key) not in REPEATS_MAY_DIFFER and len({frozenset(c.items()) for c in by_lang.values()}) > 1:
        shown = ", ".join(f"{lang}: {dict(sorted(c.items()))}" for lang, c in sorted(by_lang.items()))
        return f"{game}: {what} are used a different number of times ({shown})"
    return None


def _has_path(facts: dict[str, Any], path: str) -> bool:
    try:
        fact_at(facts, path)
    except KeyError:
        return False
    return True


# ---------------------------------------------------------------- checks of one folder

def check_files(root: Path, game: str) -> list[str]:
    """facts.json and the three language files exist and parse."""
    return load_game(root, game)[2]


def check_schema(root: Path, game: str) -> list[str]:
    """library.validate_text (unknown keys refused, types, ids) plus no empty text anywhere."""
    _, texts, _ = load_game(root, game)
    problems: list[str] = []
    for lang, data in texts.items():
        where = f"{game}/{lang}.json"
        problems += validate_text(data, where)
        if isinstance(data.get("name"), str) and not data["name"].strip():
            problems.append(f"{where}: empty name")
        if not data.get("sections"):
            problems.append(f"{where}: no sections")
        for section in data.get("sections", []):
            if isinstance(section, dict) and isinstance(section.get("title"), str) and not section["title"].strip():
                problems.append(f"{where}: section {section.get('id')} has an empty title")
            if isinstance(section, dict) and not section.get("clauses"):
                problems.append(f"{where}: section {section.get('id')} has no clauses")
        for _, clause in _clauses(data):
            for at, value in _rules_fields(clause):
                if at.startswith("table") and not value.strip():
                    problems.append(f"{where}: clause {clause.get('id')} {at} is empty")
    return problems


def check_clause_ids(root: Path, game: str) -> list[str]:
    """Ids are unique and read ``<game>.<section>.<slug>``."""
    _, texts, _ = load_game(root, game)
    problems: list[str] = []
    for lang, data in texts.items():
        seen: set[str] = set()
        for section, clause in _clauses(data):
            cid = str(clause.get("id"))
            if cid in seen:
                problems.append(f"{game}/{lang}.json: clause id {cid} appears twice")
            seen.add(cid)
            prefix = f"{game}.{section.get('id')}."
            if not cid.startswith(prefix) or not CLAUSE_ID.match(cid):
                problems.append(f"{game}/{lang}.json: clause id {cid} should read {prefix}<slug>")
    return problems


def check_same_structure(root: Path, game: str) -> list[str]:
    """Identical section ids and clause ids, in the same order, in all three languages;
    same table shapes; same ``ruling`` marks."""
    _, texts, _ = load_game(root, game)
    if "en" not in texts:
        return []
    problems: list[str] = []
    ref = texts["en"]
    ref_sections = [s.get("id") for s in ref.get("sections", []) if isinstance(s, dict)]
    ref_clauses = {c.get("id"): c for _, c in _clauses(ref)}
    for lang, data in texts.items():
        if lang == "en":
            continue
        sections = [s.get("id") for s in data.get("sections", []) if isinstance(s, dict)]
        if sections != ref_sections:
            problems.append(f"{game}/{lang}.json: sections {sections} differ from en.json {ref_sections}")
        if clause_ids(data) != clause_ids(ref):
            missing = sorted(set(clause_ids(ref)) - set(clause_ids(data)))
            extra = sorted(set(clause_ids(data)) - set(clause_ids(ref)))
            problems.append(f"{game}/{lang}.json: clause ids differ from en.json "
                            f"(missing {missing}, extra {extra}, or another order)")
        for _, clause in _clauses(data):
            other = ref_clauses.get(clause.get("id"))
            if other is None:
                continue
            if bool(clause.get("ruling", False)) != bool(other.get("ruling", False)):
                problems.append(f"{game}/{lang}.json: clause {clause.get('id')} ruling mark differs from en.json")
            shape = _table_shape(clause.get("table"))
            if shape != _table_shape(other.get("table")):
                problems.append(f"{game}/{lang}.json: clause {clause.get('id')} table shape {shape} "
                                f"differs from en.json {_table_shape(other.get('table'))}")
    return problems


def _table_shape(table: Any) -> tuple[int, int] | None:
    if not isinstance(table, dict):
        return None
    return len(table.get("columns", [])), len(table.get("rows", []))


def check_placeholders(root: Path, game: str) -> list[str]:
    """Each clause title, text and table cell has the same {placeholders}, as many times, in all
    languages, every placeholder is a path that exists in facts.json, and no stray brace is left."""
    facts, texts, _ = load_game(root, game)
    problems: list[str] = []
    fields: dict[tuple[str, str], dict[str, Counter[str]]] = {}
    for lang, data in texts.items():
        for _, clause in _clauses(data):
            cid = str(clause.get("id"))
            for at, value in _rules_fields(clause):
                names = Counter(PLACEHOLDER.findall(value))
                fields.setdefault((cid, at), {})[lang] = names
                if "{" in PLACEHOLDER.sub("", value) or "}" in PLACEHOLDER.sub("", value):
                    problems.append(f"{game}/{lang}.json: clause {cid} {at} has a stray brace: {value!r}")
                for name in sorted(names):
                    if facts is not None and not _has_path(facts, name):
                        problems.append(f"{game}/{lang}.json: clause {cid} {at} uses {{{name}}}, "
                                        f"which is not in facts.json")
    for (cid, at), by_lang in sorted(fields.items()):
        problem = _differ(game, cid, by_lang, f"clause {cid} {at} placeholders")
        if problem:
            problems.append(problem)
    return problems


def check_messages(root: Path, game: str) -> list[str]:
    """Same message keys and the same {fields} per message, as many times, in all three
    languages; every message is a valid format string whose fields are plain names."""
    _, texts, _ = load_game(root, game)
    problems: list[str] = []
    keys = {lang: set(data.get("messages", {})) for lang, data in texts.items()}
    every = set().union(*keys.values()) if keys else set()
    for lang, have in sorted(keys.items()):
        for key in sorted(every - have):
            problems.append(f"{game}/{lang}.json: message {key} is missing")
    for key in sorted(every):
        by_lang: dict[str, Counter[str]] = {}
        for lang, data in texts.items():
            value = data.get("messages", {}).get(key)
            if not isinstance(value, str):
                continue
            try:
                by_lang[lang] = message_fields(value)
            except ValueError as exc:
                problems.append(f"{game}/{lang}.json: message {key} is not a valid template ({exc})")
                continue
            for name in sorted(by_lang[lang]):
                if not name.isidentifier():
                    problems.append(f"{game}/{lang}.json: message {key} field {{{name}}} is not a plain name")
        problem = _differ(game, key, by_lang, f"message {key} fields")
        if problem:
            problems.append(problem)
    return problems


def check_phase_clauses(root: Path, game: str) -> list[str]:
    """facts.json phase_clauses names clauses that exist in all three languages."""
    facts, texts, _ = load_game(root, game)
    if facts is None or "phase_clauses" not in facts:
        return []
    phases = facts["phase_clauses"]
    if not isinstance(phases, dict) or not all(isinstance(v, list) for v in phases.values()):
        return [f"{game}/facts.json: phase_clauses must map each phase to a list of clause ids"]
    problems: list[str] = []
    for lang, data in texts.items():
        have = set(clause_ids(data))
        for phase, ids in phases.items():
            for cid in ids:
                if cid not in have:
                    problems.append(f"{game}/facts.json: phase_clauses.{phase} names {cid}, "
                                    f"which {lang}.json does not have")
    return problems


def check_game_names(root: Path, game: str) -> list[str]:
    """The game's name in each language is the one players know (issue 6): in English it
    contains one of them, in Chinese it is exactly the one given."""
    expected = GAME_NAMES.get(game)
    if expected is None:
        return []
    _, texts, _ = load_game(root, game)
    problems: list[str] = []
    for lang, data in texts.items():
        name = str(data.get("name", "")).replace("’", "'")
        if lang == "en":
            known = any(want.casefold() in name.casefold() for want in expected[lang])
        else:
            known = name in expected[lang]
        if not known:
            problems.append(f"{game}/{lang}.json: name {name!r} should be {' or '.join(expected[lang])}")
    return problems


DATA_CHECKS: list[Check] = [check_files, check_schema, check_clause_ids, check_same_structure,
                            check_placeholders, check_messages, check_phase_clauses, check_game_names]


# ---------------------------------------------------------------- engine code

def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _const_str(node: ast.AST | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def scan_code(src: Path, game_ids: set[str]) -> dict[str, dict[str, list[str]]]:
    """Per game package under ``src``: {"clauses", "codes", "phases", "no_rule"}, each a list
    of ``"<clause id / code / key>\t<file>:<line>"``."""
    clause_re = re.compile(r"^(%s)(\.[a-z0-9_-]+){2,}$" % "|".join(map(re.escape, sorted(game_ids))))
    found: dict[str, dict[str, list[str]]] = {}
    if not src.is_dir():
        return found
    for package in sorted(p for p in src.iterdir() if p.is_dir() and not p.name.startswith("_")):
        entry = found.setdefault(package.name, {"clauses": [], "codes": [], "phases": [], "no_rule": []})
        for path in sorted(package.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            where = str(path.relative_to(src.parent.parent))
            # pieces of f-strings (f"phase.end_{result}") are not whole ids or keys
            pieces = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
            for node in ast.walk(tree):
                value = _const_str(node)
                if value is not None and id(node) not in pieces:
                    if clause_re.match(value):
                        entry["clauses"].append(f"{value}\t{where}:{getattr(node, 'lineno', '?')}")
                    elif PHASE_KEY.match(value):
                        entry["phases"].append(f"{value}\t{where}:{getattr(node, 'lineno', '?')}")
                if isinstance(node, ast.Call) and _call_name(node) in REFUSALS:
                    code = _const_str(node.args[0]) if node.args else _const_str(
                        next((k.value for k in node.keywords if k.arg == "code"), None))
                    if code is not None:
                        entry["codes"].append(f"{code}\t{where}:{node.lineno}")
                    rule = node.args[1] if len(node.args) > 1 else next(
                        (k.value for k in node.keywords if k.arg == "rule"), None)
                    if rule is None or (isinstance(rule, ast.Constant) and rule.value is None):
                        entry["no_rule"].append(f"{code or '?'}\t{where}:{node.lineno}")
                    elif isinstance(rule, ast.Constant) and not (isinstance(rule.value, str)
                                                                 and clause_re.match(rule.value)):
                        entry["no_rule"].append(f"{code or '?'} ({rule.value!r} is no clause id)\t"
                                                f"{where}:{node.lineno}")
    return found


def code_problems(src: Path, root: Path) -> list[str]:
    """Clause ids used in engine code exist in all three languages of their game; refusal
    codes and phase.* prompts used by a game have a message in its three files (or, for
    refusal codes, in the core catalog); every refusal names a clause."""
    game_ids = set(GAME_NAMES) | set(game_folders(root)) | set(game_folders(src))
    texts: dict[str, dict[str, dict[str, Any]]] = {g: load_game(root, g)[1] for g in game_folders(root)}
    problems: list[str] = []

    def langs_missing(game: str, have: Callable[[dict[str, Any]], bool]) -> list[str]:
        files = texts.get(game, {})
        return [lang for lang in LANGUAGES if lang not in files or not have(files[lang])]

    for package, entry in scan_code(src, game_ids).items():
        for item in entry["clauses"]:
            cid, where = item.split("\t")
            game = cid.split(".", 1)[0]
            missing = langs_missing(game, lambda d, cid=cid: cid in clause_ids(d))
            if missing:
                problems.append(f"{where}: clause {cid} is not in rules_data/{game}/ {missing}")
        for item in entry["codes"]:
            code, where = item.split("\t")
            if code in CORE_MESSAGES:
                continue
            missing = langs_missing(package, lambda d, code=code: code in d.get("messages", {}))
            if missing:
                problems.append(f"{where}: refusal code {code} has no message in rules_data/{package}/ {missing}")
        for item in entry["phases"]:
            key, where = item.split("\t")
            missing = langs_missing(package, lambda d, key=key: key in d.get("messages", {}))
            if missing:
                problems.append(f"{where}: prompt {key} has no message in rules_data/{package}/ {missing}")
        for item in entry["no_rule"]:
            code, where = item.split("\t")
            problems.append(f"{where}: refusal {code} names no rules clause")
    return problems


# ---------------------------------------------------------------- the real library

def _all(check: Check, root: Path) -> list[str]:
    return [p for game in game_folders(root) for p in check(root, game)]


@pytest.mark.parametrize("check", DATA_CHECKS, ids=lambda c: c.__name__)
def test_every_rules_folder(check: Check) -> None:
    problems = _all(check, rules_dir())
    assert not problems, "\n".join(problems)


def test_engine_code_refers_to_existing_clauses_and_messages() -> None:
    problems = code_problems(GAMES_SRC, rules_dir())
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- the checks themselves

def test_fixture_library_is_clean() -> None:
    for check in DATA_CHECKS:
        assert _all(check, FIXTURE) == [], check.__name__


@pytest.fixture
def broken(tmp_path: Path) -> Callable[[str, str, Callable[[Any], None]], Path]:
    """A fresh copy of the fixture library with one file spoilt, per call."""
    copies = iter(range(1000))

    def spoil(game: str, file: str, change: Callable[[Any], None]) -> Path:
        root = tmp_path / f"rules_data_{next(copies)}"
        shutil.copytree(FIXTURE, root)
        path = root / game / file
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        return root

    return spoil


def _clause(data: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for _, c in _clauses(data) if c["id"] == cid)


def test_unknown_key_and_empty_text_are_refused(broken: Any) -> None:
    root = broken("harbor", "zh_Hant.json", lambda d: _clause(d, "harbor.setup.money").update(note="x"))
    assert any("unknown key 'note'" in p for p in check_schema(root, "harbor"))
    root = broken("harbor", "en.json", lambda d: _clause(d, "harbor.setup.money").update(text="  "))
    assert any("harbor/en.json" in p and "empty" in p for p in check_schema(root, "harbor"))
    root = broken("harbor", "en.json", lambda d: _clause(d, "harbor.setup.deal")["table"]["rows"][0].__setitem__(1, ""))
    assert any("table row 0 cell 1 is empty" in p for p in check_schema(root, "harbor"))


def test_missing_file_is_reported(broken: Any) -> None:
    root = broken("dragon", "en.json", lambda d: None)
    (root / "dragon" / "zh_Hant.json").unlink()
    assert check_files(root, "dragon") == ["dragon/zh_Hant.json: missing"]


def test_clause_order_and_ids_must_match(broken: Any) -> None:
    def swap(d: Any) -> None:
        clauses = d["sections"][2]["clauses"]
        clauses.reverse()

    root = broken("harbor", "zh_Hans.json", swap)
    assert any("harbor/zh_Hans.json: clause ids differ" in p for p in check_same_structure(root, "harbor"))
    root = broken("harbor", "zh_Hant.json", lambda d: _clause(d, "harbor.sail.ties").update(id="harbor.sail.tie"))
    problems = check_same_structure(root, "harbor")
    assert any("missing ['harbor.sail.ties']" in p and "extra ['harbor.sail.tie']" in p for p in problems)
    root = broken("harbor", "zh_Hant.json", lambda d: _clause(d, "harbor.sail.ties").update(ruling=False))
    assert any("ruling mark differs" in p for p in check_same_structure(root, "harbor"))


def test_duplicate_and_misplaced_clause_ids(broken: Any) -> None:
    def dup(d: Any) -> None:
        d["sections"][0]["clauses"].append(dict(d["sections"][0]["clauses"][0]))

    root = broken("dragon", "en.json", dup)
    assert any("dragon.play.hand appears twice" in p for p in check_clause_ids(root, "dragon"))
    root = broken("harbor", "en.json", lambda d: _clause(d, "harbor.sail.dice").update(id="harbor.auction.dice"))
    assert any("harbor.auction.dice should read harbor.sail.<slug>" in p for p in check_clause_ids(root, "harbor"))


def test_placeholders_must_match_and_exist(broken: Any) -> None:
    root = broken("harbor", "zh_Hant.json",
                  lambda d: _clause(d, "harbor.setup.money").update(text="每位玩家拿 {start_cash} 披索。"))
    problems = check_placeholders(root, "harbor")
    assert any("uses {start_cash}, which is not in facts.json" in p for p in problems)
    assert any("harbor.setup.money text placeholders differ" in p for p in problems)
    root = broken("harbor", "en.json",
                  lambda d: _clause(d, "harbor.setup.deal")["table"]["rows"][1].__setitem__(1, "{deal.5}"))
    assert any("table row 1 cell 1 placeholders differ" in p for p in check_placeholders(root, "harbor"))
    root = broken("harbor", "en.json", lambda d: _clause(d, "harbor.setup.money").update(text="Take {start money}."))
    assert any("stray brace" in p for p in check_placeholders(root, "harbor"))
    root = broken("harbor", "en.json", lambda d: _clause(d, "harbor.setup.money").update(
        text="Each player takes {start_money} pesos; {start_money} in all."))
    assert any("harbor.setup.money text placeholders are used a different number of times" in p
               for p in check_placeholders(root, "harbor"))


def test_message_keys_and_fields_must_match(broken: Any) -> None:
    root = broken("harbor", "zh_Hans.json", lambda d: d["messages"].pop("bid_too_low"))
    assert "harbor/zh_Hans.json: message bid_too_low is missing" in check_messages(root, "harbor")
    root = broken("harbor", "zh_Hant.json", lambda d: d["messages"].update(bid_too_low="出價至少要 {min} 披索。"))
    assert any("message bid_too_low fields differ" in p for p in check_messages(root, "harbor"))
    root = broken("harbor", "en.json", lambda d: d["messages"].update({"phase.auction": "{player bids"}))
    assert any("phase.auction is not a valid template" in p for p in check_messages(root, "harbor"))
    root = broken("harbor", "en.json", lambda d: d["messages"].update(bid_too_low="{minimum}, at least {minimum}."))
    assert any("message bid_too_low fields are used a different number of times" in p
               for p in check_messages(root, "harbor"))


def test_phase_clauses_must_exist(broken: Any) -> None:
    root = broken("harbor", "facts.json", lambda d: d["phase_clauses"]["sail"].append("harbor.sail.storm"))
    problems = check_phase_clauses(root, "harbor")
    assert len(problems) == 3 and all("harbor.sail.storm" in p for p in problems)


def test_game_names_are_checked(tmp_path: Path) -> None:
    root = tmp_path / "rules_data"
    shutil.copytree(FIXTURE / "harbor", root / "manila")
    problems = check_game_names(root, "manila")
    assert len(problems) == 3  # 码头风云 is not 马尼拉
    for lang, name in (("en", "Manila"), ("zh_Hans", "马尼拉"), ("zh_Hant", "馬尼拉")):
        path = root / "manila" / f"{lang}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data["name"] = name
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert check_game_names(root, "manila") == []
    # English may say more; a Chinese name that says more is not the one players know
    for lang, name in (("en", "Manila!"), ("zh_Hans", "马尼拉（码头）")):
        path = root / "manila" / f"{lang}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data["name"] = name
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert check_game_names(root, "manila") == ["manila/zh_Hans.json: name '马尼拉（码头）' should be 马尼拉"]


ENGINE = '''
from companion.core import IllegalAction, AmbiguousAction, Move
R_BIDS = "harbor.auction.bids"
def run(state, action):
    if action["n"] < 1:
        raise IllegalAction("bid_too_low", R_BIDS, minimum=1)
    if action["n"] > 9:
        raise IllegalAction("bid_too_high", "harbor.auction.cap", maximum=9)
    if action["n"] == 5:
        raise AmbiguousAction("which_boat", None)
    if action["n"] == 6:
        raise IllegalAction("game_over", "auction")
    if action["n"] == 7:
        raise IllegalAction("not_your_turn", rule="harbor.sail.dice")
    if action["n"] == 8:
        return f"phase.x_{action}" + f"harbor.sail.{action}"  # f-string pieces are not checked
    return {"code": "phase.auction"} if action else {"code": "phase.storm"}
MOVE = Move("bid", run, None, "turn", {}, rule="harbor.auction.no-reentry")
'''


def test_code_scan_finds_unknown_clauses_codes_and_missing_rules(tmp_path: Path) -> None:
    src = tmp_path / "companion" / "games"
    (src / "harbor").mkdir(parents=True)
    (src / "harbor" / "__init__.py").write_text(ENGINE, encoding="utf-8")
    problems = code_problems(src, FIXTURE)
    text = "\n".join(problems)
    # harbor.auction.bids, harbor.auction.no-reentry, harbor.sail.dice exist; bid_too_low has messages;
    # game_over and not_your_turn are core codes; phase.auction exists
    assert "clause harbor.auction.cap is not in rules_data/harbor/ ['zh_Hans', 'zh_Hant', 'en']" in text
    assert "refusal code bid_too_high has no message" in text
    assert "refusal code which_boat has no message" in text
    assert "prompt phase.storm has no message" in text
    assert "refusal which_boat names no rules clause" in text
    assert "refusal game_over ('auction' is no clause id) names no rules clause" in text
    assert len(problems) == 6, text
    assert all("harbor/__init__.py:" in p for p in problems)


def test_code_scan_of_a_game_without_rules_data(tmp_path: Path) -> None:
    src = tmp_path / "companion" / "games"
    (src / "ghost").mkdir(parents=True)
    (src / "ghost" / "game.py").write_text(
        'from companion.core import IllegalAction\n'
        'def run(s, a):\n    raise IllegalAction("boo", "ghost.flow.turns")\n', encoding="utf-8")
    problems = code_problems(src, FIXTURE)
    assert any("clause ghost.flow.turns is not in rules_data/ghost/" in p for p in problems)
    assert any("refusal code boo has no message in rules_data/ghost/" in p for p in problems)


def test_fixture_copy_is_independent(broken: Any) -> None:
    # the spoil helper must never touch the committed fixture
    before = (FIXTURE / "harbor" / "en.json").read_text(encoding="utf-8")
    broken("harbor", "en.json", lambda d: d.update(name="X"))
    assert (FIXTURE / "harbor" / "en.json").read_text(encoding="utf-8") == before
