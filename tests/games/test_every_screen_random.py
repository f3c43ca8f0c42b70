"""Every registered game's screen, built along random games in both Chinese
scripts: no ASCII punctuation where Chinese text needs its own (：；（）、, see
``punctuation.py``), no raw message key, no unfilled placeholder (and in
English, no raw key or placeholder either); and no section that centres its
content (an ExpansionTile's default: a form in it jumps sideways when a line
in it changes width — ``widgets.expander`` starts it at the left edge); and in
Chinese no text in italics (``widgets.italic``: a slanted Chinese glyph is a fake).

The games' own screen tests walk chosen phases by hand; this one reaches the
states nobody thought to script (a pilot's moves, a round's payouts, a game
that ended), for all thirteen games at once, so a screen added or changed later
is held to the same rule without a test of its own.
"""

from __future__ import annotations

import random

import flet as ft
import pytest

from companion.core import Session
from companion.registry import GAMES, get_game

from games.punctuation import ascii_punctuation, shown_texts
from games.screen_harness import Table, raw_keys
from ui_harness import walk

NAMES = ["安娜", "班", "卓", "丁", "恩"]
STEPS = 400      # actions per game at most
EVERY = 5        # build the screen every EVERY actions, and whenever the phase changes


def centred_sections(root: ft.Control) -> list[str]:
    """The titles of the sections below ``root`` that centre their content."""
    return [str(getattr(c.title, "value", c.title)) for c in walk(root) if isinstance(c, ft.ExpansionTile)
            and (c.expanded_cross_axis_alignment != ft.CrossAxisAlignment.START
                 or c.expanded_alignment != ft.Alignment.TOP_LEFT)]


def faux_italics(root: ft.Control) -> list[str]:
    """Texts set in italics: Chinese has no italic face, so Flutter slants the upright glyphs."""
    return [f"italic: {c.value}" for c in walk(root) if isinstance(c, ft.Text) and c.italic]


def _phase(state: object) -> str:
    return str(getattr(state, "phase", ""))


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant", "en"])
@pytest.mark.parametrize("game_id", GAMES)
def test_random_game_screens_read_right(game_id: str, lang: str) -> None:
    game = get_game(game_id)
    rng = random.Random(f"{game_id}-{lang}")
    players = max(game.min_players, min(game.max_players, 4))
    session = Session(game, game.setup(NAMES[:players], dict(game.random_playout_options)))
    problems: dict[str, set[str]] = {}
    built, phases, last_phase = 0, set(), None
    for step in range(STEPS + 1):
        phase = _phase(session.state)
        if phase != last_phase or step % EVERY == 0 or game.is_over(session.state):
            root = Table(session, lang).build()
            shown = shown_texts(root)
            built += 1
            phases.add(phase)
            for text in (ascii_punctuation(shown) if lang != "en" else []) + raw_keys(shown) + [
                    f"centred section: {title}" for title in centred_sections(root)] + (
                    faux_italics(root) if lang != "en" else []):
                problems.setdefault(phase, set()).add(text)
            last_phase = phase
        if game.is_over(session.state):
            break
        try:
            legal = game.legal_actions(session.state)
        except NotImplementedError:  # a score sheet that lists no moves: the table enters them
            break
        if not legal:
            break
        session.apply(legal[rng.randrange(len(legal))])
    assert built >= 1
    assert not problems, {phase: sorted(texts)[:5] for phase, texts in problems.items()}
