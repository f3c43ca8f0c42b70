"""The Citadels screen without a browser: the draft and build forms, choice
reading and city rows as plain logic, then a round played through the
built controls (a fake context applies dispatched actions to a session)."""

from __future__ import annotations

import pytest

from companion.core import Action, Session
from companion.games.citadels import GAME
from companion.ui.views import citadels as screen
from games.punctuation import assert_chinese_punctuation
from games.screen_harness import Table, click, texts

THIEF, MAGICIAN, KING, BISHOP, WARLORD = 2, 3, 4, 5, 8


# ----- plain logic ------------------------------------------------------------------

def test_draft_form() -> None:
    form = screen.DraftForm(4)
    assert form.needed() == 2 and KING not in form.options()
    form.toggle(KING)                          # never face up: ignored
    form.toggle(THIEF)
    form.toggle(MAGICIAN)
    assert form.over is None
    form.toggle(WARLORD)                       # already two chosen: kept aside, the screen says why
    assert form.over == WARLORD
    assert form.ready() and form.action() == Action.make("draft_done", face_up=[THIEF, MAGICIAN])
    form.toggle(MAGICIAN)                      # one put back: room again, the note goes
    assert form.over is None and form.chosen == [THIEF]
    assert 1 not in screen.DraftForm(3).options()          # the Assassin is out with three players
    assert screen.DraftForm(6).ready()                     # nothing face up with six


def test_build_form_points_only_for_purple() -> None:
    form = screen.BuildForm(seat=1, colour="noble", cost=3)
    assert form.point_choices() == [] and form.action() == Action.make("build", 1, colour="noble", cost=3)
    form = screen.BuildForm(seat=1, colour="special", cost=6)
    assert form.point_choices() == [6, 7, 8]
    form.points = 8
    assert form.action() == Action.make("build", 1, colour="special", cost=6, points=8)
    assert screen.BuildForm(seat=0, colour="trade").action() is None


def test_read_choices_and_city_rows() -> None:
    s = Session(GAME, GAME.setup(["A", "B", "C", "D"]))
    s.apply(Action.make("correct_city", 1, districts=[["noble", 3], ["trade", 2], ["noble", 5], ["special", 5, 8],
                                                         ["special", 5]]))
    s.apply(Action.make("draft_done", face_up=[THIEF, MAGICIAN]))
    ch = screen.read_choices(GAME.legal_actions(s.state))
    assert ch.reveal == [0, 1, 2, 3] and ch.no_one
    s.apply(Action.make("reveal", 2))                      # C is the Assassin
    ch = screen.read_choices(GAME.legal_actions(s.state))
    assert ch.seat == 2 and ch.kill == [2, 3, 4, 5, 6, 7, 8] and ch.build and ch.end_turn and not ch.rob
    row = screen.city_rows(GAME.view(s.state))[1]
    assert row["by_colour"] == {"noble": [(3, 3), (5, 5)], "trade": [(2, 2)], "special": [(5, 5), (5, 8)]}
    assert row["missing"] == ["religious", "military"]
    # districts 3 + 2 + 5 + 5 + 8 = 23; no bonus for all colours (religious and military are missing)
    assert row["parts"]["total"] == 23 and row["count"] == 5 and row["end_at"] == 8


# ----- the built screen -------------------------------------------------------------

def test_a_round_through_the_screen() -> None:
    t = Table.seated(GAME, ["Ann", "Bob", "Cid", "Dee"])
    root = t.build()
    click(root, "2 Thief")
    click(root, "3 Magician")
    click(root, "Confirm the characters set aside")
    assert t.session.state.face_up == [THIEF, MAGICIAN]
    click(t.build(), "Cid")                                # Cid reveals the Assassin
    click(t.build(), "5 Bishop")                           # and kills the Bishop
    assert t.session.state.killed == BISHOP
    root = t.build()
    click(root, "Military")
    click(root, "1")
    click(root, "Build this district")
    assert t.session.state.cities[2] == [["military", 1, 1]]
    click(t.build(), "End turn")
    click(t.build(), "Ann")                                # the King
    assert t.session.state.crown == 0
    click(t.build(), "End turn")
    shown = texts(t.build())
    assert "5 Bishop · killed" in shown                    # skipped without a word
    click(t.build(), "Nobody has it")                      # Merchant
    click(t.build(), "Nobody has it")                      # Architect
    click(t.build(), "Dee")                                # Warlord
    root = t.build()
    assert "Cid: Military 1 · Costs the Warlord 0" in texts(root)
    click(root, "Cid: Military 1 · Costs the Warlord 0")
    assert t.session.state.cities[2] == []
    click(t.build(), "End turn")
    assert t.session.state.phase == "draft" and t.session.state.round == 2


@pytest.mark.parametrize("lang, eight, five", [
    ("en", "Cid: Special 5 · 8 points · Costs the Warlord 4", "Cid: Special 5 · 5 points · Costs the Warlord 4"),
    ("zh_Hant", "Cid：特殊 5 · 8 分 · 軍閥需付 4", "Cid：特殊 5 · 5 分 · 軍閥需付 4"),
])
def test_warlord_targets_name_the_points_of_purple_districts_of_one_cost(lang: str, eight: str, five: str) -> None:
    """Cid holds two purple 5s, one counting 8 and one its cost, and a trade 2: the Warlord's
    targets list the purple 5s once each with their points (the trade 2 without), and the
    one tapped is the one destroyed: 2 + 8 + 5 = 15 becomes 2 + 5 = 7."""
    t = Table.seated(GAME, ["Ann", "Bob", "Cid", "Dee"], lang=lang)
    t.session.apply(Action.make("correct_city", 2, districts=[["trade", 2], ["special", 5, 8], ["special", 5]]))
    t.session.apply(Action.make("draft_done", face_up=[THIEF, MAGICIAN]))
    t.session.apply(Action.make("no_one"))                 # the Assassin
    for seat in (0, 1, 2):                                 # King, Bishop (nobody), Merchant, Architect
        t.session.apply(Action.make("reveal", seat))
        t.session.apply(Action.make("end_turn", seat))
        if seat == 0:
            t.session.apply(Action.make("no_one"))
    t.session.apply(Action.make("reveal", 3))              # Dee is the Warlord
    ch = screen.read_choices(GAME.legal_actions(t.session.state))
    assert [d for d in ch.destroy if d[0] == 2] == [(2, "special", 5, 5), (2, "special", 5, 8), (2, "trade", 2, None)]
    root = t.build()
    shown = texts(root)
    assert eight in shown and five in shown
    assert not [x for x in shown if x.startswith(("Cid: Trade 2 ·", "Cid：貿易 2 ·")) and "point" in x]
    click(root, eight)
    assert t.refused == [] and t.session.state.cities[2] == [["trade", 2, 2], ["special", 5, 5]]
    assert GAME.scores(t.session.state)[2] == 7


def test_draft_says_what_is_missing_and_why_a_third_pick_is_not_taken() -> None:
    t = Table.seated(GAME, ["Ann", "Bob", "Cid", "Dee"])
    root = t.build()
    assert "Characters set aside" in texts(root)           # the heading
    # the confirm button is there from the start, with the referee's word on what is missing
    assert "This table sets 2 characters aside face up, not 0." in texts(root)
    click(root, "Confirm the characters set aside")
    assert t.refused == ["face_up_count"]
    click(root, "2 Thief")
    assert "This table sets 2 characters aside face up, not 1." in texts(root)
    click(root, "3 Magician")
    assert not [x for x in texts(root) if "aside face up" in x]
    click(root, "8 Warlord")                               # a third: not taken, and the screen says why
    shown = texts(root)
    assert ("This table sets only 2 characters aside face up: tap a chosen one to put it back "
            "before picking 8 Warlord.") in shown
    assert "Rule: How many to set aside" in shown
    click(root, "Confirm the characters set aside")
    assert t.session.state.face_up == [THIEF, MAGICIAN]


def test_build_button_says_what_is_missing() -> None:
    t = Table.seated(GAME, ["Ann", "Bob", "Cid", "Dee"])
    t.session.apply(Action.make("draft_done", face_up=[THIEF, MAGICIAN]))
    t.session.apply(Action.make("reveal", 0))
    root = t.build()
    assert "Still to pick: a colour, a cost." in texts(root)
    click(root, "Build this district")                     # nothing to send yet
    assert t.sent == []
    click(root, "Trade")
    assert "Still to pick: a cost." in texts(root)
    click(root, "2")
    assert not [x for x in texts(root) if x.startswith("Still to pick")]
    click(root, "Build this district")
    assert t.session.state.cities[0] == [["trade", 2, 2]]


@pytest.mark.parametrize("lang, nobody", [("en", "Nobody has it"), ("zh_Hant", "沒人持有")])
def test_nobody_has_it_stops_when_the_players_need_the_characters(lang: str, nobody: str) -> None:
    """The tester's round: three players, Thief and Bishop face up, five characters called
    for three players' characters.  Two taps on "nobody" are taken; the third is refused
    (the button stays, with the reason and its rule beside it) and changes nothing."""
    t = Table.seated(GAME, ["Ana", "Ben", "Cho"], lang=lang)
    t.session.apply(Action.make("draft_done", face_up=[THIEF, BISHOP]))
    click(t.build(), nobody)                               # Magician
    root = t.build()
    assert not [x for x in texts(root) if "{" in x]
    click(root, nobody)                                    # King
    before = GAME.clone(t.session.state)
    root = t.build()
    why = t.ctx().why_not(Action.make("no_one"))
    assert why is not None and why[1] == "citadels.round.unheld"
    assert why[0] in texts(root)                           # said beside the button, before the tap
    click(root, nobody)                                    # Merchant
    assert t.refused == ["too_many_unheld"] and t.session.state == before
    for seat in ("Ana", "Ben", "Cho"):                     # Merchant, Architect, Warlord
        click(t.build(), seat)
        click(t.build(), "End turn" if lang == "en" else "結束回合")
    assert t.session.state.round == 2


def test_chinese_screen_shows_cities_and_scores() -> None:
    t = Table.seated(GAME, ["安", "波", "西", "東"], lang="zh_Hans")
    t.session.apply(Action.make("correct_city", 0, districts=[["noble", 3], ["religious", 2], ["trade", 1],
                                                              ["military", 2], ["special", 6, 8]]))
    shown = texts(t.build())
    # 3 + 2 + 1 + 2 + 8 = 16, all five colours +3 = 19
    assert "16 + 五色 3 + 完成 0 = 19" in shown and "特殊 6（8 分）" in shown


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_screens_use_chinese_punctuation(lang: str) -> None:
    """The round above in Chinese (face-up line, builds left, a half-filled
    purple district, the Warlord's targets): full-width colons, 、 lists."""
    t = Table.seated(GAME, ["安", "波", "西", "東"], lang=lang)
    script = [Action.make("draft_done", face_up=[THIEF, MAGICIAN]), Action.make("reveal", 2),
              Action.make("assassinate", 2, target=BISHOP), Action.make("build", 2, colour="military", cost=1),
              Action.make("end_turn", 2), Action.make("reveal", 0), Action.make("end_turn", 0),
              Action.make("no_one"), Action.make("no_one"), Action.make("reveal", 3)]
    for action in script:
        assert_chinese_punctuation(t.build())
        assert t.dispatch(action), t.refused
    root = t.build()
    click(root, "特殊")                                       # a purple district, cost 6: the points row shows
    click(root, "6")
    shown = assert_chinese_punctuation(root)
    assert any(x.startswith("正面朝上：") and "、" in x for x in shown), shown
    assert any(x.startswith(("还可建造：", "還可建造：")) for x in shown)
    assert any(x.startswith("西：") for x in shown)              # the Warlord's target: Cid's district


@pytest.mark.parametrize("lang, full, missing", [
    ("zh_Hans", "这个人数只正面朝上放 2 张角色：要选“8 军阀”，先点一下已选的角色把它放回。", "还没选：颜色、费用。"),
    ("zh_Hant", "這個人數只會正面朝上放 2 張角色：想選「8 軍閥」的話，先點一下已選的角色把它放回去。", "還沒選：顏色、費用。"),
])
def test_chinese_form_hints(lang: str, full: str, missing: str) -> None:
    """The draft's third pick and the build form's missing choices, in Chinese: full-width
    colon, 、 between the missing choices."""
    t = Table.seated(GAME, ["安", "波", "西", "東"], lang=lang)
    root = t.build()
    for chip_ in ("2 ", "3 ", "8 "):
        click(root, next(x for x in texts(root) if x.startswith(chip_)))
    shown = assert_chinese_punctuation(root)
    assert full in shown
    click(root, "确认放到一旁的角色" if lang == "zh_Hans" else "確認放到一旁的角色")
    assert t.session.state.face_up == [THIEF, MAGICIAN]
    t.session.apply(Action.make("reveal", 0))
    shown = assert_chinese_punctuation(t.build())
    assert missing in shown


@pytest.mark.parametrize("lang, chip", [
    ("en", "Special 5, 5 (8 points)"), ("zh_Hans", "特殊 5、5（8 分）"), ("zh_Hant", "特殊 5、5（8 分）"),
])
def test_a_city_shows_what_a_purple_district_counts_beyond_its_cost(lang: str, chip: str) -> None:
    """The points that tell two purple 5s apart (when removing one or when the Warlord takes
    one) are on the city's card; a district counting its cost shows the cost alone."""
    t = Table.seated(GAME, ["Ann", "Bob", "Cid", "Dee"], lang=lang)
    t.session.apply(Action.make("correct_city", 2, districts=[["trade", 2], ["special", 5, 8], ["special", 5]]))
    shown = texts(t.build())
    assert chip in shown
    assert [x for x in shown if x.endswith(" 2") and x.startswith(("Trade", "商业", "商業"))]
