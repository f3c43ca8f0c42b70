"""The screens. Each ``screen_<name>(app)`` returns (app bar, body) built from
the app's state; only ``App`` (app.py) decides which one is shown."""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING, Any

import flet as ft
from babel.dates import format_datetime

from ..access import Denied
from ..core import facts
from ..core.errors import SetupError
from ..i18n import _NUMBER_LOCALE, LANGUAGE_NAMES, LANGUAGES, list_separator
from ..messages import describe_problem, game_message
from ..paths import user_data_dir
from ..registry import game_ids, get_game
from ..rules import library, reader
from ..storage import ReadOnly
from .. import story, teach
from ..core.events import Event
from ..transfer import ImportRefused, import_from_text
from .context import PLAYER_COLORS
from .corrections import corrections_panel
from .files import download, pick_action
from .history_screen import history_body
from .log_screen import log_body, story_chart
from .layout import table_page
from .labels import game_title, option_hint, option_label, option_value_label
from .rules_screen import rules_body
from .viewmodels import (final_ranking, now_players, now_text, player_slots, seat_order,
                         setup_problems, split_template)
from .views import view_for
from .widgets import TOUCH, WHY_AT, banner, big_button, expander, icon_button, italic, section_title, text_style

if TYPE_CHECKING:
    from .app import App


def _bar(app: "App", title: str, back: bool = True, actions: list[ft.Control] | None = None,
         size: int = 18) -> ft.AppBar:
    """A screen's app bar.  A long title (a game's full name) takes a second
    line rather than being cut, its lines set close so both fit the bar."""
    leading = icon_button(ft.Icons.ARROW_BACK, app.go_back, app._("Back")) if back else None
    heading = ft.Text(title, size=size, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, style=text_style(height=1.15))
    return ft.AppBar(title=heading, leading=leading, actions=actions or [], automatically_imply_leading=False)


def following_banner(app: "App") -> ft.Control:
    """A browser tab that follows the tab that writes (hosts/browser.py): what it shows, and
    the way to play here instead."""
    _ = app._
    return banner(_("This tab follows the table played in another tab of this browser: each move made there "
                    "shows here."), "info",
                  [ft.FilledButton(_("Use it here"), height=TOUCH, on_click=lambda e: app.host.take_over())])


# ----- home ---------------------------------------------------------------------
def screen_home(app: "App") -> tuple[Any, ft.Control]:
    _ = app._
    parts: list[ft.Control] = []
    if app.host.following:
        parts.append(following_banner(app))
    if app.problem:
        parts.append(banner(app.problem, "error",
                            [ft.TextButton(_("OK"), on_click=lambda e: _dismiss_problem(app), height=TOUCH)]))
    for notice in app.store.notices():  # a recovery stays until someone dismisses it
        parts.append(banner(notice.message(app.lang), "error",
                            [ft.TextButton(_("Dismiss"), height=TOUCH,
                                           on_click=lambda e, n=notice.id: _dismiss_notice(app, n))]))
    parts.append(ft.Text(_("Table Companion"), size=28, weight=ft.FontWeight.BOLD))
    parts.append(ft.Text(_("Rules, referee and score keeper for the game on your table."), size=15))
    parts.append(ft.Column([
        big_button(_("New table"), lambda e: app.go("new_table"), icon=ft.Icons.ADD, filled=True),
        big_button(_("Rules"), lambda e: app.go("rules"), icon=ft.Icons.MENU_BOOK),
        big_button(_("History and statistics"), lambda e: app.go("history"), icon=ft.Icons.BAR_CHART),
        big_button(_("Settings"), lambda e: app.go("settings"), icon=ft.Icons.SETTINGS),
        big_button(_("Import a table"), lambda e: app.go("import_table"), icon=ft.Icons.UPLOAD_FILE),
        *([big_button(_("Join a table"), lambda e: app.go("join"), icon=ft.Icons.LOGIN)]
          if app.host.multi_device else []),  # the browser build: this phone alone (hosts/browser.py)
    ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
    if not app.host.multi_device:
        parts.append(ft.Text(_("To play with several phones, start the app on a computer (companion serve) "
                               "and open it on each phone."), size=13, italic=True))
    active = app.visible_tables("active")  # on a LAN: only the tables this device created or joined
    if active:
        parts.append(section_title(_("Resume a table")))
        for info in active[:20]:
            parts.append(_table_tile(app, info, ft.Icons.PLAY_ARROW, lambda e, i=info.id: app.open_table(i)))
    # on a LAN: only the tables this device created or joined, finished ones too
    finished = sorted(app.visible_tables("finished"), key=lambda i: -(i.finished or i.updated))
    if finished:
        parts.append(section_title(_("Finished tables")))
        for info in finished[:10]:
            parts.append(_table_tile(app, info, ft.Icons.VISIBILITY,
                                     lambda e, i=info.id: app.open_table(i, read_only=True)))
    # the server computer's own business: a phone on the LAN is not shown them
    damaged = app.store.list_tables("damaged") if app.device.loopback or not app.device.lan else []
    if damaged:  # kept apart from the resume list; the raw rows can still be saved
        parts.append(section_title(_("Damaged tables")))
        for info in damaged[:20]:
            parts.append(ft.ListTile(
                title=ft.Text(game_title(info.game, app.lang)), subtitle=ft.Text(_("Cannot be opened")),
                trailing=ft.TextButton(_("Export raw log"), on_click=lambda e, i=info.id: _export_raw(app, i),
                                       height=TOUCH),
                min_height=56))
    return None, ft.Column(parts, spacing=14)


def when_text(stamp: float, lang: str) -> str:
    """A date and time in the language's own format."""
    return format_datetime(datetime.fromtimestamp(stamp), "short", locale=_NUMBER_LOCALE.get(lang, "en"))


def _table_tile(app: "App", info: Any, icon: Any, on_click: Any) -> ft.Control:
    """One saved table: the game, the players, when it was last played and how far it got."""
    sep = list_separator(app.lang)
    moves = app.t.ngettext("{n} move", "{n} moves", info.cursor)
    when = when_text(info.finished or info.updated, app.lang)
    progress = app._("{when} · {moves}", when=when, moves=moves)
    return ft.ListTile(
        title=ft.Text(game_title(info.game, app.lang)),
        subtitle=ft.Text(sep.join(info.players) + "\n" + progress),
        trailing=ft.Icon(icon), on_click=on_click, min_height=64, is_three_line=True)


def _dismiss_notice(app: "App", notice_id: int) -> None:
    try:
        app.store.acknowledge(notice_id)
    except ReadOnly as exc:  # a browser tab that follows another
        app.unexpected(exc)
        return
    app.show_recovered = False
    app.render()


def _dismiss_problem(app: "App") -> None:
    app.problem = None
    app.render()


def _export_raw(app: "App", table_id: str) -> None:
    """The damaged table's raw rows, downloaded (nothing written on the server)."""
    name = f"damaged-{table_id}.json"
    data = json.dumps(app.store.raw_log(table_id), ensure_ascii=False, indent=1).encode("utf-8")
    app.problem = app._("Saved as {file}.", file=name)
    app.render()
    app.page.run_task(download, app.picker, app.page, name, data)


# ----- new table ----------------------------------------------------------------
def screen_new_table(app: "App") -> tuple[Any, ft.Control]:
    _ = app._
    game_id = app.nav.params.get("game")
    if game_id is None:
        tiles = []
        for gid in game_ids():
            game = get_game(gid)
            kind = _("Full referee") if game.kind == "referee" else _("Score sheet")
            tiles.append(ft.ListTile(
                title=ft.Text(game_title(gid, app.lang), size=17),
                subtitle=ft.Text(_("{low}–{high} players · {kind}", low=game.min_players,
                                   high=min(game.max_players, 10), kind=kind)),
                on_click=lambda e, g=gid: app.go("new_table", game=g), min_height=56))
        return _bar(app, _("Pick a game")), ft.Column(tiles, spacing=4)
    return _bar(app, game_title(game_id, app.lang)), _setup_form(app, game_id)


def _setup_form(app: "App", game_id: str) -> ft.Control:
    _ = app._
    game = get_game(game_id)
    params = app.nav.params
    group = app.last_group()  # the last table's players, in their seat order
    fits = game.min_players <= len(group) <= game.max_players
    low, high, count = player_slots(game, params.get("count", len(group) if fits else max(game.min_players, 3)))
    names: list[str] = list(params.get("names") or [])
    # only names this device used (on a LAN), never other tables' players: the last group first, in seat order
    roster = [*group, *(n for n in app.names() if n not in group)]
    while len(names) < count:
        default = roster[len(names)] if len(names) < len(roster) else ""
        names.append(default)
    names = names[:count]
    params["names"] = names
    options: dict[str, Any] = params.setdefault("options", {o.key: o.default for o in game.options})
    problems: list[str] = params.get("problems", [])

    def set_count(delta: int) -> None:
        params["count"] = max(low, min(high, count + delta))
        app.render()

    def move(i: int, delta: int) -> None:
        params["names"] = seat_order(names, i, delta)
        app.render()

    def same_group(e: Any = None) -> None:
        params["names"] = list(group)
        params["count"] = len(group)
        app.render()

    def clear_names(e: Any = None) -> None:
        params["names"] = [""] * count
        app.render()

    seat_pickers: list[ft.Dropdown] = []
    problems_box = ft.Column(spacing=6)

    def seat_label(i: int) -> str:
        return names[i].strip() or _("Seat {n}", n=i + 1)

    def set_name(i: int, value: str) -> None:
        names[i] = value
        # a player picked by seat (the oldest player...) is offered by the typed name
        for picker in seat_pickers:
            if i < len(picker.options):
                picker.options[i].text = seat_label(i)
                app.patch(picker)
        # a message goes as soon as what it complained about is fixed
        if params.get("problems"):
            recheck()

    def recheck() -> None:
        found = setup_problems(game, names, _parsed_options())
        params["problems"] = [describe_problem(p, game_id, app.lang) for p in found]
        problems_box.controls = [banner(p, "error") for p in params["problems"]]
        app.patch(problems_box)

    def _parsed_options() -> dict[str, Any]:
        out: dict[str, Any] = {}
        for spec in game.options:
            try:
                out[spec.key] = spec.parse(options.get(spec.key, spec.default))
            except (ValueError, TypeError):
                out[spec.key] = spec.default
        return out

    rows: list[ft.Control] = []
    for i in range(count):
        field_ = ft.TextField(label=_("Seat {n}", n=i + 1), value=names[i], expand=True,
                              on_change=lambda e, i=i: set_name(i, e.control.value or ""))
        rows.append(ft.Row([
            field_,
            icon_button(ft.Icons.ARROW_UPWARD, lambda e, i=i: move(i, -1), _("Move up"), disabled=i == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, lambda e, i=i: move(i, 1), _("Move down"),
                        disabled=i == count - 1),
        ], spacing=4))

    def on_option(key: str, value: Any) -> None:
        options[key] = value
        if params.get("problems"):
            recheck()

    option_controls: list[ft.Control] = []
    try:
        page_width = float(getattr(app.page, "width", None) or 390)
    except (TypeError, ValueError):
        page_width = 390.0
    if page_width != page_width:  # NaN
        page_width = 390.0
    # a picker as wide as the page allows (a fixed 300 px cut "11 cards (Simplified Chinese ru…")
    wide = max(240, min(page_width, 720) - 24)
    for spec in game.options:
        label = option_label(game_id, spec.key, app.lang)
        if spec.kind == "bool":
            option_controls.append(ft.Switch(label=switch_label(app, label), value=bool(options.get(spec.key)),
                                             on_change=lambda e, k=spec.key: options.__setitem__(k, e.control.value)))
        elif spec.kind == "int" and (spec.max is None or spec.max - (spec.min or 0) > 30):
            option_controls.append(ft.TextField(
                label=label, value=str(options.get(spec.key)), width=wide, keyboard_type=ft.KeyboardType.NUMBER,
                on_change=lambda e, k=spec.key: options.__setitem__(k, e.control.value)))
        elif spec.kind == "int" and spec.min == 0 and spec.max == game.max_players - 1:
            # a seat (who is oldest, who starts): the players' names, only as many as sit here
            picker = ft.Dropdown(
                label=label, value=str(min(int(options.get(spec.key) or 0), count - 1)), width=wide,
                options=[ft.DropdownOption(key=str(i), text=seat_label(i)) for i in range(count)],
                on_select=lambda e, k=spec.key: on_option(k, e.control.value))
            options[spec.key] = picker.value
            seat_pickers.append(picker)
            option_controls.append(picker)
        else:
            choices = spec.choices or tuple(range(spec.min or 0, (spec.max or 10) + 1))
            option_controls.append(ft.Dropdown(
                label=label, value=str(options.get(spec.key)), width=wide,
                options=[ft.DropdownOption(key=str(c), text=option_value_label(game_id, spec.key, c, app.lang))
                         for c in choices],
                on_select=lambda e, k=spec.key: on_option(k, e.control.value)))
        hint = option_hint(game_id, spec.key, app.lang)
        if hint:  # what the option does, in one line under it
            option_controls.append(ft.Text(hint, size=13, width=wide))

    def start(e: Any) -> None:
        try:
            # the form opened from a rules page's Teach: the table teaches as it goes, as from Teach
            app.start_table(game_id, names, options, teaching=bool(params.get("teach")))
        except SetupError as exc:
            params["problems"] = [describe_problem(p, game_id, app.lang) for p in exc.problems]
            app.render()
        except Denied as exc:  # too many new tables from this device or network lately
            params["problems"] = [app.denied_text(exc)]
            app.render()

    # greyed out at the limits the line above them states (a tap there did nothing)
    add_player = big_button(_("Add a player"), lambda e: set_count(1), icon=ft.Icons.PERSON_ADD)
    add_player.disabled = count >= high
    remove_player = big_button(_("Remove a player"), lambda e: set_count(-1), icon=ft.Icons.PERSON_REMOVE)
    remove_player.disabled = count <= low
    parts: list[ft.Control] = [
        section_title(_("Players in seat order")),
        ft.Text(_("{low} to {high} players. Seat 1 is the first player.", low=low, high=high), size=14),
        *rows,
        ft.Row([add_player, remove_player], wrap=True),
    ]
    quick: list[ft.Control] = []
    if fits and group:
        quick.append(big_button(_("Last group: {names}", names=list_separator(app.lang).join(group)), same_group,
                                icon=ft.Icons.GROUP))
    if any(n.strip() for n in names):
        quick.append(big_button(_("Clear the names"), clear_names, icon=ft.Icons.CLEAR_ALL))
    if quick:
        parts.insert(2, ft.Row(quick, wrap=True))
    if option_controls:
        parts += [section_title(_("Options")), *option_controls]
    problems_box.controls = [banner(problem, "error") for problem in problems]
    parts.append(problems_box)
    parts.append(ft.Row([
        big_button(_("Teach this game"), lambda e: app.go("teach", game=game_id, count=count, names=list(names),
                                                            options=dict(options)), icon=ft.Icons.INFO_OUTLINE),
        big_button(_("Start the table"), start, icon=ft.Icons.PLAY_ARROW, filled=True)], wrap=True))
    return ft.Column(parts, spacing=10)


# ----- the table ----------------------------------------------------------------
def switch_label(app: "App", text: str) -> ft.Control:
    """A switch's label that wraps.  Flet draws the label in a row beside the
    switch that gives it no width, so a long one ran off the screen's edge
    ("...flow known befo" on a phone); given the page's width, less the page's
    padding and the switch, it wraps onto a second line instead."""
    try:
        width = float(getattr(app.page, "width", None) or 390)
    except (TypeError, ValueError):  # the width is the browser's word: never trust it blindly
        width = 390.0
    if width != width:  # NaN
        width = 390.0
    return ft.Text(text, width=max(160, min(width, 720) - 24 - 68))


def screen_table(app: "App") -> tuple[Any, ft.Control]:
    _ = app._
    table = app.table
    if table is None:
        return screen_home(app)
    game = table.game
    read_only = bool(app.nav.params.get("read_only"))

    # greyed out where this device may not (a viewer; a seated player, another seat's move)
    actions: list[ft.Control] = [] if read_only else [
        icon_button(ft.Icons.UNDO, app.undo, _("Undo"), not table.session.can_undo() or not app.may_step("undo")),
        icon_button(ft.Icons.REDO, app.redo, _("Redo"), not table.session.can_redo() or not app.may_step("redo")),
    ]
    actions += [
        icon_button(ft.Icons.MENU_BOOK, lambda e: app.go("rules", game=game.id), _("Rules")),
        # the rarer ones in a menu, so a game's full name fits beside the icons
        # on a 360 px phone (padding 12: a 48 px touch target around the 24 px icon)
        ft.PopupMenuButton(icon=ft.Icon(ft.Icons.MORE_VERT, semantics_label=_("More")), tooltip=_("More"),
                           padding=(TOUCH - 24) // 2, items=[
            ft.PopupMenuItem(content=_("Home"), icon=ft.Icons.HOME, on_click=app.go_home),
            ft.PopupMenuItem(content=_("Move log"), icon=ft.Icons.HISTORY, on_click=lambda e: app.go("log")),
            ft.PopupMenuItem(content=_("Language"), icon=ft.Icons.TRANSLATE, on_click=lambda e: app.go("settings")),
            ft.PopupMenuItem(content=_("Export"), icon=ft.Icons.SAVE_ALT, on_click=app.export_table),
            *([ft.PopupMenuItem(content=_("Teaching play"), icon=ft.Icons.SCHOOL, checked=table.teaching,
                                on_click=lambda e, on=not table.teaching: app.set_teaching(on))]
              if app.may("teach") and not read_only else []),
        ]),
    ]
    bar = _bar(app, game_title(game.id, app.lang), back=False, actions=actions, size=16)
    app.refusal_slot = None
    if app.private_flow is not None:
        return bar, _private_body(app)
    ctx = app.game_context()
    happened: list[ft.Control] = []
    banner_box = _now_banner(app, undo=not read_only, outcomes=happened)
    parts: list[ft.Control] = []
    # what the last move led to: kept out of the pinned banner, so it stays short (layout.py)
    led = ft.Container(content=ft.Column(happened, spacing=4), key="what-happened",
                       padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=10,
                       border=ft.Border.all(1, ft.Colors.BLUE_200)) if happened else None
    if read_only:
        info = next((i for i in app.visible_tables("finished") if i.id == table.id), None)
        stamp = (info.finished or info.updated) if info is not None else None
        parts.append(banner(_("A finished table, open to look at: nothing can be changed.") + (
            "\n" + _("Finished: {when}", when=when_text(stamp, app.lang)) if stamp else ""), "info"))
    if app.exported_to:
        parts.append(banner(_("Exported: {file} (downloaded to this device)", file=app.exported_to), "ok"))
    # the refusal's place on the page: filled in place (no rebuild) when a
    # move is refused, so a half-filled form stays open
    shown = _refusal_banner(app)
    # while empty it takes no room (a column's spacing still counts an empty container: 12 px
    # off the phone's board under the pinned banner)
    app.refusal_slot = ft.Container(content=shown, visible=shown is not None)
    parts.append(app.refusal_slot)
    if game.is_over(table.state):
        parts.append(_final_ranking(app))
        chart = story_chart(app, height=180)
        if chart is not None:
            parts.append(chart)
    after: list[ft.Control] = []
    corrections = None if read_only or not app.may("correct") else corrections_panel(ctx)
    if corrections is not None:
        after.append(corrections)
    after.append(_now_card(app))
    if app.strip is not None:  # the invite / seat strip (join.py) leads what scrolls
        parts.insert(0, app.strip)
    body, app.scroller = table_page(banner_box, parts, view_for(game.id).build(ctx), after, wide=app.wide(),
                                    on_scroll=app.scrolled, size=app.size(), happened=led,
                                    teaching=[] if read_only else teach_cards(app))
    return bar, body


def screen_log(app: "App") -> tuple[Any, ft.Control]:
    """The open table's move log (and its story chart)."""
    if app.table is None:
        return screen_home(app)
    return _bar(app, app._("Move log")), log_body(app)


def screen_why(app: "App") -> tuple[Any, ft.Control]:
    """"Why?" of a teaching card: how the outcome it explains was computed, line by line (the
    game screen's ``account(ctx, clause)``: Manila's voyage, Modern Art's round, Niagara's gems,
    Catan's points), as this device may see it; Back returns to the table, where the step's
    controls are.  A game without an account shows the move log (every line of it)."""
    _ = app._
    if app.table is None:
        return screen_home(app)
    ctx = app.game_context()
    maker = getattr(view_for(app.table.game.id), "account", None)
    got = maker(ctx, app.nav.params.get("clause")) if maker is not None else None
    if got is None:
        return _bar(app, _("Move log")), log_body(app)
    title, lines = got
    # opened from a card about one part of the outcome (a harbour's reward, the insurance):
    # the screen opens at that part's section (the first needs no scroll)
    marked = [i for i, c in enumerate(lines) if getattr(getattr(c, "key", None), "value", None) == WHY_AT]
    if marked and marked[0] > 0:
        app.scroll_key = WHY_AT
    parts: list[ft.Control] = [ft.Text(title, size=18, weight=ft.FontWeight.BOLD, key="why-title"), *lines,
                               ft.Row([ft.TextButton(_("Move log"), icon=ft.Icons.HISTORY, height=TOUCH,
                                                     on_click=lambda e: app.go("log")),
                                       ft.FilledButton(_("Back to the table"), icon=ft.Icons.ARROW_BACK,
                                                       height=TOUCH, on_click=app.go_back)],
                                      wrap=True, spacing=8)]
    return _bar(app, _("How it was computed")), ft.Column(parts, spacing=6, key="why-account")


def teach_cards(app: "App") -> list[ft.Control]:
    """Teaching play's first-time cards for this device now (``App.teach_cards``): the
    rule in a few sentences, "Read more" opening its clause (where a refusal's rule link goes),
    "Got it" putting it away for good; a card of a computed outcome (a payout, a value) adds
    "Why?": the account of that outcome (``screen_why``).  One card at a time: a step that
    meets several rules (Niagara's first) shows the first with a line saying how many follow,
    and "Got it" brings the next, so the cards never push the step's board off a phone's screen."""
    _ = app._
    out: list[ft.Control] = []
    due = [(c, w) for c in app.teach_cards()
           if (w := teach.card_text(c, app.lang, players=len(app.table.setup.players))) is not None]
    for clause, (title, text) in due[:1]:
        more = len(due) - 1
        note = ([ft.Text(app.t.ngettext("{n} more new rule after this one", "{n} more new rules after this one",
                                         more),
                         size=14, italic=True, color=ft.Colors.BLUE_GREY_800, key="teach-more")]
                if more else [])
        out.append(ft.Container(
            content=ft.Column([
                ft.Row([ft.Icon(ft.Icons.SCHOOL, color=ft.Colors.AMBER_900, size=22),
                        ft.Text(_("New rule: {title}", title=title), size=16, weight=ft.FontWeight.BOLD,
                                color=ft.Colors.BLUE_GREY_900, expand=True)],
                       spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
                ft.Text(text, size=15, color=ft.Colors.BLUE_GREY_900),
                *note,
                ft.Row([*([ft.TextButton(_("Why?"), icon=ft.Icons.HISTORY, height=TOUCH,
                                         on_click=lambda e, c=clause: app.go("why", clause=c))]
                          if teach.explains_outcome(app.table.game.id, clause) else []),
                        ft.TextButton(_("Read more"), icon=ft.Icons.MENU_BOOK, height=TOUCH,
                                      on_click=lambda e, c=clause: app.open_clause(c)),
                        ft.TextButton(_("Got it"), icon=ft.Icons.CHECK, height=TOUCH,
                                      on_click=lambda e, c=clause: app.dismiss_card(c))],
                       alignment=ft.MainAxisAlignment.END, wrap=True, spacing=4),
            ], spacing=6),
            padding=12, border_radius=10, bgcolor=ft.Colors.AMBER_50, border=ft.Border.all(2, ft.Colors.AMBER_700),
            key=f"teach-card-{clause}"))
    return out


def _rule_button(app: "App", rule: str, before: Any = None) -> ft.Control:
    """The refusal's rule link: "Rule: <clause title>", opening that clause."""
    _ = app._
    clause = library.clause(rule, app.lang)
    label = _("Rule: {title}", title=clause["title"]) if clause else _("Rule")

    def go(e: Any) -> None:
        if before is not None:
            before()
        app.open_clause(rule)

    return ft.TextButton(label, icon=ft.Icons.MENU_BOOK, on_click=go, height=TOUCH)


def _refusal_banner(app: "App") -> ft.Control | None:
    refusal = app.refusal
    if refusal is None:
        return None
    return banner(refusal.message, "error", [_rule_button(app, refusal.rule)] if refusal.rule else None)


def private_refusal(app: "App", text: str, rule: str | None, done: Any) -> ft.Control:
    """Behind hand-the-phone: a refusal that tells the player's own secret, in full."""
    parts: list[ft.Control] = [ft.Text(text, size=17)]
    if rule:
        parts.append(_rule_button(app, rule))
    parts.append(big_button(app._("OK"), lambda e: done(), filled=True))
    return ft.Column(parts, spacing=12)


def refusal_dialog(app: "App") -> ft.AlertDialog:
    """The refusal where the person is looking: a dialog over the screen with
    the reason and its rule link."""
    _ = app._
    refusal = app.refusal
    assert refusal is not None

    def dismissed(e: Any = None) -> None:
        # read: the refusal is done with (a form's own copy of it goes at its next redraw)
        if app.refusal is refusal:
            app.refusal = None

    def close(e: Any = None) -> None:
        dismissed()
        try:
            app.page.pop_dialog()
        except Exception:  # noqa: BLE001 - already closed
            pass

    actions: list[ft.Control] = []
    if refusal.secret_of is not None:
        name = app.table.setup.players[refusal.secret_of] if app.table is not None else ""

        def show_why(e: Any = None) -> None:
            close()
            app.show_why(refusal)

        actions.append(ft.TextButton(_("Show {name} why", name=name), on_click=show_why, height=TOUCH))
    if refusal.rule:
        actions.append(_rule_button(app, refusal.rule, before=close))
    actions.append(ft.TextButton(_("OK"), on_click=close, height=TOUCH))
    return ft.AlertDialog(title=ft.Text(_("Not allowed"), size=18, weight=ft.FontWeight.BOLD),
                          content=ft.Text(refusal.message, size=16), actions=actions,
                          actions_alignment=ft.MainAxisAlignment.END, modal=False, on_dismiss=dismissed,
                          semantics_label=_("Not allowed"))  # a screen reader says it in the reader's language


def show_refusal(app: "App") -> None:
    """Show the refusal where the person is looking, without rebuilding the screen: a
    dialog over the screen.  Nothing is inserted into the page, so the control just
    pressed stays under the finger; only where no dialog can be shown does the refusal
    go into its banner at the top of the page."""
    if app.refusal is None:
        return
    show = getattr(app.page, "show_dialog", None)
    if show is not None:
        try:
            show(refusal_dialog(app))
            return
        except RuntimeError:  # not on a live page
            pass
    slot = getattr(app, "refusal_slot", None)
    if slot is not None:
        slot.content = _refusal_banner(app)
        slot.visible = True
        app.patch(slot)


def _now_banner(app: "App", undo: bool = True, outcomes: list[ft.Control] | None = None) -> ft.Control:
    """Who must act now (their names in their seat colours) and what; under it
    the last accepted action with its undo.  Given a list ``outcomes``, what the
    action led to and the move log's button go there instead (the table screen
    pins the banner: it stays short)."""
    _ = app._
    table = app.table
    assert table is not None
    game, state, players = table.game, table.state, table.setup.players
    text, over = now_text(game, state, players, app.lang, teaching=table.teaching)
    lines: list[ft.Control] = []
    seats = now_players(game, state)
    if seats:
        before, after = split_template(_("Now: {names}"), "names")
        spans: list[ft.TextSpan] = [ft.TextSpan(before)]
        for k, seat in enumerate(seats):
            if k:
                spans.append(ft.TextSpan(list_separator(app.lang)))
            spans.append(ft.TextSpan(players[seat], style=text_style(
                color=PLAYER_COLORS[seat % len(PLAYER_COLORS)], weight=ft.FontWeight.BOLD)))
        if after:
            spans.append(ft.TextSpan(after))
        # an ink of its own: the banner is light in the dark theme too (the theme's white was unreadable)
        lines.append(ft.Text(spans=spans, size=20, weight=ft.FontWeight.BOLD, key="now-players",
                             color=ft.Colors.BLUE_GREY_900))
    elif not over:  # a decision for the whole table (enter cards, pick who starts)
        lines.append(ft.Text(_("Now: everyone"), size=20, weight=ft.FontWeight.BOLD, key="now-players",
                             color=ft.Colors.BLUE_GREY_900))
    lines.append(ft.Text(text, size=14 if outcomes is not None else 16, weight=ft.FontWeight.W_500, key="now-text",
                         color=ft.Colors.GREEN_900 if over else ft.Colors.BLUE_900))
    session = table.session
    last = last_texts(app)
    undone = undone_text(app)
    if undone:  # the Redo button would bring this back (every device reads it from the log)
        lines.append(ft.Text(undone, size=15, italic=False, color=ft.Colors.BLUE_GREY_800, key="undone-line"))
    if last:
        summary = last[0]
        row: list[ft.Control] = [ft.Text(_("Last: {action}", action=summary), size=14 if outcomes is not None else 15,
                                         expand=True,
                                         color=ft.Colors.BLUE_GREY_800, key="last-line")]
        if undo and session.can_undo() and app.may_step("undo"):
            button = ft.TextButton(content=_("Undo"), icon=ft.Icons.UNDO, on_click=app.undo,
                                   height=TOUCH, tooltip=_("Undo: {action}", action=summary))
            if outcomes is not None and lines:  # pinned: beside who acts, so "Last:" has the whole width
                lines[0] = ft.Row([ft.Container(content=lines[0], expand=True), button], spacing=6,
                                  vertical_alignment=ft.CrossAxisAlignment.CENTER)
            else:
                row.append(button)
        lines.append(ft.Row(row, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        # what the action led to, as the table must move it (up to three lines; the rest in the log)
        more = last[1:]
        led = lines if outcomes is None else outcomes
        for text in more[:LAST_OUTCOMES]:
            led.append(ft.Text(f"• {text}", size=15, color=None if outcomes is not None else ft.Colors.BLUE_GREY_800))
        if len(more) > LAST_OUTCOMES or session.cursor > 1 or session.can_redo():
            led.append(ft.TextButton(
                content=_("Move log ({n} more)", n=len(more) - LAST_OUTCOMES) if len(more) > LAST_OUTCOMES
                else _("Move log"), icon=ft.Icons.HISTORY, height=TOUCH, on_click=lambda e: app.go("log"),
                key="open-log"))
    pinned = outcomes is not None
    return ft.Container(content=ft.Column(lines, spacing=2 if pinned else 6),
                        padding=ft.Padding.symmetric(horizontal=12, vertical=4) if pinned else 12, border_radius=10,
                        bgcolor=ft.Colors.GREEN_50 if over else ft.Colors.BLUE_50,
                        border=ft.Border.all(
                            3, PLAYER_COLORS[seats[0] % len(PLAYER_COLORS)] if len(seats) == 1 else ft.Colors.BLUE_200))


#: outcome lines under "Last:" (the rest are in the move log)
LAST_OUTCOMES = 3


def last_texts(app: "App") -> list[str]:
    """The newest action's events this device may see, as sentences (the
    first is the action's own line): the engine's events through
    ``core.events.visible`` for this device's seat -- never the action's
    arguments themselves, which may hold another seat's secret."""
    table = app.table
    assert table is not None
    got = app.last_entry()
    if got is None:
        return []
    _entry, events = got
    return [story.event_text(table.game, e, app.lang, table.setup.players) for e in events]


def undone_text(app: "App") -> str | None:
    """"Undone: <what>" while the newest undone action waits for a redo, as this device may see it."""
    table = app.table
    assert table is not None
    got = story.undone_visible(table.session, app.my_seat())
    if got is None or not got[1]:
        return None
    what = story.event_text(table.game, got[1][0], app.lang, table.setup.players)
    return story.event_text(table.game, Event("undone", {"what": what}), app.lang, table.setup.players)


def _final_ranking(app: "App") -> ft.Control:
    """Who came where, and -- when a winner's score was tied -- how the rules
    broke the tie, with the clause and its link."""
    _ = app._
    table = app.table
    assert table is not None
    players = table.setup.players
    rows, beaten = final_ranking(table.game, table.state)
    sep = list_separator(app.lang)
    lines: list[ft.Control] = [section_title(_("Final ranking"))]
    for row in rows:
        score = "" if row.score is None else app.t.number(int(row.score) if float(row.score).is_integer()
                                                           else row.score)
        text = (_("{place}. {name}: {score}", place=row.place, name=players[row.seat], score=score) if score
                else _("{place}. {name}", place=row.place, name=players[row.seat]))
        lines.append(ft.Row([
            ft.Icon(ft.Icons.EMOJI_EVENTS if row.winner else ft.Icons.CIRCLE_OUTLINED, size=22,
                    color=ft.Colors.AMBER_800 if row.winner else PLAYER_COLORS[row.seat % len(PLAYER_COLORS)]),
            ft.Text(text, size=17, weight=ft.FontWeight.BOLD if row.winner else ft.FontWeight.NORMAL, expand=True)],
            spacing=8))
    winners = [r.seat for r in rows if r.winner]
    try:
        clause_id = facts.tie_break_clause(table.game.id)
    except library.RulesDataError:  # a game without rules data (a test's toy) names no clause
        clause_id = None
    clause = library.clause(clause_id, app.lang) if clause_id else None
    if beaten or len(winners) > 1:
        tied = sep.join(players[s] for s in winners + beaten)
        if beaten:
            lines.append(ft.Text(_("{names} tied on the score; the tie-break decided the winner:", names=tied),
                                 size=15))
        elif clause:
            lines.append(ft.Text(_("{names} tied and share the win:", names=tied), size=15))
        else:  # no tie-break in the rules: a side that won together (a team, the whole table)
            lines.append(ft.Text(_("{names} win together.", names=tied), size=15))
        if clause:
            lines.append(ft.Text(clause["text"], size=15, italic=italic(app.lang)))
            lines.append(_rule_button(app, clause["id"]))
    return ft.Container(content=ft.Column(lines, spacing=6), padding=12, border_radius=10,
                        border=ft.Border.all(2, ft.Colors.AMBER_700))


def _now_card(app: "App") -> ft.Control:
    """"What can I do now?": the clauses facts.json lists for the phase (the
    rules reader's ``now_card``), each opening its own page."""
    table = app.table
    assert table is not None
    try:
        card = reader.now_card(table.game.id, table.game.phase(table.state), app.lang)
    except library.RulesDataError:  # a game without rules data (a test's toy) has no card
        card = None
    if card is None or not card.items:
        return ft.Container()

    def items() -> list[ft.Control]:  # made only while the card is open (sections.py)
        return [ft.ListTile(title=ft.Text(item.title, weight=ft.FontWeight.BOLD),
                            subtitle=ft.Text("\n".join(item.paragraphs)),
                            on_click=lambda e, i=item.clause_id: app.open_clause(i)) for item in card.items]

    tile = expander(app._("What can I do now?"), items, section="now")
    tile.key = ft.ScrollKey(NOW_CARD)

    def opened(e: Any) -> None:
        # it sits at the foot of the table screen: opened, it is brought up to the top of the
        # screen, its clauses under it (they opened below the fold)
        if e.data in (True, "true") and getattr(app.page, "scroll_to", None) is not None:
            app.page.run_task(app.scroll_to, scroll_key=NOW_CARD, duration=300)

    tile.on_change = opened
    return tile


#: the scroll key of the "What can I do now?" card
NOW_CARD = "now-card"


def _private_body(app: "App") -> ft.Control:
    flow = app.private_flow
    table = app.table
    assert flow is not None and table is not None
    _ = app._
    name = table.setup.players[flow.player]

    def to(stage: str) -> None:
        flow.stage = stage
        app.render()

    def finish(e: Any = None) -> None:
        app.private_flow = None
        app.render()

    if flow.stage == "handover":
        return ft.Column([
            ft.Icon(ft.Icons.PHONE_ANDROID, size=64),
            ft.Text(_("Pass the phone to {name}.", name=name), size=22, weight=ft.FontWeight.BOLD),
            ft.Text(_("Everyone else, please look away."), size=16),
            big_button(_("I am {name}", name=name), lambda e: to("form"), filled=True),
            ft.TextButton(_("Cancel"), on_click=finish, height=TOUCH),
        ], spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    if flow.stage == "form":
        app.refusal_slot = ft.Container(content=_refusal_banner(app))
        return ft.Column([
            ft.Text(flow.title, size=20, weight=ft.FontWeight.BOLD),
            ft.Text(_("Only {name} should see this.", name=name), size=14),
            app.refusal_slot,
            flow.build_form(lambda: to("hidden")),
            ft.TextButton(_("Cancel"), on_click=finish, height=TOUCH),
        ], spacing=12)
    return ft.Column([
        ft.Icon(ft.Icons.VISIBILITY_OFF, size=64),
        ft.Text(_("Entered and hidden."), size=22, weight=ft.FontWeight.BOLD),
        ft.Text(_("Pass the phone back to the table."), size=16),
        big_button(_("Continue"), finish, filled=True),
    ], spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


# ----- import -------------------------------------------------------------------
#: the largest table a phone on the Wi-Fi may import (a real table's export is tens of kB; the
#: server's own screen and ``companion import`` read up to ``inputgate.MAX_FILE``)
GUEST_IMPORT_MAX = 4 * 1024 * 1024


def screen_import_table(app: "App") -> tuple[Any, ft.Control]:
    _ = app._
    params = app.nav.params
    # a phone on the Wi-Fi (a café's guest) imports its own file: it hosts the table it brings,
    # as one it starts; the server's export folder is for the server's own screen
    guest = app.device.lan and not app.device.loopback
    folder = user_data_dir() / "exports"
    # the app's own history reports are not tables: not offered here
    files = sorted((f for f in folder.glob("*.json") if not f.name.startswith("history-")),
                   reverse=True) if folder.exists() and not guest else []

    def load(text: str) -> None:
        params["existing"] = params["join"] = None
        if _is_history_report(text):
            params["error"] = _("This file is a history report (the statistics of past games), not a table: "
                                "it cannot be opened as a table. Import a file made with Export on a table.")
            app.render()
            return
        try:
            app.access.check_create(app.device.who)
            if guest:
                # every try of a guest counts as a new table, read or refused: a file read is work
                app.access.created(app.device.who)
                if len(text.encode("utf-8")) > GUEST_IMPORT_MAX:
                    raise ImportRefused("input_too_large", limit=GUEST_IMPORT_MAX)
            stored = import_from_text(app.store, text)
            if not guest:
                app.access.created(app.device.who)
        except ReadOnly as exc:  # a browser tab that follows another
            app.unexpected(exc)
            return
        except Denied as exc:
            params["error"] = app.denied_text(exc)
            app.render()
            return
        except ImportRefused as exc:
            params["error"] = game_message(None, exc.code, app.lang, exc.params)
            if exc.code == "import_duplicate" and not app.may_see(exc.params["table"]):
                # the same table is here, hosted by another device: nothing of it is shown
                params["error"] = _("This table is already on this computer, hosted by another device. "
                                    "To play on, ask its host for the table's join code.")
                params["join"] = True
            elif exc.code == "import_duplicate":
                # the same table exported earlier is recognised, not copied again: offer it
                params["existing"] = exc.params["table"]
            app.render()
            return
        if guest:
            app.access.set_owner(stored.id, app.device.token)  # the phone that brought it hosts it
        app.open_table(stored.id)

    app.on_file = lambda name, text: load(text)  # the file chosen by the button below (files.py)
    paste = ft.TextField(label=_("Paste an exported table"), multiline=True, min_lines=3, max_lines=8)
    parts: list[ft.Control] = []
    if params.get("error"):
        parts.append(banner(params["error"], "error"))
    if params.get("existing"):
        parts.append(big_button(_("Open that table"), lambda e, t=params["existing"]: app.open_table(t),
                                icon=ft.Icons.PLAY_ARROW))
    if params.get("join") and app.host.multi_device:
        parts.append(big_button(_("Join a table"), lambda e: app.go("join"), icon=ft.Icons.LOGIN))
    # the chooser opens inside the tap, by the browser itself (files.pick_action: why)
    parts += [big_button(_("Choose a file on this device"), None, icon=ft.Icons.UPLOAD_FILE, filled=True,
                         action=pick_action(app.picker)),
              paste, big_button(_("Import"), lambda e: load(paste.value or ""), icon=ft.Icons.UPLOAD)]
    if files:
        parts.append(section_title(_("Exported files")))
        parts += [ft.ListTile(title=ft.Text(f.name), on_click=lambda e, f=f: load(f.read_text(encoding="utf-8")),
                              min_height=52) for f in files[:50]]
    return _bar(app, _("Import a table")), ft.Column(parts, spacing=10)


def _is_history_report(text: str) -> bool:
    try:
        data = json.loads(text)
    except ValueError:
        return text.lstrip().startswith("date,game,table,player")  # the CSV report
    return isinstance(data, dict) and data.get("format") == "table-companion-history"


# ----- rules --------------------------------------------------------------------
def screen_rules(app: "App") -> tuple[Any, ft.Control]:
    return _bar(app, app._("Rules")), rules_body(app)


# ----- settings -----------------------------------------------------------------
def screen_settings(app: "App") -> tuple[Any, ft.Control]:
    _ = app._
    langs = ft.Column([
        ft.Radio(value=lang, label=LANGUAGE_NAMES[lang]) for lang in LANGUAGES
    ])
    lang_group = ft.RadioGroup(content=langs, value=app.lang,
                               on_change=lambda e: app.set_language(e.control.value))
    theme_group = ft.RadioGroup(content=ft.Column([
        ft.Radio(value="light", label=_("Light")), ft.Radio(value="dark", label=_("Dark"))]),
        value=app.theme, on_change=lambda e: app.set_theme(e.control.value))
    body = ft.Column([
        section_title(_("Language")), lang_group,
        section_title(_("Theme")), theme_group,
    ], spacing=10)
    return _bar(app, _("Settings")), body


# ----- history ------------------------------------------------------------------
def screen_history(app: "App") -> tuple[Any, ft.Control]:
    return _bar(app, app._("History and statistics")), history_body(app)

