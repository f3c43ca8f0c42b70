"""The rules search's index built ahead (companion/rules/data/search_index.bin, issue 34): the
first search of a process loads it instead of building the index, with no thread (the static
build).  It must answer exactly as the index built from the library, never be used once the
rules or the search code have changed, and be in both wheels (``pip wheel`` and the static
build's).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from companion.rules import library, search
from companion.rules.search import SearchIndex

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def test_the_committed_index_is_fresh() -> None:
    """Fails once a rules file, an alias, the lexicon or the search code changed and the file
    was not built again: run scripts/build_search_index.py (the app would build the index
    itself meanwhile: right answers, slower first search)."""
    assert search.saved_digest() == search.source_hash(), "run scripts/build_search_index.py"


@pytest.fixture(scope="module")
def built_and_loaded(tmp_path_factory: pytest.TempPathFactory) -> tuple[SearchIndex, SearchIndex]:
    library.clear_caches()
    search.reset()
    built = SearchIndex.from_library()
    file = tmp_path_factory.mktemp("index") / "index.bin"
    file.write_bytes(search.index_bytes(built, "x" * 64))
    loaded = search.load_index(file, digest="x" * 64)
    assert loaded is not None
    return built, loaded


def test_the_loaded_index_answers_exactly_as_the_built_one(built_and_loaded: tuple[SearchIndex, SearchIndex]) -> None:
    """Every hit, its order, score, marks and preview, for the evaluation's questions (with their
    tables' games and languages), the benchmark's, and every prefix of a few as typed."""
    import search_eval

    built, loaded = built_and_loaded
    questions = [*search_eval.tuning(), *search_eval.heldout(), *search_eval.heldout_3(),
                 *search_eval.heldout_4(), *search_eval.heldout_5()]
    asks = [(q.query, q.game, q.lang) for q in questions]
    for typed in ("how many cards", "擲出 7", "成套卖画", "Manila loan"):
        asks += [(typed[:i], None, None) for i in range(1, len(typed) + 1)]
    asks += [("auction", None, "zh_Hant"), ("漁夫", None, "en"), ("assasin", None, None)]
    assert len(asks) > 400
    for query, game, lang in asks:
        assert loaded.search(query, game=game, prefer=lang, limit=None) == \
            built.search(query, game=game, prefer=lang, limit=None), query
    ids = [u.clause_id for u in built._units]
    assert [loaded.related(cid) for cid in ids] == [built.related(cid) for cid in ids]  # saved in the file
    for cid in ("manila.movement.shipyard", "catan.build.road", "kutschfahrt.fight.tie"):
        assert loaded.related(cid, 5) == built.related(cid, 5) and len(built.related(cid, 5)) == 5  # worked out
    assert len(loaded) == len(built) and loaded.clauses == built.clauses


def test_what_the_file_leaves_out_is_made_again_exactly(built_and_loaded: tuple[SearchIndex, SearchIndex]) -> None:
    """The file keeps postings' scores as single floats (the built index's already are) and not
    the typo table or the term frequencies, which the loaded index makes from the words and the
    idf when first needed (issue 32: 3.2 MB -> 2.1 MB, 1.5 -> 1.0 MB gzipped)."""
    built, loaded = built_and_loaded
    state = built._state()
    assert not {"_near", "_df", "_lazy"} & set(state), sorted(state)
    assert loaded._near == built._near
    wrong = [t for t in built._postings if not t.startswith(search.PHRASE)  # (a phrase is never a prefix's word)
             and loaded._frequency(t) != len(built._postings[t])]
    assert not wrong, wrong[:5]
    assert all(search._single(s) == s for postings in list(built._postings.values())[:2000] for s, _ in postings.values())


def test_a_stale_or_foreign_file_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    index = SearchIndex.from_library(["manila"])
    file = tmp_path / "index.bin"
    file.write_bytes(search.index_bytes(index, "0" * 64))  # built from other sources
    assert search.saved_digest(file) == "0" * 64
    assert search.load_index(file) is None
    file.write_bytes(b"not an index\n" + file.read_bytes())
    assert search.saved_digest(file) is None and search.load_index(file) is None
    assert search.load_index(tmp_path / "missing.bin") is None

    # a rules file changed by one word: the sources' hash changes, the shipped file is not used
    rules = tmp_path / "rules_data"
    shutil.copytree(library.rules_dir(), rules)
    monkeypatch.setattr(library, "rules_dir", lambda: rules)
    library.clear_caches()
    search.reset()
    same = search.source_hash()
    assert search.load_index() is not None  # a copy of the same rules: the same index
    teach = rules / "manila" / "teach.json"  # a file the index does not read changes nothing
    teach.write_text(teach.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert search.source_hash() == same
    en = rules / "manila" / "en.json"
    en.write_text(en.read_text(encoding="utf-8").replace("pesos", "doubloons", 1), encoding="utf-8")
    assert search.source_hash() != same
    assert search.load_index() is None
    try:
        assert search.search("doubloons", game="manila")  # built from the rules as they are now
    finally:
        library.clear_caches()
        search.reset()


def test_the_code_is_part_of_the_hash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search code and its lexicon count: a copy of the package with search.py changed
    hashes differently."""
    pkg = tmp_path / "rules"
    shutil.copytree(Path(search.__file__).parent, pkg, ignore=shutil.ignore_patterns("__pycache__", "*.bin"))
    shutil.copy(Path(search.__file__).parent.parent / "i18n.py", tmp_path / "i18n.py")
    digest = search.source_hash()
    monkeypatch.setattr(search, "__file__", str(pkg / "search.py"))
    assert search.source_hash() == digest
    (pkg / "search.py").write_text((pkg / "search.py").read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert search.source_hash() != digest


def test_the_static_builds_wheel_carries_a_fresh_index_that_loads_from_it(tmp_path: Path) -> None:
    """The static build's wheel (what Pyodide installs): its index file is there, built from
    the sources in the same wheel, so the browser's first search loads it."""
    from companion.ui.hosts.build_web import app_wheel

    wheel, _ = app_wheel(tmp_path)
    target = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        assert "companion/rules/data/search_index.bin" in zf.namelist()
        zf.extractall(target)
    code = ("import json, time; from companion.rules import search; t = time.perf_counter(); "
            "i = search.load_index(); print(json.dumps([i is not None, str(search.INDEX_FILE), "
            "[h.clause_id for h in i.search('roll 7', game='catan', limit=1)] if i else []]))")
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                            env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    ok, where, hits = json.loads(result.stdout)
    assert ok and where.startswith(str(target)) and hits
