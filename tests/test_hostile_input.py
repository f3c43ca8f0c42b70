"""Hostile input to `companion referee` and `companion import`, for every game.

Whatever arrives — wrong types, null, huge integers, fractions, NaN, deep
nesting, lone surrogates, random bytes, bad names — the answer is one strict
JSON object on stdout and, for a refusal, a nonzero exit; never a traceback.
The cases reported in issue 12 are listed as explicit examples.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import inputgate
from companion.cli import main
from companion.core.errors import RefereeError
from companion.registry import game_ids, get_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = game_ids()
#: every move of every game: each gets its own hostile examples
MOVES = [(g, m) for g in GAMES for m in sorted(get_game(g).moves)]
SETTINGS = settings(max_examples=12, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
ERROR_KEYS = {"error", "line", "code", "rule", "message"}


def _no_constants(token: str) -> Any:
    raise AssertionError(f"bare {token} in the output")


def strict(text: str) -> Any:
    """Exactly one JSON object, no NaN/Infinity tokens."""
    return json.loads(text, parse_constant=_no_constants)


def run(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """The command line in-process, stdin as bytes, stdout/stderr captured."""
    out, err = io.StringIO(), io.StringIO()
    fake_stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    old = sys.stdin
    sys.stdin = fake_stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    finally:
        sys.stdin = old
    return status, out.getvalue(), err.getvalue()


def refused(status: int, out: str, err: str, code: str | None = None) -> dict[str, Any]:
    assert "Traceback" not in err and "Traceback" not in out
    assert status != 0, out
    body = strict(out)
    assert isinstance(body, dict) and ERROR_KEYS <= set(body), body
    assert isinstance(body["message"], str) and body["message"]
    assert body["error"] != "internal", body  # a refusal, not the last-resort net
    if code is not None:
        assert body["code"] == code, body
    return body


def players_for(game_id: str) -> list[str]:
    game = get_game(game_id)
    return ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][: max(game.min_players, min(3, game.max_players))]


def referee(game_id: str, lines: bytes) -> tuple[int, str, str]:
    return run(["referee", game_id, "--players", ",".join(players_for(game_id)), "--lang", "en"], lines)


# ----- hostile values -----------------------------------------------------------
HUGE = st.one_of(st.integers(min_value=10**9 + 1, max_value=10**40), st.integers(max_value=-(10**9) - 1,
                                                                                   min_value=-(10**40)))
GATED = st.one_of(  # refused by the gate whatever field they are in
    HUGE.map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(lambda f: json.dumps(f)),
    st.sampled_from(["1e25", "-1e25", "1.5", "NaN", "Infinity", "-Infinity", "9" * 5000, "1E400",
                     '"\\ud800"', '"a\\udfffb"', '["\\ud800"]', "[" * 40 + "]" * 40]),
)
PLAIN = st.recursive(st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=6),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                     max_leaves=6)


def wrong_for(kind: str, n_players: int) -> st.SearchStrategy[Any]:
    """Values a typed parameter must refuse as malformed."""
    not_int = st.none() | st.text(max_size=4) | st.booleans() | st.lists(st.integers(0, 3), max_size=2) | \
        st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)
    if kind == "int":
        return not_int
    if kind == "seat":
        return not_int | st.integers(n_players, 10**9) | st.integers(-(10**9), -1)
    if kind == "str":
        return st.none() | st.integers(-5, 5) | st.booleans() | st.lists(st.text(max_size=2), max_size=2)
    if kind == "bool":
        return st.none() | st.integers(0, 1) | st.text(max_size=4) | st.lists(st.booleans(), max_size=2)
    if kind in ("int_list", "seat_list"):
        return st.none() | st.integers(0, 3) | st.text(max_size=3) | st.lists(st.none() | st.text(max_size=2),
                                                                                  min_size=1, max_size=3)
    if kind == "str_list":
        return st.none() | st.integers(0, 3) | st.text(max_size=3) | st.lists(st.none() | st.integers(),
                                                                                  min_size=1, max_size=3)
    raise ValueError(kind)


def typed_params(game_id: str) -> list[tuple[str, str, str]]:
    """(move, param, kind) for every typed parameter of every move."""
    game = get_game(game_id)
    return [(name, key, p.kind) for name, move in game.moves.items() for key, p in move.params.items()
            if p.kind != "json"]


def line_of(move: str, player: Any, args: dict[str, str]) -> bytes:
    """An action line with some values given as raw JSON text (so 1e25 stays 1e25)."""
    parts = [f'"type": {json.dumps(move)}']
    if player is not None:
        parts.append(f'"player": {player}')
    parts += [f"{json.dumps(k)}: {v}" for k, v in args.items()]
    return ("{" + ", ".join(parts) + "}\n").encode("utf-8")


# ----- the referee, every game, every move ----------------------------------------
@pytest.mark.parametrize("game_id, move", MOVES)
@settings(SETTINGS, max_examples=3)
@given(data=st.data())
def test_gated_values_in_any_field_of_any_move_are_json_errors(game_id, move, data):
    game = get_game(game_id)
    params = list(game.moves[move].params)
    fields = ["player", *params]
    target = data.draw(st.sampled_from(fields), label="field")
    hostile = data.draw(GATED, label="value")
    args = {k: "0" for k in params if k != target}
    status, out, err = referee(game_id, line_of(move, hostile if target == "player" else 0,
                                                {**args, **({target: hostile} if target != "player" else {})}))
    body = refused(status, out, err)
    assert body["line"] == 1 and body["code"].startswith("input_")


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data())
def test_wrong_types_in_typed_fields_are_malformed(game_id, data):
    typed = typed_params(game_id)
    if not typed:
        pytest.skip("no typed parameters")
    n = len(players_for(game_id))
    move, key, kind = data.draw(st.sampled_from(typed), label="param")
    value = data.draw(wrong_for(kind, n), label="value")
    game = get_game(game_id)
    others = {k: json.dumps(data.draw(PLAIN)) for k in game.moves[move].params if k != key}
    player = data.draw(st.sampled_from([0, "null", '"Ann"']), label="player")
    status, out, err = referee(game_id, line_of(move, player, {**others, key: json.dumps(value)}))
    body = refused(status, out, err)
    assert body["line"] == 1 and body["kind"] == "malformed"


@pytest.mark.parametrize("game_id, move", MOVES)
@settings(SETTINGS, max_examples=8)
@given(data=st.data())
def test_any_plain_json_values_never_crash(game_id, move, data):
    """Free-form (``json``) arguments, null, wrong seats: a refusal or a state,
    always one strict JSON object, never a traceback."""
    game = get_game(game_id)
    args = {k: json.dumps(data.draw(PLAIN)) for k in game.moves[move].params if data.draw(st.booleans())}
    player = data.draw(st.sampled_from(["0", "1", "null", "-1", "99", '"Bo"', '"Zed"', "true", "[]"]))
    status, out, err = referee(game_id, line_of(move, player, args))
    assert "Traceback" not in err
    body = strict(out)
    assert isinstance(body, dict)
    if status != 0:
        assert ERROR_KEYS <= set(body) and body["error"] != "internal", body
    else:
        assert body["game"] == game_id


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=8, deadline=None, derandomize=True)
@given(raw=st.binary(min_size=1, max_size=60))
def test_random_bytes_are_refused_or_ignored(game_id, raw):
    status, out, err = referee(game_id, raw.replace(b"\n", b" ") + b"\n")
    assert "Traceback" not in err
    body = strict(out)
    try:
        text = raw.replace(b"\n", b" ").decode("utf-8").strip()
    except UnicodeDecodeError:
        text = None
    if text is None or (text and not text.startswith(("#", "//"))):
        assert status != 0 and ERROR_KEYS <= set(body) and body["error"] != "internal", body


# ----- the cases of issue 12, one by one ---------------------------------------------
@pytest.mark.parametrize("line, code", [
    (b'{"type": "bid", "player": 0, "amount": 1e25}\n', "input_not_an_integer"),
    (b'{"type": "bid", "player": 0, "amount": ' + b"9" * 5000 + b"}\n", "input_number_out_of_range"),
    (b'{"type": "bid", "player": 0, "amount": 10000000000}\n', "input_number_out_of_range"),
    (b'{"type": "bid", "player": 0, "amount": NaN}\n', "input_not_an_integer"),
    (b'{"type": "bid", "player": 0, "amount": -Infinity}\n', "input_not_an_integer"),
    (b'{"type": "bid", "player": 0, "amount": 2.0}\n', "input_not_an_integer"),
    (b"[" * 5000 + b"]" * 5000 + b"\n", "input_too_deep"),
    (b"[" * 200000 + b"\n", "input_line_too_long"),
    (b'{"type": "bid\\ud800", "player": 0}\n', "input_lone_surrogate"),  # an escape: named as such (issue 24)
    (b'{"type": "bid", "player": 0, "amount": 3, "x": "\\udc00"}\n', "input_lone_surrogate"),
    (b'{"type": "bid", "player": 0, "amount": 3}\xff\xfe\n', "input_bad_utf8"),
    (b'{"type": "bid", "player": null, "amount": 3}\n', "missing_player"),
    (b'{"type": "bid", "player": 0, "amount": null}\n', "bad_arg"),
    (b'{"type": "bid", "player": 0.0, "amount": 3}\n', "input_not_an_integer"),
    (b'{"type": null}\n', "missing_type"),
    (b"[1, 2]\n", "not_an_object"),
])
def test_issue_examples_on_manila(line, code):
    body = refused(*referee("manila", line), code=code)
    assert body["line"] == 1


def test_error_line_number_counts_every_line():
    status, out, err = referee("manila", b"# comment\n\n" + b'{"type": "bid", "player": 0, "amount": 1e25}\n')
    assert refused(status, out, err)["line"] == 3


def test_citadels_correct_city_with_districts_as_a_number_is_malformed():
    body = refused(*referee("citadels", b'{"type": "correct_city", "player": 0, "districts": 5}\n'),
                   code="bad_value")
    assert body["kind"] == "malformed"


def test_missing_file_and_directory_as_file(tmp_path):
    refused(*run(["referee", "manila", "--players", "A,B,C", str(tmp_path / "nope.jsonl")]), code="input_no_file")
    refused(*run(["referee", "manila", "--players", "A,B,C", str(tmp_path)]), code="input_not_a_file")
    refused(*run(["import", str(tmp_path / "nope.json")]), code="input_no_file")
    refused(*run(["import", str(tmp_path)]), code="input_not_a_file")


def test_option_without_equals_and_unknown_arguments_are_json():
    refused(*run(["referee", "modern_art", "--players", "A,B,C", "--option", "oldest"]), code="bad_option_syntax")
    refused(*run(["referee", "manila", "--players", "A,B,C", "--frobnicate"]), code="usage")
    refused(*run(["referee", "manila"]), code="usage")
    refused(*run(["referee", "manila", "--players", "A,B,C", "--option", "oldest=" + "9" * 5000]), code="bad_option")


@pytest.mark.parametrize("name, code", [
    ("A\x1b[31m", "bad_name"), ("A\rB", "bad_name"), ("A\nB", "bad_name"), ("Bell\x07", "bad_name"),
    ("x" * 41, "name_too_long"), ("x" * 1_000_000, "name_too_long"), ("   ", "empty_name"),
])
def test_bad_player_names_are_refused_by_the_referee(name, code):
    body = refused(*run(["referee", "manila", "--players", f"Ann,Bo,{name}"]), code=code)
    assert body["error"] == "setup" and "\x1b" not in body["message"] and len(body["message"]) < 300


def test_names_are_trimmed_and_chinese_names_are_fine():
    status, out, _ = run(["referee", "manila", "--players", " 小明 ,阿華,Bo"])
    assert status == 0 and strict(out)["game"] == "manila"


def test_unknown_game_export_unknown_table(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    refused(*run(["referee", "chess", "--players", "A,B"]), code="unknown_game")
    refused(*run(["export", "UNKNOWN", str(tmp_path / "f.json")]), code="unknown_table")


def test_help_lists_every_subcommand_and_each_has_its_own(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    for command in ("serve", "referee", "export", "import", "tables"):
        assert command in text
    helps = {}
    for command in ("serve", "referee", "export", "import", "tables"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        helps[command] = capsys.readouterr().out
        assert f"companion {command}" in helps[command]
    assert len(set(helps.values())) == 5


def test_output_is_strict_json_even_for_a_whole_game():
    status, out, _ = referee("manila", b"")
    assert status == 0 and strict(out)["game"] == "manila"


# ----- import ----------------------------------------------------------------------
@cache
def sample_export(game_id: str) -> str:
    """A real export of a short legal game (JSON text)."""
    from companion.storage import Store
    from companion.transfer import export_table

    import tempfile

    game = get_game(game_id)
    folder = Path(tempfile.mkdtemp())
    store = Store(folder / "s.db")
    stored = store.create_table(game, game.setup(players_for(game_id), dict(game.random_playout_options)))
    rng = random.Random(7)
    for _ in range(6):
        try:
            actions = game.legal_actions(stored.state)
        except (NotImplementedError, RefereeError):
            break
        if not actions or game.is_over(stored.state):
            break
        stored.apply(rng.choice(actions))
    text = json.dumps(export_table(stored))
    store.close()
    return text


def import_text(tmp_path: Path, text: str | bytes) -> tuple[int, str, str]:
    path = tmp_path / "in.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return run(["import", str(path)])


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def _raw_replace(text: str, key: str, raw: str) -> str:
    """The export with top-level ``key`` set to raw JSON text."""
    data = json.loads(text)
    data[key] = "@@RAW@@"
    return json.dumps(data).replace('"@@RAW@@"', raw, 1)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_imports_are_json_errors(game_id, data, data_dir):
    text = sample_export(game_id)
    kind = data.draw(st.sampled_from(["gated_top", "gated_log", "wrong_top", "name", "log_entry"]))
    if kind == "gated_top":
        key = data.draw(st.sampled_from(["version", "cursor", "game", "setup", "log", "export_id", "created"]))
        text = _raw_replace(text, key, data.draw(GATED))
    elif kind == "gated_log":
        body = json.loads(text)
        body["log"].append({"type": "x", "v": "@@RAW@@"})
        text = json.dumps(body).replace('"@@RAW@@"', data.draw(GATED), 1)
    elif kind == "wrong_top":
        key = data.draw(st.sampled_from(["version", "game", "setup", "log", "cursor", "export_id", "created",
                                         "finished", "format"]))
        value = data.draw(PLAIN.filter(lambda v: v is not None or key not in ("finished", "created")))
        body = json.loads(text)
        if body.get(key) == value:
            value = [value]
        body[key] = value
        text = json.dumps(body)
    elif kind == "name":
        body = json.loads(text)
        body["setup"]["players"][0] = data.draw(st.sampled_from(["A\x1b[2J", "A\r\nB", "", " ", "x" * 41,
                                                                 "\x00", 5, None, ["A"]]))
        text = json.dumps(body)
    else:
        body = json.loads(text)
        body["log"].append(data.draw(PLAIN.filter(lambda v: not isinstance(v, dict)))
                           if data.draw(st.booleans()) else {"type": "no_such_move_here", "player": 0})
        text = json.dumps(body)
    refused(*import_text(data_dir, text))


@pytest.mark.parametrize("field, raw, code", [
    ("game", '["manila"]', "import_unknown_game"),
    ("game", "null", "import_unknown_game"),
    ("version", "true", "import_bad_version"),
    ("version", "1.0", "input_not_an_integer"),
    ("version", "2e0", "input_not_an_integer"),
    ("cursor", "1e25", "input_not_an_integer"),
    ("cursor", "9" * 5000, "input_number_out_of_range"),
    ("cursor", "NaN", "input_not_an_integer"),
    ("export_id", "7", "import_bad_log"),
    ("created", '"yesterday"', "import_bad_date"),
    ("created", "12", "import_bad_date"),
    ("log", "[" * 100 + "]" * 100, "input_too_deep"),
    ("format", '"\\ud800"', "input_lone_surrogate"),
])
def test_issue_import_examples(data_dir, field, raw, code):
    refused(*import_text(data_dir, _raw_replace(sample_export("manila"), field, raw)), code=code)


def test_import_non_utf8_bytes(data_dir):
    text = sample_export("manila").encode("utf-8")
    refused(*import_text(data_dir, text[:20] + b"\xc3\x28" + text[20:]), code="input_bad_utf8")


def test_import_names_with_control_characters_or_a_megabyte(data_dir):
    for bad in ("Ann\x1b[31m", "Ann\r\nBo", "x" * 1_000_000):
        body = json.loads(sample_export("manila"))
        body["setup"]["players"][0] = bad
        out = refused(*import_text(data_dir, json.dumps(body)), code="import_bad_setup")
        assert "\x1b" not in out["message"]


def test_same_export_imported_twice_is_recognised(data_dir):
    text = sample_export("niagara")
    status, out, _ = import_text(data_dir, text)
    assert status == 0
    first = out.strip()
    body = refused(*import_text(data_dir, text), code="import_duplicate")
    assert body["table"] == first and first in body["message"]
    status, out, _ = run(["tables"])
    assert status == 0 and len(out.strip().splitlines()) == 1


def test_version_1_file_is_still_read_and_recognised_by_content(data_dir):
    body = json.loads(sample_export("silk_road"))
    for key in ("export_id", "created", "finished"):
        del body[key]
    body["version"] = 1
    status, out, _ = import_text(data_dir, json.dumps(body))
    assert status == 0
    refused(*import_text(data_dir, json.dumps(body)), code="import_duplicate")


# ----- a few real processes ------------------------------------------------------------
@pytest.mark.parametrize("args, stdin, code", [
    (["referee", "manila", "--players", "A,B,C"], b'{"type": "bid", "player": 0, "amount": "\\ud800"}\n',
     "input_lone_surrogate"),
    (["referee", "manila", "--players", "A,B,C"], b"\xff\xfe\xfd\n", "input_bad_utf8"),
    (["referee", "manila", "--players", "A,B,C"], b"[" * 3000 + b"\n", "input_too_deep"),
    (["referee", "manila", "--players", "A,B,C", "/nonexistent/file.jsonl"], b"", "input_no_file"),
    (["referee", "manila", "--players", "A,B,C", "--option", "oldest"], b"", "bad_option_syntax"),
])
def test_real_processes_print_json_errors(tmp_path, args, stdin, code):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DATA_DIR": str(tmp_path), "LANG": "C.UTF-8"}
    result = subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True,
                            env=env, timeout=60)
    assert b"Traceback" not in result.stderr and result.returncode != 0
    body = strict(result.stdout.decode("utf-8"))
    assert body["code"] == code and ERROR_KEYS <= set(body)


def test_real_process_help_lists_subcommands(tmp_path):
    result = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert result.returncode == 0 and all(c in result.stdout for c in ("referee", "import", "export", "tables"))
    assert "--desktop" not in result.stdout  # not serve's help any more


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=200))
def test_random_bytes_as_an_import_file_are_json_errors(data_dir, raw):
    refused(*import_text(data_dir, raw))


def test_undecodable_command_line_arguments_are_json_errors(tmp_path):
    """Non-UTF-8 bytes in argv arrive as lone surrogates (surrogateescape)."""
    bad = os.fsdecode(b"\xff\xfe")
    refused(*run(["referee", "manila" + bad, "--players", "A,B,C"]), code="unknown_game")
    refused(*run(["referee", "manila", "--players", f"A,B,C{bad}"]), code="bad_name")
    refused(*run(["referee", "manila", "--players", "A,B,C", str(tmp_path / bad)]), code="input_no_file")
    refused(*run(["referee", "manila", "--players", "A,B,C", "--option", f"oldest{bad}"]), code="bad_option_syntax")


# ----- issue 35: hostile text at every entry that stores it -----------------------------------
#: text a hostile guest types where a name, a PIN or a search goes: each is refused with a
#: message or normalised, at every entry
HOSTILE_NAMES = {
    "zero-width space": "An\u200bn", "zero-width joiner": "An\u200dn", "right-to-left override": "Ann\u202eoB",
    "direction isolate": "\u2066Ann\u2069", "right-to-left mark": "Ann\u200f", "bell": "Ann\x07",
    "escape": "Ann\x1b[2J", "delete": "Ann\x7f", "10,000 characters": "A" * 10_000,
}
#: a name beside "Ann" that looks like it: refused
LOOKALIKES = {"Cyrillic A": "\u0410nn", "full-width": "\uff21\uff4e\uff4e", "small letters": "ann",
              "Greek capitals": "\u0391NN", "Cyrillic o": "B\u043e", "digit zero": "B0"}
LANGS = ("en", "zh_Hans", "zh_Hant")


def _problem_texts(problems) -> dict[str, str]:
    from companion.messages import describe_problem
    return {lang: " ".join(describe_problem(p, None, lang) for p in problems) for lang in LANGS}


def _told(problems) -> None:
    """Every problem reads as a sentence in each language (no code, no raw control character)."""
    texts = _problem_texts(problems)
    for lang, text in texts.items():
        assert text and not any(p.code in text for p in problems), (lang, text)
        assert not any(ord(c) < 32 or 0x200B <= ord(c) <= 0x200F or 0x202A <= ord(c) <= 0x202E
                       or 0x2066 <= ord(c) <= 0x2069 for c in text), (lang, repr(text))
        assert len(text) < 400
    assert texts["zh_Hans"] != texts["en"] and texts["zh_Hant"] != texts["zh_Hans"]


@pytest.mark.parametrize("case", sorted(HOSTILE_NAMES))
def test_hostile_names_are_refused_on_the_new_table_form(case):
    from companion.ui import viewmodels
    game = get_game("catan")
    problems = viewmodels.setup_problems(game, ["Bo", HOSTILE_NAMES[case], "Cy"], {})
    assert problems, case
    _told(problems)


@pytest.mark.parametrize("case", sorted(HOSTILE_NAMES))
def test_hostile_names_are_refused_by_the_referee_and_on_import(case, data_dir):
    name = HOSTILE_NAMES[case]
    body = refused(*run(["referee", "catan", "--players", f"Bo,{name},Cy"]))
    assert body["error"] == "setup" and len(body["message"]) < 400
    export = json.loads(sample_export("manila"))
    export["setup"]["players"][1] = name
    refused(*import_text(data_dir, json.dumps(export)), code="import_bad_setup")


@pytest.mark.parametrize("case", sorted(LOOKALIKES))
def test_a_name_that_looks_like_another_seats_is_refused(case, data_dir):
    """Issue 35: "Аnn" (Cyrillic А) beside "Ann" passed, and so did full-width "Ａｎｎ": on the
    seat list, the Claim-a-seat buttons and every "Ann's turn" they read the same."""
    other = LOOKALIKES[case]
    first = "Bo" if case in ("Cyrillic o", "digit zero") else "Ann"
    game = get_game("catan")
    problems = game.validate_setup([first, other, "Cy"])
    assert [p.code for p in problems] in (["lookalike_name"], ["duplicate_name"]), (case, problems)
    _told(problems)
    if problems[0].code == "lookalike_name":
        assert problems[0].params == {"name": inputgate.normal_name(other), "other": first}
    body = refused(*run(["referee", "catan", "--players", f"{first},{other},Cy"]))
    assert body["code"] in ("lookalike_name", "duplicate_name")
    export = json.loads(sample_export("manila"))
    export["setup"]["players"][:2] = [first, other]
    refused(*import_text(data_dir, json.dumps(export)), code="import_bad_setup")


def test_names_that_only_resemble_each_other_in_part_are_fine():
    """Names that differ at a glance stay: Chinese names (小華 and 小华 too: the Simplified and
    Traditional forms look different, and who wrote which is theirs), accents, another word."""
    game = get_game("catan")
    for names in (["小華", "小华", "阿明"], ["Ann", "Anna", "Ánn"], ["Ana", "Ann", "An"], ["José", "Jose\u0301x", "Bo"],
                  ["👩‍🍳 Mei", "Mei", "Bo"], ["Иван", "Ivan", "Bo"]):
        assert game.validate_setup(names) == [], names
    # kept composed and trimmed
    assert game.setup([" Jose\u0301 ", "小华", "Bo"]).players == ("José", "小华", "Bo")


@pytest.mark.parametrize("pin, ok", [
    ("482916", True), ("\uff14\uff18\uff12\uff19\uff11\uff16", True), ("  482916 ", True),
    ("482\u200b916", False), ("\u202e482916", False), ("482916\x00", False), ("48\x1b2916", False),
    ("4" * 10_000, False), ("48291６a", False),
])
def test_hostile_pins_are_refused_or_read_as_digits(tmp_path, pin, ok):
    """A PIN field: full-width digits (a Chinese keyboard) are digits; an invisible, direction or
    control character, or 10,000 digits, is refused with the PIN rule, in every language."""
    from companion import access
    from companion.access import Denied, Who
    from companion.messages import describe_error
    from companion.storage import Store

    store = Store(tmp_path / "pins.db")
    guard = access.TableAccess(store)
    guard.set_owner("t1", "host".ljust(24, "x"))
    ann = Who("ann".ljust(24, "x"), "10.0.0.21", "", False)
    if ok:
        assert guard.claim("t1", ann, 0, pin) == "waiting"
        (request,) = guard.requests("t1")
        assert guard.approve("t1", request["id"])
        other = Who("phone".ljust(24, "x"), "10.0.0.22", "", False)
        assert guard.claim("t1", other, 0, "482916") == "waiting"  # the same PIN, typed plainly
    else:
        with pytest.raises(Denied) as caught:
            guard.claim("t1", ann, 0, pin)
        assert caught.value.code == "pin_policy"
        texts = {lang: describe_error(caught.value, None, lang) for lang in LANGS}
        assert len(set(texts.values())) == 3 and all("6" in t for t in texts.values()), texts
    store.close()


@pytest.mark.parametrize("typed, same_as", [
    ("ma\u200bnila", "manila"), ("\u202emanila", "manila"), ("man\x07ila", "manila"),
    ("\uff4d\uff41\uff4e\uff49\uff4c\uff41", "manila"), ("  loan \t\n", "loan"), ("马\u200d尼拉", "马尼拉"),
])
def test_the_rules_search_reads_hostile_text_as_the_plain_words(typed, same_as):
    from companion.rules.search import search
    query = inputgate.normal_query(typed)
    assert query == same_as
    assert [h.clause_id for h in search(query, limit=5)] == [h.clause_id for h in search(same_as, limit=5)]


def test_a_10000_character_search_is_cut_and_answered(monkeypatch):
    from ui_harness import FakePage, texts as page_texts, walk
    from companion.storage import Store
    from companion.ui.app import App
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        app = App(FakePage(), Store(Path(folder) / "q.db"))
        app.go("rules")
        box = next(c for c in walk(app.page.controls) if type(c).__name__ == "TextField")
        box.value = "loan\u202e" + "x" * 10_000
        box.on_change(type("E", (), {"control": box})())
        assert len(app.nav.params["query"]) <= inputgate.MAX_QUERY and "\u202e" not in app.nav.params["query"]
        shown = " ".join(t for t in page_texts(app.page) if t != box.value)  # beside what was typed
        assert "\u202e" not in shown and "Nothing found for “loan" in shown
        app.store.close()
