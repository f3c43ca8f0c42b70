"""How the last voyage's payout was computed, read from the engine's own money ledger.

Teaching play's "Why?" after a payout (``manila.payout.*``, ``manila.insurance.claims``)
shows this account line by line: each boat where it ended, its value and who shared it
(the accomplices aboard; the pirates for a plundered boat), each harbour and shipyard space
and what it paid, the insurer's premium and claims, the pilots, and what the bank hands each
player now.  Every figure is a ledger line (``money.flow``: nothing is computed twice); the
boat values and space rewards printed on the board come from facts.json.  Nothing here is a
secret: the shares in hand play no part in a payout, and Manila's money is counted in the open.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .facts import INSURANCE, load
from .state import BANK, Flow, ManilaState

F = load()

#: what is settled when the voyage ends (manila.payout.*)
SETTLED = frozenset({"boat_profit", "harbor_reward", "loot", "shipyard_reward", "claim", "claim_cover"})


@dataclass(frozen=True)
class Boat:
    ware: str
    #: "harbor" (reached Manila), "shipyard" (did not), "plundered" (taken by the pirates)
    fate: str
    #: the harbour or shipyard space it ended on
    space: str
    value: int
    #: the seats paid a share of its value, one entry per accomplice (the crew; the pirates)
    paid: tuple[int, ...]
    #: what each of them got (rounded down: the rest stays with the bank)
    each: int


@dataclass(frozen=True)
class Space:
    space: str
    holder: int | None
    #: the boat that ended there (None: no boat)
    ware: str | None
    #: what the space's holder is owed (its printed reward), 0 without a boat
    reward: int
    #: who pays it: (payer, amount): the bank, or the insurer, and the bank what he cannot
    paid_by: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Insurance:
    insurer: int
    bonus: int
    #: each claim: (space, to: a seat or BANK, amount paid by the insurer)
    claims: tuple[tuple[str, int, int], ...]
    #: the shares the insurer had to mortgage to pay the claims (manila.insurance.forced), and
    #: the cash those loans brought
    loans: int = 0
    loan_cash: int = 0


@dataclass(frozen=True)
class Account:
    voyage: int
    boats: tuple[Boat, ...]
    spaces: tuple[Space, ...]
    insurance: Insurance | None
    #: (pilot space, holder, what they paid when placed)
    pilots: tuple[tuple[str, int, int], ...]
    #: per seat: the ledger lines (reason, where, amount) the bank pays now
    bank_pays: tuple[tuple[tuple[str, str, int], ...], ...] = field(default_factory=tuple)


def last_paid_voyage(state: ManilaState) -> int:
    return state.voyage if state.phase in ("reveal", "end") else state.voyage - 1


def ended(state: ManilaState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Where the last paid voyage's boats ended: harbour wares in A, B, C order, shipyard wares."""
    if state.phase in ("reveal", "end"):  # the last voyage: its board is left as it ended
        return tuple(state.harbor), tuple(state.shipyard)
    return state.ended


def _claim_loans(flows: list[Flow], insurer: int) -> tuple[int, int]:
    """The forced loans the insurer took to pay the claims: the ``forced_mortgage`` lines just
    before the first claim (``flow.pay_claims`` raises the cash, then pays)."""
    first = next((i for i, f in enumerate(flows) if f.reason in ("claim", "claim_cover")), None)
    if first is None:
        return 0, 0
    loans = []
    for f in reversed(flows[:first]):
        if f.reason != "forced_mortgage" or f.payee != insurer:
            break
        loans.append(f.amount)
    return len(loans), sum(loans)


def voyage_account(state: ManilaState) -> Account | None:
    """The account of the last voyage paid out (None before the first)."""
    voyage = last_paid_voyage(state)
    if voyage < 1:
        return None
    flows: list[Flow] = [f for f in state.ledger if f.voyage == voyage]
    if not any(f.reason in SETTLED for f in flows) and not ended(state)[0] + ended(state)[1]:
        return None
    harbor, shipyard = ended(state)

    def paid(reason: str, where: str) -> list[Flow]:
        return [f for f in flows if f.reason == reason and f.where == where]

    def holder(space: str) -> int | None:
        placed = [f.payer for f in flows if f.reason in ("seat_cost", "stowaway") and f.where == space
                  and f.payer != BANK]
        return placed[0] if placed else None

    boats: list[Boat] = []
    for wares, kind, spaces in ((harbor, "harbor", F.harbor_spaces), (shipyard, "shipyard", F.shipyard_spaces)):
        for i, ware in enumerate(wares):
            loot = paid("loot", ware)
            lines = loot or paid("boat_profit", ware)
            fate = "plundered" if loot else kind
            boats.append(Boat(ware, fate, spaces[i], F.profit[ware], tuple(f.payee for f in lines),
                              lines[0].amount if lines else 0))
    rows: list[Space] = []
    for wares, spaces, rewards in ((harbor, F.harbor_spaces, F.harbor_rewards),
                                   (shipyard, F.shipyard_spaces, F.shipyard_rewards)):
        for i, space in enumerate(spaces):
            who = holder(space)
            ware = wares[i] if i < len(wares) else None
            if who is None and ware is None:
                continue
            by = [(f.payer, f.amount) for f in flows
                  if f.where == space and f.reason in ("harbor_reward", "shipyard_reward", "claim", "claim_cover")]
            rows.append(Space(space, who, ware, rewards[i] if ware is not None else 0, tuple(by)))
    bonus = [f for f in flows if f.reason == "insurance_bonus"]
    insurance = None
    if bonus:
        insurer = bonus[0].payee
        claims = tuple((f.where, f.payee, f.amount) for f in flows if f.reason == "claim")
        insurance = Insurance(insurer, bonus[0].amount, claims, *_claim_loans(flows, insurer))
    elif holder(INSURANCE) is not None:
        insurance = Insurance(holder(INSURANCE), 0, ())  # type: ignore[arg-type]
    pilots = tuple((f.where, f.payer, f.amount) for f in flows
                   if f.reason in ("seat_cost", "stowaway") and f.where.startswith("pilot_"))
    bank = tuple(tuple((f.reason, f.where, f.amount) for f in flows
                       if f.reason in SETTLED and f.payer == BANK and f.payee == seat and f.amount)
                 for seat in range(state.n))
    return Account(voyage, tuple(boats), tuple(rows), insurance, pilots, bank)


__all__ = ["Account", "Boat", "Insurance", "Space", "ended", "voyage_account"]
