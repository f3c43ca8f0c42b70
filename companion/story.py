"""The table's story: the events of its log, what each device may see of them,
and their sentences in the reader's language.

``Game.events`` says what one action did (``companion/core/events.py``); this
module walks a log with it.  Every text a device shows about what happened --
the "Last:" line, the Undo button's label, the move log, an export that is
not the host's -- comes from :func:`visible_events` / :func:`Story.entries`
filtered by :func:`companion.core.events.visible` for that device's seat.
Nothing here imports flet: the CLI, exports and tests use it as the UI does.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from .core.actions import Action
from .core.events import END, Event, shown
from .core.game import Game, TableSetup
from .core.session import Session
from .i18n import N_, Translator, list_separator, number
from .messages import fill, game_message
from .rules import library

log = logging.getLogger(__name__)

@dataclass(frozen=True, slots=True)
class Entry:
    """One accepted action of the log and what it did."""

    seq: int                              #: its move number (1 for the first action)
    action: Action
    events: tuple[Event, ...]
    chapter: tuple[str, int] | None       #: where the table was (``("voyage", 2)``)

    @property
    def reveals(self) -> set[str]:
        return {key for e in self.events for key in e.reveals}

    @property
    def board(self) -> bool:
        return any(e.board for e in self.events)


def make_entry(game: Game, before: Any, action: Action, after: Any, seq: int) -> Entry:  # type: ignore[type-arg]
    """The entry of one accepted action.  A game's events are a report, never a
    reason to lose the screen: should they fail (a bug), the action's own
    generic line stands in (still secret-aware) and the failure is logged."""
    try:
        events = tuple(game.events(before, action, after))
    except Exception:  # noqa: BLE001
        log.exception("%s: events of %s failed", game.id, action)
        events = tuple(Game.action_events(game, before, action, after))
    try:
        chapter = game.chapter(before)
    except Exception:  # noqa: BLE001
        log.exception("%s: chapter failed", game.id)
        chapter = None
    return Entry(seq, action, events, chapter)


def revealed_keys(game: Game, entries: Iterable[Entry], state: Any) -> set[str]:  # type: ignore[type-arg]
    """The reveal keys in force after ``entries`` (``END`` once ``state`` is over)."""
    keys: set[str] = set()
    for entry in entries:
        keys |= entry.reveals
    if game.is_over(state):
        keys.add(END)
    return keys


def visible_events(entry: Entry, seat: int | None, revealed: Iterable[str] = ()) -> list[Event]:
    """The events of ``entry`` the device of ``seat`` may show."""
    return shown(entry.events, seat, revealed)


def last_entry(session: Session) -> Entry | None:  # type: ignore[type-arg]
    """The newest action in force and its events (None before the first)."""
    if session.cursor == 0:
        return None
    seq = session.cursor
    before = session.state_at(seq - 1)
    return make_entry(session.game, before, session.log[seq - 1], session.state, seq)


def last_visible(session: Session, seat: int | None) -> tuple[Entry, list[Event]] | None:  # type: ignore[type-arg]
    """The newest entry with the events ``seat``'s device may show.  An event of
    that entry can only have been revealed by the entry itself (or by the end
    of the game), so no older entry needs to be read."""
    entry = last_entry(session)
    if entry is None:
        return None
    keys = entry.reveals | ({END} if session.game.is_over(session.state) else set())
    return entry, visible_events(entry, seat, keys)


def undone_visible(session: Session, seat: int | None) -> tuple[Entry, list[Event]] | None:  # type: ignore[type-arg]
    """After an undo: the entry that was taken back (the first the Redo button
    would bring back) with the events ``seat``'s device may see; None when
    nothing is undone.  Every device reads it from the log, so all agree."""
    if session.cursor >= len(session.log):
        return None
    seq = session.cursor + 1
    action = session.log[session.cursor]
    try:
        after = session.game.apply(session.state, action)
    except Exception:  # noqa: BLE001 - a redo that no longer applies (a correction since): say nothing
        return None
    entry = make_entry(session.game, session.state, action, after, seq)
    keys = entry.reveals | ({END} if session.game.is_over(after) else set())
    return entry, visible_events(entry, seat, keys)


class Story:
    """The entries of a session's log in force, computed once each and kept;
    a later call computes only what changed at the log's tail (a new action,
    an undo, another device's write)."""

    def __init__(self, game: Game) -> None:  # type: ignore[type-arg]
        self.game = game
        self._entries: list[Entry] = []
        self._after: Any = None           # the state after the last entry

    def entries(self, session: Session) -> list[Entry]:  # type: ignore[type-arg]
        log, cursor = session.log, session.cursor
        keep = min(len(self._entries), cursor)
        while keep and self._entries[keep - 1].action is not log[keep - 1] \
                and self._entries[keep - 1].action != log[keep - 1]:
            keep -= 1
        if keep < len(self._entries) or self._after is None:
            del self._entries[keep:]
            self._after = session.state_at(keep)
        state = self._after
        game = self.game
        for index in range(keep, cursor):
            action = log[index]
            after = game.apply(state, action)
            self._entries.append(make_entry(game, state, action, after, index + 1))
            state = after
        self._after = state
        return list(self._entries)


def story_of(game: Game, setup: TableSetup, actions: Sequence[Action]) -> tuple[list[Entry], Any]:  # type: ignore[type-arg]
    """Every entry of a log replayed from the start, and the final state."""
    state = game.new_state(setup)
    out = []
    for index, action in enumerate(actions):
        after = game.apply(state, action)
        out.append(make_entry(game, state, action, after, index + 1))
        state = after
    return out, state


def visible_log(game: Game, setup: TableSetup, actions: Sequence[Action], seat: int | None,  # type: ignore[type-arg]
                lang: str | None = None) -> list[dict[str, Any]]:
    """The log as the device of ``seat`` may see it (None: the public log):
    one object per action with its visible events (code, params, and their
    sentence when ``lang`` is given).  Not replayable: a secret entry of
    another seat appears only as "something was entered"."""
    entries, state = story_of(game, setup, actions)
    keys = revealed_keys(game, entries, state)
    out = []
    for entry in entries:
        shown = visible_events(entry, seat, keys)
        item: dict[str, Any] = {"move": entry.seq, "events": [e.to_json() for e in shown]}
        if entry.chapter is not None:
            item["chapter"] = list(entry.chapter)
        if lang is not None:
            item["text"] = [event_text(game, e, lang, setup.players) for e in shown]
        out.append(item)
    return out


def full_log(game: Game, setup: TableSetup, actions: Sequence[Action]) -> list[dict[str, Any]]:  # type: ignore[type-arg]
    """Every entry with every event and its visibility (who sees it, until
    which reveal): the story as the host's whole export carries it."""
    entries, _state = story_of(game, setup, actions)
    out = []
    for entry in entries:
        item: dict[str, Any] = {"move": entry.seq, "events": [e.to_json() for e in entry.events]}
        if entry.chapter is not None:
            item["chapter"] = list(entry.chapter)
        out.append(item)
    return out


def series(game: Game, setup: TableSetup, session: Session,  # type: ignore[type-arg]
           reveal: bool | None = None) -> tuple[list[int], list[list[int | float | None]]] | None:
    """The story's chart: for each move in force (0 = the start), every seat's
    number (``Game.story_values``); hidden numbers are None unless the game
    is over (``reveal`` None: decide by the state)."""
    game_over = game.is_over(session.state)
    show = game_over if reveal is None else reveal
    state = game.new_state(setup)
    first = game.story_values(state, show)
    if first is None:
        return None
    moves, rows = [0], [first]
    for index in range(session.cursor):
        state = game.apply(state, session.log[index])
        values = game.story_values(state, show)
        if values is not None:
            moves.append(index + 1)
            rows.append(values)
    return moves, rows


# ----- sentences ----------------------------------------------------------------------
#: the shell's own events (every game may yield them)
CORE_EVENTS: dict[str, str] = {
    "secret_entered": N_("{player} entered a secret (hidden until it is revealed)."),
    "secret_entered_table": N_("A secret was entered (hidden until it is revealed)."),
    "secret_move_entered": N_("{player} entered {action} (hidden until it is revealed)."),
    "undone": N_("Undone: {what}"),
    "redone": N_("Redone: {what}"),
}

#: action arguments and event parameters that are amounts of money
MONEY_KEYS = frozenset({"amount", "price", "money", "bid", "cost", "pay", "coins", "paid", "payout", "income",
                        "profit", "value", "fee", "loan", "bonus"})
#: event parameters that name a game's thing (a ware, a space...), shown by their name
_NAMED = ("value.{key}.{value}", "ui.{key}.{value}", "ui.ware.{value}", "ui.space.{value}", "ui.artist.{value}",
          "ui.good.{value}", "ui.gem.{value}", "ui.card.{value}", "ui.{value}")


def money(game_id: str, value: int | float, lang: str) -> str:
    """An amount with the game's translated unit (``ui.money``), "1 peso" /
    "2 pesos" in English."""
    label = game_message(game_id, "ui.money", lang, {"amount": value})
    if label == "ui.money":
        return number(value, lang)
    if lang == "en" and isinstance(value, int):
        template = library.message(game_id, "en", "ui.money") or ""
        t = Translator(lang)
        if template == "{amount} pesos":
            return t.ngettext("{n} peso", "{n} pesos", value)
        if template == "{amount} coins":
            return t.ngettext("{n} coin", "{n} coins", value)
    return label


def thing(game_id: str, key: str, value: str, lang: str, patterns: tuple[str, ...] = _NAMED) -> str | None:
    """The game's name for a string value (a ware, a space, an artist...), or None."""
    for pattern in patterns:
        code = pattern.format(key=key, value=value)
        text = game_message(game_id, code, lang, {})
        if text != code and "{" not in text:
            return text
    return None


def _event_params(game_id: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Parameters as an event sentence shows them: money with its unit, a
    game's things by their names; seats and plain numbers are left to fill()."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, bool) or value is None:
            out[key] = value
        elif isinstance(value, int) and key in MONEY_KEYS:
            out[key] = money(game_id, value, lang)
        elif isinstance(value, str):
            out[key] = thing(game_id, key, value, lang) or value
        elif isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
            out[key] = list_separator(lang).join(thing(game_id, key, v, lang) or v for v in value)
        else:
            out[key] = value
    return out


def event_text(game: Game, event: Event, lang: str, players: Sequence[str]) -> str:  # type: ignore[type-arg]
    """One event's sentence in ``lang``."""
    params = dict(event.params)
    if event.code == "action" and isinstance(params.get("action"), dict):
        try:
            action = Action.from_json(params["action"])
        except Exception:  # noqa: BLE001 - a damaged export: show its type
            return str(params["action"].get("type", ""))
        return action_summary(game, action, lang, players)
    if event.code in CORE_EVENTS:
        if "action" in params:
            params["action"] = move_name(game.id, str(params["action"]), lang)
        code = "secret_entered_table" if event.code in ("secret_entered", "secret_move_entered") \
            and params.get("player") is None else event.code
        msgid = CORE_EVENTS[code]
        return fill(Translator(lang).gettext(msgid), params, lang, players)
    code = f"event.{event.code}"
    template = library.message(game.id, lang, code)
    if template is None:
        return code
    return fill(template, _event_params(game.id, params, lang), lang, players)


def chapter_text(game_id: str, chapter: tuple[str, int], lang: str) -> str:
    """A log group's heading ("Voyage 2", "第 2 航程")."""
    kind, n = chapter
    code = f"event.chapter.{kind}"
    template = library.message(game_id, lang, code)
    if template is None:
        return Translator(lang).gettext("Round {n}", n=number(n, lang))
    return fill(template, {"n": n}, lang)


# ----- an action as one line (the generic "action" event) ---------------------------------
def action_label(game_id: str, action: Action, lang: str, players: Sequence[str]) -> str:
    """``action.<type>`` from the game's messages, filled with the action's
    arguments (and ``player``); falls back to the type and its arguments."""
    params = dict(action.to_json())
    params.pop("type", None)
    text = game_message(game_id, f"action.{action.type}", lang, params, players)
    if text == f"action.{action.type}":
        from .i18n import colon
        args = " ".join(f"{k}={v}" for k, v in params.items() if k != "player")
        who = f"{players[action.player]}{colon(lang)}" if action.player is not None and action.player < len(players) else ""
        return f"{who}{action.type} {args}".strip()
    return text


def move_name(game_id: str, move: str, lang: str) -> str:
    """A move's name (``action_group.<move>``, else ``action.<move>`` without
    fields), never its id."""
    for code in (f"action_group.{move}", f"action.{move}"):
        text = library.message(game_id, lang, code)
        if text and "{" not in text:
            return text
    return move.replace("_", " ")


def _arg_text(game_id: str, key: str, value: Any, lang: str, players: Sequence[str]) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        if key in _ACTION_MONEY_KEYS:
            return money(game_id, value, lang)
        if key.endswith("player") and 0 <= value < len(players):
            return players[value]
        # a number the game names in a sentence of its own ("8 points"): ``ui.arg.<key>``
        code = f"ui.arg.{key}"
        text = game_message(game_id, code, lang, {key: value}, players)
        return text if text != code else None
    if isinstance(value, str):
        return thing(game_id, key, value, lang, _ACTION_NAMED)
    if isinstance(value, (list, tuple)):
        shown = [_arg_text(game_id, key, v, lang, players) for v in value]
        shown = [s for s in shown if s]
        return (" + ".join(shown)) if shown else None
    return None


#: an action's arguments that are money, and where its string arguments' names are looked up
_ACTION_MONEY_KEYS = frozenset({"amount", "price", "money", "bid", "cost", "pay", "coins"})
_ACTION_NAMED = tuple(p for p in _NAMED if p not in ("ui.gem.{value}", "ui.card.{value}"))

_PLAYER_FIELD = re.compile(r"\{player[}:]")


def _names_player(game_id: str, action: Action, lang: str) -> bool:
    """Whether :func:`action_label` already names the acting player: its ``action.<type>``
    message has a ``{player}`` field, or there is none and the fallback names them.
    (Looking for the name in the label fails for a name inside a word: "A" in "Add".)"""
    template = library.message(game_id, lang, f"action.{action.type}")
    return template is None or bool(_PLAYER_FIELD.search(template))


def action_summary(game: Game, action: Action, lang: str, players: Sequence[str]) -> str:  # type: ignore[type-arg]
    """One line for an accepted action: who did what, with the arguments a
    person would say ("Ana: Bid (3 pesos)").  It shows every argument: call it
    only for an action the reader may see whole (the "action" event does)."""
    _ = Translator(lang).gettext
    label = action_label(game.id, action, lang, players)
    details = [d for d in (_arg_text(game.id, k, v, lang, players)
                           for k, v in action.to_json().items() if k not in ("type", "player")) if d]
    sep = list_separator(lang)
    if details:
        label = _("{action} ({details})", action=label, details=sep.join(details))
    if action.player is not None and 0 <= action.player < len(players) and not _names_player(game.id, action, lang):
        return _("{name}: {action}", name=players[action.player], action=label)
    return label
