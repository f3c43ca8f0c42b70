"""The three kinds of refusal, modelled on python-chess.

Every refusal carries a stable ``code`` (translated by the UI and the CLI), the
``params`` its message needs, and ``rule``: the id of the rules clause it
enforces (``manila.auction.rising-bids``).  Engines never format messages
themselves; ``companion.messages`` does that in the reader's language.
"""

from __future__ import annotations

from typing import Any, Mapping


class RefereeError(Exception):
    """Base class of every refusal. Never raised directly."""

    kind = "error"

    def __init__(self, code: str, rule: str | None = None, **params: Any) -> None:
        self.code = code
        self.rule = rule
        self.params: dict[str, Any] = dict(params)
        super().__init__(self._describe())

    def _describe(self) -> str:
        extra = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{self.code}{rule}" + (f" ({extra})" if extra else "")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "code": self.code, "rule": self.rule,
                "params": _plain(self.params)}


class MalformedAction(RefereeError):
    """The input is not an action of this game at all: unknown type, missing or
    wrongly typed parameters, a seat that does not exist."""

    kind = "malformed"


class IllegalAction(RefereeError):
    """A well-formed action the rules forbid right now."""

    kind = "illegal"


class AmbiguousAction(RefereeError):
    """The action could mean more than one thing; the caller must say which
    (e.g. two boats arrive on one roll and the order was not given)."""

    kind = "ambiguous"


class StaleTable(RefereeError):
    """Another device or process changed the table since this one last saw it.

    The write was refused and nothing was stored; the refused session has
    already reloaded the table as it is now (code ``stale_table``)."""

    kind = "stale"

    def __init__(self, table_id: str = "", expected: int | None = None, found: int | None = None) -> None:
        super().__init__("stale_table", None)
        self.table_id = table_id
        self.expected = expected
        self.found = found


class SetupError(Exception):
    """A table setup with problems; ``problems`` lists each with its code."""

    def __init__(self, problems: list["SetupProblem"]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.code for p in problems))


class SetupProblem:
    __slots__ = ("code", "params")

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        return f"SetupProblem({self.code!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SetupProblem) and (self.code, self.params) == (other.code, other.params)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
