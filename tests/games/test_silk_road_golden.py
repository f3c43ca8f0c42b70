"""Golden Maritime Silk Road games, worked out by hand from the rulebook.

Income of a play = (cards of that good among the six showing) x (ships carrying
it), plus 2 per licence if that is more than 0.  Every figure below was worked
out on paper first; the comments show the arithmetic.

Goods: P porcelain, S silk, T tea, Sp spice, G glass, O ore.
"""

from __future__ import annotations

from companion.games.silk_road import GAME

from games.test_silk_road_support import A, cards_accounted, hands, money, play, table, turn


def test_two_players_rulebook_example_ship_exchange_declined_short_deck():
    # Ann (0), Bo (1); Bo sold something last, so Bo starts.
    # Deck 66 - 2x3 - 6 = 54.  Market: Sp T S O P G.
    # Loading Bo, Ann, Bo, Ann: Bo spice, Ann spice, Bo spice, Ann glass.
    s = table(["Ann", "Bo"], ["spice", "tea", "silk", "ore", "porcelain", "glass"], 1,
              ["spice", "spice", "spice", "glass"])
    st = s.state
    assert st.players[0].ships == ["spice", "glass"] and st.players[1].ships == ["spice", "spice"]
    assert st.tokens["spice"] == 2 and st.deck == 54

    # T1 Bo: the rulebook's example.  2 spice cards cover tea and silk:
    # market Sp Sp Sp O P G -> 3 spice showing.
    # Ann (spice + glass): 3 x 1 = 3 (the glass earns nothing); Bo (two spice): 3 x 2 = 6.
    turn(s, 1, "pass", play(1, "spice", 1, 2))
    st = s.state
    assert st.market == ["spice", "spice", "spice", "ore", "porcelain", "glass"]
    assert [p.income for p in st.players] == [3, 6]
    assert money(st) == [3, 6] and hands(st) == [3, 1]
    assert (st.last_player, st.last_good, st.last_cards, st.last_showing) == (1, "spice", 2, 3)

    # T2 Ann draws: hand 5, deck 52.
    turn(s, 0)
    # T3 Bo: 1 spice on the ore -> 4 spice showing.  Ann 4 x 1 -> 7; Bo 4 x 2 = 8 -> 14.
    turn(s, 1, "pass", play(1, "spice", 3))
    assert money(s.state) == [7, 14]
    # T4 Ann: 1 glass on slot 0 -> G Sp Sp Sp P G, 2 glass.  Ann 2 x 1 -> 9; Bo has no glass.
    turn(s, 0, "pass", play(0, "glass", 0))
    assert money(s.state) == [9, 14] and [p.income for p in s.state.players] == [2, 0]
    # T5 Bo buys a ship (10) loaded with tea: 14 - 10 = 4; then draws (hand 0 + 2, deck 50).
    turn(s, 1, [A("buy", 1, card="ship", good="tea")])
    st = s.state
    assert st.players[1].ships == ["spice", "spice", "tea"] and st.tokens["tea"] == 4
    assert st.specials["ship"] == 14 - 4 - 1 and money(st) == [9, 4] and st.deck == 50
    # T6 Ann buys an exchange (8): 9 - 8 = 1; draws 2 (48) and 1 more with the exchange (47).
    turn(s, 0, [A("buy", 0, card="exchange")], "draw", 1)
    assert money(s.state) == [1, 4] and hands(s.state) == [7, 2] and s.state.deck == 47
    # T7-T22: eight rounds of Bo draw 2, Ann draw 2 + 1: deck 47 - 8 x 5 = 7,
    # Bo 2 + 16 = 18 cards, Ann 7 + 24 = 31.
    for _ in range(8):
        turn(s, 1)
        turn(s, 0, "pass", "draw", 1)
    assert s.state.deck == 7 and hands(s.state) == [31, 18]
    # T23 Bo: 2 tea cover porcelain and glass -> G Sp Sp Sp T T, 2 tea.
    # Bo (one tea ship) 2 x 1 -> 6; Ann no tea.
    turn(s, 1, "pass", play(1, "tea", 4, 5))
    assert money(s.state) == [1, 6]
    # T24 Ann draws (deck 5) and declines the exchange card near the end.
    turn(s, 0, "pass", "draw", 0)
    assert s.state.deck == 5 and s.state.turn == 1
    # T25 Bo draws: deck 3.
    turn(s, 1)
    # T26 Ann: 1 spice on the glass -> Sp Sp Sp Sp T T, 4 spice.  Ann 4 x 1 -> 5; Bo 4 x 2 -> 14.
    # She declines the exchange again (deck stays 3).
    turn(s, 0, "pass", play(0, "spice", 0), 0)
    assert money(s.state) == [5, 14] and s.state.deck == 3
    # T27 Bo draws: deck 1.
    turn(s, 1)
    # T28 Ann draws: only 1 card is left; she takes it and the game ends at once,
    # before her exchange could be used.
    s.apply(A("pass", 0))
    s.apply(A("draw", 0))
    st = s.state
    assert st.phase == "end" and st.deck == 0
    assert GAME.legal_actions(st) == []
    # hands: Ann 31 + 2 (T24) - 1 (T26) + 1 = 33; Bo 18 - 2 (T23) + 2 + 2 = 20
    assert hands(st) == [33, 20]
    # covered: tea, silk (T1), ore (T3), spice (T4), porcelain + glass (T23), glass (T26) = 7
    assert sum(st.buried.values()) == 7 and cards_accounted(st) == 66
    assert money(st) == [5, 14]
    assert GAME.winners(st) == [1]
    assert GAME.scores(st) == [5.0, 14.0]
    assert GAME.view(st)["players"][0]["money"] == 5      # totals are shown at the end


def test_three_players_porters_and_stacked_licences():
    # Cai (0), Dan (1), Eve (2); Cai starts.  Deck 66 - 9 - 6 = 51.
    # Market T T T S O G.  Loading Cai, Dan, Eve twice: T T T / T S O.
    # Cai [T, T], Dan [T, S], Eve [T, O].
    s = table(["Cai", "Dan", "Eve"], ["tea", "tea", "tea", "silk", "ore", "glass"], 0,
              ["tea", "tea", "tea", "tea", "silk", "ore"])
    assert s.state.tokens["tea"] == 1
    # T1 Cai: 3 tea cover S O G -> six tea.  Cai 6 x 2 = 12, Dan 6, Eve 6.
    turn(s, 0, "pass", play(0, "tea", 3, 4, 5))
    assert money(s.state) == [12, 6, 6]
    # T2 Dan: tea on tea (slot 0): still 6 tea -> Cai 24, Dan 12, Eve 12.
    turn(s, 1, "pass", play(1, "tea", 0))
    # T3 Eve: tea on slot 1: still 6 -> Cai 36, Dan 18, Eve 18.
    turn(s, 2, "pass", play(2, "tea", 1))
    assert money(s.state) == [36, 18, 18]
    # T4 Cai buys a porter (12): 36 - 12 = 24; its one swap at once: ship 1 T -> S.
    s.apply(A("buy", 0, card="porter"))
    assert s.state.phase == "porter" and s.state.swaps_left == 1
    s.apply(A("swap", 0, ship=2, good="silk"))
    assert s.state.phase == "phase2"           # the only swap is used
    s.apply(A("draw", 0))                      # Cai hand 0 + 2, deck 49
    assert money(s.state) == [24, 18, 18] and s.state.players[0].ships == ["tea", "silk"]
    # T5 Dan buys a licence (11): 18 - 11 = 7, and it works this very turn:
    # tea on slot 2 (still 6 tea): Cai 6 x 1 -> 30; Dan 6 x 1 + 2 -> 15; Eve 6 -> 24.
    turn(s, 1, [A("buy", 1, card="licence")], play(1, "tea", 2))
    assert money(s.state) == [30, 15, 24]
    assert [p.income for p in s.state.players] == [6, 8, 6]
    # T6 Eve draws (hand 2 + 2 = 4, deck 47).
    turn(s, 2)
    # T7 Cai buys the second porter (12): 30 - 12 = 18.  Two porters: two swaps at once.
    # ship 0 T -> G, ship 1 S -> T.  Then 1 glass on slot 0: G T T T T T, 1 glass:
    # Cai 1 x 1 -> 19.
    s.apply(A("buy", 0, card="porter"))
    assert s.state.swaps_left == 2
    s.apply(A("swap", 0, ship=1, good="glass"))
    assert s.state.phase == "porter" and s.state.swaps_left == 1
    s.apply(A("swap", 0, ship=2, good="tea"))
    assert s.state.phase == "phase2"
    s.apply(play(0, "glass", 0))
    assert money(s.state) == [19, 15, 24] and s.state.players[0].ships == ["glass", "tea"]
    # T8 Dan buys the second licence (11): 15 - 11 = 4.  Tea on the glass: six tea.
    # Cai 6 x 1 -> 25; Dan 6 x 1 + 2 x 2 = 10 -> 14; Eve 6 -> 30.
    turn(s, 1, [A("buy", 1, card="licence")], play(1, "tea", 0))
    assert money(s.state) == [25, 14, 30]
    assert s.state.players[1].income == 10 and s.state.specials["licence"] == 0
    # T9 Eve: 2 ore on slots 0 and 1: O O T T T T, 2 ore.  Eve 2 x 1 -> 32.
    # Dan earns nothing, so his licences pay nothing.
    turn(s, 2, "pass", play(2, "ore", 0, 1))
    assert money(s.state) == [25, 14, 32] and s.state.players[1].income == 0
    # T10 Cai swaps with 2 porters: 1 + 2 swaps allowed, 2 ships: G -> O, T -> O; draws.
    s.apply(A("swap", 0, ship=1, good="ore"))
    assert s.state.phase == "porter" and s.state.swaps_left == 2
    s.apply(A("swap", 0, ship=2, good="ore"))
    assert s.state.phase == "phase2"           # every ship swapped
    s.apply(A("draw", 0))                      # Cai 1 + 2 = 3, deck 45
    # T11 Dan draws (deck 43).
    turn(s, 1)
    # T12 Eve: ore on slot 2 -> O O O T T T, 3 ore.  Cai 3 x 2 = 6 -> 31; Eve 3 -> 35.
    turn(s, 2, "pass", play(2, "ore", 2))
    assert money(s.state) == [31, 14, 35]
    assert s.state.deck == 43
    # T13 on: everybody draws 2; 43 = 21 x 2 + 1, so the 22nd draw (Cai's) takes the last card.
    while not GAME.is_over(s.state):
        turn(s, s.state.turn)
    st = s.state
    assert st.deck == 0 and st.turn == 0
    # Cai drew 8 times (7 x 2 + 1), Dan and Eve 7 x 2: 3 + 15, 2 + 14, 1 + 14
    assert hands(st) == [18, 16, 15]
    assert st.tokens == {"porcelain": 5, "silk": 4, "tea": 3, "spice": 5, "glass": 5, "ore": 2}
    assert st.specials == {"ship": 8, "exchange": 2, "licence": 0, "porter": 0}
    assert cards_accounted(st) == 66
    assert money(st) == [31, 14, 35]
    assert GAME.winners(st) == [2]


def test_four_players_new_ship_porter_skipped_tie_and_end_mid_turn():
    # Fay (0), Gus (1), Hal (2), Ivy (3); Hal starts.  Deck 66 - 12 - 6 = 48.
    # Market P S T Sp G O.  Loading Hal, Ivy, Fay, Gus twice:
    # P S P S / P S S P -> Hal [P, P], Ivy [S, S], Fay [P, S], Gus [S, P].
    s = table(["Fay", "Gus", "Hal", "Ivy"], ["porcelain", "silk", "tea", "spice", "glass", "ore"], 2,
              ["porcelain", "silk", "porcelain", "silk", "porcelain", "silk", "silk", "porcelain"])
    assert [p.ships for p in s.state.players] == [["porcelain", "silk"], ["silk", "porcelain"],
                                                  ["porcelain", "porcelain"], ["silk", "silk"]]
    # T1 Hal: 2 porcelain on S and T -> P P P Sp G O, 3 porcelain.
    # Hal 3 x 2 = 6, Fay 3, Gus 3, Ivy 0.
    turn(s, 2, "pass", play(2, "porcelain", 1, 2))
    assert money(s.state) == [3, 3, 6, 0]
    # T2 Ivy: 3 silk on slots 0, 2, 3 -> S P S S G O, 3 silk.
    # Ivy 3 x 2 = 6, Fay 3 -> 6, Gus 3 -> 6, Hal 0 -> 6: all four level.
    turn(s, 3, "pass", play(3, "silk", 0, 2, 3))
    assert money(s.state) == [6, 6, 6, 6]
    # T3-T6 everyone draws: deck 40; hands Fay 5, Gus 5, Hal 3, Ivy 2.
    for seat in (0, 1, 2, 3):
        turn(s, seat)
    assert s.state.deck == 40 and hands(s.state) == [5, 5, 3, 2]
    # T7 Fay: silk on slot 1 -> S S S S G O, 4 silk.  Fay 4 -> 10, Gus 4 -> 10, Ivy 8 -> 14.
    turn(s, 0, "pass", play(0, "silk", 1))
    assert money(s.state) == [10, 10, 6, 14]
    # T8 Gus buys a ship (10) with the last porcelain token: 10 - 10 = 0; draws (deck 38).
    turn(s, 1, [A("buy", 1, card="ship", good="porcelain")])
    assert s.state.players[1].ships == ["silk", "porcelain", "porcelain"]
    assert s.state.tokens["porcelain"] == 0 and s.state.specials["ship"] == 14 - 8 - 1
    # T9 Hal swaps ship 0 P -> S (the last silk token); 2 porcelain on slots 2, 3 ->
    # S S P P G O, 2 porcelain: Hal 2 x 1 -> 8; Fay 2 -> 12; Gus 2 x 2 = 4 -> 4; Ivy 0.
    turn(s, 2, [A("swap", 2, ship=1, good="silk")], play(2, "porcelain", 2, 3))
    assert money(s.state) == [12, 4, 8, 14]
    assert s.state.tokens["silk"] == 0 and s.state.tokens["porcelain"] == 1
    # T10 Ivy buys an exchange (8): 14 - 8 = 6; draws 2 + 1 (deck 35).
    turn(s, 3, [A("buy", 3, card="exchange")], "draw", 1)
    assert money(s.state) == [12, 4, 8, 6] and s.state.deck == 35
    # T11 Fay buys a porter (12): 12 - 12 = 0, and skips its swap by drawing at once (deck 33).
    s.apply(A("buy", 0, card="porter"))
    assert s.state.phase == "porter"
    s.apply(A("draw", 0))
    assert s.state.players[0].ships == ["porcelain", "silk"] and s.state.turn == 1
    # T12 Gus: porcelain on slot 0 -> P S P P G O, 3 porcelain.
    # Gus 3 x 2 = 6 -> 10; Hal 3 -> 11; Fay 3 -> 3; Ivy none.
    turn(s, 1, "pass", play(1, "porcelain", 0))
    assert money(s.state) == [3, 10, 11, 6]
    # T13 Hal draws (31).  T14 Ivy draws 2 + 1 (28).
    turn(s, 2)
    turn(s, 3, "pass", "draw", 1)
    assert s.state.deck == 28
    # T15 Fay, one porter: two swaps, P -> T then S -> T; 2 tea on G and O ->
    # P S P P T T, 2 tea: Fay 2 x 2 = 4 -> 7.
    turn(s, 0, [A("swap", 0, ship=1, good="tea"), A("swap", 0, ship=2, good="tea")], play(0, "tea", 4, 5))
    assert money(s.state) == [7, 10, 11, 6] and s.state.players[0].ships == ["tea", "tea"]
    # T16 Gus: porcelain on slot 1 -> P P P P T T, 4 porcelain.
    # Gus 4 x 2 = 8 -> 18; Hal 4 x 1 -> 15; Fay (tea now) and Ivy nothing.
    turn(s, 1, "pass", play(1, "porcelain", 1))
    assert money(s.state) == [7, 18, 15, 6]
    # T17 Hal swaps ship 0 S -> Sp; 3 spice on P T T (slots 3, 4, 5) -> P P P Sp Sp Sp:
    # Hal 3 x 1 -> 18, level with Gus.
    turn(s, 2, [A("swap", 2, ship=1, good="spice")], play(2, "spice", 3, 4, 5))
    assert money(s.state) == [7, 18, 18, 6] and hands(s.state)[2] == 0
    # T18-T25 everyone draws; Ivy takes her extra card: 28 - 3 - 2 - 2 - 2 - 3 - 2 - 2 - 2 = 10.
    for _ in range(2):
        turn(s, 3, "pass", "draw", 1)
        turn(s, 0)
        turn(s, 1)
        turn(s, 2)
    assert s.state.deck == 10
    # T26 Ivy draws (8) and declines her extra card; T27-T29: 6, 4, 2.
    turn(s, 3, "pass", "draw", 0)
    turn(s, 0)
    turn(s, 1)
    turn(s, 2)
    assert s.state.deck == 2
    # T30 Ivy draws the last 2 cards: the game ends in the middle of her turn,
    # so she never reaches the end of phase 2 where her exchange works.
    s.apply(A("pass", 3))
    s.apply(A("draw", 3))
    st = s.state
    assert st.phase == "end" and GAME.active_players(st) == frozenset()
    # hands: Fay 4 (T15) + 2 + 2 + 2 = 10; Gus 5 (T16) + 2 + 2 + 2 = 11;
    # Hal 0 (T17) + 2 + 2 + 2 = 6; Ivy 8 (T14) + 3 + 3 + 2 + 2 = 18
    assert hands(st) == [10, 11, 6, 18]
    # covered: silk 5, tea 3, porcelain 4, spice 1, glass 1, ore 1
    assert st.buried == {"porcelain": 4, "silk": 5, "tea": 3, "spice": 1, "glass": 1, "ore": 1}
    assert cards_accounted(st) == 66
    assert money(st) == [7, 18, 18, 6]
    assert GAME.winners(st) == [1, 2]          # a tie shares the win
