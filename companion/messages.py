"""Turning codes into sentences in the reader's language.

A refusal's code is looked up first in the game's own messages
(``rules_data/<game>/<lang>.json`` → ``messages``), then in the core catalog
below (gettext).  Parameters that name a seat — ``player``, ``*_player``,
``players``, ``expected`` — are shown as the players' names; integers are
formatted with Babel in the active locale.
"""

from __future__ import annotations

import string
from typing import Any, Sequence

from .core.errors import RefereeError, SetupProblem
from .i18n import N_, Translator, number
from .rules import library

#: refusals and setup problems raised by the shared core
CORE_MESSAGES: dict[str, str] = {
    "unknown_action": N_("“{action}” is not an action of this game."),
    "missing_type": N_("The line has no action type."),
    "not_an_object": N_("Each line must be one JSON object."),
    "missing_player": N_("“{action}” needs the player who makes it."),
    "bad_player": N_("There is no seat {player} at this table."),
    "unknown_arg": N_("“{action}” does not take “{arg}”."),
    "missing_arg": N_("“{action}” needs “{arg}”."),
    "bad_arg": N_("“{arg}” of “{action}” cannot be {value}."),
    "game_over": N_("The game is over; only corrections can be entered."),
    "wrong_phase": N_("“{action}” is not allowed at this point of the game."),
    "not_your_turn": N_("It is not {player}'s decision now; waiting for {expected}."),
    "nothing_to_undo": N_("There is nothing to undo."),
    "nothing_to_redo": N_("There is nothing to redo."),
    "stale_table": N_("Another device changed this table first. Showing the table as it is now."),
    "not_undoable": N_("“{action}” revealed something and cannot be taken back."),
    "bad_json": N_("Line {line} is not valid JSON."),
    "player_count": N_("This game is for {min} to {max} players, not {count}."),
    "empty_name": N_("Every player needs a name."),
    "duplicate_name": N_("Two players are called {name}."),
    "unknown_option": N_("There is no option “{option}”."),
    "bad_option": N_("“{value}” is not a valid value for “{option}”."),
    "import_not_object": N_("The file does not hold a saved table."),
    "import_bad_json": N_("The file is not valid JSON (line {line}, column {column})."),
    "import_bad_format": N_("The file is not a Table Companion export (format “{found}”)."),
    "import_bad_version": N_("The file has version {found}; this app reads version {expected}."),
    "import_unknown_game": N_("The file is for a game this app does not know: “{game}”."),
    "import_bad_setup": N_("The file's table setup is not valid: {where}."),
    "import_bad_log": N_("The file's action log is damaged at “{where}”."),
    "import_illegal_action": N_("Action {index} in the file is refused ({reason})."),
}

_SEAT_KEYS = {"player", "players", "expected", "seat"}


def _is_seat_key(key: str) -> bool:
    return key in _SEAT_KEYS or key.endswith("_player") or key.endswith("_players")


class _Params(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _show(key: str, value: Any, lang: str, players: Sequence[str]) -> str:
    def seat(v: Any) -> str:
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(players):
            return players[v]
        return str(v)

    sep = "、" if lang != "en" else ", "
    if _is_seat_key(key):
        if isinstance(value, (list, tuple)):
            return sep.join(seat(v) for v in value)
        return seat(value)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return number(value, lang)
    if isinstance(value, (list, tuple)):
        return sep.join(str(v) for v in value)
    return str(value)


def fill(template: str, params: dict[str, Any], lang: str, players: Sequence[str] = ()) -> str:
    shown = _Params({k: _show(k, v, lang, players) for k, v in params.items()})
    return string.Formatter().vformat(template, (), shown)


def game_message(game_id: str | None, code: str, lang: str, params: dict[str, Any] | None = None,
                 players: Sequence[str] = ()) -> str:
    """A game message if the game has one, else the core one, else the code."""
    template = library.message(game_id, lang, code) if game_id else None
    if template is None:
        core = CORE_MESSAGES.get(code)
        template = Translator(lang).gettext(core) if core is not None else code
    return fill(template, dict(params or {}), lang, players)


def describe_error(err: RefereeError, game_id: str | None, lang: str, players: Sequence[str] = ()) -> str:
    return game_message(game_id, err.code, lang, err.params, players)


def describe_problem(problem: SetupProblem, game_id: str | None, lang: str) -> str:
    return game_message(game_id, problem.code, lang, problem.params)
