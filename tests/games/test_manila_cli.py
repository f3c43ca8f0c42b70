"""`companion referee manila`: names for seat fields, and --odds with exact fractions.

The odds are worked out by hand: with no pirate aboard, a boat arrives when the
three dice take it to space 13 or beyond (the rulebook: a boat on 13 after the
last roll with no pirates takes the next harbor space).
"""

from __future__ import annotations

import io
import json

from companion.cli import main, referee

START = [
    '{"type": "enter_shares", "player": "A", "wares": ["silk", "jade"]}',
    '{"type": "enter_shares", "player": "B", "wares": ["nutmeg", "ginseng"]}',
    '{"type": "enter_shares", "player": "C", "wares": ["jade", "jade"]}',
    '{"type": "pass_bid", "player": "A"}',
    '{"type": "pass_bid", "player": "B"}',
    '{"type": "pass_bid", "player": "C"}',
    '{"type": "skip_share", "player": "A"}',
    '{"type": "launch", "player": "A", "nutmeg": 5, "silk": 4, "jade": 0}',
]


def run(lines: list[str], odds: bool = False) -> tuple[int, dict]:
    out = io.StringIO()
    status = referee("manila", ["A", "B", "C"], {}, io.StringIO("\n".join(lines)), "en", False, out, odds)
    return status, json.loads(out.getvalue())


def test_correct_money_takes_a_name_like_player_does() -> None:
    status, state = run([*START, '{"type": "correct_money", "for_player": "B", "money": 7}'])
    assert status == 0 and [p["money"] for p in state["players"]] == [30, 7, 30]
    status, err = run([*START, '{"type": "correct_money", "for_player": "Zed", "money": 7}'])
    assert status == 1 and err["code"] == "bad_player"


def test_odds_printed_exactly_with_the_state() -> None:
    status, state = run(START, odds=True)
    assert status == 0
    boats = state["odds"]["boats"]
    # nutmeg from 5 needs 3 dice summing to 8 or more: 1 - (1+3+6+10+15)/216 = 181/216
    assert boats["nutmeg"]["arrive"] == "181/216" and boats["nutmeg"]["shipyard"] == "35/216"
    # silk from 4 needs 9 or more: 1 - 56/216 = 20/27; jade from 0 needs 13 or more: 56/216 = 7/27
    assert boats["silk"]["arrive"] == "20/27" and boats["jade"]["arrive"] == "7/27"
    # nutmeg on 13 right after roll 2: two dice summing to 8 = 5/36
    assert boats["nutmeg"]["on_last_after_board"] == "5/36"
    # A alone on nutmeg's first seat (2 pesos) expects 24 × 181/216 = 181/9 pesos
    assert state["odds"]["spaces"]["nutmeg"] == {"cost": 2, "expected": "181/9", "net": "163/9"}
    status, plain = run(START)
    assert "odds" not in plain


def test_odds_option_on_the_command_line(tmp_path, capsys) -> None:
    path = tmp_path / "voyage.jsonl"
    path.write_text("\n".join(START), encoding="utf-8")
    assert main(["referee", "manila", str(path), "--players", "A,B,C", "--odds"]) == 0
    assert json.loads(capsys.readouterr().out)["odds"]["boats"]["silk"]["arrive"] == "20/27"
