"""Names the shell shows for games and their options: the game's title, an
option's label and an option value's label, in a language.  Used by the
screens, the rules reader, the history and the join screens (kept apart so
none of them imports another screen for a title)."""

from __future__ import annotations

from typing import Any

from ..rules import library


def game_title(game_id: str, lang: str) -> str:
    """The game's name in ``lang`` (its id if the rules text is missing)."""
    try:
        return library.game_name(game_id, lang)
    except Exception:  # noqa: BLE001 - a game whose rules text is missing still shows
        return game_id


def option_label(game_id: str, key: str, lang: str) -> str:
    """A setup option's label (``option.<key>``), else the key."""
    text = library.message(game_id, lang, f"option.{key}")
    return text or key


def option_hint(game_id: str, key: str, lang: str) -> str | None:
    """What a setup option does, in one line (``option_hint.<key>``), or None."""
    return library.message(game_id, lang, f"option_hint.{key}")


def option_value_label(game_id: str, key: str, value: Any, lang: str) -> str:
    """A setup option value's label (``option.<key>.<value>``), else the value."""
    text = library.message(game_id, lang, f"option.{key}.{value}")
    return text or str(value)
