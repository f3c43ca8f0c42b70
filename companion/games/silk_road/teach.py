"""Teach: Maritime Silk Road's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, Piece, Place, card, lines, place

F = load("silk_road")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    sp = F["specials"]
    return lines(
        ("each", "goods_cards", {"n": F["hand_start"]}),
        ("each", "ships", {"n": F["start_ships"]}),
        ("board", "market", {"n": F["market_size"]}),
        ("board", "deck", {"n": F["goods_cards"] - F["hand_start"] * players - F["market_size"]}),
        ("board", "ships", {"n": sp["ship"]["count"] - F["start_ships"] * players}),
        ("board", "specials", {k: sp[k]["count"] for k in ("exchange", "licence", "porter")}),
        ("board", "tokens", {"n": F["tokens"]}),
        ("board", "coins", {"n": F["coins"]}),
        ("start", "last_seller", {}),
    )


def board(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[Place]:
    """The set-up on the board: the market's slots to deal face up, the deck, the ships and the
    special cards for sale, the goods tokens and the coins; each player's hand and ships; read
    from the first state's view."""
    sp = view["specials"]
    return [
        place("market", *(Piece("goods_card", 1, g) for g in view["market"]),
              empty=F["market_size"] - len(view["market"]), line="board.market"),
        place("deck", Piece("goods_card", view["deck"]), line="board.deck"),
        place("specials", *(Piece(k, sp[k]) for k in ("ship", "exchange", "licence", "porter")),
              line=("board.ships", "board.specials")),
        place("tokens", *(Piece("token", n, g) for g, n in view["tokens"].items()), line="board.tokens"),
        place("coins", Piece("coin", F["coins"]), line="board.coins"),
        place("seats", *(piece for seat, p in enumerate(view["players"]) for piece in (
            Piece("goods_card", p["hand"], seat=seat), Piece("ship", F["start_ships"], seat=seat)))),
    ]


def box() -> list[Component]:
    sp = F["specials"]
    return [Component("goods_cards", F["goods_cards"]), Component("ships", sp["ship"]["count"]),
            Component("licences", sp["licence"]["count"]), Component("porters", sp["porter"]["count"]),
            Component("exchanges", sp["exchange"]["count"]), Component("tokens", F["tokens"]),
            Component("coins", F["coins"])]


#: teaching play: the set-up and the turn's two phases with their special cards, each where the
#: table first meets it
PLAY = (
    card("silk_road.setup.market", phase="setup_market"),
    card("silk_road.setup.first_player", phase="setup_first"),
    card("silk_road.setup.loading", phase="setup_load"),
    card("silk_road.turn.phase1", phase="phase1"),
    card("silk_road.specials.porter", phase="porter"),
    card("silk_road.turn.phase2", phase="phase2"),
    card("silk_road.specials.exchange", phase="exchange"),
    card("silk_road.end.winner", phase="end"),
)
