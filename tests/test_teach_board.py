"""Teach: the set-up drawn on the board (issue 33) for Manila, Niagara, Modern Art and
Maritime Silk Road, at every player count each supports.

The expected figures were worked out by hand from the rulebooks before this test first
ran (seeds' rulebooks: Manila's set-up page, Niagara's "Set-up", Modern Art's "Preparation",
Maritime Silk Road's set-up) and are written out here, not computed: the drawing
(``ui.setup_board``, read back from the controls the Teach screen shows) must show them.
"""

from __future__ import annotations

import pytest

from companion import teach
from companion.i18n import number
from companion.ui import setup_board

NAMES = ["Ana", "Ben", "Cho", "Dee", "Eve"]
WARES = ("nutmeg", "silk", "ginseng", "jade")
GEMS = ("violet", "white", "yellow", "blue", "pink")
GOODS = ("porcelain", "silk", "tea", "spice", "glass", "ore")


def manila(n: int) -> dict[str, int]:
    # 4 price markers on the track's 0; 3 shares of each ware shuffled to deal 2 to each
    # player; the rest of the 20 in the bank; 3 harbour and 3 shipyard docks empty; 3 boats
    # beside the board; 30 pesos each; accomplices 4 at 3 players, 3 at 4 or 5
    bank = {3: 14, 4: 12, 5: 10}[n]
    acc = {3: 4, 4: 3, 5: 3}[n]
    out = {f"setup:price_track:price_marker:{w}=0": 1 for w in WARES}
    out |= {f"setup:deal:share:{w}": 3 for w in WARES}
    out |= {"setup:bank:share": bank, "setup:harbor:empty": 3, "setup:shipyard:empty": 3, "setup:boats:boat": 3}
    for s in range(n):
        out |= {f"setup:seats:money@{s}": 30, f"setup:seats:accomplice@{s}": acc}
    return out


def niagara(n: int) -> dict[str, int]:
    # 9 river discs on the board, 3 in the box; the weather marker at 0; 7 gems of each
    # colour on its site, 1 of each spare; each player's 2 canoes on the shore, 7 paddle cards
    out = {"setup:river:disc": 9, "setup:weather:weather=0": 1, "setup:spares:disc": 3}
    out |= {f"setup:sites:gem:{g}": 7 for g in GEMS} | {f"setup:spares:gem:{g}": 1 for g in GEMS}
    for s in range(n):
        out |= {f"setup:shore:canoe@{s}": 2, f"setup:seats:paddle_card@{s}": 7}
    return out


def modern_art(n: int) -> dict[str, int]:
    # the value board empty: 5 artists x 4 rounds; 4 tokens each of 30, 20, 10 beside it;
    # 70 paintings, 11 (3 players: the default of 10 or 11), 9 or 8 dealt to each; 100 each
    hand = {3: 11, 4: 9, 5: 8}[n]
    deck = {3: 37, 4: 34, 5: 30}[n]
    out = {f"setup:value_board:column:{a}": 4 for a in ("lite_metal", "yoko", "christin_p", "karl_gitter", "krypto")}
    out["setup:deck:painting"] = deck
    out |= {f"setup:value_tokens:value_token={v}": 4 for v in (30, 20, 10)}
    for s in range(n):
        out |= {f"setup:seats:money@{s}": 100, f"setup:seats:card@{s}": hand}
    return out


def silk_road(n: int) -> dict[str, int]:
    # 66 goods cards: 3 to each player, 6 face up in the market, the rest the deck; 14 ships:
    # 2 to each player, the rest for sale with 2 each of exchange, licence and porter cards;
    # 5 tokens of each of 6 goods; 60 coins
    deck = {2: 54, 3: 51, 4: 48}[n]
    ships = {2: 10, 3: 8, 4: 6}[n]
    out = {"setup:market:empty": 6, "setup:deck:goods_card": deck, "setup:specials:ship": ships,
           "setup:specials:exchange": 2, "setup:specials:licence": 2, "setup:specials:porter": 2,
           "setup:coins:coin": 60}
    out |= {f"setup:tokens:token:{g}": 5 for g in GOODS}
    for s in range(n):
        out |= {f"setup:seats:goods_card@{s}": 3, f"setup:seats:ship@{s}": 2}
    return out


CASES = [(g, n, f) for g, counts, f in (("manila", (3, 4, 5), manila), ("niagara", (3, 4, 5), niagara),
                                        ("modern_art", (3, 4, 5), modern_art), ("silk_road", (2, 3, 4), silk_road))
         for n in counts]


@pytest.mark.parametrize("game_id,n,expected", CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_the_drawn_set_up_matches_the_rulebook(game_id, n, expected):
    places = teach.setup_board(game_id, n)
    assert places is not None
    drawn = setup_board.read(setup_board.draw(game_id, places, "en", NAMES[:n], lambda v: number(v, "en")))
    assert drawn == expected(n)


@pytest.mark.parametrize("game_id", ["manila", "niagara", "modern_art", "silk_road"])
def test_each_place_is_named_in_three_languages_and_draws_lines_the_game_has(game_id):
    game_lines = {f"{line.part}.{line.key}" for line in teach.setup_guide(game_id, 3)}
    words = teach.texts(game_id)["places"]
    for pl in teach.setup_board(game_id, 3) or ():
        assert set(pl.lines) <= game_lines, pl
        if pl.key != "seats":
            assert all(words[pl.key][lang] for lang in teach.LANGS), pl.key


def test_a_score_sheet_game_draws_no_board():
    assert teach.setup_board("citadels", 4) is None


def test_the_teach_screen_draws_the_board_and_leaves_out_the_sentences_it_draws(tmp_path):
    from companion.storage import Store
    from companion.ui.app import App
    from ui_harness import FakePage, texts, walk

    app = App(FakePage(), Store(tmp_path / "t.db"))
    app.render()
    app.go("teach", game="manila", count=5)
    shown = texts(app.page)
    drawing = [c for c in walk(app.page.controls) if getattr(c, "key", None) == "teach-setup-board"]
    assert len(drawing) == 1 and setup_board.read(drawing[0]) == manila(5)
    sentences = {k: t for _, k, t in teach.setup_sentences("manila", 5, None, "en", NAMES)}
    assert sentences["board.price_markers"] not in shown  # drawn, not said twice
    assert sentences["each.money"] in shown
