"""Catan score sheet: the host enters what is built and played; the sheet
computes points, Longest Road, Largest Army and the win.

Turn structure kept by the sheet: a set-up phase (each seat places a starting
settlement with its road, in snake order) and then turns in seat order.  The
game ends the moment any player reaches the target, whoever's turn it is, and
the most points win, as the rulebook says (seed 002; clause catan.end.win).  The
option ``own_turn`` plays the house rule of later editions (catan.end.own_turn):
the count is made on one's own turn, a player pushed to the target on someone
else's turn ends the game when their own turn starts; the most points still win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...core import Action, Event, Game, IllegalAction, Move, Param, RefereeError, TableSetup, moves_table
from . import events as ev
from . import facts as h
from .facts import FACTS

PIECES: Mapping[str, int] = FACTS["pieces"]
DEV_CARDS: Mapping[str, int] = FACTS["dev_cards"]
PROGRESS: tuple[str, ...] = tuple(k for k in DEV_CARDS if k not in ("knight", "victory_point"))
AWARDS = ("longest_road", "largest_army")


@dataclass
class CatanState:
    players: list[str]
    target: int
    own_turn: bool = False  # the option: the game ends only on the turn of a player at the target
    phase: str = "setup"  # setup | play | end
    turn: int = 0
    round: int = 0
    placements: int = 0
    settlements: list[int] = field(default_factory=list)
    cities: list[int] = field(default_factory=list)
    roads: list[int] = field(default_factory=list)
    road_length: list[int] = field(default_factory=list)
    knights: list[int] = field(default_factory=list)
    vp_cards: list[int] = field(default_factory=list)  # secret: Victory Point cards held
    # development cards (catan.development.buy): what the table sees of them is public -- how many
    # each player holds and bought this turn, how many left the deck; which kinds a hand holds is
    # its owner's secret until played (``hand``, ``fresh``: None in a ``public_state`` for a seat
    # that is not seen, standing for "any hand of that size")
    held: list[int] = field(default_factory=list)  # cards entered as bought and not played (VP cards too)
    bought_now: list[int] = field(default_factory=list)  # of those, bought this turn
    hand: list[dict[str, int] | None] = field(default_factory=list)  # secret: unplayed cards by kind
    fresh: list[dict[str, int] | None] = field(default_factory=list)  # secret: bought this turn, by kind
    deck_out: int = 0  # cards that left the deck: bought, played without an entered purchase, old vp_card
    harbors: list[list[str]] = field(default_factory=list)
    progress: dict[str, int] = field(default_factory=dict)
    dev_played: bool = False
    longest_road: int | None = None
    largest_army: int | None = None
    winner: int | None = None


# ----- scoring ---------------------------------------------------------------
def public_points(s: CatanState, seat: int) -> int:
    return h.points(s.settlements[seat], s.cities[seat], 0,
                    s.longest_road == seat, s.largest_army == seat)


def total_points(s: CatanState, seat: int) -> int:
    return h.points(s.settlements[seat], s.cities[seat], s.vp_cards[seat],
                    s.longest_road == seat, s.largest_army == seat)


def _update_awards(s: CatanState) -> None:
    s.longest_road = h.award_holder(s.road_length, s.longest_road, FACTS["longest_road_min"])
    s.largest_army = h.award_holder(s.knights, s.largest_army, FACTS["largest_army_min"])


def leaders(s: CatanState) -> list[int]:
    """The seats with the most points (hidden Victory Point cards included)."""
    totals = [total_points(s, i) for i in range(len(s.players))]
    best = max(totals)
    return [i for i, t in enumerate(totals) if t == best]


def _reached(s: CatanState) -> bool:
    """Whether the game ends now: a player has the target (catan.end.win) or, with the
    option ``own_turn``, the player whose turn it is has it (catan.end.own_turn)."""
    if s.own_turn:
        return total_points(s, s.turn) >= s.target
    return any(total_points(s, i) >= s.target for i in range(len(s.players)))


def _check_win(s: CatanState) -> None:
    """The game ends (see :func:`_reached`); then the player with the most points wins (the
    rulebook: the game ends at the target and the highest score wins).  ``winner`` is the
    first of the leaders; ties share the win."""
    if s.phase == "play" and _reached(s):
        s.phase, s.winner = "end", leaders(s)[0]


# ----- moves -----------------------------------------------------------------
def _take_harbor(s: CatanState, seat: int, harbor: str | None) -> None:
    if harbor is None:
        return
    owned = sum(hs.count(harbor) for hs in s.harbors)
    limit = FACTS["harbors"]["generic"] if harbor == h.GENERIC else FACTS["harbors"]["special_each"]
    if owned >= limit:
        raise IllegalAction("harbor_taken", "catan.components.harbors", harbor=harbor)
    s.harbors[seat].append(harbor)


def _place(s: CatanState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    _take_harbor(s, seat, a.get("harbor"))
    s.settlements[seat] += 1
    s.roads[seat] += 1
    s.road_length[seat] = max(s.road_length[seat], 1)
    s.placements += 1
    order = h.placement_order(len(s.players))
    if s.placements < len(order):
        s.turn = order[s.placements]
    else:
        s.phase, s.turn, s.round = "play", 0, 1


def _build_settlement(s: CatanState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    if s.settlements[seat] >= PIECES["settlements"]:
        raise IllegalAction("no_settlement_left", "catan.build.supply", limit=PIECES["settlements"])
    _take_harbor(s, seat, a.get("harbor"))
    s.settlements[seat] += 1
    _check_win(s)


def _build_city(s: CatanState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    if s.settlements[seat] == 0:
        raise IllegalAction("city_needs_settlement", "catan.build.city")
    if s.cities[seat] >= PIECES["cities"]:
        raise IllegalAction("no_city_left", "catan.build.supply", limit=PIECES["cities"])
    s.settlements[seat] -= 1
    s.cities[seat] += 1
    _check_win(s)


def _set_length(s: CatanState, seat: int, length: int) -> None:
    if length > s.roads[seat]:
        raise IllegalAction("road_longer_than_roads", "catan.awards.road_length",
                            player=seat, length=length, roads=s.roads[seat])
    s.road_length[seat] = length
    _update_awards(s)


def _build_road(s: CatanState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    if s.roads[seat] >= PIECES["roads"]:
        raise IllegalAction("no_road_left", "catan.build.supply", limit=PIECES["roads"])
    s.roads[seat] += 1
    length = a.get("longest", s.road_length[seat])
    if length < s.road_length[seat]:
        raise IllegalAction("road_cannot_shrink", "catan.awards.road_length",
                            length=length, current=s.road_length[seat])
    _set_length(s, seat, length)
    _check_win(s)


def _road_broken(s: CatanState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    if a["length"] >= s.road_length[seat]:
        raise IllegalAction("road_not_shorter", "catan.awards.broken_road",
                            player=seat, length=a["length"], current=s.road_length[seat])
    _set_length(s, seat, a["length"])
    _check_win(s)


def _played(s: CatanState, kind: str) -> int:
    """Copies of ``kind`` the table has seen played (public)."""
    if kind == "knight":
        return sum(s.knights)
    if kind == "victory_point":
        return 0
    return s.progress.get(kind, 0)


def _dev_card_in_deck(s: CatanState, kind: str) -> None:
    """A copy of ``kind`` is left to be played: only the public count (the kinds in other hands are
    secret, so a refusal never reads them)."""
    if _played(s, kind) >= DEV_CARDS[kind]:
        raise IllegalAction("no_card_left", "catan.components.dev_cards", card=kind, limit=DEV_CARDS[kind])


def _deck_has_card(s: CatanState) -> None:
    if s.deck_out >= FACTS["dev_cards_total"]:
        raise IllegalAction("deck_empty", "catan.components.dev_cards", limit=FACTS["dev_cards_total"])


def _one_per_turn(s: CatanState) -> None:
    if s.dev_played:
        raise IllegalAction("one_dev_card_per_turn", "catan.development.one_per_turn",
                            limit=FACTS["dev_cards_per_turn"])
    s.dev_played = True


def _buy(s: CatanState, a: Action) -> None:
    """A development card bought (catan.development.buy): the table sees the purchase, its owner
    alone which card it is.  Only what the owner may know limits the kind: the cards played
    (public) and the owner's own hand -- never another hand (catan.sheet.hidden_vp)."""
    seat = a.player
    assert seat is not None
    kind = a["card"]
    _deck_has_card(s)
    hand = s.hand[seat]
    own = s.vp_cards[seat] if kind == "victory_point" else (hand or {}).get(kind, 0)
    if _played(s, kind) + own >= DEV_CARDS[kind]:
        raise IllegalAction("no_card_left", "catan.components.dev_cards", card=kind, limit=DEV_CARDS[kind],
                            player=seat)
    s.deck_out += 1
    s.held[seat] += 1
    late = a.type == "correct_dev_card"  # bought in an earlier turn, not entered then
    if not late:
        s.bought_now[seat] += 1
    if kind == "victory_point":
        s.vp_cards[seat] += 1
        _check_win(s)
        return
    if hand is not None:
        hand[kind] = hand.get(kind, 0) + 1
    fresh = s.fresh[seat]
    if fresh is not None and not late:
        fresh[kind] = fresh.get(kind, 0) + 1


def _from_hand(s: CatanState, seat: int, kind: str) -> None:
    """The card played comes out of the player's hand.  A player holding no entered card plays
    one whose purchase was not entered (an older table, or a purchase forgotten): the deck
    loses it now.  Otherwise the hand must hold one bought before this turn; a refusal says so
    only to its owner (``events.HAND_REFUSALS``)."""
    _dev_card_in_deck(s, kind)
    if s.held[seat] == 0:
        _deck_has_card(s)
        s.deck_out += 1
        return
    hand, fresh = s.hand[seat], s.fresh[seat]
    if hand is None or fresh is None:  # a hand this device does not see: any card of an old purchase
        if s.held[seat] - s.bought_now[seat] <= 0:
            raise IllegalAction("card_bought_this_turn", "catan.development.one_per_turn", player=seat, card=kind)
        s.held[seat] -= 1
        return
    if hand.get(kind, 0) - fresh.get(kind, 0) <= 0:
        code = "card_bought_this_turn" if hand.get(kind, 0) > 0 else "card_not_held"
        raise IllegalAction(code, "catan.development.one_per_turn", player=seat, card=kind)
    hand[kind] -= 1
    s.held[seat] -= 1


def _knight(s: CatanState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    _one_per_turn(s)
    _from_hand(s, seat, "knight")
    s.knights[seat] += 1
    _update_awards(s)
    _check_win(s)


def _progress(s: CatanState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    _one_per_turn(s)
    _from_hand(s, seat, a["card"])
    s.progress[a["card"]] = s.progress.get(a["card"], 0) + 1


def _vp_card(s: CatanState, a: Action) -> None:
    """The vocabulary before every purchase was entered (kept so that saved tables replay): a
    Victory Point card, counted at once, and the only card entered as bought."""
    seat = a.player
    assert seat is not None
    _deck_has_card(s)
    if s.vp_cards[seat] >= DEV_CARDS["victory_point"]:
        raise IllegalAction("no_card_left", "catan.components.dev_cards", card="victory_point",
                            limit=DEV_CARDS["victory_point"], player=seat)
    s.deck_out += 1
    s.vp_cards[seat] += 1
    _check_win(s)


def _end_turn(s: CatanState, a: Action) -> None:
    s.turn = (s.turn + 1) % len(s.players)
    if s.turn == 0:
        s.round += 1
    s.dev_played = False
    s.bought_now = [0] * len(s.players)
    s.fresh = [None if f is None else {} for f in s.fresh]
    _check_win(s)


# ----- corrections -----------------------------------------------------------
COUNTS = ("settlements", "cities", "roads", "road_length", "knights", "vp_cards")


def _correct_counts(s: CatanState, a: Action) -> None:
    seat = a.player
    assert seat is not None
    for key in COUNTS:
        if key in a:
            getattr(s, key)[seat] = a[key]
    limits = {"settlements": PIECES["settlements"], "cities": PIECES["cities"], "roads": PIECES["roads"],
              "knights": DEV_CARDS["knight"], "vp_cards": DEV_CARDS["victory_point"]}
    for key, limit in limits.items():
        if getattr(s, key)[seat] > limit:
            raise IllegalAction("count_over_limit", "catan.components.pieces", what=key, limit=limit)
    # development cards come from one deck: all players together hold at most the box's count
    # (Victory Point cards are each player's secret: only that player's own count is limited, above)
    for key, limit in (("knights", DEV_CARDS["knight"]),):
        if sum(getattr(s, key)) > limit:
            raise IllegalAction("total_over_limit", "catan.components.dev_cards", what=key, limit=limit)
    if s.road_length[seat] > s.roads[seat]:
        raise IllegalAction("road_longer_than_roads", "catan.awards.road_length",
                            player=seat, length=s.road_length[seat], roads=s.roads[seat])
    _update_awards(s)
    _reopen_or_win(s)


def _correct_award(s: CatanState, a: Action) -> None:
    award = a["award"]
    seat = a.player
    values = s.road_length if award == "longest_road" else s.knights
    minimum = FACTS["longest_road_min"] if award == "longest_road" else FACTS["largest_army_min"]
    if seat is not None and values[seat] < minimum:
        raise IllegalAction("award_needs_minimum", f"catan.awards.{award}", player=seat, minimum=minimum)
    setattr(s, award, seat)
    _reopen_or_win(s)


def _reopen_or_win(s: CatanState) -> None:
    """A correction may undo the end (nobody has the target any more) or change who leads."""
    if s.phase == "end" and s.winner is not None:
        if max(total_points(s, i) for i in range(len(s.players))) < s.target:
            s.phase, s.winner = "play", None
        else:
            s.winner = leaders(s)[0]
    _check_win(s)


# ----- the game --------------------------------------------------------------
_counts = {k: Param("int", required=False, min=0) for k in COUNTS}


class Catan(Game[CatanState], facts=True):
    id = "catan"
    kind = "scoresheet"
    flow_rule = "catan.turn.order"
    moves: Mapping[str, Move[CatanState]] = moves_table(
        Move("place", _place, frozenset({"setup"}), "turn",
             {"harbor": Param("str", required=False, choices=h.HARBORS)}, rule="catan.setup.placement"),
        Move("build_settlement", _build_settlement, frozenset({"play"}), "turn",
             {"harbor": Param("str", required=False, choices=h.HARBORS)},
             rule="catan.build.settlement"),
        Move("build_city", _build_city, frozenset({"play"}), "turn", rule="catan.build.city"),
        Move("build_road", _build_road, frozenset({"play"}), "turn",
             {"longest": Param("int", required=False, min=0)}, rule="catan.build.road"),
        Move("road_broken", _road_broken, frozenset({"play"}), "seat",
             {"length": Param("int", min=0)}, rule="catan.awards.broken_road"),
        Move("knight", _knight, frozenset({"play"}), "turn", rule="catan.development.knight"),
        Move("progress", _progress, frozenset({"play"}), "turn",
             {"card": Param("str", choices=PROGRESS)}, rule="catan.development.one_per_turn"),
        Move("buy_dev_card", _buy, frozenset({"play"}), "turn", {"card": Param("str", choices=tuple(DEV_CARDS))},
             secret=True, rule="catan.development.buy"),
        # the older vocabulary (only Victory Point cards entered): read, never offered
        Move("vp_card", _vp_card, frozenset({"play"}), "turn", secret=True,
             rule="catan.development.victory_point"),
        Move("end_turn", _end_turn, frozenset({"play"}), "turn", rule="catan.turn.order"),
        Move("correct_counts", _correct_counts, None, "seat", _counts,
             rule="catan.sheet.corrections", correction=True),
        # a purchase not entered in its turn, entered later (secret like a purchase; the card may be
        # played at once): the table is the truth (catan.sheet.corrections)
        Move("correct_dev_card", _buy, frozenset({"play"}), "seat", {"card": Param("str", choices=tuple(DEV_CARDS))},
             secret=True, rule="catan.sheet.corrections", correction=True),
        Move("correct_award", _correct_award, None, "table",
             {"award": Param("str", choices=AWARDS)},
             rule="catan.sheet.corrections", correction=True),
    )

    def new_state(self, setup: TableSetup) -> CatanState:
        n = len(setup.players)
        return CatanState(
            players=list(setup.players), target=int(setup.options["target"]),
            own_turn=bool(setup.options["own_turn"]),
            settlements=[0] * n, cities=[0] * n, roads=[0] * n, road_length=[0] * n,
            knights=[0] * n, vp_cards=[0] * n, harbors=[[] for _ in range(n)],
            progress={k: 0 for k in PROGRESS},
            held=[0] * n, bought_now=[0] * n, hand=[{} for _ in range(n)], fresh=[{} for _ in range(n)],
        )

    def public_state(self, state: CatanState, seen: frozenset[int] = frozenset()) -> CatanState:
        """The hands of the seats this device does not see are any hands of their size (None),
        and their Victory Point cards none: what a screen offers reads only public counts."""
        if all(i in seen for i in range(len(state.players))):
            return state
        out = self.clone(state)
        for i in range(len(state.players)):
            if i not in seen:
                out.hand[i] = out.fresh[i] = None
                out.vp_cards[i] = 0
        return out

    def winners(self, state: CatanState) -> list[int]:
        return [] if state.winner is None else leaders(state)

    def scores(self, state: CatanState) -> list[float] | None:
        return [float(total_points(state, i)) for i in range(len(state.players))]

    def legal_actions(self, state: CatanState) -> list[Action]:
        if state.phase == "end":
            return []
        seat = state.turn
        out: list[Action] = []
        if state.phase == "setup":
            out.append(Action.make("place", seat))
            out.extend(Action.make("place", seat, harbor=x) for x in h.HARBORS)
            return [a for a in out if self.is_legal(state, a)]
        out.append(Action.make("build_settlement", seat))
        out.extend(Action.make("build_settlement", seat, harbor=x) for x in h.HARBORS)
        out.append(Action.make("build_city", seat))
        out.append(Action.make("build_road", seat))
        out.append(Action.make("build_road", seat, longest=state.road_length[seat] + 1))
        out.append(Action.make("knight", seat))
        out.extend(Action.make("progress", seat, card=c) for c in PROGRESS)
        out.extend(Action.make("buy_dev_card", seat, card=c) for c in DEV_CARDS)
        for other in range(len(state.players)):
            out.extend(Action.make("road_broken", other, length=n) for n in range(state.road_length[other]))
        out.append(Action.make("end_turn", seat))
        return [a for a in out if self.is_legal(state, a)]

    # ----- the table's story (events.py) -------------------------------------
    #: refusals that tell what a hand holds (only those about a hand: ev.secret_seat)
    private_refusals = ev.HAND_REFUSALS

    def action_events(self, before: CatanState, action: Action, after: CatanState) -> list[Event]:
        return ev.action_events(before, action, after) or super().action_events(before, action, after)

    def outcome_events(self, before: CatanState, action: Action, after: CatanState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def chapter(self, state: CatanState) -> tuple[str, int]:
        return ev.chapter(state)

    def secret_seat(self, state: CatanState, error: RefereeError, action: Action | None) -> int | None:
        return ev.secret_seat(error, action)

    def prompt(self, state: CatanState) -> dict[str, Any]:
        if state.phase == "end":
            return {"code": "phase.end", "players": self.winners(state),
                    "params": {"player": self.winners(state), "points": total_points(state, state.winner or 0)}}
        return {"code": f"phase.{state.phase}", "players": [state.turn],
                "params": {"player": state.turn, "round": state.round, "target": state.target}}

    def view(self, state: CatanState, reveal: bool = False) -> dict[str, Any]:
        show_all = reveal or state.phase == "end"
        players = []
        for i, name in enumerate(state.players):
            p: dict[str, Any] = {
                "name": name,
                "settlements": state.settlements[i], "cities": state.cities[i],
                "roads": state.roads[i], "road_length": state.road_length[i],
                "knights": state.knights[i],
                "longest_road": state.longest_road == i, "largest_army": state.largest_army == i,
                "harbors": list(state.harbors[i]), "trade_ratios": h.trade_ratios(state.harbors[i]),
                "points": public_points(state, i),
                "pieces_left": {"settlements": PIECES["settlements"] - state.settlements[i],
                                "cities": PIECES["cities"] - state.cities[i],
                                "roads": PIECES["roads"] - state.roads[i]},
            }
            p["dev_cards"] = state.held[i]
            p["dev_cards_new"] = state.bought_now[i]
            if show_all:
                p["vp_cards"] = state.vp_cards[i]
                p["score"] = total_points(state, i)
                hand = state.hand[i]
                if hand is not None:
                    p["hand"] = {k: n for k, n in hand.items() if n}
                    if state.phase != "end":
                        p["hand_new"] = {k: n for k, n in (state.fresh[i] or {}).items() if n}
            players.append(p)
        hand_limit = FACTS["robber"]["hand_limit"]
        return {
            "target": state.target, "own_turn": state.own_turn, "round": state.round, "current": state.turn,
            "players": players,
            "longest_road": state.longest_road, "largest_army": state.largest_army,
            "deck_left": max(0, FACTS["dev_cards_total"] - state.deck_out),
            "dev_cards_played": {k: _played(state, k) for k in DEV_CARDS if k != "victory_point"},
            "dev_card_played": state.dev_played,
            "costs": {b: h.cost(b) for b in h.BUILDS},
            "robber_discards": {str(n): h.robber_discard(n) for n in range(hand_limit + 1, 3 * hand_limit)},
            "setup": h.setup_summary(len(state.players)),
        }


GAME = Catan()
