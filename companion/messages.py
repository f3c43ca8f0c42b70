"""Turning codes into sentences in the reader's language.

A refusal's code is looked up first in the game's own messages
(``rules_data/<game>/<lang>.json`` → ``messages``), then in the core catalog
below (gettext).  Parameters that name a seat are recognised by their name alone: ``player``,
``players`` and any name ending in ``_player`` or ``_players`` (for example
``expected_players``).  They are shown as the players' names; every other
integer is a number and is formatted with Babel in the active locale.
"""

from __future__ import annotations

import re
import string
from typing import Any, Sequence

from .core.errors import RefereeError, SetupProblem
from .i18n import N_, Translator, list_separator, number
from .rules import library
from .rules.scripts import is_cjk

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
    # bad_arg says what is wrong (params["why"], core.game.bad_arg): the same code in every game
    "bad_arg.text": N_("“{arg}” of “{action}” must be a whole number such as {item}, not the text “{item}”."),
    "bad_arg.number": N_("“{arg}” of “{action}” must be a whole number, not {shown}."),
    "bad_arg.range": N_("“{arg}” of “{action}” cannot be {item}: it goes from {min} to {max}."),
    "bad_arg.min": N_("“{arg}” of “{action}” cannot be {item}: it is at least {min}."),
    "bad_arg.max": N_("“{arg}” of “{action}” cannot be {item}: it is at most {max}."),
    "bad_arg.seat": N_("“{arg}” of “{action}” cannot be {shown}: seats are numbered 0 to {last}."),
    "bad_arg.choice": N_("“{arg}” of “{action}” cannot be {shown}: it is one of {choices}."),
    "bad_arg.bool": N_("“{arg}” of “{action}” must be true or false, not {shown}."),
    "bad_arg.str": N_("“{arg}” of “{action}” must be text in quotes, not {shown}."),
    "bad_arg.list": N_("“{arg}” of “{action}” must be a list in [ ], not {shown}."),
    "game_over": N_("The game is over; only corrections can be entered."),
    "wrong_phase": N_("“{action}” is not allowed at this point of the game."),
    "not_your_turn": N_("It is not {player}'s decision now; waiting for {expected_players}."),
    "nothing_to_undo": N_("There is nothing to undo."),
    "nothing_to_redo": N_("There is nothing to redo."),
    "stale_table": N_("Another device changed this table first. Showing the table as it is now."),
    # who may do what at a table served to several devices (companion/access.py)
    "access_stranger": N_("This device has not joined this table. Enter its join code first."),
    "access_viewer": N_("You are watching this table. Claim a seat to play your own moves."),
    "access_host_only": N_("Only the host of this table can do this."),
    "access_table_move": N_("Moves for the whole table are entered on the host's screen."),
    "access_not_your_seat": N_("This device plays {player}: it can act only for {player}."),
    "access_undo_not_yours": N_("This device can undo only {player}'s own moves; the host can undo the others."),
    "access_redo_not_yours": N_("This device can redo only {player}'s own moves; the host can redo the others."),
    "access_secret_elsewhere": N_("{player} enters this on their own device."),
    "join_no_table": N_("No table has this join code."),
    "pin_policy": N_("Choose a PIN of {min} to {max} digits."),
    "pin_wrong": N_("That PIN is not this seat's PIN."),
    "seat_locked": N_("This seat is locked after {count} wrong PINs. Ask the host to unlock it."),
    "join_waiting": N_("Wrong join codes have been tried on this server, so the table's host lets each new "
                       "device in. Waiting for the host\u2026"),
    "limit_wait": N_("Too many tries from this device or network. Try again in {seconds} seconds."),
    "limit_wait_minutes": N_("Too many tries from this device or network. Try again in {minutes} minutes."),
    "limit_tables": N_("This device or network started many tables lately. Try again in {seconds} seconds."),
    "limit_tables_minutes": N_("This device or network started many tables lately. Try again in {minutes} minutes."),
    "not_undoable": N_("“{action}” revealed something and cannot be taken back."),
    "bad_json": N_("Line {line} is not valid JSON."),
    "player_count": N_("This game is for {min} to {max} players, not {count}."),
    "empty_name": N_("Every player needs a name."),
    "duplicate_name": N_("Two players are called {name}."),
    "lookalike_name": N_("“{name}” looks like “{other}”: give each player a name the others tell apart at a glance."),
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
    # the input gate (companion/inputgate.py), the command line and imports
    "bad_name": N_("“{name}” cannot be a player name: use letters, digits and spaces, "
                   "without control characters or line breaks."),
    "name_too_long": N_("The name “{name}” is too long: at most {max} characters."),
    "bad_value": N_("“{action}” got a value of the wrong kind."),
    "input_bad_utf8": N_("Line {line} is not valid UTF-8 text."),
    "input_lone_surrogate": N_("Line {line} has the escape {escape}, half of a surrogate pair with no other "
                               "half: it stands for no character."),
    "input_lone_surrogate.file": N_("The file has the escape {escape}, half of a surrogate pair with no other "
                                    "half: it stands for no character."),
    "input_duplicate_key": N_("Line {line} gives “{key}” twice; give each field once."),
    "input_duplicate_key.file": N_("The file gives “{key}” twice in one object; give each field once."),
    "input_too_deep": N_("Line {line} is nested too deeply (at most {limit} levels)."),
    "input_number_out_of_range": N_("Line {line} has a number beyond ±{limit}."),
    "input_not_an_integer": N_("Line {line} has “{value}” where a whole number is expected."),
    "input_line_too_long": N_("Line {line} is too long (at most {limit} characters)."),
    "input_too_many_lines": N_("The transcript has too many lines (at most {limit})."),
    "input_too_large": N_("The file is too large (at most {limit} bytes)."),
    "input_no_file": N_("There is no file “{file}”."),
    "input_not_a_file": N_("“{file}” is a folder, not a file."),
    "input_unreadable": N_("The file “{file}” cannot be read: {reason}."),
    "import_bad_date": N_("The file's date “{where}” is not a valid ISO 8601 time."),
    "import_duplicate": N_("This table is already here (table {table}); it was not imported again."),
    "unknown_game": N_("There is no game “{game}”. Known games: {known}."),
    "unknown_table": N_("There is no table “{table}”."),
    "table_damaged": N_("Table {table} is damaged and cannot be opened; export its raw log with "
                        "“companion export --raw”."),
    "usage": N_("The command line is not valid: {problem}"),
    "bad_option_syntax": N_("--option needs key=value, got “{option}”."),
    "cannot_write": N_("The file “{file}” cannot be written: {reason}."),
    "internal_error": N_("Something unexpected went wrong ({kind}); nothing was changed."),
}

_SEAT_KEYS = {"player", "players"}


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

    sep = list_separator(lang)
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


class _Shown(str):
    """A parameter as shown (a name, a number in the language's format) that
    remembers the value it came from, for a plural choice."""

    raw: Any = None


#: the shell's fields that hold a name as text (a player's, an artist's): spaced in Chinese as seats are
NAME_FIELDS = frozenset({"name", "names"})


def format_names(template: str, params: dict[str, Any], lang: str) -> str:
    """``template.format(**params)`` for the shell's catalog, a name field (``{name}``,
    ``{names}``) spaced in Chinese as :func:`fill` spaces a seat: "只有小明可以看这一页。" for a
    Chinese name, "只有 Ana 可以看这一页。" for a Latin one, whatever spaces the template wrote."""
    if not lang.startswith("zh") or not NAME_FIELDS & params.keys():
        return template.format(**params)
    marked = {k: (_NAME_OPEN + str(v) + _NAME_CLOSE if k in NAME_FIELDS and v else v) for k, v in params.items()}
    return _space_names(template.format(**marked))


def _shown(key: str, value: Any, lang: str, players: Sequence[str], mark: bool = False) -> _Shown:
    text = _show(key, value, lang, players)
    if mark and (_is_seat_key(key) or key in NAME_FIELDS) and text:
        text = _NAME_OPEN + text + _NAME_CLOSE  # spaced by fill() once the sentence is whole
    out = _Shown(text)
    out.raw = value
    return out


class _Filler(string.Formatter):
    """``{name}`` as shown; ``{name:plural:# card|# cards}`` picks the first form
    when the value is 1 (a list: when it holds one item) and the second
    otherwise, ``#`` standing for the shown value.  Only English needs it: a
    Chinese message writes ``{name} 张``, one field either way, so the languages
    keep the same fields (tests/test_rules_data.py)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("plural:"):
            one, _, other = format_spec[len("plural:"):].partition("|")
            raw = getattr(value, "raw", None)
            count = len(raw) if isinstance(raw, (list, tuple)) else raw  # a list of seats: how many
            form = one if count == 1 else (other or one)
            return form.replace("#", str(value))
        return super().format_field(value, format_spec)


_FILLER = _Filler()


#: around a player's name while a Chinese sentence is filled in (names never hold control characters)
_NAME_OPEN, _NAME_CLOSE = "\x0e", "\x0f"
_NAMES = re.compile("\x0e([^\x0f]*)\x0f")


def _han(ch: str) -> bool:
    """A Han character: written without spaces beside its own kind (punctuation is not one)."""
    return is_cjk(ch) and not "\u3000" <= ch <= "\u303f"


def _alnum(ch: str) -> bool:
    """A letter or digit of a script written with spaces (Latin, Cyrillic …)."""
    return ch.isalnum() and not _han(ch)


def _joined(left: str, right: str) -> str:
    """``left + right`` at a name's edge in Chinese: one space between Chinese and a Latin
    name ("交给 Ana。", "Ana 持有皇冠"), none between Chinese characters ("安持有皇冠",
    even where the template wrote "{player} 递出" for a Latin name)."""
    if not left or not right:
        return left + right
    if left[-1] == " " and len(left) > 1 and _han(left[-2]) and _han(right[0]):
        return left[:-1] + right
    if right[0] == " " and len(right) > 1 and _han(left[-1]) and _han(right[1]):
        return left + right[1:]
    a, b = left[-1], right[0]
    if _han(a) and _alnum(b) or _alnum(a) and _han(b):
        return left + " " + right
    return left + right


def _space_names(text: str) -> str:
    """Remove the name marks of a filled Chinese sentence, spacing each name as :func:`_joined` says."""
    pieces = _NAMES.split(text)  # text, name, text, name, ..., text
    out = pieces[0]
    for i in range(1, len(pieces), 2):
        out = _joined(_joined(out, pieces[i]), pieces[i + 1])
    return out


def fill(template: str, params: dict[str, Any], lang: str, players: Sequence[str] = ()) -> str:
    """``template`` with its ``{fields}`` shown in ``lang``: seats as names, numbers in the
    language's format.  In Chinese a name written in letters gets a space from the Chinese
    text beside it, as numbers do in our templates ("第 2 轮"), and a Chinese name none."""
    chinese = lang.startswith("zh")
    shown = _Params({k: _shown(k, v, lang, players, chinese) for k, v in params.items()})
    text = _FILLER.vformat(template, (), shown)
    return _space_names(text) if chinese else text


def game_message(game_id: str | None, code: str, lang: str, params: dict[str, Any] | None = None,
                 players: Sequence[str] = ()) -> str:
    """A game message if the game has one, else the core one, else the code.  A refusal
    whose params say ``why`` reads ``<code>.<why>`` first (a game's own, then the core's):
    one code, a sentence that says what is wrong."""
    params = dict(params or {})
    codes = [code]
    if isinstance(params.get("why"), str):
        codes.insert(0, f"{code}.{params['why']}")
    template = None
    for key in codes:
        template = library.message(game_id, lang, key) if game_id else None
        if template is None and key in CORE_MESSAGES:
            template = Translator(lang).gettext(CORE_MESSAGES[key])
        if template is not None:
            break
    return fill(template if template is not None else code, params, lang, players)


#: a refusal's parameters that name a place on the board: a place given by its id (Niagara's
#: "L6", "falls") is shown by the game's name for it (``ui.space.<id>``, ``ui.<id>``: "左支流第 6 格",
#: not "停不到 L6")
PLACE_KEYS = frozenset({"to", "from", "space", "place", "where"})


def describe_error(err: RefereeError, game_id: str | None, lang: str, players: Sequence[str] = ()) -> str:
    params = dict(err.params)
    for key, value in err.params.items():
        if key in PLACE_KEYS and isinstance(value, str) and game_id is not None:
            for code in (f"ui.space.{value}", f"ui.{value}"):  # a river space; the shore, the falls
                named = game_message(game_id, code, lang, {})
                if named != code and "{" not in named:
                    params[key] = named
                    break
    return game_message(game_id, err.code, lang, params, players)


def describe_problem(problem: SetupProblem, game_id: str | None, lang: str) -> str:
    return game_message(game_id, problem.code, lang, problem.params)
