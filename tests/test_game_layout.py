"""Every registered game has the one package shape (docs/DEVELOPING.md, "One shape"):

    companion/games/<id>/__init__.py   re-exports GAME
                         facts.py      the game's facts, read through companion.core.facts
                         game.py       the Game subclass and GAME
                         public.py     what the game's screen may import
                         state.py, moves.py   (optional: a small game keeps them in game.py)

and ``rules_data/<id>/facts.json`` starts with the common header read by the one loader.
"""

from __future__ import annotations

import ast
import importlib
import json
import random
import sys
from pathlib import Path

import pytest

from companion.core import facts as core_facts
from companion.registry import GAMES, get_game
from companion.rules import library

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "companion" / "games"
GAME_IDS = list(GAMES)
REQUIRED = ("__init__.py", "facts.py", "game.py", "public.py")
FORBIDDEN = ("flet", "companion.storage", "companion.ui", "companion.cli", "companion.transfer")


def _imports(path: Path) -> list[str]:
    """Absolute names of the modules a file imports (relative ones resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.append(name)
            out += [f"{name}.{a.name}" for a in node.names]
    return out


def test_every_game_package_is_registered():
    packages = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())
    assert packages == sorted(GAME_IDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_package_files(game_id):
    folder = GAMES_DIR / game_id
    missing = [name for name in REQUIRED if not (folder / name).is_file()]
    assert not missing, f"{game_id}: missing {missing}"
    assert not (folder / "engine.py").exists() and not (folder / "helpers.py").exists(), \
        f"{game_id}: engine.py/helpers.py are not part of the shape (game.py, facts.py)"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_class_lives_in_game_py(game_id):
    game = get_game(game_id)
    module = importlib.import_module(f"companion.games.{game_id}.game")
    assert type(game).__module__ == module.__name__
    assert module.GAME is game


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_facts_json_starts_with_the_header(game_id):
    raw = json.loads((ROOT / "rules_data" / game_id / "facts.json").read_text(encoding="utf-8"))
    assert list(raw)[:3] == ["players", "options", "phases"]
    assert "min_players" not in raw and "max_players" not in raw


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_players_options_and_phases_come_from_the_loader(game_id):
    game, head = get_game(game_id), core_facts.header(game_id)
    assert (game.min_players, game.max_players) == (head.min_players, head.max_players)
    assert game.options == head.options
    assert game.phases == head.phases and "end" in game.phases
    # declared in facts.json only: the class body sets none of them
    tree = ast.parse((GAMES_DIR / game_id / "game.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == type(game).__name__)
    assigned = {t.id for n in cls.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
    assert not assigned & {"min_players", "max_players", "options", "phases"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_and_rules_text_name_declared_phases(game_id):
    game = get_game(game_id)
    declared = set(game.phases)
    for move in game.moves.values():
        assert move.phases is None or move.phases <= declared, (move.name, move.phases - declared)
    clauses = core_facts.load(game_id).get("phase_clauses", {})
    assert set(clauses) <= declared


#: games whose active_players is still written by hand, with the reason (none today: every
#: game's turn order is its phase table in facts.json)
HAND_WRITTEN_ACTIVE_PLAYERS: dict[str, str] = {}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_phase_declares_who_acts(game_id):
    raw = json.loads((ROOT / "rules_data" / game_id / "facts.json").read_text(encoding="utf-8"))
    for entry in raw["phases"]:
        assert isinstance(entry, dict) and "acts" in entry, f"{game_id}: phase {entry!r} says nothing about who acts"
    game = get_game(game_id)
    assert game.phase_table is not None and game.phase_table.ids == game.phases
    # every clause cited out of turn exists in all three languages
    for entry in raw["phases"]:
        if "turn_clause" in entry:
            for lang in ("en", "zh_Hans", "zh_Hant"):
                assert entry["turn_clause"] in library.clause_ids(game_id, lang), (entry, lang)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_active_players_comes_from_the_phase_table(game_id):
    """No game writes active_players by hand (unless listed above with a reason); game-specific
    selectors are small named functions in acts_rules, each named by a phase."""
    game = get_game(game_id)
    hand_written = "active_players" in vars(type(game))
    assert hand_written == (game_id in HAND_WRITTEN_ACTIVE_PLAYERS), \
        f"{game_id}: active_players is hand-written; declare acts in facts.json phases instead"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_say_in_which_phases_and_turn_moves_have_someone_to_act(game_id):
    """The pipeline checks phase, then player, then the move: every move but a correction
    names its phases, and a turn move is never allowed in a phase where nobody acts."""
    game = get_game(game_id)
    nobody = {p.id for p in game.phase_table.phases if p.acts == "none"}
    for m in game.moves.values():
        if not m.correction:
            assert m.phases is not None, f"{game_id}: move {m.name} does not say in which phases it is allowed"
        if m.actor == "turn":
            assert m.phases is not None and not m.phases & nobody, (m.name, m.phases & nobody)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_play_stays_in_declared_phases(game_id):
    game = get_game(game_id)
    rng = random.Random(game_id)
    state = game.new_state(game.setup([f"P{i}" for i in range(game.min_players)], dict(game.random_playout_options)))
    seen = {game.phase(state)}
    for _ in range(400):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        seen.add(game.phase(state))
        # the phase table resolves in every state reached, to seats at the table
        assert game.active_players(state) <= set(range(game.n_players(state)))
    assert seen <= set(game.phases), seen - set(game.phases)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_facts_are_read_through_the_one_loader(game_id):
    """No game module reads rules_data itself: facts come from companion.core.facts, and every
    game's facts.py names the whole file FACTS and its id GAME_ID."""
    facts = importlib.import_module(f"companion.games.{game_id}.facts")
    # equal, not the same object: another test may have cleared the loader's cache since
    assert facts.GAME_ID == game_id and facts.FACTS == core_facts.load(game_id)
    for path in sorted((GAMES_DIR / game_id).glob("*.py")):
        bad = [name for name in _imports(path) if name.startswith("companion.rules")]
        assert not bad, f"{path.name} imports {bad}; read facts with companion.core.facts.load"


@pytest.mark.parametrize("path", sorted([*GAMES_DIR.rglob("*.py"), *(ROOT / "companion" / "core").glob("*.py")]),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_modules_import_no_ui_or_storage(path):
    bad = [name for name in _imports(path) if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


OUTSIDE_UI = sorted(p for p in (ROOT / "companion").rglob("*.py") if "ui" not in p.relative_to(ROOT).parts)


@pytest.mark.parametrize("path", OUTSIDE_UI, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_outside_the_ui_imports_flet(path):
    """The engine is ``companion`` minus ``ui/``: no module there imports flet (nor its web
    client), even inside a function (the CLI starts the UI through ``companion.ui``)."""
    bad = [name for name in _imports(path) if name.split(".")[0] in ("flet", "flet_web", "flet_charts")]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_public_module_exports_what_it_lists(game_id):
    module = importlib.import_module(f"companion.games.{game_id}.public")
    assert module.__all__, "public.py lists what the screen may import"
    for name in module.__all__:
        assert hasattr(module, name), name
    own = f"companion.games.{game_id}"
    # the standard library may serve a helper of its own (Manila's roll_dice uses random)
    outside = [n for n in _imports(Path(module.__file__)) if n.split(".")[0] not in sys.stdlib_module_names
               and not n.startswith(own)]
    assert not outside, f"public.py re-exports only its own game's names, not {outside}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_view_imports_only_its_games_public_module(game_id):
    """A game's screen reads the observation and the legal actions the shell
    hands it; of the engine it imports only ``companion.games.<id>.public``."""
    path = ROOT / "companion" / "ui" / "views" / f"{game_id}.py"
    if not path.exists():
        pytest.skip(f"{game_id} uses the generic screen")
    public = f"companion.games.{game_id}.public"
    engine = [name for name in _imports(path) if name == "companion.games" or name.startswith("companion.games.")]
    bad = sorted({name for name in engine if name != public and not name.startswith(public + ".")})
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}; move what it needs into {public}"
