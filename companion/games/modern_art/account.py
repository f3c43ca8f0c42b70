"""How the last round was valued and what the bank paid, read from the engine's own record.

Teaching play's "Why?" after a round's end (``modern_art.value.*``) shows it line by line:
each artist's paintings this round and place (the top three get the round's tokens; a tie
goes to the artist printed first on the board, ``flow.ranking``), one painting's value (its
earlier tokens added to this round's, only for an artist in this round's top three), and
what the bank pays each player for the paintings they bought this round.  Every figure is
the round's result as ``flow.end_round`` kept it (``state.results``) and the value board's
tokens (``state.board``); nothing is worked out again.  Nothing here is a secret: the bank
pays in the open (``modern_art.value.sell-to-bank``), and no player's money is in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .facts import load
from .state import ModernArtState

F = load()


@dataclass(frozen=True)
class ArtistRow:
    artist: str
    count: int
    #: 1, 2, 3 in this round's ranking; None: not in the top three (or no painting)
    place: int | None
    token: int
    #: the tokens of the earlier rounds
    earlier: int
    #: one painting's value now (earlier + token, or 0 outside the top three)
    value: int


@dataclass(frozen=True)
class SeatRow:
    seat: int
    #: (artist, paintings bought this round, value of one)
    paintings: tuple[tuple[str, int, int], ...]
    paid: int


@dataclass(frozen=True)
class Account:
    round: int
    artists: tuple[ArtistRow, ...]   # ranked first, then the others that had paintings
    seats: tuple[SeatRow, ...]
    #: whether the ranking broke a tie of counts by the board's order
    tie: bool


def round_account(state: ModernArtState) -> Account | None:
    """The account of the last round scored (None before the first)."""
    if not state.results:
        return None
    result = state.results[-1]
    n = int(result["round"])
    counts, tokens, values, ranking = result["counts"], result["tokens"], result["values"], result["ranking"]
    earlier_rows = state.board[: n - 1]
    rows: list[ArtistRow] = []
    order = list(ranking) + [a for a in range(len(F.artist_ids)) if a not in ranking and counts[a]]
    for a in order:
        place = ranking.index(a) + 1 if a in ranking else None
        rows.append(ArtistRow(F.artist_ids[a], counts[a], place, tokens[a],
                              sum(row[a] for row in earlier_rows), values[a]))
    played = [c for c in counts if c]
    cut = sorted(played, reverse=True)[: len(F.values) + 1]
    tie = len(cut) != len(set(cut))
    seats = tuple(SeatRow(seat, tuple((F.artist_ids[a], k, values[a]) for a, k in enumerate(row) if k), paid)
                  for seat, (row, paid) in enumerate(zip(result["bought"], result["payouts"])))
    return Account(n, tuple(rows), seats, tie)


__all__ = ["Account", "ArtistRow", "SeatRow", "round_account"]
