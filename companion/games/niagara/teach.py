"""Teach: Niagara's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, lines

F = load("niagara")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    gems, river = F["gems"], F["river"]
    out = lines(
        ("board", "gems", {"n": gems["per_site"], "spare": gems["spare_per_colour"]}),
        ("board", "river_discs", {"n": river["discs_on_board"], "spare": river["discs_spare"]}),
        ("each", "canoes", {"n": F["canoes_per_player"]}),
        ("each", "paddle_cards", {"n": F["cards_per_player"]}),
        ("aside", "colours", {"n": F["player_colours"] - players}),
        ("start", "choose", {}),
    )
    # the weather marker's start space is a place, not a count: shown even at 0
    out.insert(2, Line("board", "weather", {"n": F["weather"]["start"]}))
    return out


def box() -> list[Component]:
    colours = F["player_colours"]
    return [Component("gems", F["gems"]["total"]), Component("river_discs", F["river"]["discs_total"]),
            Component("canoes", colours * F["canoes_per_player"]),
            Component("paddle_cards", colours * F["cards_per_player"])]
