"""The app shell: the one place that owns navigation.

Screens are functions of the app's state (``companion/ui/screens.py``); the
shell keeps which screen is shown, the back stack, the open table, the
language and the theme, and rebuilds the page after every change.  Every
accepted action is committed by ``StoredSession.apply`` before the screen is
rebuilt.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

import flet as ft

from ..core.actions import Action
from ..core.errors import RefereeError
from ..i18n import LANGUAGES, Translator, pick_language
from ..messages import describe_error
from ..paths import assets_dir
from ..storage import Store, StoredSession
from .context import GameContext
from .widgets import FONT_FAMILY

log = logging.getLogger(__name__)

FONT_FILE = "fonts/NotoSansCJK-subset.otf"


@dataclass
class Refusal:
    message: str
    rule: str | None


@dataclass
class PrivateFlow:
    player: int
    title: str
    build_form: Callable[[Callable[[], None]], Any]
    stage: str = "handover"  # handover -> form -> hidden


@dataclass
class Nav:
    screen: str
    params: dict[str, Any] = field(default_factory=dict)
    #: how far the page was scrolled when the user left it (restored on back)
    scroll: float = 0.0


class App:
    def __init__(self, page: ft.Page, store: Store | None = None) -> None:
        self.page = page
        self.store = store or Store()
        self.lang = self.store.get_setting("lang") or "en"
        self.theme = self.store.get_setting("theme") or "light"
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
        #: a translated message after an unexpected error (shown on the home screen)
        self.problem: str | None = None

    # ----- language ----------------------------------------------------------
    @property
    def t(self) -> Translator:
        return Translator(self.lang)

    def _(self, msgid: str, **params: Any) -> str:
        return self.t.gettext(msgid, **params)

    def set_language(self, lang: str) -> None:
        if lang in LANGUAGES:
            self.lang = lang
            self.store.set_setting("lang", lang)
            self.render()

    def set_theme(self, theme: str) -> None:
        self.theme = theme
        self.store.set_setting("theme", theme)
        self.render()

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
        self.store.set_setting("open_table", open_id)

    def open_table(self, table_id: str, **params: Any) -> None:
        try:
            self.table = self.store.open_table(table_id)
        except Exception as exc:  # noqa: BLE001 - a damaged table: say so, keep the rest usable
            self.unexpected(exc)
            return
        self.view_memory = {}
        self.private_flow = None
        self.go("table", **params)

    def unexpected(self, exc: BaseException) -> None:
        """The one handler for errors nobody expected (a damaged table, a full
        disk, a bug): log it, change no data, show a translated message instead
        of Flet's error overlay.  An open table stays open unless it is the
        one that failed to open or draw."""
        from ..storage import StoreUnavailable, TableDamaged

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

    def start_table(self, game_id: str, players: list[str], options: dict[str, Any]) -> None:
        from ..registry import get_game

        game = get_game(game_id)
        setup = game.setup(players, options)
        self.table = self.store.create_table(game, setup)
        self.view_memory = {}
        self.back = [Nav("home")]
        self.nav = Nav("table")
        self.scroll_target = 0.0
        self._remember_open_table()
        self.render()

    # ----- acting on the open table -----------------------------------------
    def dispatch(self, action: Action) -> bool:
        assert self.table is not None
        self.exported_to = None
        try:
            self.table.apply(action)  # committed to SQLite before we re-render
        except RefereeError as exc:
            self.refusal = Refusal(describe_error(exc, self.table.game.id, self.lang, self.table.setup.players),
                                   exc.rule)
            self.show_refusal()  # the state is unchanged: no rebuild, a half-filled form stays as it was
            return False
        except Exception as exc:  # noqa: BLE001 - not committed: the table is as it was
            self.unexpected(exc)
            return False
        self.refusal = None
        self.render()
        return True

    def undo(self, e: Any = None) -> None:
        self._history_step(lambda: self.table.undo())  # type: ignore[union-attr]

    def redo(self, e: Any = None) -> None:
        self._history_step(lambda: self.table.redo())  # type: ignore[union-attr]

    def _history_step(self, step: Callable[[], None]) -> None:
        assert self.table is not None
        try:
            step()
            self.refusal = None
        except RefereeError as exc:
            self.refusal = Refusal(describe_error(exc, self.table.game.id, self.lang, self.table.setup.players),
                                   exc.rule)
        except Exception as exc:  # noqa: BLE001
            self.unexpected(exc)
            return
        self.render()
        if self.refusal is not None:
            self.show_refusal()

    def show_refusal(self) -> None:
        from .screens import show_refusal

        show_refusal(self)

    def export_table(self, e: Any = None) -> None:
        import time

        from ..paths import user_data_dir
        from ..transfer import export_to_file

        assert self.table is not None
        folder = user_data_dir() / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.table.game.id}-{self.table.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        export_to_file(self.table, path)
        self.exported_to = path.name
        self.render()
        from .files import download

        self.page.run_task(download, self.page, path.name, path.read_bytes())  # a download in the browser

    def private(self, player: int, title: str, build_form: Callable[[Callable[[], None]], Any]) -> None:
        self.private_flow = PrivateFlow(player, title, build_form)
        self.render()

    def open_clause(self, clause_id: str) -> None:
        self.go("rules", game=clause_id.split(".", 1)[0], clause=clause_id)

    def game_context(self) -> GameContext:
        assert self.table is not None
        return GameContext(
            game=self.table.game, setup=self.table.setup, state=self.table.state, lang=self.lang,
            dispatch=self.dispatch, private=self.private, open_clause=self.open_clause,
            refresh=self.render, refresh_control=self.patch, dark=self.theme == "dark",
            last_refusal=lambda: (self.refusal.message, self.refusal.rule) if self.refusal else None,
            extra=self.view_memory)

    # ----- drawing --------------------------------------------------------------
    def patch(self, control: ft.Control) -> None:
        """Send one control's changes (as-you-type results) without rebuilding
        the screen, so the focused field keeps its focus."""
        try:
            control.update()
        except RuntimeError:  # not mounted on a live page (in-process tests)
            pass

    def render(self) -> None:
        from . import screens

        page = self.page
        page.theme_mode = ft.ThemeMode.DARK if self.theme == "dark" else ft.ThemeMode.LIGHT
        page.title = self._("Table Companion")
        builder = getattr(screens, f"screen_{self.nav.screen}")
        try:
            appbar, body = builder(self)
        except Exception as exc:  # noqa: BLE001 - a screen that cannot be drawn: home, with a message
            if self.nav.screen == "home":
                raise
            self.table = None
            self.nav = Nav("home")
            self.unexpected(exc)
            return
        page.appbar = appbar
        page.controls = [ft.SafeArea(content=ft.Container(content=body, padding=ft.Padding.all(12)))]
        page.update()
        self._settle_scroll()

    def _settle_scroll(self) -> None:
        """A new screen starts at its top; a return goes back to where it was."""
        target, self.scroll_target = self.scroll_target, None
        if target is None or getattr(self.page, "scroll_to", None) is None:
            return
        self.offset = target

        async def settle() -> None:
            if target:
                await asyncio.sleep(0.05)  # let the restored screen be laid out first
            await self.page.scroll_to(offset=target)

        self.page.run_task(settle)

    def scrolled(self, e: Any) -> None:
        self.offset = float(getattr(e, "pixels", 0.0) or 0.0)


def view_module(game_id: str) -> Any:
    """The game's own screen module, or the generic one."""
    try:
        return importlib.import_module(f"companion.ui.views.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"companion.ui.views.{game_id}":
            raise
        return importlib.import_module("companion.ui.views.generic")


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


def make_main(store_factory: Callable[[], Store] = Store.shared) -> Callable[[ft.Page], Any]:
    async def main(page: ft.Page) -> None:
        page.fonts = {FONT_FAMILY: FONT_FILE}
        page.theme = ft.Theme(font_family=FONT_FAMILY, color_scheme_seed=ft.Colors.TEAL)
        page.dark_theme = ft.Theme(font_family=FONT_FAMILY, color_scheme_seed=ft.Colors.TEAL)
        page.scroll = ft.ScrollMode.AUTO
        page.padding = 0
        try:
            store = store_factory()
        except Exception as exc:  # noqa: BLE001 - StoreUnavailable: say why, in every language
            _cannot_start(page, exc)
            return
        app = App(page, store)
        page.data = app
        for view in (getattr(page, "views", None) or [])[:1]:  # the page's own scroll: remember it for back
            view.scroll_interval = 250
            view.on_scroll = app.scrolled
        if app.store.get_setting("lang") is None:
            # First start: follow the device's language -- before the first
            # frame, so a Chinese start never flashes English first.
            try:
                lang = await asyncio.wait_for(_device_language(page), timeout=3)
            except (asyncio.TimeoutError, Exception):  # noqa: BLE001
                lang = None
            if lang:
                app.lang = lang
        open_id = app.store.get_setting("open_table") or ""
        if open_id:
            try:
                app.open_table(open_id)
            except Exception:  # noqa: BLE001 - a table that can't be opened: start at home
                log.exception("could not reopen table %s", open_id)
                app.table = None
                app.nav = Nav("home")
                app.render()
        else:
            app.render()

    return main


def _cannot_start(page: ft.Page, exc: BaseException) -> None:
    """The data cannot be opened (disk full, locked, read-only, foreign file):
    a translated message instead of Flet's "Error running app"."""
    from ..storage import StoreUnavailable

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


def serve(host: str | None = None, port: int | None = None, desktop: bool = False) -> None:
    """Start the app: the web server on a headless machine, else a window."""
    host = host or os.environ.get("COMPANION_HOST", "127.0.0.1")
    port = port or int(os.environ.get("COMPANION_PORT", "8550"))
    headless = not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux")
    view = ft.AppView.FLET_APP if (desktop and not headless) else ft.AppView.WEB_BROWSER
    if view == ft.AppView.WEB_BROWSER:
        os.environ.setdefault("FLET_FORCE_WEB_SERVER", "1")
        # flet_web keeps a closed browser's session (and its memory) for
        # FLET_SESSION_TIMEOUT s, 3600 by default; a LAN table needs only a
        # short grace for a dropped Wi-Fi — a later reconnect reopens the
        # stored table in a new session.
        os.environ.setdefault("FLET_SESSION_TIMEOUT", "60")
        print(f"Table Companion is running at http://{host}:{port}/", flush=True)
    from .offline_web import web_assets

    # our assets plus the web client patched to ask no CDN, and our own splash
    ft.run(make_main(), host=host, port=port, view=view, assets_dir=str(web_assets(assets_dir())), no_cdn=True,
           name="")
