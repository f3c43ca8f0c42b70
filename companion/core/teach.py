"""The shape of a game's Teach data: set-up lines and box components.

Each game package may hold a ``teach`` module with

    def setup_guide(players: int, options: Mapping[str, Any]) -> list[Line]
    def box() -> list[Component]

computed from its facts.json (``core.facts.load``).  A line is a part (who or where:
``each`` player, the ``board``/table, ``aside`` back in the box or out of play,
``later`` in the game, ``start`` who begins), a key and its numbers; the words for
``<part>.<key>`` live in ``rules_data/<id>/teach.json`` in three languages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, NamedTuple

PARTS = ("each", "board", "aside", "later", "start")


class Line(NamedTuple):
    part: str
    key: str
    params: dict[str, Any]


class Component(NamedTuple):
    key: str
    n: int


def lines(*items: tuple[str, str, dict[str, Any]]) -> list[Line]:
    """The lines given, in order, leaving out those whose count ``n`` is 0 (nothing to do)."""
    out = []
    for part, key, params in items:
        if part not in PARTS:
            raise ValueError(f"unknown part {part!r}")
        if params.get("n", 1) == 0:
            continue
        out.append(Line(part, key, dict(params)))
    return out


def even_piles(cards: int, piles: int) -> list[int]:
    """``cards`` split into ``piles`` as evenly as they go, the bigger piles first."""
    base, extra = divmod(cards, piles)
    return [base + 1] * extra + [base] * (piles - extra)


# ----- teaching play: first-time cards ------------------------------------------------------
#
# A game's ``teach`` module may declare ``PLAY``: the cards of its rules, each naming the
# clause it explains and the step that first needs it, as data:
#
#     card("manila.auction.bids", phase="auction")              # the step: the state's phase
#     card("manila.spaces.harbor", event="placed", space="harbor_*")   # what an action just did
#     card("manila.setup.share_entry", phase="deal", secret=True)     # a seat's secret step
#
# ``phase`` cards are due while the table is in that phase (or one of a tuple; ``when``: a
# further test on the state); ``event`` cards when the last action's events hold one of that
# code whose params match (a value, a tuple of values, or "prefix*"; so may the code itself).
# A card due for a public event or a phase is the shared screen's; one for a restricted event
# (``Event.seats``) or a secret phase step goes to each of those seats alone.  The table's record of which cards it met
# and dismissed is plain JSON (kept with the table by ``companion.storage``):
#
#     {"on": true, "met": {"<key>": <position first met>}, "done": ["<key>", ...]}
#
# where a key is the clause id (a shared card) or "<clause>@<seat>" (a seat's own card).
# A card is shown at the position where it was first met, until dismissed: once.  An undo
# forgets the cards met after where it goes that nobody put away (the log is the truth: the
# step that needed them is no longer in force; a redo meets them again).

@dataclass(frozen=True)
class Card:
    clause: str
    phase: str | tuple[str, ...] | None = None
    event: str | tuple[str, ...] | None = None
    match: Mapping[str, Any] = field(default_factory=dict)
    when: Callable[[Any], bool] | None = None
    secret: bool = False
    #: the card explains an outcome the app computed (a payout, a value): the screen offers
    #: "Why?", the account of it (the move log's lines)
    why: bool = False

    def __post_init__(self) -> None:
        if (self.phase is None) == (self.event is None):
            raise ValueError(f"card {self.clause}: give a phase or an event, not both or neither")


def card(clause: str, *, phase: str | tuple[str, ...] | None = None, event: str | tuple[str, ...] | None = None,
         when: Callable[[Any], bool] | None = None, secret: bool = False, why: bool = False,
         **match: Any) -> Card:
    """The one Card builder: ``match`` holds the event params that must match."""
    return Card(clause, phase, event, dict(match), when, secret, why)


def _matches(want: Mapping[str, Any], params: Mapping[str, Any]) -> bool:
    for name, value in want.items():
        got = params.get(name)
        if isinstance(value, tuple):
            if got not in value:
                return False
        elif isinstance(value, str) and value.endswith("*"):
            if not isinstance(got, str) or not got.startswith(value[:-1]):
                return False
        elif got != value:
            return False
    return True


def due(game: Any, cards: Iterable[Card], state: Any, events: Iterable[Any] = ()) -> list[tuple[str, int | None]]:
    """The cards ``cards`` says are due at this step: ``state`` the table is in, ``events``
    what the action that led there did (none at the start, or when teaching is switched
    on).  Each is ``(clause, seat)``, seat None for the shared screen; in the cards' order."""
    events = list(events)
    out: list[tuple[str, int | None]] = []
    phase = game.phase(state)
    over = game.is_over(state)
    for c in cards:
        if c.phase is not None:
            if not _matches({"phase": c.phase}, {"phase": phase}) or (c.when is not None and not c.when(state)):
                continue
            if c.secret and not over:
                out += [(c.clause, s) for s in sorted(game.active_players(state))]
            else:
                out.append((c.clause, None))
            continue
        for e in events:
            if not _matches({"code": c.event}, {"code": e.code}) or not _matches(c.match, e.params):
                continue
            if c.when is not None and not c.when(state):
                continue
            out += [(c.clause, None)] if e.seats is None else [(c.clause, s) for s in sorted(e.seats)]
    seen: set[tuple[str, int | None]] = set()
    return [d for d in out if not (d in seen or seen.add(d))]


def card_key(clause: str, seat: int | None) -> str:
    return clause if seat is None else f"{clause}@{seat}"


def _split(key: str) -> tuple[str, int | None]:
    clause, _, seat = key.partition("@")
    return clause, (int(seat) if seat else None)


def new_record(on: bool = True) -> dict[str, Any]:
    return {"on": on, "met": {}, "done": []}


def meet(record: dict[str, Any], dues: Iterable[tuple[str, int | None]], position: int) -> bool:
    """Note the cards due at ``position`` that this table never met (a card is met once:
    a later step needing the same clause shows nothing).  True if the record changed."""
    if not record.get("on"):
        return False
    met = record.setdefault("met", {})
    changed = False
    for clause, seat in dues:
        key = card_key(clause, seat)
        if key not in met:
            met[key] = position
            changed = True
    return changed


def forget_after(record: dict[str, Any], position: int) -> bool:
    """Forget the cards met after ``position`` and not dismissed (an undo back to it).
    True if the record changed."""
    done = set(record.get("done") or ())
    met = record.get("met") or {}
    gone = [k for k, at in met.items() if at > position and k not in done]
    for key in gone:
        del met[key]
    return bool(gone)


def showing(record: dict[str, Any] | None, position: int, seat: int | None,
            hand_seats: Iterable[int] = ()) -> list[str]:
    """The clauses whose cards a device shows at ``position``: those first met there and not
    dismissed.  ``seat``: the device's seat (None: the shared screen, which also shows the
    seat cards of ``hand_seats``, the seats nobody claimed: their secrets are entered on it,
    behind hand-the-phone).  A card's words never depend on the seat, so one card stands for
    a clause however many seats met it."""
    if not record or not record.get("on"):
        return []
    done = set(record.get("done") or ())
    hands = set(hand_seats)
    out: list[str] = []
    for key, at in (record.get("met") or {}).items():
        if at != position or key in done:
            continue
        clause, owner = _split(key)
        if (owner is None and seat is None) or (owner is not None and (
                owner == seat or (seat is None and owner in hands))):
            if clause not in out:
                out.append(clause)
    return out


def dismiss(record: dict[str, Any], clause: str, position: int, seat: int | None,
            hand_seats: Iterable[int] = ()) -> bool:
    """Dismiss the card of ``clause`` as the device of ``seat`` shows it at ``position``
    (every key standing behind it there).  True if the record changed."""
    hands = set(hand_seats)
    done = record.setdefault("done", [])
    changed = False
    for key, at in (record.get("met") or {}).items():
        k_clause, owner = _split(key)
        if k_clause != clause or at != position or key in done:
            continue
        if (owner is None and seat is None) or (owner is not None and (
                owner == seat or (seat is None and owner in hands))):
            done.append(key)
            changed = True
    return changed


# ----- the set-up drawn on the board ----------------------------------------------------------
#
# A game whose board the app draws (its view has ``setup_board``) may declare in its teach
# module ``board(view, players, options) -> list[Place]``: where each starting piece goes,
# read from the public view of the engine's first state (``Game.new_state``) and its facts.
# The screen draws each place with its pieces; tests read the numbers.

class Piece(NamedTuple):
    #: what it is ("price_marker", "share", "canoe", "gem", "goods_card", ...)
    kind: str
    #: how many
    n: int
    #: which one, where that matters (a ware, a gem's colour, a good); None: any
    what: str | None = None
    #: whose (a seat), None: the table's
    seat: int | None = None
    #: the space of a track it stands on (a price, the weather), None: not on a track
    at: Any = None


class Place(NamedTuple):
    #: where ("price_track", "harbor", "site.violet", "seats", ...)
    key: str
    #: the pieces set there
    pieces: tuple[Piece, ...] = ()
    #: spaces left empty at the start (the harbour's three docks): drawn as empty boxes
    empty: int = 0
    #: the set-up lines (``<part>.<key>``) the place draws (none: it only shows the board)
    lines: tuple[str, ...] = ()


def place(key: str, *pieces: Piece, empty: int = 0, line: str | tuple[str, ...] = ()) -> Place:
    return Place(key, tuple(pieces), empty, (line,) if isinstance(line, str) else tuple(line))
