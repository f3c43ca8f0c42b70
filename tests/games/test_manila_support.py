"""Helpers for the Manila tests: a table driven by player names."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core import Action, IllegalAction, RefereeError, Session
from companion.games.manila import GAME
from companion.games.manila.state import BANK, ManilaState


class Table:
    """A Manila session whose actions name players instead of seats."""

    def __init__(self, *players: str, **options: Any) -> None:
        self.names = list(players)
        self.session = Session(GAME, GAME.setup(self.names, options))

    @property
    def state(self) -> ManilaState:
        return self.session.state

    def seat(self, name: str | None) -> int | None:
        return None if name is None else self.names.index(name)

    def action(self, who: str | None, kind: str, **args: Any) -> Action:
        for key in ("for_player",):
            if isinstance(args.get(key), str):
                args[key] = self.names.index(args[key])
        return Action.make(kind, self.seat(who), **args)

    def do(self, who: str | None, kind: str, **args: Any) -> "Table":
        self.session.apply(self.action(who, kind, **args))
        return self

    def refuse(self, who: str | None, kind: str, **args: Any) -> RefereeError:
        """The refusal of an action; the state must not change."""
        before = GAME.clone(self.state)
        with pytest.raises(RefereeError) as info:
            self.session.apply(self.action(who, kind, **args))
        assert self.state == before
        return info.value

    def illegal(self, who: str | None, kind: str, code: str, rule: str, **args: Any) -> IllegalAction:
        err = self.refuse(who, kind, **args)
        assert isinstance(err, IllegalAction), err
        assert (err.code, err.rule) == (code, rule), (err.code, err.rule, err.params)
        return err

    # ----- reading --------------------------------------------------------------------
    def cash(self) -> dict[str, int]:
        return dict(zip(self.names, self.state.cash))

    def phase(self) -> str:
        return self.state.phase

    def turn(self) -> list[str]:
        return [self.names[s] for s in sorted(GAME.active_players(self.state))]

    def flows(self, voyage: int | None = None, reason: str | None = None) -> list[tuple[str, str, int, str]]:
        """(payer, payee, amount, where) of the ledger, names or 'bank'."""
        def who(seat: int) -> str:
            return "bank" if seat == BANK else self.names[seat]
        return [(who(f.payer), who(f.payee), f.amount, f.where) for f in self.state.ledger
                if (voyage is None or f.voyage == voyage) and (reason is None or f.reason == reason)]

    def roll(self, **dice: int) -> "Table":
        master = self.names[self.state.master]  # type: ignore[index]
        return self.do(master, "roll", **dice)

    def passes(self, *names: str) -> "Table":
        for name in names:
            kind = "pass_bid" if self.state.phase == "auction" else "pass_place"
            self.do(name, kind)
        return self


def start(players: list[str], hands: dict[str, list[str] | None], supply: dict[str, int] | None = None,
          **options: Any) -> Table:
    """A table past the deal: ``hands`` maps each name to its two shares, or None for 'tell us at the end'."""
    t = Table(*players, **options)
    for name in players:
        hand = hands[name]
        if hand is None:
            t.do(name, "shares_later")
        else:
            t.do(name, "enter_shares", wares=hand)
    if supply is not None:
        t.do(None, "supply", **supply)
    assert t.phase() == "auction"
    return t
