"""Teach: Niagara's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, Piece, Place, card, lines, place

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


def board(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[Place]:
    """The set-up on the board: the river's discs, the gems on their sites (one of each colour
    spare, with the spare discs), the weather marker on its start, every canoe on the shore, each player's paddle
    cards; read from the first state's view."""
    river = F["river"]
    return [
        place("river", Piece("disc", river["discs_on_board"]), line="board.river_discs"),
        place("weather", Piece("weather", 1, at=view["weather"]), line="board.weather"),
        place("sites", *(Piece("gem", n, colour) for site in view["sites"].values() for colour, n in site.items()),
              line="board.gems"),
        place("spares", *(Piece("gem", n, colour) for colour, n in view["spares"].items()),
              Piece("disc", river["discs_spare"])),
        place("shore", *(Piece("canoe", sum(1 for c in p["canoes"] if c["where"] == river["shore"]), seat=seat)
                         for seat, p in enumerate(view["players"]))),
        place("seats", *(Piece("paddle_card", len(p["hand"]), seat=seat) for seat, p in enumerate(view["players"]))),
    ]


def box() -> list[Component]:
    colours = F["player_colours"]
    return [Component("gems", F["gems"]["total"]), Component("river_discs", F["river"]["discs_total"]),
            Component("canoes", colours * F["canoes_per_player"]),
            Component("paddle_cards", colours * F["cards_per_player"])]


def _card_now(state: Any) -> Any:
    """The card of the player whose turn it is (None: not turned over yet)."""
    return state.cards[(state.lifebuoy + state.turn) % len(state.players)]


def _choosing(state: Any) -> bool:
    return state.phase == "reveal" or all(c is None for c in state.cards)


#: teaching play: each rule's card, at the step that first needs it (core.teach.card)
PLAY = (
    # the cards are chosen at the round's start: the table enters them all (cards at once), or
    # each player turns theirs over in turn (no card turned yet)
    card("niagara.round.steps", phase=("reveal", "turn"), when=lambda state: _choosing(state)),
    card("niagara.cards.choose", phase=("reveal", "turn"), when=lambda state: _choosing(state)),
    card("niagara.round.order", phase="turn"),
    card("niagara.turn.number", phase="turn", when=lambda state: _card_now(state) not in (None, F["cloud"])),
    card("niagara.weather.cloud", phase="turn", when=lambda state: _card_now(state) == F["cloud"]),
    card("niagara.move.launch", event="launched"),
    card("niagara.move.points", event=("paddled", "launched")),
    card("niagara.gems.cost", event="gem_loaded"),
    card("niagara.gems.swap", event="gem_unloaded"),
    card("niagara.rob.when", event="robbed"),
    card("niagara.land.bank", event="gem_banked", why=True),
    card("niagara.land.ashore", event="landed"),
    card("niagara.weather.step", event="weather_moved"),
    card("niagara.flow.steps", event=("river_flows", "river_flows_weather", "river_still", "river_still_weather")),
    card("niagara.river.fork", event="fork_next"),
    card("niagara.falls.lost", event=("paddled_over", "paddled_over_gem", "swept_over", "swept_over_gem")),
    card("niagara.falls.buy-back", event="bought_back"),
    card("niagara.round.lifebuoy", event="round_starts"),
    card("niagara.end.goals", event="goal_reached", why=True),
)
