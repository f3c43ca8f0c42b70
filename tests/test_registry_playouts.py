"""One generic test over every registered game (OpenSpiel's random-playout
idea): random legal games, with clone/replay equality, rejected actions that
change nothing, a finished game with no legal actions, and states that survive
the SQLite store."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from companion.core import Action, IllegalAction, MalformedAction, Session
from companion.registry import GAMES, get_game
from companion.rules import library

GAME_IDS = list(GAMES)
MAX_STEPS = 3000


def players_for(game, rng):
    count = rng.randint(game.min_players, min(game.max_players, 6))
    return [f"P{i + 1}" for i in range(count)]


def test_all_thirteen_games_are_registered():
    assert sorted(GAMES) == sorted([
        "manila", "niagara", "modern_art", "silk_road", "catan", "citadels", "dominion", "pandemic",
        "saboteur", "mamma_mia", "cockroach_poker", "im_the_boss", "kutschfahrt"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_declares_its_facts(game_id):
    game = get_game(game_id)
    facts = library.facts(game_id)
    assert game.id == game_id
    assert game.kind in ("referee", "scoresheet")
    assert 1 <= game.min_players <= game.max_players
    assert (facts["players"]["min"], facts["players"]["max"]) == (game.min_players, game.max_players)
    assert [spec.key for spec in game.options] == [o["key"] for o in facts["options"]]
    assert game.validate_setup(["A"] * 0)[0].code == "player_count"
    for spec in game.options:
        assert spec.parse(spec.default) == spec.default


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playouts(game_id, seed):
    game = get_game(game_id)
    rng = random.Random(f"{game_id}-{seed}")
    setup = game.setup(players_for(game, rng), dict(game.random_playout_options))
    session = Session(game, setup)
    steps = 0
    while not game.is_over(session.state) and steps < MAX_STEPS:
        legal = game.legal_actions(session.state)
        assert legal, f"{game_id}: no legal action in phase {game.phase(session.state)} but the game is not over"
        assert legal == game.legal_actions(session.state), "legal_actions must be deterministic"
        if steps % 7 == 0:
            _check_rejections_change_nothing(game, session, legal, rng)
        action = rng.choice(legal)
        session.apply(action)
        assert game.clone(session.state) == session.state
        steps += 1
    assert game.is_over(session.state), f"{game_id}: no end after {MAX_STEPS} random legal actions"
    assert game.legal_actions(session.state) == []
    winners = game.winners(session.state)
    assert all(0 <= w < len(setup.players) for w in winners)
    # replay from the log gives an equal state; so does a pickled snapshot
    assert Session.replay(game, setup, session.log).state == session.state
    assert pickle.loads(pickle.dumps(session.state)) == session.state
    # undo everything back to the start (stopping at an action that is not undoable)
    while session.can_undo():
        session.undo()
    assert session.state == Session.replay(game, setup, session.log[: session.cursor]).state
    summary = game.summary(session.state, setup)
    for key in ("game", "phase", "turn", "finished", "winners"):
        assert key in summary


def _check_rejections_change_nothing(game, session, legal, rng):
    before = copy.deepcopy(session.state)
    probes = [Action.make("no_such_move", 0), Action.make(legal[0].type, None)]
    victim = rng.choice(legal)
    others = [p for p in range(len(session.setup.players)) if p != victim.player]
    if others and victim.player is not None:
        probes.append(Action(victim.type, rng.choice(others), victim.args))
    for probe in probes:
        try:
            session.preview(probe)
        except (IllegalAction, MalformedAction):
            pass
        assert session.state == before
    for action in legal[:5]:
        assert game.is_legal(session.state, action), f"listed as legal but refused: {action}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_and_prompts_are_labelled_in_every_language(game_id):
    """The new-table screen shows each option by its label, and the "now"
    banner needs each phase's prompt, in all three languages."""
    game = get_game(game_id)
    missing = []
    for lang in ("en", "zh_Hans", "zh_Hant"):
        for spec in game.options:
            keys = [f"option.{spec.key}"] + [f"option.{spec.key}.{c}" for c in spec.choices]
            missing += [(lang, k) for k in keys if library.message(game_id, lang, k) is None]
    assert not missing, missing


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_and_correction_fields_are_labelled_in_every_language(game_id):
    """Buttons and the correction form show labels, never raw identifiers."""
    game = get_game(game_id)
    missing = []
    for lang in ("en", "zh_Hans", "zh_Hant"):
        for move in game.moves.values():
            keys = [f"action.{move.name}"] + ([f"param.{p}" for p in move.params] if move.correction else [])
            missing += [(lang, k) for k in keys if library.message(game_id, lang, k) is None]
    assert not missing, missing


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_and_flow_cite_clauses_in_every_language(game_id):
    """A move refused out of turn or in the wrong phase cites the move's rule, else the
    game's flow_rule (Game.check_flow): every move names one, and each is a clause of the
    game in all three languages."""
    game = get_game(game_id)
    cited = {game.flow_rule} | {move.rule for move in game.moves.values()}
    for lang in ("en", "zh_Hans", "zh_Hant"):
        missing = sorted(map(repr, cited - set(library.clause_ids(game_id, lang))))
        assert not missing, (lang, missing)
