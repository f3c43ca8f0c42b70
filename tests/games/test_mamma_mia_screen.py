"""The Mamma Mia screen without a browser: the plain forms, and the built control
tree driven through its click handlers (a fake context applies what it dispatches)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core import Action, Session
from companion.games.mamma_mia import GAME
from companion.ui.views import mamma_mia as screen
from companion.ui.widgets import TOUCH

from games.punctuation import assert_chinese_punctuation
from games.screen_harness import Table, click, phases_without_raw_keys, texts
from touch import pressables, small_targets
from ui_harness import walk

A = Action.make


def evaluating(n: int = 3) -> Session:
    s = Session(GAME, GAME.setup(["Ann", "Bo", "Cy", "Di", "Ed"][:n]))
    s.apply(A("evaluate", 0))
    return s


# ----- plain logic -------------------------------------------------------------------
def test_recipe_form():
    form = screen.RecipeForm()
    form.step("salami", 2)
    assert form.action() is None  # no owner yet
    form.owner = 1
    form.step("olive", 1)
    form.step("olive", -3)
    assert form.action() == A("order", 1, salami=2)


def test_special_form_offers_only_what_the_rules_allow():
    heaps = {"salami": 0, "olive": 2, "pineapple": 2, "mushroom": 1, "pepper": 4}
    form = screen.SpecialForm(owner=0, pizza="mini")
    form.pick_shown("pepper", heaps)
    assert form.others(heaps) == ["mushroom"] and form.other == "mushroom"  # the only scarcest: chosen for you
    assert form.action() == A("special", 0, pizza="mini", shown="pepper", other="mushroom")
    form.pick_shown("olive", heaps)  # olive aside: olive 1 and mushroom 1 tie
    assert form.others(heaps) == ["olive", "mushroom"]
    six = screen.SpecialForm(owner=2, pizza="one_plus_six")
    six.pick_shown("olive", heaps)
    assert "olive" not in six.others(heaps) and six.action() is None
    six.other = "salami"
    assert six.action() == A("special", 2, pizza="one_plus_six", shown="olive", other="salami")
    assert screen.SpecialForm(owner=1, pizza="deluxe").action() == A("special", 1, pizza="deluxe")


def test_fill_form_counts_to_the_shortfall_within_the_cards_in_play():
    form = screen.FillForm(5, {"salami": 1, "olive": 10, "pineapple": 10, "mushroom": 0, "pepper": 10})
    form.step("salami", 3)  # only one salami card is left outside the pile
    form.step("olive", 9)   # four more fit
    form.step("mushroom", 1)
    assert form.counts == {"salami": 1, "olive": 4, "pineapple": 0, "mushroom": 0, "pepper": 0}
    assert form.action(2) == A("fill", 2, salami=1, olive=4)


def test_run_buttons_shrink_near_the_card_limit():
    s = evaluating(2)  # 8 of each
    s.apply(A("ingredients", kind="salami", count=6))
    assert screen.run_buttons(GAME.view(s.state), "salami") == [1, 2]
    assert screen.run_buttons(GAME.view(s.state), "olive") == [1, 2, 3, 4]


# ----- the built screen ----------------------------------------------------------------
def test_an_evaluation_through_the_screen():
    t = Table(Session(GAME, GAME.setup(["Ann", "Bo", "Cy"])))
    root = t.build()
    assert "Remove 3 cards of each ingredient: 10 of each in play." in texts(root)
    click(root, "Bo")  # Bo holds the Mamma card
    root = t.build()
    click(root, "+2", 0)  # two salami
    click(t.build(), "+1", 1)  # one olive
    root = t.build()
    click(root, "Ann", 0)  # owner in the order form
    click(root, "+", 0)    # salami +1
    click(root, "+", 0)    # salami +2
    click(root, "+", 1)    # olive +1
    click(root, "Check this order", 0)
    assert t.session.state.completed == [1, 0, 0]
    # a short order, made up from the hand
    click(t.build(), "+3", 3)  # three mushrooms
    t.session.apply(A("order", 2, mushroom=2, pepper=1))  # entered directly: the form is tested above
    root = t.build()
    assert "The order of Cy is missing: green pepper 1" in texts(root)
    click(root, "Add them from the hand")
    assert t.session.state.completed == [1, 0, 1]
    click(t.build(), "The pile is done")
    assert t.session.state.round == 2 and not t.refused


def test_deluxe_fill_and_special_form_through_the_screen():
    s = evaluating()
    s.apply(A("ingredients", kind="pepper", count=5))
    s.apply(A("ingredients", kind="olive", count=5))
    t = Table(s)
    root = t.build()
    click(root, "Cy", 1)  # owner in the special form (the second owner row)
    click(root, "Super deluxe")
    click(root, "Check this order", 1)
    assert s.state.phase == "short"
    root = t.build()
    assert "The order of Cy is missing: 5" in texts(root)   # 15 - (5 pepper + 5 olive)
    for _ in range(5):
        click(root, "+", 0)  # salami from the hand (which holds at most 7)
    click(root, "Add them from the hand")
    assert s.state.completed == [0, 0, 1] and sum(s.state.heaps.values()) == 0


def test_an_incomplete_order_says_why_instead_of_going_pale():
    """Check this order is never greyed out: it says what is missing beside it
    (with the rule link), and pressing it is refused by the referee, not ignored."""
    s = evaluating()
    t = Table(s)
    root = t.build()
    shown = texts(root)
    assert shown.count("First pick whose order card it is.") == 2        # the order form and the special one
    assert "Rule: Entering an order" in shown
    before = s.state
    click(root, "Check this order", 0)                                     # nobody owns it: nothing is sent
    assert t.sent == [] and s.state == before
    click(root, "Bo", 0)                                                   # an owner, but no ingredient yet
    shown = texts(t.redrawn[-1])
    assert "An order needs at least one ingredient." in shown and "First pick whose order card it is." not in shown
    click(t.redrawn[-1], "Check this order", 0)
    assert t.refused == ["empty_order"] and s.state == before              # the refusal, the table unchanged
    click(t.redrawn[-1], "+", 0)
    assert "An order needs at least one ingredient." not in texts(t.redrawn[-1])


def test_the_forms_and_heaps_hold_still_on_a_phone():
    """Picking the owner takes the "why not" line away, which made the order
    form narrower: centred in its section, it jumped ~49 px sideways under the
    next "+" tap.  The forms' sections start at the left edge instead.  The
    heaps' chips are two to a row on a 360 px phone (336 px inside the page's
    padding), wide enough for "green pepper 10" on one line."""
    root = Table(evaluating()).build()
    sections = {c.title.value: c for c in walk(root) if isinstance(c, ft.ExpansionTile)}
    for title in ("Order card", "Special order card"):
        assert sections[title].expanded_cross_axis_alignment == ft.CrossAxisAlignment.START, title
        assert sections[title].expanded_alignment == ft.Alignment.TOP_LEFT, title
    heaps = [c for c in walk(root) if isinstance(c, ft.Container) and c.width == screen.HEAP_WIDTH]
    assert len(heaps) == 5 and "green pepper 0" in [x for h in heaps for x in texts(h)]
    assert 2 * screen.HEAP_WIDTH + 8 <= 360 - 2 * 12


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_the_run_buttons_fit_on_one_line_on_a_360_px_phone(lang):
    """Each ingredient's name and its "+1" to "+4" on one line at 360 px
    (336 px inside the page's padding): with 56 px buttons 6 px apart the row
    took 358 px and "+4" ran on to a line of its own.  The buttons stay full
    touch targets with room for "+4" inside their frame, and the name keeps the
    order form's width."""
    root = Table(evaluating(), lang).build()
    rows = [c for c in walk(root) if isinstance(c, ft.Row)
            and any(isinstance(x, ft.Container) and texts(x) == ["+4"] for x in c.controls)]
    assert len(rows) == 5                                   # one per ingredient
    for row in rows:
        name, *buttons = row.controls
        assert [texts(b) for b in buttons] == [["+1"], ["+2"], ["+3"], ["+4"]]
        widths = [c.width for c in row.controls]
        assert None not in widths and sum(widths) + row.spacing * (len(widths) - 1) <= 360 - 2 * 12, widths
        assert isinstance(name, ft.Text) and name.width == 110  # as wide as the order form's names
        for b in buttons:
            assert b.width >= TOUCH and b.on_click is not None
            # two characters of 15 px (digits and "+" are under 0.8 em) fit inside the frame
            assert b.width - b.padding.left - b.padding.right - 2 * b.border.left.width >= 2 * 0.8 * 15
    assert small_targets(root) == []


#: a two-player game through every phase (play, evaluate, short, tiebreak, end), from a fresh table
EVERY_PHASE = [A("evaluate", 1), A("ingredients", kind="olive", count=2), A("order", 0, olive=3),
               A("fill", 0, olive=1), A("special", 1, pizza="deluxe"), A("order_fails", 1),
               A("ingredients", kind="olive", count=1), A("order", 1, olive=1), A("end_evaluation"),
               A("evaluate", 0), A("end_evaluation"),
               A("evaluate", 0), A("end_evaluation"), A("hand", 0, cards=4), A("hand", 1, cards=4)]


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_every_phase_has_48_px_touch_targets(lang):
    s = Session(GAME, GAME.setup(["Ann", "Bo"]))
    script = EVERY_PHASE
    seen, pressed = set(), 0
    for action in [*script, None]:
        root = Table(s, lang).build()
        assert small_targets(root) == [], s.state.phase
        seen.add(s.state.phase)
        pressed += len(pressables(root))
        if action is not None:
            s.apply(action)
    assert seen == {"play", "evaluate", "short", "tiebreak", "end"} and pressed > 50


def test_an_incomplete_special_order_names_what_is_missing():
    s = evaluating()
    t = Table(s)
    root = t.build()
    click(root, "Cy", 1)                                                   # the special form's owner
    assert "Pick which special pizza the card shows." in texts(t.redrawn[-1])
    click(t.redrawn[-1], "One plus six")
    shown = texts(t.redrawn[-1])
    assert "Enter the ingredient shown on the card and the one used with it." in shown
    click(t.redrawn[-1], "Check this order")
    assert t.refused == ["special_needs_kinds"]


def test_tie_break_through_the_screen():
    s = evaluating(2)
    s.apply(A("ingredients", kind="olive", count=2))
    s.apply(A("order", 0, olive=1))
    s.apply(A("order", 1, olive=1))
    for _ in range(3):
        s.apply(A("end_evaluation"))
        if s.state.phase == "play":
            s.apply(A("evaluate", 0))
    t = Table(s)
    root = t.build()
    assert "Ann: cards in hand" in texts(root)
    click(root, "6", 0)
    click(t.build(), "3", 0)
    assert "Winner: Ann" in texts(t.build())


@pytest.mark.parametrize("lang", ["en", "zh_Hans", "zh_Hant"])
def test_every_phase_builds_without_raw_keys(lang):
    s = Session(GAME, GAME.setup(["Ann", "Bo"]))
    script = EVERY_PHASE
    assert phases_without_raw_keys(s, script, lang) == {"play", "evaluate", "short", "tiebreak", "end"}


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_screens_use_chinese_punctuation(lang):
    """Every phase in Chinese, with a shortfall of two kinds, the order form half
    filled and a shared win: full-width colons, items and winners joined with 、."""
    s = Session(GAME, GAME.setup(["安", "波"]))
    script = [A("evaluate", 1), A("ingredients", kind="olive", count=2), A("order", 0, olive=3, pepper=1),
              A("fill", 0, olive=1, pepper=1), A("special", 1, pizza="deluxe"), A("order_fails", 1),
              A("ingredients", kind="olive", count=1), A("order", 1, olive=1), A("end_evaluation"),
              A("evaluate", 0), A("end_evaluation"),
              A("evaluate", 0), A("end_evaluation"), A("hand", 0, cards=4), A("hand", 1, cards=4)]
    seen = []
    for action in script:
        root = Table(s, lang).build()
        if s.state.phase == "evaluate":
            click(root, "安", 0)                                    # the order form's owner picked
        shown = assert_chinese_punctuation(root)
        seen += shown
        s.apply(action)
    shown = assert_chinese_punctuation(Table(s, lang).build())
    assert s.state.phase == "end" and any("安、波" in x for x in shown), shown   # both won: 1 order, 4 cards
    olive, pepper = ("橄榄", "青椒") if lang == "zh_Hans" else ("橄欖", "青椒")
    assert any(f"{olive} 1、{pepper} 1" in x for x in seen)       # what the first order missed
