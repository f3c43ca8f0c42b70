"""The core helpers every game uses: the facts header loader, the Move and moves-table
builders, the field-driven clone and the lazy list of legal actions."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pytest

from companion.core import Action, LegalActions, OptionSpec, move, moves_table
from companion.core import facts as core_facts
from companion.core.clone import clone_dataclass
from companion.core.ledger import Ledger
from companion.core.legal import excluding
from companion.rules import library


# ----- facts header ---------------------------------------------------------------------
def _header(monkeypatch, raw: dict[str, Any]) -> core_facts.Header:
    monkeypatch.setattr(library, "facts", lambda game_id: raw)
    return core_facts.header.__wrapped__("fake")  # type: ignore[attr-defined]


GOOD = {
    "players": {"min": 2, "max": 5},
    "options": [
        {"key": "target", "kind": "int", "default": {"fact": "goal.points"}, "min": 5, "max": {"fact": "goal.most"}},
        {"key": "level", "kind": "choice", "default": "easy", "choices": ["easy", "hard"]},
        {"key": "variant", "kind": "bool", "default": False, "suggested": True},
    ],
    "phases": [{"id": "play", "acts": {"seat": "turn"}}, {"id": "end", "acts": "none"}],
    "goal": {"points": 10, "most": 15},
}


def test_header_turns_options_into_specs(monkeypatch):
    head = _header(monkeypatch, GOOD)
    assert (head.min_players, head.max_players, head.phases) == (2, 5, ("play", "end"))
    assert head.options == (OptionSpec("target", "int", 10, min=5, max=15),
                            OptionSpec("level", "choice", "easy", choices=("easy", "hard")),
                            OptionSpec("variant", "bool", False))


@pytest.mark.parametrize("change", [
    {"players": None},                                      # header key missing
    {"players": {"min": 4, "max": 3}},                      # min above max
    {"options": {"variant": False}},                        # an object, not a list
    {"options": [{"key": "a", "kind": "bool"}]},            # no default
    {"options": [{"key": "a", "kind": "int", "default": 9, "max": 5}]},   # default out of range
    {"options": [{"key": "a", "kind": "bool", "default": False}] * 2},    # a key twice
    {"options": [{"key": "a", "kind": "float", "default": 1.0}]},         # unknown kind
    {"phases": []},
    {"phases": ["play", "end"]},                            # names only: who acts is missing
    {"phases": [{"id": "play", "acts": "all"}] * 2},        # an id twice
])
def test_malformed_header_is_refused(monkeypatch, change):
    raw = {**GOOD, **change}
    raw = {k: v for k, v in raw.items() if v is not None}
    with pytest.raises(core_facts.FactsError):
        _header(monkeypatch, raw)


def test_rules_text_reads_option_fields_and_player_aliases():
    assert library.lookup_fact("niagara", "options.round_limit.suggested") == 100
    assert library.lookup_fact("manila", "min_players") == library.lookup_fact("manila", "players.min") == 3
    with pytest.raises(KeyError):
        library.lookup_fact("niagara", "options.no_such_option")


# ----- move builders ----------------------------------------------------------------------
def _run(state: Any, action: Action) -> None:
    pass


def test_move_builder_and_table():
    m = move("bid", _run, ["auction", "auction"], "x.rule", params={})
    assert m.phases == frozenset({"auction"}) and m.actor == "turn" and m.rule == "x.rule"
    assert move("fix", _run, None, "x.fix", "table", correction=True).correction
    table = moves_table(m, move("pass", _run, {"auction"}, "x.rule"))
    assert list(table) == ["bid", "pass"]
    with pytest.raises(ValueError):
        moves_table(m, m)


# ----- clone ------------------------------------------------------------------------------
class Flow(NamedTuple):
    payer: int
    amount: int


@dataclass
class Inner:
    marks: list[int]


@dataclass
class Outer:
    name: str
    grid: list[list[int]]
    seats: dict[str, list[int | None]]
    inner: Inner
    maybe: list[int] | None
    loose: Any
    ledger: list[Flow] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)


def test_default_clone_copies_everything_mutable():
    a = Outer("x", [[1, 2], [3]], {"jade": [None, 1]}, Inner([7]), [1], {"k": [1, 2]}, [Flow(0, 3)], {"t"})
    b = clone_dataclass(a)
    assert b == a and b is not a
    b.grid[0].append(9)
    b.seats["jade"][0] = 2
    b.inner.marks.append(8)
    b.maybe.append(5)  # type: ignore[union-attr]
    b.loose["k"].append(3)
    b.ledger.append(Flow(1, 1))
    b.tags.add("u")
    assert a == Outer("x", [[1, 2], [3]], {"jade": [None, 1]}, Inner([7]), [1], {"k": [1, 2]}, [Flow(0, 3)], {"t"})
    assert b.ledger[0] is a.ledger[0]  # an immutable entry is shared, not copied


@dataclass
class Logged:
    book: Ledger[Flow] = field(default_factory=Ledger)


def test_clone_uses_a_class_own_copy():
    """A field of a class with its own __deepcopy__ (the append-only Ledger) is copied by it:
    the copies are independent, and a full chunk is shared, not copied."""
    a = Logged(Ledger(Flow(i, 1) for i in range(Ledger.CHUNK + 2)))
    b = clone_dataclass(a)
    b.book.append(Flow(9, 9))
    assert len(a.book) == Ledger.CHUNK + 2 and len(b.book) == Ledger.CHUNK + 3
    assert list(b.book)[:-1] == list(a.book) and b.book._chunks is a.book._chunks


# ----- lazy legal actions -------------------------------------------------------------------
def test_lazy_list_reads_like_a_list_and_builds_only_what_is_asked():
    built: list[int] = []

    def bid(i: int) -> Action:
        built.append(i)
        return Action.make("bid", 0, amount=10 + i)

    legal = LegalActions([Action.make("pass", 0)])
    legal.lazy(1000, bid, "bid")
    legal.tagged([Action.make("mortgage", 1)], "loan")
    assert len(legal) == 1002 and built == []
    assert legal[500] == Action.make("bid", 0, amount=509) and built == [499]
    assert legal[-1] == Action.make("mortgage", 1) and legal[0] == Action.make("pass", 0)
    full = list(legal)
    assert legal == full and full == legal and legal[:2] == full[:2]
    assert Action.make("bid", 0, amount=1009) in legal and Action.make("bid", 0, amount=1010) not in legal
    with pytest.raises(IndexError):
        legal[1002]
    rest = legal.excluding("loan")
    assert len(rest) == 1001 and Action.make("mortgage", 1) not in rest
    assert excluding([Action.make("redeem", 0), Action.make("pass", 0)], "redeem") == [Action.make("pass", 0)]
    built.clear()
    rng = random.Random(1)
    picks = [legal.sample(rng) for _ in range(5)]
    assert all(p in full for p in picks) and len(built) <= 5
    assert LegalActions() == [] and not LegalActions()
