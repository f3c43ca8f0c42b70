"""The one gate every outside text passes before the engine sees it.

``companion referee`` transcripts and ``companion import`` files go through
here: size limits (line length, file size, number of lines), strict UTF-8
(undecodable bytes and lone surrogates such as ``"\\ud800"`` refused), a JSON
nesting limit checked by a linear bracket scan *before* ``json.loads`` (so no
RecursionError), and numbers checked while parsing: integers beyond
``±MAX_INT`` (a 5000-digit number, ``1e25``), fractions, ``NaN`` and
``Infinity`` never reach a rule or a message formatter; an object that gives a key
twice is refused (not read as its last value), and an escaped lone surrogate
(``"\\ud800"``, half of a pair) is named as such.  Player names are kept in one
Unicode form (NFC: é typed as e + a combining accent is é) and may hold emoji
sequences with joiners (👩‍🍳); any other invisible character is refused, and a
message shows it as ``[U+200D]``.  Each refusal is an
:class:`InputRefused` with a stable code, the 1-based line and the params its
message needs; the messages are in :data:`companion.messages.CORE_MESSAGES`.

Everything here is linear in the input.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any, BinaryIO, Iterator, TextIO

#: the largest integer any game takes (money, counts, seats are far smaller)
MAX_INT = 10**9
#: characters in one transcript line
MAX_LINE = 64 * 1024
#: lines in one transcript
MAX_LINES = 1_000_000
#: bytes in one import file (a 400k-action log is about 20 MB)
MAX_FILE = 64 * 1024 * 1024
#: nesting of JSON arrays and objects
MAX_DEPTH = 32
#: longest player name, after trimming
MAX_NAME = 40


class InputRefused(Exception):
    """Outside input refused before it reached the engine."""

    def __init__(self, code: str, at: int | None = None, **params: Any) -> None:
        self.code = code
        self.line = at
        self.params = params
        super().__init__(f"{code} line={at} {params}")


# ----- bytes and text ---------------------------------------------------------------
def decode(data: bytes, first_line: int = 1) -> str:
    """Strict UTF-8 (a leading BOM is dropped); the line of a bad byte is named."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = first_line + data.count(b"\n", 0, exc.start)
        raise InputRefused("input_bad_utf8", line, line=line) from None
    return text[1:] if text.startswith("\ufeff") and first_line == 1 else text


def check_text(text: str, line: int | None = None) -> str:
    """A text already decoded (stdin, a test) must still be valid UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputRefused("input_bad_utf8", line, line=line) from None
    return text


def read_file(path: str, limit: int = MAX_FILE) -> bytes:
    """A whole file, refusing a missing path, a folder or an oversized file."""
    import os

    try:
        if os.path.isdir(path):
            raise InputRefused("input_not_a_file", None, file=path)
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise InputRefused("input_no_file", None, file=path) from None
    except IsADirectoryError:
        raise InputRefused("input_not_a_file", None, file=path) from None
    except OSError as exc:
        raise InputRefused("input_unreadable", None, file=path, reason=exc.strerror or str(exc)) from None
    if len(data) > limit:
        raise InputRefused("input_too_large", None, limit=limit)
    return data


def open_lines(path: str) -> BinaryIO:
    """A transcript file opened for :func:`lines`; same refusals as read_file."""
    import os

    if os.path.isdir(path):
        raise InputRefused("input_not_a_file", None, file=path)
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise InputRefused("input_no_file", None, file=path) from None
    except IsADirectoryError:
        raise InputRefused("input_not_a_file", None, file=path) from None
    except OSError as exc:
        raise InputRefused("input_unreadable", None, file=path, reason=exc.strerror or str(exc)) from None


def lines(stream: BinaryIO | TextIO, max_line: int = MAX_LINE, max_lines: int = MAX_LINES) -> Iterator[tuple[int, str]]:
    """(line number, text) for each line, never holding more than one line.

    Bytes are decoded strictly; a text stream is checked for lone surrogates.
    A line longer than ``max_line`` or more than ``max_lines`` lines is refused
    without reading the rest."""
    number = 0
    cap = max_line * 4 + 2  # a UTF-8 character is at most 4 bytes, plus CR LF
    while True:
        raw = stream.readline(cap)
        if not raw:
            return
        number += 1
        if number > max_lines:
            raise InputRefused("input_too_many_lines", number, line=number, limit=max_lines)
        newline = b"\n" if isinstance(raw, bytes) else "\n"
        if len(raw) >= cap and not raw.endswith(newline):  # type: ignore[arg-type]
            raise InputRefused("input_line_too_long", number, line=number, limit=max_line)
        text = decode(raw, number) if isinstance(raw, bytes) else check_text(raw, number)
        if number == 1 and text.startswith("\ufeff"):
            text = text[1:]
        text = text.rstrip("\r\n")
        if len(text) > max_line:
            raise InputRefused("input_line_too_long", number, line=number, limit=max_line)
        yield number, text


# ----- JSON ---------------------------------------------------------------------
def check_depth(text: str, limit: int = MAX_DEPTH, first_line: int = 1) -> None:
    """Refuse nesting deeper than ``limit`` with one linear scan (strings skipped)."""
    depth = 0
    in_string = False
    escaped = False
    for index, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                line = first_line + text.count("\n", 0, index)
                raise InputRefused("input_too_deep", line, line=line, limit=limit)
        elif ch in "]}":
            depth -= 1


def _parse_int(token: str) -> int:
    digits = token.lstrip("-")
    if len(digits) > len(str(MAX_INT)) or abs(int(token)) > MAX_INT:
        raise InputRefused("input_number_out_of_range", None, limit=MAX_INT)
    return int(token)


def _parse_float(token: str) -> float:
    raise InputRefused("input_not_an_integer", None, value=token[:24])


def _parse_constant(token: str) -> Any:
    raise InputRefused("input_not_an_integer", None, value=token)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (two "player" keys would let the last win
    silently)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise InputRefused("input_duplicate_key", None, key=shown(key))
    return obj


def _escaped_surrogate(text: str, line: int | None) -> None:
    """A string of the parsed JSON holds a lone surrogate: the line was valid UTF-8, so it
    came from an escape such as ``\\ud800`` (half of a pair, no character)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        escape = "\\u%04x" % ord(text[exc.start])
        if line is None:  # a whole file: no line to name
            raise InputRefused("input_lone_surrogate", None, escape=escape, why="file") from None
        raise InputRefused("input_lone_surrogate", line, line=line, escape=escape) from None


def _check_strings(value: Any, line: int | None) -> None:
    """Every string and key must be encodable (no lone surrogates from escapes)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            _escaped_surrogate(item, line)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            for key, sub in item.items():
                _escaped_surrogate(key, line)
                stack.append(sub)


def loads(text: str, line: int | None = None, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` behind the gate.  ``line`` is the transcript line (for a
    whole file, ``None``: lines are then counted inside ``text``)."""
    check_depth(text, max_depth, line or 1)
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant,
                           object_pairs_hook=_object)
    except InputRefused as exc:
        if exc.line is None:
            exc.line = line
            if line is not None:
                exc.params.setdefault("line", line)
            elif exc.code == "input_duplicate_key":
                exc.params["why"] = "file"  # a whole file: no line to name
        raise
    except json.JSONDecodeError as exc:
        at = line if line is not None else exc.lineno
        raise InputRefused("bad_json", at, line=at, column=exc.colno) from None
    except RecursionError:  # the depth scan makes this unreachable; kept as a net
        raise InputRefused("input_too_deep", line, line=line, limit=max_depth) from None
    _check_strings(value, line)
    return value


def dumps(value: Any) -> str:
    """Strict JSON out: NaN and Infinity are an error, never bare tokens."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


# ----- names ----------------------------------------------------------------------
ZWJ = "\u200d"  # the zero-width joiner of emoji sequences (👩‍🍳 = 👩 + ZWJ + 🍳)
_TAGS = range(0xE0020, 0xE0080)  # the tag letters of subdivision flags (🏴 + g b s c t + cancel)


def _emoji_part(ch: str) -> bool:
    """A character an emoji sequence joins: a pictograph or symbol, a skin tone, a variation selector."""
    return unicodedata.category(ch) in ("So", "Sk") or ch in "\ufe0e\ufe0f"


def visible(text: str, i: int) -> bool:
    """Whether ``text[i]`` may stand in a name: a printable character, a joiner inside an
    emoji sequence, or a tag letter of a flag."""
    ch = text[i]
    if ch.isprintable():
        return True
    if ch == ZWJ:
        return 0 < i < len(text) - 1 and _emoji_part(text[i - 1]) and unicodedata.category(text[i + 1]) == "So"
    if ord(ch) in _TAGS:
        j = i
        while j > 0 and ord(text[j - 1]) in _TAGS:
            j -= 1
        return j > 0 and text[j - 1] == "\U0001F3F4"  # 🏴, the flag the tags spell out
    return False


def normal_name(name: str) -> str:
    """A player name as kept and compared: trimmed, in Unicode's composed form (NFC)."""
    return unicodedata.normalize("NFC", name.strip())


def name_problem(name: Any) -> tuple[str, dict[str, Any]] | None:
    """Why a player name is refused (code, params), or None.

    A name is text, 1–MAX_NAME characters once trimmed (and composed, NFC), every character
    visible (:func:`visible`): no control characters, ANSI escapes, CR or LF, no invisible
    joiner or direction mark outside an emoji sequence."""
    if not isinstance(name, str):
        return "bad_name", {"name": shown(name)}
    text = normal_name(name)
    if not text:
        return "empty_name", {}
    if len(text) > MAX_NAME:
        return "name_too_long", {"name": shown(text), "max": MAX_NAME}
    if not all(visible(text, i) for i in range(len(text))):
        return "bad_name", {"name": shown(text)}
    return None


# ----- names that look alike ---------------------------------------------------------
#: capitals of the Cyrillic and Greek scripts (and Latin ones) that pass for a Latin capital, read
#: before case is folded: Cyrillic "А" is Latin "A", capital I is a small l in most phone fonts
_LOOKALIKE_CAPITALS = str.maketrans({
    **dict.fromkeys("ΑА", "a"), **dict.fromkeys("ΒВ", "b"), **dict.fromkeys("ΕЕ", "e"), "Ζ": "z",
    **dict.fromkeys("ΗН", "h"), **dict.fromkeys("ΙІӀI|", "l"), **dict.fromkeys("ΚК", "k"),
    **dict.fromkeys("ΜМ", "m"), "Ν": "n", **dict.fromkeys("ΟО0", "o"), **dict.fromkeys("ΡР", "p"),
    **dict.fromkeys("ΤТ", "t"), **dict.fromkeys("ΥҮ", "y"), **dict.fromkeys("ΧХ", "x"), "С": "c",
    "Ѕ": "s", "Ј": "j", "Ԛ": "q", "Ԝ": "w", "З": "3", "1": "l",
})
#: small letters of those scripts that pass for a small Latin letter (after case folding)
_LOOKALIKE_SMALL = str.maketrans({
    **dict.fromkeys("аα", "a"), "е": "e", **dict.fromkeys("оοσ", "o"), **dict.fromkeys("рρ", "p"),
    "с": "c", **dict.fromkeys("уγ", "y"), **dict.fromkeys("хχ", "x"), **dict.fromkeys("іιı", "i"),
    "ј": "j", "ѕ": "s", "ԁ": "d", "һ": "h", **dict.fromkeys("ӏℓ", "l"), "ԛ": "q", "ԝ": "w",
    "к": "k", "κ": "k", "ν": "v", "υ": "u", "ɡ": "g", "ё": "ë", "ї": "ï", "ѵ": "v", "ԍ": "g",
})


def skeleton(name: str) -> str:
    """What a name looks like, for telling two names apart: compatibility forms folded (NFKC:
    full-width "Ａｎｎ" is "Ann"), look-alike letters of the Cyrillic and Greek scripts read as the
    Latin letter they pass for (Cyrillic "Аnn" is "Ann"), case folded, runs of spaces as one.
    Two names with one skeleton are refused at one table.  Chinese characters are kept as they
    are: 小華 and 小华 differ at a glance, so both may sit at one table (the Simplified and
    Traditional forms of one name are two names, as their writers see them)."""
    text = unicodedata.normalize("NFKC", normal_name(name)).translate(_LOOKALIKE_CAPITALS).casefold()
    text = unicodedata.normalize("NFKC", text).translate(_LOOKALIKE_SMALL)
    return " ".join(text.split())


def lookalikes(names: list[str]) -> list[tuple[str, str]]:
    """(name, the earlier name it looks like) for each name whose skeleton an earlier one has;
    names equal but for case are left to the duplicate check."""
    seen: dict[str, str] = {}
    out: list[tuple[str, str]] = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            continue
        key = skeleton(name)
        other = seen.get(key)
        if other is not None and normal_name(other).casefold() != normal_name(name).casefold():
            out.append((normal_name(name), normal_name(other)))
        seen.setdefault(key, name)
    return out


# ----- other text typed in: PINs, searches --------------------------------------------
#: characters of a rules search kept (a question, never a document)
MAX_QUERY = 200


def normal_pin(text: Any) -> str:
    """A PIN as typed on any keyboard: full-width digits (a Chinese keyboard's １２３) read as
    digits, spaces around it dropped.  Anything else stays, for ``access.valid_pin`` to refuse;
    a PIN is never longer than 64 characters here (no PBKDF2 of a megabyte)."""
    if not isinstance(text, str):
        return ""
    return unicodedata.normalize("NFKC", text[:64]).strip()


def normal_query(text: Any) -> str:
    """A rules search as the search reads it: controls, invisible and direction characters
    dropped (a zero-width space or a right-to-left override would make a word that looks right
    find nothing, or turn the "Nothing found for ..." line around), NFKC (full-width letters are
    letters), spaces collapsed, at most :data:`MAX_QUERY` characters."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFKC", text[: MAX_QUERY * 4])
    kept = "".join(ch if ch.isprintable() else " " if ch.isspace() else "" for ch in text)
    return " ".join(kept.split())[:MAX_QUERY]


def shown(value: Any, limit: int = MAX_NAME) -> str:
    """A safe, short rendering of outside text for a message: an invisible character is
    written as its code point, [U+200D], so the message shows what is wrong; an emoji
    sequence stays whole."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)[:limit * 2]
    safe = "".join(ch if visible(text, i) else f"[U+{ord(ch):04X}]" for i, ch in enumerate(text))
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"
