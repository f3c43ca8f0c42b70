"""Command line: start the app, referee a transcript, export/import tables.

    companion [serve] [--host H] [--port P] [--desktop] [--workers N] [--proxy ADDR]...
    companion referee GAME --players A,B,C [--option key=value]... [--lang L] [--reveal] [FILE]
    companion export [--raw] TABLE_ID FILE
    companion import FILE
    companion tables [--acknowledge]
    companion build-web [OUT] [--cache DIR]

Every failure is one JSON object on stdout with a nonzero exit, never a
traceback::

    {"error": "transcript", "line": 3, "kind": "illegal", "code": "not_your_turn",
     "rule": "manila.flow", "params": {...}, "message": "…"}

``error`` names the stage (``usage``, ``unknown_game``, ``setup``, ``file``,
``transcript``, ``import``, ``unknown_table``, ``table_damaged``,
``store_unavailable``, ``internal``); ``line`` is the transcript line (or
``null``); ``code`` is stable and ``message`` is in the chosen language.
Exit codes: 1 a refused line or file, 2 a usage/setup problem, 3 the saved
data was recovered (``tables``) or cannot be used, 70 an internal error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, BinaryIO, Iterable, TextIO

from . import inputgate
from .core.actions import Action
from .core.errors import MalformedAction, RefereeError, SetupError
from .core.session import Session
from .i18n import LANGUAGES, resolve_locale
from .inputgate import InputRefused
from .messages import describe_error, describe_problem, game_message


class UsageError(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage problem as JSON instead of plain text."""

    def error(self, message: str) -> Any:  # type: ignore[override]
        raise UsageError("usage", problem=message)


def _emit(body: dict[str, Any], out: TextIO) -> None:
    print(inputgate.dumps(body), file=out)


def _error(error: str, code: str, lang: str, params: dict[str, Any] | None = None, line: int | None = None,
           game_id: str | None = None, **extra: Any) -> dict[str, Any]:
    # outside text (paths, arguments) shown safely: no control characters or lone surrogates
    params = {k: inputgate.shown(v, 300) if isinstance(v, str) else v for k, v in (params or {}).items()}
    body: dict[str, Any] = {"error": error, "line": line, "kind": "malformed", "code": code, "rule": None,
                            "params": _plain(params), "message": game_message(game_id, code, lang, params)}
    body.update(extra)
    return body


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(params, ensure_ascii=False, default=str))


def _parse_options(pairs: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise UsageError("bad_option_syntax", option=inputgate.shown(pair))
        out[key.strip()] = value.strip()
    return out


def _default_lang() -> str:
    import locale
    import os

    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var):
            return resolve_locale(os.environ[var])
    return resolve_locale(locale.getlocale()[0])


def parse_line(raw: str, players: tuple[str, ...], game: Any = None, line: int | None = None) -> Action:
    """One transcript line → Action, through the input gate. ``player`` — and, given the
    game, every other parameter that names a seat (e.g. Manila's ``for_player``) — may be
    a seat number or a name."""
    data = inputgate.loads(raw, line)
    if not isinstance(data, dict):
        return Action.from_json(data)
    keys = ["player"]
    move = game.moves.get(data.get("type")) if game is not None and isinstance(data.get("type"), str) else None
    if move is not None:
        keys += [k for k, p in move.params.items() if p.kind == "seat"]
    for key in keys:
        if isinstance(data.get(key), str):
            name = inputgate.normal_name(data[key])  # the players' names are kept composed (NFC)
            matches = [i for i, p in enumerate(players) if p == name]
            if not matches:
                raise MalformedAction("bad_player", None, player=inputgate.shown(name))
            data = {**data, key: matches[0]}
    return Action.from_json(data)


def referee(game_id: str, players: list[str], options: dict[str, str], stream: TextIO | BinaryIO,
            lang: str, reveal: bool, out: TextIO, odds: bool = False) -> int:
    from .registry import GAMES, get_game

    if game_id not in GAMES:
        _emit(_error("unknown_game", "unknown_game", lang, {"game": inputgate.shown(game_id),
                                                             "known": ", ".join(GAMES)}, known=list(GAMES),
                     game=inputgate.shown(game_id)), out)
        return 2
    game = get_game(game_id)
    try:
        setup = game.setup(players, options)
    except SetupError as exc:
        problems = [{"code": p.code, "params": _plain(p.params), "message": describe_problem(p, game_id, lang)}
                    for p in exc.problems]
        body = _error("setup", exc.problems[0].code, lang, exc.problems[0].params, game_id=game_id,
                      problems=problems)
        body["message"] = problems[0]["message"]
        _emit(body, out)
        return 2
    session = Session(game, setup)
    number = 0
    try:
        for number, line in inputgate.lines(stream):
            line = line.strip()
            if not line or line.startswith("#") or line.startswith("//"):
                continue
            action = parse_line(line, setup.players, game, number)
            if action.type == "undo":
                session.undo()
            elif action.type == "redo":
                session.redo()
            else:
                session.apply(action)
    except InputRefused as exc:
        at = exc.line if exc.line is not None else number
        params = {**exc.params, "line": at}
        _emit(_error("transcript", exc.code, lang, params, line=at, game_id=game_id), out)
        return 1
    except RefereeError as exc:
        err = {"error": "transcript", "line": number, "kind": exc.kind, "code": exc.code, "rule": exc.rule,
               "params": _plain(exc.to_dict()["params"]),
               "message": describe_error(exc, game_id, lang, setup.players)}
        _emit(err, out)
        return 1
    summary = game.summary(session.state, setup, reveal=reveal)
    if odds:
        # --odds: the exact odds with the state (only games that compute them, e.g. Manila)
        compute = getattr(game, "odds", None)
        summary["odds"] = compute(session.state) if callable(compute) else None
    _emit(summary, out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion", description="Table Companion: rules companion and referee. "
                     "Run a subcommand with --help for its own help; no subcommand starts the app.")
    sub = parser.add_subparsers(dest="command", title="subcommands", metavar="COMMAND")

    serve = sub.add_parser("serve", help="start the app (web server when headless)",
                           description="Start the app: a web server on a headless machine, else a window.")
    serve.add_argument("--host", default=None,
                       help="127.0.0.1 (default) serves this computer only; 0.0.0.0 or a LAN address lets phones "
                            "join, and then every table needs its join code")
    serve.add_argument("--port", type=int, default=None)
    serve.add_argument("--desktop", action="store_true", help="open the desktop window instead")
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes sharing the port and the data (a café's evening of many tables: "
                            "one per core)")
    serve.add_argument("--proxy", action="append", default=[], metavar="ADDR",
                       help="a reverse proxy in front of the server (an address or a network; repeat it or "
                            "separate with commas): only its X-Forwarded-For header is believed. Without it a "
                            "client's address is always its connection's own")
    serve.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)

    ref = sub.add_parser("referee", help="apply a JSON-lines transcript and print the state",
                         description="Apply a JSON-lines transcript (FILE, or stdin) and print the state as "
                         "one JSON object; the first refused line is printed as a JSON error (exit 1).")
    ref.add_argument("game_and_file", nargs="+", metavar="GAME [FILE]")
    ref.add_argument("--players", required=True, help="comma-separated names in seat order")
    ref.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    ref.add_argument("--lang", default=None, help="en, zh_Hans, zh_Hant or a locale tag")
    ref.add_argument("--reveal", action="store_true", help="include secret information")
    ref.add_argument("--odds", action="store_true", help="also print the exact odds (Manila)")

    exp = sub.add_parser("export", help="write a stored table to a JSON file",
                         description="Write a stored table to a JSON file (format version 2).")
    exp.add_argument("table_id")
    exp.add_argument("file")
    exp.add_argument("--raw", action="store_true", help="write a damaged table's rows as they are")
    imp = sub.add_parser("import", help="read a table from a JSON export",
                         description="Read a table from a JSON export; a table already here is refused "
                         "(import_duplicate, naming it).")
    imp.add_argument("file")
    web = sub.add_parser("build-web", help="build the static app that runs in a phone's browser, offline",
                         description="Build the whole app as a static folder (Flet's web client, Pyodide, the app "
                         "and its dependencies as local wheels, its own service worker) that any static host can "
                         "serve; companion serve hands out the default one under /app/.")
    web.add_argument("out", nargs="?", default=None, help="the folder to write (replaced); default: the one "
                     "companion serve hands out under /app/")
    web.add_argument("--cache", default=None, help="where msgpack's Pyodide wheel is kept between builds")
    tab = sub.add_parser("tables", help="list stored tables",
                         description="List stored tables (id, game, status, players, actions). A recovered "
                         "database is reported on stderr as JSON (exit 3) until acknowledged.")
    tab.add_argument("--acknowledge", action="store_true", help="mark the recovery notices as seen")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _default_lang()
    try:
        return _main(argv, lang)
    except UsageError as exc:
        _emit(_error("usage", exc.code, lang, exc.params), sys.stdout)
        return 2
    except InputRefused as exc:
        _emit(_error("file", exc.code, lang, exc.params, line=exc.line), sys.stdout)
        return 1
    except Exception as exc:  # noqa: BLE001 - the last net: JSON, never a traceback
        from .storage import StoreUnavailable

        if isinstance(exc, StoreUnavailable):
            body = exc.to_json(lang)
            body.update({"line": None, "kind": "unavailable", "params": {"reason": exc.reason}})
            _emit(body, sys.stdout)
            return 3
        _emit(_error("internal", "internal_error", lang, {"kind": type(exc).__name__}), sys.stdout)
        return 70


def _main(argv: list[str], lang: str) -> int:
    parser = build_parser()
    if not argv or (argv[0].startswith("--") and argv[0] != "--help"):
        argv = ["serve", *argv]
    # argparse cannot take a positional after options (GAME --players … FILE):
    # collect what is left over and treat it as the rest of GAME [FILE].
    args, extra = parser.parse_known_args(argv)
    if extra and (args.command != "referee" or any(e.startswith("-") for e in extra)):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if extra:
        args.game_and_file += extra
    if args.command is None:
        parser.print_help()
        return 2

    if args.command == "serve":
        from .ui.hosts.server import parse_proxies, serve as run_app

        try:
            proxies = parse_proxies(args.proxy)
        except ValueError as exc:
            parser.error(f"--proxy: not an address or a network: {exc}")
        run_app(host=args.host, port=args.port, desktop=args.desktop, workers=max(1, args.workers),
                worker=args.worker, proxies=proxies)
        return 0
    if args.command == "build-web":
        from .ui.hosts import build_web

        return build_web.main([a for a in (args.out,) if a] + (["--cache", args.cache] if args.cache else []))
    if args.command == "referee":
        if args.lang:
            lang = args.lang if args.lang in LANGUAGES else resolve_locale(args.lang)
        players = [p.strip() for p in args.players.split(",")]
        options = _parse_options(args.option)
        if len(args.game_and_file) > 2:
            parser.error("referee takes GAME and at most one FILE")
        game_id, path = args.game_and_file[0], (args.game_and_file[1:] or [None])[0]
        if path:
            with inputgate.open_lines(path) as fh:
                return referee(game_id, players, options, fh, lang, args.reveal, sys.stdout, args.odds)
        stdin = getattr(sys.stdin, "buffer", sys.stdin)
        return referee(game_id, players, options, stdin, lang, args.reveal, sys.stdout, args.odds)
    return _stored(args, lang)


def _stored(args: argparse.Namespace, lang: str) -> int:
    from .storage import Store, TableDamaged
    from .transfer import ImportRefused, export_to_file, import_from_file

    store = Store()
    notices = store.notices()
    if notices:
        report = {"error": "recovered", "line": None, "kind": "notice", "code": notices[-1].kind, "rule": None,
                  "params": {}, "message": notices[-1].message(lang),
                  "notices": [n.to_json(lang) for n in notices]}
        print(inputgate.dumps(report), file=sys.stderr)
    if args.command == "export":
        try:
            if args.raw:
                body = store.raw_log(args.table_id)
                Path(args.file).write_text(json.dumps(body, ensure_ascii=False, indent=1), encoding="utf-8")
            else:
                export_to_file(store.open_table(args.table_id), Path(args.file))
        except KeyError:
            _emit(_error("unknown_table", "unknown_table", lang, {"table": inputgate.shown(args.table_id)}),
                  sys.stdout)
            return 1
        except TableDamaged as exc:
            _emit(_error("table_damaged", "table_damaged", lang, {"table": exc.table_id}), sys.stdout)
            return 1
        except OSError as exc:
            _emit(_error("file", "cannot_write", lang, {"file": args.file, "reason": exc.strerror or str(exc)}),
                  sys.stdout)
            return 1
        return 0
    if args.command == "import":
        try:
            stored = import_from_file(store, args.file)
        except ImportRefused as exc:
            extra = {"table": exc.params["table"]} if exc.code == "import_duplicate" else {}
            _emit(_error("import", exc.code, lang, exc.params, **extra), sys.stdout)
            return 1
        print(stored.id)
        return 0
    if args.command == "tables":
        if args.acknowledge:
            store.acknowledge()
            return 0
        for info in store.list_tables():
            players = ",".join(inputgate.shown(p) for p in info.players)
            print(f"{info.id}\t{info.game}\t{info.status}\t{players}\t{info.cursor}")
        return 3 if notices else 0
    return 2
