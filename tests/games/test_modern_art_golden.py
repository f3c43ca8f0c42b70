"""Modern Art: complete games for 3, 4 and 5 players, worked out by hand.

Every figure below was computed by hand from the rulebook before the engine
ran: the comment beside each sale shows who pays whom, and each round's
checkpoint shows the ranking, the painting values and the money after the
bank has bought the paintings back.  Artists in board order:
LM = Lite Metal, Y = Yoko, Ch = Christin P., K = Karl Gitter, Kr = Krypto.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from companion.cli import parse_line
from companion.core import Action, Session
from companion.games.modern_art import GAME
from companion.games.modern_art.state import BANK

ARTISTS = ["lite_metal", "yoko", "christin_p", "karl_gitter", "krypto"]


def tokens(**by_artist: int) -> dict[str, int]:
    short = {"LM": "lite_metal", "Y": "yoko", "Ch": "christin_p", "K": "karl_gitter", "Kr": "krypto"}
    out = dict.fromkeys(ARTISTS, 0)
    for key, value in by_artist.items():
        out[short[key]] = value
    return out


@dataclass
class Checkpoint:
    """Expected table after one round has been scored."""

    board_row: dict[str, int]
    payouts: list[int]
    money: list[int]
    hands: list[int]            # hand sizes after the next round's refill (if any)
    next_seller: int | None     # None once the game is over
    ender: int


@dataclass
class GoldenGame:
    players: list[str]
    options: dict[str, str]
    rounds: list[list[str]]     # JSON lines per round
    checkpoints: list[Checkpoint]
    winners: list[int]
    extra: dict[str, object] = field(default_factory=dict)


# ----------------------------------------------------------------------------
# 3 players, 11 cards each (the default deal), A sells first.
# ----------------------------------------------------------------------------
G3 = GoldenGame(
    players=["A", "B", "C"], options={},
    rounds=[
        [  # round 1 — money A100 B100 C100
            '{"type": "first_seller", "seller": 0}',
            '{"type": "offer", "player": "A", "artist": "lite_metal", "auction": "open"}',
            '{"type": "bid", "player": "B", "amount": 10}',
            '{"type": "bid", "player": "C", "amount": 15}',
            '{"type": "bid", "player": "B", "amount": 20}',
            '{"type": "sell", "player": "A"}',                       # B pays A 20: A120 B80
            '{"type": "offer", "player": "B", "artist": "yoko", "auction": "once_around"}',
            '{"type": "bid", "player": "C", "amount": 10}',
            '{"type": "pass", "player": "A"}',
            '{"type": "pass", "player": "B"}',                       # C pays B 10: B90 C90
            '{"type": "offer", "player": "C", "artist": "christin_p", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 12}',
            '{"type": "sealed_bid", "player": "B", "amount": 12}',
            '{"type": "sealed_bid", "player": "C", "amount": 5}',
            '{"type": "reveal"}',                                    # A,B tie; nearest C's left is A: A pays C 12: A108 C102
            '{"type": "offer", "player": "A", "artist": "karl_gitter", "auction": "fixed"}',
            '{"type": "set_price", "player": "A", "amount": 15}',
            '{"type": "pass", "player": "B"}',
            '{"type": "pass", "player": "C"}',                       # nobody takes it: A pays the bank 15: A93
            '{"type": "offer", "player": "B", "artist": "lite_metal", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "C", "amount": 3}',
            '{"type": "sealed_bid", "player": "A", "amount": 8}',
            '{"type": "sealed_bid", "player": "B", "amount": 8}',
            '{"type": "reveal"}',                                    # A,B tie, B is the seller: B pays bank 8: B82
            '{"type": "offer", "player": "C", "artist": "yoko", "auction": "open"}',
            '{"type": "sell", "player": "C"}',                       # no bid: C keeps it free
            '{"type": "offer", "player": "A", "artist": "lite_metal", "auction": "once_around"}',
            '{"type": "pass", "player": "B"}',
            '{"type": "bid", "player": "C", "amount": 12}',
            '{"type": "bid", "player": "A", "amount": 14}',          # seller outbids: A pays bank 14: A79
            '{"type": "offer", "player": "B", "artist": "yoko", "auction": "fixed"}',
            '{"type": "set_price", "player": "B", "amount": 10}',
            '{"type": "buy", "player": "C"}',                        # C pays B 10: B92 C92
            '{"type": "offer", "player": "C", "artist": "lite_metal", "auction": "open"}',
            '{"type": "bid", "player": "A", "amount": 5}',
            '{"type": "bid", "player": "B", "amount": 6}',
            '{"type": "sell", "player": "C"}',                       # B pays C 6: B86 C98
            '{"type": "offer", "player": "A", "artist": "lite_metal"}',  # 5th LM: round over
        ],
        [  # round 2 — B sells first (left of A)
            '{"type": "offer", "player": "B", "artist": "krypto", "auction": "double"}',
            '{"type": "join", "player": "C", "auction": "open"}',   # C runs it, B shares
            '{"type": "bid", "player": "A", "amount": 10}',
            '{"type": "bid", "player": "B", "amount": 21}',
            '{"type": "sell", "player": "C"}',                       # first seller B buys at 21: bank 10, C 11
            '{"type": "offer", "player": "A", "artist": "lite_metal", "auction": "fixed"}',
            '{"type": "set_price", "player": "A", "amount": 20}',
            '{"type": "buy", "player": "B"}',                        # B pays A 20
            '{"type": "offer", "player": "B", "artist": "yoko", "auction": "double"}',
            '{"type": "pass", "player": "C"}',
            '{"type": "pass", "player": "A"}',                       # nobody joins: B keeps the double free
            '{"type": "offer", "player": "C", "artist": "karl_gitter", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 10}',
            '{"type": "sealed_bid", "player": "B", "amount": 0}',
            '{"type": "sealed_bid", "player": "C", "amount": 10}',
            '{"type": "reveal"}',                                    # A,C tie, C is the seller: C pays bank 10
            '{"type": "offer", "player": "A", "artist": "krypto", "auction": "once_around"}',
            '{"type": "bid", "player": "B", "amount": 5}',
            '{"type": "bid", "player": "C", "amount": 9}',
            '{"type": "pass", "player": "A"}',                       # C pays A 9
            '{"type": "offer", "player": "B", "artist": "karl_gitter", "auction": "open"}',
            '{"type": "bid", "player": "A", "amount": 16}',
            '{"type": "sell", "player": "B"}',                       # A pays B 16
            '{"type": "offer", "player": "C", "artist": "krypto", "auction": "fixed"}',
            '{"type": "set_price", "player": "C", "amount": 12}',
            '{"type": "pass", "player": "A"}',
            '{"type": "buy", "player": "B"}',                        # B pays C 12
            '{"type": "offer", "player": "A", "artist": "krypto"}',  # 5th Kr
        ],
        [  # round 3 — B sells first (left of A)
            '{"type": "offer", "player": "B", "artist": "christin_p", "auction": "double", "second": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 30}',
            '{"type": "sealed_bid", "player": "B", "amount": 25}',
            '{"type": "sealed_bid", "player": "C", "amount": 31}',
            '{"type": "reveal"}',                                    # C pays B 31 for two Ch
            '{"type": "offer", "player": "C", "artist": "christin_p", "auction": "open"}',
            '{"type": "bid", "player": "A", "amount": 10}',
            '{"type": "bid", "player": "B", "amount": 12}',
            '{"type": "sell", "player": "C"}',                       # B pays C 12
            '{"type": "offer", "player": "A", "artist": "yoko", "auction": "once_around"}',
            '{"type": "pass", "player": "B"}',
            '{"type": "pass", "player": "C"}',
            '{"type": "pass", "player": "A"}',                       # nobody bids: A keeps it free
            '{"type": "offer", "player": "B", "artist": "christin_p", "auction": "double", "second": "open"}',
        ],                                                           # Ch 3 -> double 4th + second 5th: over
        [  # round 4 — C sells first (left of B); no refill
            '{"type": "offer", "player": "C", "artist": "karl_gitter", "auction": "open"}',
            '{"type": "bid", "player": "A", "amount": 20}',
            '{"type": "sell", "player": "C"}',                       # A pays C 20
            '{"type": "offer", "player": "A", "artist": "krypto", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 0}',
            '{"type": "sealed_bid", "player": "B", "amount": 0}',
            '{"type": "sealed_bid", "player": "C", "amount": 0}',
            '{"type": "reveal"}',                                    # all 0, seller tied: A gets it for 0
            '{"type": "offer", "player": "B", "artist": "karl_gitter", "auction": "fixed"}',
            '{"type": "set_price", "player": "B", "amount": 25}',
            '{"type": "buy", "player": "C"}',                        # C pays B 25
            '{"type": "offer", "player": "C", "artist": "karl_gitter", "auction": "once_around"}',
            '{"type": "bid", "player": "A", "amount": 5}',
            '{"type": "bid", "player": "B", "amount": 30}',
            '{"type": "pass", "player": "C"}',                       # B pays C 30
            '{"type": "offer", "player": "A", "artist": "karl_gitter", "auction": "double"}',
            '{"type": "pass", "player": "B"}',
            '{"type": "join", "player": "C", "auction": "fixed"}',  # K 4 + C's card = 5th: over, C ended it
        ],
    ],
    checkpoints=[
        # R1 counts LM5 Y3 Ch1 K1: LM30 Y20, Ch/K tie at 1 -> Ch (left on the board) 10, K nothing.
        # Bought A: LM,Ch,K = 30+10+0 = 40; B: 3 LM = 90; C: 3 Y = 60.
        # Money 79+40=119, 86+90=176, 98+60=158.  Hands 7,8,8 (+6) = 13,14,14.
        Checkpoint(tokens(LM=30, Y=20, Ch=10), [40, 90, 60], [119, 176, 158], [13, 14, 14], 1, 0),
        # R2: 119/176/158 -> B pays bank 10 + C 11 (155,169); B pays A 20 (139,135); C pays bank 10 (159);
        # C pays A 9 (148,150); A pays B 16 (132,151); B pays C 12 (139,162).
        # Counts Kr5 K2 LM1 Y1: Kr30 K20, LM/Y tie -> LM 10; Y (20 in R1) out: its painting pays 0.
        # Values LM 30+10=40, K 20, Kr 30.  A: K 20; B: 3 Kr + LM + Y = 90+40+0 = 130; C: K + Kr = 50.
        # Money 152, 269, 212.  Hands 10,11,11 (+6) = 16,17,17.
        Checkpoint(tokens(LM=10, K=20, Kr=30), [20, 130, 50], [152, 269, 212], [16, 17, 17], 1, 0),
        # R3: C pays B 31 (B300 C181); B pays C 12 (B288 C193); A free Y.
        # Counts Ch5 Y1 only: Ch30 Y20, no third artist.  Values Ch 10+0+30=40, Y 20+0+20=40.
        # A: Y 40; B: Ch 40; C: 2 Ch 80.  Money 192, 328, 273.
        # Hands A 16-1=15; B 17-2-2=13 (two double+second lots); C 17-1=16 (no refill).
        Checkpoint(tokens(Y=20, Ch=30), [40, 40, 80], [192, 328, 273], [15, 13, 16], 2, 1),
        # R4: A pays C 20 (172,293); free Kr to A; C pays B 25 (353,268); B pays C 30 (323,298).
        # Counts K5 Kr1: K30 Kr20.  Values K 0+20+0+30=50, Kr 0+30+0+20=50.
        # A: K + Kr = 100; B: K 50; C: K 50.  Final 272, 373, 348.  Hands A 15-2, B 13-1, C 16-3 (incl. join).
        Checkpoint(tokens(K=30, Kr=20), [100, 50, 50], [272, 373, 348], [13, 12, 13], None, 2),
    ],
    winners=[1],
)

# ----------------------------------------------------------------------------
# 4 players, 9 cards each, C sells first.
# ----------------------------------------------------------------------------
G4 = GoldenGame(
    players=["A", "B", "C", "D"], options={},
    rounds=[
        [
            '{"type": "first_seller", "seller": 2}',
            '{"type": "offer", "player": "C", "artist": "lite_metal", "auction": "double"}',
            '{"type": "pass", "player": "D"}',
            '{"type": "join", "player": "A", "auction": "once_around"}',   # A runs it with C
            '{"type": "bid", "player": "B", "amount": 10}',
            '{"type": "bid", "player": "C", "amount": 15}',
            '{"type": "pass", "player": "D"}',
            '{"type": "bid", "player": "A", "amount": 17}',     # runner A buys at 17: bank 9 (odd), C 8: A83 C108
            # next seller is B (left of A): D, between C and A, misses the turn
            '{"type": "offer", "player": "B", "artist": "yoko", "auction": "open"}',
            '{"type": "bid", "player": "C", "amount": 10}',
            '{"type": "bid", "player": "D", "amount": 11}',
            '{"type": "bid", "player": "A", "amount": 12}',
            '{"type": "bid", "player": "D", "amount": 13}',
            '{"type": "sell", "player": "B"}',                   # D pays B 13: B113 D87
            '{"type": "offer", "player": "C", "artist": "lite_metal", "auction": "double"}',
            '{"type": "join", "player": "D", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 15}',
            '{"type": "sealed_bid", "player": "B", "amount": 15}',
            '{"type": "sealed_bid", "player": "C", "amount": 9}',
            '{"type": "sealed_bid", "player": "D", "amount": 14}',
            '{"type": "reveal"}',      # A,B tie; nearest D's left is A: A pays D 8 (odd) and C 7: A68 C115 D95
            '{"type": "offer", "player": "A", "artist": "yoko", "auction": "fixed"}',
            '{"type": "set_price", "player": "A", "amount": 10}',
            '{"type": "pass", "player": "B"}',
            '{"type": "buy", "player": "C"}',                    # C pays A 10: A78 C105
            '{"type": "offer", "player": "B", "artist": "christin_p", "auction": "once_around"}',
            '{"type": "bid", "player": "C", "amount": 5}',
            '{"type": "pass", "player": "D"}',
            '{"type": "pass", "player": "A"}',
            '{"type": "pass", "player": "B"}',                   # C pays B 5: B118 C100
            '{"type": "offer", "player": "C", "artist": "lite_metal", "auction": "double"}',  # 5th LM alone
        ],
        [
            '{"type": "offer", "player": "D", "artist": "karl_gitter", "auction": "open"}',
            '{"type": "bid", "player": "A", "amount": 30}',
            '{"type": "sell", "player": "D"}',                   # A pays D 30
            '{"type": "offer", "player": "A", "artist": "krypto", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 5}',
            '{"type": "sealed_bid", "player": "B", "amount": 7}',
            '{"type": "sealed_bid", "player": "C", "amount": 7}',
            '{"type": "sealed_bid", "player": "D", "amount": 6}',
            '{"type": "reveal"}',                                # B,C tie; B nearer A's left: B pays A 7
            '{"type": "offer", "player": "B", "artist": "krypto", "auction": "once_around"}',
            '{"type": "bid", "player": "C", "amount": 8}',
            '{"type": "bid", "player": "D", "amount": 9}',
            '{"type": "pass", "player": "A"}',
            '{"type": "bid", "player": "B", "amount": 10}',      # B buys own: bank 10
            '{"type": "offer", "player": "C", "artist": "yoko", "auction": "fixed"}',
            '{"type": "set_price", "player": "C", "amount": 20}',
            '{"type": "pass", "player": "D"}',
            '{"type": "pass", "player": "A"}',
            '{"type": "pass", "player": "B"}',                   # nobody takes it: C pays bank 20
            '{"type": "offer", "player": "D", "artist": "krypto", "auction": "open"}',
            '{"type": "sell", "player": "D"}',                   # D free
            '{"type": "offer", "player": "A", "artist": "christin_p", "auction": "open"}',
            '{"type": "bid", "player": "C", "amount": 3}',
            '{"type": "sell", "player": "A"}',                   # C pays A 3
            '{"type": "offer", "player": "B", "artist": "yoko", "auction": "once_around"}',
            '{"type": "pass", "player": "C"}',
            '{"type": "bid", "player": "D", "amount": 4}',
            '{"type": "pass", "player": "A"}',
            '{"type": "pass", "player": "B"}',                   # D pays B 4
            '{"type": "offer", "player": "C", "artist": "karl_gitter", "auction": "fixed"}',
            '{"type": "set_price", "player": "C", "amount": 6}',
            '{"type": "buy", "player": "D"}',                    # D pays C 6
            '{"type": "offer", "player": "D", "artist": "krypto", "auction": "double", "second": "fixed"}',
        ],                                                       # Kr 3 -> 4th and 5th: over, D ended it
        [
            '{"type": "offer", "player": "A", "artist": "lite_metal", "auction": "open"}',
            '{"type": "bid", "player": "B", "amount": 20}',
            '{"type": "bid", "player": "C", "amount": 25}',
            '{"type": "sell", "player": "A"}',                   # C pays A 25
            '{"type": "offer", "player": "B", "artist": "lite_metal", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 10}',
            '{"type": "sealed_bid", "player": "B", "amount": 12}',
            '{"type": "sealed_bid", "player": "C", "amount": 11}',
            '{"type": "sealed_bid", "player": "D", "amount": 12}',
            '{"type": "reveal"}',                                # B (seller) and D tie: B pays bank 12
            '{"type": "offer", "player": "C", "artist": "yoko", "auction": "once_around"}',
            '{"type": "bid", "player": "D", "amount": 5}',
            '{"type": "bid", "player": "A", "amount": 6}',
            '{"type": "pass", "player": "B"}',
            '{"type": "pass", "player": "C"}',                   # A pays C 6
            '{"type": "offer", "player": "D", "artist": "lite_metal", "auction": "fixed"}',
            '{"type": "set_price", "player": "D", "amount": 30}',
            '{"type": "buy", "player": "A"}',                    # A pays D 30
            '{"type": "offer", "player": "A", "artist": "lite_metal", "auction": "double"}',
            '{"type": "pass", "player": "B"}',
            '{"type": "join", "player": "C", "auction": "open"}',  # LM 4 + C's card: 5th, C ended it
        ],
        [
            '{"type": "offer", "player": "D", "artist": "karl_gitter", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 20}',
            '{"type": "sealed_bid", "player": "B", "amount": 0}',
            '{"type": "sealed_bid", "player": "C", "amount": 20}',
            '{"type": "sealed_bid", "player": "D", "amount": 20}',
            '{"type": "reveal"}',                                # A,C,D tie, D the seller: D pays bank 20
            '{"type": "offer", "player": "A", "artist": "krypto", "auction": "open"}',
            '{"type": "bid", "player": "B", "amount": 15}',
            '{"type": "sell", "player": "A"}',                   # B pays A 15
            '{"type": "offer", "player": "B", "artist": "karl_gitter", "auction": "fixed"}',
            '{"type": "set_price", "player": "B", "amount": 10}',
            '{"type": "pass", "player": "C"}',
            '{"type": "pass", "player": "D"}',
            '{"type": "buy", "player": "A"}',                    # A pays B 10
            '{"type": "offer", "player": "C", "artist": "christin_p", "auction": "once_around"}',
            '{"type": "pass", "player": "D"}',
            '{"type": "pass", "player": "A"}',
            '{"type": "bid", "player": "B", "amount": 1}',
            '{"type": "pass", "player": "C"}',                   # B pays C 1
            '{"type": "offer", "player": "D", "artist": "karl_gitter", "auction": "open"}',
            '{"type": "sell", "player": "D"}',                   # D free
            '{"type": "offer", "player": "A", "artist": "karl_gitter", "auction": "open"}',
            '{"type": "bid", "player": "C", "amount": 5}',
            '{"type": "sell", "player": "A"}',                   # C pays A 5
            '{"type": "offer", "player": "B", "artist": "karl_gitter", "auction": "open"}',  # 5th K
        ],
    ],
    checkpoints=[
        # R1 money before scoring A78 B118 C100 D95 (the bank kept 9 of A's 17).
        # Counts LM5 Y2 Ch1: LM30 Y20 Ch10.  A: 4 LM = 120; B 0; C: Y + Ch = 30; D: Y 20.
        # Money 198, 118, 130, 115.  Hands 7,7,6,8 (+4) = 11,11,10,12; D left of C starts.
        Checkpoint(tokens(LM=30, Y=20, Ch=10), [120, 0, 30, 20], [198, 118, 130, 115], [11, 11, 10, 12], 3, 2),
        # R2: A168 D145; A175 B111; B101; C110; (free); A178 C107; B105 D141; D135 C113.
        # Counts Kr5 Y2 K2 Ch1: Kr30, Y/K tie -> Y 20 (further left), K 10; Ch (10 in R1) out; LM out.
        # Values Y 20+20=40, K 10, Kr 30.  A: K 10; B: 2 Kr 60; C: Y + Ch = 40 + 0; D: Kr+Y+K = 30+40+10.
        # Money 188, 165, 153, 215.  Hands 9,9,8,8 (+4) = 13,13,12,12; A (left of D) starts.
        Checkpoint(tokens(Y=20, K=10, Kr=30), [10, 60, 40, 80], [188, 165, 153, 215], [13, 13, 12, 12], 0, 3),
        # R3: C pays A 25 (A213 C128); B pays bank 12 (B153); A pays C 6 (A207 C134); A pays D 30 (A177 D245).
        # Counts LM5 Y1: LM30 Y20.  Values LM 30+0+30=60, Y 20+20+20=60.
        # A: Y + LM = 120; B: LM 60; C: LM 60; D 0.  Money 297, 213, 194, 245.  Hands 11,12,10,11.
        Checkpoint(tokens(LM=30, Y=20), [120, 60, 60, 0], [297, 213, 194, 245], [11, 12, 10, 11], 3, 2),
        # R4: D225; A312 B198; A302 B208; B207 C195; (free); A307 C190.
        # Counts K5 Ch1 Kr1: K30, Ch/Kr tie -> Ch 20, Kr 10.
        # Values K 0+10+0+30=40, Ch 10+0+0+20=30, Kr 0+30+0+10=40.
        # A: K 40; B: Kr + Ch = 70; C: K 40; D: 2 K = 80.  Final 347, 277, 230, 305.
        Checkpoint(tokens(Ch=20, K=30, Kr=10), [40, 70, 40, 80], [347, 277, 230, 305], [9, 10, 9, 9], None, 1),
    ],
    winners=[0],
)

# ----------------------------------------------------------------------------
# 5 players, 8 cards each, B sells first.
# ----------------------------------------------------------------------------
G5 = GoldenGame(
    players=["A", "B", "C", "D", "E"], options={"open_money": "true"},
    rounds=[
        [
            '{"type": "first_seller", "seller": 1}',
            '{"type": "offer", "player": "B", "artist": "krypto", "auction": "double"}',
            '{"type": "pass", "player": "C"}',
            '{"type": "pass", "player": "D"}',
            '{"type": "join", "player": "E", "auction": "fixed"}',   # E runs it with B
            '{"type": "set_price", "player": "E", "amount": 15}',
            '{"type": "pass", "player": "A"}',
            '{"type": "pass", "player": "B"}',
            '{"type": "pass", "player": "C"}',
            '{"type": "pass", "player": "D"}',    # nobody takes: runner E buys at 15: bank 8 (odd), B 7: E85 B107
            # next seller A (left of E): C and D miss the turn
            '{"type": "offer", "player": "A", "artist": "krypto", "auction": "double"}',
            '{"type": "join", "player": "B", "auction": "open"}',   # B runs it with A
            '{"type": "bid", "player": "C", "amount": 10}',
            '{"type": "bid", "player": "D", "amount": 12}',
            '{"type": "bid", "player": "A", "amount": 13}',
            '{"type": "sell", "player": "B"}',    # first seller A buys at 13: bank 6, B 7 (odd): A87 B114
            '{"type": "offer", "player": "C", "artist": "yoko", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 0}',
            '{"type": "sealed_bid", "player": "B", "amount": 4}',
            '{"type": "sealed_bid", "player": "C", "amount": 3}',
            '{"type": "sealed_bid", "player": "D", "amount": 4}',
            '{"type": "sealed_bid", "player": "E", "amount": 4}',
            '{"type": "reveal"}',                 # B,D,E tie; D nearest C's left: D pays C 4: C104 D96
            '{"type": "offer", "player": "D", "artist": "yoko", "auction": "open"}',
            '{"type": "bid", "player": "E", "amount": 8}',
            '{"type": "bid", "player": "A", "amount": 9}',
            '{"type": "sell", "player": "D"}',    # A pays D 9: A78 D105
            '{"type": "offer", "player": "E", "artist": "christin_p", "auction": "once_around"}',
            '{"type": "bid", "player": "A", "amount": 2}',
            '{"type": "pass", "player": "B"}',
            '{"type": "pass", "player": "C"}',
            '{"type": "pass", "player": "D"}',
            '{"type": "pass", "player": "E"}',    # A pays E 2: A76 E87
            '{"type": "offer", "player": "A", "artist": "karl_gitter", "auction": "fixed"}',
            '{"type": "set_price", "player": "A", "amount": 5}',
            '{"type": "buy", "player": "B"}',     # B pays A 5: A81 B109
            '{"type": "offer", "player": "B", "artist": "krypto"}',  # 5th Kr
        ],
        [
            '{"type": "offer", "player": "C", "artist": "yoko", "auction": "double", "second": "once_around"}',
            '{"type": "bid", "player": "D", "amount": 10}',
            '{"type": "pass", "player": "E"}',
            '{"type": "bid", "player": "A", "amount": 21}',
            '{"type": "pass", "player": "B"}',
            '{"type": "pass", "player": "C"}',    # A pays C 21 for two Y
            '{"type": "offer", "player": "D", "artist": "yoko", "auction": "fixed"}',
            '{"type": "set_price", "player": "D", "amount": 12}',
            '{"type": "pass", "player": "E"}',
            '{"type": "buy", "player": "A"}',     # A pays D 12
            '{"type": "offer", "player": "E", "artist": "lite_metal", "auction": "open"}',
            '{"type": "bid", "player": "B", "amount": 6}',
            '{"type": "sell", "player": "E"}',    # B pays E 6
            '{"type": "offer", "player": "A", "artist": "yoko", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 9}',
            '{"type": "sealed_bid", "player": "B", "amount": 9}',
            '{"type": "sealed_bid", "player": "C", "amount": 5}',
            '{"type": "sealed_bid", "player": "D", "amount": 9}',
            '{"type": "sealed_bid", "player": "E", "amount": 0}',
            '{"type": "reveal"}',                 # A (seller), B, D tie: A pays bank 9
            '{"type": "offer", "player": "B", "artist": "yoko"}',  # 5th Y, alone
        ],
        [
            '{"type": "offer", "player": "C", "artist": "christin_p", "auction": "double"}',
            '{"type": "pass", "player": "D"}',
            '{"type": "pass", "player": "E"}',
            '{"type": "pass", "player": "A"}',
            '{"type": "pass", "player": "B"}',    # nobody joins: C keeps the double free
            '{"type": "offer", "player": "D", "artist": "karl_gitter", "auction": "open"}',
            '{"type": "bid", "player": "C", "amount": 11}',
            '{"type": "sell", "player": "D"}',    # C pays D 11
            '{"type": "offer", "player": "E", "artist": "karl_gitter", "auction": "double"}',
            '{"type": "pass", "player": "A"}',
            '{"type": "join", "player": "B", "auction": "sealed"}',  # B runs it with E
            '{"type": "sealed_bid", "player": "A", "amount": 20}',
            '{"type": "sealed_bid", "player": "B", "amount": 21}',
            '{"type": "sealed_bid", "player": "C", "amount": 0}',
            '{"type": "sealed_bid", "player": "D", "amount": 21}',
            '{"type": "sealed_bid", "player": "E", "amount": 10}',
            '{"type": "reveal"}',     # B (runner) and D tie: B buys at 21: bank 11 (odd), E 10
            # next seller C (left of B): A, between E and B, misses the turn
            '{"type": "offer", "player": "C", "artist": "christin_p", "auction": "fixed"}',
            '{"type": "set_price", "player": "C", "amount": 7}',
            '{"type": "buy", "player": "D"}',     # D pays C 7
            '{"type": "offer", "player": "D", "artist": "krypto", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 0}',
            '{"type": "sealed_bid", "player": "B", "amount": 0}',
            '{"type": "sealed_bid", "player": "C", "amount": 0}',
            '{"type": "sealed_bid", "player": "D", "amount": 0}',
            '{"type": "sealed_bid", "player": "E", "amount": 0}',
            '{"type": "reveal"}',                 # all 0: seller D gets it for nothing
            '{"type": "offer", "player": "E", "artist": "karl_gitter", "auction": "once_around"}',
            '{"type": "bid", "player": "A", "amount": 3}',
            '{"type": "pass", "player": "B"}',
            '{"type": "pass", "player": "C"}',
            '{"type": "pass", "player": "D"}',
            '{"type": "pass", "player": "E"}',    # A pays E 3
            '{"type": "offer", "player": "A", "artist": "karl_gitter"}',  # 5th K
        ],
        [
            '{"type": "offer", "player": "B", "artist": "lite_metal", "auction": "open"}',
            '{"type": "bid", "player": "C", "amount": 40}',
            '{"type": "sell", "player": "B"}',    # C pays B 40
            '{"type": "offer", "player": "C", "artist": "lite_metal", "auction": "once_around"}',
            '{"type": "bid", "player": "D", "amount": 10}',
            '{"type": "bid", "player": "E", "amount": 20}',
            '{"type": "pass", "player": "A"}',
            '{"type": "pass", "player": "B"}',
            '{"type": "pass", "player": "C"}',    # E pays C 20
            '{"type": "offer", "player": "D", "artist": "yoko", "auction": "fixed"}',
            '{"type": "set_price", "player": "D", "amount": 25}',
            '{"type": "pass", "player": "E"}',
            '{"type": "buy", "player": "A"}',     # A pays D 25
            '{"type": "offer", "player": "E", "artist": "lite_metal", "auction": "sealed"}',
            '{"type": "sealed_bid", "player": "A", "amount": 1}',
            '{"type": "sealed_bid", "player": "B", "amount": 2}',
            '{"type": "sealed_bid", "player": "C", "amount": 3}',
            '{"type": "sealed_bid", "player": "D", "amount": 4}',
            '{"type": "sealed_bid", "player": "E", "amount": 5}',
            '{"type": "reveal"}',                 # E (seller) highest: bank 5
            '{"type": "offer", "player": "A", "artist": "lite_metal", "auction": "fixed"}',
            '{"type": "set_price", "player": "A", "amount": 50}',
            '{"type": "pass", "player": "B"}',
            '{"type": "pass", "player": "C"}',
            '{"type": "pass", "player": "D"}',
            '{"type": "pass", "player": "E"}',    # nobody takes it: A pays bank 50
            '{"type": "offer", "player": "B", "artist": "lite_metal"}',  # 5th LM
        ],
    ],
    checkpoints=[
        # R1 before scoring: A81 B109 C104 D105 E87 (bank kept 8 + 6).
        # Counts Kr5 Y2 Ch1 K1: Kr30 Y20, Ch/K tie -> Ch 10, K (B's painting) nothing.
        # A: 2 Kr + Y + Ch = 60+20+10 = 90; B: K 0; C 0; D: Y 20; E: 2 Kr 60.
        # Money 171, 109, 104, 125, 147.  Hands 6,5,7,7,6 (+3) = 9,8,10,10,9; C starts.
        Checkpoint(tokens(Y=20, Ch=10, Kr=30), [90, 0, 0, 20, 60], [171, 109, 104, 125, 147],
                   [9, 8, 10, 10, 9], 2, 1),
        # R2: A150 C125; A138 D137; B103 E153; A129.  Counts Y5 LM1: Y30 LM20.
        # Values Y 20+30=50, LM 0+20=20.  A: 4 Y = 200; B: LM 20.
        # Money 329, 123, 125, 137, 153.  Hands 8,7,8,9,8 (+3) = 11,10,11,12,11; C starts.
        Checkpoint(tokens(LM=20, Y=30), [200, 20, 0, 0, 0], [329, 123, 125, 137, 153],
                   [11, 10, 11, 12, 11], 2, 1),
        # R3: C114 D148; B102 E163; D141 C121; (D free Kr); A326 E166.
        # Counts K5 Ch2 Kr1: K30 Ch20 Kr10.  Values K 0+0+30=30, Ch 10+0+20=30, Kr 30+0+10=40.
        # A: K 30; B: 2 K 60; C: Ch + K = 60; D: Ch + Kr = 70; E 0.
        # Money 356, 162, 181, 211, 166.  Hands 10,9,9,10,9 (no refill); B starts.
        Checkpoint(tokens(Ch=20, K=30, Kr=10), [30, 60, 60, 70, 0], [356, 162, 181, 211, 166],
                   [10, 9, 9, 10, 9], 1, 0),
        # R4: B202 C141; C161 E146; A331 D236; E141; A281.  Counts LM5 Y1: LM30 Y20.
        # Values LM 0+20+0+30=50, Y 20+30+0+20=70.  A: Y + LM = 120; C: LM 50; E: 2 LM 100.
        # Final 401, 202, 211, 236, 241.
        Checkpoint(tokens(LM=30, Y=20), [120, 0, 50, 0, 100], [401, 202, 211, 236, 241],
                   [9, 7, 8, 9, 8], None, 1),
    ],
    winners=[0],
)

GAMES = {"3p": G3, "4p": G4, "5p": G5}


def play_round(session: Session, players: tuple[str, ...], lines: list[str]) -> None:
    for line in lines:
        session.apply(parse_line(line, players))


@pytest.mark.parametrize("key", list(GAMES))
def test_golden_game(key: str) -> None:
    golden = GAMES[key]
    setup = GAME.setup(golden.players, golden.options)
    session = Session(GAME, setup)
    for number, (lines, check) in enumerate(zip(golden.rounds, golden.checkpoints), start=1):
        play_round(session, setup.players, lines)
        state = session.state
        result = state.results[number - 1]
        assert result["round"] == number
        assert dict(zip(ARTISTS, result["tokens"])) == check.board_row, f"round {number} tokens"
        assert result["payouts"] == check.payouts, f"round {number} payouts"
        assert result["ender"] == check.ender, f"round {number} ender"
        assert state.money == check.money, f"round {number} money"
        assert state.hands == check.hands, f"round {number} hands"
        if check.next_seller is None:
            assert GAME.is_over(state)
        else:
            assert state.round == number + 1 and state.phase == "offer"
            assert state.seller == check.next_seller, f"round {number} next seller"
    state = session.state
    assert GAME.is_over(state)
    assert GAME.winners(state) == golden.winners
    assert GAME.scores(state) == [float(m) for m in golden.checkpoints[-1].money]
    assert GAME.legal_actions(state) == []
    # the ledger accounts for every unit of money
    start = 100
    for seat, money in enumerate(state.money):
        received = sum(t[3] for t in state.ledger if t[2] == seat)
        paid = sum(t[3] for t in state.ledger if t[1] == seat)
        assert start + received - paid == money


def test_golden_transcripts_replay_equal() -> None:
    for golden in GAMES.values():
        setup = GAME.setup(golden.players, golden.options)
        log = [parse_line(line, setup.players) for lines in golden.rounds for line in lines]
        live = Session(GAME, setup)
        for action in log:
            live.apply(action)
        stored = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in log]
        assert Session.replay(GAME, setup, stored).state == live.state
        # and from a snapshot half-way
        half = len(log) // 2
        snap = Session.replay(GAME, setup, log, cursor=half).state
        assert Session.replay(GAME, setup, log, start=(half, snap)).state == live.state


def test_shared_double_payments_in_detail() -> None:
    """The ledger entries of the shared doubles, each side buying (odd prices)."""
    # 3p R2: C runs B's double, first seller B buys at 21 -> bank 10, C 11.
    setup = GAME.setup(G3.players, {})
    session = Session(GAME, setup)
    play_round(session, setup.players, G3.rounds[0] + G3.rounds[1][:5])
    entries = [t for t in session.state.ledger if t[0] == 2]
    assert entries == [(2, 1, 2, 11, "sale"), (2, 1, BANK, 10, "sale")]
    # 4p R1: A runs C's double and buys it at 17 -> bank 9 (the odd unit), C 8.
    setup = GAME.setup(G4.players, {})
    session = Session(GAME, setup)
    play_round(session, setup.players, G4.rounds[0][:8])
    assert sorted(session.state.ledger) == sorted([(1, 0, BANK, 9, "sale"), (1, 0, 2, 8, "sale")])
    assert session.state.seller == 1  # B, left of the runner A; D skipped
    # 4p R1: D runs C's double, third player A buys at 15 -> D 8 (odd), C 7.
    play_round(session, setup.players, G4.rounds[0][8:21])
    assert session.state.ledger[-2:] == [(1, 0, 3, 8, "sale"), (1, 0, 2, 7, "sale")]
    assert session.state.seller == 0  # A, left of the runner D
