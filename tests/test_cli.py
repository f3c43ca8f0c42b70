"""`companion referee`: transcript in, state or first error out."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main, referee

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.usefixtures("toy_registered")  # tests/conftest.py


def run(lines, players=("Ann", "Bo"), options=None, lang="en"):
    out = io.StringIO()
    status = referee("toy", list(players), options or {}, io.StringIO("\n".join(lines)), lang, False, out)
    return status, json.loads(out.getvalue())


def test_transcript_applied_and_state_printed():
    status, state = run(['{"type": "take", "player": 0, "n": 3}', "# a comment", "",
                         '{"type": "take", "player": "Bo", "n": 2}'], options={"pile": "9"})
    assert status == 0
    assert state == {"game": "toy", "phase": "take", "turn": ["Ann"], "finished": False, "winners": [], "pile": 4}


def test_finished_game_reports_winners():
    status, state = run(['{"type": "take", "player": 0, "n": 3}'], options={"pile": "3"})
    assert status == 0 and state["finished"] is True and state["winners"] == ["Ann"] and state["turn"] == []


def test_undo_and_redo_lines():
    status, state = run(['{"type": "take", "player": 0, "n": 3}', '{"type": "undo"}', '{"type": "redo"}',
                         '{"type": "undo"}'])
    assert status == 0 and state["pile"] == 10


def test_first_illegal_line_stops_with_line_code_rule_and_message():
    status, err = run(['{"type": "take", "player": 0, "n": 1}', '{"type": "take", "player": 0, "n": 1}',
                       '{"type": "take", "player": 1, "n": 1}'])
    assert status == 1
    assert err["line"] == 2 and err["kind"] == "illegal" and err["code"] == "not_your_turn"
    assert err["rule"] == "toy.flow"
    assert err["message"] == "It is not Ann's decision now; waiting for Bo."


def test_message_in_chosen_language():
    _, err = run(['{"type": "take", "player": 1, "n": 1}'], lang="zh_Hant")
    assert err["message"] == "現在還輪不到 Bo 決定；正在等 Ann。"
    _, err = run(['{"type": "take", "player": 1, "n": 1}'], lang="zh_Hans")
    assert err["message"] == "现在不是 Bo 做决定；正在等待 Ann。"


@pytest.mark.parametrize("line, kind, code", [
    ("not json", "malformed", "bad_json"),
    ('{"type": "take", "player": 0}', "malformed", "missing_arg"),
    ('{"type": "jump", "player": 0}', "malformed", "unknown_action"),
    ('{"type": "take", "player": "Zed", "n": 1}', "malformed", "bad_player"),
])
def test_malformed_lines(line, kind, code):
    status, err = run([line])
    assert status == 1 and (err["line"], err["kind"], err["code"]) == (1, kind, code)


def test_setup_problems_exit_2():
    out = io.StringIO()
    status = referee("toy", ["Solo"], {}, io.StringIO(""), "en", False, out)
    assert status == 2
    assert json.loads(out.getvalue())["problems"][0]["code"] == "player_count"


def test_command_line_entry_point_reads_a_file(tmp_path, capsys):
    path = tmp_path / "t.jsonl"
    path.write_text('{"type": "take", "player": 0, "n": 2}\n', encoding="utf-8")
    assert main(["referee", "toy", "--players", "A,B", "--option", "pile=5", "--lang", "zh-TW", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["pile"] == 3


def test_installed_console_script_runs(tmp_path):
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "companion", "referee", "chess", "--players", "A,B"],
                            input="", capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 2 and json.loads(result.stdout)["error"] == "unknown_game"
