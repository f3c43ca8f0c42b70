"""Die Kutschfahrt zur Teufelsburg (魔城马车 / 魔城馬車): table helper.

The journey itself is hidden information and stays at the table.  The app
gives the set-up for the player count and checks a victory claim: the host
enters what the claimant and the allies they name reveal, and every player's
association card (turned over once the game ends); the sheet decides whether
the claim holds and who wins.  Numbers come from
``rules_data/kutschfahrt/facts.json``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

from ...core import Action, Event, Game, IllegalAction, MalformedAction, Move, Param, moves_table
from ...core.game import TableSetup
from . import events as ev
from .facts import FACTS, GAME_ID

TEAMS: tuple[str, ...] = tuple(FACTS["teams"])
ITEMS: Mapping[str, int] = FACTS["items"]
VICTORY: Mapping[str, str] = FACTS["victory_item"]
BAG: Mapping[str, str] = FACTS["secret_bag"]
NEEDED: int = FACTS["victory_count"]

R = "kutschfahrt."
RULE_FLOW = R + "turn.choices"
RULE_CONDITION = R + "claim.condition"
RULE_REVEAL = R + "claim.reveal"
RULE_ITEMS = R + "components.items"
RULE_ASSOC = R + "setup.associations"
RULE_DRINK = R + "drink.what"
RULE_LOGE = R + "items.loge"
RULE_PEARL = R + "items.black-pearl"
RULE_CORRECT = R + "app.corrections"


# ----- pure helpers the screen can call -------------------------------------

def setup_summary(n_players: int) -> dict[str, Any]:
    """Everything the set-up depends on for ``n_players``."""
    key = str(n_players)
    odd = n_players % 2 == 1
    each = FACTS["associations"][key]
    start = FACTS["start_items"][key]
    small = FACTS["small_game"]
    stamped = small["stamped_items"] if n_players == small["players"] else n_players - FACTS["secret_bags"]
    return {
        "associations_each": each,
        "associations_boxed": len(TEAMS) * each - n_players,
        "drink_of_power": odd,
        "item_limit": FACTS["item_limit"][key],
        "start_items_each": start,
        "stamped_items_dealt": stamped,
        "secret_bags_dealt": FACTS["secret_bags"],
        "removed_items": list(FACTS["removed_items"].get(key, [])),
    }


def fight_winner(attack: int, defence: int, ring: str | None = None) -> str:
    """``attacker``, ``defender`` or ``tie``; ``ring`` names the side (``attacker``/``defender``)
    whose Poison Ring turns a tie into a win."""
    if attack > defence:
        return "attacker"
    if defence > attack:
        return "defender"
    return ring if ring in ("attacker", "defender") else "tie"


def victory_points(items: list[str], team: str, pile_empty: bool) -> int:
    """The team's victory items among ``items``; a Secret Bag counts once the pile is empty."""
    count = sum(1 for i in items if i == VICTORY[team])
    if pile_empty:
        count += sum(1 for i in items if i == BAG[team])
    return count


def loge_points(items: list[str], pile_empty: bool) -> int:
    """Keys and Goblets of any kind, for a solo claim with the Coat of Arms of the Loge."""
    return sum(victory_points(items, team, pile_empty) for team in TEAMS)


def minority(associations: list[str]) -> str | None:
    """The association with fewer players at the table (None when equal)."""
    counts = Counter(associations)
    a, b = (counts.get(t, 0) for t in TEAMS)
    if a == b:
        return None
    return TEAMS[0] if a < b else TEAMS[1]


def judge_claim(claimant: int, allies: list[int], hands: list[list[str]], associations: list[str],
                pile_empty: bool, drink: bool, loge: bool) -> dict[str, Any]:
    """Whether a (well-formed, allowed) claim holds, with the figures behind it."""
    team = associations[claimant]
    if loge:
        points = loge_points(hands[0], pile_empty)
        return {"team": team, "success": points >= NEEDED, "points": points, "drink": False,
                "reasons": [] if points >= NEEDED else ["not_enough_items"], "notes": []}
    reasons: list[str] = []
    for ally, items in zip(allies, hands[1:]):
        if associations[ally] != team:
            reasons.append("ally_not_in_association")
        elif victory_points(items, team, pile_empty) == 0:
            reasons.append("ally_without_item")
    points = sum(victory_points(items, team, pile_empty) for items in hands)
    # a Drink of a claimant outside the smaller society is merely ineffective: it adds
    # nothing, and the claim stands or falls on the items alone (a note, not a reason)
    drink_counts = drink and minority(associations) == team
    notes = ["drink_not_minority"] if drink and not drink_counts else []
    total = points + (1 if drink_counts else 0)
    if total < NEEDED:
        reasons.append("not_enough_items")
    return {"team": team, "success": not reasons, "points": total, "drink": drink_counts,
            "reasons": sorted(set(reasons)), "notes": notes}


# ----- state --------------------------------------------------------------

@dataclass
class CoachState:
    players: list[str]
    phase: str = "journey"
    claimant: int | None = None
    associations: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None


def _hands(state: CoachState, action: Action, allies: list[int]) -> list[list[str]]:
    raw = action["items"]
    if not isinstance(raw, list) or not all(isinstance(h, list) and all(isinstance(i, str) for i in h) for h in raw):
        raise MalformedAction("bad_arg", None, action=action.type, arg="items", value=raw)
    if len(raw) != 1 + len(allies):
        raise IllegalAction("items_mismatch", RULE_REVEAL, hands=len(raw), players=1 + len(allies))
    removed = FACTS["removed_items"].get(str(len(state.players)), [])
    limit = FACTS["item_limit"][str(len(state.players))]
    total: Counter[str] = Counter()
    for hand in raw:
        if len(hand) > limit:
            raise IllegalAction("over_item_limit", R + "setup.item-limit", count=len(hand), max=limit)
        for item in hand:
            if item not in ITEMS:
                raise MalformedAction("bad_arg", None, action=action.type, arg="items", value=item)
            if item in removed:
                raise IllegalAction("item_not_in_game", R + "setup.removed-items", item=item)
            total[item] += 1
    for item, count in sorted(total.items()):
        if count > ITEMS[item]:
            raise IllegalAction("too_many_items", RULE_ITEMS, item=item, count=count, max=ITEMS[item])
    return raw


def _check_associations(state: CoachState, associations: list[str]) -> None:
    n = len(state.players)
    if len(associations) != n:
        raise IllegalAction("associations_mismatch", RULE_ASSOC, count=len(associations), players=n)
    limit = FACTS["associations"][str(n)]
    counts = Counter(associations)
    for team in TEAMS:
        if counts.get(team, 0) > limit:
            raise IllegalAction("association_count", RULE_ASSOC, team=team, count=counts[team], max=limit)


def _claim(state: CoachState, action: Action) -> None:
    assert action.player is not None
    claimant = action.player
    allies: list[int] = action.get("allies", [])
    seen = {claimant}
    for ally in allies:
        if ally in seen:
            raise IllegalAction("ally_repeated", RULE_REVEAL, player=ally)
        seen.add(ally)
    hands = _hands(state, action, allies)
    associations: list[str] = action["associations"]
    _check_associations(state, associations)
    pile_empty = bool(action.get("pile_empty", False))
    drink = bool(action.get("drink", False))
    loge = bool(action.get("loge", False))
    own = hands[0]
    team = associations[claimant]
    if "black_pearl" in own:
        raise IllegalAction("black_pearl_no_claim", RULE_PEARL, player=claimant)
    if drink and len(state.players) % 2 == 0:
        raise IllegalAction("drink_even_game", R + "setup.odd", count=len(state.players))
    if loge:
        if "loge" not in own:
            raise IllegalAction("loge_not_held", RULE_LOGE, player=claimant)
        if allies:
            raise IllegalAction("loge_alone", RULE_LOGE)
        if drink:
            raise IllegalAction("drink_with_loge", RULE_DRINK)
        if loge_points(own, pile_empty) == 0:
            raise IllegalAction("claimant_without_item", RULE_CONDITION, player=claimant)
    elif victory_points(own, team, pile_empty) == 0:
        raise IllegalAction("claimant_without_item", RULE_CONDITION, player=claimant)
    state.claimant = claimant
    state.associations = list(associations)
    state.result = {**judge_claim(claimant, allies, hands, associations, pile_empty, drink, loge),
                    "loge": loge, "allies": list(allies)}
    state.phase = "end"


def _correct_outcome(state: CoachState, action: Action) -> None:
    if state.result is None:
        raise IllegalAction("no_claim_yet", RULE_CORRECT)
    state.result = {**state.result, "success": action["success"], "corrected": True}


class Kutschfahrt(Game[CoachState], facts=True):
    id = GAME_ID
    kind = "scoresheet"
    flow_rule = RULE_FLOW
    moves = moves_table(
        Move("claim", _claim, frozenset({"journey"}), "seat", {
   "allies": Param("seat_list", required=False),
   "items": Param("json"),
   "associations": Param("str_list", choices=TEAMS),
   "pile_empty": Param("bool", required=False),
   "drink": Param("bool", required=False),
   "loge": Param("bool", required=False)}, rule=RULE_CONDITION, undoable=True),
        Move("correct_outcome", _correct_outcome, None, "table", {
"success": Param("bool")}, rule=RULE_CORRECT, correction=True),
    )

    def new_state(self, setup: TableSetup) -> CoachState:
        return CoachState(list(setup.players))

    def winners(self, state: CoachState) -> list[int]:
        if state.phase != "end" or state.result is None or state.claimant is None:
            return []
        team = state.result["team"]
        if state.result["success"]:
            if state.result["loge"]:
                return [state.claimant]
            return [s for s, a in enumerate(state.associations) if a == team]
        return [s for s, a in enumerate(state.associations) if a != team]

    def scores(self, state: CoachState) -> list[float] | None:
        if state.phase != "end":
            return None
        won = set(self.winners(state))
        return [1.0 if s in won else 0.0 for s in range(len(state.players))]

    def legal_actions(self, state: CoachState) -> list[Action]:
        if state.phase != "journey":
            return []
        n = len(state.players)
        associations = [TEAMS[s % 2] for s in range(n)]
        out: list[Action] = []
        for seat in range(n):
            item = VICTORY[associations[seat]]
            for count in (1, NEEDED):
                out.append(Action.make("claim", seat, items=[[item] * count], associations=associations))
        return out

    # ----- the table's story (events.py) -------------------------------------
    def action_events(self, before: CoachState, action: Action, after: CoachState) -> list[Event]:
        return ev.action_events(before, action, after) or super().action_events(before, action, after)

    def outcome_events(self, before: CoachState, action: Action, after: CoachState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def prompt(self, state: CoachState) -> dict[str, Any]:
        if state.phase == "end":
            return {"code": "phase.end", "players": [], "params": {"players": self.winners(state)}}
        return {"code": "phase.journey", "players": [], "params": {}}

    def view(self, state: CoachState, reveal: bool = False) -> dict[str, Any]:
        n = len(state.players)
        return {
            "setup": setup_summary(n),
            "claimant": state.claimant,
            "result": None if state.result is None else dict(state.result),
            "players": [{"name": name, "association": state.associations[s] if state.associations else None}
                        for s, name in enumerate(state.players)],
        }


GAME = Kutschfahrt()
