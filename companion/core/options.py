"""A table option (a variant switch, a target score): declared in facts.json, parsed here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..inputgate import MAX_INT


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A table option: ``kind`` is bool, int or choice."""

    key: str
    kind: Literal["bool", "int", "choice"]
    default: Any
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None

    def parse(self, raw: Any) -> Any:
        """Turn a CLI/UI value into the option's type; ValueError if it can't."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ValueError(raw)
        if self.kind == "int":
            text = str(raw).strip() if not isinstance(raw, int) or isinstance(raw, bool) else ""
            if len(text) > 12:  # never parse a 5000-digit number
                raise ValueError("too long")
            value = raw if isinstance(raw, int) and not isinstance(raw, bool) else int(text)
            if abs(value) > MAX_INT:
                raise ValueError(raw)
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise ValueError(raw)
            return value
        for choice in self.choices:
            if str(choice) == str(raw):
                return choice
        raise ValueError(raw)
