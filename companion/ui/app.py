"""The app shell: the one place that owns navigation.

Screens are functions of the app's state (``companion/ui/screens.py``); the
shell keeps which screen is shown, the back stack, the open table, the
language and the theme, and rebuilds the page after every change.  Every
accepted action is committed by ``StoredSession.apply`` before the screen is
rebuilt.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Callable
from urllib.parse import parse_qs, urlparse

import flet as ft

from .. import access
from . import hosts
from ..access import Denied, Who
from ..core import teach as core_teach
from ..core.actions import Action
from ..core.errors import RefereeError, StaleTable
from ..i18n import LANGUAGES, Translator, pick_language
from ..messages import describe_error, fill, format_names
from ..paths import assets_dir
from ..registry import get_game
from .. import story
from ..storage import ReadOnly, Store, StoredSession, StoreUnavailable, TableDamaged
from ..transfer import export_bytes
from . import flet_fixes, ink, join, screens, sections, taps, teach_screen
from .context import GameContext
from .files import chosen_text, download
from .reconcile import forget, in_place, keep_unchanged, thaw
from .board import PANE_BOARD, SIDE_BY_SIDE
from .viewmodels import now_players, refusal_text
from .widgets import FONT_FAMILY, FONT_FAMILY_FULL, FONT_FAMILY_NAMES, themed

log = logging.getLogger(__name__)

FONT_FILE = "fonts/NotoSansCJK-subset.otf"
#: the first-screen cut of it (scripts/build_font.py): what a Chinese phone waits for
FONT_FILE_UI = "fonts/NotoSansCJK-ui.otf"
#: the characters of that cut (written beside it by scripts/build_font.py)
UI_FONT_CHARS = frozenset((assets_dir() / "fonts" / "NotoSansCJK-ui.txt").read_text(encoding="utf-8").rstrip("\n"))
#: the characters of players' names the subset lacks (Big5 level 1, GB 2312 level 2: 婷), and theirs
FONT_FILE_NAMES = "fonts/NotoSansCJK-names.otf"
NAMES_FONT_CHARS = frozenset((assets_dir() / "fonts" / "NotoSansCJK-names.txt").read_text(encoding="utf-8")
                             .rstrip("\n"))


def beyond_ui_font(text: str) -> bool:
    """Whether a text has a CJK character that the first-screen cut lacks."""
    return any(ord(c) > 0x2E7F and c not in UI_FONT_CHARS for c in text)


def needs_names_font(text: str) -> bool:
    """Whether a text has a character only the names font has (a player's 婷)."""
    return any(c in NAMES_FONT_CHARS for c in text)


def control_texts(root: Any) -> Any:
    """Every string held by a tree of controls (their fields, nested values
    and children), for the font check below."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif is_dataclass(value) and not isinstance(value, type) and id(value) not in seen:
            seen.add(id(value))
            stack.extend(getattr(value, f.name, None) for f in fields(value)
                         if not f.name.startswith(("_", "on_")))


#: scrolled further down than this (px), the now-banner is (partly) out of view: when the
#: turn passes, the page goes back to its top
TURN_SCROLL = 40.0


@dataclass
class Refusal:
    message: str
    rule: str | None
    #: the seat whose secret the full sentence would tell (it is shown only to that seat:
    #: on their own phone, or behind hand-the-phone through "Show <name> why")
    secret_of: int | None = None
    full: str = ""


@dataclass
class PrivateFlow:
    player: int
    title: str
    build_form: Callable[[Callable[[], None]], Any]
    stage: str = "handover"  # handover -> form -> hidden


@dataclass
class Device:
    """This browser (or window): its own token and its own settings.

    ``token`` is this device's alone (``access.new_token``), kept in its own
    storage; ``persistent`` is False when the browser cannot keep it (the
    token then lasts this connection only).  ``prefs`` is the device's storage
    (the browser's, through Flet's SharedPreferences); ``lan`` is True when the
    server listens beyond loopback, so tables need their join code;
    ``address`` and ``agent`` are what the server sees of the device."""

    token: str = field(default_factory=access.new_token)
    prefs: "Prefs | None" = None
    loopback: bool = True
    lan: bool = False
    base_url: str = "http://127.0.0.1:8550"
    address: str = ""
    agent: str = ""
    persistent: bool = True

    @property
    def who(self) -> Who:
        return Who(self.token, self.address or ("127.0.0.1" if self.loopback else ""), self.agent, self.loopback)


class Prefs:
    """Per-device settings: read once at start, written through to the device."""

    def __init__(self, values: dict[str, Any], write: Callable[[str, str], None] | None = None) -> None:
        self.values = values
        self._write = write

    def get(self, key: str) -> str | None:
        value = self.values.get(key)
        return None if value is None else str(value)

    def set(self, key: str, value: str) -> None:
        self.values[key] = value
        if self._write is not None:
            try:
                self._write(key, value)
            except Exception:  # noqa: BLE001 - a closed page cannot store; the setting is only a convenience
                log.debug("could not store %s on the device", key, exc_info=True)


#: how the server was started (set by ``serve``)
#: how this process serves: beyond loopback?, its address, and the prefix of
#: the app's assets' versioned URLs ("/v/<version>/" when served, see web_cache)
SERVING: dict[str, Any] = {"lan": False, "base_url": "http://127.0.0.1:8550", "assets": ""}


#: the rev of the screen a tap was made on, while its handler runs (``App._stamp``)
TAP_REV: contextvars.ContextVar[int | None] = contextvars.ContextVar("tap_rev", default=None)
#: a device's own names for the New-table form, at most this many
NAMES_KEPT = 30
#: controls of earlier screens kept to answer a late tap on them with their own handler (a few
#: screens: each holds its screen's state; older ones are answered by their rev alone, _forgotten)
RETIRED_KEPT = 120


@dataclass
class Nav:
    screen: str
    params: dict[str, Any] = field(default_factory=dict)
    #: how far the page was scrolled when the user left it (restored on back)
    scroll: float = 0.0


class App:
    def __init__(self, page: ft.Page, store: Store | None = None, device: Device | None = None) -> None:
        self.page = page
        #: where the app runs (server or browser: hosts/)
        self.host = hosts.current()
        self.store = store or Store()
        #: this device: settings, token, whether tables need their join code
        self.device = device or Device(prefs=store_prefs(self.store))
        #: identity, roles, codes, PINs and limits (plain Python, shared by the server's devices)
        self.access = access.for_store(self.store)
        self.lang = self._pref("lang") or "en"
        self.theme = self._pref("theme") or "light"
        #: handler threads, pubsub and the periodic check all redraw: one at a time
        self.lock = threading.RLock()
        self.closed = False
        self._topic: str | None = None
        self.nav = Nav("home")
        self.back: list[Nav] = []
        self.table: StoredSession | None = None
        self.refusal: Refusal | None = None
        self.private_flow: PrivateFlow | None = None
        #: the damaged database was kept aside: tell the user once, on the home screen
        self.show_recovered = self.store.recovered is not None
        #: where the open table was just exported (shown until the next action)
        self.exported_to: str | None = None
        #: the table screen's place for the refusal banner (filled without a rebuild)
        self.refusal_slot: Any = None
        #: what a game's screen remembers between redraws of the open table
        #: (results already dismissed...): ``GameContext.extra``
        self.view_memory: dict[str, Any] = {}
        #: the page's scroll offset now (from the page's scroll events), and where
        #: the next render should put it: 0 for a new screen, the saved offset on back
        self.offset = 0.0
        self.scroll_target: float | None = 0.0
        #: the key of the part a new screen opens at (its build sets it; None: the top)
        self.scroll_key: str | None = None
        #: the table screen's scrolling part (layout.py; None: the page itself scrolls), the
        #: invite / seat strip it leads with, and whether it was laid out for a wide screen
        self.scroller: Any = None
        self.strip: Any = None
        self.laid_wide: bool | None = None
        #: the board shown on this screen (screen key, control): kept if a redraw leaves it unchanged
        self._shown_board: tuple[str, Any] = ("", None)
        #: the sections this device opened or closed, by screen and section (sections.py)
        self.sections: dict[str, bool] = {}
        #: this page's one file picker, registered with the page as the app starts (files.py: why);
        #: a file chosen by a tap's own chooser (files.pick_action) arrives at its on_result
        self.picker = ft.FilePicker(on_result=self._file_chosen)
        #: what the screen shown does with a chosen file (name, text): the import screen's
        self.on_file: Callable[[str, str], None] | None = None
        #: a translated message after an unexpected error (shown on the home screen)
        self.problem: str | None = None
        #: the rev of the table screen drawn last, and the revs this device wrote
        self.shown_rev: int | None = None
        self.my_revs: set[int] = set()
        #: pressable controls on the page now, and those of earlier screens
        #: (control id -> control), kept so a tap made on an old screen is
        #: answered by that screen's handler (which knows the rev it showed)
        self._live: dict[int, Any] = {}
        #: the ids of every control on the page with a handler (``knows_control``)
        self._targets: set[int] = set()
        self._retired: OrderedDict[int, Any] = OrderedDict()
        #: ids of retired controls no longer kept -> the rev they showed
        self._forgotten: OrderedDict[int, int | None] = OrderedDict()
        #: the newest entry of the open table's story, and the story itself (app.last_entry, story_entries)
        self._last_cache: tuple[Any, Any] | None = None
        self._story: tuple[str, Any] | None = None
        self._series: tuple[Any, Any] | None = None
        #: the whole CJK font has been asked for (see _fonts_for)
        self.full_font = False
        #: the names font has been asked for (see _fonts_for)
        self.names_font = False

    # ----- language ----------------------------------------------------------
    @property
    def t(self) -> Translator:
        return Translator(self.lang)

    def _(self, msgid: str, **params: Any) -> str:
        # a {name} is spaced in Chinese by its script, not by the template ("只有小明可以…")
        return format_names(self.t.gettext(msgid), params, self.lang) if params else self.t.gettext(msgid)

    def set_language(self, lang: str) -> None:
        if lang in LANGUAGES:
            self.lang = lang
            self._remember("lang", lang)
            self.render()

    def set_theme(self, theme: str) -> None:
        self.theme = theme
        self._remember("theme", theme)
        self.render()

    # ----- this device's own settings ------------------------------------------
    def _pref(self, key: str) -> str | None:
        """The device's setting, else the server's (set by the command line or
        an older version; the app itself never writes the server's)."""
        value = self.device.prefs.get(key) if self.device.prefs else None
        return value if value is not None else self.store.get_setting(key)

    def _remember(self, key: str, value: str) -> None:
        if self.device.prefs is not None:
            if self.host.following:  # a tab that follows another keeps nothing: the settings stay the writer's
                self.device.prefs.values[key] = value
                return
            self.device.prefs.set(key, value)

    # ----- navigation (the only place that changes screens) -----------------
    def go(self, screen: str, **params: Any) -> None:
        self.nav.scroll = self.offset
        self.back.append(self.nav)
        self.nav = Nav(screen, params)
        self.scroll_target = 0.0
        self.refusal = None
        self._remember_open_table()
        self.render()

    def go_back(self, e: Any = None) -> None:
        self.nav = self.back.pop() if self.back else Nav("home")
        self.scroll_target = self.nav.scroll
        self.refusal = None
        self._remember_open_table()
        self.render()

    def go_home(self, e: Any = None) -> None:
        self.back.clear()
        self.nav = Nav("home")
        self.scroll_target = 0.0
        self.table = None
        self.refusal = None
        self.private_flow = None
        self._remember_open_table()
        self.render()

    def _remember_open_table(self) -> None:
        # a table stays open while its rules or settings are read from it: a
        # reload then returns to the table, not Home
        open_id = self.table.id if (self.table is not None and self.nav.screen != "home") else ""
        self._remember("open_table", open_id)
        self._follow(self.table.id if self.table is not None else None)

    def open_table(self, table_id: str, **params: Any) -> None:
        if not self.may_see(table_id):
            self.go("join")  # nothing of a table for a device that has not joined it
            return
        try:
            self.table = self.store.open_table(table_id)
        except Exception as exc:  # noqa: BLE001 - a damaged table: say so, keep the rest usable
            self.unexpected(exc)
            return
        self.view_memory = self._remembered_views(table_id)
        self.private_flow = None
        self.go("table", **params)

    # ----- what a game's screen remembers on this device (results put away) ---------------------
    def _remembered_views(self, table_id: str) -> dict[str, Any]:
        """A table's view memory as this device left it: the results screens it put away
        (a voyage's, a round's) stay away when the table is opened again."""
        seen = self._seen_store().get(table_id) or []
        return {"seen": set(seen)} if seen else {}

    def _seen_store(self) -> dict[str, list[str]]:
        try:
            data = json.loads(self._pref(SEEN_KEY) or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def _keep_seen(self) -> None:
        """Write the open table's put-away results to this device, when they changed."""
        if self.table is None:
            return
        seen = sorted(self.view_memory.get("seen") or ())
        store = self._seen_store()
        if store.get(self.table.id, []) == seen:
            return
        store.pop(self.table.id, None)
        store[self.table.id] = seen
        while len(store) > SEEN_TABLES:  # the oldest tables' first (insertion order)
            store.pop(next(iter(store)))
        self._remember(SEEN_KEY, json.dumps(store, separators=(",", ":")))

    def unexpected(self, exc: BaseException) -> None:
        """The one handler for errors nobody expected (a damaged table, a full
        disk, a bug): log it, change no data, show a translated message instead
        of Flet's error overlay.  An open table stays open unless it is the
        one that failed to open or draw."""
        if isinstance(exc, ReadOnly):
            self.refuse_following()
            return
        log.error("unexpected error", exc_info=exc)
        if isinstance(exc, (TableDamaged, StoreUnavailable)):
            message = exc.message(self.lang)
        else:
            message = self._("Something went wrong ({kind}). Nothing was lost; the table is as it was.",
                             kind=type(exc).__name__)
        if self.table is not None and self.nav.screen == "table" and not isinstance(exc, TableDamaged):
            self.refusal = Refusal(message, None)
        else:
            self.problem = message
            self.table = None
            self.nav = Nav("home")
            self.back.clear()
            try:
                self._remember_open_table()  # do not reopen the failing table on the next start
            except Exception:  # noqa: BLE001 - e.g. the disk is full: the message says enough
                pass
        self.render()

    def start_table(self, game_id: str, players: list[str], options: dict[str, Any],
                    teaching: bool = False) -> None:
        """A new table, hosted by this device.  Raises ``SetupError`` for a
        bad setup and ``Denied`` when this device or its address made too
        many tables lately.  ``teaching``: teaching play on from the start (a
        table started from Teach)."""
        game = get_game(game_id)
        setup = game.setup(players, options)
        who = self.device.who
        self.access.check_create(who)
        try:
            self.table = self.store.create_table(game, setup, teaching=teaching)
        except ReadOnly as exc:
            self.unexpected(exc)
            return
        self.access.created(who)
        self.view_memory = {}
        self.access.set_owner(self.table.id, self.device.token)  # this device hosts the table
        self._remember_names(list(setup.players))
        self.back = [Nav("home")]
        self.nav = Nav("table")
        self.scroll_target = 0.0
        self._remember_open_table()
        self.render()

    # ----- names this device used (the New-table form offers only these) --------------------
    def names(self) -> list[str]:
        """The names this device entered before, newest first.  Served on
        loopback only, the server's own list (every device is the owner's)."""
        try:
            mine = json.loads(self._remember_get("names") or "[]")
        except ValueError:
            mine = []
        mine = [n for n in mine if isinstance(n, str)]
        if not self.device.lan:
            mine += [n for n in self.store.roster() if n not in mine]
        return mine

    def _remember_get(self, key: str) -> str | None:
        return self.device.prefs.get(key) if self.device.prefs else None

    def _remember_names(self, players: list[str]) -> None:
        try:
            old = json.loads(self._remember_get("names") or "[]")
        except ValueError:
            old = []
        names = players + [n for n in old if isinstance(n, str) and n not in players]
        self._remember("names", json.dumps(names[:NAMES_KEPT], ensure_ascii=False))
        self._remember("last_group", json.dumps(players[:NAMES_KEPT], ensure_ascii=False))

    def last_group(self) -> list[str]:
        """The players of the last table this device started, in their seat order (or none)."""
        try:
            group = json.loads(self._remember_get("last_group") or "[]")
        except ValueError:
            return []
        if not isinstance(group, list) or not all(isinstance(n, str) for n in group):
            return []
        return group[:NAMES_KEPT]

    # ----- acting on the open table -----------------------------------------
    def dispatch(self, action: Action, rev: int | None = None) -> bool:
        """Apply ``action`` made on the screen drawn at ``rev`` (default: the
        rev of the screen the tap being handled was made on)."""
        with self.lock:  # one tap at a time per device, never while a redraw from another device runs
            return self._dispatch(action, TAP_REV.get() if rev is None else rev)

    def _dispatch(self, action: Action, rev: int | None = None) -> bool:
        assert self.table is not None
        self.exported_to = None
        if self._behind(rev):
            return False
        turn = self._turn()
        phase = self.table.game.phase(self.table.state)
        try:
            self._may_act(action)
            # committed to SQLite before we re-render; against the rev of the tapped screen
            self.table.apply(action) if rev is None else self.table.apply(action, expected_rev=rev)
        except StaleTable as exc:
            self._stale(exc, rev)
            return False
        except Denied as exc:
            self.deny(exc)
            return False
        except RefereeError as exc:
            # the move and its field named as the screen names them, not by their ids
            self.refusal = self._refusal_for(exc, action)
            self.show_refusal()  # the state is unchanged: no rebuild, a half-filled form stays as it was
            return False
        except Exception as exc:  # noqa: BLE001 - not committed: the table is as it was
            self.unexpected(exc)
            return False
        self.refusal = None
        self._accepted("apply", action)
        if self.scroller is not None and self.table.game.phase(self.table.state) != phase and self.offset:
            # a new kind of step (loading done, the placements begin): what scrolls starts at its
            # top, the board's first row; within a step it stays where the person left it
            self.scroll_target = 0.0
        elif self.scroller is None and self._turn() != turn and self.offset > TURN_SCROLL:
            # the turn passed (another player, another phase): bring the banner saying
            # who acts now back into view instead of leaving the page scrolled down
            self.scroll_target = 0.0
        self.render()
        return True

    def _refusal_for(self, exc: RefereeError, action: Action | None) -> Refusal:
        """The refusal as this device may show it: a sentence that would tell a
        seat's secret (``Game.private_refusals``: "X doesn't have 90") is said in
        full only on that seat's own device or behind its hand-the-phone screen;
        elsewhere it names the seat and offers to show that player why."""
        assert self.table is not None
        game, players = self.table.game, self.table.setup.players
        text = refusal_text(game.id, exc, action, self.lang, players)
        owner = game.secret_seat(self.table.state, exc, action)
        if owner is None or not 0 <= owner < len(players) or self.may_see_secrets_of(owner):
            return Refusal(text, exc.rule)
        hidden = fill(self._("Not possible for {player}. Why is {player}'s secret."), {"player": owner}, self.lang,
                      players)
        return Refusal(hidden, exc.rule, owner, text)

    def may_see_secrets_of(self, seat: int) -> bool:
        """Whether this device may show ``seat``'s secrets now: it is that seat's
        own phone, or that player holds it behind the hand-the-phone screen."""
        if self.my_seat() == seat:
            return True
        flow = self.private_flow
        return flow is not None and flow.player == seat and flow.stage == "form"

    def show_why(self, refusal: Refusal) -> None:
        """Hand the phone to the refused player to read the refusal in full."""
        seat = refusal.secret_of
        if seat is None:
            return
        full, rule = refusal.full, refusal.rule

        def form(done: Callable[[], None]) -> Any:
            return screens.private_refusal(self, full, rule, done)

        self.refusal = None
        self.private(seat, self._("Why it was refused"), form)

    def _turn(self) -> tuple[Any, ...]:
        """Whose decision it is and in which phase: when it changes, the banner matters."""
        assert self.table is not None
        game, state = self.table.game, self.table.state
        return game.phase(state), tuple(now_players(game, state))

    def _may_act(self, action: Action) -> None:
        """Does this device's role allow ``action`` (``access.RULES``)?  A
        seat's secret entry is never taken from another device than the one
        holding that seat (the shared screen enters those of unclaimed seats)."""
        assert self.table is not None
        move = self.table.game.moves.get(action.type)
        role = self.role()
        seat = self.my_seat()
        access.check_act(role, seat, action, correction=bool(move is not None and move.correction))
        if move is not None and move.secret and action.player is not None:
            holder = self.access.seated(self.table.id).get(action.player)
            if holder is not None and holder != self.device.token:
                raise Denied("access_secret_elsewhere", player=action.player)

    def undo(self, e: Any = None, rev: int | None = None) -> None:
        self._history_step("undo", TAP_REV.get() if rev is None else rev)

    def redo(self, e: Any = None, rev: int | None = None) -> None:
        self._history_step("redo", TAP_REV.get() if rev is None else rev)

    def _history_step(self, op: str, rev: int | None = None) -> None:
        with self.lock:
            self._step(op, rev)

    def _step(self, op: str, rev: int | None = None) -> None:
        assert self.table is not None
        if self._behind(rev):
            return
        table = self.table
        try:
            session = table.session
            # the action taken back (undo) or made again (redo): a seated player only their own
            index = session.cursor - 1 if op == "undo" else session.cursor
            target = session.log[index] if 0 <= index < len(session.log) else None
            access.check_step(op, self.role(), self.my_seat(), target)
            step = table.undo if op == "undo" else table.redo
            step() if rev is None else step(expected_rev=rev)
            self.refusal = None
            self._accepted(op, None)
        except StaleTable as exc:
            self._stale(exc, rev)
            return
        except Denied as exc:
            self.deny(exc)
            return
        except RefereeError as exc:  # nothing changed: no rebuild, the refusal where the person looks
            self.refusal = self._refusal_for(exc, None)
            self.show_refusal()
            return
        except Exception as exc:  # noqa: BLE001
            self.unexpected(exc)
            return
        self.render()

    # ----- teaching play: first-time cards (core/teach.py) --------------------------------------
    def teach_cards(self) -> list[str]:
        """The clauses whose first-time cards this device shows now: the shared screen the
        shared ones and those of the seats nobody claimed (their secret steps happen on it);
        a seated phone its own seat's.  A viewer's own dismissals stay on the viewer."""
        table = self.table
        if table is None or not table.teaching:
            return []
        seat = self.my_seat()
        hands = self._hand_seats() if seat is None else ()
        mine = self.view_memory.get("cards_done") or set()
        return [c for c in core_teach.showing(table.teach, table.session.cursor, seat, hands)
                if (table.session.cursor, c) not in mine]

    def _hand_seats(self) -> tuple[int, ...]:
        """The seats whose secrets are entered on the shared screen (nobody claimed them)."""
        assert self.table is not None
        claimed = self.access.seated(self.table.id)
        return tuple(s for s in range(len(self.table.setup.players)) if s not in claimed)

    def dismiss_card(self, clause: str) -> None:
        """One tap on a first-time card: it is not shown again (for the table; a viewer's
        tap puts it away on that viewer only)."""
        with self.lock:
            table = self.table
            if table is None:
                return
            seat = self.my_seat()
            try:
                if seat is None and not self.may("teach"):
                    self.view_memory.setdefault("cards_done", set()).add((table.session.cursor, clause))
                else:
                    table.dismiss_card(clause, seat, self._hand_seats() if seat is None else ())
            except Exception as exc:  # noqa: BLE001 - e.g. a full disk: the card stays, nothing else moved
                self.unexpected(exc)
                return
            self.render()

    def set_teaching(self, on: bool, rev: int | None = None) -> None:
        """Teaching play on or off for the open table (the host's choice): a write every
        device redraws for."""
        with self.lock:
            if self.table is None or not self._host_only("teach"):
                return
            rev = TAP_REV.get() if rev is None else rev
            if self._behind(rev):
                return
            try:
                self.table.set_teaching(on) if rev is None else self.table.set_teaching(on, expected_rev=rev)
            except StaleTable as exc:
                self._stale(exc, rev)
                return
            except Exception as exc:  # noqa: BLE001
                self.unexpected(exc)
                return
            self._accepted("teach", None)
            self.render()

    def show_refusal(self) -> None:
        screens.show_refusal(self)

    def deny(self, exc: Denied, render: bool = False) -> None:
        """A refusal of ``access`` (role, limit): where the person looks."""
        self.refusal = Refusal(self.denied_text(exc), None)
        if render:
            self.render()
        else:
            self.show_refusal()

    def denied_text(self, exc: RefereeError) -> str:
        """An access refusal in this device's language (a long wait in minutes)."""
        code, params = exc.code, dict(exc.params)
        if code in ("limit_wait", "limit_tables") and params.get("seconds", 0) >= 120:
            code, params = code + "_minutes", {"minutes": -(-int(params["seconds"]) // 60)}
        players = self.table.setup.players if self.table is not None else ()
        return describe_error(Denied(code, **params), self.table.game.id if self.table else None, self.lang,
                              players)

    def _file_chosen(self, e: Any) -> None:
        """A file chosen in the browser's chooser: to the import screen, if it is still shown."""
        chosen = chosen_text(e.files, bool(getattr(self.page, "web", False)))
        if chosen is not None and self.on_file is not None and self.nav.screen == "import_table":
            self.on_file(*chosen)

    def export_table(self, e: Any = None) -> None:
        """A download of the open table, by role: the host's holds the whole
        replayable log, a seated player's what that seat may see, a viewer's
        the shared view.  Nothing is written on the server."""
        assert self.table is not None
        try:
            kind = access.require("export", self.role())
        except Denied as exc:
            self.deny(exc)
            return
        seat = self.my_seat() if kind == "seat" else None
        name, data = export_bytes(self.table, kind, seat, time.strftime("%Y%m%d-%H%M%S"), self.lang)
        self.exported_to = name
        self.render()
        self.page.run_task(download, self.picker, self.page, name, data)  # a download in the browser

    def private(self, player: int, title: str, build_form: Callable[[Callable[[], None]], Any]) -> None:
        assert self.table is not None
        mine = self.my_seat()
        try:
            access.check_secret(self.role(), mine, player, self.access.seated(self.table.id))
        except Denied as exc:
            # that player has claimed a seat on their own device: the secret is entered there
            self.deny(exc, render=True)
            return
        self.private_flow = PrivateFlow(player, title, build_form)
        if mine == player:
            self.private_flow.stage = "form"  # it is this player's own phone: no passing around
        self.render()

    def open_clause(self, clause_id: str, lang: str | None = None, asked: str | None = None) -> None:
        """A clause's own page: where a refusal's rule link, "What can I do now?" and a
        search result all go (in ``lang``, else the app's language); ``asked``: the search
        question it answers (the page then asks "Did this answer it?")."""
        params: dict[str, Any] = {"game": clause_id.split(".", 1)[0], "clause": clause_id}
        if lang is not None and lang != self.lang:
            params["lang"] = lang
        if asked:
            params["asked"] = asked
        self.go("rules", **params)

    def game_context(self) -> GameContext:
        assert self.table is not None
        # what this device may show (the shared board, or one seat's view), fresh each draw
        seat = self.my_seat()
        context = GameContext(
            game=self.table.game, setup=self.table.setup, state=self.table.state, lang=self.lang,
            dispatch=self.dispatch, private=self.private, open_clause=self.open_clause,
            refresh=self.render, refresh_control=self.patch, dark=self.theme == "dark",
            last_refusal=lambda: (self.refusal.message, self.refusal.rule) if self.refusal else None,
            extra=self.view_memory, seat=seat, may_see_secrets_of=self.may_see_secrets_of, narrow=not self.wide(),
            draft_stamp=(self.table.id, self.table.rev, seat, None if self.private_flow is None else
                         (id(self.private_flow), self.private_flow.player, self.private_flow.stage)))
        return context

    # ----- the table's story: what this device may see of it -------------------------
    def last_entry(self) -> tuple[Any, list[Any]] | None:
        """The newest action in force and the events this device may show
        (``story.last_visible``), kept until the table or the seat changes."""
        table = self.table
        if table is None:
            return None
        session = table.session
        seat = self.my_seat()
        newest = session.log[session.cursor - 1] if session.cursor else None
        key = (table.id, id(session), session.cursor, len(session.log), newest, seat)
        cached = self._last_cache
        if cached is not None and cached[0] == key:
            return cached[1]  # type: ignore[no-any-return]
        got = story.last_visible(session, seat)
        self._last_cache = (key, got)
        return got

    def story_entries(self) -> list[Any]:
        """Every entry of the open table's log in force (``story.Story``: each
        computed once, only the changed tail again)."""
        table = self.table
        assert table is not None
        if self._story is None or self._story[0] != table.id:
            self._story = (table.id, story.Story(table.game))
        return self._story[1].entries(table.session)

    def story_series(self) -> tuple[list[int], list[list[Any]], str] | None:
        """The open table's chart (moves, each seat's number, which number),
        hidden numbers only once the game is over; kept until the table changes."""
        table = self.table
        assert table is not None
        session = table.session
        over = table.game.is_over(table.state)
        key = (table.id, id(session), session.cursor, len(session.log), over)
        if self._series is not None and self._series[0] == key:
            return self._series[1]  # type: ignore[no-any-return]
        got = story.series(table.game, table.setup, session)
        which = table.game.story_value_key(table.state, over)
        result = None if got is None or which is None else (got[0], got[1], which)
        self._series = (key, result)
        return result

    # ----- several devices at one table (issues 11 and 22) ----------------------------
    def observation(self) -> dict[str, Any]:
        """What this device may show of the open table: the shared board, plus
        its own seat's secrets once it has claimed a seat."""
        assert self.table is not None
        return self.table.game.observe(self.table.state, self.my_seat())

    def role(self, table_id: str | None = None) -> str:
        """This device's role at the table (``access.role``): host, seated,
        viewer or stranger."""
        table_id = table_id or (self.table.id if self.table is not None else None)
        if table_id is None:
            return access.STRANGER
        return self.access.role(table_id, self.device.who, self.device.lan)

    def may(self, op: str) -> bool:
        """Does this device's role allow ``op`` at all (``access.RULES``)?"""
        return access.scope(op, self.role()) is not None

    def may_step(self, op: str) -> bool:
        """Would an undo (``op="undo"``) or redo by this device be allowed now?"""
        if self.table is None:
            return False
        session = self.table.session
        index = session.cursor - 1 if op == "undo" else session.cursor
        target = session.log[index] if 0 <= index < len(session.log) else None
        try:
            access.check_step(op, self.role(), self.my_seat(), target)
        except Denied:
            return False
        return True

    def my_seat(self) -> int | None:
        if self.table is None:
            return None
        return self.access.seat_of(self.table.id, self.device.token)

    def is_host(self) -> bool:
        return self.table is not None and self.role() == access.HOST

    def may_see(self, table_id: str) -> bool:
        """Served on loopback every device is the owner's; on a LAN a table is
        only for the devices that created or joined it."""
        return self.role(table_id) != access.STRANGER

    def visible_tables(self, status: str | None = None) -> list[Any]:
        return [t for t in self.store.list_tables(status) if self.may_see(t.id)]

    def join_with_code(self, code: str) -> None:
        try:
            table_id = self.access.join(code, self.device.who)
        except access.JoinWaiting as wait:
            # the right code, but codes have been guessed on this server: the host lets this device in
            self.table, self.private_flow, self.back = None, None, [Nav("home")]
            self.nav = Nav("join", {"code": code, "waiting": wait.table_id})
            self._remember_open_table()
            self._follow(wait.table_id)  # told when the host answers
            self._announce_to(wait.table_id)
            self._when_request_expires(wait.table_id)  # or when no answer came in time
            self.render()
            return
        except Denied as exc:
            self.nav = Nav("join", {"code": code, "error": self.denied_text(exc)})
            self.render()
            return
        staying = ("table", "claim", "invite", "log", "why")
        if self.table is not None and self.table.id == table_id and self.nav.screen in staying:
            # the same link again: the tab's address told twice as the app starts (by the
            # route change of a reconnected tab, then by the app's own start), or the code
            # scanned again at the table -- the person stays where they went (claiming a seat)
            self.render()
            return
        self.table = self.store.open_table(table_id)
        self.view_memory = {}
        self.private_flow = None
        self.back = [Nav("home")]
        self.nav = Nav("table")
        self.refusal = None
        self._remember_open_table()
        self._announce("seats")
        self.render()

    def _when_request_expires(self, table_id: str) -> None:
        """A request to the host (to be let in, or for a seat) expires after
        :data:`access.REQUEST_LIFETIME` with no word from the host: no change
        is announced then, so the waiting device looks again itself a second
        after, and is told ("… or the request expired") instead of waiting on."""
        try:
            self.page.run_task(self._look_after_expiry, table_id)
        except Exception:  # noqa: BLE001 - a page that went away
            log.debug("could not schedule the request's expiry", exc_info=True)

    async def _look_after_expiry(self, table_id: str) -> None:
        await asyncio.sleep(access.REQUEST_LIFETIME + 1.0)
        self.host.in_turn(self._look_again, table_id)

    def _look_again(self, table_id: str) -> None:
        """The request's lifetime is over: the screen that waits on it is drawn
        from the record as it is now (asked again meanwhile: it still waits)."""
        try:
            with self.lock:
                if self.closed:
                    return
                if self.table is None and self.nav.screen == "join" and self.nav.params.get("waiting") == table_id:
                    self._host_answered(table_id)
                elif self.table is not None and self.table.id == table_id and self.nav.screen == "claim":
                    self.render()
        except Exception:  # noqa: BLE001 - a page that went away
            log.exception("could not look again at an expired request on %s", table_id)

    def _host_answered(self, table_id: str) -> None:
        """This device waits to be let in: the host let it in (the table
        opens) or turned it away (or its request expired: it is told)."""
        answer = self.access.join_answer(table_id, self.device.who, self.device.lan)
        if answer == "in":
            self.open_table(table_id)
        elif answer == "out":
            self.nav = Nav("join", {"code": self.nav.params.get("code", ""),
                                    "error": self._("The host did not let this device in, or the request "
                                                    "expired. Check the code and try again.")})
            self._follow(None)
            self.render()

    def claim_seat(self, seat: int, pin: str) -> None:
        assert self.table is not None
        self.nav.params.pop("error", None)
        try:
            access.require("claim", self.role())
            status = self.access.claim(self.table.id, self.device.who, seat, pin)
        except Denied as exc:
            self.nav.params.update(error=self.denied_text(exc), pin="")
            self._announce("seats")  # a wrong PIN is told to the host
            self.render()
            return
        self._announce("seats")
        if status == "granted":
            self.go_back()
            return
        self.nav.params.update(status=status, pin="")
        if status == "waiting":
            self._when_request_expires(self.table.id)
        self.render()

    def _host_only(self, op: str) -> bool:
        try:
            access.require(op, self.role())
        except Denied as exc:
            self.deny(exc, render=True)
            return False
        return True

    def _seats_changed(self) -> None:
        self._announce("seats")
        self.render()

    def approve_seat(self, request_id: str) -> None:
        assert self.table is not None
        if self._host_only("approve"):
            self.access.approve(self.table.id, request_id)
            self._seats_changed()

    def refuse_seat(self, request_id: str) -> None:
        assert self.table is not None
        if self._host_only("approve"):
            self.access.refuse(self.table.id, request_id)
            self._seats_changed()

    def free_seat(self, seat: int, remove_device: bool = False) -> None:
        assert self.table is not None
        if self._host_only("free_seat"):
            self.access.free_seat(self.table.id, seat, remove_device=remove_device)
            self._seats_changed()

    def renew_code(self) -> None:
        assert self.table is not None
        if self._host_only("invite"):
            self.access.renew_code(self.table.id)
            self.render()

    def end_code(self) -> None:
        assert self.table is not None
        if self._host_only("invite"):
            self.access.end_code(self.table.id)
            self.render()

    def unlock_seat(self, seat: int) -> None:
        assert self.table is not None
        if self._host_only("approve"):
            self.access.unlock(self.table.id, seat)
            self._seats_changed()

    def let_in(self, request_id: str) -> None:
        assert self.table is not None
        if self._host_only("approve"):
            self.access.let_in(self.table.id, request_id)
            self._seats_changed()

    def turn_away(self, request_id: str) -> None:
        assert self.table is not None
        if self._host_only("approve"):
            self.access.turn_away(self.table.id, request_id)
            self._seats_changed()

    def dismiss_alerts(self) -> None:
        assert self.table is not None
        if self._host_only("approve"):
            self.access.dismiss_alerts(self.table.id)
            self.render()

    def _behind(self, rev: int | None = None) -> bool:
        """Before a tap changes the table: if another device or process wrote
        since this screen was drawn (``rev``: the rev the tapped screen
        showed), the tap was made on an old picture -- refuse it, say so, and
        show the table as it is now."""
        assert self.table is not None
        changed = self.table.sync()
        if not changed and (rev is None or rev == self.table.rev):
            return False
        self._stale(StaleTable(self.table.id, rev, self.table.rev), rev)
        return True

    def _stale(self, exc: StaleTable, rev: int | None = None) -> None:
        assert self.table is not None
        self.private_flow = None
        now = self.table.rev
        if rev is not None and rev < now and all(r in self.my_revs for r in range(rev + 1, now + 1)):
            # the screen was older only by this device's own writes (a double tap)
            message = self._("Your earlier tap already changed the table; this tap was not applied. "
                             "Showing the table as it is now.")
        else:
            message = describe_error(exc, self.table.game.id, self.lang, self.table.setup.players)
        self.refusal = Refusal(message, None)
        self.render()  # the table as it is now, the refusal above it

    def _accepted(self, op: str, action: Action | None) -> None:
        """A write was committed: tell the other devices on this server, and
        note it in the acknowledgement journal if one is kept (tests)."""
        assert self.table is not None
        self.my_revs.add(self.table.rev)
        journal = os.environ.get("COMPANION_ACK_LOG")
        if journal:
            entry = {"table": self.table.id, "rev": self.table.rev, "op": op,
                     "action": action.to_json() if action is not None else None, "device": self.device.token}
            with open(journal, "a", encoding="utf-8") as out:
                out.write(json.dumps(entry, ensure_ascii=False) + "\n")
        self._announce("table", self.table.rev)

    def _announce(self, kind: str, rev: int | None = None) -> None:
        if self.table is not None:
            self._announce_to(self.table.id, kind, rev)

    def _announce_to(self, table_id: str, kind: str = "seats", rev: int | None = None) -> None:
        pubsub = getattr(self.page, "pubsub", None)
        if pubsub is None:
            return
        try:
            pubsub.send_others_on_topic(f"table:{table_id}", {"kind": kind, "rev": rev})
        except Exception:  # noqa: BLE001 - no live session (in-process tests)
            log.debug("could not announce", exc_info=True)

    def _follow(self, table_id: str | None) -> None:
        """Listen to the open table's topic (and only to it)."""
        topic = f"table:{table_id}" if table_id else None
        if topic == self._topic:
            return
        pubsub = getattr(self.page, "pubsub", None)
        if pubsub is None:
            return
        try:
            if self._topic:
                pubsub.unsubscribe_topic(self._topic)
            if topic:
                pubsub.subscribe_topic(topic, self._on_message)
        except Exception:  # noqa: BLE001 - no live session (in-process tests)
            log.debug("could not subscribe", exc_info=True)
            return
        self._topic = topic

    def _on_message(self, topic: str, message: Any) -> None:
        """Another device on this server changed the table (or its seats): redraw,
        in turn with every other redraw of this process (``changes.redraw_in_turn``)."""
        self.host.in_turn(self._redraw_for, topic, message)

    def _redraw_for(self, topic: str, message: Any) -> None:
        """The redraw for a change on ``topic``.  A write this session already
        shows is not drawn twice: the same write is told twice (this process's
        pubsub, then the change notice, ``changes.py``, which may come first),
        and both say the rev it made."""
        try:
            with self.lock:
                waiting = self.nav.params.get("waiting") if self.nav.screen == "join" else None
                if not self.closed and self.table is None and waiting and topic == f"table:{waiting}":
                    self._host_answered(waiting)
                    return
                if self.closed or self.table is None or topic != f"table:{self.table.id}":
                    return
                told = isinstance(message, dict) and message.get("kind") in ("elsewhere", "table")
                rev = message.get("rev") if told else None
                if isinstance(rev, int) and rev <= self.table.rev and not self.table.sync():
                    return
                self.refresh_table()
        except Exception:  # noqa: BLE001 - a page that went away
            log.exception("could not redraw after a change on %s", topic)

    # ----- a browser tab that follows the tab that writes (hosts/browser.py) -------------------
    def refuse_following(self) -> None:
        """A tap that would write, on a tab that only follows: nothing changed; the line says
        who can change the table and how to play here instead."""
        message = self._("Only the other tab can change the table. Tap “Use it here” to play in this one.")
        with self.lock:
            self._say_on_table_or_home(message)
            self.render()

    def _say_on_table_or_home(self, message: str) -> None:
        """``message`` as the table's refusal line when the table is shown; else on Home."""
        if self.table is not None and self.nav.screen == "table":
            self.refusal = Refusal(message, None)
        else:
            self.table = None
            self.problem = message
            self.nav = Nav("home")
            self.back.clear()

    def follow_writer(self, table_id: str | None) -> None:
        """The writing tab kept a change and shows ``table_id``: this following tab has read the
        data back; it shows that table (from Home or another table's screen; a page read meanwhile,
        the rules say, stays open) as it is now."""
        with self.lock:
            if self.closed:
                return
            if table_id and self.nav.screen in ("home", "table") and (self.table is None or self.table.id != table_id):
                try:
                    table = self.store.open_table(table_id)
                except Exception:  # noqa: BLE001 - gone or damaged here: what is shown stays
                    log.debug("could not follow to table %s", table_id, exc_info=True)
                else:
                    self.table = table
                    self.view_memory = self._remembered_views(table_id)
                    self.private_flow = None
                    self.refusal = None
                    self.back = [Nav("home")]
                    self.nav = Nav("table")
                    self.scroll_target = 0.0
                    self.render()
                    return
            if self.table is not None:
                if not self.refresh_table() and self.nav.screen == "home":
                    self.render()
            elif self.nav.screen in ("home", "history"):
                self.render()

    def taken_over(self) -> None:
        """This tab writes now (it took over, or the writing tab closed): the table as kept, the
        follower's line gone."""
        with self.lock:
            if self.closed:
                return
            self.refusal = None
            if self.table is not None:
                try:
                    self.table = self.store.open_table(self.table.id)
                except Exception:  # noqa: BLE001 - gone: home
                    self.table = None
                    self.nav = Nav("home")
                    self.back.clear()
            self._remember_open_table()
            self.render()

    def refresh_table(self) -> bool:
        """Reload if the table changed elsewhere and redraw; True if it did."""
        with self.lock:
            if self.table is None:
                return False
            changed = self.table.sync()
            if self.device.lan and not self.may_see(self.table.id):
                # the host removed this device (or the table went): nothing of it stays on the screen
                self.table = None
                self.private_flow = None
                self.back = [Nav("home")]
                self.nav = Nav("join")
                self._remember_open_table()
                self.render()
                return True
            if self.nav.screen == "claim" and self.my_seat() is not None:
                self.nav = self.back.pop() if self.back else Nav("table")
                changed = True
            if changed or self.nav.screen in ("invite", "table", "claim"):
                if changed:
                    self.private_flow = None if self.private_flow and self.private_flow.stage == "handover" \
                        else self.private_flow
                    self.refusal = None  # it was said of the table before this change: stale now
                self.render()
            return changed

    def close(self, e: Any = None) -> None:
        self.closed = True
        self._follow(None)
        if not self.device.persistent and self.table is not None:
            try:  # a connection-only device never comes back: its seat request goes with it
                self.access.withdraw(self.table.id, self.device.token)
            except Exception:  # noqa: BLE001 - closing anyway
                log.debug("could not withdraw a request", exc_info=True)

    # ----- taps on the screen they were made on (taps.py) ------------------------------
    def _track_taps(self) -> None:
        """After a send: the pressables on the page now; those that left it
        are kept (bounded) to answer a late tap with their own handler."""
        now, self._targets = taps.pressables_and_targets([self.page.appbar, self.page.controls])
        for control_id, control in self._live.items():
            if control_id not in now and hasattr(getattr(control, "on_click", None) or
                                                 getattr(control, "on_tap", None), "__tap_rev__"):
                self._retired[control_id] = control
                self._retired.move_to_end(control_id)
        while len(self._retired) > RETIRED_KEPT:
            old_id, old = self._retired.popitem(last=False)
            self._forgotten[old_id] = getattr(getattr(old, "on_click", None) or getattr(old, "on_tap", None),
                                              "__tap_rev__", None)
            while len(self._forgotten) > 20 * RETIRED_KEPT:
                self._forgotten.popitem(last=False)
        self._live = now

    async def answer_late_tap(self, control_id: int, event_name: str, data: Any) -> bool:
        """A tap on a control that has left the page (``taps.install``): its
        own handler answers it, with the rev of the screen it was on -- a
        write from an old screen is refused with the message, never applied on
        top of a newer table and never dropped without a word."""
        # off the event loop: a redraw in another thread may be retiring it right now
        control, known, rev = await self.host.off_loop(self._late_control, control_id)
        if control is None:
            if not known:
                return False
            with self.lock:
                if self.table is not None and not self.closed:
                    self._stale(StaleTable(self.table.id, rev, self.table.rev), rev)
            return True
        handler = getattr(control, f"on_{event_name}", None)
        if handler is None:
            return True
        event = ft.ControlEvent(control=control, name=event_name, data=data)
        result = handler(event)
        if asyncio.iscoroutine(result):
            await result
        return True

    def knows_control(self, control_id: int) -> bool:
        """Whether :meth:`answer_late_tap` may answer an event for
        ``control_id`` (a control of an earlier screen), asked on the event
        loop for every event whose control Flet no longer has: without a
        thread or a wait.  Flet's index of the session can lack a control on
        the page (a redrawn control takes over its predecessor's id, and the
        index's entry went with the predecessor): Flet then walked the whole
        page for each such event -- and for every made-up id.  The page's
        controls with a handler are known here from the last redraw.  While a
        redraw is under way (it holds the lock) the control may be being
        retired just now: yes, and the answer waits."""
        if not self.lock.acquire(blocking=False):
            return True
        try:
            return control_id in self._targets or control_id in self._retired or control_id in self._forgotten
        finally:
            self.lock.release()

    def _late_control(self, control_id: int) -> tuple[Any, bool, int | None]:
        with self.lock:  # after any redraw under way has recorded what it retired
            control = self._retired.get(control_id)
            return control, control is not None or control_id in self._forgotten, self._forgotten.get(control_id)

    # ----- drawing --------------------------------------------------------------
    def patch(self, control: ft.Control) -> None:
        """Send one control's changes (as-you-type results) without rebuilding
        the screen, so the focused field keeps its focus."""
        if self.nav.screen == "table" and self.shown_rev is not None:
            taps.stamp(control, self.shown_rev, TAP_REV)  # a form redrawn in place: still this screen's rev
        if self.theme == "dark":
            ink.for_dark_theme(control, ink.ground_of(control))
        try:
            control.update()
        except RuntimeError:  # not mounted on a live page (in-process tests)
            pass
        self._track_taps()

    def render(self) -> None:
        """Draw the screen of the app's state -- once the last accepted write
        is kept (``hosts.Host.show_when_durable``: at once when served; in the
        browser after its storage has it)."""
        self.host.show_when_durable(self.store, self._show, self._not_kept)

    def _not_kept(self, reason: str) -> None:
        """The browser could not keep the last write (storage full, blocked): the data is
        back as it was kept (``hosts.browser``); the screen shows that, and says so."""
        message = self._("This browser could not keep that change: its storage is full or blocked. "
                         "The table is as it was before it. Free some space, or let this site keep data, "
                         "and try again.")
        with self.lock:
            if self.table is not None:
                try:
                    self.table = self.store.open_table(self.table.id)
                except Exception:  # noqa: BLE001 - a new table that was never kept: home
                    self.table = None
            self._say_on_table_or_home(message)
            self._show()

    def _show(self) -> None:
        with self.lock:
            self._render()

    def _render(self) -> None:
        page = self.page
        page.theme_mode = ft.ThemeMode.DARK if self.theme == "dark" else ft.ThemeMode.LIGHT
        page.title = self._("Table Companion")
        builder = (getattr(screens, f"screen_{self.nav.screen}", None) or getattr(teach_screen, f"screen_{self.nav.screen}", None)
                   or getattr(join, f"screen_{self.nav.screen}"))
        self.scroller = None  # the table screen sets its own (layout.py)
        self.strip = (join.table_strip(self) if self.nav.screen == "table" and self.table is not None
                      and self.private_flow is None and join.shows_strip(self) else None)
        if self.host.following and self.nav.screen == "table" and self.table is not None:
            self.strip = screens.following_banner(self)  # the browser: this tab follows another
        try:
            appbar, body = builder(self)
        except Exception as exc:  # noqa: BLE001 - a screen that cannot be drawn: home, with a message
            if self.nav.screen == "home":
                raise
            self.table = None
            self.nav = Nav("home")
            self.unexpected(exc)
            return
        key = f"{self.nav.screen}:{self.table.id if self.table is not None else ''}"
        typed = sections.learn([page.appbar, page.controls], self.sections)  # what the phone opened, typed...
        sections.settle([appbar, body], key, self.sections, self.render, typed)
        if self.nav.screen == "table" and self.table is not None:
            self._keep_seen()
            appbar = join.with_move_number(self, appbar)
        if self.nav.screen == "table" and self.table is not None:
            # every pressable is this rev's own control, its handlers run with this rev (taps.py)
            self.shown_rev = self.table.rev
            taps.stamp([appbar, body], self.shown_rev, TAP_REV)
        else:
            self.shown_rev = None
        self._fonts_for([appbar, body])
        if self.theme == "dark":
            ink.for_dark_theme([appbar, body])  # a seat's or a card's colour readable on the dark ground
        shown_board = self._shown_board[1] if self._shown_board[0] == key else None
        self._shown_board = (key, keep_unchanged(body, PANE_BOARD, shown_board))
        if appbar is not None:
            appbar.key = f"bar:{key}"
        forget([page.appbar, page.controls], keep=self._shown_board[1])  # (reconcile.forget: why)
        in_place(page.appbar, appbar)  # the app bar is diffed, not sent whole (reconcile.in_place)
        page.appbar = appbar
        pinned = self.scroller is not None  # the table screen: its parts scroll, not the page (layout.py)
        page.scroll = None if pinned else ft.ScrollMode.AUTO
        page.controls = [ft.SafeArea(key=f"body:{key}", expand=pinned or None,
                                     content=body if pinned else ft.Container(content=body, padding=ft.Padding.all(12)))]
        page.update()
        thaw([page.appbar, page.controls])  # reconciled controls can be redrawn in place again (forms)
        self._track_taps()
        self._settle_scroll()

    def _fonts_for(self, shown: Any) -> None:
        """Ask for the whole CJK font (2.4 MB) once a screen may need it: any
        screen but home, or a home screen showing a character that the
        first-screen cut (0.3 MB, always asked for) lacks -- a player's name.
        A phone that only opens the home screen never downloads it.  And the
        names font (1.9 MB) once a player's name needs one of its characters."""
        fonts = getattr(self.page, "fonts", None)
        if fonts is None or (self.full_font and self.names_font):
            return
        wanted = dict(fonts)
        if not self.full_font and (self.nav.screen != "home" or any(beyond_ui_font(t) for t in control_texts(shown))):
            wanted[FONT_FAMILY_FULL] = SERVING["assets"] + FONT_FILE
            self.full_font = True
        # the names font, once a name needs it: the open table's players, or the texts of the
        # screens that list other tables' players (home, history); a table's screen is the one a
        # tap redraws, so only its players are looked at there, and no rules text needs it
        if not self.names_font:
            names = list(self.table.setup.players) if self.table is not None else []
            if any(needs_names_font(n) for n in names) or (
                    self.nav.screen in ("home", "history") and any(needs_names_font(t) for t in control_texts(shown))):
                wanted[FONT_FAMILY_NAMES] = SERVING["assets"] + FONT_FILE_NAMES
                self.names_font = True
        if wanted != fonts:
            self.page.fonts = wanted

    def _settle_scroll(self) -> None:
        """A new screen starts at its top, or at the part it asked for (``scroll_key``: a
        "Why?" account at its clause's section); a return goes back to where it was."""
        target, self.scroll_target = self.scroll_target, None
        key, self.scroll_key = self.scroll_key, None
        if key is not None and target == 0.0:
            self.page.run_task(self._scroll_to_key, key)
            return
        if target is None or getattr(self.page, "scroll_to", None) is None:
            return
        self.offset = target

        async def settle() -> None:
            if target:
                await asyncio.sleep(0.05)  # let the restored screen be laid out first
            await self.scroll_to(offset=target)

        self.page.run_task(settle)

    async def _scroll_to_key(self, key: str) -> None:
        shown = self._shown_key()
        await asyncio.sleep(0.05)  # let the new screen be laid out first
        await self.scroll_to(scroll_key=key, duration=0)
        # A busy phone may build the new screen only after that scroll came (the section
        # then not there yet: the account stayed at its top, seen in a full run): once
        # more, a moment later, while the same screen shows (at its section, no move).
        await asyncio.sleep(0.4)
        if shown is not None and self._shown_key() == shown:
            await self.scroll_to(scroll_key=key, duration=0)

    def _shown_key(self) -> str | None:
        """The shown screen's key (``body:screen:table``), None before any."""
        controls = getattr(self.page, "controls", None) or []
        return getattr(controls[0], "key", None) if controls else None

    async def scroll_to(self, **where: Any) -> None:
        """Scroll what scrolls on this screen: the table screen's middle (layout.py), else the page."""
        scroller = self.scroller
        if scroller is not None:
            try:
                await scroller.scroll_to(**where)
                return
            except RuntimeError:  # not mounted on a live page (in-process tests)
                pass
        await self.page.scroll_to(**where)

    def size(self) -> tuple[float, float]:
        """The page's width and height as the browser reports them (a phone's when it has not)."""
        try:
            width = float(getattr(self.page, "width", None) or 390)
            height = float(getattr(self.page, "height", None) or 844)
        except (TypeError, ValueError):  # the browser's word: never trust it blindly
            return 390.0, 844.0
        if not (0 < width < 100_000 and 0 < height < 100_000):  # NaN, nonsense
            return 390.0, 844.0
        return width, height

    def wide(self) -> bool:
        """Whether the screen is wide enough for the board and the controls side by side."""
        try:
            width = float(getattr(self.page, "width", None) or 0)
        except (TypeError, ValueError):  # the browser's word: never trust it blindly
            width = 0.0
        self.laid_wide = width >= SIDE_BY_SIDE
        return self.laid_wide

    def resized(self, e: Any = None) -> None:
        """A phone turned, a window resized: the table is laid out again when it
        crosses from narrow to wide or back."""
        if self.nav.screen != "table" or self.laid_wide is None:
            return
        with self.lock:
            before = self.laid_wide
            if self.wide() != before or not before:  # a phone's pinned step is capped by its height
                self._render()

    def scrolled(self, e: Any) -> None:
        self.offset = float(getattr(e, "pixels", 0.0) or 0.0)


async def _device_language(page: ft.Page) -> str | None:
    tags: list[str] = []
    try:
        info = await page.get_device_info()
    except Exception:  # noqa: BLE001 - some platforms have no device info
        info = None
    if info is not None:
        langs = getattr(info, "languages", None) or []
        tags.extend(str(t) for t in langs)
        if getattr(info, "language", None):
            tags.append(str(info.language))
        for loc in getattr(info, "locales", None) or []:
            parts = [loc.language_code, getattr(loc, "script_code", None), loc.country_code]
            tags.append("_".join(p for p in parts if p))
    return pick_language(tags) if tags else None


def store_prefs(store: Store) -> Prefs:
    """A device that has no storage of its own (the desktop window, tests):
    its settings are the server's.  Never its identity: every device gets a
    token of its own (``Device.token``)."""
    return Prefs({k: store.get_setting(k) for k in SERVER_KEYS}, store.set_setting)


DEVICE_KEYS = ("device", "lang", "theme", "open_table", "names", "last_group", "results_seen")
#: the settings a device without storage shares with the server (not its token, not its names)
SERVER_KEYS = ("lang", "theme", "open_table", "results_seen")
#: the device setting holding, per table, the results screens put away ({table id: [keys]})
SEEN_KEY = "results_seen"
#: how many tables' put-away results a device keeps
SEEN_TABLES = 30
#: how long the device may take to tell its languages on a first start (then: English)
LANGUAGE_WAIT = 3.0
#: how long the browser may take to answer for its storage (all keys at once), and how often we ask
STORAGE_WAIT = 12.0
STORAGE_TRIES = 2


async def _read_storage(page: ft.Page) -> tuple[Any, dict[str, Any]] | None:
    """The browser's storage service and this app's keys in it; None if the
    browser cannot keep data (blocked storage, a client that never answers)."""
    for attempt in range(STORAGE_TRIES):
        try:
            service = ft.SharedPreferences()
            found = await asyncio.wait_for(asyncio.gather(*(service.get(k) for k in DEVICE_KEYS)),
                                           timeout=STORAGE_WAIT)
            return service, dict(zip(DEVICE_KEYS, found))
        except Exception:  # noqa: BLE001 - no client storage here (or it failed): once more, then without
            log.debug("client storage unavailable (try %d)", attempt + 1, exc_info=True)
    return None


async def _device(page: ft.Page, store: Store) -> Device:
    """This browser's own token and settings, from its own storage.

    A token that is not one of ours (``access.valid_token``) is replaced.  A
    browser that cannot keep data gets a token for this connection only --
    never one shared with other devices -- and must join tables again after a
    reload."""
    ip = getattr(page, "client_ip", None)
    agent = str(getattr(page, "client_user_agent", None) or "")
    loopback = ip is None or join.is_loopback(str(ip))
    storage = await _read_storage(page)
    if storage is None:
        return Device(token=access.new_token(), prefs=Prefs({}), loopback=loopback, lan=bool(SERVING["lan"]),
                      base_url=str(SERVING["base_url"]), address=str(ip or ""), agent=agent, persistent=False)
    service, values = storage
    prefs = Prefs(values, lambda k, v: page.run_task(service.set, k, v))
    prefs.service = service  # type: ignore[attr-defined]  # keep the service registered
    token = prefs.get("device")
    if not access.valid_token(token):
        token = access.new_token()
        prefs.set("device", token)
    return Device(token=str(token), prefs=prefs, loopback=loopback, lan=bool(SERVING["lan"]),
                  base_url=str(SERVING["base_url"]), address=str(ip or ""), agent=agent)


def _join_code_in_url(page: ft.Page) -> str | None:
    for where in (getattr(page, "route", None), getattr(page, "url", None)):
        code = _join_code_in(where)
        if code:
            return code
    return None


def _join_code_in(where: Any) -> str | None:
    if where and "join=" in str(where):
        code = parse_qs(urlparse(str(where)).query).get("join")
        if code:
            return code[0]
    return None


def make_main(store_factory: Callable[[], Store] = Store.shared) -> Callable[[ft.Page], Any]:
    flet_fixes.apply()  # Flet's waste on every redraw: memory and CPU

    async def main(page: ft.Page) -> None:
        # served: the first-screen cut, the full font when a screen needs it (App._fonts_for); in
        # the browser's own build the whole font is on the device already, and drawn at once
        whole = hosts.current().fonts_local
        page.fonts = {FONT_FAMILY: SERVING["assets"] + (FONT_FILE if whole else FONT_FILE_UI)}
        page.theme = themed(color_scheme_seed=ft.Colors.TEAL)
        page.dark_theme = themed(color_scheme_seed=ft.Colors.TEAL)
        page.scroll = ft.ScrollMode.AUTO
        page.padding = 0
        try:
            store = store_factory()
        except Exception as exc:  # noqa: BLE001 - StoreUnavailable: say why, in every language
            _cannot_start(page, exc)
            return
        device = await _device(page, store)
        app = App(page, store, device)
        app.full_font = whole
        page.data = app
        session = getattr(page, "session", None)
        if session is not None:  # a tap on an earlier screen's control is answered by it (taps.py)
            taps.install(session, app.answer_late_tap, app.knows_control)
        try:
            page.on_close = app.close
        except Exception:  # noqa: BLE001 - a page without events (tests)
            pass
        def route_changed(e: Any) -> None:
            # the join address opened in a tab that already had the app: Flet
            # reconnects the tab's session (main does not run again) and only
            # tells the new route
            code = _join_code_in(getattr(e, "route", None))
            if code:
                app.join_with_code(code)

        try:
            page.on_route_change = route_changed
        except Exception:  # noqa: BLE001 - a page without events (tests)
            pass
        try:
            page.on_resize = app.resized
        except Exception:  # noqa: BLE001 - a page without events (tests)
            pass
        for view in (getattr(page, "views", None) or [])[:1]:  # the page's own scroll: remember it for back
            view.scroll_interval = 250
            view.on_scroll = app.scrolled
        if app._pref("lang") is None:
            # First start: follow the device's language -- before the first
            # frame, so a Chinese start never flashes English first.
            try:
                lang = await asyncio.wait_for(_device_language(page), timeout=LANGUAGE_WAIT)
            except (asyncio.TimeoutError, Exception):  # noqa: BLE001
                lang = None
            if lang:
                app.lang = lang
        code = _join_code_in_url(page) if app.host.multi_device else None
        open_id = app._pref("open_table") or ""
        if code:
            app.join_with_code(code)
        elif open_id and app.may_see(open_id):
            try:
                app.open_table(open_id)
            except Exception:  # noqa: BLE001 - a table that can't be opened: start at home
                log.exception("could not reopen table %s", open_id)
                app.table = None
                app.nav = Nav("home")
                app.render()
        else:
            app.render()
        hub = getattr(getattr(getattr(page, "session", None), "connection", None), "pubsubhub", None)
        if hub is not None:  # writes by another process (a worker, a second app) reach this session too
            hosts.current().watch(store, hub)

    return main


def _cannot_start(page: ft.Page, exc: BaseException) -> None:
    """The data cannot be opened (disk full, locked, read-only, foreign file):
    a translated message instead of Flet's "Error running app"."""
    log.error("cannot open the saved data", exc_info=exc)
    lines = []
    for lang in ("zh_Hans", "zh_Hant", "en"):
        if isinstance(exc, StoreUnavailable):
            lines.append(exc.message(lang))
        else:
            lines.append(Translator(lang).gettext("The saved data cannot be opened ({file}). Nothing was changed.",
                                                  file=type(exc).__name__))
    page.controls = [ft.SafeArea(content=ft.Container(content=ft.Column(
        [ft.Icon(ft.Icons.ERROR_OUTLINE, size=48)] + [ft.Text(t, size=18) for t in lines], spacing=16),
        padding=ft.Padding.all(16)))]
    page.update()
