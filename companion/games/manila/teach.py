"""Teach: Manila's set-up for the table's count and its box, from facts.json."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.facts import load
from ...core.teach import Component, Line, Piece, Place, card, lines, place

F = load("manila")


def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]:
    acc = F["accomplices"][str(players)]
    shares = F["shares"]
    wares = len(F["wares"])
    return lines(
        ("each", "money", {"n": F["start_money"]}),
        ("each", "accomplices", {"n": acc}),
        ("each", "shares", {"n": shares["per_player"]}),
        ("board", "shares_dealt", {"n": shares["dealt_per_ware"] * wares, "each": shares["dealt_per_ware"]}),
        ("board", "share_supply", {"n": shares["total"] - shares["per_player"] * players}),
        ("board", "price_markers", {"n": F["components"]["price_markers"]}),
        ("aside", "accomplices", {"n": F["accomplice_colours"] * F["accomplices_per_colour"] - acc * players}),
        ("start", "oldest", {"player": int(options.get("oldest", 0))}),
    )


def board(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[Place]:
    """The set-up on the board: the price markers at the track's foot, the shares to deal and
    the bank's, the spaces all empty, the boats beside the board (the harbour master places
    them), each player's pesos and accomplices; read from the first state's view."""
    shares = F["shares"]
    seats = view["players"]
    spaces = view["spaces"]
    return [
        place("price_track", *(Piece("price_marker", 1, ware, at=price) for ware, price in view["prices"].items()),
              line="board.price_markers"),
        place("deal", *(Piece("share", shares["dealt_per_ware"], ware) for ware in F["wares"]),
              line="board.shares_dealt"),
        place("bank", Piece("share", shares["total"] - sum(p["shares"] for p in seats)), line="board.share_supply"),
        place("harbor", empty=sum(1 for k, v in spaces.items() if k.startswith("harbor") and v is None)),
        place("shipyard", empty=sum(1 for k, v in spaces.items() if k.startswith("shipyard") and v is None)),
        place("boats", Piece("boat", F["boats_sailing"] - len(view["boats"]))),
        place("seats", *(piece for seat, p in enumerate(seats) for piece in (
            Piece("money", p["money"], seat=seat), Piece("accomplice", p["accomplices"], seat=seat)))),
    ]


def box() -> list[Component]:
    c = F["components"]
    return [Component("shares", F["shares"]["total"]), Component("price_markers", c["price_markers"]),
            Component("ware_loads", c["ware_loads"]), Component("dice", c["dice"]),
            Component("boats", c["boats"]),
            Component("accomplices", F["accomplice_colours"] * F["accomplices_per_colour"])]


#: a payout line, with or without the place it was paid for
_RECEIVED = ("received", "received_at")

#: teaching play: each rule's card, at the step that first needs it (core.teach.card)
PLAY = (
    card("manila.setup.share_entry", phase="deal", secret=True),
    card("manila.setup.supply_count", phase="supply"),
    card("manila.auction.bids", phase="auction"),
    card("manila.auction.pass", event="passed"),
    card("manila.auction.win", event=("auction_won", "auction_nobody")),
    card("manila.harbor_master.buy", phase="buy"),
    card("manila.harbor_master.cargo", phase="launch"),
    card("manila.harbor_master.launch", phase="launch"),
    card("manila.placement.order", phase="place"),
    card("manila.placement.cost", phase="place"),
    card("manila.spaces.boats", event="placed", space=tuple(F["wares"])),
    card("manila.spaces.harbor", event="placed", space="harbor_*"),
    card("manila.spaces.shipyard", event="placed", space="shipyard_*"),
    card("manila.spaces.pirates", event="placed", space="pirate"),
    card("manila.spaces.pilots", event="placed", space="pilot_*"),
    card("manila.spaces.insurance", event="insurance_taken"),
    card("manila.placement.stowaway", event="stowaway"),
    card("manila.placement.restraint", event="held_back"),
    card("manila.movement.roll", phase="roll"),
    card("manila.movement.arrival", event="docked"),
    card("manila.movement.shipyard", event="to_shipyard"),
    card("manila.pirates.attack", phase="board"),
    card("manila.pirates.board", phase="board"),
    card("manila.pirates.plunder", phase="plunder"),
    card("manila.pilots.when", phase="pilot"),
    card("manila.pilots.small", phase="pilot", when=lambda state: state.pilots_due[:1] == ["small"]),
    card("manila.pilots.large", phase="pilot", when=lambda state: state.pilots_due[:1] == ["large"]),
    card("manila.payout.boats", event=_RECEIVED, reason="boat_profit", why=True),
    card("manila.payout.harbor", event=_RECEIVED, reason="harbor_reward", why=True),
    card("manila.payout.shipyard", event=_RECEIVED, reason="shipyard_reward", why=True),
    card("manila.payout.pirates", event=_RECEIVED, reason="loot", why=True),
    card("manila.insurance.claims", event=("paid", "paid_at", "paid_to", "paid_to_at") + _RECEIVED, reason=("claim", "claim_cover"),
         why=True),
    card("manila.prices.rise", event="price_up"),
    card("manila.end.reveal", phase="reveal"),
    card("manila.end.wealth", phase="end"),
)
