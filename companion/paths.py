"""Where the app finds its data and keeps the user's."""

from __future__ import annotations

import os
import sys
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _data_root() -> Path:
    # An installed wheel carries rules_data/ and locales/ inside the package
    # (pyproject: force-include); a source checkout has them beside it.
    bundled = _PKG / "_data"
    if (bundled / "rules_data").is_dir():
        return bundled
    return _PKG.parent


def rules_dir() -> Path:
    return _data_root() / "rules_data"


def locales_dir() -> Path:
    return _data_root() / "locales"


def assets_dir() -> Path:
    return _PKG / "ui" / "assets"


def user_data_dir() -> Path:
    """The user's data folder; ``COMPANION_DATA_DIR`` overrides it."""
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        path = Path(override)
    elif sys.platform == "win32":
        path = Path(os.environ.get("APPDATA", Path.home())) / "TableCompanion"
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / "TableCompanion"
    else:
        path = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "table-companion"
    path.mkdir(parents=True, exist_ok=True)
    return path
