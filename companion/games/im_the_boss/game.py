"""I'm the Boss (我是大老板 / 我是大老闆): score sheet and table helper.

The host enters each closed deal: the final boss, the shares on the board
space, the per-share value on the top deal tile and the payments agreed in
the negotiation.  The sheet computes the payout, moves the money, checks the
tile values against the rulebook and runs the end-of-game roll from the 10th
deal on.  Money is counted in millions.  Numbers come from
``rules_data/im_the_boss/facts.json``.

A player's money lies on the table in stacks whose total the others may
only estimate (im_the_boss.money.visible): each running total is that
player's secret until the game ends (``view`` shows it with ``reveal`` or
at the end; ``observe`` gives each seat its own), and a refusal that tells
what a boss has is that boss's (``private_refusals``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...core import Action, Event, Game, IllegalAction, Move, Param, moves_table
from ...core.game import TableSetup
from . import events as ev
from .facts import FACTS, GAME_ID

KNOWN_VALUES: dict[int, int] = {int(k): v for k, v in FACTS["known_share_values"].items()}
END_NUMBERS: dict[int, list[int]] = {int(k): v for k, v in FACTS["end_roll_numbers"].items()}
LAST_DEAL: int = FACTS["last_deal"]
SHORT: Mapping[str, int] = FACTS["short_game"]
VARIANT: Mapping[str, Any] = FACTS["variant"]

R = "im_the_boss."
RULE_VALUE = R + "board.deal-tiles"
RULE_PAYMENTS = R + "closing.payments"
RULE_AFFORD = R + "app.cannot-pay"
RULE_SPLIT = R + "variants.less-cutthroat"
RULE_ROLL = R + "end.roll"
RULE_CORRECT = R + "app.corrections"
RULE_FLOW = R + "turn.choices"


# ----- pure helpers the screen can call -------------------------------------

def setup_summary(n_players: int) -> dict[str, int]:
    """Investor cards per player and beside the board, starting hand and money."""
    key = str(n_players)
    return {"investors_each": FACTS["investors_per_player"][key],
            "investors_beside_board": FACTS["investors_beside_board"][key],
            "hand": FACTS["start_hand"], "money": FACTS["start_money"]}


def draw_count(investors_held: int, variant: bool = False) -> int:
    """Influence cards drawn instead of making a deal."""
    if not variant:
        return int(FACTS["draw"])
    table = VARIANT["draw_by_investors"]
    return int(table[str(min(investors_held, max(int(k) for k in table)))])


def hand_limit(deal_number: int, variant: bool = False) -> int:
    """Influence-card hand limit while deal ``deal_number`` (1-based) is the next one."""
    if variant and deal_number >= VARIANT["late_from_deal"]:
        return int(VARIANT["late_hand_limit"])
    return int(FACTS["hand_limit"])


def tile_for_deal(deal_number: int, short: bool = False) -> int:
    """The deal tile on top of the stack for the ``deal_number``-th closed deal."""
    if not short:
        return deal_number
    early = SHORT["double_tiles"] * SHORT["deals_per_early_tile"]
    if deal_number <= early:
        return (deal_number + SHORT["deals_per_early_tile"] - 1) // SHORT["deals_per_early_tile"]
    return deal_number - early + SHORT["double_tiles"]


def last_deal_number(short: bool = False) -> int:
    if not short:
        return LAST_DEAL
    return LAST_DEAL + SHORT["double_tiles"] * (SHORT["deals_per_early_tile"] - 1)


def value_range(tile: int, previous: int | None) -> tuple[int, int | None]:
    """Lowest and highest per-share value possible on ``tile`` (None: no upper bound).

    Values never fall from one tile to the next, and the tiles whose value the
    rulebook states pin the range on both sides."""
    low = max([previous or 1] + [v for t, v in KNOWN_VALUES.items() if t <= tile])
    highs = [v for t, v in KNOWN_VALUES.items() if t >= tile]
    return low, (min(highs) if highs else None)


def split_payout(payout: int, partners: int) -> tuple[int, int]:
    """Less-cutthroat variant: (each partner's part, the boss's part).
    Equal parts; the remainder that cannot be shared stays with the boss."""
    each = payout // (partners + 1)
    return each, payout - each * partners


# ----- state --------------------------------------------------------------

@dataclass
class BossState:
    players: list[str]
    money: list[int]
    short: bool
    variant: bool
    less_cutthroat: bool
    phase: str = "play"
    deals: int = 0
    last_value: int | None = None
    last_tile: int | None = None
    last_boss: int | None = None
    roll_total: int = 0
    rolls: list[int] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)


def _rolls_now(state: BossState) -> bool:
    """Must the boss roll for the end after the deal just closed?"""
    if state.short:
        return tile_for_deal(state.deals, True) >= SHORT["roll_from_tile"]
    return state.deals >= FACTS["end_roll_from"]


def _deal(state: BossState, action: Action) -> None:
    assert action.player is not None
    boss = action.player
    number = state.deals + 1
    tile = tile_for_deal(number, state.short)
    value: int = action["value"]
    if state.last_tile == tile and value != state.last_value:
        raise IllegalAction("share_value_same_tile", RULE_VALUE, tile=tile, expected=state.last_value, value=value)
    low, high = value_range(tile, state.last_value)
    if value < low:
        raise IllegalAction("share_value_too_low", RULE_VALUE, tile=tile, low=low, value=value)
    if high is not None and value > high:
        raise IllegalAction("share_value_too_high", RULE_VALUE, tile=tile, high=high, value=value)
    payees: list[int] = action.get("payees", [])
    amounts: list[int] = action.get("amounts", [])
    if len(payees) != len(amounts):
        raise IllegalAction("payments_mismatch", RULE_PAYMENTS, payees=len(payees), amounts=len(amounts))
    partners: list[int] = action.get("partners", [])
    if partners and not state.less_cutthroat:
        raise IllegalAction("split_needs_variant", RULE_SPLIT)
    for group in (payees, partners):
        seen: set[int] = set()
        for seat in group:
            if seat == boss:
                raise IllegalAction("boss_pays_self", RULE_PAYMENTS, player=seat)
            if seat in seen:
                raise IllegalAction("payee_repeated", RULE_PAYMENTS, player=seat)
            seen.add(seat)
    payout = action["shares"] * value
    each, boss_part = split_payout(payout, len(partners))
    owed = sum(amounts)
    if state.money[boss] + boss_part < owed:
        raise IllegalAction("boss_cannot_pay", RULE_AFFORD, player=boss, owed=owed,
                            available=state.money[boss] + boss_part)
    state.money[boss] += boss_part - owed
    for seat in partners:
        state.money[seat] += each
    for seat, amount in zip(payees, amounts):
        state.money[seat] += amount
    state.deals = number
    state.last_value, state.last_tile, state.last_boss = value, tile, boss
    state.history.append({"deal": number, "tile": tile, "boss": boss, "shares": action["shares"], "value": value,
                          "payout": payout, "payments": [[s, a] for s, a in zip(payees, amounts)],
                          "partners": list(partners), "partner_part": each, "boss_net": boss_part - owed})
    if state.deals >= last_deal_number(state.short):
        state.phase = "end"
    elif _rolls_now(state):
        state.phase = "end_roll"


def end_numbers(deal_number: int) -> list[int]:
    """Die faces that end the game after the ``deal_number``-th deal (standard game)."""
    return list(END_NUMBERS.get(deal_number, []))


def _end_roll(state: BossState, action: Action) -> None:
    roll: int = action["roll"]
    state.rolls.append(roll)
    if state.short:
        state.roll_total += roll
        ends = state.roll_total >= SHORT["roll_total"]
    else:
        ends = roll in end_numbers(state.deals)
    state.phase = "end" if ends else "play"


def _correct_money(state: BossState, action: Action) -> None:
    assert action.player is not None
    state.money[action.player] = action["amount"]


def _correct_end(state: BossState, action: Action) -> None:
    if action["ends"]:
        state.phase = "end"
    else:
        state.phase = "end" if state.deals >= last_deal_number(state.short) else "play"


class ImTheBoss(Game[BossState], facts=True):
    id = GAME_ID
    kind = "scoresheet"
    flow_rule = RULE_FLOW
    #: "the boss has only N": that boss's running total
    private_refusals = frozenset({"boss_cannot_pay"})
    moves = moves_table(
        Move("deal", _deal, frozenset({"play"}), "seat", {
    "shares": Param("int", min=1), "value": Param("int", min=1),
    "payees": Param("seat_list", required=False), "amounts": Param("int_list", required=False, min=1),
    "partners": Param("seat_list", required=False)}, rule=R + "closing.payout"),
        Move("end_roll", _end_roll, frozenset({"end_roll"}), "turn", {
"roll": Param("int", choices=tuple(FACTS["die"]))}, rule=RULE_ROLL),
        # corrections: ``player`` is the seat being corrected
        Move("correct_money", _correct_money, None, "seat", {
"amount": Param("int", min=0)}, rule=RULE_CORRECT, correction=True),
        Move("correct_end", _correct_end, None, "table", {
"ends": Param("bool")}, rule=RULE_CORRECT, correction=True),
    )

    def new_state(self, setup: TableSetup) -> BossState:
        n = len(setup.players)
        o = setup.options
        return BossState(list(setup.players), [FACTS["start_money"]] * n,
                         bool(o["short"]), bool(o["variant"]), bool(o["less_cutthroat"]))

    def winners(self, state: BossState) -> list[int]:
        if state.phase != "end":
            return []
        top = max(state.money)
        return [s for s, m in enumerate(state.money) if m == top]

    def scores(self, state: BossState) -> list[float] | None:
        return [float(m) for m in state.money] if state.phase == "end" else None

    def legal_actions(self, state: BossState) -> list[Action]:
        if state.phase == "end_roll":
            assert state.last_boss is not None
            return [Action.make("end_roll", state.last_boss, roll=r) for r in FACTS["die"]]
        if state.phase != "play":
            return []
        n = len(state.players)
        low, _ = value_range(tile_for_deal(state.deals + 1, state.short), state.last_value)
        value = state.last_value if state.last_tile == tile_for_deal(state.deals + 1, state.short) else low
        out: list[Action] = []
        for boss in range(n):
            for shares in (2, 4, 6):
                out.append(Action.make("deal", boss, shares=shares, value=value))
            out.append(Action.make("deal", boss, shares=4, value=value, payees=[(boss + 1) % n], amounts=[value]))
        return out

    # ----- the table's story (events.py) -------------------------------------
    def action_events(self, before: BossState, action: Action, after: BossState) -> list[Event]:
        return ev.action_events(before, action, after) or super().action_events(before, action, after)

    def outcome_events(self, before: BossState, action: Action, after: BossState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def chapter(self, state: BossState) -> tuple[str, int]:
        return ev.chapter(state)

    def prompt(self, state: BossState) -> dict[str, Any]:
        if state.phase == "end_roll":
            return {"code": "phase.end_roll", "players": [state.last_boss],
                    "params": {"player": state.last_boss, "deal": state.deals}}
        if state.phase == "end":
            return {"code": "phase.end", "players": [], "params": {"players": self.winners(state)}}
        return {"code": "phase.play", "players": [], "params": {"deal": state.deals + 1}}

    def view(self, state: BossState, reveal: bool = False) -> dict[str, Any]:
        n = len(state.players)
        nxt = state.deals + 1
        tile = tile_for_deal(nxt, state.short)
        low, high = value_range(tile, state.last_value)
        return {
            "setup": setup_summary(n),
            "deals": state.deals,
            "next_deal": nxt if state.phase == "play" else None,
            "tile": tile,
            "last_deal": last_deal_number(state.short),
            "value_range": [low, high],
            "known_values": {str(t): v for t, v in KNOWN_VALUES.items()},
            "end_numbers": end_numbers(state.deals) if not state.short and state.phase == "end_roll" else [],
            "roll_total": state.roll_total,
            "rolls": list(state.rolls),
            "hand_limit": hand_limit(nxt, state.variant),
            "draw": {str(k): draw_count(k, state.variant) for k in range(0, 4)},
            "history": [dict(h) for h in state.history],
            # a running total is its owner's until the end (im_the_boss.money.visible)
            "players": [{"name": name, "money": state.money[s]} if reveal or state.phase == "end" else
                        {"name": name} for s, name in enumerate(state.players)],
        }


GAME = ImTheBoss()
