"""A lazy list of legal actions (python-chess's ``LegalMoveGenerator`` idea).

``Game.legal_actions`` may return a plain list or a :class:`LegalActions`: a
sequence made of parts, each either a list of actions or a *lazy* part — a
count and a function building the i-th action on demand.  ``len``, indexing
(so ``random.choice``), slicing, iteration, ``in`` and ``==`` against a list all
work, so callers need not know which they got; a random playout asks for one
index and builds one action instead of thousands (Manila's dice: 216 faces
times the docking orders).  Every action it yields is still checked by the
normal pipeline when applied.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any, Callable, Iterable, Iterator, Sequence, overload

from .actions import Action


class _Lazy:
    __slots__ = ("count", "build", "type")

    def __init__(self, count: int, build: Callable[[int], Action], type: str | None) -> None:
        self.count, self.build, self.type = count, build, type


class LegalActions(Sequence[Action]):
    """Legal actions in a deterministic order, built part by part, on demand."""

    __slots__ = ("_parts", "_ends")

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self._parts: list[list[Action] | _Lazy] = []
        self._ends: list[int] = []
        listed = list(actions)
        if listed:
            self.extend(listed)

    # ----- building --------------------------------------------------------
    def _push(self, part: list[Action] | _Lazy, size: int) -> None:
        if size < 0:
            size = len(part)  # type: ignore[arg-type]
        if size:
            self._parts.append(part)
            self._ends.append((self._ends[-1] if self._ends else 0) + size)

    def append(self, action: Action) -> None:
        if self._parts and type(self._parts[-1]) is list:
            self._parts[-1].append(action)  # type: ignore[union-attr]
            self._ends[-1] += 1
        else:
            self._push([action], 1)

    def extend(self, actions: Iterable[Action]) -> None:
        listed = list(actions)
        if listed and self._parts and type(self._parts[-1]) is list:
            self._parts[-1].extend(listed)  # type: ignore[union-attr]
            self._ends[-1] += len(listed)
        else:
            self._push(listed, len(listed))

    def lazy(self, count: int, build: Callable[[int], Action], type: str | None = None) -> None:
        """``count`` actions, the i-th made by ``build(i)`` only when asked for; ``type``:
        the action type they all have, or a tag (lets :meth:`excluding` skip them whole)."""
        self._push(_Lazy(count, build, type), count)

    def tagged(self, actions: Sequence[Action], tag: str) -> None:
        """A listed part under ``tag`` (lets :meth:`excluding` drop it whole)."""
        self._push(_Lazy(len(actions), actions.__getitem__, tag), len(actions))

    # ----- reading ---------------------------------------------------------
    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def _at(self, index: int) -> Action:
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(index)
        k = bisect_right(self._ends, index)
        part = self._parts[k]
        offset = index - (self._ends[k - 1] if k else 0)
        return part.build(offset) if isinstance(part, _Lazy) else part[offset]

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        return self._at(index)

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            if isinstance(part, _Lazy):
                for i in range(part.count):
                    yield part.build(i)
            else:
                yield from part

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalActions({len(self)} actions)"

    def sample(self, rng: random.Random) -> Action:
        """One action at random, every listed action equally likely; builds only that one."""
        return self._at(rng.randrange(len(self)))

    def excluding(self, *types: str) -> "LegalActions":
        """The same list without actions of ``types`` or parts tagged so (lazy parts of
        another type stay lazy)."""
        out = LegalActions()
        for part in self._parts:
            if isinstance(part, _Lazy):
                if part.type is None:
                    out.extend(a for a in (part.build(i) for i in range(part.count)) if a.type not in types)
                elif part.type not in types:
                    out._push(part, part.count)
            elif any(a.type in types for a in part):
                out._push([a for a in part if a.type not in types], -1)
            else:
                out._push(list(part), len(part))
        return out


def excluding(actions: Sequence[Action], *types: str) -> Sequence[Action]:
    """``actions`` without those of ``types``, lazily when it is a :class:`LegalActions`."""
    if isinstance(actions, LegalActions):
        return actions.excluding(*types)
    return [a for a in actions if a.type not in types]
