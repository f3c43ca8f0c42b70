"""``companion build-web OUT``: the whole app as a static folder that runs in
the phone's browser (Pyodide), installs to the home screen and opens offline.

What goes in (nothing is fetched but msgpack's Pyodide wheel, from the
package registry through ``pip download``, and only when the cache lacks it):

* Flet's web client (``flet_web/web``) with the server's fixes
  (``ui/offline_web.py``): the Rive CDN address made local, our splash, the
  font manifest without the families the app never draws, the Material icon
  font cut to the icons the app draws;
* its Pyodide, its standard library less what the app never imports, and
  ``site.pack``: site-packages installed ahead -- the app (made here from
  the package the build runs, its rules and catalogs inside), the installed
  versions of flet, flet-charts, babel (its locale data cut to the app's
  languages), segno, repath and six, and msgpack's Pyodide build.  Both are
  compiled to bytecode by Pyodide's own Python (under node, when there is
  one), so a launch neither installs nor compiles;
* ``python-worker.js`` in place of Flet's: Python starts as soon as the page
  has its service worker, beside Flutter, and starts the app
  (``hosts.browser.run``) when Flutter connects; after the first launch it
  keeps Python's memory with the app imported (Pyodide's snapshot, in Cache
  Storage) and later launches restore it;
* the app's assets (fonts, icons) where the client asks for them;
* ``sw.js``, the app's own service worker (Flutter's is a stub): it keeps
  every file of this version in a cache named by the version, answers from
  it, and an upgrade takes over only once its whole cache is filled; the big
  files it fetches LZMA-packed (``hosts/packed.py``: ``X.lzma`` beside ``X``)
  and decodes;
* ``manifest.<lang>.json``: name and icons in each language; the page links
  the one of the phone's language;
* ``build-info.json``: the version, what was measured of the folder.

The folder works from any static host, at its root or below (``/app/``).
"""

from __future__ import annotations

import argparse
import base64
import csv
import gzip
import hashlib
import importlib.metadata as md
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterable

from ... import __version__
from ...i18n import LANGUAGES, Translator
from ...paths import assets_dir, locales_dir, rules_dir, user_data_dir
from ...rules import search
from .. import icon_font
from . import packed
from ..offline_web import CJK_UI_FONT, ICON_FONT, PATCHED, flet_web_dir, patch_client, patch_index, trimmed_font_manifest

PKG = Path(__file__).resolve().parents[2]
ROOT = PKG.parent
#: the wheels of the dependencies, by distribution name, as installed (packed again)
PURE = ("flet", "flet-charts", "babel", "segno", "repath", "six")
#: babel's locale data the app reads (i18n.py: en, zh_Hans, zh_Hant and what they inherit)
BABEL_LOCALES = ("root", "en", "en_001", "en_US", "zh", "zh_Hans", "zh_Hans_CN", "zh_Hant", "zh_Hant_TW",
                 "zh_Hant_HK")
#: files of flet_web/web the static build never asks for
SKIPPED = ("pyodide/python", "pyodide/python.bat", "pyodide/python.exe", "pyodide/python_cli_entry.mjs",
           "pyodide/ffi.d.ts", "pyodide/pyodide.d.ts", "pyodide/package.json", "pyodide/pyodide.js",
           "flutter_service_worker.js")
SKIPPED_SUFFIXES = (".symbols", ".map")
#: the app's modules that are the server's alone (hosts/server.py and what only it imports)
SERVER_ONLY = ("companion/ui/hosts/server.py", "companion/ui/hosts/build_web.py", "companion/ui/web_cache.py",
               "companion/ui/offline_web.py", "companion/ui/budget.py", "companion/ui/icon_font.py",
               "companion/ui/hosts/packed.py")
#: the app's assets served as files (not inside its wheel)
SERVED_ASSETS = (".otf", ".png")
#: files the service worker fetches when it installs but these, kept when first asked for: the
#: renderer's (main.dart.*, canvaskit/), the browser's pick, and the names font (1.9 MB), asked
#: for only when a player's name needs it (app.py: needs_names_font)
NAMES_FONT = "fonts/NotoSansCJK-names.otf"
ON_DEMAND = ("main.dart.js", "main.dart.mjs", "main.dart.wasm", "canvaskit/", NAMES_FONT)
NEVER_CACHED = ("sw.js", "build-info.json")
#: the renderer files a browser picks (Chromium: dart2wasm and skwasm; Safari and Firefox: dart2js
#: and CanvasKit), sent LZMA-packed to the service worker (``packed``); the variants Flutter picks
#: only when told to, or on old browsers, come as they are
PACKED_ON_DEMAND = ("main.dart.wasm", "main.dart.mjs", "main.dart.js", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js",
                    "canvaskit/canvaskit.wasm", "canvaskit/canvaskit.js", NAMES_FONT)
#: what Chromium's first visit fetches of the renderer (the benchmark's and build-info's figure)
CHROMIUM_RENDERER = ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js")
MSGPACK_PLATFORM = "pyemscripten_2026_0_wasm32"
CACHE = ROOT / "build" / "web-wheels"

HTML_LANG = {"en": "en", "zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant"}
THEME_COLOR = "#00796b"
BACKGROUND = "#f4fbf9"


# ----- wheels --------------------------------------------------------------------------------------
def _wheel(path: Path, name: str, version: str, files: Iterable[tuple[str, bytes]], metadata: str,
           tag: str = "py3-none-any") -> Path:
    """A wheel of ``files`` (archive name, bytes), with its dist-info and RECORD."""
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    out = path / f"{name.replace('-', '_')}-{version}-{tag}.whl"
    entries = sorted(files)
    entries.append((f"{dist}/METADATA", metadata.encode()))
    entries.append((f"{dist}/WHEEL", f"Wheel-Version: 1.0\nGenerator: companion-build-web\n"
                                     f"Root-Is-Purelib: true\nTag: {tag}\n".encode()))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arc, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([arc, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist}/RECORD", "", ""])
    entries.append((f"{dist}/RECORD", record.getvalue().encode()))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for arc, data in entries:
            info = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return out


def _tree(base: Path, prefix: str, skip: Any = None) -> Iterable[tuple[str, bytes]]:
    for path in sorted(base.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        arc = f"{prefix}/{path.relative_to(base).as_posix()}"
        if skip is not None and skip(arc, path):
            continue
        yield arc, path.read_bytes()


def app_wheel(out: Path) -> tuple[Path, str]:
    """The app's wheel: the package (less the server's modules and the assets served as files),
    its rules and catalogs inside it (``paths._data_root``'s ``_data``)."""

    def skip(arc: str, path: Path) -> bool:
        rel = arc
        if rel in SERVER_ONLY or rel.startswith("companion/_data/"):
            return True
        if rel.startswith("companion/ui/assets/") and path.suffix in SERVED_ASSETS:
            return True
        return False

    files = list(_tree(PKG, "companion", skip))
    # the rules search's index built ahead (its first search in the browser loads it, no thread):
    # built afresh here when the checkout's file is stale, so the folder never ships a slow one
    index_arc = f"companion/{search.INDEX_FILE.relative_to(PKG).as_posix()}"
    digest = search.source_hash()
    if search.saved_digest() != digest:
        files = [(a, d) for a, d in files if a != index_arc]
        files.append((index_arc, search.index_bytes(search.SearchIndex.from_library(), digest)))
    files += list(_tree(rules_dir(), "companion/_data/rules_data"))
    files += [(a, d) for a, d in _tree(locales_dir(), "companion/_data/locales") if a.endswith(".mo")]
    meta = f"Metadata-Version: 2.1\nName: table-companion\nVersion: {__version__}\n"
    return _wheel(out, "table-companion", __version__, files, meta), __version__


def installed_wheel(out: Path, dist_name: str) -> tuple[Path, str, list[str], list[str]]:
    """A wheel of an installed distribution, packed again from its files: the very version
    the server runs.  Returns (wheel, version, top-level imports, dependencies)."""
    dist = md.distribution(dist_name)
    version = dist.version
    files: list[tuple[str, bytes]] = []
    tops: set[str] = set()
    for f in dist.files or ():
        rel = f.as_posix()
        if rel.startswith("..") or "__pycache__" in rel or rel.endswith(".pyc") or ".dist-info/" in rel:
            continue
        if rel.endswith((".pth",)):
            continue
        if dist_name == "babel" and rel.startswith("babel/locale-data/") and rel.endswith(".dat") \
                and Path(rel).stem not in BABEL_LOCALES:
            continue
        path = Path(dist.locate_file(f))
        if not path.is_file():
            continue
        files.append((rel, path.read_bytes()))
        top = rel.split("/")[0]
        tops.add(top[:-3] if top.endswith(".py") else top)
    meta = dist.read_text("METADATA") or f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: {version}\n"
    wheel = _wheel(out, dist.metadata["Name"], version, files, meta)
    requires = []
    for req in dist.requires or ():
        if "extra ==" in req or "platform_system != \"Emscripten\"" in req or "python_version <" in req:
            continue
        name = req.split(";")[0].strip().split(" ")[0]
        for sep in "<>=!~[(":
            name = name.split(sep)[0]
        requires.append(name.strip().lower())
    return wheel, version, sorted(t for t in tops if t and not t.endswith(".dist-info")), requires


def msgpack_wheel(cache: Path) -> Path:
    """msgpack's Pyodide wheel, of the version installed here: from the cache, or from the
    package registry (``pip download``) into it."""
    version = md.version("msgpack")
    cache.mkdir(parents=True, exist_ok=True)
    name = f"msgpack-{version}-cp314-cp314-{MSGPACK_PLATFORM}.whl"
    if not (cache / name).exists():
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                        "--platform", MSGPACK_PLATFORM, "--python-version", "3.14", "--implementation", "cp",
                        "--abi", "cp314", f"msgpack=={version}", "-d", str(cache)], check=True)
    if not (cache / name).exists():
        raise RuntimeError(f"pip did not bring {name}")
    return cache / name


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ----- Python, installed ahead and compiled -------------------------------------------------------
#: the worker unpacks this into site-packages (index length, JSON index, the files; a host's
#: gzip or the service worker's LZMA makes it small on the way)
SITE_PACK = "site.pack"
SITE_PACKAGES = "/lib/python3.14/site-packages"
STDLIB_ZIP = "/lib/python314.zip"
#: parts of Pyodide's standard library the app never imports (a REPL, debuggers, test runners, GUI)
STDLIB_DROPPED = ("_pyrepl/", "idlelib/", "tkinter/", "turtledemo/", "turtle.py", "ensurepip/", "lib2to3/",
                  "venv/", "pydoc_data/", "pydoc.py", "doctest.py", "pdb.py", "unittest/", "xmlrpc/",
                  "curses/", "dbm/", "test/", "multiprocessing/", "__phello__/", "_pydecimal.py", "_pyio.py")

#: modules of the site no app imports: pybabel's command line (it imports optparse and configparser,
#: left out of the standard library)
SITE_DROPPED = ("babel/messages/frontend.py", "babel/messages/setuptools_frontend.py")

#: sources kept beside the bytecode: the rules search checks its index built ahead against them
#: (``search.source_hash`` reads them), and builds the index again when they are missing
KEPT_SOURCES = tuple(sorted(os.path.normpath(f"companion/rules/{name}").replace(os.sep, "/")
                            for name in search._SOURCES if name.endswith(".py")))


#: the standard library's modules kept whatever the app's code names (Pyodide's and Python's start)
STDLIB_KEPT = ("encodings", "_pyodide", "pyodide", "importlib", "site", "sitecustomize", "_sitebuiltins",
               "_sysconfigdata__emscripten_wasm32-emscripten", "__future__", "warnings", "_py_warnings",
               "traceback", "linecache", "zipimport", "codecs", "io", "abc", "_collections_abc", "os", "stat",
               "posixpath", "genericpath", "runpy", "_weakrefset", "types", "typing", "re", "asyncio", "sqlite3",
               "json", "collections", "functools", "contextlib", "threading", "keyword", "operator", "reprlib",
               "heapq", "copyreg", "enum", "annotationlib", "_colorize", "opcode", "_opcode_metadata", "dis",
               "inspect", "ast", "tokenize", "token", "weakref", "_compat_pickle", "_strptime", "_pydatetime",
               "datetime", "locale", "gettext", "calendar", "zoneinfo", "_threading_local", "textwrap")
_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^#\n]*)|import[ \t]+([^#\n]+))",
                     re.M)


def _modules(tree: Path) -> dict[str, Path]:
    found = {}
    for path in tree.rglob("*.py"):
        parts = path.relative_to(tree).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def trim_stdlib(site: Path, stdlib: Path, loaded: set[str] | None = None) -> int:
    """Leave out of ``stdlib`` every module that no import statement of the code read, or of
    what that imports, names (a conservative reading: imports inside functions and strings
    count too), but the ones Python and Pyodide start with (:data:`STDLIB_KEPT`).  The code
    read: every module of the site; or, given ``loaded`` (the modules that importing the app
    and every module of it loaded: :func:`loaded_modules`), the app's own modules and the
    loaded ones (of the site and of the standard library), so what only a part of flet the
    app never loads imports (its test client, OAuth, ...) is left out too.  Returns how many
    files were left out."""
    std = _modules(stdlib)
    needed: set[str] = set()
    todo: list[tuple[Path, str]] = []
    for tree in (site,):
        for name, path in _modules(tree).items():
            if loaded is None or name.split(".")[0] == "companion" or name in loaded:
                todo.append((path, name if path.name == "__init__.py" else name.rpartition(".")[0]))
    for name, path in std.items():
        if name.split(".")[0] in STDLIB_KEPT or (loaded is not None and name in loaded):
            needed.add(name)
            todo.append((path, name if path.name == "__init__.py" else name.rpartition(".")[0]))
    seen: set[Path] = set()

    def want(name: str) -> None:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            mod = ".".join(parts[:i])
            if mod in std and mod not in needed:
                needed.add(mod)
                path = std[mod]
                todo.append((path, mod if path.name == "__init__.py" else mod.rpartition(".")[0]))

    while todo:
        path, package = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for m in _IMPORT.finditer(path.read_text(encoding="utf-8", errors="replace")):
            if m.group(3):
                for item in m.group(3).split(","):
                    want(item.strip().split(" ")[0])
                continue
            base = m.group(1)
            if base.startswith("."):
                dots = len(base) - len(base.lstrip("."))
                up = package.split(".")
                up = up[:len(up) - (dots - 1)] if dots > 1 else up
                base = ".".join([*up, base.lstrip(".")] if base.lstrip(".") else up)
            want(base)
            for item in m.group(2).strip("()").replace("\n", ",").split(","):
                word = item.strip().split(" ")[0]
                if word and word != "*":
                    want(f"{base}.{word}")
    needed -= {f"encodings.{p.stem}" for p in (stdlib / "encodings").glob("*.py") if p.stem not in ENCODINGS_KEPT}
    dropped = 0
    tops = {n.split(".")[0] for n in needed}
    for path in list(stdlib.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(stdlib)
        if path.suffix == ".py":
            parts = rel.with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            keep = name in needed
        else:
            keep = rel.parts[0] in tops
        if not keep:
            path.unlink()
            dropped += 1
    return dropped


#: the text encodings kept (the rest are code pages and CJK codecs the app never reads or writes)
ENCODINGS_KEPT = ("__init__", "aliases", "ascii", "base64_codec", "charmap", "cp437", "cp1252", "hex_codec", "idna",
                  "latin_1", "punycode", "raw_unicode_escape", "undefined", "unicode_escape", "utf_16", "utf_16_be",
                  "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_7", "utf_8", "utf_8_sig", "zlib_codec")


COMPILE_JS = """import { loadPyodide } from %(mjs)s;
const py = await loadPyodide({indexURL: %(index)s});
py.FS.mkdirTree("/w");
py.FS.mount(py.FS.filesystems.NODEFS, {root: %(root)s}, "/w");
py.runPython(`
import compileall, sys
# sourceless (a .pyc where its .py was), docstrings and asserts left out (-OO): no compiling at each
# launch, less to send; co_filename is where the module runs in the browser
ok = compileall.compile_dir("/w/site", ddir=%(site)s, quiet=1, legacy=True, optimize=2, workers=1)
ok = compileall.compile_dir("/w/stdlib", ddir=%(stdlib)s, quiet=1, legacy=True, optimize=2, workers=1) and ok
print("compiled", sys.version.split()[0], ok)
`);
"""


LOADED_JS = """import { loadPyodide } from %(mjs)s;
const py = await loadPyodide({indexURL: %(index)s});
py.FS.mkdirTree("/w");
py.FS.mount(py.FS.filesystems.NODEFS, {root: %(root)s}, "/w");
py.runPython(`
import importlib, json, os, sys, types
sys.dont_write_bytecode = True  # nothing written into the build's tree
sys.path.insert(0, "/w/site")
sys.modules["msgpack"] = types.ModuleType("msgpack")  # as the worker does before its snapshot
import companion.ui.hosts.browser
failed = []
for root, dirs, files in sorted(os.walk("/w/site/companion")):
    for f in sorted(files):
        if f.endswith(".py") and f != "__main__.py":
            name = os.path.relpath(os.path.join(root, f), "/w/site")[:-3].replace("/", ".").removesuffix(".__init__")
            try:
                importlib.import_module(name)
            except Exception as e:
                failed.append(name + ": " + repr(e))
print("loaded " + json.dumps({"modules": sorted(n for n, m in sys.modules.items() if m is not None), "failed": failed}))
`);
"""


def loaded_modules(pyodide_dir: Path, site: Path) -> set[str] | None:
    """The modules Pyodide's own Python (under node) has loaded once it has imported the app as
    the worker does before its snapshot, then every module of the app (each game, each screen):
    the standard library's and the site's.  None when node is not there, or it failed."""
    node = shutil.which(os.environ.get("COMPANION_NODE", "node"))
    if node is None:
        return None
    script = site.parent / "loaded.mjs"
    script.write_text(LOADED_JS % {"mjs": json.dumps((pyodide_dir / "pyodide.mjs").as_uri()),
                                   "index": json.dumps(str(pyodide_dir) + "/"), "root": json.dumps(str(site.parent))},
                      encoding="utf-8")
    try:
        done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return None
    line = next((ln for ln in reversed(done.stdout.splitlines()) if ln.startswith("loaded ")), None)
    if done.returncode != 0 or line is None:
        return None
    found = json.loads(line[len("loaded "):])
    if found["failed"]:
        raise RuntimeError(f"the app's modules do not import in Pyodide: {found['failed']}")
    # msgpack is imported after the snapshot (its C extension cannot be in one): all of it counts
    return set(found["modules"]) | {n for n in _modules(site) if n.split(".")[0] == "msgpack"}


def compile_bytecode(pyodide_dir: Path, site: Path, stdlib: Path, loaded: set[str] | None = None) -> str | None:
    """The ``.py`` files of ``site`` and ``stdlib`` compiled by the very Python the browser runs
    (Pyodide's, under node), each ``.py`` then replaced by its ``.pyc``; given ``loaded``
    (:func:`loaded_modules`), only the loaded modules' (a module never loaded keeps its source,
    smaller to send than bytecode -- 0.4 against 0.5 MB gzipped for flet's -- and compiled only
    if it is ever imported).  Returns that Python's version, or None when node is not there (the
    folder then ships the sources, compiled by the browser at each launch: slower, as before)."""
    node = shutil.which(os.environ.get("COMPANION_NODE", "node"))
    if node is None:
        return None
    root = site.parent
    script = root / "compile.mjs"
    script.write_text(COMPILE_JS % {"mjs": json.dumps((pyodide_dir / "pyodide.mjs").as_uri()),
                                    "index": json.dumps(str(pyodide_dir) + "/"), "root": json.dumps(str(root)),
                                    "site": json.dumps(SITE_PACKAGES), "stdlib": json.dumps(STDLIB_ZIP)},
                      encoding="utf-8")
    try:
        done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return None
    words = (done.stdout.strip().splitlines() or [""])[-1].split()
    if done.returncode != 0 or not words or words[0] != "compiled":
        return None
    for tree in (site, stdlib):
        names = {path: name for name, path in _modules(tree).items()}
        for source in tree.rglob("*.py"):
            if source.relative_to(tree).as_posix() in KEPT_SOURCES:
                source.with_suffix(".pyc").unlink(missing_ok=True)  # imported from the source, read as data
            elif loaded is not None and names.get(source) not in loaded:
                source.with_suffix(".pyc").unlink(missing_ok=True)  # never loaded: the source is smaller
            elif source.with_suffix(".pyc").is_file():
                source.unlink()
    return words[1]


def pack_tree(tree: Path) -> bytes:
    """Every file under ``tree`` in one file: 4 bytes (little-endian) the index's length, the index
    (JSON: [[path, size], ...]), then the files' bytes in its order (the worker's ``unpack``)."""
    paths = sorted(p for p in tree.rglob("*") if p.is_file())
    index = json.dumps([[p.relative_to(tree).as_posix(), p.stat().st_size] for p in paths],
                       separators=(",", ":")).encode()
    body = io.BytesIO()
    body.write(len(index).to_bytes(4, "little"))
    body.write(index)
    for path in paths:
        body.write(path.read_bytes())
    return body.getvalue()


def read_pack(data: bytes) -> dict[str, bytes]:
    """The files of a ``pack_tree`` (what the worker writes into site-packages), by path."""
    body = data
    length = int.from_bytes(body[:4], "little")
    at, files = 4 + length, {}
    for path, size in json.loads(body[4:at]):
        files[path] = body[at:at + size]
        at += size
    return files


WORKER = r"""// Table Companion's Python worker (companion build-web), in place of Flet's: Pyodide starts as
// soon as the page has its service worker (python.js starts this worker then, beside Flutter's
// own start), the app's packages come installed and compiled ahead in one file (unpacked here
// into site-packages: no micropip), and the app's modules are imported before Flutter asks,
// or come back with Python's memory as the last launch left it (its snapshot).
const BASE = new URL("./", self.location).href;
self.flet_js = {};
self.bootTimes = [];
function mark(what) { self.bootTimes.push([what, performance.timeOrigin + performance.now()]); }
mark("worker started");

async function sitePack() {
  const answer = await fetch(BASE + "__SITE_PACK__");
  if (!answer.ok) throw new Error("__SITE_PACK__: HTTP " + answer.status);
  const data = new Uint8Array(await answer.arrayBuffer());
  mark("site fetched");
  return data;
}

function unpack(FS, data, root) {
  const length = new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(data.subarray(4, 4 + length)));
  const made = new Set();
  let at = 4 + length;
  for (const [path, size] of index) {
    const slash = path.lastIndexOf("/");
    const dir = slash > 0 ? root + "/" + path.slice(0, slash) : root;
    if (!made.has(dir)) { FS.mkdirTree(dir); made.add(dir); }
    FS.writeFile(root + "/" + path, data.subarray(at, at + size), {canOwn: true});
    at += size;
  }
}

const WARM = `
import sys, types
sys.modules["msgpack"] = types.ModuleType("msgpack")  # filled by AFTER_SNAPSHOT
import companion.ui.hosts.browser
`;
const AFTER_SNAPSHOT = `
import random, sys
placeholder = sys.modules.pop("msgpack")
import msgpack  # its C extension, loaded in this launch
placeholder.__dict__.update(msgpack.__dict__)  # what imported the placeholder now has msgpack
random.seed()  # not the state every launch restores
del placeholder, msgpack, random, sys
`;

function output(text, isStderr) { (isStderr ? console.error : console.log)(text); }

// Python's memory once the app's modules are imported (Pyodide's snapshot), kept in this
// browser after the first launch: a launch then restores it instead of starting Python and
// importing the app again.  Named by what it is made of (Pyodide, the standard library, the
// site, this script); the service worker drops it with the version it came with.
const SNAPSHOT_CACHE = "table-companion-python-__PYTHON_ID__";
const SNAPSHOT = BASE + "python-snapshot";

async function savedSnapshot() {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (error) {
    return null;  // no Cache Storage here: a launch as the first
  }
}

async function keepSnapshot(pyodide) {
  try {
    const snapshot = pyodide.makeMemorySnapshot();
    mark("snapshot made");
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.put(SNAPSHOT, new Response(snapshot, {headers: {"content-type": "application/octet-stream"}}));
    mark("snapshot kept");
  } catch (error) {
    console.warn("Python's snapshot was not kept:", error);
  }
}

async function startPython(pyodideModule, snapshot) {
  return pyodideModule.loadPyodide({
    indexURL: BASE + "pyodide/",
    stdout: (text) => output(text, false),
    stderr: (text) => output(text, true),
    ...(snapshot ? {_loadSnapshot: snapshot} : {_makeSnapshot: true}),
  });
}

const booted = (async () => {
  const [pyodideModule, pack, snapshot] = await Promise.all([
    import(BASE + "pyodide/pyodide.mjs"), sitePack(), savedSnapshot()]);
  mark(snapshot ? "pyodide.mjs and snapshot loaded" : "pyodide.mjs loaded");
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await startPython(pyodideModule, snapshot);
      mark("python restored");
    } catch (error) {  // another Pyodide, a damaged copy: start as the first time
      console.warn("Python's snapshot could not be restored:", error);
      await caches.delete(SNAPSHOT_CACHE).catch(() => null);
      pyodide = null;
    }
  }
  const restored = pyodide !== null;
  if (!restored) {
    pyodide = await startPython(pyodideModule, null);
    mark("pyodide started");
  }
  self.pyodide = pyodide;
  // the files live outside Python's memory: written again at each launch
  unpack(pyodide.FS, pack, "__SITE_PACKAGES__");
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  mark("site unpacked");
  if (!restored) {
    // the app's modules, while Flutter starts; then Python's memory kept for the next launch
    // (before any JavaScript object is handed to Python, and before msgpack's C extension is
    // loaded: a snapshot holds neither, so the modules import a placeholder of it, filled below)
    pyodide.runPython(WARM);
    mark("app imported");
    await keepSnapshot(pyodide);
  }
  pyodide.runPython(AFTER_SNAPSHOT);
  pyodide.registerJsModule("flet_js", self.flet_js);
  return pyodide;
})();

self.receiveCallback = (message) => {
  const bytes = message.toJs();
  self.postMessage(bytes, [bytes.buffer]);
};
self.flet_js.receive_callback = self.receiveCallback;

self.onmessage = async (event) => {
  if (event.data && event.data.companion === "port") {  // the page's word on this tab: hosts/browser.py
    self.companionPort = event.ports[0];
    self.companionMode = event.data.mode;
    return;
  }
  if (!self.initialized) {  // python.js's first message: start the app
    self.initialized = true;
    self.flet_js.args = event.data.args;
    self.flet_js.documentUrl = event.data.documentUrl;
    try {
      const pyodide = await booted;
      mark("connect asked");
      await pyodide.runPythonAsync("from companion.ui.hosts.browser import run\nrun()");
      await self.flet_js.start_connection(self.receiveCallback);
      mark("app started");
      self.postMessage("initialized");
    } catch (error) {
      self.postMessage(String(error));
    }
  } else if (typeof self.flet_js.send === "function") {
    self.flet_js.send(event.data);
  } else {
    console.error("Flet: dropped a message for a Python app that never started.");
  }
};
"""


#: Pyodide's snapshot restore writes the saved memory into a memory of the module's initial size:
#: a snapshot larger than that (the app with its charts, QR codes and search: over 32 MB) failed
#: with "offset is out of bounds".  The memory is grown to the snapshot's size first.
RESTORE = "Module.HEAP8.set(t),l}"
RESTORE_GROWN = "(t.length>Module.HEAP8.length&&growMemory(t.length)),Module.HEAP8.set(t),l}"


def _pyodide_asm(web: Path) -> str:
    text = (web / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    if text.count(RESTORE) != 1 or "var growMemory=" not in text:
        raise RuntimeError("Pyodide's pyodide.asm.mjs changed: its snapshot restore is no longer as it was")
    return text.replace(RESTORE, RESTORE_GROWN)


def _python_js(web: Path) -> str:
    """Flet's python.js, taking the worker the page started early (BOOT) when there is one."""
    text = (web / "python.js").read_text(encoding="utf-8")
    old = "app.worker = new Worker("
    if old not in text:
        raise RuntimeError("flet_web's python.js changed: the worker is no longer made as it was")
    return text.replace(old, "flet.connectAt = Date.now();\n    app.worker = flet.takeWorker() || new Worker(", 1)


# ----- the page ------------------------------------------------------------------------------------
BOOT = """<script>
    // this folder's own place (the root of a static host, or /app/ when companion serve hands it out)
    var base = location.pathname.replace(/[^/]*$/, "");
    flet.pyodide = true;
    flet.noCdn = true;
    flet.entrypointBaseUrl = base;
    flet.assetBase = base;
    flet.canvasKitBaseUrl = base + "canvaskit/";
    flet.fontFallbackBaseUrl = base + "assets/fonts/";
    flet.pyodideUrl = new URL("pyodide/pyodide.mjs", location.href).href;
    flet.pythonModuleName = "main";
    flet.routeUrlStrategy = "hash";
    // the name in the phone's language (companion.i18n.pick_language's rule, in short)
    (function () {
      var tags = (navigator.languages || [navigator.language || "en"]).map(function (t) { return String(t).toLowerCase(); });
      var lang = "en";
      for (var i = 0; i < tags.length; i++) {
        var t = tags[i];
        if (t.indexOf("zh") !== 0) { if (t.indexOf("en") === 0) break; continue; }
        lang = (t.indexOf("hant") > 0 || /-(tw|hk|mo)\\b/.test(t)) ? "zh_Hant" : "zh_Hans";
        break;
      }
      var link = document.createElement("link");
      link.rel = "manifest";
      link.href = base + "manifest." + lang + ".json";
      document.head.appendChild(link);
      document.documentElement.lang = {"en": "en", "zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant"}[lang];
      document.title = __TITLES__[lang];
    })();
    // keep the data: ask the browser not to evict this site's storage
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persist().then(function (granted) { flet.storagePersisted = granted; });
    }
    // the app's own service worker first: Flutter and Python then come through it (once, and
    // into its cache), and the next visit opens with the network off
    flet.ready = (async function () {
      if (!("serviceWorker" in navigator)) return;
      try {
        await navigator.serviceWorker.register(base + "sw.js", {scope: base});
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise(function (ok) {
            navigator.serviceWorker.addEventListener("controllerchange", ok, {once: true});
            setTimeout(ok, 10000);
          });
        }
      } catch (e) { console.warn("service worker", e); }
      await oneWriter();
      // Python starts now, beside Flutter (python.js takes this worker when Flutter connects)
      flet.worker = new Worker(base + "python-worker.js", {type: "module"});
      // this tab's mode and a port between the page (the lock) and its Python (hosts/browser.py)
      var channel = new MessageChannel();
      port = channel.port1;
      port.onmessage = function (event) {
        var message = JSON.parse(event.data);
        if (message.kind === "take" && flet.takeLock) flet.takeLock();
      };
      flet.worker.postMessage({companion: "port", mode: flet.companionMode}, [channel.port2]);
    })();
    flet.takeWorker = function () { var w = flet.worker; flet.worker = null; return w; };

    // one tab writes: each tab holds its own copy of the data in memory, and the later one to
    // save would overwrite the other's moves.  The tab holding the lock runs the app; another
    // says so and runs it once the first closes, or at once when asked ("Use it here": the
    // first then stops and says so), or follows it meanwhile ("Follow the table here": the app
    // runs writing nothing, and shows each move the writing tab keeps; hosts/browser.py).  A
    // move the screen has shown is kept already.
    var LOCK = "table-companion-writer";
    var WORDS = __WORDS__[document.documentElement.lang.replace("-", "_")] || __WORDS__.en;
    // the app's mode here: "write" (the lock was free), "take" (taken from a tab that may be
    // syncing still), "follow" (another tab writes)
    flet.companionMode = "write";
    var port = null;
    function tell(kind, extra) {
      var message = {kind: kind};
      for (var key in (extra || {})) message[key] = extra[key];
      if (port) port.postMessage(JSON.stringify(message));
    }
    function hold(lock) {
      return new Promise(function () {});  // held for the page's life
    }
    function lost() {
      flet.lostWriter = true;
      tell("lost");  // its Python syncs nothing more, and tells the tab that took over
      document.body.innerHTML = "";
      notice(WORDS.taken);
    }
    function notice(text, follow) {
      var box = document.createElement("div");
      box.id = "one-writer";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;" +
        "justify-content:center;gap:20px;padding:24px;background:__BACKGROUND__;font:18px/1.4 sans-serif;" +
        "color:#191c1b;text-align:center;z-index:10";
      var p = document.createElement("p");
      p.textContent = text;
      var button = document.createElement("button");
      button.textContent = WORDS.here;
      button.style.cssText = "font:18px sans-serif;padding:12px 28px;border-radius:24px;border:0;" +
        "background:__THEME__;color:#fff";
      box.appendChild(p);
      box.appendChild(button);
      if (follow) {
        var second = document.createElement("button");
        second.id = "follow-here";
        second.textContent = WORDS.follow;
        second.style.cssText = "font:18px sans-serif;padding:12px 28px;border-radius:24px;" +
          "border:1px solid __THEME__;background:transparent;color:__THEME__";
        box.appendChild(second);
      }
      document.body.appendChild(box);
      return button;
    }
    async function oneWriter() {
      if (!navigator.locks) return;
      var got = await new Promise(function (ok) {
        navigator.locks.request(LOCK, {ifAvailable: true}, function (lock) {
          ok(!!lock);
          return lock ? hold(lock) : null;
        }).catch(lost);
      });
      if (got) return;
      // this script runs in the page's head: with the service worker at work already (a second
      // tab), the answer can come before the page's body is there to show the notice in
      if (document.readyState === "loading") {
        await new Promise(function (ok) { document.addEventListener("DOMContentLoaded", ok, {once: true}); });
      }
      var loading = document.getElementById("loading");
      if (loading) loading.style.display = "none";
      var button = notice(WORDS.elsewhere, true);
      var box = document.getElementById("one-writer");
      var waiting = new AbortController();
      var following = false;
      var waited = false;  // the lock came to the waiting request (not to the one taking it)
      await new Promise(function (ok) {
        function granted(stolen) {
          if (following) tell("writer", {stolen: stolen});  // the app runs already: it writes now
          else {
            flet.companionMode = stolen ? "take" : "write";
            ok();
          }
        }
        // the other tab closes: this one runs (or, following, writes)
        navigator.locks.request(LOCK, {signal: waiting.signal}, function (lock) {
          waited = true;
          granted(false);
          return hold(lock);
        }).catch(function (e) {
            if (waited) lost();  // the lock it got by waiting was taken by another tab since
            else if (e && e.name !== "AbortError") console.warn(e);
          });
        flet.takeLock = function () {
          flet.takeLock = null;
          waiting.abort();
          navigator.locks.request(LOCK, {steal: true}, function (lock) { granted(true); return hold(lock); })
            .catch(lost);
        };
        button.addEventListener("click", function () { if (flet.takeLock) flet.takeLock(); }, {once: true});
        document.getElementById("follow-here").addEventListener("click", function () {
          following = true;
          flet.companionMode = "follow";
          ok();
        }, {once: true});
      });
      box.remove();
      if (loading) loading.style.display = "";
    }
  </script>"""

SW = r"""// Table Companion's service worker (companion build-web): this version's files, whole.
const VERSION = "__VERSION__";
const CACHE = "table-companion-" + VERSION;
const FILES = __FILES__;
const ON_DEMAND = __ON_DEMAND__;  // kept when first asked for (the renderer's files, the names font)
// the big files come LZMA-packed (X.lzma beside X, about a fifth smaller than gzip): decoded
// here, checked against X's SHA-256, kept under X's name
const PACKED = __PACKED__;
const BASE = new URL("./", self.location).pathname;
__DECODER__
const TYPES = {wasm: "application/wasm", js: "text/javascript", mjs: "text/javascript", otf: "font/otf",
               zip: "application/zip"};

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// one file of this version into the cache: from the host itself, never the browser's HTTP cache
// (a file kept there from the last version would make this one a mix of two)
async function keep(cache, path) {
  if (!(path in PACKED)) {
    await cache.add(fresh(BASE + path));
    return;
  }
  const answer = await fetch(fresh(BASE + path + ".lzma"));
  if (!answer.ok) throw new Error(path + ".lzma: HTTP " + answer.status);
  const data = lzmaUnpack(new Uint8Array(await answer.arrayBuffer()));
  if (hex(await crypto.subtle.digest("SHA-256", data)) !== PACKED[path]) throw new Error(path + ": damaged");
  const type = TYPES[path.slice(path.lastIndexOf(".") + 1)] || "application/octet-stream";
  await cache.put(BASE + path, new Response(data, {headers: {"content-type": type}}));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await Promise.all(FILES.map((f) => keep(cache, f)));
      // an upgrade: the files the last version kept when asked for, fetched anew: this one is whole
      for (const name of await caches.keys()) {
        if (name === CACHE || !name.startsWith("table-companion-")) continue;
        const old = await caches.open(name);
        for (const req of await old.keys()) {
          const path = new URL(req.url).pathname.slice(BASE.length);
          if (ON_DEMAND.some((r) => path.startsWith(r))) await keep(cache, path);
        }
      }
    } catch (error) {
      await caches.delete(CACHE);  // never half a version: the next visit installs it again
      throw error;
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("table-companion-")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function fresh(url) {
  return new Request(url, {cache: "reload"});
}

function notFound() {
  return new Response("Not found\n", {status: 404, headers: {"content-type": "text/plain"}});
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET") return;
  if (url.origin !== self.location.origin) {
    event.respondWith(notFound());  // nothing from elsewhere, ever
    return;
  }
  if (!url.pathname.startsWith(BASE)) return;
  let path = url.pathname.slice(BASE.length);
  if (path === "" || req.mode === "navigate") path = "index.html";
  if (path.startsWith("assets/fonts/noto") || path.startsWith("rive-not-bundled/")) {
    event.respondWith(notFound());  // Flutter's fallback fonts and Rive: ours are bundled, Rive unused
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(BASE + path);
    if (hit) return hit;
    const onDemand = ON_DEMAND.some((r) => path.startsWith(r));
    if (onDemand && path in PACKED) {
      await keep(cache, path);
      return cache.match(BASE + path);
    }
    const answer = await fetch(onDemand ? fresh(req.url) : req);
    if (answer.ok && onDemand) {
      await cache.put(BASE + path, answer.clone());
    }
    return answer;
  })());
});
"""

def N_(text: str) -> str:
    return text


#: the page's own words (the one-writer notice), from the catalogs
ELSEWHERE = N_("Table Companion is open in another tab or window of this browser. Only one of them can keep "
               "the tables; this one opens when the other closes.")
TAKEN = N_("Table Companion went on in another tab or window of this browser. Every move shown here was kept.")
USE_HERE = N_("Use it here")
FOLLOW_HERE = N_("Follow the table here")

def _manifest(lang: str) -> dict[str, Any]:
    t = Translator(lang)
    return {
        "name": t.gettext("Table Companion"), "short_name": t.gettext("Table Companion"),
        "description": t.gettext("Rules, referee and score keeper for the game on your table."),
        "lang": HTML_LANG[lang], "start_url": "./", "scope": "./", "id": "./", "display": "standalone",
        "orientation": "any", "background_color": BACKGROUND, "theme_color": THEME_COLOR,
        "prefer_related_applications": False,
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-maskable-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
            {"src": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }


def _index(web: Path) -> str:
    html = patch_index((web / "index.html").read_text(encoding="utf-8"))
    html = html.replace('<base href="/">', "")
    html = html.replace('<link rel="manifest" href="manifest.json">', "")
    titles = json.dumps({lang: Translator(lang).gettext("Table Companion") for lang in LANGUAGES}, ensure_ascii=False)
    words = json.dumps({lang: {"elsewhere": Translator(lang).gettext(ELSEWHERE), "taken": Translator(lang).gettext(TAKEN),
                               "here": Translator(lang).gettext(USE_HERE),
                               "follow": Translator(lang).gettext(FOLLOW_HERE)} for lang in LANGUAGES},
                       ensure_ascii=False)
    boot = BOOT.replace("__TITLES__", titles).replace("__WORDS__", words).replace("__BACKGROUND__", BACKGROUND) \
        .replace("__THEME__", THEME_COLOR)
    html = html.replace("<!-- fletAppConfig -->", boot, 1)
    html = html.replace('<meta charset="UTF-8">', f'<meta charset="UTF-8">\n  <meta name="theme-color" '
                                                  f'content="{THEME_COLOR}">', 1)
    # Flutter starts once the service worker controls the page (BOOT's flet.ready)
    html = html.replace('<script src="flutter_bootstrap.js" async></script>',
                        '<script>flet.ready.then(function () { var s = document.createElement("script"); '
                        's.src = "flutter_bootstrap.js"; document.body.appendChild(s); });</script>')
    return html


def _bootstrap(web: Path) -> str:
    """flutter_bootstrap.js without Flutter's service worker (a stub that would replace ours)."""
    text = (web / "flutter_bootstrap.js").read_text(encoding="utf-8")
    start = text.find("serviceWorkerSettings: {")
    if start >= 0:
        end = text.find("},", start) + 2
        text = text[:start] + text[end:]
    return text


# ----- the folder ----------------------------------------------------------------------------------
def default_out() -> Path:
    """Where ``companion build-web`` writes without a folder named, and where ``companion serve``
    looks for it (handed out under ``/app/``)."""
    return user_data_dir() / "static-web"


def seal(folder: Path, started: float | None = None, extra: dict[str, Any] | None = None,
         cache: Path | None = CACHE) -> dict[str, Any]:
    """The version of ``folder`` (every file's content), its packed files (``X.lzma`` beside each
    big file ``X`` the service worker fetches; packed once per content in ``cache``), its ``sw.js``
    (the files it keeps, in a cache named by the version) and ``build-info.json``.  Returns
    build-info."""
    (folder / "sw.js").unlink(missing_ok=True)
    (folder / "build-info.json").unlink(missing_ok=True)
    for old in folder.rglob("*" + packed.SUFFIX):
        old.unlink()
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    precache = [f for f in files if not f.startswith(ON_DEMAND) and f not in NEVER_CACHED
                and not f.startswith(("assets/packages/", "icons/loading"))
                and f not in ("assets/NOTICES",)]
    fetched = [*precache, *(f for f in (*PACKED_ON_DEMAND, *CHROMIUM_RENDERER) if f in files)]
    contents = {rel: (folder / rel).read_bytes() for rel in dict.fromkeys(fetched)}  # each read once
    gz = {rel: len(gzip.compress(data, 6)) for rel, data in contents.items()}
    packs: dict[str, str] = {}
    sent = dict(gz)  # what the first visit fetches of each file: its LZMA file, or its gzip
    wanted = [rel for rel, data in contents.items() if len(data) >= packed.MIN_SIZE
              and not (rel.startswith(ON_DEMAND) and rel not in PACKED_ON_DEMAND)]
    # LZMA lets go of the GIL: the files are packed side by side (the first build of a machine
    # packs about 45 MB; later builds find most of it in the cache)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        made = dict(zip(wanted, pool.map(lambda rel: packed.packed(contents[rel], cache), wanted)))
    for rel in wanted:
        lzma_file = made[rel]
        if len(lzma_file) > 0.95 * gz[rel]:  # compressed already (the icons)
            continue
        (folder / (rel + packed.SUFFIX)).write_bytes(lzma_file)
        packs[rel] = hashlib.sha256(contents[rel]).hexdigest()
        sent[rel] = len(lzma_file)
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + hashlib.sha256((folder / rel).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    (folder / "sw.js").write_text(SW.replace("__VERSION__", version).replace("__FILES__", json.dumps(precache))
                                  .replace("__ON_DEMAND__", json.dumps(list(ON_DEMAND)))
                                  .replace("__PACKED__", json.dumps(packs, indent=0))
                                  .replace("__DECODER__", packed.DECODER.strip()), encoding="utf-8")
    sizes = {rel: (folder / rel).stat().st_size for rel in files}
    info = {"version": version, "files": len(files) + 2, "bytes": sum(sizes.values()),
            "precache_files": len(precache), "precache_bytes": sum(sizes[r] for r in precache),
            "precache_gzip_bytes": sum(gz[r] for r in precache),
            "precache_sent_bytes": sum(sent[r] for r in precache),
            "first_visit_bytes": sum(sent[r] for r in (*precache, *CHROMIUM_RENDERER) if r in sent),
            "packed_files": len(packs), **(extra or {})}
    if started is not None:
        info["seconds"] = round(time.perf_counter() - started, 1)
    (folder / "build-info.json").write_text(json.dumps(info, indent=1), encoding="utf-8")
    return info


def build(out: Path, cache: Path | None = None) -> dict[str, Any]:
    """Build the static folder at ``out`` (replaced as a whole); returns build-info."""

    started = time.perf_counter()
    web = flet_web_dir()
    out = Path(out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".build-web-", dir=out.parent))
    try:
        for path in sorted(web.rglob("*")):
            rel = path.relative_to(web).as_posix()
            if not path.is_file() or rel in SKIPPED or rel.endswith(SKIPPED_SUFFIXES) or "__pycache__" in rel \
                    or (rel.startswith("pyodide/") and rel.endswith(".whl")):  # micropip: nothing installs at run time
                continue
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        for name in PATCHED:  # the Rive runtime's CDN address made local (offline_web)
            (tmp / name).write_bytes(patch_client((web / name).read_bytes()))
        fonts = json.loads((web / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
        (tmp / "assets" / "FontManifest.json").write_text(json.dumps(trimmed_font_manifest(fonts), indent=1),
                                                          encoding="utf-8")
        icons = icon_font.subset(web / ICON_FONT)
        if icons is not None:
            (tmp / ICON_FONT).write_bytes(icons)
        for path in assets_dir().rglob("*"):  # our fonts, icons, favicon where the client asks
            # not the first-screen cut of the CJK font: here the whole font is on the phone before
            # the first frame (the service worker's cache; hosts.Host.fonts_local)
            if path.is_file() and path.suffix in SERVED_ASSETS \
                    and path.relative_to(assets_dir()).as_posix() != CJK_UI_FONT:
                target = tmp / path.relative_to(assets_dir())
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
        (tmp / "index.html").write_text(_index(web), encoding="utf-8")
        (tmp / "flutter_bootstrap.js").write_text(_bootstrap(web), encoding="utf-8")
        (tmp / "manifest.json").unlink(missing_ok=True)
        for lang in LANGUAGES:
            (tmp / f"manifest.{lang}.json").write_text(json.dumps(_manifest(lang), ensure_ascii=False, indent=1),
                                                       encoding="utf-8")

        # Python: the app and its dependencies installed ahead (site.pack, unpacked into
        # site-packages by the worker: no micropip, no wheels unpacked at each launch), the
        # standard library trimmed, both compiled to bytecode here (when node can run Pyodide)
        pyo = tmp / "pyodide"
        staging = Path(tempfile.mkdtemp(prefix=".build-web-py-", dir=out.parent))
        try:
            site, stdlib = staging / "site", staging / "stdlib"
            wheels = staging / "wheels"
            wheels.mkdir()
            for dist_name in PURE:
                installed_wheel(wheels, dist_name)
            app_wheel(wheels)
            shutil.copyfile(msgpack_wheel(Path(cache) if cache else CACHE), wheels / "msgpack.whl")
            for wheel in sorted(wheels.glob("*.whl")):
                with zipfile.ZipFile(wheel) as zf:
                    zf.extractall(site)
            with zipfile.ZipFile(web / "pyodide" / "python_stdlib.zip") as zf:
                for item in zf.infolist():
                    if not item.is_dir() and not item.filename.startswith(STDLIB_DROPPED):
                        zf.extract(item, stdlib)
            for path in list(site.rglob("*")):  # what no running app reads
                if path.is_file() and (path.suffix == ".pyi" or path.name == "py.typed"
                                       or path.relative_to(site).parts[0] == "flutter"  # flet build's Dart
                                       or (path.name == "RECORD" and path.parent.suffix == ".dist-info")
                                       or path.relative_to(site).as_posix() in SITE_DROPPED):
                    path.unlink()
            loaded = loaded_modules(web / "pyodide", site)
            trim_stdlib(site, stdlib, loaded)
            compiled = compile_bytecode(web / "pyodide", site, stdlib, loaded)
            (tmp / SITE_PACK).write_bytes(pack_tree(site))
            # stored, not deflated: LZMA packs the whole zip (1.5 MB) smaller than deflate packs
            # its files one by one (2.1 MB), and zipimport then reads without inflating
            with zipfile.ZipFile(pyo / "python_stdlib.zip", "w", zipfile.ZIP_STORED) as zf:
                for path in sorted(p for p in stdlib.rglob("*") if p.is_file()):
                    info = zipfile.ZipInfo(path.relative_to(stdlib).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_STORED
                    zf.writestr(info, path.read_bytes())
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        lock = json.loads((web / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
        lock["packages"] = {}  # nothing for Pyodide to load: the site is installed already
        (pyo / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
        (pyo / "pyodide.asm.mjs").write_text(_pyodide_asm(web), encoding="utf-8")
        python_id = hashlib.sha256(WORKER.encode())
        for part in (tmp / SITE_PACK, pyo / "python_stdlib.zip", pyo / "pyodide.asm.wasm", pyo / "pyodide.asm.mjs"):
            python_id.update(hashlib.sha256(part.read_bytes()).digest())
        (tmp / "python-worker.js").write_text(WORKER.replace("__SITE_PACK__", SITE_PACK)
                                              .replace("__SITE_PACKAGES__", SITE_PACKAGES)
                                              .replace("__PYTHON_ID__", python_id.hexdigest()[:16]), encoding="utf-8")
        (tmp / "python.js").write_text(_python_js(web), encoding="utf-8")

        info = seal(tmp, started, {"site_pack_bytes": (tmp / SITE_PACK).stat().st_size, "bytecode": compiled},
                    Path(cache) if cache else CACHE)
        if out.exists():
            shutil.rmtree(out)
        os.replace(tmp, out)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion build-web", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=None,
                        help="the folder to write (replaced); default: the one companion serve hands out under "
                             "/app/ (in the user's data folder)")
    parser.add_argument("--cache", default=None, help=f"where msgpack's Pyodide wheel and the packed files are kept (default {CACHE})")
    args = parser.parse_args(argv)
    info = build(Path(args.out) if args.out else default_out(), Path(args.cache) if args.cache else None)
    print(json.dumps({k: v for k, v in info.items() if k != "wheels"}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
