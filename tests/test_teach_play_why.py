"""Teaching play's "Why?": a card about a computed outcome opens the account of that outcome,
line by line, in the table's language (no browser: the app on a stand-in page).

Every figure below was worked out by hand from the rulebooks (../shared/seeds/) and the
numbers printed on the boards (rules_data/<id>/facts.json) before the test was first run:

* Manila (seed 004, "第三步驟 利潤分配", "保險理賠"): the first voyage of test_teach_play's
  4-player game.  Jade (worth 36) is piloted into harbour A with A and C (the pirate who boarded
  it) aboard: 36 ÷ 2 = 18 each.  Silk (30) and ginseng (18) stand on 13 after the last roll: the
  pirates D (captain) and A plunder them, 30 ÷ 2 = 15 and 18 ÷ 2 = 9 each; those aboard get
  nothing.  The captain takes silk to harbour B (B stands there: the bank pays 8) and ginseng
  to shipyard A (nobody there: the insurer D pays its 6 to the bank).  D took the insurance
  (10 at once): 10 − 6 = +4 for him.  The pilots (small 2, C; large 5, D) earn nothing.  The
  bank pays now: A 18 + 15 + 9 = 42, D 15 + 9 = 24, C 18, B 8; jade and silk reached Manila:
  their price goes from 0 to 5.
* Modern Art (seed 002; values 30/20/10 to the top three, ties to the artist printed first on
  the board, a painting is worth its artist's tokens so far only if the artist is in this
  round's top three): round 1 of test_teach_play's round with every auction type.  Played:
  Lite Metal 5 (the 5th ends the round), Krypto 2, Yoko, Christin P. and Karl Gitter 1 each: Lite
  Metal 30, Krypto 20, and of the three tied at 1 Yoko (first on the board) 10.  B holds 2 Lite
  Metal and 2 Krypto: 2 × 30 + 2 × 20 = 100; C 1 Lite Metal + 1 Yoko: 30 + 10 = 40; A 1 Lite
  Metal + Christin P. and Karl Gitter (worth nothing): 30.  Round 2 (below): Krypto 5, Yoko 1:
  Krypto 20 + 30 = 50, Yoko 10 + 20 = 30; B 1 Yoko + 2 Krypto: 30 + 100 = 130, C 2 Krypto: 100,
  A nothing.
* Niagara (seed 001, "取得下列任何一種條件的寶石": 4 of one colour, 5 different colours or 7 of
  any colours): rounds 1-3 of tests/games/test_niagara_golden.py's game 1: Bo's canoe lands with
  a white gem in round 3, the first gem banked.  Bo: 1 white: one colour 1 of 4 (3 to go),
  colours 1 of 5 (4 to go), any 1 of 7 (6 to go); Ann and Cy none.
* Catan (seed 002: a settlement 1 point, a city 2, Longest Road 2 from a road of 5, Largest
  Army 2 from 3 knights, a Victory Point card 1; 10 points win): after Ann's first settlement
  she has 1 point.  Ann then builds two cities, three roads (5 long), buys a Victory Point card,
  builds a settlement, a city and a settlement: 1 settlement + 3 cities × 2 + 1 VP card + Longest
  Road 2 = 10, the game ends; Bo and Cy keep their 2 settlements: 2 each.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import parse_line
from companion.core import Action
from companion.storage import Store
from companion.ui.app import App, Device, Prefs
from ui_harness import FakePage, press, run_coroutine, texts, walk

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "games"))
from test_niagara_golden import GAME_1  # noqa: E402
from test_teach_play import line, manila_voyage, modern_art_round  # noqa: E402


@pytest.fixture
def store(tmp_path: Any) -> Any:
    s = Store(tmp_path / "why.db")
    s.roster = lambda: []
    yield s
    s.close()


def device(store: Store, lang: str = "en", width: int = 390, height: int = 844) -> App:
    app = App(FakePage(), store, Device(token="host".ljust(24, "_"), prefs=Prefs({}), loopback=True, lan=False,
                                        address="127.0.0.1"))
    app.page.width, app.page.height = width, height
    app.render()
    app.set_language(lang)
    return app


def play(app: App, lines: list[str]) -> None:
    for text in lines:
        assert app.dispatch(parse_line(text, app.table.setup.players)), (text, app.refusal)


def account(app: App) -> list[str]:
    """The account's sentences as the why screen shows them (its title first)."""
    assert app.nav.screen == "why"
    body = next(c for c in walk(app.page.controls) if getattr(c, "key", None) == "why-account")
    out = []
    for control in walk(body):
        value = getattr(control, "value", None)
        if isinstance(value, str) and type(control).__name__ == "Text":
            out.append(value)
    return out


def why(app: App) -> list[str]:
    """The account from the first card that offers "Why?" (the step's cards show one at a
    time: those before it are put away)."""
    while app._("Why?") not in texts(app.page):
        press(app.page, app._("Got it"))
    press(app.page, app._("Why?"))
    return account(app)


def why_offers(app: App) -> int:
    """Back at the table: how many of the step's cards still to read offer "Why?" (each card
    put away in turn, bringing the next)."""
    app.go("table")
    n = 0
    while any(t.startswith(app._("New rule: {title}", title="")) for t in texts(app.page)):
        n += texts(app.page).count(app._("Why?"))
        press(app.page, app._("Got it"))
    return n


# ----- Manila: the first voyage's payout ------------------------------------------------------
MANILA = {
    "en": [
        "How voyage 1 was paid out",
        "The boats",
        "Jade reached Harbour A: worth 36 pesos ÷ 2 aboard = 18 pesos each for A, C.",
        "Silk was plundered (then taken to Harbour B): worth 30 pesos ÷ 2 pirates = 15 pesos each for D, A; "
        "those aboard get nothing.",
        "Ginseng was plundered (then taken to Shipyard A): worth 18 pesos ÷ 2 pirates = 9 pesos each for D, A; "
        "those aboard get nothing.",
        "Harbour and shipyard spaces",
        "Harbour A: a boat docked there, but nobody stood on the space: nothing paid.",
        "Harbour B (B): a boat docked there: the bank pays 8 pesos.",
        "Shipyard A: a boat is repaired there and nobody stood on the space: the insurer D pays the bank 6 pesos.",
        "Shipyard C (B): no boat ended there: nothing paid.",
        "Insurance",
        "D took the insurance: 10 pesos from the bank at once.",
        "For each boat in the shipyard the insurer pays that space's reward: 6 pesos in all.",
        "D: +4 pesos from the insurance this voyage.",
        "Pilots",
        "Small pilot (C): paid 2 pesos when placed; a pilot moves boats and earns nothing at the payout.",
        "Large pilot (D): paid 5 pesos when placed; a pilot moves boats and earns nothing at the payout.",
        "The bank pays now",
        "A: 18 (Jade) + 15 (Silk) + 9 (Ginseng) = 42 pesos",
        "D: 15 (Silk) + 9 (Ginseng) = 24 pesos",
        "C: 18 (Jade) = 18 pesos",
        "B: 8 (Harbour B) = 8 pesos",
        "Prices",
        "Jade reached Manila: its share price rises to 5 pesos.",
        "Silk reached Manila: its share price rises to 5 pesos.",
    ],
    "zh_Hant": [
        "第 1 段航程怎麼分錢",
        "平底船",
        "玉石平底船抵達港口 A：價值 36 披索 ÷ 船上 2 人 = 每人 18 披索，給 A、C。",
        "絲綢平底船被海盜劫掠（之後送到港口 B）：價值 30 披索 ÷ 2 名海盜 = 每人 15 披索，給 D、A；船上的人什麼也拿不到。",
        "人參平底船被海盜劫掠（之後送到修船場 A）：價值 18 披索 ÷ 2 名海盜 = 每人 9 披索，給 D、A；船上的人什麼也拿不到。",
        "港口與修船場的位置",
        "港口 A：有平底船靠港，可是這一格沒有人，不用付錢。",
        "港口 B（B）：有平底船靠港，銀行支付 8 披索。",
        "修船場 A：有船在這裡修理，這個位置沒有人：擔任保險的 D 付 6 披索給銀行。",
        "修船場 C（B）：沒有平底船停在這一格，一毛也拿不到。",
        "保險",
        "D 擔任保險：當場從銀行拿 10 披索。",
        "修船場裡每有一艘平底船，保險就要付那一格的金額：一共 6 披索。",
        "D：這段航程保險合計 +4 披索。",
        "領航員",
        "小領航員（C）：派出時已付 2 披索；領航員只負責移動平底船，分錢時沒有收入。",
        "大領航員（D）：派出時已付 5 披索；領航員只負責移動平底船，分錢時沒有收入。",
        "銀行現在付給",
        "A：18（玉石） + 15（絲綢） + 9（人參） = 42 披索",
        "D：15（絲綢） + 9（人參） = 24 披索",
        "C：18（玉石） = 18 披索",
        "B：8（港口 B） = 8 披索",
        "價格",
        "玉石運抵馬尼拉：股價漲到 5 披索。",
        "絲綢運抵馬尼拉：股價漲到 5 披索。",
    ],
}


def manila_paid_out(app: App, hands: tuple[tuple[str, str], tuple[str, str]] | None = None) -> None:
    app.start_table("manila", ["A", "B", "C", "D"], {"oldest": 2}, teaching=True)
    play(app, manila_voyage(*hands) if hands else manila_voyage())


@pytest.mark.parametrize("lang", ["en", "zh_Hant"])
def test_manila_why_is_the_voyages_account_line_by_line(store: Store, lang: str) -> None:
    app = device(store, lang)
    manila_paid_out(app)
    # each payout card (boats, harbour, pirates, insurance) offers it; each opens the same account
    assert why(app) == MANILA[lang]
    assert why_offers(app) == 4


def test_manila_why_in_simplified_chinese_has_the_same_figures(store: Store) -> None:
    app = device(store, "zh_Hans")
    manila_paid_out(app)
    shown = why(app)
    assert "玉石船抵达港口 A：价值 36 比索 ÷ 船上 2 人 = 每人 18 比索，给 A、C。" in shown
    assert "A：18（玉石） + 15（丝绸） + 9（人参） = 42 比索" in shown
    assert "修船厂 A：有船在这里修理，这个位置没有人：当保险的 D 付 6 比索给银行。" in shown
    assert "D：这段航程保险合计 +4 比索。" in shown


def test_manila_account_names_no_secret_share(store: Store, tmp_path: Any) -> None:
    """The shares in hand play no part in a payout: the account is the same whatever A and C
    hold in secret, and it never names a share."""
    one = device(store)
    manila_paid_out(one)
    first = why(one)
    other = Store(tmp_path / "other.db")
    other.roster = lambda: []
    two = device(other)
    manila_paid_out(two, (("ginseng", "jade"), ("nutmeg", "silk")))
    assert why(two) == first
    assert not [t for t in first if "Nutmeg" in t or "share" in t.lower() and "price" not in t]
    other.close()


@pytest.mark.parametrize("width,height", [(390, 844), (1024, 768)])
def test_the_account_is_a_screen_of_its_own_and_back_returns_to_the_step(store: Store, width: int,
                                                                           height: int) -> None:
    """The account takes the whole screen on a phone, with Back in the bar and at its foot;
    back at the table the step's controls and the card are where they were."""
    app = device(store, width=width, height=height)
    manila_paid_out(app)
    before = texts(app.page)
    why(app)
    assert app.page.appbar is not None and app._("Back") in texts(app.page)  # the bar's back button
    press(app.page, app._("Back to the table"))
    assert app.nav.screen == "table" and texts(app.page) == before
    why(app)
    press(app.page, app._("Back"))
    assert app.nav.screen == "table" and texts(app.page) == before


# ----- Modern Art: the round's values and the bank's payments ---------------------------------------
MODERN_ART = {
    "en": [
        "How round 1 was valued",
        "This round's ranking: most paintings played",
        "1. Lite Metal: 5 paintings → a 30 token.",
        "2. Krypto: 2 paintings → a 20 token.",
        "3. Yoko: 1 painting → a 10 token.",
        "Christin P.: 1 painting, not in the top three: no token.",
        "Karl Gitter: 1 painting, not in the top three: no token.",
        "Equal counts: the artist printed first on the board ranks higher.",
        "One painting's value: this round's token added to the earlier ones",
        "Lite Metal: 0 from earlier rounds + 30 this round = 30.",
        "Krypto: 0 from earlier rounds + 20 this round = 20.",
        "Yoko: 0 from earlier rounds + 10 this round = 10.",
        "Christin P.: not in this round's top three: worth nothing this round.",
        "Karl Gitter: not in this round's top three: worth nothing this round.",
        "The bank buys every painting bought this round",
        "B: 2 Lite Metal × 30 + 2 Krypto × 20 = 100",
        "C: 1 Lite Metal × 30 + 1 Yoko × 10 = 40",
        "A: 1 Lite Metal × 30 + 1 Christin P. × 0 + 1 Karl Gitter × 0 = 30",
    ],
    "zh_Hant": [
        "第 1 回合怎麼算價值",
        "本回合排名：打出最多張畫的畫家",
        "1. Lite Metal：5 張 → 30 的價值標記。",
        "2. Krypto：2 張 → 20 的價值標記。",
        "3. Yoko：1 張 → 10 的價值標記。",
        "Christin P.：1 張，沒擠進前三名：沒有標記。",
        "Karl Gitter：1 張，沒擠進前三名：沒有標記。",
        "張數一樣多時：計分板上排在前面的畫家名次較前。",
        "一張畫的價值：本回合的標記加上之前的標記",
        "Lite Metal：前幾回合 0 + 這回合 30 = 30。",
        "Krypto：前幾回合 0 + 這回合 20 = 20。",
        "Yoko：前幾回合 0 + 這回合 10 = 10。",
        "Christin P.：沒擠進本回合前三名：這回合不值錢。",
        "Karl Gitter：沒擠進本回合前三名：這回合不值錢。",
        "銀行收購本回合買下的每一張畫",
        "B：2 張 Lite Metal × 30 + 2 張 Krypto × 20 = 100 元",
        "C：1 張 Lite Metal × 30 + 1 張 Yoko × 10 = 40 元",
        "A：1 張 Lite Metal × 30 + 1 張 Christin P. × 0 + 1 張 Karl Gitter × 0 = 30 元",
    ],
}

#: round 2, B selling first (left of A, who ended round 1): Krypto 5 (the 5th ends it), Yoko 1
ROUND_2 = [
    line(type="offer", player="B", artist="krypto", auction="open"), line(type="sell", player="B"),
    line(type="offer", player="C", artist="krypto", auction="open"), line(type="sell", player="C"),
    line(type="offer", player="A", artist="yoko", auction="open"), line(type="bid", player="B", amount=10),
    line(type="sell", player="A"),
    line(type="offer", player="B", artist="krypto", auction="open"), line(type="sell", player="B"),
    line(type="offer", player="C", artist="krypto", auction="open"), line(type="sell", player="C"),
    line(type="offer", player="A", artist="krypto"),
]


@pytest.mark.parametrize("lang", ["en", "zh_Hant"])
def test_modern_art_why_is_the_rounds_values_and_payments(store: Store, lang: str) -> None:
    app = device(store, lang)
    app.start_table("modern_art", ["A", "B", "C"], {}, teaching=True)
    play(app, modern_art_round())
    assert why(app) == MODERN_ART[lang]
    assert why_offers(app) == 3  # the ranking, the values, the bank's payments


def test_modern_art_values_add_the_earlier_rounds_tokens(store: Store) -> None:
    app = device(store)
    app.start_table("modern_art", ["A", "B", "C"], {}, teaching=True)
    play(app, modern_art_round() + ROUND_2)
    app.go("why", clause="modern_art.value.accumulated")  # the cards were met in round 1: opened directly
    assert account(app) == [
        "How round 2 was valued",
        "This round's ranking: most paintings played",
        "1. Krypto: 5 paintings → a 30 token.",
        "2. Yoko: 1 painting → a 20 token.",
        "One painting's value: this round's token added to the earlier ones",
        "Krypto: 20 from earlier rounds + 30 this round = 50.",
        "Yoko: 10 from earlier rounds + 20 this round = 30.",
        "The bank buys every painting bought this round",
        "B: 1 Yoko × 30 + 2 Krypto × 50 = 130",
        "C: 2 Krypto × 50 = 100",
        "A bought nothing this round: nothing.",
    ]


def test_modern_art_account_tells_no_ones_money(store: Store, tmp_path: Any) -> None:
    """Money stays secret (modern_art.app.money-privacy): the account shows what the bank pays,
    never what anyone has: a table where A's money was corrected to another sum shows the same."""
    one = device(store)
    one.start_table("modern_art", ["A", "B", "C"], {}, teaching=True)
    play(one, modern_art_round())
    other = Store(tmp_path / "other.db")
    other.roster = lambda: []
    two = device(other)
    two.start_table("modern_art", ["A", "B", "C"], {}, teaching=True)
    play(two, modern_art_round()[:-1])
    assert two.dispatch(Action.make("correct_money", None, seat=0, money=177))
    play(two, modern_art_round()[-1:])
    assert one.table.state.money != two.table.state.money
    assert why(two) == why(one) == MODERN_ART["en"]
    other.close()


# ----- Niagara: the first gem banked -------------------------------------------------------------
NIAGARA = {
    "en": [
        "The gems banked so far",
        "A gem counts once its canoe brings it ashore. A player wins with 4 gems of one colour, or 5 gems of "
        "different colours, or 7 gems of any colours.",
        "Ann: no gem banked yet.",
        "Bo: 1 white = 1 gem",
        "One colour: 1 of 4, 3 to go.",
        "Different colours: 1 of 5, 4 to go.",
        "Any colours: 1 of 7, 6 to go.",
        "Cy: no gem banked yet.",
    ],
    "zh_Hant": [
        "目前收到的寶石",
        "船把寶石載回岸上，寶石才算數。湊到同色 4 顆、或 5 種不同顏色各一顆、或任何顏色 7 顆，就贏了。",
        "Ann：還沒收到寶石。",
        "Bo：白 1 顆 = 1 顆",
        "同色：已有 1/4，還缺 3 顆。",
        "不同顏色：已有 1/5，還缺 4 種。",
        "任何顏色：已有 1/7，還缺 6 顆。",
        "Cy：還沒收到寶石。",
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh_Hant"])
def test_niagara_why_after_the_first_gem_banked(store: Store, lang: str) -> None:
    app = device(store, lang)
    app.start_table("niagara", ["Ann", "Bo", "Cy"], {"cards_at_once": True}, teaching=True)
    for lines, _expected in GAME_1[:3]:
        play(app, lines)
    assert texts(app.page).count(app._("Why?")) == 1  # niagara.land.bank, Bo's white gem
    assert why(app) == NIAGARA[lang]


# ----- Catan: the score sheet's points by source ------------------------------------------------------
A = Action.make
CATAN_SETUP = [A("place", s) for s in (0, 1, 2, 2, 1, 0)]
CATAN_TO_TEN = [A("build_city", 0), A("build_city", 0), A("build_road", 0, longest=3), A("build_road", 0, longest=4),
                A("build_road", 0, longest=5), A("buy_dev_card", 0, card="victory_point"), A("build_settlement", 0),
                A("build_city", 0), A("build_settlement", 0)]

CATAN_FIRST = {
    "en": [
        "Everyone's points, by source",
        "Ann: Settlements 1 × 1 = 1 point",
        "Bo: nothing built yet = 0 points",
        "Cy: nothing built yet = 0 points",
        "Longest Road: nobody yet (it takes a road of at least 5, longer than anyone else's).",
        "Largest Army: nobody yet (it takes at least 3 knights played, more than anyone else).",
        "Victory Point cards stay hidden in their owners' hands until the game ends: they are not counted here yet.",
        "The game ends as soon as anyone has 10 points; the most points win.",
    ],
    "zh_Hant": [
        "每位玩家的分數從哪來",
        "Ann：村莊 1 × 1 = 1 分",
        "Bo：還沒蓋任何東西 = 0 分",
        "Cy：還沒蓋任何東西 = 0 分",
        "最長道路：還沒有人（道路至少長 5，而且比其他人都長）。",
        "最大軍隊：還沒有人（至少打出 3 張騎士，而且比其他人都多）。",
        "勝利分卡在遊戲結束前都留在各自手中不公開：這裡先不計入。",
        "任何玩家拿到 10 分時遊戲馬上結束，分數最高的人獲勝。",
    ],
}
CATAN_END = {
    "en": [
        "Everyone's points, by source",
        "Ann: Settlements 1 × 1 + Cities 3 × 2 + VP cards 1 × 1 + Longest Road 2 = 10 points",
        "Bo: Settlements 2 × 1 = 2 points",
        "Cy: Settlements 2 × 1 = 2 points",
        "Longest Road: Ann, with a road of 5 (at least 5; nobody has a longer one).",
        "Largest Army: nobody yet (it takes at least 3 knights played, more than anyone else).",
        "The game ends as soon as anyone has 10 points; the most points win.",
    ],
    "zh_Hant": [
        "每位玩家的分數從哪來",
        "Ann：村莊 1 × 1 + 城市 3 × 2 + 勝利分卡 1 × 1 + 最長道路 2 = 10 分",
        "Bo：村莊 2 × 1 = 2 分",
        "Cy：村莊 2 × 1 = 2 分",
        "最長道路：歸 Ann，路長 5（至少要 5，而且沒人比他長）。",
        "最大軍隊：還沒有人（至少打出 3 張騎士，而且比其他人都多）。",
        "任何玩家拿到 10 分時遊戲馬上結束，分數最高的人獲勝。",
    ],
}


def catan(app: App, actions: list[Action]) -> None:
    for action in actions:
        assert app.dispatch(action), (action, app.refusal)


@pytest.mark.parametrize("lang", ["en", "zh_Hant"])
def test_catan_why_after_the_first_points_and_at_the_end(store: Store, lang: str) -> None:
    app = device(store, lang)
    app.start_table("catan", ["Ann", "Bo", "Cy"], {}, teaching=True)
    catan(app, CATAN_SETUP[:1])
    assert texts(app.page).count(app._("Why?")) == 1  # catan.end.points: Ann's first settlement
    assert why(app) == CATAN_FIRST[lang]
    press(app.page, app._("Back to the table"))
    catan(app, CATAN_SETUP[1:] + CATAN_TO_TEN)
    assert app.table.state.phase == "end"
    assert texts(app.page).count(app._("Why?")) == 1  # catan.end.win
    assert why(app) == CATAN_END[lang]


def test_catan_account_keeps_a_victory_point_card_secret_until_the_end(store: Store) -> None:
    app = device(store)
    app.start_table("catan", ["Ann", "Bo", "Cy"], {}, teaching=True)
    catan(app, CATAN_SETUP + CATAN_TO_TEN[:6])  # Ann's Victory Point card bought, the game goes on
    app.go("why", clause="catan.end.points")
    shown = account(app)
    # 2 cities and Longest Road in the open: 6; the card's point is Ann's secret
    assert shown[1] == "Ann: Cities 2 × 2 + Longest Road 2 = 6 points"
    assert not [t for t in shown if "VP cards" in t]


def test_the_account_reads_in_the_dark_theme(store: Store) -> None:
    from companion.ui import ink
    from test_ink import texts_on_the_page_ground

    app = device(store)
    app.set_theme("dark")
    manila_paid_out(app)
    why(app)
    shown = texts_on_the_page_ground([app.page.appbar, app.page.controls])
    assert not [(t, c) for t, c in shown if ink.contrast(c, ink.DARK_GROUND) < 4.5]


# ----- the accounts hold for any game: random play, checked against the rules' formulas -------------
def _random_states(game_id: str, seed: int, steps: int = 400) -> Any:
    import random

    from companion.registry import get_game

    game = get_game(game_id)
    names = ["Ann", "Bo", "Cy", "Di"]
    state = game.new_state(game.setup(names, dict(game.random_playout_options)))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        legal = list(game.legal_actions(state))
        if not legal:
            break
        state = game.apply(state, legal[rng.randrange(len(legal))])
        yield state


@pytest.mark.parametrize("seed", range(4))
def test_manila_account_follows_the_payout_rules_in_random_games(seed: int) -> None:
    from companion.games.manila.account import SETTLED, last_paid_voyage, voyage_account
    from companion.games.manila.facts import load
    from companion.games.manila.state import BANK

    f = load()
    seen = 0
    for state in _random_states("manila", seed):
        acc = voyage_account(state)
        if acc is None:
            continue
        seen += 1
        for boat in acc.boats:
            if boat.paid:  # the value shared evenly by those aboard (or the pirates), rounded down
                assert boat.each == f.profit[boat.ware] // len(boat.paid)
        flows = [x for x in state.ledger if x.voyage == last_paid_voyage(state)]
        paid = sum(x.amount for x in flows if x.reason in SETTLED and x.payer == BANK and x.payee != BANK)
        assert sum(a for seat in acc.bank_pays for *_w, a in seat) == paid
        harbor = [s for s in acc.spaces if s.space.startswith("harbor") and s.ware and s.holder is not None]
        for s in harbor:  # a harbour space with a boat pays its printed reward
            assert sum(a for _p, a in s.paid_by) == f.harbor_rewards[f.harbor_spaces.index(s.space)]
    assert seen


@pytest.mark.parametrize("seed", [33, 36, 53])  # seeds whose games have an insurer short of cash
def test_an_insurer_short_of_cash_takes_as_few_loans_as_the_claims_need_and_why_says_so(seed: int) -> None:
    """manila.insurance.forced: an insurer without the cash for the claims (after collecting the
    voyage's own profits, manila.insurance.first_profits) mortgages shares, 12 pesos each
    (facts.json loans.mortgage), as few as cover the claims; the account shows it as a line."""
    from companion.games.manila.account import last_paid_voyage, voyage_account
    from companion.games.manila.facts import load
    from companion.ui.views.manila import account_lines

    f = load()
    short = 0
    for state in _random_states("manila", seed, 1500):
        acc = voyage_account(state)
        if acc is None or acc.insurance is None or state.ledger[-1].reason not in ("claim", "claim_cover"):
            continue  # only the state right after the payout: the ledger's last lines are its claims
        insurer, voyage = acc.insurance.insurer, last_paid_voyage(state)
        first = next(i for i, x in enumerate(state.ledger)
                     if x.voyage == voyage and x.reason in ("claim", "claim_cover"))
        loans = 0
        while state.ledger[first - 1 - loans].reason == "forced_mortgage":
            loans += 1
        cash = f.start_money  # the insurer's cash when the claims came, from the whole ledger
        for x in state.ledger[:first - loans]:
            cash += (x.amount if x.payee == insurer else 0) - (x.amount if x.payer == insurer else 0)
        # each shipyard space a boat ended on, whose holder is not the insurer himself (his own
        # claim cancels out): its printed reward (the board is already cleared for the next voyage)
        owed = sum(f.shipyard_rewards[f.shipyard_spaces.index(sp.space)] for sp in acc.spaces
                   if sp.space.startswith("shipyard") and sp.ware is not None and sp.holder != insurer)
        in_full = sum(x.amount for x in state.ledger[first:] if x.reason == "claim") == owed
        if cash >= owed:
            assert acc.insurance.loans == 0
        elif in_full:  # he had the shares: the fewest loans that cover the claims
            assert acc.insurance.loans == -(-(owed - cash) // f.mortgage)
            assert acc.insurance.loan_cash == acc.insurance.loans * f.mortgage
        else:  # not even his shares were enough: all he had went to the claims
            assert cash + acc.insurance.loan_cash == sum(a for _w, _to, a in acc.insurance.claims)
        assert acc.insurance.loans == loans
        said = [s for _title, lines in account_lines(_ctx(state)) for s in lines if "mortgaged" in s]
        assert len(said) == (1 if loans else 0)
        if loans:
            short += 1
            assert f"{loans} share" in said[0] and f"{loans * f.mortgage} pesos" in said[0]
    assert short


def _ctx(state: Any) -> Any:
    """The Manila view's context for an engine state, in English (no page needed)."""
    from companion.registry import get_game
    from companion.ui.context import GameContext

    game = get_game("manila")
    setup = game.setup(["Ann", "Bo", "Cy", "Di"], dict(game.random_playout_options))
    return GameContext(game, setup, state, "en", None, None, None, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(4))
def test_modern_art_account_follows_the_value_rules_in_random_games(seed: int) -> None:
    from companion.games.modern_art.account import round_account

    seen = 0
    for state in _random_states("modern_art", seed, steps=600):
        acc = round_account(state)
        if acc is None:
            continue
        seen += 1
        places = [r.place for r in acc.artists if r.place is not None]
        assert places == list(range(1, len(places) + 1))
        counts = [r.count for r in acc.artists if r.place is not None]
        assert counts == sorted(counts, reverse=True)
        for r in acc.artists:
            assert r.value == (r.earlier + r.token if r.place is not None else 0)
            assert r.token == ((30, 20, 10)[r.place - 1] if r.place is not None else 0)
        value = {r.artist: r.value for r in acc.artists}
        for row in acc.seats:
            assert row.paid == sum(k * value.get(a, 0) for a, k, _v in row.paintings)
    assert seen


@pytest.mark.parametrize("game_id", ["manila", "modern_art", "niagara", "catan"])
def test_the_why_screen_draws_at_any_step_of_a_random_game(store: Store, game_id: str) -> None:
    """Opened at any step (a card is met at the step it explains; a device may stay on the
    account while the table moves on), the account draws: the last outcome, or the move log."""
    import random

    from companion.registry import get_game

    game = get_game(game_id)
    app = device(store)
    app.start_table(game_id, ["Ann", "Bo", "Cy"], dict(game.random_playout_options), teaching=True)
    rng = random.Random(5)
    for step in range(240):
        if game.is_over(app.table.state):
            break
        legal = list(game.legal_actions(app.table.state))
        app.table.apply(legal[rng.randrange(len(legal))])
        if step % 20 == 19:
            app.go("why", clause=None)
            assert app.nav.screen == "why" and not app.problem, app.problem
            app.go_back()


def _scrolls_to(app: App) -> list[str]:
    """The parts the screens asked to open at, in order (the page's scheduled tasks)."""
    return [args[0] for handler, args, _kw in app.page.tasks if getattr(handler, "__name__", "") == "_scroll_to_key"]


def _marked(app: App) -> str | None:
    """The account section the why screen is marked to open at (its title)."""
    from companion.ui.widgets import WHY_AT

    body = next(c for c in walk(app.page.controls) if getattr(c, "key", None) == "why-account")
    return next((c.value for c in walk(body) if getattr(getattr(c, "key", None), "value", None) == WHY_AT), None)


def test_why_opens_the_account_at_the_section_of_the_cards_clause(store: Store) -> None:
    """The first voyage's payout cards one after another: boats (the account's first section,
    no scroll), the harbour's (its spaces), the shipyard's, the pirates' (the boats again: a
    plundered boat's share is there), the insurance's; each Why? marks its section and, past
    the first, the screen is scrolled there."""
    app = device(store)
    manila_paid_out(app)
    expected = {"manila.payout.boats": "The boats", "manila.payout.harbor": "Harbour and shipyard spaces",
                "manila.payout.shipyard": "Harbour and shipyard spaces", "manila.payout.pirates": "The boats",
                "manila.insurance.claims": "Insurance"}
    met = []
    while any(t.startswith(app._("New rule: {title}", title="")) for t in texts(app.page)):
        clause = next(str(c.key)[len("teach-card-"):] for c in walk(app.page.controls)
                      if str(getattr(c, "key", "") or "").startswith("teach-card-"))
        if app._("Why?") in texts(app.page):
            before = len(_scrolls_to(app))
            press(app.page, app._("Why?"))
            assert _marked(app) == expected[clause], clause
            assert _scrolls_to(app)[before:] == ([] if expected[clause] == "The boats" else ["why-at"]), clause
            met.append(clause)
            app.go_back()
        press(app.page, app._("Got it"))
    # this voyage pays no shipyard reward of the bank's own (D insures: the claim is the insurance card)
    assert met == ["manila.payout.boats", "manila.payout.harbor", "manila.payout.pirates", "manila.insurance.claims"]


def test_why_scrolls_to_its_section_once_more_while_the_same_account_shows(store: Store) -> None:
    """A busy phone may build the account only after the first scroll arrived (a full run's
    account stayed at its top): the scroll is asked again a moment later while the account
    still shows, and not once another screen is up."""
    app = device(store)
    manila_paid_out(app)
    press(app.page, app._("Got it"))  # the boats' card (no scroll): the harbour's next
    asked: list[dict] = []

    async def scroll_to(**kw):
        asked.append(kw)

    app.page.scroll_to = scroll_to
    app.page.tasks.clear()
    press(app.page, app._("Why?"))
    tasks = [(h, a) for h, a, _kw in app.page.tasks if getattr(h, "__name__", "") == "_scroll_to_key"]
    assert len(tasks) == 1
    run_coroutine(tasks[0][0](*tasks[0][1]))
    assert [kw.get("scroll_key") for kw in asked] == ["why-at", "why-at"]
    # the person goes back before the second scroll: the table's screen is not scrolled
    asked.clear()

    async def then_back(**kw):
        asked.append(kw)
        app.go_back()

    app.page.scroll_to = then_back
    app.go_back()
    press(app.page, app._("Why?"))
    handler, args = [(h, a) for h, a, _kw in app.page.tasks if getattr(h, "__name__", "") == "_scroll_to_key"][-1]
    run_coroutine(handler(*args))
    assert [kw.get("scroll_key") for kw in asked] == ["why-at"] and app.nav.screen != "why"
