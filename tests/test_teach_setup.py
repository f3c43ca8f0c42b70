"""Teach: set-up for each player count and the box check, against figures
worked out BY HAND from the rulebooks (/work/shared/seeds, /work/shared/reference),
written here before the code that computes them.

A set-up line is ``(part, key) -> params``; a line whose count would be 0 is
left out (nothing to do), so it is absent from these tables too.

How each figure was worked out (n = players):
- Manila (seed 004 遊戲準備; reference/manila.md): 30 pesos each; 3 accomplices
  each, 4 with three players; 3 shares of each of the 4 wares (12) shuffled, 2
  dealt to each; the supply is every other share, 20 - 2n; the 4 price markers
  start at the bottom; 20 accomplices in the box (5 colours x 4) minus those in
  play go back: 3p 20-12=8, 4p 20-12=8, 5p 20-15=5; the oldest bids first.
- Niagara (seed 001 l.114-119): 7 gems on each site, 1 spare of each colour; 9
  river discs on the river, 3 spare; weather at 0; 2 canoes and 7 paddle cards
  each; 5 colours in the box, so 5-n colours go back; the players choose who starts.
- Modern Art (seed 001 l.479, 505; reference): 100 each; 11/9/8 cards (10 with the
  3-player option); the rest, 70 - n x deal, face down; refill 6/4/3 before rounds
  2 and 3; a random player starts.
- Maritime Silk Road (seed 000 l.36-38): 3 goods cards each, 6 face up as the market,
  66 - 3n - 6 in the draw pile; 2 ship cards each, 14 - 2n ships left with the 2
  exchanges, 2 licences, 2 porters; 30 tokens and 60 coins beside; the player who
  last sold something starts.
- Catan (seed 002): 19 hexes, 18 number tokens, 9 harbours, robber on the desert;
  19 of each of 5 resources; 25 development cards; 2 settlements and 2 roads
  placed each from 5/4/15 pieces; 4 colours, 4-n go back; the highest roll starts.
- Citadels (seed 001 l.40-48, 64-71): 4 districts and 2 gold each; 10 expansion
  characters out, 8 left (7 with three players: no assassin); one character face
  down; face up so that the crown holder is handed n+1: 8-1-(n+1) = 6-n for 4-6
  (2, 1, 0), 3p 7-1-4 = 2; 7p none face up, the 7th player also takes the face-down
  one; two players take 2 characters each and 3 more go face down in the draft; the
  game ends after a 10th district with 2 or 3 players, an 8th with 4-7; a random
  player takes the crown.
- Dominion (seed 001 l.203-206; the printed supply table): 7 coppers + 3 estates
  each, hand of 5; 10 kingdom piles of 10; copper 60 - 7n left; silver 40, gold 30;
  estates, duchies, provinces 8 each with two players, 12 with 3-4; curses 10 per
  player beyond the first (10/20/30); back in the box: estates 24-3n-supply
  (2p 10, 3p 3, 4p 0), duchies/provinces 12-8=4 at 2p, curses 30-supply (20, 10, 0);
  gardens (option) 8 / 12 / 12; random start (or the last game's loser).
- Pandemic (seed 001 l.221-235): hand 4/3/2; 48 cities + 5 events = 53 player cards,
  53 - n x hand left (2p 45, 3p 44, 4p 45), split into 4/5/6 piles (by difficulty)
  as evenly as they go, bigger piles first, one epidemic shuffled into each:
  45/4 -> 12,11,11,11 -> 13,12,12,12;  44/4 -> 12,12,12,12;  45/5 -> 10 x5;
  44/5 -> 9,9,9,9,8 -> 10,10,10,10,9;  45/6 -> 8,8,8,7,7,7 -> 9,9,9,8,8,8;
  44/6 -> 8,8,7,7,7,7 -> 9,9,8,8,8,8.  6 epidemics in the box: 2/1/0 go back.
  9 infection cards drawn (3 cities x 3 cubes, 3 x 2, 3 x 1); every pawn and one
  station in Atlanta; the players choose who starts.
- Saboteur (seed 001 l.316-330): saboteurs/miners 3:1/3 4:1/4 5:2/4 6:2/5 7:3/5
  8:3/6 9:3/7 10:4/7, shuffled, one dealt to each: one card is always left over,
  unseen; hands 6 (3-5), 5 (6-7), 4 (8-10); the start and 3 goal cards with 7 spaces
  between; 40 tunnel + 27 action cards = 67 shuffled, minus the hands:
  3p 49, 4p 43, 5p 37, 6p 37, 7p 32, 8p 35, 9p 31, 10p 27; 28 gold cards aside.
- Mamma Mia (seed 001 l.279-291): remove 1/3/5 of each of 5 ingredients at 4/3/2
  players (5/15/25 cards), none at 5; 8 order cards each, 8 x (5-n) back in the box;
  6 ingredients + 1 order in hand; deck = 65 - removed + the Mamma card - 6n:
  2p 29, 3p 33, 4p 37, 5p 36; the hungriest player starts.
- Cockroach Poker (seed 001 l.173-174): 64 cards dealt evenly, the rest face down
  out of play: 2p 32/0, 3p 21/1, 4p 16/0, 5p 12/4, 6p 10/4; anyone starts.
- I'm the Boss (seed 001 l.377-382): investors 2 each with three players, else 1;
  beside the board 6 - n x each: 3p 0, 4p 2, 5p 1, 6p 0; 5 cards each, 98 - 5n in the
  deck (83, 78, 73, 68); 15 deal tiles in order; the player whose investor's letter
  comes first starts.
- Die Kutschfahrt (seed 001 l.520-533): a character, an occupation and an
  association each; 10 - n characters back, 10 - n occupations as the pile;
  associations 2/2 (3-4), 3/3 (5-6), 4/4 (7-8), 5/5 (9-10) of each team; with an
  odd count one goes back unseen and each player takes a Drink of Power (9 - n back),
  with an even count all 9 go back; items: 2 secret bags + (n-2) items, one each;
  3p: 2 bags + 4 items, two each, the Black Pearl out; 10p: the Coat out; the
  player who travelled farthest lately starts.
"""

from __future__ import annotations

import pytest

from companion import teach
from companion.registry import game_ids

E, B, A, S, L = "each", "board", "aside", "start", "later"


def _manila(n: int) -> dict:
    acc = 4 if n == 3 else 3
    return {(E, "money"): {"n": 30}, (E, "accomplices"): {"n": acc}, (E, "shares"): {"n": 2},
            (B, "shares_dealt"): {"n": 12, "each": 3}, (B, "share_supply"): {"n": {3: 14, 4: 12, 5: 10}[n]},
            (B, "price_markers"): {"n": 4},
            (A, "accomplices"): {"n": {3: 8, 4: 8, 5: 5}[n]}, (S, "oldest"): {"player": 0}}


def _niagara(n: int) -> dict:
    out = {(B, "gems"): {"n": 7, "spare": 1}, (B, "river_discs"): {"n": 9, "spare": 3},
           (B, "weather"): {"n": 0}, (E, "canoes"): {"n": 2}, (E, "paddle_cards"): {"n": 7},
           (S, "choose"): {}}
    if n < 5:
        out[(A, "colours")] = {"n": 5 - n}
    return out


def _modern_art(n: int, deal: int | None = None) -> dict:
    deal = deal or {3: 11, 4: 9, 5: 8}[n]
    return {(E, "money"): {"n": 100}, (E, "cards"): {"n": deal},
            (B, "deck"): {"n": {(3, 11): 37, (3, 10): 40, (4, 9): 34, (5, 8): 30}[(n, deal)]},
            (L, "refill"): {"n": {3: 6, 4: 4, 5: 3}[n]}, (S, "random"): {}}


def _silk_road(n: int) -> dict:
    return {(E, "goods_cards"): {"n": 3}, (E, "ships"): {"n": 2}, (B, "market"): {"n": 6},
            (B, "deck"): {"n": {2: 54, 3: 51, 4: 48}[n]}, (B, "ships"): {"n": {2: 10, 3: 8, 4: 6}[n]},
            (B, "specials"): {"exchange": 2, "licence": 2, "porter": 2},
            (B, "tokens"): {"n": 30}, (B, "coins"): {"n": 60}, (S, "last_seller"): {}}


def _catan(n: int) -> dict:
    out = {(B, "hexes"): {"n": 19}, (B, "number_tokens"): {"n": 18}, (B, "harbours"): {"n": 9},
           (B, "robber"): {}, (B, "resources"): {"n": 19, "kinds": 5}, (B, "dev_cards"): {"n": 25},
           (E, "pieces"): {"settlements": 5, "cities": 4, "roads": 15},
           (E, "placed"): {"settlements": 2, "roads": 2}, (S, "highest_roll"): {}}
    if n < 4:
        out[(A, "colours")] = {"n": 4 - n}
    return out


def _citadels(n: int) -> dict:
    out = {(E, "districts"): {"n": 4}, (E, "gold"): {"n": 2}, (A, "expansion"): {"n": 10},
           (B, "characters"): {"n": 7 if n == 3 else 8}, (A, "face_down"): {"n": 1},
           (E, "characters"): {"n": 2 if n == 2 else 1},
           (L, "end_districts"): {"n": 10 if n <= 3 else 8}, (S, "crown"): {}}
    up = {3: 2, 4: 2, 5: 1}.get(n, 0)
    if up:
        out[(A, "face_up")] = {"n": up}
    if n == 3:
        out[(A, "removed")] = {"n": 1}
    if n == 2:
        out[(L, "two_player_discards")] = {"n": 3}
    if n == 7:
        out[(L, "seventh_takes_face_down")] = {}
    return out


def _dominion(n: int, gardens: bool = False) -> dict:
    v = 8 if n == 2 else 12
    out = {(E, "copper"): {"n": 7}, (E, "estates"): {"n": 3}, (E, "hand"): {"n": 5},
           (B, "kingdom"): {"piles": 10, "n": 10}, (B, "copper"): {"n": {2: 46, 3: 39, 4: 32}[n]},
           (B, "silver"): {"n": 40}, (B, "gold"): {"n": 30}, (B, "estate"): {"n": v},
           (B, "duchy"): {"n": v}, (B, "province"): {"n": v}, (B, "curse"): {"n": {2: 10, 3: 20, 4: 30}[n]},
           (S, "random"): {}}
    back = {"estate": {2: 10, 3: 3, 4: 0}[n], "duchy": 4 if n == 2 else 0, "province": 4 if n == 2 else 0,
            "curse": {2: 20, 3: 10, 4: 0}[n]}
    for k, c in back.items():
        if c:
            out[(A, k)] = {"n": c}
    if gardens:
        out[(B, "gardens")] = {"n": v}
    return out


def _pandemic(n: int, difficulty: str = "introductory") -> dict:
    piles = {("introductory", 45): [13, 12, 12, 12], ("introductory", 44): [12, 12, 12, 12],
             ("standard", 45): [10, 10, 10, 10, 10], ("standard", 44): [10, 10, 10, 10, 9],
             ("heroic", 45): [9, 9, 9, 8, 8, 8], ("heroic", 44): [9, 9, 8, 8, 8, 8]}
    left = {2: 45, 3: 44, 4: 45}[n]
    out = {(E, "cards"): {"n": {2: 4, 3: 3, 4: 2}[n]}, (E, "role"): {"n": 1},
           (B, "atlanta"): {"n": 1}, (B, "infection"): {"n": 9},
           (B, "piles"): {"n": len(piles[(difficulty, left)]), "sizes": piles[(difficulty, left)]},
           (B, "cubes"): {"n": 24, "colours": 4}, (S, "choose"): {}}
    back = {"introductory": 2, "standard": 1, "heroic": 0}[difficulty]
    if back:
        out[(A, "epidemics")] = {"n": back}
    return out


def _saboteur(n: int) -> dict:
    roles = {3: (1, 3), 4: (1, 4), 5: (2, 4), 6: (2, 5), 7: (3, 5), 8: (3, 6), 9: (3, 7), 10: (4, 7)}[n]
    return {(B, "dwarfs"): {"saboteurs": roles[0], "miners": roles[1]}, (E, "dwarf"): {"n": 1},
            (A, "dwarf"): {"n": 1},
            (E, "hand"): {"n": 6 if n <= 5 else 5 if n <= 7 else 4},
            (B, "mine"): {"goals": 3, "gap": 7},
            (B, "deck"): {"n": {3: 49, 4: 43, 5: 37, 6: 37, 7: 32, 8: 35, 9: 31, 10: 27}[n]},
            (B, "gold"): {"n": 28}, (S, "choose"): {}}


def _mamma_mia(n: int) -> dict:
    out = {(E, "orders"): {"n": 8}, (E, "ingredients"): {"n": 6}, (E, "order_in_hand"): {"n": 1},
           (B, "deck"): {"n": {2: 29, 3: 33, 4: 37, 5: 36}[n]}, (S, "hungriest"): {}}
    if n < 5:
        out[(A, "ingredients")] = {"n": {2: 5, 3: 3, 4: 1}[n], "total": {2: 25, 3: 15, 4: 5}[n]}
        out[(A, "orders")] = {"n": {2: 24, 3: 16, 4: 8}[n]}
    return out


def _cockroach_poker(n: int) -> dict:
    out = {(E, "cards"): {"n": {2: 32, 3: 21, 4: 16, 5: 12, 6: 10}[n]}, (S, "choose"): {}}
    aside = {3: 1, 5: 4, 6: 4}.get(n)
    if aside:
        out[(A, "cards")] = {"n": aside}
    return out


def _im_the_boss(n: int) -> dict:
    out = {(E, "investors"): {"n": 2 if n == 3 else 1}, (E, "cards"): {"n": 5},
           (B, "deck"): {"n": {3: 83, 4: 78, 5: 73, 6: 68}[n]}, (B, "deal_tiles"): {"n": 15},
           (S, "first_letter"): {}}
    beside = {4: 2, 5: 1}.get(n)
    if beside:
        out[(B, "investors")] = {"n": beside}
    return out


def _kutschfahrt(n: int) -> dict:
    k = {3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 10: 5}[n]
    out = {(E, "character"): {"n": 1}, (E, "occupation"): {"n": 1}, (E, "association"): {"n": 1},
           (B, "associations"): {"order": k, "brotherhood": k},
           (E, "items"): {"n": 2 if n == 3 else 1},
           (B, "items_dealt"): {"bags": 2, "items": 4 if n == 3 else n - 2},
           (S, "farthest"): {}}
    if n < 10:
        out[(A, "characters")] = {"n": 10 - n}
        out[(B, "occupations")] = {"n": 10 - n}
    if n % 2:
        out[(A, "association")] = {"n": 1}
        out[(E, "drink")] = {"n": 1}
        if n < 9:
            out[(A, "drinks")] = {"n": 9 - n}
    else:
        out[(A, "drinks")] = {"n": 9}
    if n == 3:
        out[(A, "item")] = {"item": "black_pearl"}
    if n == 10:
        out[(A, "item")] = {"item": "coat"}
    return out


EXPECTED = {
    "manila": (range(3, 6), _manila), "niagara": (range(3, 6), _niagara),
    "modern_art": (range(3, 6), _modern_art), "silk_road": (range(2, 5), _silk_road),
    "catan": (range(3, 5), _catan), "citadels": (range(2, 8), _citadels),
    "dominion": (range(2, 5), _dominion), "pandemic": (range(2, 5), _pandemic),
    "saboteur": (range(3, 11), _saboteur), "mamma_mia": (range(2, 6), _mamma_mia),
    "cockroach_poker": (range(2, 7), _cockroach_poker), "im_the_boss": (range(3, 7), _im_the_boss),
    "kutschfahrt": (range(3, 11), _kutschfahrt),
}

CASES = [(g, n) for g, (counts, _) in EXPECTED.items() for n in counts]


def test_every_game_and_count_is_covered() -> None:
    from companion.registry import get_game
    assert set(EXPECTED) == set(game_ids())
    for g, (counts, _) in EXPECTED.items():
        game = get_game(g)
        assert list(counts) == list(range(game.min_players, game.max_players + 1)), g


@pytest.mark.parametrize("game_id,n", CASES)
def test_setup_matches_the_rulebook(game_id: str, n: int) -> None:
    assert teach.figures(game_id, n) == EXPECTED[game_id][1](n)


@pytest.mark.parametrize("n,deal", [(3, 10), (3, 11)])
def test_modern_art_three_player_deal_option(n: int, deal: int) -> None:
    assert teach.figures("modern_art", n, {"deal_3p": deal}) == _modern_art(n, deal)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("difficulty", ["introductory", "standard", "heroic"])
def test_pandemic_piles_by_difficulty(n: int, difficulty: str) -> None:
    assert teach.figures("pandemic", n, {"difficulty": difficulty}) == _pandemic(n, difficulty)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_dominion_gardens(n: int) -> None:
    assert teach.figures("dominion", n, {"gardens": True}) == _dominion(n, gardens=True)


def test_manila_oldest_seat_starts() -> None:
    assert teach.figures("manila", 4, {"oldest": 2})[(S, "oldest")] == {"player": 2}


def test_pandemic_piles_hold_every_card_left() -> None:
    for n, hand in ((2, 4), (3, 3), (4, 2)):
        for k, piles in ((4, "introductory"), (5, "standard"), (6, "heroic")):
            sizes = teach.figures("pandemic", n, {"difficulty": piles})[(B, "piles")]["sizes"]
            assert sum(sizes) == 48 + 5 - n * hand + k


def test_a_count_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError):
        teach.setup_guide("manila", 2)
    with pytest.raises(ValueError):
        teach.setup_guide("saboteur", 11)


# The box check: every component with its count (seed component lists).
BOX = {
    "manila": {"shares": 20, "price_markers": 4, "ware_loads": 4, "dice": 4, "boats": 3, "accomplices": 20},
    "niagara": {"gems": 40, "river_discs": 12, "canoes": 10, "paddle_cards": 35},
    "modern_art": {"paintings": 70, "value_tokens": 12, "screens": 6},
    "silk_road": {"goods_cards": 66, "ships": 14, "licences": 2, "porters": 2, "exchanges": 2,
                  "tokens": 30, "coins": 60},
    "catan": {"terrain_hexes": 19, "number_tokens": 18, "resource_cards": 95, "dev_cards": 25,
              "settlements": 20, "cities": 16, "roads": 60},
    "citadels": {"district_cards": 65, "gold": 35, "character_cards": 18, "crown": 1},
    "dominion": {"copper": 60, "silver": 40, "gold": 30, "estate": 24, "duchy": 12, "province": 12,
                 "curse": 30, "kingdom_cards": 252, "placeholder_cards": 33, "blank_cards": 7},
    "pandemic": {"boards": 1, "pawns": 5, "research_stations": 6, "markers": 6, "disease_cubes": 96,
                 "infection_cards": 48, "player_cards": 59, "role_cards": 5, "reference_cards": 4},
    "saboteur": {"saboteur_cards": 4, "miner_cards": 7, "path_cards": 44, "action_cards": 27,
                 "gold_cards": 28},
    "mamma_mia": {"ingredient_cards": 65, "mamma_cards": 1, "order_cards": 40},
    "cockroach_poker": {"cards": 64},
    "im_the_boss": {"investor_cards": 6, "influence_cards": 98, "deal_tiles": 15, "cash_cards": 110,
                    "money_marker": 1},
    "kutschfahrt": {"characters": 10, "occupations": 10, "associations": 10, "items": 21, "drinks": 9},
}


@pytest.mark.parametrize("game_id", sorted(BOX))
def test_box_check_matches_the_rulebook(game_id: str) -> None:
    assert {c["key"]: c["n"] for c in teach.box(game_id)} == BOX[game_id]
