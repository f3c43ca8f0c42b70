"""Command line: start the app, referee a transcript, export/import tables.

    companion [serve] [--host H] [--port P] [--desktop]
    companion referee GAME --players A,B,C [--option key=value]... [--lang L] [--reveal] [FILE]
    companion export TABLE_ID FILE
    companion import FILE
    companion tables
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterable, TextIO

from .core.actions import Action
from .core.errors import MalformedAction, RefereeError, SetupError
from .core.session import Session
from .i18n import LANGUAGES, resolve_locale
from .messages import describe_error, describe_problem, game_message


def _parse_options(pairs: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option needs key=value, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _default_lang() -> str:
    import locale
    import os

    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var):
            return resolve_locale(os.environ[var])
    return resolve_locale(locale.getlocale()[0])


def parse_line(raw: str, players: tuple[str, ...]) -> Action:
    """One transcript line → Action. ``player`` may be a seat number or a name."""
    data = json.loads(raw)
    if isinstance(data, dict) and isinstance(data.get("player"), str):
        name = data["player"]
        matches = [i for i, p in enumerate(players) if p == name]
        if not matches:
            raise MalformedAction("bad_player", None, player=name)
        data = {**data, "player": matches[0]}
    return Action.from_json(data)


def referee(game_id: str, players: list[str], options: dict[str, str], stream: TextIO,
            lang: str, reveal: bool, out: TextIO) -> int:
    from .registry import GAMES, get_game

    if game_id not in GAMES:
        print(json.dumps({"error": "unknown_game", "game": game_id, "known": list(GAMES)}), file=out)
        return 2
    game = get_game(game_id)
    try:
        setup = game.setup(players, options)
    except SetupError as exc:
        print(json.dumps({"error": "setup", "problems": [
            {"code": p.code, "params": p.params, "message": describe_problem(p, game_id, lang)}
            for p in exc.problems]}, ensure_ascii=False), file=out)
        return 2
    session = Session(game, setup)
    for number, raw in enumerate(stream, start=1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        try:
            action = parse_line(line, setup.players)
            if action.type == "undo":
                session.undo()
            elif action.type == "redo":
                session.redo()
            else:
                session.apply(action)
        except json.JSONDecodeError:
            err: dict[str, Any] = {"line": number, "kind": "malformed", "code": "bad_json", "rule": None,
                                   "message": game_message(None, "bad_json", lang, {"line": number})}
            print(json.dumps(err, ensure_ascii=False), file=out)
            return 1
        except RefereeError as exc:
            err = {"line": number, "kind": exc.kind, "code": exc.code, "rule": exc.rule,
                   "params": exc.to_dict()["params"],
                   "message": describe_error(exc, game_id, lang, setup.players)}
            print(json.dumps(err, ensure_ascii=False), file=out)
            return 1
    print(json.dumps(game.summary(session.state, setup, reveal=reveal), ensure_ascii=False), file=out)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="companion", description="Table Companion")
    sub = parser.add_subparsers(dest="command")

    serve = sub.add_parser("serve", help="start the app (web server when headless)")
    serve.add_argument("--host", default=None,
                       help="127.0.0.1 (default) serves this computer only; 0.0.0.0 or a LAN address lets phones "
                            "join, and then every table needs its join code")
    serve.add_argument("--port", type=int, default=None)
    serve.add_argument("--desktop", action="store_true", help="open the desktop window instead")

    ref = sub.add_parser("referee", help="apply a JSON-lines transcript and print the state")
    ref.add_argument("game_and_file", nargs="+", metavar="GAME [FILE]")
    ref.add_argument("--players", required=True, help="comma-separated names in seat order")
    ref.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    ref.add_argument("--lang", default=None, help="en, zh_Hans, zh_Hant or a locale tag")
    ref.add_argument("--reveal", action="store_true", help="include secret information")

    exp = sub.add_parser("export", help="write a stored table to a JSON file")
    exp.add_argument("table_id")
    exp.add_argument("file")
    imp = sub.add_parser("import", help="read a table from a JSON export")
    imp.add_argument("file")
    sub.add_parser("tables", help="list stored tables")

    if not argv or argv[0].startswith("--"):
        argv = ["serve", *argv]
    # argparse cannot take a positional after options (GAME --players … FILE):
    # collect what is left over and treat it as the rest of GAME [FILE].
    args, extra = parser.parse_known_args(argv)
    if extra and (args.command != "referee" or any(e.startswith("-") for e in extra)):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if extra:
        args.game_and_file += extra

    if args.command == "serve":
        from .ui.app import serve as run_app

        run_app(host=args.host, port=args.port, desktop=args.desktop)
        return 0
    if args.command == "referee":
        lang = args.lang if args.lang in LANGUAGES else resolve_locale(args.lang) if args.lang else _default_lang()
        players = [p.strip() for p in args.players.split(",")]
        options = _parse_options(args.option)
        if len(args.game_and_file) > 2:
            parser.error("referee takes GAME and at most one FILE")
        game_id, path = args.game_and_file[0], (args.game_and_file[1:] or [None])[0]
        if path:
            with open(path, encoding="utf-8") as fh:
                return referee(game_id, players, options, fh, lang, args.reveal, sys.stdout)
        return referee(game_id, players, options, sys.stdin, lang, args.reveal, sys.stdout)
    from .storage import Store
    from .transfer import ImportRefused, export_to_file, import_from_text

    store = Store()
    if args.command == "export":
        export_to_file(store.open_table(args.table_id), Path(args.file))
        return 0
    if args.command == "import":
        try:
            stored = import_from_text(store, Path(args.file).read_text(encoding="utf-8"))
        except ImportRefused as exc:
            message = game_message(None, exc.code, _default_lang(), exc.params)
            print(json.dumps({"error": exc.code, "params": exc.params, "message": message}, ensure_ascii=False))
            return 1
        print(stored.id)
        return 0
    if args.command == "tables":
        for info in store.list_tables():
            print(f"{info.id}\t{info.game}\t{info.status}\t{','.join(info.players)}\t{info.cursor}")
        return 0
    parser.print_help()
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
