"""The one facts loader: ``rules_data/<id>/facts.json`` and its common header.

Every game's facts.json starts with the same three keys::

    {
      "players": {"min": 3, "max": 5},
      "options": [
        {"key": "pirate_variant", "kind": "bool", "default": false},
        {"key": "oldest", "kind": "int", "default": 0, "min": 0, "max": 4},
        {"key": "difficulty", "kind": "choice", "default": {"fact": "default_difficulty"},
         "choices": ["introductory", "standard", "heroic"]}
      ],
      "phases": [
        {"id": "deal", "acts": {"seats_where": {"field": "share_state", "in": ["pending"]}}},
        {"id": "auction", "acts": {"seat": "bidder"}},
        {"id": "end", "acts": "none"}
      ]
    }

``players`` bounds the table, ``options`` become the game's :class:`OptionSpec`
tuple (in that order), ``phases`` lists every phase the state can be in and
who acts in it (see :mod:`companion.core.phases`).  Any
option field may be ``{"fact": "a.b"}``: a path into the same file, so a
number lives once.  Extra option fields (``suggested``) are facts for the rules
text (``{options.round_limit.suggested}``), ignored by the spec.

A game reads its header by declaring ``class Manila(Game[ManilaState],
facts=True)``; its own facts module reads the rest with :func:`load`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..rules import library
from . import phases as phase_table
from .options import OptionSpec

HEADER_KEYS = ("players", "options", "phases")
_KINDS = ("bool", "int", "choice")
_SPEC_FIELDS = ("key", "kind", "default", "choices", "min", "max")


class FactsError(ValueError):
    """facts.json lacks the common header or has a malformed one."""


@dataclass(frozen=True)
class Header:
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    phases: tuple[str, ...]
    #: the phases with who acts in each (``phases`` are their ids)
    phase_specs: tuple[phase_table.Phase, ...] = ()


def load(game_id: str) -> dict[str, Any]:
    """The whole facts.json of a game (cached; do not mutate)."""
    return library.facts(game_id)


def _resolve(game_id: str, value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"fact"}:
        return library.lookup_fact(game_id, str(value["fact"]))
    return value


def _option(game_id: str, raw: Any, where: str) -> OptionSpec:
    if not isinstance(raw, dict) or not isinstance(raw.get("key"), str) or raw.get("kind") not in _KINDS:
        raise FactsError(f"{where}: an option needs a string key and a kind in {_KINDS}")
    if "default" not in raw:
        raise FactsError(f"{where}: option {raw['key']!r} has no default")
    fields = {k: _resolve(game_id, raw[k]) for k in _SPEC_FIELDS if k in raw}
    if "choices" in fields:
        fields["choices"] = tuple(fields["choices"])
    spec = OptionSpec(**fields)
    try:
        ok = spec.parse(spec.default) == spec.default
    except (ValueError, TypeError):
        ok = False
    if not ok:
        raise FactsError(f"{where}: option {spec.key!r}: default {spec.default!r} is not a valid value")
    return spec


@cache
def header(game_id: str) -> Header:
    """The common header, checked; raises :class:`FactsError` if it is missing or malformed."""
    raw = load(game_id)
    where = f"{game_id}/facts.json"
    missing = [k for k in HEADER_KEYS if k not in raw]
    if missing:
        raise FactsError(f"{where}: missing header key(s) {missing}")
    players = raw["players"]
    if not (isinstance(players, dict) and isinstance(players.get("min"), int) and isinstance(players.get("max"), int)
            and 1 <= players["min"] <= players["max"]):
        raise FactsError(f"{where}: players must be {{\"min\": n, \"max\": m}} with 1 <= n <= m")
    if not isinstance(raw["options"], list):
        raise FactsError(f"{where}: options must be a list")
    options = tuple(_option(game_id, o, where) for o in raw["options"])
    if len({o.key for o in options}) != len(options):
        raise FactsError(f"{where}: duplicate option keys")
    try:
        specs = phase_table.parse(raw["phases"])
    except ValueError as exc:
        raise FactsError(f"{where}: {exc}") from None
    return Header(players["min"], players["max"], options, tuple(p.id for p in specs), specs)


def clear_caches() -> None:
    header.cache_clear()


def tie_break_clause(game_id: str) -> str | None:
    """facts.json ``tie_break_clause``: the id of the clause that settles a tie
    for first place (None when the game names none)."""
    value = load(game_id).get("tie_break_clause")
    if value is not None and not isinstance(value, str):
        raise FactsError(f"{game_id}/facts.json: tie_break_clause must be a clause id")
    return value
