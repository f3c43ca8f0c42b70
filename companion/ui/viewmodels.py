"""Screen logic as plain functions: tested without a page or a browser."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..core.actions import Action
from ..core.errors import RefereeError, SetupProblem
from ..core.game import Game, Move, Param
from ..i18n import Translator, list_separator, number
from ..messages import game_message
from ..rules import library
from ..story import action_label, action_summary  # noqa: F401 - re-exported for the screens

#: more legal actions of one type than this are offered as a picker, not buttons
MAX_BUTTONS = 12


@dataclass(frozen=True)
class ActionGroup:
    type: str
    player: int | None
    actions: tuple[Action, ...]
    secret: bool

    @property
    def as_picker(self) -> bool:
        return len(self.actions) > MAX_BUTTONS


def group_actions(game: Game, actions: Iterable[Action]) -> list[ActionGroup]:  # type: ignore[type-arg]
    """Legal actions grouped by (type, player), in first-seen order."""
    groups: dict[tuple[str, int | None], list[Action]] = {}
    for action in actions:
        groups.setdefault((action.type, action.player), []).append(action)
    out = []
    for (kind, player), items in groups.items():
        move = game.moves.get(kind)
        out.append(ActionGroup(kind, player, tuple(items), bool(move and move.secret)))
    return out


def legal_or_none(game: Game, state: Any) -> list[Action] | None:  # type: ignore[type-arg]
    """Legal actions, or None when the game does not enumerate them."""
    try:
        return list(game.legal_actions(state))
    except NotImplementedError:
        return None


def available_moves(game: Game, state: Any, corrections: bool) -> list[Move]:  # type: ignore[type-arg]
    """Moves allowed in the current phase (for the free-entry form)."""
    phase = game.phase(state)
    out = []
    for move in game.moves.values():
        if move.correction != corrections:
            continue
        if move.phases is not None and phase not in move.phases:
            continue
        out.append(move)
    return out


def parse_field(param: Param, raw: str) -> Any:
    """Text typed in a form field → the value a Param expects (ValueError if not)."""
    text = raw.strip()
    if param.kind in ("int", "seat"):
        return int(text)
    if param.kind == "bool":
        if text.lower() in ("1", "true", "yes", "y", "是", "✓"):
            return True
        if text.lower() in ("0", "false", "no", "n", "否", ""):
            return False
        raise ValueError(raw)
    if param.kind in ("int_list", "seat_list"):
        return [int(p) for p in text.replace("，", ",").split(",") if p.strip()]
    if param.kind == "str_list":
        return [p.strip() for p in text.replace("，", ",").split(",") if p.strip()]
    if param.kind == "json":
        return json.loads(text)
    return text


def build_action(move: Move, player: int | None, fields: dict[str, str]) -> Action:  # type: ignore[type-arg]
    """An Action from a free-entry form; empty optional fields are left out."""
    args: dict[str, Any] = {}
    for key, param in move.params.items():
        raw = fields.get(key, "")
        if not raw.strip() and not param.required:
            continue
        args[key] = parse_field(param, raw)
    return Action.make(move.name, player, **args)


# ----- the "now" banner -------------------------------------------------------------
def now_text(game: Game, state: Any, players: Sequence[str], lang: str,  # type: ignore[type-arg]
             teaching: bool = False) -> tuple[str, bool]:
    """What the table is waiting for (or who won), in ``lang``; and whether the game is over.
    ``teaching``: a step's teaching sentence where the game has one (its prompt's message
    ``<code>.teach``: what to do at the real table, where and at what cost)."""
    sep = list_separator(lang)
    t = Translator(lang)
    if game.is_over(state):
        winners = [players[i] for i in game.winners(state)]
        if winners:
            return t.gettext("Game over. Winner: {names}", names=sep.join(winners)), True
        return t.gettext("Game over."), True
    prompt = game.prompt(state)
    params = dict(prompt.get("params", {}))
    params.setdefault("players", prompt.get("players", []))
    code = prompt["code"]
    if teaching and library.message(game.id, lang, f"{code}.teach") is not None:
        code = f"{code}.teach"
    text = game_message(game.id, code, lang, params, players)
    if text == code:
        text = t.gettext("Now: {names}", names=sep.join(players[i] for i in prompt.get("players", [])))
    return text, False


# ----- new table form ---------------------------------------------------------
def seat_order(names: Sequence[str], index: int, delta: int) -> list[str]:
    """Move the name at ``index`` up (-1) or down (+1) the seat order."""
    names = list(names)
    target = index + delta
    if 0 <= index < len(names) and 0 <= target < len(names):
        names[index], names[target] = names[target], names[index]
    return names


def setup_problems(game: Game, names: Sequence[str], options: dict[str, Any]) -> list[SetupProblem]:  # type: ignore[type-arg]
    return game.validate_setup([n.strip() for n in names], options)


def player_slots(game: Game, current: int) -> tuple[int, int, int]:  # type: ignore[type-arg]
    """(min, max, clamped current) number of name fields for a game."""
    low, high = game.min_players, min(game.max_players, 10)
    return low, high, max(low, min(high, current))


# ----- the now-banner: who acts, what was last done -----------------------------
def now_players(game: Game, state: Any) -> list[int]:  # type: ignore[type-arg]
    """The seats the table is waiting for (none once the game is over)."""
    if game.is_over(state):
        return []
    try:
        seats = list(game.prompt(state).get("players") or [])
    except Exception:  # noqa: BLE001 - a prompt that cannot be built still shows the banner
        seats = []
    if not seats:
        try:
            seats = sorted(game.active_players(state))
        except Exception:  # noqa: BLE001
            seats = []
    return [s for s in seats if isinstance(s, int)]


def split_template(template: str, slot: str) -> tuple[str, str]:
    """A translated sentence cut at ``{slot}``: (before, after), for drawing the
    slot (a name) in its own colour."""
    marker = "{" + slot + "}"
    if marker not in template:
        return template + " ", ""
    before, after = template.split(marker, 1)
    return before, after


# ----- the final ranking ----------------------------------------------------------------------
@dataclass(frozen=True)
class RankRow:
    place: int
    seat: int
    score: float | None
    winner: bool


def final_ranking(game: Game, state: Any) -> tuple[list[RankRow], list[int]]:  # type: ignore[type-arg]
    """The finished game's ranking (winners first, then by score; tied scores
    share a place) and the seats that tied a winner's score but lost the
    tie-break (an empty list when nobody did)."""
    winners = list(game.winners(state))
    try:
        raw = game.scores(state)
    except Exception:  # noqa: BLE001 - a game without final scores still ranks its winners
        raw = None
    n = len(getattr(state, "players", None) or []) or (len(raw) if raw else 0) or (max(winners, default=-1) + 1)
    scores: list[float | None] = [None] * n
    if isinstance(raw, dict):
        for k, v in raw.items():
            if isinstance(k, int) and 0 <= k < n:
                scores[k] = v
    elif raw:
        scores = list(raw)[:n] + [None] * max(0, n - len(raw))
    order = sorted(range(n), key=lambda s: (s not in winners, -(scores[s] if scores[s] is not None else -1e18), s))
    rows: list[RankRow] = []
    for i, seat in enumerate(order):
        if seat in winners:
            place = 1
        elif i and rows[-1].score == scores[seat] and not rows[-1].winner:
            place = rows[-1].place
        else:
            place = i + 1
        rows.append(RankRow(place, seat, scores[seat], seat in winners))
    best = {scores[w] for w in winners if scores[w] is not None}
    beaten = [r.seat for r in rows if not r.winner and r.score is not None and r.score in best]
    return rows, beaten


# ----- labels of moves, their fields and choices (corrections form, refusals) ----------
#: where a choice's name may already be among a game's messages, after ``value.<param>.<choice>``
CHOICE_GROUPS = ("ware", "good", "gem", "creature", "card", "pile", "space", "artist")
_NUMBERED = re.compile(r"^([a-z]+)_(\d+)$")


def _plain(game_id: str, code: str, lang: str) -> str | None:
    """A game message without placeholders, or None."""
    text = library.message(game_id, lang, code)
    return text if text and "{" not in text else None


def _move_name(game_id: str, move: str, lang: str) -> str | None:
    for code in (f"action_group.{move}", f"action.{move}"):
        text = _plain(game_id, code, lang)
        if text:
            return text
    return None


def move_label(game_id: str, move: str, lang: str) -> str:
    """A move's name as a person reads it (``action_group.<move>``, else
    ``action.<move>`` when it needs no arguments), never the raw id."""
    return _move_name(game_id, move, lang) or move.replace("_", " ")


def param_label(game_id: str, name: str, lang: str) -> str:
    """A form field's label (``param.<name>``)."""
    return _plain(game_id, f"param.{name}", lang) or name.replace("_", " ")


def choice_label(game_id: str, name: str, choice: Any, lang: str) -> str:
    """A fixed choice's label: ``value.<param>.<choice>``, ``ui.<param>.<choice>``,
    the game's name for that ware/good/gem/card..., ``ui.<choice>``; a numbered
    id (``kingdom_3``) through ``ui.<param>.<stem>`` with ``{number}``."""
    value = str(choice)
    codes = [f"value.{name}.{value}", f"ui.{name}.{value}", *(f"ui.{g}.{value}" for g in CHOICE_GROUPS),
             f"ui.{value}"]
    for code in codes:
        text = _plain(game_id, code, lang)
        if text:
            return text
    numbered = _NUMBERED.match(value)
    if numbered:
        template = library.message(game_id, lang, f"ui.{name}.{numbered.group(1)}")
        if template and "{number}" in template:
            return template.replace("{number}", number(int(numbered.group(2)), lang))
    return value


def refusal_text(game_id: str, exc: RefereeError, action: Action | None, lang: str,
                 players: Sequence[str]) -> str:
    """A refusal's sentence with the move and its field named as the form names
    them (the engine's error carries their ids: ``correct_boat``, ``for_player``)."""
    params = dict(exc.params)
    if action is not None and params.get("action") == action.type:
        params["action"] = _move_name(game_id, action.type, lang) or action_label(game_id, action, lang, players)
    if isinstance(params.get("arg"), str):
        params["arg"] = param_label(game_id, params["arg"], lang)
    return game_message(game_id, exc.code, lang, params, players)
