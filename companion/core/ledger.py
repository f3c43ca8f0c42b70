"""An append-only record (a money ledger) that a state clone copies in O(1).

Manila and Modern Art keep every movement of money in their state.  As a plain
list, every clone of the state (one per action, in the legality pipeline)
copied the whole record, so replaying a long log cost time and memory that grew
with the square of its length.  A :class:`Ledger` keeps its entries in frozen
chunks that every copy shares, plus a short tail of its own: a copy costs at
most ``CHUNK`` references, whatever the length.  Entries must be immutable
(tuples, NamedTuples), as ledger entries are.
"""

from __future__ import annotations

from typing import Any, Generic, Iterable, Iterator, Sequence, TypeVar, overload

T = TypeVar("T")


class Ledger(Sequence[T], Generic[T]):
    """A sequence you can only append to; ``copy()`` shares the frozen chunks."""

    CHUNK = 256
    __slots__ = ("_chunks", "_tail", "_frozen")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._chunks: tuple[tuple[T, ...], ...] = ()
        self._tail: list[T] = []
        self._frozen = 0  # entries held in _chunks
        for item in items:
            self.append(item)

    def append(self, item: T) -> None:
        self._tail.append(item)
        if len(self._tail) >= self.CHUNK:
            self._chunks = self._chunks + (tuple(self._tail),)
            self._frozen += len(self._tail)
            self._tail = []

    def copy(self, memo: dict[int, Any] | None = None) -> "Ledger[T]":
        """A copy sharing the frozen chunks; also ``copy.copy`` and ``copy.deepcopy``
        (the entries are immutable), called directly by the compiled state clone."""
        new: Ledger[T] = Ledger.__new__(Ledger)
        new._chunks, new._tail, new._frozen = self._chunks, self._tail.copy(), self._frozen
        return new

    __copy__ = copy
    __deepcopy__ = copy

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ledger, (list(self),))

    def __len__(self) -> int:
        return self._frozen + len(self._tail)

    def __iter__(self) -> Iterator[T]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail

    def __reversed__(self) -> Iterator[T]:
        yield from reversed(self._tail)
        for chunk in reversed(self._chunks):
            yield from reversed(chunk)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index >= self._frozen:
            return self._tail[index - self._frozen]
        return self._chunks[index // self.CHUNK][index % self.CHUNK]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Ledger, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Ledger({list(self)!r})"
