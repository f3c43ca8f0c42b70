"""Complete Manila games whose every figure was worked out by hand from the rulebook
(rules_data/manila, board numbers in ../shared/reference/manila.md) BEFORE the engine ran.

Board numbers used below: seats nutmeg 2/3/4 (profit 24), silk 3/4/5 (30),
ginseng 1/2/3 (18), jade 3/4/5/5 (36); harbor and shipyard A/B/C cost 4/3/2 and
pay 6/8/15; pirate 5; pilots 2 and 5; insurance +10; shares cost max(5, price);
mortgage +12, redeem/penalty 15; price track 0, 5, 10, 20, 30.
"""

from __future__ import annotations

from companion.core import AmbiguousAction

from games.test_manila_support import start


def test_three_players_full_game() -> None:
    # A is the oldest. B keeps his shares for the end (he holds nutmeg + ginseng).
    # Dealt: A silk+jade, B nutmeg+ginseng, C jade+jade -> dealt nutmeg 1, silk 1, ginseng 1, jade 3;
    # supply = 5 - dealt = nutmeg 4, silk 4, ginseng 4, jade 2 (sum 14 = 20 - 3*2).
    t = start(["A", "B", "C"], {"A": ["silk", "jade"], "B": None, "C": ["jade", "jade"]},
              supply={"nutmeg": 4, "silk": 4, "ginseng": 4, "jade": 2})
    assert t.state.left == [4, 4, 4]  # 4 accomplices each with 3 players

    # ---- voyage 1: nobody bids in the first voyage -> the oldest (A) is harbor master for free
    assert t.turn() == ["A"]
    t.passes("A", "B", "C")
    assert (t.phase(), t.state.master) == ("buy", 0)
    t.do("A", "buy_share", ware="jade")            # max(5, 0) = 5 -> A 25
    t.do("A", "launch", jade=4, silk=3, ginseng=2)  # 4 + 3 + 2 = 9
    # round 1 (A, B, C)
    t.do("A", "place", space="jade")       # seat 1 costs 3 -> A 22
    t.do("B", "place", space="insurance")  # +10 -> B 40
    t.do("C", "place", space="pirate")     # 5 -> C 25, captain
    # round 2: with 3 players the first roll comes only after round 2
    assert t.phase() == "place"
    t.do("A", "place", space="silk")        # 3 -> A 19
    t.do("B", "place", space="shipyard_a")  # 4 -> B 36
    t.do("C", "place", space="harbor_a")    # 4 -> C 21
    assert t.phase() == "roll" and t.turn() == ["A"]
    t.roll(jade=5, silk=4, ginseng=6)        # jade 9, silk 7, ginseng 8
    # round 3
    t.do("A", "pass_place")                 # A holds back for the rest of the voyage
    t.do("B", "place", space="pilot_large")  # 5 -> B 31
    t.do("C", "place", space="jade")         # seat 2 costs 4 -> C 17
    t.roll(jade=4, silk=6, ginseng=1)        # jade 13, silk 13, ginseng 9
    # boarding after roll 2: captain C boards the jade boat (free seat 3)
    assert (t.phase(), t.turn()) == ("board", ["C"])
    t.do("C", "board", ware="jade")
    assert t.state.seats["jade"] == [0, 2, 2, None] and t.state.pirates == []
    # round 4: A has held back; B has 1 accomplice left, C has 1
    assert t.turn() == ["B"]
    t.do("B", "place", space="pilot_small")  # 2 -> B 29
    t.do("C", "place", space="pirate")       # the emptied pirate seat is free again: 5 -> C 12
    assert t.state.pirates == [2]
    # pilots: small (B) ginseng +1 -> 10; large (B) silk -2 -> 11
    assert (t.phase(), t.turn()) == ("pilot", ["B"])
    t.do("B", "pilot", ginseng=1)
    t.do("B", "pilot", silk=-2)
    assert t.state.position == {"jade": 13, "silk": 11, "ginseng": 10}
    # roll 3: jade 15 arrives (harbor A); silk 13 -> plundered; ginseng 11 -> shipyard A
    t.roll(jade=2, silk=2, ginseng=1)
    assert (t.phase(), t.turn()) == ("plunder", ["C"])
    t.do("C", "plunder", ware="silk", to="shipyard")  # -> shipyard B
    # payouts:
    #   jade 36 / 3 occupied seats (A, C, C) = 12 each: A +12, C +24
    #   harbor A held by C: +6
    #   silk plundered: lone pirate C takes 30; A's silk accomplice gets nothing
    #   shipyard A (ginseng) value 6 to B = the insurer himself: cancels out (ruling)
    #   shipyard B (silk) value 8, space empty: insurer B pays the bank 8 -> B 21
    # A: 30 - 5 - 3 - 3 + 12 = 31;  B: 30 + 10 - 4 - 5 - 2 - 8 = 21
    # C: 30 - 5 - 4 - 4 - 5 + 24 + 6 + 30 = 72
    assert t.cash() == {"A": 31, "B": 21, "C": 72}
    assert t.flows(1, "claim") == [("B", "bank", 8, "shipyard_b")]
    assert t.flows(1, "loot") == [("bank", "C", 30, "silk")]
    assert t.state.price_step == {"nutmeg": 0, "silk": 0, "ginseng": 0, "jade": 1}  # jade 0 -> 5

    # ---- voyage 2: nobody bids -> the last harbor master (A) keeps the office
    assert t.phase() == "auction" and t.turn() == ["A"] and t.state.voyage == 2
    t.passes("A", "B", "C")
    assert t.state.master == 0
    t.do("A", "skip_share")
    t.do("A", "launch", nutmeg=4, ginseng=0, jade=5)
    t.do("A", "place", space="jade")       # 3 -> A 28
    t.do("B", "place", space="insurance")  # +10 -> B 31
    t.do("C", "pass_place")
    t.passes("A", "B")                     # round 2: everybody has held back now
    t.roll(nutmeg=5, ginseng=1, jade=6)    # nutmeg 9, ginseng 1, jade 11
    # rounds 3 and 4 have nobody to place: the rolls follow each other
    t.roll(nutmeg=2, ginseng=2, jade=3)    # nutmeg 11, ginseng 3, jade 14 -> harbor A
    assert t.state.harbor == ["jade"]
    t.roll(nutmeg=1, ginseng=6)            # only boats at sea roll: nutmeg 12, ginseng 9 -> shipyard A, B
    # payouts: jade 36 to A alone -> A 28 + 36 = 64
    #   claims 6 + 8 = 14, both spaces empty -> to the bank: B 31 - 14 = 17
    assert t.cash() == {"A": 64, "B": 17, "C": 72}
    assert t.state.price_step["jade"] == 2  # 10

    # ---- voyage 3: a forced loan and a stowaway
    assert t.turn() == ["A"]
    t.do("A", "pass_bid")
    t.do("B", "bid", amount=40)   # limit 17 + 2*12 = 41
    t.do("C", "pass_bid")
    # B pays 40: 17 + 12 = 29 < 40, + 12 = 41 -> two forced mortgages, then 41 - 40 = 1
    assert t.state.master == 1 and t.state.mortgaged[1] == 2 and t.cash()["B"] == 1
    t.do("B", "skip_share")       # jade costs max(5, 10) = 10 > 1
    t.do("B", "launch", nutmeg=3, silk=3, jade=3)
    # round 1 (B, C, A): B has 1 peso, no share left, cheapest free space costs 2
    t.do("B", "place", space="jade")   # stowaway: pays all he has, 1 -> B 0
    t.do("C", "place", space="jade")   # 4 -> C 68
    t.do("A", "place", space="jade")   # 5 -> A 59
    t.do("B", "place", space="harbor_a")   # stowaway for free
    t.do("C", "place", space="insurance")  # +10 -> C 78
    t.do("A", "pass_place")
    assert t.flows(3, "stowaway") == [("B", "bank", 1, "jade"), ("B", "bank", 0, "harbor_a")]
    t.roll(nutmeg=2, silk=1, jade=6)   # 5, 4, 9
    t.do("B", "place", space="shipyard_a")  # stowaway for free
    t.do("C", "place", space="silk")        # 3 -> C 75
    t.roll(nutmeg=3, silk=4, jade=5)   # 8, 8, 14 -> jade harbor A
    t.passes("B", "C")                 # round 4
    t.roll(nutmeg=1, silk=6)           # nutmeg 9 -> shipyard A; silk 14 -> harbor B
    # payouts: jade 36 / 3 (B, C, A) = 12 each; silk 30 to C; harbor A (B) +6;
    #   insurer C pays shipyard A value 6 to B.
    # A 59 + 12 = 71;  B 0 + 12 + 6 + 6 = 24;  C 75 + 12 + 30 - 6 = 111
    assert t.cash() == {"A": 71, "B": 24, "C": 111}
    assert t.state.price_step == {"nutmeg": 0, "silk": 1, "ginseng": 0, "jade": 3}  # jade 20, silk 5

    # ---- voyage 4: jade reaches 30 and the game ends
    assert t.turn() == ["B"]
    t.do("B", "bid", amount=5)
    t.do("C", "bid", amount=6)
    t.do("A", "pass_bid")
    t.do("B", "pass_bid")             # C wins and pays 6 -> C 105
    t.do("C", "buy_share", ware="jade")   # max(5, 20) = 20 -> C 85; the last jade share
    assert t.state.supply["jade"] == 0
    t.do("C", "launch", nutmeg=0, ginseng=4, jade=5)
    t.do("C", "place", space="jade")        # 3 -> C 82
    t.do("A", "place", space="insurance")   # +10 -> A 81
    t.do("B", "place", space="ginseng")     # 1 -> B 23
    t.passes("C", "A", "B")
    t.roll(nutmeg=6, ginseng=5, jade=4)     # 6, 9, 9
    # both ginseng and jade pass 13 on roll 2: the harbor master must say the order
    assert isinstance(t.refuse("C", "roll", nutmeg=4, ginseng=5, jade=5), AmbiguousAction)
    t.do("C", "roll", nutmeg=4, ginseng=5, jade=5, order=["ginseng", "jade"])
    assert t.state.harbor == ["ginseng", "jade"]
    t.roll(nutmeg=4)                        # nutmeg 14 -> harbor C
    # payouts: jade 36 to C -> 118; ginseng 18 to B -> 41; nothing in the shipyard: A keeps his 10
    assert t.cash() == {"A": 81, "B": 41, "C": 118}
    # prices: jade 30 (end), ginseng 5, nutmeg 5, silk stays 5
    assert t.phase() == "reveal" and t.turn() == ["A", "B", "C"]
    t.do("A", "reveal_shares")
    t.do("B", "reveal_shares", wares=["ginseng", "nutmeg"])
    t.do("C", "reveal_shares", wares=["jade", "jade"])
    assert t.phase() == "end"
    # wealth: A 81 + silk 5 + jade 30 + bought jade 30 = 146
    #         B 41 + nutmeg 5 + ginseng 5 - 2*15 = 21
    #         C 118 + jade 30 * 3 = 208
    from companion.games.manila import GAME
    assert GAME.scores(t.state) == [146.0, 21.0, 208.0]
    assert GAME.winners(t.state) == [2]
    assert not t.session.can_undo()   # the last reveal cannot be taken back
