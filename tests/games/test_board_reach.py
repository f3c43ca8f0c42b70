"""Play by tapping the board: random games of every game whose view declares
``BOARD_ACTIONS`` (the action types that have a place on the physical board),
played through the board's spots.  In every state reached:

* every legal action of those types is reachable from the board: a legal spot
  sends it, or opens a form step (an artist, a canoe) that leads to it -- and
  tapping through the spots (on a table that only records) really sends it;
* every spot that is not legal now answers a tap with a refusal that cites a
  clause of the rules (it says why instead of disappearing).

Generic over a view's spots (``companion/ui/board.py``: ``spot``, ``choice``,
``SpotInfo``): a board view joins by declaring ``BOARD_ACTIONS``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.core import Action, RefereeError, Session
from companion.core.legal import excluding
from companion.i18n import Translator
from companion.registry import game_ids, get_game
from companion.rules import library
from companion.ui.board import SpotInfo, spots
from companion.ui.views import view_for

from games.screen_harness import Table, click
from ui_harness import walk

BOARD_GAMES = [gid for gid in game_ids() if getattr(view_for(gid), "BOARD_ACTIONS", None)]
#: a few taps at most lead from the board to an action (an artist, its auction type, a second painting;
#: Manila's launch: the ware that stays home, three starts, then loading)
DEPTH = 6
#: per state, how many of the legal board actions are tapped through (all of them when fewer);
#: every one of them is checked to have its spot
SAMPLE = 3
#: a state without a legal board action is still checked (its spots drawn as not legal) every so often
EVERY = 8


class Recorder(Table):
    """A table whose dispatch records what the screen sends and changes nothing."""

    def dispatch(self, action: Action) -> bool:
        self.sent.append(action)
        return True


def board_of(table: Table) -> Any:
    """The screen as a person sees it after putting away a results screen (a round's or
    a voyage's results are shown once, in place of the board, until Continue)."""
    root = table.build()
    sheet = next((c for c in walk(root) if getattr(c, "key", None) == "results"), None)
    if sheet is not None:
        click(sheet, Translator(table.lang).gettext("Continue"))
        root = table.build()
    return root


def tap_through(session: Session, action: Action, lang: str = "en", dispatch: Any = None) -> list[str]:
    """Tap the board's spots towards ``action`` until the screen sends it; the
    keys tapped.  Fails if no spot leads on, or the screen sends anything else."""
    table = Recorder(session, lang) if dispatch is None else dispatch
    root = board_of(table)
    trail: list[str] = []
    # a view may need more taps for a turn made of several pieces (Niagara: two canoes, each a place
    # and maybe a gem or a robbery, then Confirm): it says how many in BOARD_DEPTH
    for _ in range(getattr(view_for(session.game.id), "BOARD_DEPTH", DEPTH)):
        found = [(c, info) for c, info in spots(root) if info.leads_to(action) and info.key not in trail]
        assert found, f"{session.game.id} {session.state.phase}: no spot leads to {action} (after {trail})"
        control, info = min(found, key=lambda f: not f[1].direct)  # a spot that plays it at once first
        sent = len(table.sent)
        control.on_click(None)
        trail.append(info.key)
        if len(table.sent) > sent:
            assert table.sent[-1] == action, (trail, table.sent[-1], action)
            return trail
    raise AssertionError(f"{action}: not sent after tapping {trail}")


def board_actions(game: Any, state: Any, types: frozenset[str]) -> list[Action]:
    """The legal actions of ``types`` (a lazy part of another type -- Manila's dice -- is not built)."""
    others = set(game.moves) - types
    return [a for a in excluding(game.legal_actions(state), *others) if a.type in types]


def check_state(session: Session, types: frozenset[str], rng: random.Random, lang: str, step: int) -> None:
    wanted = board_actions(session.game, session.state, types)
    if not wanted and step % EVERY:
        return
    found = spots(board_of(Table(session, lang)))
    for action in wanted:
        assert any(info.leads_to(action) for _, info in found), \
            f"{session.game.id} {session.state.phase}: {action} has no spot ({[i.key for _, i in found]})"
    for action in (wanted if len(wanted) <= SAMPLE else rng.sample(wanted, SAMPLE)):
        tap_through(session, action, lang)
    ctx = Table(session, lang).ctx()
    for _, info in found:
        if not info.legal:
            assert_refused_with_clause(ctx, info)


def assert_refused_with_clause(ctx: Any, info: SpotInfo) -> None:
    assert info.action is not None, info
    reason = ctx.why_not(info.action)
    assert reason is not None, f"{info.key}: drawn as not legal, but the referee accepts {info.action}"
    message, rule = reason
    assert message and rule and library.clause(rule, ctx.lang) is not None, (info.key, reason)


def play(game_id: str, seed: int, players: int, lang: str = "en", steps: int = 300) -> set[str]:
    """One random game played through the board where the board has the action;
    returns the phases in which a board action was tapped."""
    game = get_game(game_id)
    types = frozenset(view_for(game_id).BOARD_ACTIONS)
    names = ["Ana", "Ben", "Cho", "Dai", "Eve"][:players]
    session = Session(game, game.setup(names, {}))
    rng = random.Random(seed)
    tapped: set[str] = set()
    for step in range(steps):
        if game.is_over(session.state):
            break
        check_state(session, types, rng, lang, step)
        legal = excluding(game.legal_actions(session.state), "mortgage", "redeem")
        if not len(legal):
            break
        action = rng.choice(legal)    # one built (a lazy list builds only the one chosen)
        if action.type in types:
            tapped.add(session.state.phase)
            table = Table(session, lang, refusals=RefereeError)
            tap_through(session, action, lang, dispatch=table)   # played by tapping, for real
            assert table.refused == [] and table.sent[-1] == action
        else:
            session.apply(action)
    return tapped


@pytest.mark.parametrize("game_id", BOARD_GAMES)
@pytest.mark.parametrize("seed, players", [(1, 3), (2, 4), (3, 5)])
def test_random_games_played_through_the_board(game_id: str, seed: int, players: int) -> None:
    game = get_game(game_id)
    players = max(game.min_players, min(game.max_players, players))
    tapped = play(game_id, seed, players)
    assert tapped, f"{game_id}: no board action was ever tapped"


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_the_board_in_chinese_too(game_id: str) -> None:
    game = get_game(game_id)
    assert play(game_id, 7, max(game.min_players, 3), lang="zh_Hant", steps=80)
