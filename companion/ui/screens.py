"""The screens. Each ``screen_<name>(app)`` returns (app bar, body) built from
the app's state; only ``App`` (app.py) decides which one is shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from ..core.errors import SetupError
from ..i18n import LANGUAGE_NAMES, LANGUAGES
from ..messages import describe_problem
from ..registry import game_ids, get_game
from ..rules import library
from .viewmodels import now_text, player_slots, seat_order
from .views.generic import corrections_panel
from .widgets import banner, big_button, section_title

if TYPE_CHECKING:
    from .app import App


def _bar(app: "App", title: str, back: bool = True, actions: list[ft.Control] | None = None) -> ft.AppBar:
    leading = ft.IconButton(ft.Icons.ARROW_BACK, on_click=app.go_back, tooltip=app._("Back")) if back else None
    return ft.AppBar(title=ft.Text(title, size=18), leading=leading, actions=actions or [],
                     automatically_imply_leading=False)


def game_title(game_id: str, lang: str) -> str:
    try:
        return library.game_name(game_id, lang)
    except Exception:  # noqa: BLE001 - a game whose rules text is missing still shows
        return game_id


# ----- home ---------------------------------------------------------------------
def screen_home(app: "App") -> tuple[Any, ft.Control]:
    _ = app._
    parts: list[ft.Control] = []
    if app.show_recovered and app.store.recovered is not None:
        parts.append(banner(_("The saved data could not be read. It was kept aside as {file} and the app "
                              "started fresh.", file=app.store.recovered.name), "error",
                            [ft.TextButton(_("OK"), on_click=lambda e: _dismiss_notice(app))]))
    parts.append(ft.Text(_("Table Companion"), size=28, weight=ft.FontWeight.BOLD))
    parts.append(ft.Text(_("Rules, referee and score keeper for the game on your table."), size=15))
    parts.append(ft.Column([
        big_button(_("New table"), lambda e: app.go("new_table"), icon=ft.Icons.ADD, filled=True),
        big_button(_("Rules"), lambda e: app.go("rules"), icon=ft.Icons.MENU_BOOK),
        big_button(_("History and statistics"), lambda e: app.go("history"), icon=ft.Icons.BAR_CHART),
        big_button(_("Settings"), lambda e: app.go("settings"), icon=ft.Icons.SETTINGS),
        big_button(_("Import a table"), lambda e: app.go("import_table"), icon=ft.Icons.UPLOAD_FILE),
        big_button(_("Join a table"), lambda e: app.go("join"), icon=ft.Icons.LOGIN),
    ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
    active = app.visible_tables("active")  # on a LAN: only the tables this device created or joined
    if active:
        parts.append(section_title(_("Resume a table")))
        for info in active[:20]:
            name = game_title(info.game, app.lang)
            parts.append(ft.ListTile(
                title=ft.Text(name), subtitle=ft.Text("、".join(info.players) if app.lang != "en"
                                                      else ", ".join(info.players)),
                trailing=ft.Icon(ft.Icons.PLAY_ARROW), on_click=lambda e, i=info.id: app.open_table(i),
                min_height=56))
    return None, ft.Column(parts, spacing=14)


def _dismiss_notice(app: "App") -> None:
    app.show_recovered = False
    app.render()


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
    low, high, count = player_slots(game, params.get("count", max(game.min_players, 3)))
    names: list[str] = list(params.get("names") or [])
    roster = app.store.roster()
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

    def set_name(i: int, value: str) -> None:
        names[i] = value

    rows: list[ft.Control] = []
    for i in range(count):
        field_ = ft.TextField(label=_("Seat {n}", n=i + 1), value=names[i], expand=True,
                              on_change=lambda e, i=i: set_name(i, e.control.value or ""))
        rows.append(ft.Row([
            field_,
            ft.IconButton(ft.Icons.ARROW_UPWARD, on_click=lambda e, i=i: move(i, -1), tooltip=_("Move up"),
                          disabled=i == 0),
            ft.IconButton(ft.Icons.ARROW_DOWNWARD, on_click=lambda e, i=i: move(i, 1), tooltip=_("Move down"),
                          disabled=i == count - 1),
        ], spacing=4))

    option_controls: list[ft.Control] = []
    for spec in game.options:
        label = game_title_option(game_id, spec.key, app.lang)
        if spec.kind == "bool":
            option_controls.append(ft.Switch(label=label, value=bool(options.get(spec.key)),
                                             on_change=lambda e, k=spec.key: options.__setitem__(k, e.control.value)))
        elif spec.kind == "int" and (spec.max is None or spec.max - (spec.min or 0) > 30):
            option_controls.append(ft.TextField(
                label=label, value=str(options.get(spec.key)), width=300, keyboard_type=ft.KeyboardType.NUMBER,
                on_change=lambda e, k=spec.key: options.__setitem__(k, e.control.value)))
        else:
            choices = spec.choices or tuple(range(spec.min or 0, (spec.max or 10) + 1))
            option_controls.append(ft.Dropdown(
                label=label, value=str(options.get(spec.key)), width=300,
                options=[ft.DropdownOption(key=str(c), text=option_value_label(game_id, spec.key, c, app.lang))
                         for c in choices],
                on_select=lambda e, k=spec.key: options.__setitem__(k, e.control.value)))

    def start(e: Any) -> None:
        try:
            app.start_table(game_id, names, options)
        except SetupError as exc:
            params["problems"] = [describe_problem(p, game_id, app.lang) for p in exc.problems]
            app.render()

    parts: list[ft.Control] = [
        section_title(_("Players in seat order")),
        ft.Text(_("{low} to {high} players. Seat 1 is the first player.", low=low, high=high), size=14),
        *rows,
        ft.Row([big_button(_("Add a player"), lambda e: set_count(1), icon=ft.Icons.PERSON_ADD),
                big_button(_("Remove a player"), lambda e: set_count(-1), icon=ft.Icons.PERSON_REMOVE)],
               wrap=True),
    ]
    if option_controls:
        parts += [section_title(_("Options")), *option_controls]
    for problem in problems:
        parts.append(banner(problem, "error"))
    parts.append(big_button(_("Start the table"), start, icon=ft.Icons.PLAY_ARROW, filled=True))
    return ft.Column(parts, spacing=10)


def game_title_option(game_id: str, key: str, lang: str) -> str:
    text = library.message(game_id, lang, f"option.{key}")
    return text or key


def option_value_label(game_id: str, key: str, value: Any, lang: str) -> str:
    text = library.message(game_id, lang, f"option.{key}.{value}")
    return text or str(value)


# ----- the table ----------------------------------------------------------------
def screen_table(app: "App") -> tuple[Any, ft.Control]:
    from .app import view_module

    _ = app._
    table = app.table
    if table is None:
        return screen_home(app)
    game = table.game
    actions = [
        ft.IconButton(ft.Icons.UNDO, on_click=app.undo, tooltip=_("Undo"),
                      disabled=not table.session.can_undo()),
        ft.IconButton(ft.Icons.REDO, on_click=app.redo, tooltip=_("Redo"),
                      disabled=not table.session.can_redo()),
        ft.IconButton(ft.Icons.MENU_BOOK, on_click=lambda e: app.go("rules", game=game.id), tooltip=_("Rules")),
        ft.IconButton(ft.Icons.TRANSLATE, on_click=lambda e: app.go("settings"), tooltip=_("Language")),
        ft.IconButton(ft.Icons.SAVE_ALT, on_click=app.export_table, tooltip=_("Export")),
        ft.IconButton(ft.Icons.HOME, on_click=app.go_home, tooltip=_("Home")),
    ]
    bar = _bar(app, game_title(game.id, app.lang), back=False, actions=actions)
    if app.private_flow is not None:
        return bar, _private_body(app)
    ctx = app.game_context()
    parts: list[ft.Control] = [_now_banner(app)]
    if app.exported_to:
        parts.append(banner(_("Exported to {path}", path=app.exported_to), "ok"))
    if app.refusal is not None:
        refusal = app.refusal
        link = []
        if refusal.rule:
            clause = library.clause(refusal.rule, app.lang)
            label = _("Rule: {title}", title=clause["title"]) if clause else _("Rule")
            link = [ft.TextButton(label, on_click=lambda e: app.open_clause(refusal.rule or ""))]
        parts.append(banner(refusal.message, "error", link))
    parts.append(view_module(game.id).build(ctx))
    corrections = corrections_panel(ctx)
    if corrections is not None:
        parts.append(corrections)
    parts.append(_now_card(app))
    return bar, ft.Column(parts, spacing=12)


def _now_banner(app: "App") -> ft.Control:
    table = app.table
    assert table is not None
    text, over = now_text(table.game, table.state, table.setup.players, app.lang)
    return banner(text, "ok" if over else "info")


def _now_card(app: "App") -> ft.Control:
    table = app.table
    assert table is not None
    try:
        ids = library.facts(table.game.id).get("phase_clauses", {}).get(table.game.phase(table.state), [])
    except Exception:  # noqa: BLE001
        ids = []
    clauses = [c for c in (library.clause(i, app.lang) for i in ids) if c]
    if not clauses:
        return ft.Container()
    items = [ft.ListTile(title=ft.Text(c["title"], weight=ft.FontWeight.BOLD), subtitle=ft.Text(c["text"]),
                         on_click=lambda e, i=c["id"]: app.open_clause(i)) for c in clauses]
    return ft.ExpansionTile(title=ft.Text(app._("What can I do now?")), controls=items)


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
            ft.TextButton(_("Cancel"), on_click=finish),
        ], spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    if flow.stage == "form":
        return ft.Column([
            ft.Text(flow.title, size=20, weight=ft.FontWeight.BOLD),
            ft.Text(_("Only {name} should see this.", name=name), size=14),
            *([banner(app.refusal.message, "error")] if app.refusal else []),
            flow.build_form(lambda: to("hidden")),
            ft.TextButton(_("Cancel"), on_click=finish),
        ], spacing=12)
    return ft.Column([
        ft.Icon(ft.Icons.VISIBILITY_OFF, size=64),
        ft.Text(_("Entered and hidden."), size=22, weight=ft.FontWeight.BOLD),
        ft.Text(_("Pass the phone back to the table."), size=16),
        big_button(_("Continue"), finish, filled=True),
    ], spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


# ----- import -------------------------------------------------------------------
def screen_import_table(app: "App") -> tuple[Any, ft.Control]:
    from ..paths import user_data_dir
    from ..transfer import ImportRefused, import_from_text
    from ..messages import game_message

    _ = app._
    params = app.nav.params
    folder = user_data_dir() / "exports"
    files = sorted(folder.glob("*.json"), reverse=True) if folder.exists() else []

    def load(text: str) -> None:
        try:
            stored = import_from_text(app.store, text)
        except ImportRefused as exc:
            params["error"] = game_message(None, exc.code, app.lang, exc.params)
            app.render()
            return
        app.open_table(stored.id)

    paste = ft.TextField(label=_("Paste an exported table"), multiline=True, min_lines=3, max_lines=8)
    parts: list[ft.Control] = []
    if params.get("error"):
        parts.append(banner(params["error"], "error"))
    parts += [paste, big_button(_("Import"), lambda e: load(paste.value or ""), icon=ft.Icons.UPLOAD)]
    if files:
        parts.append(section_title(_("Exported files")))
        parts += [ft.ListTile(title=ft.Text(f.name), on_click=lambda e, f=f: load(f.read_text(encoding="utf-8")),
                              min_height=52) for f in files[:50]]
    return _bar(app, _("Import a table")), ft.Column(parts, spacing=10)


# ----- rules --------------------------------------------------------------------
def screen_rules(app: "App") -> tuple[Any, ft.Control]:
    from .rules_screen import rules_body

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
    from .history_screen import history_body

    return _bar(app, app._("History and statistics")), history_body(app)

