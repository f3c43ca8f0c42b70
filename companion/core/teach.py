"""The shape of a game's Teach data: set-up lines and box components.

Each game package may hold a ``teach`` module with

    def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]
    def box() -> list[Component]

computed from its facts.json (``core.facts.load``).  A line is a part (who or where:
``each`` player, the ``board``/table, ``aside`` back in the box or out of play,
``later`` in the game, ``start`` who begins), a key and its numbers; the words for
``<part>.<key>`` live in ``rules_data/<id>/teach.json`` in three languages.
"""

from __future__ import annotations

from typing import Any, NamedTuple

PARTS = ("each", "board", "aside", "later", "start")


class Line(NamedTuple):
    part: str
    key: str
    params: dict[str, Any]


class Component(NamedTuple):
    key: str
    n: int


def lines(*items: tuple[str, str, dict[str, Any]]) -> list[Line]:
    """The lines given, in order, leaving out those whose count ``n`` is 0 (nothing to do)."""
    out = []
    for part, key, params in items:
        if part not in PARTS:
            raise ValueError(f"unknown part {part!r}")
        if params.get("n", 1) == 0:
            continue
        out.append(Line(part, key, dict(params)))
    return out


def even_piles(cards: int, piles: int) -> list[int]:
    """``cards`` split into ``piles`` as evenly as they go, the bigger piles first."""
    base, extra = divmod(cards, piles)
    return [base + 1] * extra + [base] * (piles - extra)
