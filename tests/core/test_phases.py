"""Phases as data (companion/core/phases.py): every kind of ``acts``, the checks on a
malformed table, and the legality pipeline reading it (phase, then player, then the
move's own check) on a tiny game whose phase table is built here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.core import Action, Game, IllegalAction, Param, move, moves_table
from companion.core import phases as ph


@dataclass
class Table:
    players: list[str]
    phase: str = "play"
    bidder: int | None = 2
    queue: list[int] = field(default_factory=lambda: [3, 1])
    shares: list[str] = field(default_factory=lambda: ["pending", "done", "later", "pending"])
    sealed: list[int | None] = field(default_factory=lambda: [5, None, None, 0])
    pending: dict[str, Any] = field(default_factory=lambda: {"player": 1})
    hands: list[int] = field(default_factory=lambda: [7, 8, 9, 3])


def table(*phases: dict[str, Any], rules=None) -> ph.PhaseTable:
    return ph.PhaseTable(ph.parse(list(phases)), rules)


def acts(spec: Any, state: Table, rules=None) -> frozenset[int]:
    return table({"id": "x", "acts": spec}, rules=rules).active("x", state, Game())


FOUR = ["A", "B", "C", "D"]


# ----- each kind of acts ---------------------------------------------------------------------
def test_all_and_none():
    assert acts("all", Table(FOUR)) == {0, 1, 2, 3}
    assert acts("all", Table(["A", "B", "C"])) == {0, 1, 2}
    assert acts("none", Table(FOUR)) == frozenset()


def test_seat_reads_one_field_and_none_means_nobody():
    assert acts({"seat": "bidder"}, Table(FOUR)) == {2}
    assert acts({"seat": "bidder"}, Table(FOUR, bidder=0)) == {0}  # seat 0 is a seat, not "nobody"
    assert acts({"seat": "bidder"}, Table(FOUR, bidder=None)) == frozenset()


def test_seat_path_reads_into_a_dict():
    assert acts({"seat": "pending.player"}, Table(FOUR)) == {1}
    assert acts({"seat": "pending.player"}, Table(FOUR, pending={"player": 3, "kind": "x"})) == {3}


def test_queue_is_the_first_seat_of_a_list():
    assert acts({"queue": "queue"}, Table(FOUR)) == {3}
    assert acts({"queue": "queue"}, Table(FOUR, queue=[0])) == {0}
    assert acts({"queue": "queue"}, Table(FOUR, queue=[])) == frozenset()


def test_seats_where_in_and_is():
    state = Table(FOUR)
    assert acts({"seats_where": {"field": "shares", "in": ["pending"]}}, state) == {0, 3}
    assert acts({"seats_where": {"field": "shares", "in": ["later", "done"]}}, state) == {1, 2}
    # "is": null picks the seats whose entry is None; 0 is not None
    assert acts({"seats_where": {"field": "sealed", "is": None}}, state) == {1, 2}
    assert acts({"seats_where": {"field": "sealed", "is": None}}, Table(FOUR, sealed=[1, 2, 3, 4])) == frozenset()


def test_rule_calls_the_game_selector_and_accepts_any_iterable():
    over = {"over_limit": lambda s: [i for i, h in enumerate(s.hands) if h > 7]}
    assert acts({"rule": "over_limit"}, Table(FOUR), over) == {1, 2}
    gen = {"g": lambda s: (i for i in (0, 0, 3))}
    assert acts({"rule": "g"}, Table(FOUR), gen) == {0, 3}


def test_each_phase_gets_its_own_selector_and_an_undeclared_phase_is_an_error():
    t = table({"id": "auction", "acts": {"seat": "bidder"}}, {"id": "place", "acts": {"queue": "queue"}},
              {"id": "end", "acts": "none"})
    state = Table(FOUR)
    assert [t.active(p, state, Game()) for p in ("auction", "place", "end")] == [{2}, {3}, frozenset()]
    assert t.ids == ("auction", "place", "end")
    with pytest.raises(KeyError):
        t.active("lunch", state, Game())


def test_turn_clause_per_phase():
    t = table({"id": "open", "acts": "all", "turn_clause": "g.auction.open"}, {"id": "end", "acts": "none"})
    assert t.turn_clause("open") == "g.auction.open"
    assert t.turn_clause("end") is None


# ----- a malformed table is refused when it is read ---------------------------------------------
@pytest.mark.parametrize("raw", [
    [],
    ["play", "end"],                                          # names only
    [{"id": "play"}],                                         # who acts?
    [{"id": "", "acts": "all"}],
    [{"id": "play", "acts": "everyone"}],
    [{"id": "play", "acts": {"seat": "bidder", "queue": "q"}}],   # one kind only
    [{"id": "play", "acts": {"turn": "bidder"}}],             # unknown kind
    [{"id": "play", "acts": {"seat": "not a path"}}],
    [{"id": "play", "acts": {"queue": 3}}],
    [{"id": "play", "acts": {"seats_where": {"field": "shares"}}}],          # no in/is
    [{"id": "play", "acts": {"seats_where": {"field": "shares", "in": "x"}}}],  # in needs a list
    [{"id": "play", "acts": {"rule": "not-a-name"}}],
    [{"id": "play", "acts": "all", "who": "me"}],             # unknown key
    [{"id": "play", "acts": "all", "turn_clause": ""}],
    [{"id": "play", "acts": "all"}, {"id": "play", "acts": "none"}],
])
def test_malformed_phases_are_refused(raw):
    with pytest.raises(ValueError):
        ph.parse(raw)


def test_a_rule_must_be_registered_and_every_registered_rule_used():
    with pytest.raises(ValueError, match="missing"):
        table({"id": "x", "acts": {"rule": "missing"}})
    with pytest.raises(ValueError, match="spare"):
        table({"id": "x", "acts": "all"}, rules={"spare": lambda s: ()})


# ----- the pipeline reads the table: phase, then player, then the move's own check -------------
def _bid(state: Table, action: Action) -> None:
    if action["amount"] <= 0:
        raise IllegalAction("bid_too_low", "g.auction.bid")
    state.bidder = (action.player + 1) % len(state.players)


def _fix(state: Table, action: Action) -> None:
    state.bidder = action["to"]


class Tiny(Game[Table]):
    id = "tiny"
    flow_rule = "g.flow"
    moves = moves_table(
        move("bid", _bid, {"auction"}, "g.auction.bid", params={"amount": Param("int")}),
        move("fix", _fix, None, "g.fix", "table", params={"to": Param("seat")}, correction=True),
    )
    phase_table = table({"id": "auction", "acts": {"seat": "bidder"}, "turn_clause": "g.auction.order"},
                        {"id": "lunch", "acts": "all"}, {"id": "end", "acts": "none"})


def refusal(state: Table, action: Action) -> tuple[str, str | None]:
    with pytest.raises(IllegalAction) as info:
        Tiny().apply(state, action)
    return info.value.code, info.value.rule


def test_active_players_default_comes_from_the_table():
    assert Tiny().active_players(Table(FOUR, phase="auction")) == {2}
    assert Tiny().active_players(Table(FOUR, phase="lunch")) == {0, 1, 2, 3}
    assert Tiny().prompt(Table(FOUR, phase="auction"))["players"] == [2]


def test_pipeline_order_phase_then_player_then_move():
    lunch, auction = Table(FOUR, phase="lunch"), Table(FOUR, phase="auction")
    # wrong phase wins over wrong player and over a bad amount
    assert refusal(lunch, Action.make("bid", 0, amount=0)) == ("wrong_phase", "g.auction.bid")
    # right phase, wrong player: the phase's turn_clause, before the move's own check
    assert refusal(auction, Action.make("bid", 0, amount=0)) == ("not_your_turn", "g.auction.order")
    # right phase, right player: the move's own check
    assert refusal(auction, Action.make("bid", 2, amount=0)) == ("bid_too_low", "g.auction.bid")
    after = Tiny().apply(auction, Action.make("bid", 2, amount=3))
    assert after.bidder == 3 and auction.bidder == 2  # the caller's state is untouched


def test_not_your_turn_names_the_expected_seats():
    with pytest.raises(IllegalAction) as info:
        Tiny().apply(Table(FOUR, phase="auction"), Action.make("bid", 1, amount=3))
    assert info.value.params["expected_players"] == [2]


def test_a_game_without_a_phase_table_must_write_active_players():
    class Bare(Game[Table]):
        id = "bare"

    with pytest.raises(NotImplementedError):
        Bare().active_players(Table(FOUR))
