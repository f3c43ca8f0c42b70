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

    __slots__ = ("_parts", "_ends", "_n")

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self._parts: list[list[Action] | _Lazy] = []
        self._ends: list[int] = []  # the running total after each part
        self._n = 0
        if actions:
            self.extend(actions)

    # ----- building --------------------------------------------------------
    def _push(self, part: list[Action] | _Lazy, size: int) -> None:
        if size:
            self._n += size
            self._parts.append(part)
            self._ends.append(self._n)

    def append(self, action: Action) -> None:
        parts = self._parts
        if parts and type(parts[-1]) is list:
            parts[-1].append(action)  # type: ignore[union-attr]
            self._n += 1
            self._ends[-1] = self._n
        else:
            self._push([action], 1)

    def extend(self, actions: Iterable[Action]) -> None:
        listed = list(actions)
        parts = self._parts
        if listed and parts and type(parts[-1]) is list:
            parts[-1].extend(listed)  # type: ignore[union-attr]
            self._n += len(listed)
            self._ends[-1] = self._n
        else:
            self._push(listed, len(listed))

    def lazy(self, count: int, build: Callable[[int], Action], type: str | None = None) -> None:
        """``count`` actions, the i-th made by ``build(i)`` only when asked for; ``type``:
        the action type they all have, or a tag (lets :meth:`excluding` skip them whole)."""
        if count > 0:
            self._push(_Lazy(count, build, type), count)

    def tagged(self, actions: Sequence[Action], tag: str) -> None:
        """A listed part under ``tag`` (lets :meth:`excluding` drop it whole)."""
        if actions:
            self._push(_Lazy(len(actions), actions.__getitem__, tag), len(actions))

    # ----- reading ---------------------------------------------------------
    def __len__(self) -> int:
        return self._n

    def _at(self, index: int) -> Action:
        n = self._n
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(index)
        ends = self._ends
        if index < ends[0]:
            part, offset = self._parts[0], index
        else:
            k = bisect_right(ends, index)
            part, offset = self._parts[k], index - ends[k - 1]
        return part.build(offset) if type(part) is _Lazy else part[offset]  # type: ignore[union-attr,index]

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(self._n))]
        return self._at(index)

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            if type(part) is _Lazy:
                build = part.build  # type: ignore[union-attr]
                for i in range(part.count):  # type: ignore[union-attr]
                    yield build(i)
            else:
                yield from part  # type: ignore[misc]

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalActions({len(self)} actions)"

    def sample(self, rng: random.Random) -> Action:
        """One action at random, every listed action equally likely; builds only that one."""
        return self._at(rng.randrange(self._n))

    def excluding(self, *types: str) -> "LegalActions":
        """The same list without actions of ``types`` or parts tagged so (lazy parts of
        another type stay lazy)."""
        out = LegalActions()
        for part in self._parts:
            if type(part) is _Lazy:
                kind = part.type  # type: ignore[union-attr]
                if kind is None:
                    out.extend(a for a in (part.build(i) for i in range(part.count))  # type: ignore[union-attr]
                               if a.type not in types)
                elif kind not in types:
                    out._push(part, part.count)  # type: ignore[union-attr]
            else:
                kept = [a for a in part if a.type not in types]  # type: ignore[union-attr]
                out._push(kept, len(kept))
        return out


def excluding(actions: Sequence[Action], *types: str) -> Sequence[Action]:
    """``actions`` without those of ``types``, lazily when it is a :class:`LegalActions`."""
    if isinstance(actions, LegalActions):
        return actions.excluding(*types)
    return [a for a in actions if a.type not in types]
