"""Teach a table the game: the pitch, the set-up for its player count, the box check.

The numbers come from each game's ``teach`` module (``companion/games/<id>/teach.py``,
found through the registered game's package: one shape for every game, nothing per game
here), which computes them from its facts.json.  The words are in
``rules_data/<id>/teach.json``::

    {"pitch": {"en": ..., "zh_Hans": ..., "zh_Hant": ...},
     "lines": {"<part>.<key>": {"en": ..., ...}},      # set-up lines, {n} etc. filled in
     "box":   {"<component>": {"en": ..., ...}},
     "cards": {"<clause id>": {"en": ..., ...}}}       # teaching play: a long clause, short

The UI shows :func:`setup_text` and :func:`box_text`; tests read :func:`figures`.
No flet here.
"""

from __future__ import annotations

import importlib
import json
import re
from functools import cache
from types import ModuleType
from typing import Any, Mapping, Sequence

from .core.teach import PARTS, Card, Component, Line, Piece, Place, due
from .messages import fill
from .registry import get_game
from .rules import library

__all__ = ["PARTS", "Card", "Component", "Line", "box", "box_text", "card_text", "dues", "explains_outcome",
           "figures", "Piece", "Place", "pitch", "pitch_words", "play_cards", "setup_board", "setup_guide", "setup_sentences", "setup_text", "texts"]

LANGS = ("en", "zh_Hans", "zh_Hant")


def _module(game_id: str) -> ModuleType:
    game = get_game(game_id)
    package = type(game).__module__.rsplit(".", 1)[0]
    return importlib.import_module(package + ".teach")


def setup_guide(game_id: str, players: int, options: Mapping[str, Any] | None = None) -> list[Line]:
    """The set-up lines for ``players`` at this table (options resolved to their defaults);
    ValueError for a count the game does not support."""
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game_id} takes {game.min_players}-{game.max_players} players, not {players}")
    resolved = game.resolve_options(options or {})
    return list(_module(game_id).setup_guide(players, resolved))


def figures(game_id: str, players: int, options: Mapping[str, Any] | None = None) -> dict[tuple[str, str], dict]:
    """``(part, key) -> params`` of :func:`setup_guide` (a key appears once per part)."""
    out: dict[tuple[str, str], dict] = {}
    for line in setup_guide(game_id, players, options):
        assert (line.part, line.key) not in out, line
        out[(line.part, line.key)] = line.params
    return out


def setup_board(game_id: str, players: int, options: Mapping[str, Any] | None = None) -> list[Place] | None:
    """Where each starting piece goes on the board, for a game whose teach module says
    (``board``): read from the public view of the engine's first state at this count, so
    the drawing shows what the referee will start from.  None: the game declares no board."""
    module = _module(game_id)
    if not hasattr(module, "board"):
        return None
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game_id} takes {game.min_players}-{game.max_players} players, not {players}")
    resolved = game.resolve_options(options or {})
    state = game.new_state(game.setup([f"Seat {i + 1}" for i in range(players)], resolved))
    return list(module.board(game.observe(state, None)["public"], players, resolved))


def box(game_id: str) -> list[dict[str, Any]]:
    return [{"key": c.key, "n": c.n} for c in _module(game_id).box()]


@cache
def texts(game_id: str) -> dict[str, Any]:
    path = library.rules_dir() / game_id / "teach.json"
    return json.loads(path.read_text(encoding="utf-8"))


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "en"


def pitch(game_id: str, lang: str) -> str:
    return str(texts(game_id)["pitch"][_lang(lang)])


_WORD = re.compile(r"[A-Za-z0-9]+(?:['’.-][A-Za-z0-9]+)*")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def pitch_words(text: str) -> int:
    """Words as the 60-word limit counts them: a run of Latin letters or digits is one word;
    in Chinese, which has no spaces, every two Han characters count as one word (a Chinese
    word is one to two characters, mostly two), so 60 words are at most 120 characters."""
    han = len(_HAN.findall(text))
    latin = len(_WORD.findall(_HAN.sub(" ", text)))
    return latin + (han + 1) // 2


def _item(game_id: str, lang: str, value: Any) -> Any:
    items = texts(game_id).get("items", {})
    return items.get(value, {}).get(_lang(lang), value) if isinstance(value, str) else value


def setup_text(game_id: str, players: int, options: Mapping[str, Any] | None, lang: str,
               names: Sequence[str] = ()) -> list[tuple[str, str]]:
    """``(part, sentence)`` for each set-up line in ``lang``."""
    return [(part, text) for part, _, text in setup_sentences(game_id, players, options, lang, names)]


def setup_sentences(game_id: str, players: int, options: Mapping[str, Any] | None, lang: str,
                    names: Sequence[str] = ()) -> list[tuple[str, str, str]]:
    """``(part, "<part>.<key>", sentence)`` for each set-up line in ``lang``."""
    words = texts(game_id)["lines"]
    out = []
    for line in setup_guide(game_id, players, options):
        name = f"{line.part}.{line.key}"
        params = {k: _item(game_id, lang, v) for k, v in line.params.items()}
        out.append((line.part, name, fill(words[name][_lang(lang)], params, lang, names)))
    return out


def box_text(game_id: str, lang: str) -> list[tuple[str, int]]:
    """``(component name, count)`` for the box check in ``lang``."""
    words = texts(game_id)["box"]
    return [(words[c["key"]][_lang(lang)], c["n"]) for c in box(game_id)]


# ----- teaching play: first-time cards (core.teach) -----------------------------------------
def play_cards(game_id: str) -> tuple[Card, ...]:
    """The game's declared cards (its teach module's ``PLAY``; none declared: none)."""
    return tuple(getattr(_module(game_id), "PLAY", ()))


def dues(game: Any, state: Any, before: Any = None, action: Any = None) -> list[tuple[str, int | None]]:
    """The cards due at the step ``state`` is in, reached by ``action`` from ``before``
    (None: the table's start, or teaching switched on there: the step alone)."""
    events = game.events(before, action, state) if action is not None else ()
    return due(game, play_cards(game.id), state, events)


def explains_outcome(game_id: str, clause_id: str) -> bool:
    """Whether the card of ``clause_id`` explains a computed outcome (``Card.why``)."""
    return any(c.why for c in play_cards(game_id) if c.clause == clause_id)


def card_text(clause_id: str, lang: str, players: int | None = None) -> tuple[str, str] | None:
    """A card's title (its clause's) and words: the game's short card for it where
    ``teach.json`` has one (``cards``: a long clause said at the table in a few sentences,
    facts filled in), else the clause's own text (our words, in the three languages).  A
    clause whose words lead into its table (they end in a colon) is carded with the table
    after them: the row of this table's player count (``players``) when the table is by
    count, else every row."""
    found = library.clause(clause_id, _lang(lang))
    if found is None:
        return None
    game_id = clause_id.split(".", 1)[0]
    short = texts(game_id).get("cards", {}).get(clause_id, {}).get(_lang(lang))
    if short:
        return str(found["title"]), library.render(game_id, short, _lang(lang))
    text = str(found["text"])
    table = found.get("table")
    if table and text.rstrip().endswith((":", "\uff1a")):
        text = text.rstrip() + "\n" + _table_lines(table, players, _lang(lang))
    return str(found["title"]), text


def _table_lines(table: Mapping[str, Any], players: int | None, lang: str) -> str:
    """A clause's table as a card's lines: ``Players 4: Face up 2 · Face down 1`` (this count's
    row, where the first column is the player count), else ``Estate: 1`` a row a line."""
    colon = ": " if lang == "en" else "\uff1a"
    columns, rows = list(table["columns"]), [list(map(str, r)) for r in table["rows"]]
    if players is not None and rows and all(r[0].isdigit() for r in rows):
        row = next((r for r in rows if r[0] == str(players)), None)
        if row is not None:
            cells = " \u00b7 ".join(f"{c} {v}" for c, v in zip(columns[1:], row[1:]))
            return f"{columns[0]} {row[0]}{colon}{cells}"
    return "\n".join(f"{r[0]}{colon}" + " \u00b7 ".join(r[1:]) for r in rows)
