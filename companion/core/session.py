"""A table in play: the action log is the truth.

``Session`` holds the setup, the log and a cursor (how many log entries are in
force).  The current state is always ``replay(log[:cursor])``; undo moves the
cursor back, redo forward, a new action after an undo drops the redo tail.
Snapshots every ``SNAPSHOT_EVERY`` actions make any position cheap to rebuild;
only the initial state and the ``KEEP_SNAPSHOTS`` most recent ones are kept in
memory (a stored table finds older ones in the database through
``snapshot_source``), so memory stays bounded however long the log grows.
Save, resume, export and replay all go through the same log.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Iterable, MutableSequence, TypeVar

from .actions import Action
from .errors import IllegalAction, RefereeError
from .game import Game, TableSetup

S = TypeVar("S")

SNAPSHOT_EVERY = 64
#: in-memory snapshots kept besides the initial state (the most recent ones)
KEEP_SNAPSHOTS = 8


class Session(Generic[S]):
    def __init__(self, game: Game[S], setup: TableSetup) -> None:
        self.game = game
        self.setup = setup
        self.log: MutableSequence[Action] = []
        self.cursor = 0
        self._state: S = game.new_state(setup)
        # seq -> state after `seq` actions; 0 is the initial state
        self._snapshots: dict[int, S] = {0: game.clone(self._state)}
        #: where to find a stored snapshot at or before a position (set by storage)
        self.snapshot_source: Callable[[int], tuple[int, S] | None] | None = None

    # ----- reading -----------------------------------------------------------
    @property
    def state(self) -> S:
        return self._state

    @property
    def actions(self) -> list[Action]:
        """The actions in force (the log up to the cursor)."""
        return self.log[: self.cursor]

    def can_undo(self) -> bool:
        return self.cursor > 0 and self.game.undoable(self.log[self.cursor - 1])

    def can_redo(self) -> bool:
        return self.cursor < len(self.log)

    # ----- changing ----------------------------------------------------------
    def preview(self, action: Action) -> S:
        """The state ``action`` would lead to; raises if it is refused."""
        return self.game.apply(self._state, action)

    def commit(self, action: Action, new_state: S) -> None:
        """Record an action already validated by :meth:`preview`.

        O(1) apart from dropping a redo tail: snapshots are kept in position
        order, so only those past the cursor are looked at."""
        if self.cursor < len(self.log):
            del self.log[self.cursor :]
            self._drop_snapshots_after(self.cursor)
        self.log.append(action)
        self.cursor += 1
        self._state = new_state
        if self.cursor % SNAPSHOT_EVERY == 0:
            self._keep_snapshot(self.cursor, self.game.clone(new_state))

    def _keep_snapshot(self, seq: int, state: S) -> None:
        """Remember the state after ``seq`` actions, evicting the oldest
        (but never the initial state) beyond ``KEEP_SNAPSHOTS``."""
        if seq in self._snapshots:
            return
        self._snapshots[seq] = state
        if len(self._snapshots) > KEEP_SNAPSHOTS + 1:
            oldest = min(k for k in self._snapshots if k)  # bounded: KEEP_SNAPSHOTS + 2 keys
            del self._snapshots[oldest]

    def _drop_snapshots_after(self, cursor: int) -> None:
        for seq in [s for s in self._snapshots if s > cursor]:  # bounded dict
            del self._snapshots[seq]

    def apply(self, action: Action) -> S:
        new_state = self.preview(action)
        self.commit(action, new_state)
        return new_state

    def undo(self) -> None:
        if self.cursor == 0:
            raise IllegalAction("nothing_to_undo", None)
        if not self.game.undoable(self.log[self.cursor - 1]):
            raise IllegalAction("not_undoable", None, action=self.log[self.cursor - 1].type)
        self.seek(self.cursor - 1)

    def redo(self) -> None:
        if self.cursor >= len(self.log):
            raise IllegalAction("nothing_to_redo", None)
        self._state = self.game.apply(self._state, self.log[self.cursor])
        self.cursor += 1

    def seek(self, cursor: int) -> None:
        """Rebuild the state after ``cursor`` actions from the nearest snapshot."""
        self._state = self.state_at(cursor)
        self.cursor = cursor

    def state_at(self, cursor: int) -> S:
        """The state after ``cursor`` actions, without moving the cursor."""
        if cursor == self.cursor:
            return self._state
        if cursor == self.cursor + 1 and cursor <= len(self.log):
            return self.game.apply(self._state, self.log[self.cursor])
        base = max(s for s in self._snapshots if s <= cursor)
        if self.snapshot_source is not None and cursor - base > SNAPSHOT_EVERY:
            stored = self.snapshot_source(cursor)
            if stored is not None and base < stored[0] <= cursor:
                base = stored[0]
                self._keep_snapshot(base, stored[1])
                state = self.game.clone(stored[1])
            else:
                state = self.game.clone(self._snapshots[base])
        else:
            state = self.game.clone(self._snapshots[base])
        if self.cursor > base and self.cursor <= cursor:
            # the current state is nearer than any snapshot
            base, state = self.cursor, self.game.clone(self._state)
        for seq in range(base, cursor):
            state = self.game.apply(state, self.log[seq])
            if (seq + 1) % SNAPSHOT_EVERY == 0:
                self._keep_snapshot(seq + 1, self.game.clone(state))
        return state

    def move_to(self, cursor: int, state: S) -> None:
        """Set the cursor and its state (computed by :meth:`state_at`)."""
        self.cursor = cursor
        self._state = state

    # ----- building ----------------------------------------------------------
    @classmethod
    def replay(cls, game: Game[S], setup: TableSetup, log: Iterable[Action] | MutableSequence[Action],
               cursor: int | None = None, start: tuple[int, S] | None = None) -> "Session[S]":
        """A session whose log is ``log`` with ``cursor`` actions in force.

        ``start`` = (seq, state) lets a stored snapshot skip the first actions.
        Raises the first refusal met, with ``index`` (0-based) in its params.
        """
        session = cls(game, setup)
        # a lazily loaded log (storage) is kept as it is; anything else is copied
        session.log = log if isinstance(log, MutableSequence) and not isinstance(log, list) else list(log)
        end = len(session.log) if cursor is None else cursor
        state = session._state
        first = 0
        if start is not None and 0 < start[0] <= end:
            first, state = start[0], game.clone(start[1])
            session._keep_snapshot(first, game.clone(state))
        for index in range(first, end):
            try:
                state = game.apply(state, session.log[index])
            except RefereeError as exc:
                exc.params.setdefault("index", index)
                raise
            if (index + 1) % SNAPSHOT_EVERY == 0:
                session._keep_snapshot(index + 1, game.clone(state))
        session._state = state
        session.cursor = end
        return session

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "setup": self.setup.to_json(),
            "log": [a.to_json() for a in self.log],
            "cursor": self.cursor,
        }
