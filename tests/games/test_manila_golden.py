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


def test_four_players_full_game() -> None:
    # C is the oldest (seat 2). B and D tell their shares at the end: B jade+jade, D silk+nutmeg.
    # Dealt: nutmeg 2 (A, D), silk 2 (A, D), ginseng 1 (C), jade 3 (C, B, B)
    # -> supply nutmeg 3, silk 3, ginseng 4, jade 2 (sum 12 = 20 - 4*2).
    t = start(["A", "B", "C", "D"], {"A": ["nutmeg", "silk"], "B": None, "C": ["ginseng", "jade"], "D": None},
              supply={"nutmeg": 3, "silk": 3, "ginseng": 4, "jade": 2}, oldest=2)
    assert t.state.left == [3, 3, 3, 3]

    # ---- voyage 1: two pirates, a pilot into Manila, two plundered boats
    assert t.turn() == ["C"]
    t.do("C", "bid", amount=3)
    t.do("D", "bid", amount=4)
    t.passes("A", "B")
    t.do("C", "bid", amount=6)
    t.do("D", "pass_bid")                 # C pays 6 -> 24
    t.do("C", "buy_share", ware="silk")   # 5 -> C 19
    t.do("C", "launch", silk=3, ginseng=1, jade=5)
    t.do("C", "place", space="pirate")    # 5 -> C 14, captain
    t.do("D", "place", space="pirate")    # 5 -> D 25, crew
    t.do("A", "place", space="silk")      # 3 -> A 27
    t.do("B", "place", space="harbor_b")  # 3 -> B 27
    assert t.phase() == "roll"            # with 4 players a roll follows every round
    t.roll(silk=5, ginseng=6, jade=4)     # silk 8, ginseng 7, jade 9
    t.do("C", "place", space="silk")      # 4 -> C 10
    t.do("D", "place", space="insurance")  # +10 -> D 35
    t.do("A", "place", space="jade")      # 3 -> A 24
    t.do("B", "place", space="silk")      # 5 -> B 22 (silk full: A, C, B)
    t.roll(silk=5, ginseng=3, jade=4)     # silk 13, ginseng 10, jade 13
    # boarding: silk is full, jade has room. Captain C boards jade; D becomes captain and stays.
    assert t.turn() == ["C"]
    t.do("C", "board", ware="jade")
    assert t.state.pirates == [3] and t.turn() == ["D"]
    t.do("D", "stay")
    t.do("C", "place", space="pilot_small")  # 2 -> C 8
    t.do("D", "place", space="pilot_large")  # 5 -> D 30
    t.do("A", "place", space="pirate")       # 5 -> A 19, crew behind captain D
    t.do("B", "place", space="shipyard_c")   # 2 -> B 20
    assert t.state.pirates == [3, 0]
    t.do("C", "pilot", jade=1)               # 13 -> 14: piloted into Manila, harbor A
    assert t.state.harbor == ["jade"]
    t.do("D", "pilot", silk=-1, ginseng=1)   # silk 12, ginseng 11
    t.roll(silk=1, ginseng=2)                # both stop on 13 -> plundered by D and A
    assert t.state.to_decide == ["silk", "ginseng"] and t.turn() == ["D"]
    t.do("D", "plunder", ware="silk", to="harbor")         # harbor B
    t.do("D", "plunder", ware="ginseng", to="shipyard")    # shipyard A
    # payouts: jade 36 / 2 (A, C) = 18 each; silk plundered: A, C, B get nothing;
    #   harbor B (B) +8; loot silk 30 / 2 = 15 and ginseng 18 / 2 = 9 to D and A each;
    #   shipyard A value 6, empty space: insurer D pays the bank 6.
    # A 19 + 18 + 24 = 61; B 20 + 8 = 28; C 8 + 18 = 26; D 30 + 24 - 6 = 48
    assert t.cash() == {"A": 61, "B": 28, "C": 26, "D": 48}
    # prices: jade 5 and silk 5 (the plundered silk went to the harbor)
    assert t.state.price_step == {"nutmeg": 0, "silk": 1, "ginseng": 0, "jade": 1}

    # ---- voyage 2: the last bidder still chooses; three boats in the shipyard, the insurer cannot pay
    t.passes("C", "D", "A")
    assert t.turn() == ["B"]
    t.do("B", "bid", amount=40)   # limit 28 + 24 = 52; pays 40: one forced mortgage (40), then 0
    assert t.cash()["B"] == 0 and t.state.mortgaged[1] == 1
    t.do("B", "skip_share")
    t.do("B", "launch", nutmeg=5, ginseng=4, jade=0)
    t.do("B", "place", space="insurance")   # +10 -> B 10
    t.do("C", "place", space="shipyard_c")  # 2 -> C 24
    t.do("D", "place", space="nutmeg")      # 2 -> D 46
    t.do("A", "place", space="shipyard_a")  # 4 -> A 57
    t.roll(nutmeg=1, ginseng=1, jade=1)     # 6, 5, 1
    t.passes("B", "C", "D", "A")
    t.roll(nutmeg=2, ginseng=2, jade=2)     # 8, 7, 3
    t.roll(nutmeg=3, ginseng=3, jade=4)     # 11, 10, 7: all three to the shipyard A, B, C
    # claims 6 (A) + 8 (empty -> bank) + 15 (C) = 29. B has 10: forced mortgage of his last share -> 22,
    # pays 6 to A (16 left), 8 to the bank (8 left), 8 of 15 to C; the bank covers the other 7.
    assert t.cash() == {"A": 63, "B": 0, "C": 39, "D": 46}
    assert t.state.mortgaged[1] == 2
    assert t.flows(2, "claim") == [("B", "A", 6, "shipyard_a"), ("B", "bank", 8, "shipyard_b"),
                                   ("B", "C", 8, "shipyard_c")]
    assert t.flows(2, "claim_cover") == [("bank", "C", 7, "shipyard_c")]
    assert t.state.price_step == {"nutmeg": 0, "silk": 1, "ginseng": 0, "jade": 1}  # nothing arrived

    # ---- voyage 3: a stowaway pirate, both pirates board, a boat stops on 13 with no pirate left
    t.do("B", "pass_bid")
    t.do("C", "bid", amount=10)
    t.do("D", "pass_bid")
    t.do("A", "bid", amount=12)
    t.do("C", "pass_bid")                  # A pays 12 -> 51
    t.do("A", "buy_share", ware="silk")    # max(5, 5) = 5 -> A 46
    t.do("A", "launch", silk=4, nutmeg=2, jade=3)
    t.do("A", "place", space="silk")       # 3 -> A 43
    t.do("B", "place", space="pirate")     # no cash, no share: stowaway for free, captain
    t.do("C", "place", space="pirate")     # 5 -> C 34, crew
    t.do("D", "place", space="harbor_a")   # 4 -> D 42
    t.roll(silk=5, nutmeg=5, jade=5)       # 9, 7, 8
    t.passes("A", "B")
    t.do("C", "place", space="jade")       # 3 -> C 31
    t.do("D", "pass_place")
    t.roll(silk=4, nutmeg=5, jade=5)       # silk 13, nutmeg 12, jade 13
    t.do("B", "board", ware="silk")        # silk: A, B
    assert t.turn() == ["C"]               # C is captain now, and decides as the second pirate
    t.do("C", "board", ware="jade")        # jade: C, C
    assert t.state.pirates == []
    t.do("C", "pass_place")                # round 3: only C has an accomplice left
    # roll 3: silk 16 and jade 19 arrive; nutmeg stops on 13 with nobody on the pirate ship -> harbor
    t.roll(silk=3, nutmeg=1, jade=6, order=["jade", "silk", "nutmeg"])
    # payouts: jade 36 / 2 -> C +36; silk 30 / 2 -> A +15, B +15; nutmeg has nobody on board;
    #   harbor A (D) +6.  A 43 + 15 = 58; B 15; C 31 + 36 = 67; D 42 + 6 = 48
    assert t.cash() == {"A": 58, "B": 15, "C": 67, "D": 48}
    assert t.state.price_step == {"nutmeg": 1, "silk": 2, "ginseng": 0, "jade": 2}

    # ---- voyage 4: loans at any moment, a forced loan to place
    t.do("B", "redeem")                    # 15 -> B 0, one share still mortgaged
    t.do("D", "mortgage")                  # +12 -> D 60
    assert t.state.mortgaged == [0, 1, 0, 1]
    t.passes("A", "B")
    t.do("C", "bid", amount=1)
    t.do("D", "pass_bid")                  # C pays 1 -> 66
    t.do("C", "buy_share", ware="silk")    # max(5, 10) = 10 -> C 56; the last silk share
    t.do("C", "launch", silk=5, ginseng=4, nutmeg=0)
    t.do("C", "place", space="silk")       # 3 -> C 53
    t.do("D", "place", space="insurance")  # +10 -> D 70
    t.do("A", "place", space="shipyard_b")  # 3 -> A 55
    t.do("B", "place", space="ginseng")    # B has 0 and one free share: forced mortgage 12, pays 1 -> 11
    assert t.cash()["B"] == 11 and t.state.mortgaged[1] == 2
    t.roll(silk=6, ginseng=2, nutmeg=3)    # 11, 6, 3
    t.passes("C", "D", "A", "B")
    t.roll(silk=3, ginseng=3, nutmeg=3)    # silk 14 -> harbor A; ginseng 9, nutmeg 6
    t.roll(ginseng=3, nutmeg=6)            # 12, 12 -> shipyard A (nutmeg), B (ginseng)
    # payouts: silk 30 to C -> 83; insurer D pays 6 to the bank and 8 to A -> D 56, A 63
    assert t.cash() == {"A": 63, "B": 11, "C": 83, "D": 56}
    assert t.state.price_step["silk"] == 3  # 20

    # ---- voyage 5: the supply of silk is empty; silk reaches 30
    t.do("C", "bid", amount=2)
    t.do("D", "bid", amount=3)
    t.passes("A", "B", "C")                # D pays 3 -> 53
    t.illegal("D", "buy_share", "supply_empty", "manila.harbor_master.buy", ware="silk")
    t.do("D", "skip_share")
    t.do("D", "launch", silk=5, jade=4, ginseng=0)
    t.do("D", "place", space="silk")       # 3 -> D 50
    t.passes("A", "B", "C")
    t.roll(silk=5, jade=1, ginseng=1)      # 10, 5, 1
    t.do("D", "pass_place")
    t.roll(silk=4, jade=1, ginseng=1)      # silk 14 -> harbor A
    t.roll(jade=1, ginseng=1)              # shipyard; no insurer and nobody on the shipyard: nothing paid
    assert t.cash() == {"A": 63, "B": 11, "C": 83, "D": 80}  # silk 30 to D
    assert t.phase() == "reveal"
    t.do("A", "reveal_shares", wares=["silk", "nutmeg"])
    t.do("B", "reveal_shares", wares=["jade", "jade"])
    t.do("C", "reveal_shares")
    t.do("D", "reveal_shares", wares=["silk", "nutmeg"])
    # prices: nutmeg 5, silk 30, ginseng 0, jade 10
    # A 63 + nutmeg 5 + silk 30 + bought silk 30 = 128
    # B 11 + jade 10 * 2 - 2 mortgaged * 15 = 1
    # C 83 + ginseng 0 + jade 10 + bought silk 30 * 2 = 153
    # D 80 + silk 30 + nutmeg 5 - 15 = 100
    from companion.games.manila import GAME
    assert GAME.scores(t.state) == [128.0, 1.0, 153.0, 100.0]
    assert GAME.winners(t.state) == [2]


def test_five_players_full_game_with_stronger_pirates() -> None:
    # E is the oldest; everybody enters the shares, so the app works the supply out:
    # dealt nutmeg 3 (A, A, D), silk 2 (B, C), ginseng 2 (B, D), jade 3 (C, E, E)
    # -> supply nutmeg 2, silk 3, ginseng 3, jade 2.
    t = start(["A", "B", "C", "D", "E"],
              {"A": ["nutmeg", "nutmeg"], "B": ["silk", "ginseng"], "C": ["jade", "silk"],
               "D": ["ginseng", "nutmeg"], "E": ["jade", "jade"]}, oldest=4, pirate_variant=True)
    assert t.state.supply == {"nutmeg": 2, "silk": 3, "ginseng": 3, "jade": 2}
    assert t.state.left == [3] * 5

    # ---- voyage 1: pirates oust accomplices from full boats
    t.do("E", "bid", amount=1)
    t.do("A", "bid", amount=2)
    t.passes("B", "C", "D", "E")            # A pays 2 -> 28
    t.do("A", "buy_share", ware="ginseng")  # 5 -> A 23
    t.do("A", "launch", ginseng=5, jade=4, nutmeg=0)
    t.do("A", "place", space="ginseng")     # 1 -> A 22
    t.do("B", "place", space="ginseng")     # 2 -> B 28
    t.do("C", "place", space="ginseng")     # 3 -> C 27
    t.do("D", "place", space="pirate")      # 5 -> D 25, captain
    t.do("E", "place", space="pirate")      # 5 -> E 25
    t.roll(ginseng=4, jade=5, nutmeg=6)     # 9, 9, 6
    t.do("A", "place", space="jade")        # 3 -> A 19
    t.do("B", "place", space="jade")        # 4 -> B 24
    t.do("C", "place", space="jade")        # 5 -> C 22
    t.do("D", "place", space="jade")        # 5 -> D 20
    t.do("E", "place", space="harbor_a")    # 4 -> E 21
    t.roll(ginseng=4, jade=4, nutmeg=5)     # ginseng 13, jade 13 (both full), nutmeg 11
    # variant: captain D sends B's accomplice (ginseng seat 1) home and takes the seat
    t.do("D", "board", ware="ginseng", slot=1)
    assert t.state.seats["ginseng"] == [0, 3, 2] and t.state.left[1] == 2
    # E (captain now) may not oust the captain who has just boarded
    t.illegal("E", "board", "cannot_replace_captain", "manila.pirates.variant", ware="ginseng", slot=1)
    t.do("E", "board", ware="jade", slot=0)  # A's accomplice goes home
    assert t.state.seats["jade"] == [4, 1, 2, 3] and t.state.left[0] == 2
    # round 3: everybody has one accomplice or more
    t.do("A", "place", space="pilot_large")  # 5 -> A 14
    t.do("B", "place", space="pirate")       # 5 -> B 19, captain of the empty pirate ship
    t.do("C", "place", space="insurance")    # +10 -> C 32
    t.do("D", "place", space="pilot_small")  # 2 -> D 18
    t.do("E", "place", space="shipyard_a")   # 4 -> E 17
    t.do("D", "pilot", nutmeg=1)             # 11 -> 12
    t.do("A", "pilot", ginseng=2)            # 13 -> 15: harbor A
    t.roll(jade=3, nutmeg=1)                 # jade 16 -> harbor B; nutmeg 13 -> plundered by B
    t.do("B", "plunder", ware="nutmeg", to="harbor")  # harbor C
    # payouts: ginseng 18 / 3 (A, D, C) = 6 each; jade 36 / 4 (E, B, C, D) = 9 each;
    #   harbor A (E) +6; loot nutmeg 24 to B alone; nothing in the shipyard: C keeps his 10.
    # A 14 + 6 = 20; B 19 + 9 + 24 = 52; C 32 + 6 + 9 = 47; D 18 + 6 + 9 = 33; E 17 + 9 + 6 = 32
    assert t.cash() == {"A": 20, "B": 52, "C": 47, "D": 33, "E": 32}
    assert t.state.price_step == {"nutmeg": 1, "silk": 0, "ginseng": 1, "jade": 1}

    # ---- voyage 2: every boat is in Manila after roll 2, a sure-thing harbor space, no third roll
    t.do("A", "pass_bid")
    t.do("B", "bid", amount=10)
    t.passes("C", "D", "E")                 # B pays 10 -> 42
    t.do("B", "buy_share", ware="ginseng")  # max(5, 5) = 5 -> B 37
    t.do("B", "launch", ginseng=3, silk=3, jade=3)
    t.do("B", "place", space="ginseng")     # 1 -> B 36
    t.do("C", "place", space="silk")        # 3 -> C 44
    t.passes("D", "E", "A")
    t.roll(ginseng=6, silk=5, jade=6)       # 9, 8, 9
    t.do("B", "place", space="ginseng")     # 2 -> B 34
    t.do("C", "pass_place")
    t.roll(ginseng=5, silk=6, jade=6, order=["jade", "ginseng", "silk"])  # 14, 14, 15: all in Manila
    t.do("B", "place", space="harbor_c")    # silk is already on harbor C: 2 -> B 32
    # no boat at sea: roll 3 is skipped and the voyage is paid out
    # ginseng 18 / 2 (B, B) -> B +18; silk 30 -> C; jade nobody; harbor C (B) +15
    # B 32 + 18 + 15 = 65; C 44 + 30 = 74
    assert t.cash() == {"A": 20, "B": 65, "C": 74, "D": 33, "E": 32}
    assert t.state.price_step == {"nutmeg": 1, "silk": 1, "ginseng": 2, "jade": 2}

    # ---- voyage 3: three boats on 13 after roll 2 with no pirate; they all arrive on roll 3
    t.passes("B", "C")
    t.do("D", "bid", amount=3)
    t.passes("E", "A")                      # D pays 3 -> 30
    t.do("D", "buy_share", ware="jade")     # max(5, 10) = 10 -> D 20
    t.do("D", "launch", ginseng=2, nutmeg=2, silk=5)
    t.do("D", "place", space="ginseng")     # 1 -> D 19
    t.do("E", "place", space="ginseng")     # 2 -> E 30
    t.do("A", "place", space="nutmeg")      # 2 -> A 18
    t.passes("B", "C")
    t.roll(ginseng=6, nutmeg=6, silk=4)     # 8, 8, 9
    t.passes("D", "E", "A")
    t.roll(ginseng=5, nutmeg=5, silk=4)     # all on 13; the pirate ship is empty: nothing happens
    assert t.phase() == "roll"
    t.roll(ginseng=1, nutmeg=1, silk=1, order=["nutmeg", "ginseng", "silk"])
    # ginseng 18 / 2 -> D, E +9; nutmeg 24 -> A; silk nobody
    assert t.cash() == {"A": 42, "B": 65, "C": 74, "D": 28, "E": 39}
    assert t.state.price_step == {"nutmeg": 2, "silk": 2, "ginseng": 3, "jade": 2}

    # ---- voyage 4: nobody bids, D stays harbor master; ginseng reaches 30
    t.passes("D", "E", "A", "B", "C")
    assert t.state.master == 3
    t.do("D", "skip_share")
    t.do("D", "launch", ginseng=5, jade=4, nutmeg=0)
    t.do("D", "place", space="ginseng")     # 1 -> D 27
    t.passes("E", "A", "B", "C")
    t.roll(ginseng=6, jade=1, nutmeg=1)     # 11, 5, 1
    t.do("D", "pass_place")
    t.roll(ginseng=6, jade=1, nutmeg=1)     # ginseng 17 -> harbor A
    t.roll(jade=1, nutmeg=1)                # shipyard, nobody to pay
    assert t.cash() == {"A": 42, "B": 65, "C": 74, "D": 45, "E": 39}
    for name in "ABCDE":
        t.do(name, "reveal_shares")
    # prices: nutmeg 10, silk 10, ginseng 30, jade 10
    # A 42 + nutmeg 10 * 2 + ginseng 30 = 92;  B 65 + silk 10 + ginseng 30 + ginseng 30 = 135
    # C 74 + jade 10 + silk 10 = 94;  D 45 + ginseng 30 + nutmeg 10 + jade 10 = 95;  E 39 + jade 10 * 2 = 59
    from companion.games.manila import GAME
    assert GAME.scores(t.state) == [92.0, 135.0, 94.0, 95.0, 59.0]
    assert GAME.winners(t.state) == [1]
