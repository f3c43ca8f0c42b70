"""Teaching play: a rule's card appears the first time the rule applies at this table, once.

Each replay below is played through the store with teaching on (as a table started from
Teach is), and the cards each device shows at each step are compared with the steps worked
out by hand from the cards the game declares (``companion/games/<id>/teach.py``, ``PLAY``)
before the test ran: a phase card at the first step in that phase, an event card right after
the first action that did it.  Every clause's card appears exactly once, at that step, none
before it.  A seat's own cards (Manila's share entry, Modern Art's sealed bid) go to that
seat's device; the shared screen shows them only for the seats nobody claimed (their secrets
are entered on it, behind hand-the-phone).  What a device is shown never depends on another
seat's secret (the same replay with other secrets shows the same cards everywhere).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion import teach
from companion.cli import parse_line
from companion.core import teach as core_teach
from companion.registry import game_ids, get_game
from companion.rules import library
from companion.storage import Store

SHARED = None


def line(**args: Any) -> str:
    return json.dumps(args)


# ----- Manila: the first voyage of tests/games/test_manila_golden.py's 4-player game ------------
# C (seat 2) is the oldest; B and D tell their shares at the end; two pirates, insurance, pilots.
def manila_voyage(a_hand: tuple[str, str] = ("nutmeg", "silk"), c_hand: tuple[str, str] = ("ginseng", "jade")
                  ) -> list[str]:
    place = [("C", "pirate"), ("D", "pirate"), ("A", "silk"), ("B", "harbor_b"),
             ("C", "silk"), ("D", "insurance"), ("A", "jade"), ("B", "silk"),
             ("C", "pilot_small"), ("D", "pilot_large"), ("A", "pirate"), ("B", "shipyard_c")]
    p = [line(type="place", player=w, space=s) for w, s in place]
    return [
        line(type="enter_shares", player="A", wares=list(a_hand)),            # 1
        line(type="shares_later", player="B"),                                # 2
        line(type="enter_shares", player="C", wares=list(c_hand)),            # 3
        line(type="shares_later", player="D"),                                # 4: supply
        line(type="supply", nutmeg=3, silk=3, ginseng=4, jade=2),             # 5: auction
        line(type="bid", player="C", amount=3), line(type="bid", player="D", amount=4),   # 6, 7
        line(type="pass_bid", player="A"), line(type="pass_bid", player="B"),             # 8, 9
        line(type="bid", player="C", amount=6), line(type="pass_bid", player="D"),        # 10, 11: buy
        line(type="buy_share", player="C", ware="silk"),                      # 12: launch
        line(type="launch", player="C", silk=3, ginseng=1, jade=5),           # 13: place
        *p[0:4],                                                              # 14-17: roll
        line(type="roll", player="C", silk=5, ginseng=6, jade=4),             # 18
        *p[4:8],                                                              # 19-22: roll
        line(type="roll", player="C", silk=5, ginseng=3, jade=4),             # 23: board
        line(type="board", player="C", ware="jade"), line(type="stay", player="D"),       # 24, 25
        *p[8:12],                                                             # 26-29: pilot
        line(type="pilot", player="C", jade=1),                               # 30: jade docks
        line(type="pilot", player="D", silk=-1, ginseng=1),                   # 31: roll
        line(type="roll", player="C", silk=1, ginseng=2),                     # 32: plunder
        line(type="plunder", player="D", ware="silk", to="harbor"),           # 33
        line(type="plunder", player="D", ware="ginseng", to="shipyard"),      # 34: paid out
    ]


#: worked out by hand from manila's PLAY: the position (actions made) -> the shared cards there
MANILA_SHARED = {
    0: ["manila.setup.share_entry"],           # the deal: every seat's own step (all unclaimed here)
    4: ["manila.setup.supply_count"],          # two players tell at the end: the table counts the supply
    5: ["manila.auction.bids"],
    8: ["manila.auction.pass"],                # A is the first to pass
    11: ["manila.auction.win", "manila.harbor_master.buy"],
    12: ["manila.harbor_master.cargo", "manila.harbor_master.launch"],
    13: ["manila.placement.order", "manila.placement.cost"],
    14: ["manila.spaces.pirates"],             # C takes the pirate ship
    16: ["manila.spaces.boats"],               # A sits on the silk boat (D's pirate seat at 15 is no new kind)
    17: ["manila.spaces.harbor", "manila.movement.roll"],
    20: ["manila.spaces.insurance"],
    23: ["manila.pirates.attack", "manila.pirates.board"],   # silk and jade on 13 after the 2nd roll
    26: ["manila.spaces.pilots"],
    29: ["manila.spaces.shipyard", "manila.pilots.when", "manila.pilots.small"],
    30: ["manila.movement.arrival", "manila.pilots.large"],  # jade piloted into Manila
    32: ["manila.pirates.plunder"],
    # the voyage paid out: jade's seats, harbor B, the pirates' loot, the insurer paying for
    # the empty shipyard A, then jade and silk rise
    34: ["manila.payout.boats", "manila.payout.harbor", "manila.payout.pirates", "manila.insurance.claims",
          "manila.prices.rise"],
}


@pytest.fixture
def store(tmp_path: Any) -> Any:
    s = Store(tmp_path / "companion.db")
    yield s
    s.close()


def replay(store: Store, game_id: str, names: list[str], options: dict[str, Any], lines: list[str],
           seats: list[int | None], unclaimed: tuple[int, ...] | None = None) -> dict[int | None, dict[int, list[str]]]:
    """Play ``lines`` on a new teaching table; for each device seat, position -> its cards."""
    game = get_game(game_id)
    setup = game.setup(names, options)
    table = store.create_table(game, setup, teaching=True)
    hands = tuple(range(len(names))) if unclaimed is None else unclaimed
    shown: dict[int | None, dict[int, list[str]]] = {s: {} for s in seats}

    def look() -> None:
        at = table.session.cursor
        for seat in seats:
            cards = core_teach.showing(table.teach, at, seat, hands if seat is None else ())
            if cards:
                shown[seat][at] = cards

    look()
    for text in lines:
        table.apply(parse_line(text, setup.players))
        look()
    return shown


def once_each(shown: dict[int, list[str]]) -> None:
    every = [c for cards in shown.values() for c in cards]
    assert len(every) == len(set(every)), every


def test_manila_first_voyage_cards_at_the_first_step_that_needs_each(store: Store) -> None:
    shown = replay(store, "manila", ["A", "B", "C", "D"], {"oldest": 2}, manila_voyage(), [SHARED])
    assert shown[SHARED] == MANILA_SHARED
    once_each(shown[SHARED])
    # pirates and insurance were both met in this voyage
    met = [c for cards in shown[SHARED].values() for c in cards]
    assert {"manila.spaces.pirates", "manila.pirates.board", "manila.pirates.plunder", "manila.payout.pirates",
            "manila.spaces.insurance", "manila.insurance.claims"} <= set(met)


def test_manila_seated_table_each_phone_gets_its_own_share_entry_card(store: Store) -> None:
    # every seat claimed by a phone: the shared screen enters no secret, so it shows no seat card
    shown = replay(store, "manila", ["A", "B", "C", "D"], {"oldest": 2}, manila_voyage(),
                   [SHARED, 0, 1, 2, 3], unclaimed=())
    expected_shared = {k: v for k, v in MANILA_SHARED.items() if k != 0}
    assert shown[SHARED] == expected_shared
    for seat in range(4):
        assert shown[seat] == {0: ["manila.setup.share_entry"]}


def test_manila_cards_never_depend_on_another_seats_secret(store: Store) -> None:
    # A's and C's secret hands swapped: the deal adds up the same, every device sees the same cards
    seats = [SHARED, 0, 1, 2, 3]
    one = replay(store, "manila", ["A", "B", "C", "D"], {"oldest": 2}, manila_voyage(), seats, unclaimed=(1, 3))
    two = replay(store, "manila", ["A", "B", "C", "D"], {"oldest": 2},
                 manila_voyage(("ginseng", "jade"), ("nutmeg", "silk")), seats, unclaimed=(1, 3))
    assert one == two
    # the words of a card are the clause's alone: nothing in them comes from a seat
    for cards in one[SHARED].values():
        for clause in cards:
            for lang in teach.LANGS:
                title, text = teach.card_text(clause, lang)
                assert title and text and "{" not in text


# ----- Niagara: one round, 3 players, cards entered at once --------------------------------------
# Lifebuoy Ann: order Ann, Bo, Cy.  Ann 5: launch to 3 and load violet; Bo 6: launch to 4 and
# load white; Cy 1: launch to 1.  Flow: lowest card 1 + weather 0 = one step, its disc left.
NIAGARA_ROUND = [
    line(type="reveal", cards=[5, 6, 1]),
    line(type="paddle", player="Ann", canoe1="3", canoe1_load="violet", canoe1_gems="after"),
    line(type="paddle", player="Bo", canoe1="4", canoe1_load="white", canoe1_gems="after"),
    line(type="paddle", player="Cy", canoe1="1"),
]
NIAGARA_SHARED = {
    0: ["niagara.round.steps", "niagara.cards.choose"],        # everyone picks a paddle card
    1: ["niagara.round.order", "niagara.turn.number"],          # Ann's turn, a number card
    2: ["niagara.move.launch", "niagara.move.points", "niagara.gems.cost"],
    # Bo's turn (3) brings nothing new; Cy's ends the round: the river flows one step, the
    # fork's next disc goes right, the lifebuoy passes
    4: ["niagara.flow.steps", "niagara.river.fork", "niagara.round.lifebuoy"],
}


def test_niagara_without_cards_at_once_teaches_the_choice_at_the_first_turn(store: Store) -> None:
    # each player turns a card over in turn: the round's steps and the choice at the start,
    # then the number card once Ann's is entered
    shown = replay(store, "niagara", ["Ann", "Bo", "Cy"], {}, [line(type="card", player="Ann", card=5)], [SHARED])
    assert shown[SHARED] == {0: ["niagara.round.steps", "niagara.cards.choose", "niagara.round.order"],
                             1: ["niagara.turn.number"]}


def test_niagara_round_cards(store: Store) -> None:
    shown = replay(store, "niagara", ["Ann", "Bo", "Cy"], {"cards_at_once": True}, NIAGARA_ROUND, [SHARED, 0])
    assert shown[SHARED] == NIAGARA_SHARED
    assert shown[0] == {}  # nothing of Niagara's round is a seat's secret
    once_each(shown[SHARED])


# ----- Modern Art: one round with all five auction types --------------------------------------
def modern_art_round(bids: tuple[int, int, int] = (12, 12, 5)) -> list[str]:
    return [
        line(type="first_seller", seller=0),                                        # 1
        line(type="offer", player="A", artist="lite_metal", auction="open"),         # 2
        line(type="bid", player="B", amount=10), line(type="bid", player="C", amount=15),
        line(type="bid", player="B", amount=20), line(type="sell", player="A"),      # 6: B pays A
        line(type="offer", player="B", artist="yoko", auction="once_around"),        # 7
        line(type="bid", player="C", amount=10), line(type="pass", player="A"),
        line(type="pass", player="B"),                                               # 10
        line(type="offer", player="C", artist="christin_p", auction="sealed"),       # 11
        line(type="sealed_bid", player="A", amount=bids[0]), line(type="sealed_bid", player="B", amount=bids[1]),
        line(type="sealed_bid", player="C", amount=bids[2]), line(type="reveal"),     # 15
        line(type="offer", player="A", artist="karl_gitter", auction="fixed"),       # 16: A sets the price
        line(type="set_price", player="A", amount=15), line(type="pass", player="B"),
        line(type="pass", player="C"),                                               # 19: A buys it himself
        line(type="offer", player="B", artist="krypto", auction="double"),           # 20
        line(type="join", player="C", auction="open"),                               # 21: C runs it
        line(type="bid", player="A", amount=10), line(type="bid", player="B", amount=21),
        line(type="sell", player="C"),                                               # 24
        line(type="offer", player="A", artist="lite_metal", auction="open"), line(type="sell", player="A"),
        line(type="offer", player="B", artist="lite_metal", auction="open"), line(type="sell", player="B"),
        line(type="offer", player="C", artist="lite_metal", auction="open"), line(type="sell", player="C"),
        line(type="offer", player="A", artist="lite_metal"),                         # 31: the 5th: round over
    ]


MODERN_ART_SHARED = {
    0: ["modern_art.setup.first-seller"],
    1: ["modern_art.turn.offer"],
    2: ["modern_art.auction.open"],
    6: ["modern_art.auction.payment", "modern_art.turn.bought"],   # the first sale
    7: ["modern_art.auction.once-around"],
    11: ["modern_art.auction.sealed", "modern_art.app.sealed-reveal"],   # the bid entry: every seat's own
    16: ["modern_art.auction.fixed"],
    20: ["modern_art.double.how"],
    21: ["modern_art.double.partner"],
    31: ["modern_art.round.fifth-painting", "modern_art.value.ranking", "modern_art.value.accumulated",
         "modern_art.value.sell-to-bank", "modern_art.next.refill"],
}


def test_modern_art_round_with_every_auction_type(store: Store) -> None:
    shown = replay(store, "modern_art", ["A", "B", "C"], {}, modern_art_round(), [SHARED])
    assert shown[SHARED] == MODERN_ART_SHARED
    once_each(shown[SHARED])


def test_modern_art_sealed_bid_card_goes_to_each_bidders_phone_only(store: Store) -> None:
    seats = [SHARED, 0, 1, 2]
    shown = replay(store, "modern_art", ["A", "B", "C"], {}, modern_art_round(), seats, unclaimed=())
    assert shown[SHARED] == {k: [c for c in v if c != "modern_art.app.sealed-reveal"]
                             for k, v in MODERN_ART_SHARED.items()}
    for seat in range(3):
        assert shown[seat] == {11: ["modern_art.app.sealed-reveal"]}
    other = replay(store, "modern_art", ["A", "B", "C"], {}, modern_art_round((30, 2, 9)), seats, unclaimed=())
    assert other == shown  # the bids' amounts change nothing anyone is shown


# ----- the record: once, dismissed with one tap, on and off, kept with the table ----------------
def _manila(store: Store, teaching: bool) -> Any:
    game = get_game("manila")
    return store.create_table(game, game.setup(["A", "B", "C"], {}), teaching=teaching)


def _later(table: Any, seat: int) -> None:
    from companion.core import Action
    table.apply(Action.make("shares_later", seat))


def test_a_dismissed_card_is_gone_for_good_and_the_record_is_kept_with_the_table(store: Store) -> None:
    table = _manila(store, teaching=True)
    assert core_teach.showing(table.teach, 0, None, (0, 1, 2)) == ["manila.setup.share_entry"]
    rev = table.rev
    table.dismiss_card("manila.setup.share_entry", None, (0, 1, 2))
    assert table.rev == rev  # not a move: nobody's tap in flight is refused for it
    assert core_teach.showing(table.teach, 0, None, (0, 1, 2)) == []
    again = store.open_table(table.id)
    assert again.teach == table.teach and again.teaching
    assert core_teach.showing(again.teach, 0, None, (0, 1, 2)) == []


def test_a_card_not_dismissed_is_gone_once_the_table_moves_on(store: Store) -> None:
    table = _manila(store, teaching=True)
    _later(table, 0)
    assert core_teach.showing(table.teach, 1, None, (0, 1, 2)) == []
    table.undo()
    table.redo()
    assert table.teach["met"] == {f"manila.setup.share_entry@{s}": 0 for s in range(3)}


def test_the_cards_follow_the_log_through_undo_and_redo(store: Store) -> None:
    from companion.core import Action

    table = _manila(store, teaching=True)
    hands = (0, 1, 2)
    table.apply(Action.make("enter_shares", 0, wares=["silk", "jade"]))
    table.apply(Action.make("enter_shares", 1, wares=["nutmeg", "ginseng"]))
    _later(table, 2)  # someone tells at the end: the table counts the supply
    assert core_teach.showing(table.teach, 3, None, hands) == ["manila.setup.supply_count"]
    table.undo()
    assert "manila.setup.supply_count" not in table.teach["met"]
    table.redo()  # the same step again: its card again
    assert core_teach.showing(table.teach, 3, None, hands) == ["manila.setup.supply_count"]
    table.undo()
    table.apply(Action.make("enter_shares", 2, wares=["jade", "silk"]))  # every hand entered: no count
    assert core_teach.showing(table.teach, 3, None, hands) == ["manila.auction.bids"]
    # a card put away stays put away through an undo
    table.dismiss_card("manila.auction.bids", None, hands)
    table.undo()
    table.apply(Action.make("enter_shares", 2, wares=["jade", "silk"]))
    assert core_teach.showing(table.teach, 3, None, hands) == []
    assert store.open_table(table.id).teach == table.teach


def test_teaching_off_shows_nothing_and_switched_on_meets_the_step_the_table_is_at(store: Store) -> None:
    table = _manila(store, teaching=False)
    assert table.teach is None and not table.teaching
    for seat in range(3):
        _later(table, seat)  # the supply step
    assert table.teach is None  # a table that never taught keeps no record
    rev = table.rev
    table.set_teaching(True)
    assert table.rev == rev + 1  # a write every device redraws for
    at = table.session.cursor
    # the share entry was met before teaching came on: only the step now is taught
    assert core_teach.showing(table.teach, at, None, (0, 1, 2)) == ["manila.setup.supply_count"]
    table.set_teaching(False)
    assert core_teach.showing(table.teach, at, None, (0, 1, 2)) == []
    table.set_teaching(True)  # back on: the same card, still not dismissed, at the same step
    assert core_teach.showing(table.teach, at, None, (0, 1, 2)) == ["manila.setup.supply_count"]
    assert store.open_table(table.id).teaching


def test_an_unreadable_record_is_no_record(store: Store) -> None:
    table = _manila(store, teaching=True)
    store.conn.execute("UPDATE tables SET teach='{not json' WHERE id=?", (table.id,))
    assert store.open_table(table.id).teach is None


# ----- the declarations -----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", game_ids())
def test_every_declared_card_names_a_clause_with_words_in_three_languages(game_id: str) -> None:
    game = get_game(game_id)
    phases = {p["id"] for p in library.facts(game_id)["phases"]}
    for c in teach.play_cards(game_id):
        assert c.clause.startswith(game_id + "."), c
        assert c.phase is None or set((c.phase,) if isinstance(c.phase, str) else c.phase) <= phases, c
        for lang in teach.LANGS:
            assert teach.card_text(c.clause, lang) is not None, (c.clause, lang)
    assert len({c.clause for c in teach.play_cards(game_id)}) == len(teach.play_cards(game_id))
    assert game is not None


@pytest.mark.parametrize("game_id", game_ids())
def test_no_card_ends_on_a_lead_in_with_nothing_after_it(game_id: str) -> None:
    """A clause whose words lead into its table ("The number depends on the table size:") is
    carded with the table's figures after the colon, never the colon alone."""
    counts = library.facts(game_id)["players"]
    for c in teach.play_cards(game_id):
        for lang in teach.LANGS:
            for players in range(counts["min"], counts["max"] + 1):
                _title, text = teach.card_text(c.clause, lang, players=players)
                assert not text.rstrip().endswith((":", "\uff1a")), (c.clause, lang, players, text)


def test_a_card_of_a_table_by_player_count_says_this_tables_row() -> None:
    """Citadels' set-aside card at 4 players and Modern Art's refill at 4, from the rulebooks:
    Citadels 4 players set 2 characters aside face up and 1 face down, each player takes 1;
    Modern Art deals 4 more cards each before rounds 2 and 3 at 4 players."""
    _t, text = teach.card_text("citadels.draft.table", "en", players=4)
    assert text.endswith("Players 4: Face up 2 \u00b7 Face down 1 \u00b7 Characters each 1")
    _t, text = teach.card_text("citadels.draft.table", "zh_Hant", players=4)
    assert "7" not in text and "\u6b63\u9762\u671d\u4e0a 2" in text  # 正面朝上 2, and no other count's row
    _t, text = teach.card_text("modern_art.next.refill", "en", players=4)
    assert text.endswith("Players 4: Cards added 4")
    _t, text = teach.card_text("modern_art.next.refill", "zh_Hans", players=3)
    assert text.endswith("6") and "4" not in text.rsplit("\uff1a", 1)[-1]
    # a table not by player count: every row (Dominion's points)
    _t, text = teach.card_text("dominion.scoring.points", "en", players=3)
    for row in ("Estate: 1", "Duchy: 3", "Province: 6", "Curse: -1", "Gardens: 1 per 10 cards owned"):
        assert row in text


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_teaches_at_least_its_round_structure(game_id: str) -> None:
    game = get_game(game_id)
    setup = game.setup(["A", "B", "C", "D"][:max(game.min_players, 3)], {})
    assert teach.dues(game, game.new_state(setup)), game_id  # a card at the very first step


def test_a_card_that_cannot_be_worked_out_never_refuses_a_move(store: Store, monkeypatch: Any) -> None:
    table = _manila(store, teaching=True)

    def broken(*args: Any) -> Any:
        raise KeyError("a state the card did not expect")

    monkeypatch.setattr(teach, "dues", broken)
    _later(table, 0)  # accepted and stored; nothing met
    assert table.session.cursor == 1 and store.open_table(table.id).session.cursor == 1
    assert list(table.teach["met"]) == [f"manila.setup.share_entry@{s}" for s in range(3)]


@pytest.mark.parametrize("game_id", game_ids())
def test_random_play_on_a_teaching_table_meets_each_card_once_and_never_fails(store: Store, game_id: str,
                                                                            caplog: Any) -> None:
    import logging
    import random

    game = get_game(game_id)
    names = ["Ann", "Bo", "Cy", "Di"][:max(game.min_players, 3)]
    table = store.create_table(game, game.setup(names, dict(game.random_playout_options)), teaching=True)
    rng = random.Random(3)
    caplog.set_level(logging.ERROR, logger="companion.storage")
    for _ in range(150):
        if game.is_over(table.state):
            break
        legal = game.legal_actions(table.state)
        if not len(legal):
            break
        table.apply(legal[rng.randrange(len(legal))])
    assert not [r for r in caplog.records if "teaching play" in r.getMessage()]
    met = table.teach["met"]
    assert all(0 <= at <= table.session.cursor for at in met.values())
    declared = {c.clause for c in teach.play_cards(game_id)}
    assert {k.partition("@")[0] for k in met} <= declared


@pytest.mark.parametrize("game_id", game_ids())
def test_a_short_card_is_a_declared_clauses_said_shorter_in_three_languages(game_id: str) -> None:
    import re

    short = teach.texts(game_id).get("cards", {})
    declared = {c.clause for c in teach.play_cards(game_id)}
    assert set(short) <= declared
    for clause, words in short.items():
        assert set(words) == set(teach.LANGS), clause
        assert len({frozenset(re.findall(r"\{([\w.]+)\}", words[lang])) for lang in teach.LANGS}) == 1, clause
        for lang in teach.LANGS:
            title, text = teach.card_text(clause, lang)
            assert "{" not in text and text != library.clause(clause, lang)["text"]
            assert len(text) < len(library.clause(clause, lang)["text"]), (clause, lang)
