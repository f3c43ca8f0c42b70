"""Checks the score sheets' event tests make the same way (issue 21): a scripted log's
events as each device sees them, and random games whose every event and chapter is
rendered in the three languages with no key or ``{field}`` left over."""

from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from companion import story
from companion.core import Action, Event, Session
from companion.core.events import shown
from companion.registry import get_game

LANGS = ("en", "zh_Hans", "zh_Hant")


def codes(events: Iterable[Event]) -> list[str]:
    return [e.code for e in events]


def seen(session: Session, seat: int | None) -> list[list[tuple[str, dict[str, Any]]]]:
    """Every entry of the log in force as the device of ``seat`` sees it: (code, params) of
    each event it may show, with the reveal keys in force now (a stand-in left out where the
    secret it stands for is shown, as ``core.events.shown`` does for every screen)."""
    entries = story.Story(session.game).entries(session)
    keys = story.revealed_keys(session.game, entries, session.state)
    return [[(e.code, dict(e.params)) for e in shown(entry.events, seat, keys)] for entry in entries]


def texts(session: Session, seat: int | None, lang: str = "en") -> list[str]:
    """Every sentence the device of ``seat`` may show of the log, in order."""
    game = session.game
    entries = story.Story(game).entries(session)
    keys = story.revealed_keys(game, entries, session.state)
    return [story.event_text(game, e, lang, session.setup.players)
            for entry in entries for e in shown(entry.events, seat, keys)]


def last(session: Session) -> list[Event]:
    """The newest entry's events (all of them, whoever may see them)."""
    got = story.last_entry(session)
    assert got is not None
    return list(got.events)


def render_all(game_id: str, games: int, seed: str, players: Sequence[int] | None = None,
               options: dict[str, Any] | None = None, max_steps: int = 3000) -> set[str]:
    """Play ``games`` random legal games and render every event and chapter they yield in the
    three languages: no ``event.`` key is left unrendered and no ``{field}`` unfilled.
    Returns the codes met (for a test to check that the game's story is more than one line)."""
    game = get_game(game_id)
    rng = random.Random(seed)
    met: set[str] = set()
    for _ in range(games):
        count = rng.choice(list(players) if players else range(game.min_players, min(game.max_players, 6) + 1))
        names = [f"P{i + 1}" for i in range(count)]
        setup = game.setup(names, {**dict(game.random_playout_options), **(options or {})})
        state = game.new_state(setup)
        for seq in range(max_steps):
            if game.is_over(state):
                break
            action = rng.choice(game.legal_actions(state))
            after = game.apply(state, action)
            entry = story.make_entry(game, state, action, after, seq + 1)
            for event in entry.events:
                met.add(event.code)
                for lang in LANGS:
                    text = story.event_text(game, event, lang, names)
                    assert not text.startswith("event.") and "{" not in text and "}" not in text, \
                        (game_id, lang, event, text)
            if entry.chapter is not None:
                for lang in LANGS:
                    heading = story.chapter_text(game_id, entry.chapter, lang)
                    assert "{" not in heading and heading, (game_id, lang, entry.chapter, heading)
                    assert story.library.message(game_id, lang, f"event.chapter.{entry.chapter[0]}"), \
                        (game_id, lang, entry.chapter)
            state = after
        assert game.is_over(state), f"{game_id}: no end in {max_steps} random actions"
    return met


def apply_all(session: Session, *actions: Action) -> None:
    for action in actions:
        session.apply(action)


def assert_renders(session: Session) -> set[str]:
    """Every event of the session's log renders in the three languages (no key, no
    ``{field}`` left); returns the codes met."""
    game = session.game
    met: set[str] = set()
    for entry in story.Story(game).entries(session):
        for event in entry.events:
            met.add(event.code)
            for lang in LANGS:
                text = story.event_text(game, event, lang, session.setup.players)
                assert not text.startswith("event.") and "{" not in text and "}" not in text, (lang, event, text)
    return met
