"""The shared legality pipeline, sessions and setup checks, on a tiny model game."""

from __future__ import annotations

import copy

import pytest

from companion.core import Action, IllegalAction, MalformedAction, Session, SetupError, SetupProblem
from toy import TOY


def fresh(players=("Ann", "Bo"), **options):
    setup = TOY.setup(list(players), options)
    return setup, Session(TOY, setup)


def test_action_json_round_trip_and_flat_form():
    action = Action.make("take", 1, n=2)
    assert action.to_json() == {"type": "take", "player": 1, "n": 2}
    assert Action.from_json({"type": "take", "player": 1, "n": 2}) == action
    assert Action.make("x", None, seats=[1, 2])["seats"] == [1, 2]
    nested = {"type": "x", "load": {"canoe": 1, "gems": ["red", "blue"]}, "pairs": [[1, 2], [3]]}
    assert Action.from_json(nested).to_json() == nested
    assert Action.from_json(nested) == Action.from_json(dict(reversed(list(nested.items()))))


@pytest.mark.parametrize("raw, code", [
    ([], "not_an_object"),
    ({"player": 0}, "missing_type"),
    ({"type": "take", "player": "zero"}, "bad_player"),
])
def test_malformed_json(raw, code):
    with pytest.raises(MalformedAction) as info:
        Action.from_json(raw)
    assert info.value.code == code


@pytest.mark.parametrize("action, code", [
    (Action.make("fly", 0), "unknown_action"),
    (Action.make("take", None, n=1), "missing_player"),
    (Action.make("take", 7, n=1), "bad_player"),
    (Action.make("take", 0), "missing_arg"),
    (Action.make("take", 0, n=1, m=2), "unknown_arg"),
    (Action.make("take", 0, n="1"), "bad_arg"),
    (Action.make("take", 0, n=4), "bad_arg"),
    (Action.make("take", 0, n=True), "bad_arg"),
])
def test_malformed_actions_are_a_different_error_from_illegal_moves(action, code):
    _, session = fresh()
    with pytest.raises(MalformedAction) as info:
        session.apply(action)
    assert info.value.code == code
    assert not isinstance(info.value, IllegalAction)


def test_wrong_turn_is_illegal_with_rule_and_params():
    _, session = fresh()
    with pytest.raises(IllegalAction) as info:
        session.apply(Action.make("take", 1, n=1))
    err = info.value
    assert (err.code, err.rule, err.params["expected_players"]) == ("not_your_turn", "toy.flow", [0])


def test_rejected_action_leaves_state_untouched_even_if_the_move_mutated_first():
    _, session = fresh(pile=2)
    before = copy.deepcopy(session.state)
    with pytest.raises(IllegalAction) as info:
        session.apply(Action.make("take", 0, n=3))  # _take subtracts before it checks
    assert info.value.code == "too_many" and info.value.rule == "toy.take.limit"
    assert session.state == before
    assert session.cursor == 0 and session.log == []


def test_game_over_refuses_moves_but_accepts_corrections():
    _, session = fresh(pile=3)
    session.apply(Action.make("take", 0, n=3))
    assert TOY.is_over(session.state) and TOY.winners(session.state) == [0]
    assert TOY.legal_actions(session.state) == []
    with pytest.raises(IllegalAction) as info:
        session.apply(Action.make("take", 1, n=1))
    assert info.value.code == "game_over"
    session.apply(Action.make("fix", None, pile=0))
    assert session.state.pile == 0


def test_undo_redo_without_limit_and_redo_tail_dropped_by_new_action():
    _, session = fresh(pile=40)
    moves = [Action.make("take", i % 2, n=1 + i % 3) for i in range(20)]
    states = [copy.deepcopy(session.state)]
    for move in moves:
        session.apply(move)
        states.append(copy.deepcopy(session.state))
    for k in range(20, 0, -1):
        session.undo()
        assert session.state == states[k - 1]
    with pytest.raises(IllegalAction) as info:
        session.undo()
    assert info.value.code == "nothing_to_undo"
    for k in range(1, 21):
        session.redo()
        assert session.state == states[k]
    for _ in range(5):
        session.undo()
    session.apply(Action.make("take", session.state.turn, n=1))
    assert not session.can_redo() and len(session.log) == 16


def test_not_undoable_action_blocks_undo():
    _, session = fresh()
    session.apply(Action.make("peek", 1, value=4))
    assert not session.can_undo()
    with pytest.raises(IllegalAction) as info:
        session.undo()
    assert info.value.code == "not_undoable"


def test_replay_equals_live_state_and_reports_bad_index():
    setup, session = fresh(pile=30)
    for i in range(25):
        legal = TOY.legal_actions(session.state)
        if not legal:
            break
        session.apply(legal[i % len(legal)])
    again = Session.replay(TOY, setup, session.log)
    assert again.state == session.state
    bad = list(session.log[:3]) + [Action.make("take", 0, n=9)]
    with pytest.raises(MalformedAction) as info:
        Session.replay(TOY, setup, bad)
    assert info.value.params["index"] == 3


def test_seek_uses_snapshots_and_matches_replay():
    setup, session = fresh(pile=50)
    for _ in range(200):
        legal = TOY.legal_actions(session.state)
        if not legal:
            break
        session.apply(legal[0])
        if session.state.pile < 5:
            session.apply(Action.make("fix", None, pile=50))
    for target in (0, 1, 63, 64, 65, 130, session.cursor):
        session.seek(target)
        assert session.state == Session.replay(TOY, setup, session.log[:target]).state


def test_setup_problems_have_stable_codes():
    assert TOY.validate_setup(["A"]) == [SetupProblem("player_count", count=1, min=2, max=4)]
    assert [p.code for p in TOY.validate_setup(["A", " "])] == ["empty_name"]
    assert [p.code for p in TOY.validate_setup(["A", "a"])] == ["duplicate_name"]
    assert [p.code for p in TOY.validate_setup(["A", "B"], {"speed": 1})] == ["unknown_option"]
    assert [p.code for p in TOY.validate_setup(["A", "B"], {"pile": "many"})] == ["bad_option"]
    assert [p.code for p in TOY.validate_setup(["A", "B", "C"], {"pile": "2"})] == ["pile_too_small"]
    with pytest.raises(SetupError):
        TOY.setup(["A"])
    assert TOY.setup(["A", "B"], {"pile": "7"}).options == {"pile": 7}


class _Shapes:
    """A state for the argument-kind game below: two seats, always in play."""

    def __init__(self) -> None:
        self.players, self.phase, self.got = ["Ann", "Bo"], "play", None


def _keep(state, action):
    state.got = action.to_json()


def _shapes_game():
    from companion.core import Game, Param, move, moves_table

    kinds = ("int", "str", "bool", "seat", "int_list", "str_list", "seat_list", "json")

    class Shapes(Game):
        id = "shapes"
        moves = moves_table(*(move(kind, _keep, None, None, actor="table", params={"v": Param(kind)})
                              for kind in kinds),
                            move("picked", _keep, None, None, actor="table",
                                 params={"v": Param("str_list", choices=("a", "b"))}))

        def active_players(self, state):
            return frozenset()

    return Shapes()


@pytest.mark.parametrize("kind, value, ok", [
    ("int", 3, True), ("int", [3], False), ("int", {"a": 3}, False), ("int", True, False), ("int", 3.0, False),
    ("str", "x", True), ("str", ["x"], False), ("str", {"x": 1}, False), ("str", None, False),
    ("bool", False, True), ("bool", 0, False), ("bool", [True], False),
    ("seat", 1, True), ("seat", 2, False), ("seat", [1], False), ("seat", True, False),
    ("int_list", [1, 2], True), ("int_list", [], True), ("int_list", 1, False), ("int_list", [1, "2"], False),
    ("int_list", [[1]], False), ("int_list", {"a": 1}, False),
    ("str_list", ["a"], True), ("str_list", "a", False), ("str_list", [["a"]], False),
    ("seat_list", [0, 1], True), ("seat_list", [0, 2], False), ("seat_list", [True], False),
    ("json", {"a": [1, {"b": 2}]}, True), ("json", [[1], 2], True), ("json", 5, True),
    ("picked", ["a", "b"], True), ("picked", ["a", "c"], False),
])
def test_every_argument_kind_refuses_a_value_of_the_wrong_shape(kind, value, ok):
    """An argument is checked as the move will read it: a list stays a list, an object an
    object, ``True`` is no number, whatever shape the action stores it in."""
    game = _shapes_game()
    state = _Shapes()
    action = Action.from_json({"type": kind, "v": value})
    if ok:
        assert game.apply(state, action).got == {"type": kind, "v": value}
        assert state.got is None  # applied to a copy
    else:
        with pytest.raises(MalformedAction) as info:
            game.apply(state, action)
        assert (info.value.code, info.value.params["arg"], info.value.params["value"]) == ("bad_arg", "v", value)
