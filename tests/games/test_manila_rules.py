"""Every refusal of the Manila referee: one test per rule a move can break.

Each test reaches the situation by legal play, makes the forbidden move and
checks the code, the clause cited and that the state did not change.
"""

from __future__ import annotations

import pytest

from companion.core import AmbiguousAction, IllegalAction
from companion.games.manila import GAME
from companion.messages import describe_error
from companion.rules import library

from games.test_manila_support import Table, start

HANDS3 = {"A": ["silk", "jade"], "B": ["nutmeg", "ginseng"], "C": ["jade", "jade"]}


def auction3() -> Table:
    return start(["A", "B", "C"], HANDS3)


def placing3(**launch: int) -> Table:
    """Voyage 1 of a 3-player table, A harbor master for free, boats launched, round 1."""
    t = auction3()
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.do("A", "launch", **(launch or {"nutmeg": 3, "silk": 3, "jade": 3}))
    return t


def to_roll(t: Table) -> Table:
    """Everybody holds back in round 1: the rounds are over, the harbor master rolls."""
    t.passes("A", "B", "C")
    assert t.phase() == "roll"
    return t


# ----- setup -----------------------------------------------------------------------------------
def test_oldest_must_sit_at_the_table() -> None:
    problems = GAME.validate_setup(["A", "B", "C"], {"oldest": 3})
    assert [p.code for p in problems] == ["oldest_not_at_table"]


def test_two_shares_per_player() -> None:
    t = Table("A", "B", "C")
    t.illegal("A", "enter_shares", "wrong_share_count", "manila.setup.shares", wares=["jade"])
    t.illegal("A", "enter_shares", "wrong_share_count", "manila.setup.shares", wares=["jade", "silk", "silk"])


def test_hands_must_fit_the_deal() -> None:
    # only 3 shares of each ware are dealt
    t = Table("A", "B", "C")
    t.do("A", "enter_shares", wares=["jade", "jade"])
    t.illegal("B", "enter_shares", "share_not_in_deal", "manila.setup.shares", wares=["jade", "jade"])
    t.do("B", "enter_shares", wares=["jade", "silk"])


def test_entering_shares_is_secret_and_hidden_from_the_view() -> None:
    assert GAME.moves["enter_shares"].secret
    t = Table("A", "B", "C")
    t.do("A", "enter_shares", wares=["jade", "silk"])
    public = GAME.view(t.state)
    assert public["players"][0]["shares_dealt"] is None and public["players"][0]["shares_entry"] == "entered"
    assert "jade" not in str(public["players"])
    assert GAME.view(t.state, reveal=True)["players"][0]["shares_dealt"] == ["silk", "jade"]


def test_supply_counts_must_fit() -> None:
    t = Table("A", "B", "C")
    t.do("A", "enter_shares", wares=["jade", "jade"])
    t.do("B", "shares_later")
    t.do("C", "shares_later")
    assert t.phase() == "supply"
    # the sum must be 20 - 6 = 14
    t.illegal(None, "supply", "supply_inconsistent", "manila.setup.supply_count",
              nutmeg=4, silk=4, ginseng=4, jade=3)
    # jade: 2 entered, so at most 5 - 2 = 3 are left; at least 5 - 3 = 2
    t.illegal(None, "supply", "supply_inconsistent", "manila.setup.supply_count",
              nutmeg=3, silk=3, ginseng=4, jade=4)
    t.do(None, "supply", nutmeg=4, silk=4, ginseng=3, jade=3)
    assert t.phase() == "auction" and t.state.dealt_count == {"nutmeg": 1, "silk": 1, "ginseng": 2, "jade": 2}


# ----- auction -------------------------------------------------------------------------------------
def test_bids_must_rise() -> None:
    t = auction3()
    t.illegal("A", "bid", "bid_too_low", "manila.auction.bids", amount=0)
    t.do("A", "bid", amount=5)
    err = t.illegal("B", "bid", "bid_too_low", "manila.auction.bids", amount=5)
    assert err.params == {"amount": 5, "minimum": 6}


def test_bid_limited_to_cash_and_mortgages() -> None:
    t = auction3()
    # 30 cash + 2 shares * 12 = 54
    err = t.illegal("A", "bid", "bid_over_credit", "manila.auction.limit", amount=55)
    assert err.params["limit"] == 54
    t.do("A", "bid", amount=54)


def test_the_high_bidder_cannot_redeem_away_the_money_for_the_bid() -> None:
    # found by the property test: a player bid, then redeemed, and could no longer pay
    t = auction3()
    t.do("B", "mortgage")
    t.do("B", "mortgage")            # B: 54 cash, no free share
    t.do("A", "bid", amount=40)
    t.do("B", "bid", amount=52)      # limit 54
    # redeeming would leave 54 - 15 = 39 cash + 12 for the freed share = 51 < 52
    err = t.illegal("B", "redeem", "redeem_blocks_bid", "manila.auction.redeem_while_bidding")
    assert err.params == {"bid": 52}
    assert not any(a.type == "redeem" for a in GAME.legal_actions(t.state))
    t.passes("C", "A")
    assert t.cash()["B"] == 2 and t.state.master == 1


def test_a_pass_is_final() -> None:
    t = auction3()
    t.do("A", "pass_bid")
    t.do("B", "bid", amount=3)
    t.do("C", "bid", amount=4)
    # back round: A has passed and is skipped; B decides
    assert t.turn() == ["B"]
    # Rulebook (seed 004, auction): a player who passes is out of this auction for good —
    # the refusal cites that clause, not the turn order
    err = t.illegal("A", "bid", "auction_passed", "manila.auction.pass", amount=9)
    assert err.params == {"player": 0}
    t.illegal("A", "pass_bid", "auction_passed", "manila.auction.pass")
    # someone who has not passed and bids out of turn is still told whose turn it is
    err = t.illegal("C", "bid", "not_your_turn", "manila.auction.bids", amount=9)
    assert err.params["expected_players"] == [1]


def test_out_of_turn_and_wrong_phase() -> None:
    t = auction3()
    t.illegal("B", "bid", "not_your_turn", "manila.auction.bids", amount=2)
    t.illegal("A", "place", "wrong_phase", "manila.placement.order", space="jade")
    t.illegal("A", "roll", "wrong_phase", "manila.movement.roll", jade=3)


# ----- harbor master ---------------------------------------------------------------------------------
def test_share_supply_can_run_out() -> None:
    # with all shares entered the supply is 5 - dealt: jade 5 - 3 = 2
    t = auction3()
    assert t.state.supply["jade"] == 2
    t.passes("A", "B", "C")
    t.do("A", "buy_share", ware="jade")
    t.do("A", "launch", nutmeg=3, silk=3, jade=3)
    t.passes("A", "B", "C")  # everybody holds back: no more rounds, the rolls follow
    t.roll(nutmeg=6, silk=6, jade=6)
    t.roll(nutmeg=6, silk=6, jade=6, order=["nutmeg", "silk", "jade"])  # all in Manila, roll 3 skipped
    assert t.state.voyage == 2
    t.passes("A", "B", "C")
    t.do("A", "buy_share", ware="jade")
    t.do("A", "launch", nutmeg=3, silk=3, jade=3)
    t.passes("A", "B", "C")
    t.roll(nutmeg=6, silk=6, jade=6)
    t.roll(nutmeg=6, silk=6, jade=6, order=["nutmeg", "silk", "jade"])
    assert t.state.voyage == 3 and t.state.supply["jade"] == 0
    t.passes("A", "B", "C")
    t.illegal("A", "buy_share", "supply_empty", "manila.harbor_master.buy", ware="jade")


def test_share_must_be_affordable() -> None:
    t = Table("A", "B", "C")
    for name in "ABC":
        t.do(name, "enter_shares", wares=["silk", "ginseng"] if name != "C" else ["jade", "jade"])
    t.do("A", "bid", amount=54)   # 30 + 24: A pays with both shares mortgaged -> 0 cash, nothing to mortgage
    t.passes("B", "C")
    assert t.cash()["A"] == 0 and t.state.mortgaged[0] == 2
    err = t.illegal("A", "buy_share", "cannot_afford_share", "manila.harbor_master.buy", ware="silk")
    assert (err.params["cost"], err.params["limit"]) == (5, 0)


def test_three_wares_sail() -> None:
    t = auction3()
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.illegal("A", "launch", "need_three_wares", "manila.harbor_master.cargo", nutmeg=4, silk=5)
    t.illegal("A", "launch", "need_three_wares", "manila.harbor_master.cargo",
              nutmeg=3, silk=3, ginseng=2, jade=1)


def test_starting_spaces() -> None:
    t = auction3()
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.illegal("A", "launch", "start_out_of_range", "manila.harbor_master.launch", nutmeg=6, silk=3, jade=0)
    t.illegal("A", "launch", "start_out_of_range", "manila.harbor_master.launch", nutmeg=-1, silk=5, jade=5)
    err = t.illegal("A", "launch", "start_sum", "manila.harbor_master.launch", nutmeg=5, silk=5, jade=0)
    assert err.params == {"total": 10, "required": 9}


# ----- placement ---------------------------------------------------------------------------------------
def test_only_sailing_boats_take_accomplices() -> None:
    t = placing3()
    t.illegal("A", "place", "boat_not_sailing", "manila.spaces.boats", space="ginseng")


def test_boats_fill_cheapest_seat_first_and_then_are_full() -> None:
    t = placing3()
    t.do("A", "place", space="nutmeg")
    t.do("B", "place", space="nutmeg")
    t.do("C", "place", space="nutmeg")
    # 2 + 3 + 4
    assert t.cash() == {"A": 28, "B": 27, "C": 26}
    t.illegal("A", "place", "boat_full", "manila.spaces.boats", space="nutmeg")


def test_pirate_ship_holds_two() -> None:
    t = placing3()
    t.do("A", "place", space="pirate")
    t.do("B", "place", space="pirate")
    assert t.state.pirates == [0, 1]
    t.illegal("C", "place", "pirates_full", "manila.spaces.pirates", space="pirate")


@pytest.mark.parametrize("space,rule", [
    ("harbor_b", "manila.spaces.harbor"), ("shipyard_c", "manila.spaces.shipyard"),
    ("pilot_small", "manila.spaces.pilots"), ("insurance", "manila.spaces.insurance")])
def test_single_spaces_take_one_accomplice(space: str, rule: str) -> None:
    t = placing3()
    t.do("A", "place", space=space)
    err = t.illegal("B", "place", "space_taken", rule, space=space)
    assert err.params["holder_player"] == 0


def test_cannot_place_beyond_cash_and_loans_unless_a_stowaway() -> None:
    # B spends down to 3 pesos with no share left; the cheapest free space (ginseng seat) costs 1
    t = Table("A", "B", "C")
    for name in "ABC":
        t.do(name, "enter_shares", wares=HANDS3[name])
    t.do("A", "pass_bid")
    t.do("B", "bid", amount=51)   # 30 + 24 = 54: mortgages both, pays 51 -> 3
    t.passes("C")
    t.do("B", "skip_share")
    t.do("B", "launch", ginseng=3, silk=3, jade=3)
    assert t.cash()["B"] == 3 and t.state.mortgaged[1] == 2
    err = t.illegal("B", "place", "cannot_afford", "manila.placement.cost", space="pirate")
    assert err.params == {"cost": 5, "limit": 3}
    t.do("B", "place", space="silk")   # 3: he can pay it
    assert t.cash()["B"] == 0


def test_holding_back_is_for_the_whole_voyage() -> None:
    t = placing3()
    t.do("A", "pass_place")
    t.do("B", "place", space="jade")
    t.do("C", "place", space="jade")
    assert t.turn() == ["B"]   # round 2 starts with A, who is skipped
    t.illegal("A", "place", "not_your_turn", "manila.placement.order", space="silk")


# ----- dice -----------------------------------------------------------------------------------------------
def test_one_die_per_boat_at_sea() -> None:
    t = to_roll(placing3())
    t.illegal("A", "roll", "dice_mismatch", "manila.movement.roll", nutmeg=3, silk=3)
    t.illegal("A", "roll", "dice_mismatch", "manila.movement.roll", nutmeg=3, silk=3, jade=3, ginseng=3)
    t.illegal("A", "roll", "die_out_of_range", "manila.movement.roll", nutmeg=7, silk=3, jade=3)
    t.illegal("A", "roll", "die_out_of_range", "manila.movement.roll", nutmeg=0, silk=3, jade=3)


def test_only_the_harbor_master_rolls() -> None:
    t = to_roll(placing3())
    t.illegal("B", "roll", "not_your_turn", "manila.movement.roll", nutmeg=3, silk=3, jade=3)


def test_docking_order_when_boats_arrive_together() -> None:
    t = to_roll(placing3(nutmeg=5, silk=4, jade=0))
    t.roll(nutmeg=6, silk=6, jade=1)   # 11, 10, 1
    err = t.refuse("A", "roll", nutmeg=6, silk=6, jade=1)
    assert isinstance(err, AmbiguousAction) and err.code == "arrival_order_needed"
    assert err.rule == "manila.movement.same_roll_order" and err.params["boats"] == ["nutmeg", "silk"]
    t.illegal("A", "roll", "bad_arrival_order", "manila.movement.same_roll_order",
              nutmeg=6, silk=6, jade=1, order=["silk", "jade"])
    t.illegal("A", "roll", "bad_arrival_order", "manila.movement.same_roll_order",
              nutmeg=6, silk=6, jade=1, order=["silk", "silk"])
    t.roll(nutmeg=6, silk=6, jade=1, order=["silk", "nutmeg"])
    assert t.state.harbor == ["silk", "nutmeg"]


# ----- pirates --------------------------------------------------------------------------------------------
def pirates_at_13(variant: bool = False, fill: bool = False) -> Table:
    """3 players; A and B on the pirate ship; after roll 2 nutmeg and jade stand on 13.

    ``fill``: both of those boats are full.  Everybody has one accomplice left for round 4.
    """
    t = start(["A", "B", "C"], HANDS3, pirate_variant=variant)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.do("A", "launch", nutmeg=4, silk=1, jade=4)
    t.do("A", "place", space="pirate")
    t.do("B", "place", space="pirate")
    t.do("C", "place", space="jade")
    for name in "ABC":                       # round 2
        t.do(name, "place", space="jade" if fill else "silk")
    t.roll(nutmeg=4, silk=1, jade=4)         # 8, 2, 8
    for name, space in zip("ABC", ("harbor_a", "harbor_b", "harbor_c")):   # round 3
        t.do(name, "place", space="nutmeg" if fill else space)
    t.roll(nutmeg=5, silk=1, jade=5)         # 13, 3, 13
    return t


def one_full_one_open(variant: bool) -> Table:
    """A alone on the pirate ship; after roll 2 nutmeg (full) and jade (room) stand on 13."""
    t = start(["A", "B", "C"], HANDS3, pirate_variant=variant)
    t.passes("A", "B", "C")
    t.do("A", "skip_share")
    t.do("A", "launch", nutmeg=4, silk=1, jade=4)
    t.do("A", "place", space="pirate")
    t.do("B", "place", space="nutmeg")
    t.do("C", "place", space="nutmeg")
    t.do("A", "place", space="nutmeg")
    t.passes("B", "C")
    t.roll(nutmeg=4, silk=1, jade=4)
    t.do("A", "pass_place")
    t.roll(nutmeg=5, silk=1, jade=5)
    assert t.phase() == "board" and t.turn() == ["A"]
    return t


def test_boarding_only_a_boat_on_13() -> None:
    t = pirates_at_13()
    t.illegal("A", "board", "boat_not_on_13", "manila.pirates.board", ware="silk")
    t.illegal("A", "board", "boat_not_on_13", "manila.pirates.board", ware="ginseng")


def test_boarding_takes_the_free_seat_without_a_slot() -> None:
    # our ruling (manila.pirates.board_seat): the cheapest free seat, the one the next
    # accomplice would take — here jade's second seat, next to C's accomplice in the first
    t = pirates_at_13()
    t.illegal("A", "board", "slot_not_allowed", "manila.pirates.board", ware="jade", slot=0)
    t.do("A", "board", ware="jade")
    assert t.state.seats["jade"] == [2, 0, None, None]
    assert t.turn() == ["B"] and t.state.pirates == [1]


def test_no_boarding_onto_a_full_boat() -> None:
    t = pirates_at_13(fill=True)
    # both boats on 13 are full: without the variant nobody can board, the phase is skipped
    assert t.phase() == "place" and t.state.pirates == [0, 1]
    # Rulebook (seed 004, pirates boarding): a pirate cannot board a boat without a free seat.
    # The captain who tries anyway is told exactly that, under the boarding clause.
    err = t.illegal("A", "board", "no_seat_to_board", "manila.pirates.board", ware="jade")
    assert err.params == {"space": 13}
    t2 = pirates_at_13()
    assert t2.phase() == "board" and t2.turn() == ["A"]
    t2.do("A", "board", ware="jade")
    t2.do("B", "board", ware="jade")
    t2.passes("A", "B")
    t2.do("C", "place", space="jade")   # the last seat
    assert t2.state.seats["jade"] == [2, 0, 1, 2]


def test_board_no_seat_is_refused_without_the_variant() -> None:
    t = one_full_one_open(variant=False)
    t.illegal("A", "board", "board_no_seat", "manila.pirates.board", ware="nutmeg")
    t.do("A", "board", ware="jade")


def test_variant_must_fill_free_seats_first() -> None:
    t = one_full_one_open(variant=True)
    t.illegal("A", "board", "must_fill_free_seats", "manila.pirates.variant", ware="nutmeg", slot=0)
    t.do("A", "board", ware="jade")


def test_variant_slot_rules() -> None:
    t = pirates_at_13(variant=True, fill=True)
    t.illegal("A", "board", "slot_needed", "manila.pirates.variant", ware="jade")
    t.illegal("A", "board", "bad_slot", "manila.pirates.variant", ware="jade", slot=4)
    t.do("A", "board", ware="jade", slot=0)        # C's first accomplice goes home
    assert t.state.seats["jade"] == [0, 0, 1, 2] and t.state.left == [1, 1, 2]
    t.illegal("B", "board", "cannot_replace_captain", "manila.pirates.variant", ware="jade", slot=0)
    t.do("B", "board", ware="jade", slot=1)        # A's own earlier accomplice may go
    assert t.state.seats["jade"] == [0, 1, 1, 2] and t.state.left == [2, 1, 2]


def test_only_plundered_boats_await_the_captain() -> None:
    t = pirates_at_13()
    t.do("A", "stay")
    t.do("B", "stay")
    t.passes("A", "B", "C")
    t.roll(silk=6, nutmeg=6, jade=6, order=["nutmeg", "jade"])  # both leave 13; silk 9
    assert t.phase() != "plunder"
    t2 = pirates_at_13()
    t2.do("A", "stay")
    t2.do("B", "stay")
    t2.passes("A", "B", "C")
    t2.do("A", "correct_boat", ware="silk", position=10)
    t2.roll(silk=3, nutmeg=1, jade=1, order=["nutmeg", "jade"])   # silk 13 -> plundered
    assert t2.phase() == "plunder" and t2.turn() == ["A"]
    t2.illegal("A", "plunder", "not_plundered", "manila.pirates.plunder", ware="jade", to="harbor")
    t2.do("A", "plunder", ware="silk", to="harbor")


# ----- pilots ----------------------------------------------------------------------------------------------
def pilots_ready() -> Table:
    """3 players: A small pilot, B large pilot; before roll 3 nutmeg is in Manila, silk 9, jade 12."""
    t = placing3(nutmeg=5, silk=1, jade=3)
    t.do("A", "place", space="pilot_small")
    t.do("B", "place", space="pilot_large")
    t.passes("C", "A", "B")
    t.roll(nutmeg=5, silk=4, jade=4)     # 10, 5, 7
    t.roll(nutmeg=6, silk=4, jade=5)     # nutmeg 16 -> Manila; silk 9, jade 12
    assert t.phase() == "pilot" and t.turn() == ["A"]
    return t


def test_small_pilot_moves_one_boat_one_space() -> None:
    t = pilots_ready()
    t.illegal("A", "pilot", "pilot_small_moves", "manila.pilots.small", silk=2)
    t.illegal("A", "pilot", "pilot_small_moves", "manila.pilots.small", silk=1, jade=1)
    t.illegal("A", "pilot", "pilot_small_moves", "manila.pilots.small")
    t.do("A", "pilot", jade=1)   # 13: nothing happens
    assert t.state.position["jade"] == 13 and t.phase() == "pilot" and t.turn() == ["B"]


def test_large_pilot_moves_exactly_two() -> None:
    t = pilots_ready()
    t.do("A", "skip_pilot")
    t.illegal("B", "pilot", "pilot_large_moves", "manila.pilots.large", silk=1)
    t.illegal("B", "pilot", "pilot_large_moves", "manila.pilots.large", silk=3)
    t.illegal("B", "pilot", "pilot_large_moves", "manila.pilots.large", silk=2, jade=1)
    t.illegal("B", "pilot", "pilot_large_moves", "manila.pilots.large", silk=1, jade=-1, ginseng=0)
    t.do("B", "pilot", silk=1, jade=-1)
    assert t.state.position == {"nutmeg": 16, "silk": 10, "jade": 11} and t.phase() == "roll"


def test_pilots_cannot_move_boats_in_manila_or_not_sailing() -> None:
    t = pilots_ready()
    t.illegal("A", "pilot", "pilot_boat_arrived", "manila.pilots.arrived", nutmeg=-1)
    t.illegal("A", "pilot", "boat_not_sailing", "manila.harbor_master.cargo", ginseng=1)


def test_pilot_cannot_move_behind_the_start() -> None:
    t = pilots_ready()
    t.do(None, "correct_boat", ware="silk", position=0)
    t.illegal("A", "pilot", "pilot_below_start", "manila.pilots.backwards", silk=-1)


def test_large_pilot_into_manila_with_two_boats_needs_an_order() -> None:
    t = pilots_ready()
    t.do("A", "pilot", jade=1)                     # 13
    t.do(None, "correct_boat", ware="silk", position=13)
    err = t.refuse("B", "pilot", silk=1, jade=1)
    assert isinstance(err, AmbiguousAction)
    t.do("B", "pilot", silk=1, jade=1, order=["jade", "silk"])
    # no boat left at sea: roll 3 is skipped and the voyage is paid out; all three wares rise
    assert t.state.voyage == 2 and t.state.price_step == {"nutmeg": 1, "silk": 1, "ginseng": 0, "jade": 1}
    assert GAME.scores(t.state) is None


# ----- the end ------------------------------------------------------------------------------------------------
def ended(hands: dict[str, list[str] | None], supply: dict[str, int] | None = None) -> Table:
    """Jade arrives four times in a row (nobody places); the game ends."""
    t = start(["A", "B", "C"], hands, supply=supply)
    for _ in range(4):
        t.passes("A", "B", "C")
        t.do("A", "skip_share")
        t.do("A", "launch", jade=5, silk=4, nutmeg=0)
        t.passes("A", "B", "C")
        t.roll(jade=6, silk=1, nutmeg=1)
        t.roll(jade=6, silk=1, nutmeg=1)   # jade 17
        t.roll(silk=1, nutmeg=1)
    assert t.phase() == "reveal"
    return t


def test_revealed_shares_must_match_the_entry() -> None:
    t = ended(HANDS3)
    t.illegal("A", "reveal_shares", "shares_mismatch", "manila.end.reveal", wares=["jade", "jade"])
    t.do("A", "reveal_shares", wares=["jade", "silk"])


def test_late_shares_must_be_given_and_fit_the_deal() -> None:
    t = ended({"A": ["silk", "jade"], "B": None, "C": None},
              supply={"nutmeg": 4, "silk": 4, "ginseng": 3, "jade": 3})
    # dealt: nutmeg 1, silk 1, ginseng 2, jade 2 ; A holds silk + jade
    t.illegal("B", "reveal_shares", "shares_needed", "manila.end.reveal")
    t.illegal("B", "reveal_shares", "share_not_in_deal", "manila.setup.shares", wares=["silk", "ginseng"])
    t.illegal("B", "reveal_shares", "wrong_share_count", "manila.setup.shares", wares=["ginseng"])
    t.do("B", "reveal_shares", wares=["ginseng", "jade"])
    t.illegal("C", "reveal_shares", "share_not_in_deal", "manila.setup.shares", wares=["ginseng", "jade"])
    t.do("C", "reveal_shares", wares=["nutmeg", "ginseng"])
    assert t.phase() == "reveal" and t.turn() == ["A"] and not t.session.can_undo()
    t.do("A", "reveal_shares")
    assert t.phase() == "end"


def test_nothing_after_the_end_but_corrections() -> None:
    t = ended(HANDS3)
    for name in "ABC":
        t.do(name, "reveal_shares")
    t.illegal("A", "mortgage", "game_over", "manila.overview.voyage")
    assert GAME.legal_actions(t.state) == []
    t.do(None, "correct_money", for_player="A", money=0)
    assert t.cash()["A"] == 0


def test_a_tie_is_shared() -> None:
    t = ended(HANDS3)
    for name in "ABC":
        t.do(name, "reveal_shares")
    # jade 30: A 30 + silk 0 + jade 30 = 60 ; B 30 + 0 = 30 ; C 30 + 60 = 90
    assert GAME.scores(t.state) == [60.0, 30.0, 90.0]
    t.do(None, "correct_money", for_player="A", money=60)
    assert GAME.winners(t.state) == [0, 2]


# ----- loans ---------------------------------------------------------------------------------------------------
def test_mortgage_and_redeem_limits() -> None:
    t = auction3()
    t.do("B", "mortgage")
    t.do("B", "mortgage")
    t.illegal("B", "mortgage", "no_share_to_mortgage", "manila.loans.mortgage")
    t.illegal("C", "redeem", "no_mortgaged_share", "manila.loans.redeem")
    t.do("B", "redeem")                       # 54 - 15 = 39
    assert t.cash()["B"] == 39 and t.state.mortgaged[1] == 1
    t.do(None, "correct_money", for_player="B", money=14)
    err = t.illegal("B", "redeem", "cannot_afford_redeem", "manila.loans.redeem")
    assert err.params == {"cost": 15, "cash": 14}


# ----- corrections ---------------------------------------------------------------------------------------------
def test_corrections_are_checked() -> None:
    t = placing3()
    t.illegal(None, "correct_money", "negative_money", "manila.app.corrections", for_player="A", money=-1)
    t.illegal(None, "correct_boat", "boat_not_at_sea", "manila.app.corrections", ware="ginseng", position=3)
    t.illegal(None, "correct_boat", "position_out_of_range", "manila.app.corrections", ware="jade", position=14)
    t.do(None, "correct_boat", ware="jade", position=7)
    assert t.state.position["jade"] == 7


# ----- every refusal code has a sentence in every language ------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_refusals_read_as_sentences(lang: str) -> None:
    t = auction3()
    err = t.illegal("A", "bid", "bid_over_credit", "manila.auction.limit", amount=99)
    text = describe_error(err, "manila", lang, t.names)
    assert "99" in text and "54" in text and "{" not in text
    assert library.clause(err.rule, lang) is not None
    err2 = t.refuse("B", "bid", amount=3)
    assert isinstance(err2, IllegalAction)
    assert "A" in describe_error(err2, "manila", lang, t.names)  # the expected seat is shown by name
