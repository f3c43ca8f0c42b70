"""Helpers for the games' event tests (``Game.events``, ``companion.story``).

``step`` applies one action and returns what it yields; ``ev`` writes an
expected event briefly; ``seen`` is the story as one device may show it;
``render_random`` plays random games and renders every event they yield in
the three languages.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable, Mapping

from companion.core import Action, Event, Session
from companion.story import Story, event_text, revealed_keys, visible_events

LANGS = ("en", "zh_Hans", "zh_Hant")


def step(session: Session, action: Action) -> list[Event]:  # type: ignore[type-arg]
    """Apply ``action`` and return the events it yielded."""
    before = session.state
    session.apply(action)
    return session.game.events(before, action, session.state)


def ev(code: str, seats: Iterable[int] | None = None, until: str | None = None, reveals: Iterable[str] = (),
       board: bool = False, stand_in: bool = False, **params: Any) -> Event:
    """An expected event, written as briefly as the builders write them."""
    return Event(code, params, None if seats is None else frozenset(seats), until, tuple(reveals), board, stand_in)


def codes(events: Iterable[Event]) -> list[str]:
    return [e.code for e in events]


def seen(session: Session, seat: int | None, lang: str | None = None) -> list[Any]:  # type: ignore[type-arg]
    """Every event of the log in force the device of ``seat`` may show (its sentence in ``lang``)."""
    entries = Story(session.game).entries(session)
    keys = revealed_keys(session.game, entries, session.state)
    out: list[Any] = []
    for entry in entries:
        for event in visible_events(entry, seat, keys):
            out.append(event if lang is None else event_text(session.game, event, lang, session.setup.players))
    return out


def render_random(game: Any, games: int, options: Mapping[str, Any] | None = None, seed: int = 0,
                  max_steps: int = 20000) -> Counter[str]:
    """Play ``games`` random games (every player count in turn) and render every event in the
    three languages: no sentence may be left a key or keep a ``{field}``.  Returns the codes met."""
    names = ["Ana", "Bo", "安", "Di", "Ed", "Fay", "Gus", "Hu"]
    met: Counter[str] = Counter()
    counts = list(range(game.min_players, game.max_players + 1))
    for index in range(games):
        rng = random.Random(seed + index)
        n = counts[index % len(counts)]
        opts = dict(game.random_playout_options)
        opts.update(options or {})
        session = Session(game, game.setup(names[:n], opts))
        for _ in range(max_steps):
            if game.is_over(session.state):
                break
            legal = game.legal_actions(session.state)
            session.apply(legal[rng.randrange(len(legal))])
        for entry in Story(game).entries(session):
            for event in entry.events:
                met[event.code] += 1
                for lang in LANGS:
                    text = event_text(game, event, lang, names[:n])
                    assert not text.startswith("event.") and "{" not in text and "ui." not in text, \
                        (event.code, lang, text)
    return met
