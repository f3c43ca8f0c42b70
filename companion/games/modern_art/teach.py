"""Teach: Modern Art's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, Piece, Place, card, lines, place

F = load("modern_art")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    deal = F["deal"][str(players)]
    if players == 3 and options.get("deal_3p") is not None:
        deal = int(options["deal_3p"])
    return lines(
        ("each", "money", {"n": F["start_money"]}),
        ("each", "cards", {"n": deal}),
        ("board", "deck", {"n": F["total_cards"] - deal * players}),
        ("later", "refill", {"n": F["refill"][str(players)]}),
        ("start", "random", {}),
    )


def board(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[Place]:
    """The set-up on the board: the value board empty (a column for each of the artists, a row
    for each round), the value tokens beside it, the deck, each player's money behind a
    screen and hand; read from the first state's view."""
    return [
        place("value_board", *(Piece("column", view["rounds"], a["id"]) for a in view["artists"])),
        place("value_tokens", *(Piece("value_token", F["tokens_each"], at=v) for v in F["values"])),
        place("deck", Piece("painting", F["total_cards"] - sum(p["hand"] for p in view["players"])),
              line="board.deck"),
        place("seats", *(piece for seat, p in enumerate(view["players"]) for piece in (
            Piece("money", F["start_money"], seat=seat), Piece("card", p["hand"], seat=seat)))),
    ]


def box() -> list[Component]:
    return [Component("paintings", sum(a["cards"] for a in F["artists"])),
            Component("value_tokens", len(F["values"]) * F["tokens_each"]),
            Component("screens", F["screens"])]


#: a painting sold (the buyer pays the seller, the partners, or the bank for their own)
_SALES = ("sold", "sold_pair", "sold_shared", "bought_own", "bought_own_pair", "bought_shared")

#: teaching play: each rule's card, at the step that first needs it (core.teach.card)
PLAY = (
    card("modern_art.setup.first-seller", phase="start"),
    card("modern_art.turn.offer", phase="offer"),
    card("modern_art.auction.open", phase="open"),
    card("modern_art.auction.once-around", phase="once_around"),
    card("modern_art.auction.sealed", phase="sealed"),
    card("modern_art.app.sealed-reveal", phase="sealed", secret=True),
    card("modern_art.auction.fixed", phase="fixed_price"),
    card("modern_art.double.how", phase="double"),
    card("modern_art.double.second", event="offered_pair"),
    card("modern_art.double.partner", event="joined"),
    # who gets the money, and what a seller who buys their own painting pays
    card("modern_art.auction.payment", event=_SALES),
    card("modern_art.turn.bought", event=_SALES + ("kept", "kept_pair")),
    card("modern_art.round.fifth-painting", event=("round_ending", "round_ending_pair")),
    card("modern_art.value.ranking", event="round_over", why=True),
    card("modern_art.value.accumulated", event="artist_value", why=True),
    card("modern_art.value.sell-to-bank", event=("bank_pays", "paintings_worthless"), why=True),
    card("modern_art.next.refill", event="refill"),
)
