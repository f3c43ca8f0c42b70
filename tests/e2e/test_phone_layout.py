"""Manila's first voyage played at 390x844 with four players, tapping as a
person does, counting the scrolls a person would need (issue 36).

Every tap is made on the control a person would press (a button found by its
name in the page's semantics tree, a board place by its label and the row it
sits in).  Before each tap the control's place is read from the semantics
tree: a control that is not wholly inside the viewport (or not in the tree at
all: Flutter leaves out what is far off screen) when its step begins counts
as one scroll, and the page is then scrolled with the mouse wheel until it is.
The banner naming who acts must be in view at every step too.

Run against another checkout (``benchmarks`` style, no assertion on the
count): ``LAYOUT_REPORT=1 pytest tests/e2e/test_phone_layout.py -s`` prints
the taps and scrolls of the voyage; ``LAYOUT_SHOTS=1`` with it saves a
screenshot at each tap (and one before each counted scroll).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

import pytest

from companion.core import Action
from companion.i18n import Translator, number
from companion.messages import format_names, game_message
from companion.registry import get_game
from companion.storage import Store
from companion.ui.viewmodels import split_template
from conftest import PHONE, Screen, Server

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cho", "Dan"]
PROFIT = {"nutmeg": 24, "silk": 30, "ginseng": 18, "jade": 36}
LANGS = ["en", "zh_Hans", "zh_Hant"]


class Words:
    """What the screen says in one language: the game's own messages and the
    shell's catalog, as the app fills them in."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.tr = Translator(lang)

    def t(self, key: str, **params) -> str:
        return game_message("manila", key, self.lang, params, tuple(NAMES))

    def ui(self, msgid: str, **params) -> str:
        text = self.tr.gettext(msgid)
        return format_names(text, params, self.lang) if params else text

    def now(self, name: str) -> re.Pattern:
        before, _after = split_template(self.tr.gettext("Now: {names}"), "names")
        return re.compile("^" + re.escape(before) + re.escape(name))

    def move(self, n: int) -> re.Pattern:
        before, after = split_template(self.tr.gettext("Move {n}"), "n")
        return re.compile(re.escape(before) + str(n) + (re.escape(after) if after.strip() else r"(?!\d)"))

    def profit(self, ware: str) -> str:
        return f"{self.t('ui.profit')} {number(PROFIT[ware], self.lang)}"

    def ware(self, ware: str) -> str:
        return self.t(f"ui.ware.{ware}")
#: the app bar's title and the now-banner's first line sit above this (px)
TOP = 56


@dataclass
class Count:
    taps: int = 0
    scrolls: int = 0
    missed: list[str] = field(default_factory=list)
    banner_hidden: list[str] = field(default_factory=list)


class Player:
    """A person at the table with the phone: finds a control, scrolls to it if
    it is not in view (counted), taps it."""

    def __init__(self, screen: Screen, words: Words) -> None:
        self.screen = screen
        self.words = words
        self.page = screen.page
        self.count = Count()
        self.size = self.page.viewport_size

    def inside(self, box) -> bool:
        return bool(box) and box["y"] >= TOP and box["y"] + box["height"] <= self.size["height"] \
            and box["width"] > 0 and box["height"] > 0

    def visible(self, box) -> bool:
        """Wholly inside the viewport, not cut by the edge of a scrolling part."""
        # Flutter gives a control cut by the edge of a scrolling part only its visible part:
        # every control here is 48 px high at least, so a lower box is a control half hidden
        return self.inside(box) and box["height"] >= 44

    def tap(self, find, what: str) -> None:
        """``find()``: the control's locator (or None while it is not in the tree)."""
        locator = self._bring(find, what)
        if os.environ.get("LAYOUT_REPORT"):
            box = locator.bounding_box()
            print(f"  tap {what}: y={box['y']:.0f} h={box['height']:.0f}")
            if os.environ.get("LAYOUT_SHOTS"):
                self.screen.shot("layout-" + "".join(c if c.isalnum() else "_" for c in what))
        locator.click()
        self.count.taps += 1
        self.page.wait_for_timeout(400)  # a form step redraws its panel: let it land before the next tap

    def _bring(self, find, what: str):
        # the screen may still be drawing the step (a loaded machine takes a second or more):
        # what comes into view within 2.5 s without a scroll was in view when the step began
        for _ in range(12):
            self.page.wait_for_timeout(200)
            locator = find()
            box = locator.bounding_box() if locator is not None and locator.count() else None
            if box is not None and self.visible(box) and not self._covered(locator, box):
                return locator
        self.count.scrolls += 1
        self.count.missed.append(what)
        if os.environ.get("LAYOUT_SHOTS"):
            self.screen.shot("layout-missed-" + "".join(c if c.isalnum() else "_" for c in what))
        height = self.size["height"]
        self.page.mouse.move(self.size["width"] / 2, TOP + 200)
        for direction in [1] * 25 + [-1] * 50:
            locator = find()
            box = locator.bounding_box() if locator is not None and locator.count() else None
            if box is not None and self.visible(box) and not self._covered(locator, box):
                return locator
            step = (box["y"] - height / 2) if box is not None else 300 * direction
            self.page.mouse.wheel(0, step)
            self.page.wait_for_timeout(250)
        self.screen.shot("FAILED-layout-" + "".join(c if c.isalnum() else "_" for c in what))
        raise AssertionError(f"could not bring {what} into view")

    def _covered(self, locator, box) -> bool:
        """Whether the control lies (partly) outside a scrolling part it sits in: the
        semantics tree keeps such controls, at their place under a pinned panel."""
        rects = locator.evaluate(
            "el => { const out = []; for (let e = el.parentElement; e; e = e.parentElement)"
            " if (e.tagName === 'FLT-SEMANTICS' && ['scroll', 'auto'].includes(getComputedStyle(e).overflowY))"
            " { const r = e.getBoundingClientRect(); out.push([r.top, r.bottom]); } return out; }")
        return any(box["y"] < top - 1 or box["y"] + box["height"] > bottom + 1 for top, bottom in rects)

    def banner_shows(self, name: str, step: str) -> None:
        line = self.page.get_by_text(self.words.now(name)).first
        try:
            line.wait_for(timeout=20000)
        except Exception:
            self.screen.shot(f"FAILED-layout-banner-{step}")
            raise
        box = line.bounding_box()
        if not self.inside(box):
            self.count.banner_hidden.append(step)

    # ----- finding controls ------------------------------------------------------------------
    def button(self, name: str, exact: bool = True):
        return lambda: self.page.get_by_role("button", name=name, exact=exact).first

    def last_button(self, name: str, exact: bool = True):
        return lambda: self.page.get_by_role("button", name=name, exact=exact).last

    def in_row(self, anchor: str, name: str, below: bool = False, last_anchor: bool = False):
        """The button named ``name`` in the row of the text ``anchor`` (or in the
        first row under it)."""
        def find():
            anchors = self.page.get_by_text(anchor, exact=True)
            order = list(range(anchors.count()))
            buttons = self.page.get_by_role("button", name=name, exact=True)
            boxes = [(i, buttons.nth(i).bounding_box()) for i in range(buttons.count())]
            # a text the person sees first (one hidden under a pinned panel or off screen last)
            seen = [k for k in order if (b := anchors.nth(k).bounding_box()) is not None and self.inside(b)
                    and not self._covered(anchors.nth(k), b)]
            order = (seen[::-1] if last_anchor else seen) + [k for k in order if k not in seen]
            for k in order:
                head = anchors.nth(k).bounding_box()
                if head is None:
                    continue
                centre = head["y"] + head["height"] / 2
                best = None
                for i, box in boxes:
                    if box is None:
                        continue
                    if below:  # the first row under the text
                        if head["y"] + head["height"] - 2 <= box["y"] <= head["y"] + head["height"] + 80 \
                                and (best is None or box["y"] < best[0]):
                            best = (box["y"], i)
                    elif head["y"] - 30 <= box["y"] <= head["y"] + head["height"] + 60:  # its row (or wrapped under)
                        off = abs(box["y"] + box["height"] / 2 - centre)
                        if best is None or off < best[0]:
                            best = (off, i)
                if best is not None:
                    return buttons.nth(best[1])
            return None
        return find


def _voyage_plan():
    """The voyage as the engine plays it (to know what each step is), with the
    taps a person makes for it."""
    game = get_game("manila")
    state = game.new_state(game.setup(NAMES, {}))
    return game, state


def play_first_voyage(screen: Screen, lang: str = "en") -> Count:
    w = Words(lang)
    me = Player(screen, w)
    game, state = _voyage_plan()

    def did(action: Action) -> None:
        nonlocal state
        state = game.apply(state, action)

    def accepted(n: int) -> None:  # the app bar's move number (every device shows the same)
        screen.page.get_by_text(w.move(n)).first.wait_for(timeout=20000)

    move = 0

    def step(action: Action, taps: list[tuple[object, str]]) -> None:
        nonlocal move
        seats = sorted(game.active_players(state))
        if seats:
            me.banner_shows(NAMES[seats[0]], action.type)
        for find, what in taps:
            me.tap(find, what)
        did(action)
        move += 1
        accepted(move)

    screen.page.get_by_text(w.now("Ana")).first.wait_for(timeout=30000)
    for seat in range(4):
        # the rows of those still to choose, in seat order: this player's is the first
        step(Action.make("shares_later", seat), [(me.button(w.t("action.shares_later")), "tell later")])
    step(next(a for a in game.legal_actions(state) if a.type == "supply"),
         [(me.button(w.t("action.supply")), "supply")])
    step(Action.make("bid", 0, amount=1), [(me.button(w.t("ui.bid_amount", amount=1)), "bid")])
    for seat in (1, 2, 3):
        step(Action.make("pass_bid", seat), [(me.button(w.t("action.pass_bid")), "pass")])
    step(Action.make("skip_share", 0), [(me.button(w.t("action.skip_share")), "no share")])
    starts = {"nutmeg": 3, "silk": 2, "jade": 4}
    launch_taps = [(me.in_row(w.profit("ginseng"), w.t("ui.stays_home")), "ginseng stays home")]
    for ware, at in starts.items():
        launch_taps.append((me.in_row(w.profit(ware), str(at), below=True), f"{ware} starts on {at}"))
    launch_taps.append((me.button(w.t("action.launch")), "launch"))
    step(Action.make("launch", 0, **starts), launch_taps)

    def place(seat: int, space: str) -> None:
        if space in PROFIT:  # the boat's cheapest free seat, in its row
            cost = _cheapest_seat(game, state, space)
            find = me.in_row(w.profit(space), str(cost))
        elif space == "pass":
            step(Action.make("pass_place", seat), [(me.button(w.t("action.pass_place")), "hold back")])
            return
        else:
            find = me.button(w.t(f"ui.space.{space}"), exact=False)
        step(Action.make("place", seat, space=space), [(find, f"{NAMES[seat]} on {space}")])

    def roll(faces: dict[str, int]) -> None:
        action = next(a for a in game.legal_actions(state) if a.type == "roll"
                      and all(a[k] == v for k, v in faces.items()))
        taps = [(me.in_row(w.ware(ware), str(v), below=True, last_anchor=True), f"die {ware} {v}")
                for ware, v in faces.items()]
        taps.append((me.button(w.ui("Enter these dice")), "enter dice"))
        step(action, taps)

    for seat, space in zip(range(4), ("nutmeg", "harbor_a", "jade", "silk")):
        place(seat, space)
    roll({"nutmeg": 3, "silk": 4, "jade": 2})
    for seat, space in zip(range(4), ("shipyard_a", "jade", "pilot_small", "nutmeg")):
        place(seat, space)
    roll({"nutmeg": 3, "silk": 3, "jade": 3})
    for seat, space in zip(range(4), ("insurance", "harbor_b", "pass", "silk")):
        place(seat, space)
    # the rest of the voyage: whatever the engine asks now (a pilot, the third roll)
    for _ in range(6):
        if state.phase == "roll":
            # the nutmeg boat reaches Manila, the other two go to the shipyard
            roll({ware: f for ware, f in {"nutmeg": 6, "silk": 1, "jade": 2}.items()
                  if game.view(state)["boats"][ware]["status"] == "sea"})
        elif state.phase == "pilot":
            seat = sorted(game.active_players(state))[0]
            step(Action.make("skip_pilot", seat), [(me.button(w.t("action.skip_pilot")), "decline the pilot")])
        else:
            break
    assert state.voyage == 2 or state.phase == "auction", state.phase
    # the voyage's results, put away with one tap
    me.tap(me.button(w.ui("Continue")), "results: continue")
    screen.page.get_by_text(re.compile("^" + re.escape(split_template(w.tr.gettext("Now: {names}"), "names")[0])))\
        .first.wait_for(timeout=20000)
    return me.count


def _cheapest_seat(game, state, ware: str) -> int:
    from companion.games.manila.public import share_cost  # noqa: F401 - the public module is importable
    view = game.view(state)
    boat = view["boats"][ware]
    return next(cost for holder, cost in zip(boat["seats"], boat["seat_costs"]) if holder is None)


@pytest.fixture(params=LANGS)
def voyage_table(tmp_path, request):
    store = Store(tmp_path / "companion.db")
    game = get_game("manila")
    stored = store.create_table(game, game.setup(NAMES, {}))
    store.set_setting("open_table", stored.id)
    store.set_setting("lang", request.param)
    store.close()
    server = Server(tmp_path)
    server.lang = request.param
    yield server
    server.stop()


def test_manilas_first_voyage_on_a_phone_needs_no_scroll(browser, voyage_table):
    lang = voyage_table.lang
    screen = Screen(browser, voyage_table, PHONE, locale={"en": "en-US", "zh_Hans": "zh-CN", "zh_Hant": "zh-TW"}[lang])
    try:
        count = play_first_voyage(screen, lang)
    finally:
        screen.close()
    report = f"Manila, first voyage at 390x844 ({lang}): {count.taps} taps, {count.scrolls} scrolls {count.missed}; " \
             f"banner out of view at {count.banner_hidden}"
    if os.environ.get("LAYOUT_REPORT"):
        print("\n" + report)
        return
    assert count.banner_hidden == [], report
    assert count.taps == 41, report
    # the goal: every control of a step in view when it begins (before the pinned layout the
    # same voyage needed 20 scrolls; 3 once the banner said the table's physical steps)
    assert count.scrolls == 0, report
