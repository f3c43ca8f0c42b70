"""Finding the replayable examples in docs/transcripts/<game>.md.

An example is a fenced block whose info string is
``jsonl referee <game> players=A,B,C [key=value ...]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^```jsonl referee (\S+)((?: \S+=\S*)*)\s*\n(.*?)^```", re.M | re.S)


@dataclass(frozen=True)
class Example:
    source: str
    line: int
    game: str
    players: list[str]
    options: dict[str, str]
    body: str


def examples(path: Path) -> list[Example]:
    text = path.read_text(encoding="utf-8")
    out = []
    for match in FENCE.finditer(text):
        pairs = dict(p.split("=", 1) for p in match.group(2).split())
        players = pairs.pop("players", "").split(",")
        out.append(Example(path.name, text.count("\n", 0, match.start()) + 1, match.group(1),
                           players, pairs, match.group(3)))
    return out
