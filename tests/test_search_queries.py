"""What players type into the rules search, and the clause they need (issue 14).

Each case: the query as typed, the game on the table (None: the library's search page with
no game open), the reader's language, and the clause a player asking this needs — chosen by
reading the clause texts, not by running the search.  That clause must be among the first 3
results.  The set holds every failure the issue names ("loan", 贷款, "roll 7", 掷出7, 擲出 7,
carrier, license, 遊戲何時結束, 兩人玩, 发几张, 搶寶石, the rulebooks' terms 海港負責人, 平底船,
修船場, 盲目的旅客, 成套卖画, 喊一圈, 魔法师, 平局 for Citadels, 銀行 at the table).

Issue 24 adds the kinds of misses it names (a typo in the key word, Chinese question words,
a game named in the query, the Taiwan Manila rulebook's terms, everyday phrasings such as
骰到7 and 村莊) and the held-out questions that missed and were fixed (tests/search_heldout.json).
This is the *tuning* set: the search is tuned on it.  The held-out set is not (see
tests/search_eval.py; README shows both figures).

Runs on the real library (rules_data/), all 13 games.
"""

from __future__ import annotations

import json

import pytest

from companion.i18n import LANGUAGES
from companion.rules import library, search

GAMES = ["catan", "citadels", "cockroach_poker", "dominion", "im_the_boss", "kutschfahrt", "mamma_mia",
         "manila", "modern_art", "niagara", "pandemic", "saboteur", "silk_road"]

EN, HANS, HANT = "en", "zh_Hans", "zh_Hant"

# (query, game on the table, reader's language, clause that must be in the top 3)
CASES: list[tuple[str, str | None, str, str]] = [
    # ---- English
    ("loan", "manila", EN, "manila.loans.mortgage"),  # a loan is taken by mortgaging a share
    ("loan", None, EN, "manila.loans.mortgage"),
    ("repay loan", None, EN, "manila.loans.redeem"),  # paying 15 back redeems the share
    ("pay back a loan", "manila", EN, "manila.loans.redeem"),
    ("mortgaging", None, EN, "manila.loans.mortgage"),
    ("roll 7", None, EN, "catan.robber.seven"),
    ("rolled a 7", "catan", EN, "catan.robber.seven"),
    ("carrier", None, EN, "silk_road.specials.porter"),  # the porter card (搬运工)
    ("license", None, EN, "silk_road.specials.licence"),
    ("licences", "silk_road", EN, "silk_road.specials.licence"),
    ("two players", "citadels", EN, "citadels.players.two"),
    ("2 players", "im_the_boss", EN, "im_the_boss.variants.two-players"),
    ("game end", "dominion", EN, "dominion.end.trigger"),
    ("when does the game end", "manila", EN, "manila.end.trigger"),
    ("stowaway", None, EN, "manila.placement.stowaway"),
    ("harbour master", "manila", EN, "manila.auction.win"),  # the auction winner becomes harbor master
    ("shipwreck", None, EN, "manila.movement.shipyard"),  # boats not in Manila are damaged
    ("pirates plunder", None, EN, "manila.pirates.plunder"),
    ("insurance", "manila", EN, "manila.spaces.insurance"),
    ("once around", None, EN, "modern_art.auction.once-around"),
    ("sealed bid", None, EN, "modern_art.auction.sealed"),
    ("double auction", "modern_art", EN, "modern_art.double.how"),
    ("magician", None, EN, "citadels.characters.magician"),
    ("warlord destroy", None, EN, "citadels.characters.warlord"),
    ("king assassinated", None, EN, "citadels.round.killed_king"),
    ("robber", "catan", EN, "catan.robber.move"),
    ("longest road", None, EN, "catan.awards.longest_road"),
    ("trade with the bank", "catan", EN, "catan.trade.bank"),
    ("outbreak", None, EN, "pandemic.infection.outbreak"),
    ("hand limit", "pandemic", EN, "pandemic.draw.hand-limit"),
    ("broken lamp", None, EN, "saboteur.actions.broken-tool"),
    ("gardens", None, EN, "dominion.scoring.gardens"),
    ("steal a gem", None, EN, "niagara.rob.when"),
    ("over the falls", "niagara", EN, "niagara.falls.lost"),
    ("drink of power", None, EN, "kutschfahrt.drink.what"),
    ("four of a kind", "cockroach_poker", EN, "cockroach_poker.end.same-kind"),
    ("draw the mamma card", None, EN, "mamma_mia.turn.mamma"),
    ("recruit", "im_the_boss", EN, "im_the_boss.cards.recruit"),
    ("how many cards", "saboteur", EN, "saboteur.setup.hands"),
    ("counterclockwise", "saboteur", EN, "saboteur.scoring.pick-order"),  # the text says anticlockwise (British)
    ("who starts", "modern_art", EN, "modern_art.setup.first-seller"),
    ("tie", "dominion", EN, "dominion.scoring.winner"),
    ("biddin", "manila", EN, "manila.auction.bids"),  # as typed, a letter short
    ("how many players", "catan", EN, "catan.overview.players"),
    ("how many players", "citadels", EN, "citadels.overview.players"),
    # ---- Simplified
    ("贷款", "manila", HANS, "manila.loans.mortgage"),
    ("贷款", None, HANS, "manila.loans.mortgage"),
    ("还款", None, HANS, "manila.loans.redeem"),
    ("掷出7", None, HANS, "catan.robber.seven"),
    ("掷出七点", "catan", HANS, "catan.robber.seven"),
    ("发几张", "saboteur", HANS, "saboteur.setup.hands"),
    ("发几张", "modern_art", HANS, "modern_art.setup.deal"),
    ("成套卖画", None, HANS, "modern_art.double.how"),
    ("喊一圈价", None, HANS, "modern_art.auction.once-around"),
    ("喊一圈", "modern_art", HANS, "modern_art.auction.once-around"),
    ("魔法师", None, HANS, "citadels.characters.magician"),
    ("领主", "citadels", HANS, "citadels.characters.warlord"),  # the rulebook's name for the warlord
    ("主持人", "modern_art", HANS, "modern_art.turn.offer"),  # the rulebook's name for the seller
    ("平局", "citadels", HANS, "citadels.end.tie"),
    ("平局", "manila", HANS, "manila.end.tie"),
    ("游戏何时结束", "niagara", HANS, "niagara.end.last-round"),
    ("抢宝石", None, HANS, "niagara.rob.when"),
    ("最长道路", None, HANS, "catan.awards.longest_road"),
    ("大爆发", None, HANS, "pandemic.infection.outbreak"),
    ("盗贼", "citadels", HANS, "citadels.characters.thief"),
    ("偷渡", None, HANS, "manila.placement.stowaway"),
    ("两人玩", "citadels", HANS, "citadels.players.two"),
    ("银行 换", "catan", HANS, "catan.trade.bank"),
    ("怎么贷款", "manila", HANS, "manila.loans.mortgage"),  # questions as typed, particles and all
    ("抵押了还能赎回吗", None, HANS, "manila.loans.redeem"),
    ("强盗怎么移动", None, HANS, "catan.robber.move"),
    # ---- Traditional
    ("海港負責人", None, HANT, "manila.auction.win"),
    ("平底船", None, HANT, "manila.spaces.boats"),  # the rulebook's boats: their seats
    ("修船場", None, HANT, "manila.spaces.shipyard"),
    ("盲目的旅客", None, HANT, "manila.placement.stowaway"),
    ("擲出 7", None, HANT, "catan.robber.seven"),
    ("遊戲何時結束", "citadels", HANT, "citadels.end.trigger"),
    ("兩人玩", "im_the_boss", HANT, "im_the_boss.variants.two-players"),
    ("兩人玩", None, HANT, "citadels.players.two"),
    ("搶寶石", None, HANT, "niagara.rob.when"),
    ("搶寶石", "niagara", HANT, "niagara.rob.when"),
    ("魔術師", None, HANT, "citadels.characters.magician"),
    ("貸款", None, HANT, "manila.loans.mortgage"),
    ("贖回股份", None, HANT, "manila.loans.redeem"),
    ("暗標", None, HANT, "modern_art.auction.sealed"),
    ("手牌上限", "pandemic", HANT, "pandemic.draw.hand-limit"),
    ("誰先開始", "niagara", HANT, "niagara.setup.lifebuoy"),
    ("平手", "citadels", HANT, "citadels.end.tie"),
    ("發幾張", "citadels", HANT, "citadels.setup.deal"),
    ("搶劫", "catan", HANT, "catan.robber.steal"),
    ("建路", None, HANT, "catan.build.road"),
    ("毒戒指", None, HANT, "kutschfahrt.items.poison-ring"),
    # ---- mixed
    ("Manila 贷款", None, HANS, "manila.loans.mortgage"),
    ("catan 7", None, EN, "catan.robber.seven"),
    ("Citadels 平局", None, HANT, "citadels.end.tie"),
    ("pandemic 爆發", None, HANT, "pandemic.infection.outbreak"),
    ("7 點", "catan", HANT, "catan.robber.seven"),
    # ---- issue 24: the kinds of misses it names
    # a doubled or dropped letter in the one key word
    ("morgage", None, EN, "manila.loans.mortgage"),
    ("stowawway", None, EN, "manila.placement.stowaway"),
    ("magican", "citadels", EN, "citadels.characters.magician"),
    ("insurrance", "manila", EN, "manila.spaces.insurance"),
    ("licence for income", None, EN, "silk_road.specials.licence"),
    # Chinese question words
    ("什麼時候可以贖回股份", "manila", HANT, "manila.loans.redeem"),
    ("怎麼蓋城市", "catan", HANT, "catan.build.city"),
    ("一回合可以買幾張牌", "dominion", HANT, "dominion.turn.buy"),
    ("可以交易吗", "catan", HANS, "catan.trade.domestic"),
    # a game named in the query
    ("manila tie", None, EN, "manila.end.tie"),
    ("dominion tie", "manila", EN, "dominion.scoring.winner"),
    ("modern art tie", None, EN, "modern_art.end.tie"),
    ("saboteur tie", "catan", EN, "saboteur.end.tie"),
    ("馬尼拉 平手", None, HANT, "manila.end.tie"),
    # the Taiwan Manila rulebook's own words (seed 004)
    ("克制", "manila", HANT, "manila.placement.restraint"),
    ("自我克制", None, HANT, "manila.placement.restraint"),
    ("起標價", "manila", HANT, "manila.auction.bids"),
    ("海盜上船", None, HANT, "manila.pirates.board"),
    ("理賠金", "manila", HANT, "manila.insurance.claims"),
    ("利潤分配", "manila", HANT, "manila.payout.boats"),
    # everyday phrasings
    ("骰到7", None, HANT, "catan.robber.seven"),
    ("擲到7", "catan", HANT, "catan.robber.seven"),
    ("骰到七怎么办", "catan", HANS, "catan.robber.seven"),
    ("国王被刺客杀了", "citadels", HANS, "citadels.round.killed_king"),
    ("村莊", "catan", HANT, "catan.build.settlement"),
    ("蓋村莊", "catan", HANT, "catan.build.settlement"),
    ("六边形", "catan", HANS, "catan.components.resources"),
    ("最大軍隊", None, HANT, "catan.awards.largest_army"),
    # held-out questions of round 1 that missed at the first measurement and were fixed (tests/search_heldout.json, moved_to_tuning)
    ("how many points do you need to win catan", None, EN, "catan.end.win"),
    ("what does the assasin do", "citadels", EN, "citadels.characters.assassin"),
    ("insurence", "manila", EN, "manila.spaces.insurance"),
    ("what happens when the player deck runs out", "pandemic", EN, "pandemic.draw.empty-deck"),
    ("how much gold do the saboteurs get", "saboteur", EN, "saboteur.scoring.saboteurs"),
    ("exchnage", "silk_road", EN, "silk_road.specials.exchange"),
    ("im the boss how many cards can i hold", None, EN, "im_the_boss.cards.hand-limit"),
    ("刺客可以杀国王吗", "citadels", HANS, "citadels.round.killed_king"),
    ("三个人怎么玩", "citadels", HANS, "citadels.players.three"),
    ("花园怎么算分", "dominion", HANS, "dominion.scoring.gardens"),
    ("云牌有什么用", "niagara", HANS, "niagara.weather.cloud"),
    ("矿工赢了金子怎么分", "saboteur", HANS, "saboteur.scoring.miners"),
    ("魔城马车打架打平了", None, HANS, "kutschfahrt.fight.tie"),
    ("盜賊偷走誰的錢", "citadels", HANT, "citadels.characters.thief"),
    ("七個人怎麼選角色", "citadels", HANT, "citadels.players.seven"),
    ("獨木舟可以載幾顆寶石", "niagara", HANT, "niagara.gems.one"),
    ("河流每回合流幾格", "niagara", HANT, "niagara.flow.speed"),
    ("海盜搶到船的錢怎麼分", "manila", HANT, "manila.pirates.plunder"),
    ("爆發幾次就輸了", "pandemic", HANT, "pandemic.end.loss-outbreaks"),
    ("海上絲路 一艘船可以載幾個貨物", None, HANT, "silk_road.setup.one_token"),
]


@pytest.fixture(scope="module", autouse=True)
def real_library() -> None:
    library.clear_caches()
    search.reset()


def test_the_whole_library_is_indexed() -> None:
    """Guard: the cases below mean something only if all 13 games load in all languages."""
    assert library.game_dirs() == GAMES
    index = search.default_index()
    expected = sum(len(library.clause_ids(g, lang)) for g in GAMES for lang in LANGUAGES)
    assert len(index) == expected and index.clauses == sum(len(library.clause_ids(g, "en")) for g in GAMES)


def test_the_set_is_large_and_every_expected_clause_exists() -> None:
    assert len(CASES) >= 60
    assert {lang for _, _, lang, _ in CASES} == set(LANGUAGES)
    for query, game, lang, clause_id in CASES:
        assert library.clause(clause_id, lang) is not None, clause_id
        assert game is None or game in GAMES


@pytest.mark.parametrize(("query", "game", "lang", "clause_id"), CASES,
                         ids=[f"{q}|{g or '-'}" for q, g, _, _ in CASES])
def test_the_needed_clause_is_in_the_top_3(query: str, game: str | None, lang: str, clause_id: str) -> None:
    hits = search.search(query, game=game, prefer=lang, limit=3)
    assert clause_id in [h.clause_id for h in hits], [(h.clause_id, h.title) for h in hits]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_result_per_clause_in_the_readers_language(lang: str) -> None:
    for query, game, _, _ in CASES:
        hits = search.search(query, game=game, prefer=lang, limit=None)
        keys = [(h.game, h.clause_id) for h in hits]
        assert len(keys) == len(set(keys)), query
        assert all(h.lang == lang for h in hits), query


@pytest.mark.parametrize("query", ["銀行", "银行", "bank"])
@pytest.mark.parametrize("game", ["manila", "catan", "modern_art"])
def test_the_game_on_the_table_comes_first(query: str, game: str) -> None:
    """The bank appears in many games; at a table, that game's clauses lead."""
    everywhere = search.search(query, limit=None)
    assert len({h.game for h in everywhere}) >= 4  # a word many games use
    hits = search.search(query, game=game, limit=None)
    mine = [h for h in hits if h.game == game]
    assert len(mine) >= 3
    assert [h.game for h in hits[:3]] == [game] * 3


@pytest.mark.parametrize("query", ["遊戲何時結束", "游戏什么时候结束", "when does the game end"])
def test_a_question_every_game_answers_gets_end_clauses_without_a_game(query: str) -> None:
    """With no game open, 'when does the game end' has one answer per game: which game comes
    first is not for the query to say, but the first results are each a game's end clause."""
    hits = search.search(query, limit=3)
    assert len(hits) == 3 and all(".end." in h.clause_id for h in hits), [h.clause_id for h in hits]


def test_a_range_is_no_answer_to_a_roll() -> None:
    """骰到7: the pair 到7 of '2 到 7 人' (a player count) is not a roll of 7."""
    for query in ("骰到7", "擲到7"):
        assert not any(h.clause_id.endswith("overview.players") for h in search.search(query, limit=5)), query


def test_issue_examples_find_something_in_every_script() -> None:
    """The issue's zero-hit queries, typed in the other script too, return results."""
    for query in ("遊戲何時結束", "游戏何时结束", "兩人玩", "两人玩", "发几张", "發幾張", "搶寶石", "抢宝石",
                  "海港負責人", "海港负责人", "平底船", "修船場", "修船场", "盲目的旅客", "成套卖画", "成套賣畫",
                  "喊一圈", "魔法师", "魔法師", "carrier", "license"):
        assert search.search(query), query


def test_every_game_has_valid_aliases() -> None:
    """rules_data/<game>/aliases.json: schema, languages, and every key a clause or section id of the game."""
    for game in GAMES:
        path = library.rules_dir() / game / "aliases.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        targets = {clause["id"] for _, clause in library.iter_clauses(game, "en")}
        targets |= {section["id"] for section in library.text(game, "en")["sections"]}
        assert library.validate_aliases(data, f"{game}/aliases.json", targets) == []
        assert library.aliases(game)  # loads
