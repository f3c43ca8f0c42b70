"""One input rule for every game (issue 24).

* a whole number is a JSON number in every game: the same number written as text is refused
  with the same code (``bad_arg``), whichever game and field;
* a JSON object with a key twice is refused (``input_duplicate_key``), not read as its last;
* player names are compared and kept NFC-normalised (é typed as e + a combining accent is é);
* an emoji sequence with joiners is a name like any other emoji, shown whole in messages;
  an invisible character that is not part of one is refused, and the message shows which;
* an escaped lone surrogate is reported as such, not as "not valid UTF-8 text";
* the transcript docs state each option's default as facts.json has it.
"""

from __future__ import annotations

import io
import json
import random
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from companion import inputgate
from companion.cli import referee
from companion.core import Action, MalformedAction, RefereeError, Session
from companion.core.errors import SetupError
from companion.messages import describe_error, describe_problem
from companion.registry import game_ids, get_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = game_ids()
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def players_for(game_id: str) -> list[str]:
    return NAMES[:max(3, get_game(game_id).min_players)]


def run_lines(game_id: str, lines: str | bytes, players: list[str] | None = None,
              options: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    data = lines.encode("utf-8") if isinstance(lines, str) else lines
    out = io.StringIO()
    status = referee(game_id, players or players_for(game_id), options or {}, io.BytesIO(data), "en", False, out)
    return status, json.loads(out.getvalue())


# ----- the docs state each option's default as facts.json has it ----------------------------
def options_paragraph(game_id: str) -> str:
    text = (ROOT / "docs" / "transcripts" / f"{game_id}.md").read_text(encoding="utf-8")
    found = re.search(r"^Options: (.*?)(?:\n\n|\Z)", text, re.M | re.S)
    return found.group(1) if found else ""


def shown_default(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_transcript_doc_states_every_options_default_as_the_facts_do(game_id: str) -> None:
    """docs/transcripts/<game>.md's "Options:" paragraph names every option with its default,
    and the default is the one facts.json gives (Niagara's doc said round_limit 100; it is 0)."""
    options = get_game(game_id).options
    paragraph = options_paragraph(game_id)
    if not options:
        assert not paragraph
        return
    assert paragraph, f"docs/transcripts/{game_id}.md has no Options: paragraph"
    starts = {o.key: re.search(rf"`{o.key}(?:=[^`]*)?`", paragraph) for o in options}
    assert all(starts.values()), {k: bool(v) for k, v in starts.items()}
    order = sorted((m.start(), key) for key, m in starts.items() if m)
    for i, (at, key) in enumerate(order):
        part = paragraph[at:order[i + 1][0] if i + 1 < len(order) else len(paragraph)]
        said = re.search(r"default `?([^`\s,;)]+)`?", part)
        assert said, f"{game_id}: the doc gives no default for {key!r}: {part!r}"
        spec = next(o for o in options if o.key == key)
        assert said.group(1) == shown_default(spec.default), (game_id, key, said.group(1), spec.default)


# ----- a whole number is a JSON number, in every game and field ------------------------------
def int_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths to every whole number inside an argument (lists and objects included)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [path]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in int_paths(v, path + (i,))]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in int_paths(v, path + (k,))]
    return []


def as_text(value: Any, path: tuple[Any, ...]) -> Any:
    """``value`` with the number at ``path`` written as text ("3" for 3)."""
    if not path:
        return str(value)
    copy = list(value) if isinstance(value, list) else dict(value)
    copy[path[0]] = as_text(value[path[0]], path[1:])
    return copy


def numbers_in_legal_actions(game_id: str, seeds: int = 6, steps: int = 400) -> list[tuple[Any, Action, str, tuple[Any, ...]]]:
    """(state, action, argument, path) for the first legal action met of each kind of move and
    number position, over a few random games."""
    game = get_game(game_id)
    found: dict[tuple[str, str, tuple[Any, ...]], tuple[Any, Action, str, tuple[Any, ...]]] = {}
    for seed in range(seeds):
        rng = random.Random(seed)
        s = Session(game, game.setup(players_for(game_id)))
        for _ in range(steps):
            legal = game.legal_actions(s.state)
            if not legal:
                break
            for action in list(legal)[:60]:
                for arg in action.to_json():
                    if arg in ("type", "player"):
                        continue
                    for path in int_paths(action[arg]):
                        shape = tuple("#" if isinstance(p, int) else p for p in path)
                        found.setdefault((action.type, arg, shape), (s.state, action, arg, path))
            s.apply(rng.choice(legal))
    return list(found.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_number_written_as_text_is_refused_alike_in_every_game(game_id: str) -> None:
    """Manila refused "amount": "10" (bad_arg) where Niagara took "card": "3" as 3: now every
    number of every legal action, written as text, is refused the same way (bad_arg, naming
    the field), and the state is left as it was."""
    game = get_game(game_id)
    cases = numbers_in_legal_actions(game_id)
    for state, action, arg, path in cases:
        data = action.to_json()
        data[arg] = as_text(action[arg], path)
        bad = Action.from_json(data)
        before = game.clone(state)
        with pytest.raises(MalformedAction) as info:
            game.apply(state, bad)
        assert info.value.code == "bad_arg" and info.value.params["arg"] == arg, (data, info.value.code)
        assert state == before
        text = describe_error(info.value, game_id, "en", players_for(game_id))
        assert "whole number" in text and arg in text, text


def test_the_issues_two_examples_through_the_command_line() -> None:
    """Niagara's "card": "3" and Manila's "amount": "10": one code, one kind of sentence."""
    status, body = run_lines("niagara", '{"type": "card", "player": 0, "card": "3"}\n')
    assert status == 1 and body["code"] == "bad_arg" and body["params"]["arg"] == "card"
    assert body["message"] == "“card” of “card” must be a whole number such as 3, not the text “3”."
    status, body = run_lines("manila", '{"type": "bid", "player": 0, "amount": "10"}\n')
    assert status == 1 and body["code"] == "bad_arg" and body["params"]["arg"] == "amount"
    assert body["message"] == "“amount” of “bid” must be a whole number such as 10, not the text “10”."
    # what else a field refuses says why, in the same code
    status, body = run_lines("silk_road", '{"type": "swap", "player": 0, "ship": 0, "good": "tea"}\n')
    assert body["code"] == "bad_arg" and body["message"] == "“ship” of “swap” cannot be 0: it is at least 1."
    status, body = run_lines("manila", '{"type": "bid", "player": 0, "amount": null}\n')
    assert body["code"] == "bad_arg" and body["message"] == "“amount” of “bid” must be a whole number, not null."
    status, body = run_lines("catan", '{"type": "progress", "player": 0, "card": "monopol"}\n')
    assert body["code"] == "bad_arg" and body["message"] == (
        "“card” of “progress” cannot be \"monopol\": it is one of road_building, year_of_plenty, monopoly.")


# ----- a key twice is refused ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_a_key_given_twice_is_refused_in_every_game(game_id: str) -> None:
    """Before, the last of two "player" keys won silently; now the line is refused, naming the key."""
    status, body = run_lines(game_id, '{"type": "undo", "player": 0, "player": 1}\n')
    assert status == 1 and body["code"] == "input_duplicate_key" and body["line"] == 1
    assert body["message"] == "Line 1 gives “player” twice; give each field once."
    # nested objects too (a free-form argument)
    status, body = run_lines(game_id, '{"type": "undo", "x": {"a": 1, "a": 2}}\n')
    assert body["code"] == "input_duplicate_key" and body["params"]["key"] == "a"


def test_an_import_file_with_a_key_twice_is_refused() -> None:
    from companion import transfer

    with pytest.raises(transfer.ImportRefused) as info:
        transfer.load_export(b'{"format": "table-companion",\n "format": "other"}')
    assert info.value.code == "input_duplicate_key" and info.value.params == {"key": "format", "why": "file"}
    from companion.messages import game_message
    assert game_message(None, info.value.code, "en", info.value.params) == (
        "The file gives “format” twice in one object; give each field once.")


# ----- an escaped lone surrogate says so ---------------------------------------------------------
def test_an_escaped_lone_surrogate_is_reported_as_such() -> None:
    status, body = run_lines("manila", '{"type": "bid\\\\ud800", "player": 0}\n'.replace("\\\\", "\\"))
    assert status == 1 and body["code"] == "input_lone_surrogate"
    assert body["message"] == ("Line 1 has the escape \\\\ud800, half of a surrogate pair with no other half: "
                               "it stands for no character.").replace("\\\\", "\\")
    # a proper pair is one character (😀 = \\ud83d\\ude00) and passes the gate
    assert inputgate.loads('{"name": "\\ud83d\\ude00"}') == {"name": "😀"}
    # bytes that are not UTF-8 are still "not valid UTF-8 text"
    status, body = run_lines("manila", b'{"type": "bid", "player": 0}\xff\n')
    assert body["code"] == "input_bad_utf8"


# ----- names: NFC, emoji sequences, invisible characters -----------------------------------------
DECOMPOSED, COMPOSED = "Zoe\u0301", "Zo\u00e9"  # é as e + combining accent, and as one character


@pytest.mark.parametrize("game_id", GAMES)
def test_names_are_nfc_normalised_in_every_game(game_id: str) -> None:
    game = get_game(game_id)
    others = players_for(game_id)[2:]
    setup = game.setup([DECOMPOSED, "Bo", *others])
    assert setup.players[0] == COMPOSED  # kept in the one form
    with pytest.raises(SetupError) as info:  # the same name twice, however it was typed
        game.setup([DECOMPOSED, COMPOSED, *others])
    assert [p.code for p in info.value.problems] == ["duplicate_name"]
    # a transcript may name the player either way
    from companion.cli import parse_line

    assert parse_line(json.dumps({"type": "undo", "player": COMPOSED}), setup.players).player == 0
    assert parse_line(json.dumps({"type": "undo", "player": DECOMPOSED}, ensure_ascii=False), setup.players).player == 0


EMOJI_NAMES = ["👩\u200d🍳", "🏳\ufe0f\u200d🌈", "👨\U0001F3FD\u200d💻", "❤\ufe0f\u200d🔥", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", "😀"]


@pytest.mark.parametrize("game_id", GAMES)
def test_emoji_with_joiners_are_names_like_any_emoji(game_id: str) -> None:
    """👩‍🍳 (woman + joiner + cooking) was refused while 😀 passed; every emoji sequence is a
    name now, kept whole, and a message that names the player shows it whole."""
    game = get_game(game_id)
    n = len(players_for(game_id))
    names = (EMOJI_NAMES * 2)[:n]
    if len(set(names)) < n:
        names = names[:-1] + ["Bo"]
    setup = game.setup(names)
    assert list(setup.players) == names
    assert inputgate.name_problem(names[0]) is None and inputgate.shown(names[0]) == names[0]
    from companion.core import IllegalAction

    err = IllegalAction("not_your_turn", None, player=0, expected_players=[1])
    for lang in ("en", "zh_Hans", "zh_Hant"):
        assert names[0] in describe_error(err, game_id, lang, setup.players)


@pytest.mark.parametrize("name, shown", [
    ("A\u200dB", "A[U+200D]B"),        # a joiner between letters joins nothing
    ("\u200d👩", "[U+200D]👩"),          # nor at the start
    ("Ann\u0007", "Ann[U+0007]"),      # a control character
    ("Bo\u202e", "Bo[U+202E]"),        # a direction override
])
def test_an_invisible_character_outside_an_emoji_is_refused_and_shown(name: str, shown: str) -> None:
    """Refused as before, but the message shows which character (was: U+FFFD)."""
    assert inputgate.name_problem(name) == ("bad_name", {"name": shown})
    with pytest.raises(SetupError) as info:
        get_game("manila").setup([name, "Bo", "Cy"])
    problem = info.value.problems[0]
    assert problem.code == "bad_name" and shown in describe_problem(problem, "manila", "en")
