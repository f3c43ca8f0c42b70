"""What happened at the table, as events that know who may see them.

An accepted action yields one or more :class:`Event`: a stable ``code`` (its
sentence is the game's message ``event.<code>``, else the shell's catalog),
``params`` for that sentence, and a visibility:

* public (``seats is None``): every device may show it;
* only some seats (``seats`` a set): the shared screen and the other seats'
  phones never get it -- a sealed bid's amount, a player's secret shares;
* secret *until* a reveal point (``until`` a key): hidden as above until a
  later event in force carries the key in ``reveals`` (the sealed bids'
  reveal, Manila's reveal of shares), or until the game is over (the key
  :data:`END`, which reveals every such secret).  From then on it is public.

Events are computed, never stored: ``Game.events(before, action, after)``
reads the two states around an action (history is still the only truth), so
undo, replay and import give the same story.  Which events a device may see
is decided in one place, :func:`visible`; every text a device shows of the
table's story goes through it (``companion.story``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Collection, Iterable, Mapping

#: the reveal key every secret of a finished game is revealed by
END = "end"


@dataclass(frozen=True, slots=True)
class Event:
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    #: None: public; else the only seats that see it (until ``until`` is revealed)
    seats: frozenset[int] | None = None
    #: the reveal key that makes a restricted event public (None: never)
    until: str | None = None
    #: the keys this event reveals (earlier events ``until`` one of them become public)
    reveals: tuple[str, ...] = ()
    #: something moves on the physical board (the log marks it)
    board: bool = False
    #: a public stand-in for the restricted events of the same action ("Bo entered a
    #: sealed bid"): not shown where one of those is shown (the bidder's phone, or
    #: everywhere once revealed)
    stand_in: bool = False

    @property
    def public(self) -> bool:
        return self.seats is None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "params": _plain(self.params)}
        if self.seats is not None:
            out["seats"] = sorted(self.seats)
        if self.until is not None:
            out["until"] = self.until
        if self.reveals:
            out["reveals"] = list(self.reveals)
        if self.board:
            out["board"] = True
        if self.stand_in:
            out["stand_in"] = True
        return out


def public(code: str, board: bool = False, **params: Any) -> Event:
    """An event every device may show."""
    return Event(code, params, None, None, (), board)


def private(code: str, seats: Iterable[int | None], until: str | None = END, **params: Any) -> Event:
    """An event only ``seats`` see, until ``until`` is revealed (by default: the
    end of the game; None: never).  A ``None`` among the seats (the table
    itself acted) is dropped: then nobody but a reveal shows it."""
    return Event(code, params, frozenset(s for s in seats if s is not None), until)


def stand_in(code: str, **params: Any) -> Event:
    """A public line standing in for a secret entry, where it cannot be seen."""
    return Event(code, params, None, None, (), False, True)


def reveal(code: str, keys: Iterable[str], board: bool = False, **params: Any) -> Event:
    """A public event that makes the events kept ``until`` one of ``keys`` public."""
    return Event(code, params, None, None, tuple(keys), board)


def shown(events: Iterable[Event], seat: int | None, revealed: Collection[str] = ()) -> list[Event]:
    """The events of one action the device of ``seat`` may show, in order: a
    stand-in is left out where a restricted event it stands for is shown."""
    keys = set(revealed)
    out = [e for e in events if visible(e, seat, keys)]
    if any(e.seats is not None for e in out):
        out = [e for e in out if not e.stand_in]
    return out


def visible(event: Event, seat: int | None, revealed: Collection[str] = ()) -> bool:
    """Whether the device of ``seat`` (None: the shared screen, or a device
    without a seat) may show ``event``, given the reveal keys in force."""
    if event.seats is None:
        return True
    if seat is not None and seat in event.seats:
        return True
    # the end of the game reveals every secret that was to be revealed at all
    return event.until is not None and (event.until in revealed or END in revealed)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else value
        return [_plain(v) for v in items]
    return value
