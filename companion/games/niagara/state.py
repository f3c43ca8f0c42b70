"""Niagara's state: plain values only, so ``==`` compares whole tables."""

from __future__ import annotations

from dataclasses import dataclass, field

from .facts import LOST, SHORE, Card, facts


@dataclass
class Canoe:
    where: str = SHORE  # SHORE, LOST or a river space id
    gem: str | None = None

    def copy(self) -> "Canoe":
        return Canoe(self.where, self.gem)

    @property
    def in_river(self) -> bool:
        return self.where not in (SHORE, LOST)


@dataclass
class Player:
    name: str
    canoes: list[Canoe]
    bank: dict[str, int]  # banked gems by colour (only colours > 0)
    played: list[Card] = field(default_factory=list)  # since the last return of the cards

    def copy(self) -> "Player":
        return Player(self.name, [Canoe(c.where, c.gem) for c in self.canoes], self.bank.copy(), self.played.copy())

    def hand(self) -> list[Card]:
        """The paddle cards still in hand, in the order of the facts."""
        return [c for c in facts().cards if c not in self.played]

    def banked(self) -> int:
        return sum(self.bank.values())


@dataclass
class NiagaraState:
    players: list[Player]
    sites: dict[str, dict[str, int]]  # site colour -> gems lying there, by colour
    spares: dict[str, int]  # gems kept in the box
    tiebreak: bool = False
    round_limit: int = 0  # 0: no limit
    cards_at_once: bool = False  # table option: all cards entered together before anyone moves
    phase: str = "reveal"  # reveal (cards_at_once only) | turn | end
    round: int = 1
    weather: int = 0
    lifebuoy: int = 0  # seat holding the lifebuoy (starts the round)
    turn: int = 0  # how many players have had their turn this round
    cards: list[Card | None] = field(default_factory=list)  # this round's cards, by seat (None: not turned yet)
    fork_next: str = "left"  # arm the next disc at the fork enters
    last_flow: int | None = None  # steps the river moved at the end of the last round
    winners: list[int] = field(default_factory=list)

    def copy(self) -> "NiagaraState":
        """An independent copy: every field is a plain value (shared) except these five
        containers, copied (tests/games/test_niagara_copies.py checks the list)."""
        new = object.__new__(NiagaraState)
        fields = self.__dict__.copy()
        fields["players"] = [p.copy() for p in self.players]
        fields["sites"] = {k: v.copy() for k, v in self.sites.items()}
        fields["spares"] = self.spares.copy()
        fields["cards"] = self.cards.copy()
        fields["winners"] = self.winners.copy()
        new.__dict__ = fields
        return new

    def seat_order(self) -> list[int]:
        """This round's turn order: the lifebuoy, then clockwise."""
        n = len(self.players)
        return [(self.lifebuoy + k) % n for k in range(n)]

    def current(self) -> int | None:
        if self.phase != "turn":
            return None
        return self.seat_order()[self.turn]
