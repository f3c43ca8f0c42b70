"""The Modern Art screen without a browser: the plain screen logic, and the
built control tree driven by calling its click handlers (a context whose
dispatch applies to a real session, as the shell's does)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.cli import parse_line
from companion.core import Action, Session
from companion.games.modern_art import GAME
from companion.ui import sections
from companion.ui.widgets import parse_amount
from companion.ui.views import modern_art as screen

from games.screen_harness import Table, click, texts
from refusal import refused
from games.test_modern_art_golden import G3, play_round
from ui_harness import walk


def new(players: list[str] = ["Ann", "Bo", "Cy"], lines: list[str] = (), **options: Any) -> Session:
    session = Session(GAME, GAME.setup(players, {k: str(v) for k, v in options.items()}))
    for line in lines:
        session.apply(parse_line(line, session.setup.players))
    return session


START = ['{"type": "first_seller", "seller": 0}']


# ----- plain logic ------------------------------------------------------------------------
def test_read_choices_per_phase() -> None:
    s = new(lines=START)
    ch = screen.read_choices(GAME.legal_actions(s.state), s.state.phase)
    assert ch.seat == 0 and set(ch.offers) == {"lite_metal", "yoko", "christin_p", "karl_gitter", "krypto"}
    assert ch.offers["yoko"] == ["open", "once_around", "sealed", "fixed", "double"]
    assert ch.seconds["yoko"] == ["open", "once_around", "sealed", "fixed"]
    s.apply(Action.make("offer", 0, artist="yoko", auction="open"))
    s.apply(Action.make("bid", 1, amount=7))
    ch = screen.read_choices(GAME.legal_actions(s.state), s.state.phase)
    assert ch.can_sell and ch.bids == {0: (8, 100), 1: (8, 100), 2: (8, 100)}
    s.apply(Action.make("sell", 0))
    s.apply(Action.make("offer", 1, artist="krypto", auction="sealed"))
    ch = screen.read_choices(GAME.legal_actions(s.state), s.state.phase)
    assert ch.sealed == {0: (0, 107), 1: (0, 93), 2: (0, 100)}


def test_parse_and_quick_amounts() -> None:
    assert parse_amount("12", 1, 20) == 12
    assert parse_amount(" 21", 1, 20) is None
    assert parse_amount("x", 1, 20) is None and parse_amount(None, 0, 5) is None
    # the lowest allowed, then round figures (issue 36: a sealed bid offered "Bid 19")
    assert screen.quick_amounts(8, 100) == [8, 10, 15, 20]
    assert screen.quick_amounts(8, 14) == [8, 10]
    assert screen.quick_amounts(0, 100) == [0, 5, 10, 20]
    assert screen.quick_amounts(11, 100) == [11, 15, 20, 25]
    assert screen.quick_amounts(0, 7) == [0, 5]
    assert screen.quick_amounts(0, 0) == [0]


def test_board_and_player_rows_mid_game() -> None:
    s = new(players=G3.players)
    play_round(s, s.setup.players, G3.rounds[0] + G3.rounds[1][:11])
    view = GAME.view(s.state)
    rows = screen.board_rows(view)
    assert [r.name for r in rows] == ["Lite Metal", "Yoko", "Christin P.", "Karl Gitter", "Krypto"]
    assert rows[0].tokens == [30, None, None, None] and rows[3].tokens == [0, None, None, None]
    # if round 2 ended now: LM 30+20, Y 20+10, Kr 30 (worked out in test_modern_art_rules)
    assert [r.worth_now for r in rows] == [50, 30, 0, 0, 30]
    players = screen.player_rows(view)
    assert players[1].bought == [("lite_metal", 1), ("yoko", 1), ("krypto", 2)]
    assert players[1].earns == 140 and players[1].money is None


def test_offer_form_and_round_end_warning() -> None:
    form = screen.OfferForm()
    assert form.choose(0, "open") is None
    form.pick_artist("yoko")
    assert form.choose(0, "sealed") == Action.make("offer", 0, artist="yoko", auction="sealed")
    assert form.choose(0, "double") is None and form.double
    assert form.with_second(0, "fixed") == Action.make("offer", 0, artist="yoko", auction="double", second="fixed")
    assert form.alone(0) == Action.make("offer", 0, artist="yoko", auction="double")
    form.pick_artist("krypto")
    assert not form.double
    view = GAME.view(new(lines=START).state)
    assert screen.ends_round(view, "yoko") is None
    view["artists"][1]["count"] = 4
    assert screen.ends_round(view, "yoko") == 5


# ----- the built screen -----------------------------------------------------------------------
def test_a_round_played_from_the_screen() -> None:
    t = Table(new())
    click(t.build(), "Bo")                              # Bo sells first
    root = t.build()
    click(root, "Yoko")
    click(root, "Open")
    assert t.session.state.phase == "open"
    root = t.build()
    click(root, "Cy")                                   # Cy bids ...
    click(root, "Cy bids 1")                            # ... the lowest quick amount
    root = t.build()
    assert "Best bid: 1 by Cy" in texts(root)
    click(root, "Bo: Sold! — Cy buys it for 1")
    assert t.session.state.bought[2][1] == 1 and t.session.state.seller == 2
    # once around from Cy: Ann, Bo, then Cy
    root = t.build()
    click(root, "Krypto")
    click(root, "Once around")
    click(t.build(), "Ann: pass")
    click(t.build(), "Bo bids 5")
    click(t.build(), "Cy: pass")
    assert t.session.state.bought[1][4] == 1 and t.refused == []


def test_sealed_bids_go_through_the_hand_the_phone_flow() -> None:
    t = Table(new(lines=START))
    root = t.build()
    click(root, "Christin P.")
    click(root, "Sealed")
    root = t.build()
    click(root, "Bo: sealed bid")
    seat, title, form = t.privately[-1]
    assert seat == 1 and title == "Bo: sealed bid"
    click(form, "Bid 10")                               # the quick amounts start at 0: 0, 5, 10, 20
    assert t.finished == [1] and t.session.state.sealed == [None, 10, None]
    root = t.build()
    assert "Bo: bid entered" in texts(root)
    assert not any(x.startswith("Sealed bids") for x in texts(root))   # nothing shows Bo's 10
    for name, seat in (("Ann", 0), ("Cy", 2)):
        click(t.build(), f"{name}: sealed bid")
        click(t.privately[-1][2], "Bid 5")
    click(t.build(), "Reveal the bids")
    assert t.session.state.bought[1][2] == 1
    assert "Sealed bids: Ann 5, Bo 10, Cy 5" in texts(t.build())


def test_the_sealed_bid_entry_says_the_bidders_own_money_and_stops_there() -> None:
    """Issue 36: the hand-the-phone entry said "0 to 999" (the shared screen's stand-in for
    hidden money) and offered "Bid 19".  Bo paid 7 for a Yoko: behind hand-the-phone his
    entry says his 93, the field takes 0 to 93; the shared screen never says 93."""
    t = Table(new(lines=START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}',
                                 '{"type": "bid", "player": "Bo", "amount": 7}',
                                 '{"type": "sell", "player": "Ann"}',
                                 '{"type": "offer", "player": "Bo", "artist": "krypto", "auction": "sealed"}']))
    root = t.build()
    assert not any("93" in x for x in texts(root))
    click(root, "Bo: sealed bid")
    form = t.privately[-1][2]
    shown = texts(form)
    assert "Your money: 93" in shown
    assert [x for x in shown if x.startswith("Bid ")] == ["Bid 0", "Bid 5", "Bid 10", "Bid 20"]
    field_ = next(c for c in walk(form) if isinstance(c, ft.TextField))
    assert field_.helper == "Enter a whole number from 0 to 93."
    click(t.build(), "Ann: sealed bid")
    assert "Your money: 107" in texts(t.privately[-1][2])


def test_the_round_ending_painting_asks_for_no_auction_type() -> None:
    """Issue 36: the fifth painting of an artist ends the round and is not auctioned
    (modern_art.round.fifth-painting), yet the screen asked for its auction type."""
    s = new(lines=START)
    for seller, buyer in ((0, 1), (1, 2), (2, 0), (0, 1)):   # four Yokos sold, 1 each
        s.apply(Action.make("offer", seller, artist="yoko", auction="open"))
        s.apply(Action.make("bid", buyer, amount=1))
        s.apply(Action.make("sell", seller))
    assert s.state.counts[1] == 4 and s.state.seller == 1
    t = Table(s)
    root = t.build()
    click(root, "Yoko")
    shown = texts(root)
    assert "Auction type printed on the card:" not in shown and "Open" not in shown and "Sealed" not in shown
    assert "This is Yoko's painting number 5 this round: it ends the round and is not sold." in shown
    click(root, "Play it: the round ends")
    assert t.sent[-1] == Action.make("offer", 1, artist="yoko") and not t.refused
    assert s.state.round == 2 and s.state.results[-1]["round"] == 1
    # a log that named an auction type for it (before issue 36) replays to the same table
    older = Session(GAME, s.setup)
    for action in s.log[:-1]:
        older.apply(action)
    older.apply(Action.make("offer", 1, artist="yoko", auction="sealed"))
    assert older.state == s.state
    # any other painting still needs its type
    refused(new(lines=START), Action.make("offer", 0, artist="yoko"), "auction_needed", "modern_art.turn.offer")


def test_typed_amount_empty_is_flagged_and_out_of_range_is_refused_by_the_referee() -> None:
    t = Table(new(lines=START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "fixed"}']))
    root = t.build()
    field_ = next(c for c in walk(root) if isinstance(c, ft.TextField))
    field_.value = ""
    field_.on_submit(None)
    # the shared screen does not tell Ann's secret money: only the lowest price
    assert field_.error == "Enter a whole number, at least 0." and t.sent == []
    assert field_.helper == "Enter a whole number, at least 0."
    field_.value = "15"
    field_.on_change(None)
    assert field_.error is None  # the message goes as soon as the entry is fixed
    # Ann has 100 (the starting money): 150 goes to the referee, whose refusal
    # (with its rule) the shell shows; nothing changes
    field_.value = "150"
    field_.on_submit(None)
    assert [a["amount"] for a in t.sent] == [150] and len(t.refused) == 1
    assert t.session.state.phase == "fixed_price"
    assert not field_.__dict__.get(sections.GONE)  # refused: a redraw keeps what is typed
    field_.value = "30"
    click(root, "Confirm")
    assert t.session.state.price == 30
    assert field_.__dict__.get(sections.GONE)  # entered: the next screen's amount starts empty
    root = t.build()
    click(root, "Bo: pass")
    click(t.build(), "Cy: buy for 30")
    assert t.session.state.bought[2][1] == 1


def test_double_offered_and_joined_from_the_screen() -> None:
    t = Table(new(lines=START))
    root = t.build()
    click(root, "Krypto")
    click(root, "Double")
    assert len(t.redrawn) >= 2                          # the form redrew in place, nothing sent yet
    assert t.sent == []
    click(root, "Offer it to the others")
    root = t.build()
    click(root, "Add my painting")                      # Bo taps the place beside the double ...
    click(root, "Open")                                 # ... and adds a Krypto sold openly
    assert t.session.state.seller == 1 and t.session.state.co_seller == 0
    assert "takings shared with Ann" in texts(t.build())


def test_double_with_own_second_from_the_screen() -> None:
    t = Table(new(lines=START))
    root = t.build()
    click(root, "Yoko")
    click(root, "Double")
    click(root, "Fixed price")
    assert t.sent[-1] == Action.make("offer", 0, artist="yoko", auction="double", second="fixed")
    assert t.session.state.phase == "fixed_price" and t.session.state.paintings == 2


def test_money_is_private_until_the_end() -> None:
    t = Table(new(lines=START))
    root = t.build()
    assert "Money stays secret until the game is over." in texts(root)
    assert not any(x == "100" for x in texts(root))
    click(root, "Ann: Show my money")
    seat, title, form = t.privately[-1]
    assert (seat, title) == (0, "Ann's money") and "You have 100." in texts(form)
    open_table = Table(new(lines=START, open_money=True))
    assert "100" in texts(open_table.build())


def test_finished_game_and_chinese_labels() -> None:
    s = new(players=G3.players)
    play_round(s, s.setup.players, [x for r in G3.rounds for x in r])
    root = Table(s).build()
    shown = texts(root)
    assert "Richest: B" in shown and "373" in shown
    assert "Round 4: Karl Gitter 30, Krypto 20" in shown
    for lang, board in (("zh_Hans", "画家价值板"), ("zh_Hant", "畫家價值板")):
        assert board in texts(Table(s, lang).build())
    mid = new(lines=START)
    assert "卖" not in " ".join(texts(Table(mid, "zh_Hant").build()))


# ----- the board (issue 23) ----------------------------------------------------------------------
def spot_keys(root: Any) -> dict[str, Any]:
    from companion.ui.board import spots
    return {info.key: (control, info) for control, info in spots(root)}


def test_a_painting_is_offered_by_tapping_its_artist_on_the_value_board() -> None:
    t = Table(new(lines=START))
    root = t.build()
    found = spot_keys(root)
    artists = [k for k in found if k.startswith("artist:")]
    assert artists == ["artist:lite_metal", "artist:yoko", "artist:christin_p", "artist:karl_gitter", "artist:krypto"]
    control, info = found["artist:yoko"]
    assert info.legal and not info.direct and Action.make("offer", 0, artist="yoko", auction="sealed") in info.reaches
    control.on_click(None)
    assert t.sent == []                                       # a step: the card shows on the auction block
    shown = texts(root)
    assert "Auction type printed on the card:" in shown and shown.count("Yoko") >= 2
    click(root, "Sealed")
    assert t.sent == [Action.make("offer", 0, artist="yoko", auction="sealed")] and t.session.state.phase == "sealed"


def test_an_artist_with_no_painting_left_stays_on_the_board_and_answers_with_the_rule() -> None:
    session = new(lines=START)
    session.state.played[0] = 12          # all 12 Lite Metal paintings are out (the table as corrected)
    t = Table(session)
    root = t.build()
    control, info = spot_keys(root)["artist:lite_metal"]
    assert not info.legal and info.reaches == ()
    control.on_click(None)                # the tap goes to the referee, which says why (with its clause)
    assert t.refused == ["artist_exhausted"] and t.session.state.phase == "offer"
    reason = t.ctx().why_not(info.action)
    assert reason is not None and reason[1] is not None


def test_a_double_on_the_board_shows_the_place_for_the_partners_painting() -> None:
    t = Table(new(lines=START + ['{"type": "offer", "player": "Ann", "artist": "krypto", "auction": "double"}']))
    assert t.session.state.phase == "double"
    root = t.build()
    control, info = spot_keys(root)["join-slot"]
    assert info.legal and {a["auction"] for a in info.reaches} == {"open", "once_around", "sealed", "fixed"}
    control.on_click(None)
    click(root, "Fixed price")
    assert t.sent[-1] == Action.make("join", 1, auction="fixed") and t.session.state.paintings == 2
    shown = texts(t.build())
    assert "Ann sells Krypto × 2" not in shown and "Bo sells Krypto × 2" in shown   # Bo sells, shares with Ann
    assert "takings shared with Ann" in shown


def test_a_bid_hint_on_the_shared_screen_never_states_secret_money() -> None:
    t = Table(new(lines=START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}']))
    root = t.build()
    click(root, "Bo")
    field_ = next(c for c in walk(t.redrawn[-1]) if isinstance(c, ft.TextField))
    assert field_.helper == "Enter a whole number, at least 1." and "100" not in field_.helper
    # the quick bids are not cut off at Bo's cash either (which would hint at it)
    assert "Bo bids 15" in texts(t.redrawn[-1])
    # Bo's own device may say his limit
    ctx = t.ctx()
    ctx.seat = 1
    click(screen.build(ctx), "Bo")
    field_ = next(c for c in walk(t.redrawn[-1]) if isinstance(c, ft.TextField))
    assert field_.helper == "Enter a whole number from 1 to 100."
    open_money = Table(new(lines=START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}'],
                           open_money=True))
    root = open_money.build()
    click(root, "Bo")
    field_ = next(c for c in walk(open_money.redrawn[-1]) if isinstance(c, ft.TextField))
    assert field_.helper == "Enter a whole number from 1 to 100."   # money is open: the limit may be said


def test_a_painting_sold_is_ringed_in_its_buyers_row() -> None:
    t = Table(new(lines=START + ['{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "open"}',
                                '{"type": "bid", "player": "Cy", "amount": 5}']))
    t.build()                                              # this device drew the auction
    t.session.apply(Action.make("sell", 0))
    root = t.build()
    cy = next(c for c in walk(root) if getattr(c, "key", None) == "player:2")
    bought = [c for c in walk(cy) if isinstance(c, ft.Container) and c.shadow is not None]
    assert bought and "Yoko ×1" in texts(bought[0])


def test_the_banner_says_to_draw_the_new_cards_when_the_round_begins() -> None:
    """Issue 36: "before round 2 everyone draws 6 cards" (3 players: modern_art facts refill 6)
    was only in the move log; the banner says it until the round's first painting is played."""
    from companion.ui.viewmodels import now_text
    s = new(lines=START)
    for seller, buyer in ((0, 1), (1, 2), (2, 0), (0, 1)):
        s.apply(Action.make("offer", seller, artist="yoko", auction="open"))
        s.apply(Action.make("bid", buyer, amount=1))
        s.apply(Action.make("sell", seller))
    assert now_text(GAME, s.state, s.setup.players, "en")[0] == "Bo: choose a painting to auction."
    s.apply(Action.make("offer", 1, artist="yoko"))   # the fifth Yoko ends round 1
    assert s.state.round == 2
    assert now_text(GAME, s.state, s.setup.players, "en")[0] == (
        "Round 2: first everyone draws 6 new cards. Then Cy chooses a painting to auction.")
    assert now_text(GAME, s.state, s.setup.players, "zh_Hant")[0] == "第 2 回合：每個人先補 6 張牌，然後 Cy 選一幅畫拍賣。"
    s.apply(Action.make("offer", 2, artist="krypto", auction="open"))
    assert "draws" not in now_text(GAME, s.state, s.setup.players, "en")[0]
