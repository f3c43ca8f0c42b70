"""Niagara's first two rounds, Modern Art's first round and Maritime Silk Road's
setup and first round played at 390x844 with three players, tapping as a person does, counting taps and the scrolls a
person would need (issue 36), the same way as Manila's voyage
(test_phone_layout.py: a control not wholly in view when its step begins is
one scroll; the banner naming who acts must be in view at every step).

``LAYOUT_REPORT=1 pytest tests/e2e/test_phone_rounds.py -s`` prints the
figures (the README's table) without asserting them.
"""

from __future__ import annotations

import os
import re

import pytest

from companion.core import Action
from companion.registry import get_game
from companion.storage import Store
from companion.ui.context import GameContext
from companion.ui.viewmodels import split_template
from conftest import PHONE, TABLET, Screen, Server
from test_phone_layout import Player

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cho"]
LOCALES = {"en": "en-US", "zh_Hans": "zh-CN", "zh_Hant": "zh-TW"}


class Words:
    """The game's messages and the shell's catalog in one language, as the app fills them."""

    def __init__(self, game_id: str, lang: str) -> None:
        game = get_game(game_id)
        setup = game.setup(NAMES, {})
        self.lang = lang
        self.ctx = GameContext(game, setup, game.new_state(setup), lang, lambda a: True, lambda *a: None,
                               lambda c: None, lambda: None)

    def t(self, key: str, **params) -> str:
        return self.ctx.t(key, **params)

    def ui(self, msgid: str, **params) -> str:
        return self.ctx.ui(msgid, **params)

    def now(self, name: str | None) -> re.Pattern:
        """The banner's first line: who acts (None: a decision for the whole table)."""
        if name is None:
            return re.compile("^" + re.escape(self.ctx.translator.gettext("Now: everyone")) + "$")
        before, _after = split_template(self.ctx.translator.gettext("Now: {names}"), "names")
        return re.compile("^" + re.escape(before) + re.escape(name))

    def move(self, n: int) -> re.Pattern:
        before, after = split_template(self.ctx.translator.gettext("Move {n}"), "n")
        return re.compile(re.escape(before) + str(n) + (re.escape(after) if after.strip() else r"(?!\d)"))


class Table:
    """One game's table on the phone: each step names who acts, the taps, and the engine's
    move it must come to (the app bar's move number says it was accepted)."""

    def __init__(self, screen: Screen, game_id: str, lang: str, everyone: bool = False) -> None:
        """``everyone``: a step nobody in particular acts on (the table enters a card) is
        checked too, the banner saying "Now: everyone" in view."""
        self.screen = screen
        self.everyone = everyone
        self.words = Words(game_id, lang)
        self.me = Player(screen, self.words)
        self.game = get_game(game_id)
        self.state = self.game.new_state(self.game.setup(NAMES, {}))
        self.moves = 0

    def step(self, action: Action, taps) -> None:
        seats = sorted(self.game.active_players(self.state))
        if seats:
            self.me.banner_shows(NAMES[seats[0]], action.type)
        elif self.everyone:
            self.me.banner_shows(None, action.type)
        for find, what in taps:
            self.me.tap(find, what)
        self.state = self.game.apply(self.state, action)
        self.moves += 1
        self.screen.page.get_by_text(self.words.move(self.moves)).first.wait_for(timeout=20000)


def play_niagara(screen: Screen, lang: str) -> tuple[list[tuple[int, int, list[str]]], list[str]]:
    """Rounds 1 and 2, every card turned over on its owner's turn (the rulebook's way):
    round 1 Ana 3, Ben 2, Cho 1, each launching canoe 1 that far (the river then flows 1);
    round 2 (Ben first) Ben 1, Cho 2, Ana 1, each moving canoe 1 on, canoe 2 staying ashore.  Per round: taps,
    scrolls and what needed one; and where the banner was out of view."""
    table = Table(screen, "niagara", lang)
    me, w = table.me, table.words
    me.page.get_by_text(w.now("Ana")).first.wait_for(timeout=30000)
    rounds = []
    for plan in ([(0, 3), (1, 2), (2, 1)], [(1, 1), (2, 2), (0, 1)]):
        taps0, scrolls0, missed0 = me.count.taps, me.count.scrolls, len(me.count.missed)
        for seat, card in plan:
            assert table.state.current() == seat, (table.state.current(), seat)
            table.step(Action.make("card", seat, card=card), [(me.button(w.ctx.num(card)), f"{NAMES[seat]}'s card {card}")])
            where = table.state.players[seat].canoes[0].where
            to = str(card if where == "shore" else int(where) + card)
            move = next(a for a in table.game.legal_actions(table.state) if a.type == "paddle"
                        and a.get("canoe1") == to and "canoe2" not in a and len(a.args) == 1)
            # where canoe 1 ends (the turn in hand, no move yet); when canoe 2, ashore, could
            # launch as well, that it stays ashore (its place: the shore); Confirm makes the move
            # its places lit first (a tap before they are is lost: seen under load)
            me.page.get_by_text(w.t("ui.tap_place", canoe=1), exact=True).first.wait_for(timeout=20000)
            taps = [(me.button(to), f"{NAMES[seat]}'s canoe 1 to {to}")]
            if any(a.type == "paddle" and a.get("canoe1") == to and "canoe2" in a
                   for a in table.game.legal_actions(table.state)):
                taps.append((me.button(w.t("ui.shore")), f"{NAMES[seat]}'s canoe 2 stays ashore"))
            taps.append((me.button(w.t("ui.confirm")), f"{NAMES[seat]} confirms"))
            table.step(move, taps)
        rounds.append((me.count.taps - taps0, me.count.scrolls - scrolls0, me.count.missed[missed0:]))
    return rounds, me.count.banner_hidden


def play_modern_art(screen: Screen, lang: str) -> tuple[int, int, list[str]]:
    """Round 1, one auction of each kind but the double, all of Yoko: Ana sells first, in an
    open auction (Ben bids 10, sold); Ben's sealed auction (behind hand-the-phone Ana bids 5,
    Ben 10, Cho 20; revealed: Cho's); Cho's once around (Ana bids 5, Ben and Cho pass); Ana's
    at a fixed price of 10 (Ben passes, Cho buys); Ben's fifth Yoko ends the round; its
    results put away with Continue."""
    table = Table(screen, "modern_art", lang)
    me, w = table.me, table.words
    name = NAMES
    me.page.get_by_role("button", name="Ana", exact=True).first.wait_for(timeout=30000)
    table.step(Action.make("first_seller", None, seller=0), [(me.button("Ana"), "Ana sells first")])

    def offer(seller: int, kind: str) -> None:
        table.step(Action.make("offer", seller, artist="yoko", auction=kind),
                   [(me.button("Yoko"), f"{name[seller]} offers Yoko"),
                    (me.button(w.t(f"ui.auction.{kind}")), f"{kind} auction")])

    offer(0, "open")
    table.step(Action.make("bid", 1, amount=10),
               [(me.button(name[1]), "bidder Ben"),
                (me.button(w.t("ui.bid_amount", player=1, amount=w.ctx.money(10))), "Ben bids 10")])
    table.step(Action.make("sell", 0), [(me.button(w.t("action.sell"), exact=False), "sold")])
    offer(1, "sealed")
    for seat, amount in ((0, 5), (1, 10), (2, 20)):
        table.step(Action.make("sealed_bid", seat, amount=amount), [
            (me.button(w.t("ui.sealed_enter", player=seat)), f"{name[seat]}'s sealed bid"),
            (me.button(w.ui("I am {name}", name=name[seat])), f"I am {name[seat]}"),
            (me.button(w.t("ui.sealed_amount", amount=w.ctx.money(amount))), f"{name[seat]} bids {amount}")])
        me.tap(me.button(w.ui("Continue")), "hidden: back to the table")
    table.step(Action.make("reveal"), [(me.button(w.t("action.reveal")), "reveal the bids")])
    offer(2, "once_around")
    table.step(Action.make("bid", 0, amount=5),
               [(me.button(w.t("ui.bid_amount", player=0, amount=w.ctx.money(5))), "Ana bids 5")])
    for seat in (1, 2):
        table.step(Action.make("pass", seat), [(me.button(w.t("ui.pass_as", player=seat)), f"{name[seat]} passes")])
    offer(0, "fixed")
    table.step(Action.make("set_price", 0, amount=10),
               [(me.button(w.t("ui.price_amount", amount=w.ctx.money(10))), "price 10")])
    table.step(Action.make("pass", 1), [(me.button(w.t("ui.pass_as", player=1)), "Ben passes")])
    table.step(Action.make("buy", 2), [(me.button(w.t("ui.buy_for", player=2, amount=w.ctx.money(10))),
                                        "Cho buys")])
    table.step(Action.make("offer", 1, artist="yoko"),
               [(me.button("Yoko"), "Ben plays the fifth Yoko"), (me.button(w.t("ui.play_last")), "play it")])
    me.tap(me.button(w.ui("Continue")), "results: continue")
    assert me.count.banner_hidden == [], me.count.banner_hidden
    return me.count.taps, me.count.scrolls, me.count.missed


#: Silk Road's table as the test sets it up: the market left to right, the loading twice round
SILK_MARKET = ("tea", "silk", "tea", "ore", "tea", "glass")
SILK_LOADS = ((0, "tea"), (1, "tea"), (2, "silk"), (0, "ore"), (1, "tea"), (2, "glass"))


def play_silk_road(screen: Screen, lang: str) -> tuple[list[tuple[int, int, list[str]]], list[str]]:
    """The setup (six market cards, Ana starts, two tokens each: Ana tea and ore, Ben tea
    twice, Cho silk and glass) and round 1, worked out by hand from the rulebook (start money
    0; a play earns every player (cards of the good showing) x (their ships carrying it)):
    Ana passes, then plays 2 tea on positions 2 and 4 (silk, ore) -- 5 tea showing: Ana (one
    tea ship) earns 5, Ben (two) 10, Cho none; Ben buys a ship (10, all of his money) loaded
    with spice and draws; Cho swaps the glass on her ship 2, the last of the board's fleets,
    for porcelain and draws.  Per part (setup, round 1): taps, scrolls and what needed one;
    and where the banner was out of view."""
    table = Table(screen, "silk_road", lang, everyone=True)
    me, w = table.me, table.words
    good = lambda g: w.t(f"ui.good.{g}")  # noqa: E731 - the good's name, as its buttons say it
    me.page.get_by_text(w.now(None)).first.wait_for(timeout=30000)
    parts = []
    mark = (0, 0, 0)

    def part() -> None:
        nonlocal mark
        parts.append((me.count.taps - mark[0], me.count.scrolls - mark[1], me.count.missed[mark[2]:]))
        mark = (me.count.taps, me.count.scrolls, len(me.count.missed))

    for slot, g in enumerate(SILK_MARKET):  # each card: its good in the step's panel
        table.step(Action.make("market_card", good=g), [(me.button(good(g)), f"market card {slot + 1}: {g}")])
    table.step(Action.make("first_player", first_player=0), [(me.button("Ana"), "Ana starts")])
    for seat, g in SILK_LOADS:
        table.step(Action.make("load", seat, good=g), [(me.button(good(g)), f"{NAMES[seat]} loads {g}")])
    part()

    table.step(Action.make("pass", 0), [(me.button(w.t("action.pass", player=0)), "Ana passes")])
    # the good in the panel, the two positions on the board, the play
    table.step(Action.make("play", 0, good="tea", slots=[1, 3]),
               [(me.button(good("tea")), "Ana plays tea"),
                (me.button(f"2. {good('silk')}"), "on position 2"), (me.button(f"4. {good('ore')}"), "on position 4"),
                (me.button(w.t("ui.play_confirm", count=2)), "play these 2")])
    # Ben: the ship for sale on the board, then the good it is loaded with
    price = w.t("ui.card.ship") + w.ctx.paren(w.ctx.num(10))
    table.step(Action.make("buy", 1, card="ship", good="spice"),
               [(me.button(price, exact=False), "Ben buys a ship"), (me.button(good("spice")), "loaded with spice")])
    draw = w.t("ui.draw_button", count=2)
    table.step(Action.make("draw", 1), [(me.button(draw), "Ben draws")])
    # Cho: her ship 2 on the board (in the row under her name: a market position may read the
    # same), then its new good in the step's panel
    table.step(Action.make("swap", 2, ship=2, good="porcelain"),
               [(me.in_row("Cho", f"2. {good('glass')}", below=True), "Cho's ship 2 (glass)"),
                (me.button(good("porcelain")), "its new good: porcelain")])
    table.step(Action.make("draw", 2), [(me.button(draw), "Cho draws")])
    part()
    assert table.state.phase == "phase1" and table.state.turn == 0, (table.state.phase, table.state.turn)
    assert [p.money for p in table.state.players] == [5, 0, 0], table.state.players
    return parts, me.count.banner_hidden


def _table(tmp_path, game_id: str, lang: str) -> Server:
    store = Store(tmp_path / "companion.db")
    game = get_game(game_id)
    stored = store.create_table(game, game.setup(NAMES, {}))
    store.set_setting("open_table", stored.id)
    store.set_setting("lang", lang)
    store.close()
    return Server(tmp_path)


LANGS = ["en", "zh_Hans", "zh_Hant"]


@pytest.mark.parametrize("lang", LANGS)
def test_niagaras_first_rounds_on_a_phone(browser, tmp_path, lang):
    server = _table(tmp_path, "niagara", lang)
    screen = Screen(browser, server, PHONE, locale=LOCALES[lang])
    try:
        rounds, hidden = play_niagara(screen, lang)
    finally:
        screen.close()
        server.stop()
    report = f"Niagara at 390x844 ({lang}), taps and scrolls per round: {rounds}"
    if os.environ.get("LAYOUT_REPORT"):
        print("\n" + report)
        return
    assert hidden == [], report
    # 3 taps a turn (the card turned over, where canoe 1 ends, Confirm), 3 turns a round; in
    # round 2 each canoe 2, still ashore, could launch too: one more tap a turn, on the shore
    assert [taps for taps, _s, _m in rounds] == [9, 12], report
    assert [scrolls for _t, scrolls, _m in rounds] == [0, 0], report


@pytest.mark.parametrize("lang", LANGS)
def test_modern_arts_first_round_on_a_phone(browser, tmp_path, lang):
    server = _table(tmp_path, "modern_art", lang)
    screen = Screen(browser, server, PHONE, locale=LOCALES[lang])
    try:
        taps, scrolls, missed = play_modern_art(screen, lang)
    finally:
        screen.close()
        server.stop()
    report = f"Modern Art, round 1 at 390x844 ({lang}): {taps} taps, {scrolls} scrolls {missed}"
    if os.environ.get("LAYOUT_REPORT"):
        print("\n" + report)
        return
    # 1 (who sells first); open: 5 (the painting, its type, the bidder, the bid, Sold!); sealed:
    # 2 + 3 bidders x 4 (their button, I am, the bid, Continue) + Reveal = 15; once around: 2 + 3
    # (a bid, two passes); fixed price: 2 + 3 (the price, a pass, a buy); the fifth painting: 2
    # (the painting, play it); the results: Continue -> 1 + 5 + 15 + 5 + 5 + 2 + 1 = 34
    assert taps == 34, report
    assert scrolls == 0, report


@pytest.mark.parametrize("viewport, size", [(PHONE, "phone"), (TABLET, "tablet")])
@pytest.mark.parametrize("lang", LANGS)
def test_modern_arts_sealed_bid_behind_hand_the_phone(browser, tmp_path, lang, viewport, size):
    """Ben's sealed auction of Yoko: Ana's entry, behind hand-the-phone, says her own money
    (100, the rulebook's start with 3 players) and offers round bids within it (0, 5, 10, 20);
    a screenshot at each size in each language."""
    store = Store(tmp_path / "companion.db")
    game = get_game("modern_art")
    stored = store.create_table(game, game.setup(NAMES, {}))
    for action in (Action.make("first_seller", None, seller=1), Action.make("offer", 1, artist="yoko", auction="sealed")):
        stored.apply(action)
    store.set_setting("open_table", stored.id)
    store.set_setting("lang", lang)
    store.close()
    server = Server(tmp_path)
    w = Words("modern_art", lang)
    screen = Screen(browser, server, viewport, locale=LOCALES[lang])
    try:
        screen.button(w.t("ui.sealed_enter", player=0), exact=True).click()
        screen.button(w.ui("I am {name}", name="Ana"), exact=True).click()
        screen.wait_text(w.t("ui.your_money", amount=w.ctx.money(100)), exact=False)
        for amount in (0, 5, 10, 20):
            screen.button(w.t("ui.sealed_amount", amount=w.ctx.money(amount)), exact=True).wait_for(timeout=10000)
        assert not screen.page.get_by_text("Ben", exact=True).count()   # nobody else's name or figure here
        screen.shot(f"modern-art-sealed-bid-{lang}-{size}")
    finally:
        screen.close()
        server.stop()


@pytest.mark.parametrize("lang", LANGS)
def test_silk_roads_setup_and_first_round_on_a_phone(browser, tmp_path, lang):
    server = _table(tmp_path, "silk_road", lang)
    screen = Screen(browser, server, PHONE, locale=LOCALES[lang])
    try:
        parts, hidden = play_silk_road(screen, lang)
    finally:
        screen.close()
        server.stop()
    report = f"Maritime Silk Road at 390x844 ({lang}), taps and scrolls of the setup and of round 1: {parts}; " \
             f"banner out of view at {hidden}"
    if os.environ.get("LAYOUT_REPORT"):
        print("\n" + report)
        return
    assert hidden == [], report
    # the setup: one tap a market card (its good: 6), the start player (1), one a token loaded
    # (its good: 6) = 13; round 1: Ana 5 (pass; the good, two positions on the board, the play),
    # Ben 3 (the ship for sale on the board, its good; draw), Cho 3 (her ship on the board, its
    # new good; draw) = 11
    assert [taps for taps, _s, _m in parts] == [13, 11], report
    assert [scrolls for _t, scrolls, _m in parts] == [0, 0], report
