"""Pandemic score sheet: the counters a host keeps beside the board.

The app does not see the board.  The table enters roles, the actions that
change a count, every player card drawn and every infection card resolved; the
sheet keeps the infection rate, outbreaks, cures and eradications, cubes per
colour, stations, hand sizes, both decks and discard piles, walks the table
through each epidemic and announces every win and loss (pandemic.app.tracker).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core import Action, Event, Game, IllegalAction, Param, TableSetup, move, moves_table
from . import events as ev
from . import facts as helpers
from .facts import fact

COLOURS: tuple[str, ...] = tuple(fact("colours"))
ROLES: tuple[str, ...] = tuple(fact("roles"))
EVENTS: tuple[str, ...] = tuple(fact("events"))
HOW: tuple[str, ...] = ("drive", "direct", "charter", "shuttle")
CARD_KINDS: tuple[str, ...] = ("card", "epidemic")
COUNTERS: tuple[str, ...] = ("outbreaks", "rate_index", "stations", "player_deck", "player_discard",
                             "infection_deck", "infection_discard")
STATUSES: tuple[str, ...] = ("active", "cured", "eradicated")

HAND_LIMIT: int = fact("hand_limit")
ACTIONS: int = fact("actions_per_turn")
DRAWS: int = fact("cards_drawn_per_turn")
OUTBREAK_LIMIT: int = fact("outbreak_limit")
CUBES: int = fact("cubes_per_colour")
MAX_PER_CITY: int = fact("max_cubes_per_city")
STATION_LIMIT: int = fact("components")["research_stations"]
EVENT_PHASES = frozenset({"actions", "draw", "epidemic_intensify", "discard", "infect"})


@dataclass
class PandemicState:
    players: list[str]
    difficulty: str
    epidemics: int
    piles: list[int]
    pile_check: bool
    hands: list[int]
    player_deck: int
    infection_deck: int
    stations: int
    phase: str = "roles"
    roles: list[str] = field(default_factory=list)
    turn: int = 0
    actions_left: int = 0
    rate_index: int = 0
    outbreaks: int = 0
    status: dict[str, str] = field(default_factory=dict)
    on_board: dict[str, int] = field(default_factory=dict)
    player_discard: int = 0
    infection_discard: int = 0
    infection_removed: int = 0
    cards_drawn: int = 0
    pile_epidemics: list[bool] = field(default_factory=list)
    drawn_this_turn: int = 0
    infections_left: int = 0
    infected_this_step: int = 0
    setup_done: int = 0
    events_played: list[str] = field(default_factory=list)
    quiet_night: bool = False
    resume: str = ""
    result: str = ""


# ----- small calculations -------------------------------------------------------
def cure_cost(role: str) -> int:
    return int(fact("scientist_cure_cards") if role == "scientist" else fact("cure_cards"))


def supply(state: PandemicState, colour: str) -> int:
    return CUBES - state.on_board[colour]


def over_limit(state: PandemicState) -> list[int]:
    return [i for i, h in enumerate(state.hands) if h > HAND_LIMIT]


def epidemics_drawn(state: PandemicState) -> int:
    return sum(state.pile_epidemics)


def current_pile(state: PandemicState) -> tuple[int, int] | None:
    """(pile number, cards left in it) for the next card drawn, or None if the deck is empty."""
    try:
        return helpers.pile_of(state.cards_drawn, state.piles)
    except IndexError:
        return None


# ----- flow ---------------------------------------------------------------------
def _end(state: PandemicState, result: str) -> None:
    if not state.result:
        state.result = result
    state.phase = "end"


def _check_eradication(state: PandemicState, colour: str) -> None:
    if state.status[colour] == "cured" and state.on_board[colour] == 0:
        state.status[colour] = "eradicated"


def _new_turn(state: PandemicState, seat: int) -> None:
    state.turn = seat
    state.actions_left = ACTIONS
    state.drawn_this_turn = 0
    state.phase = "actions"


def _enter(state: PandemicState, phase: str) -> None:
    """Go to ``phase``, unless a hand is over the limit (then discard first)."""
    if state.phase == "end":
        return
    if over_limit(state):
        state.phase = "discard"
        state.resume = phase
        return
    state.resume = ""
    if phase == "draw" and state.drawn_this_turn == 0 and state.player_deck < DRAWS:
        _end(state, "loss_deck")
        return
    if phase == "infect":
        state.infected_this_step = 0
        if state.quiet_night:
            state.quiet_night = False
            _new_turn(state, (state.turn + 1) % len(state.players))
            return
        state.infections_left = helpers.infection_rate(state.rate_index)
    state.phase = phase


def _after_action(state: PandemicState) -> None:
    state.actions_left -= 1
    _enter(state, "draw" if state.actions_left == 0 else "actions")


def _spend_card(state: PandemicState, seat: int, rule: str) -> None:
    if state.hands[seat] < 1:
        raise IllegalAction("no_card", rule, player=seat)
    state.hands[seat] -= 1
    state.player_discard += 1


def _add_outbreaks(state: PandemicState, count: int) -> None:
    state.outbreaks += count
    if state.outbreaks >= OUTBREAK_LIMIT:
        state.outbreaks = OUTBREAK_LIMIT
        _end(state, "loss_outbreaks")


def _place_cubes(state: PandemicState, colour: str, cubes: int) -> None:
    if cubes > supply(state, colour):
        state.on_board[colour] = CUBES
        _end(state, "loss_cubes")
        return
    state.on_board[colour] += cubes


def _draw_infection_card(state: PandemicState) -> None:
    if state.infection_deck == 0:  # pandemic.app.empty-infection-deck
        state.infection_deck, state.infection_discard = state.infection_discard, 0
    state.infection_deck -= 1
    state.infection_discard += 1


# ----- moves --------------------------------------------------------------------
def _role(state: PandemicState, action: Action) -> None:
    role = action["role"]
    if role in state.roles:
        raise IllegalAction("role_taken", "pandemic.setup.roles", role=role)
    state.roles[action.player] = role  # type: ignore[index]
    if "" not in state.roles:
        state.phase = "setup_infect"


def _setup_infect(state: PandemicState, action: Action) -> None:
    cubes = fact("setup_infection")[state.setup_done]
    state.on_board[action["colour"]] += cubes
    state.infection_deck -= 1
    state.infection_discard += 1
    state.setup_done += 1
    if state.setup_done == len(fact("setup_infection")):
        state.phase = "first"


def _first_player(state: PandemicState, action: Action) -> None:
    _new_turn(state, action.player)  # type: ignore[arg-type]


def _move(state: PandemicState, action: Action) -> None:
    how = action["how"]
    seat: int = action.player  # type: ignore[assignment]
    if how == "direct":
        _spend_card(state, seat, "pandemic.actions.direct-flight")
    elif how == "charter":
        _spend_card(state, seat, "pandemic.actions.charter-flight")
    elif how == "shuttle" and state.stations < 2:
        raise IllegalAction("shuttle_needs_two_stations", "pandemic.actions.shuttle-flight")
    _after_action(state)


def _build(state: PandemicState, action: Action) -> None:
    seat: int = action.player  # type: ignore[assignment]
    if state.roles[seat] != "operations_expert":
        _spend_card(state, seat, "pandemic.actions.build")
    state.stations = min(STATION_LIMIT, state.stations + 1)
    _after_action(state)


def _remove_cubes(state: PandemicState, colour: str, cubes: int, rule: str) -> None:
    if cubes > state.on_board[colour]:
        raise IllegalAction("not_enough_cubes_on_board", rule, on_board=state.on_board[colour])
    state.on_board[colour] -= cubes
    _check_eradication(state, colour)


def _treat(state: PandemicState, action: Action) -> None:
    colour, cubes = action["colour"], action["cubes"]
    seat: int = action.player  # type: ignore[assignment]
    if cubes != 1 and state.status[colour] == "active" and state.roles[seat] != "medic":
        raise IllegalAction("treat_one_cube", "pandemic.actions.treat")
    _remove_cubes(state, colour, cubes, "pandemic.actions.treat")
    _after_action(state)


def _cure(state: PandemicState, action: Action) -> None:
    colour = action["colour"]
    seat: int = action.player  # type: ignore[assignment]
    if state.status[colour] != "active":
        raise IllegalAction("already_cured", "pandemic.actions.cure", colour=colour)
    needed = cure_cost(state.roles[seat])
    if state.hands[seat] < needed:
        rule = "pandemic.roles.scientist" if state.roles[seat] == "scientist" else "pandemic.actions.cure"
        raise IllegalAction("cure_needs_cards", rule, player=seat, needed=needed, held=state.hands[seat])
    state.hands[seat] -= needed
    state.player_discard += needed
    state.status[colour] = "cured"
    _check_eradication(state, colour)
    if all(s != "active" for s in state.status.values()):
        _end(state, "win")
        return
    _after_action(state)


def _share(state: PandemicState, action: Action) -> None:
    giver, taker = action["from_player"], action["to_player"]
    if giver == taker:
        raise IllegalAction("share_same_player", "pandemic.actions.share", player=giver)
    if action.player not in (giver, taker):
        raise IllegalAction("share_must_involve_you", "pandemic.actions.share", player=action.player)
    if state.hands[giver] < 1:
        raise IllegalAction("no_card", "pandemic.actions.share", player=giver)
    state.hands[giver] -= 1
    state.hands[taker] += 1
    _after_action(state)


def _pass_actions(state: PandemicState, action: Action) -> None:
    state.actions_left = 1
    _after_action(state)


def _draw(state: PandemicState, action: Action) -> None:
    kind = action["card"]
    seat: int = action.player  # type: ignore[assignment]
    if state.player_deck == 0:  # only after a correction: nothing left to draw
        _end(state, "loss_deck")
        return
    where = current_pile(state)
    if kind == "epidemic":
        if epidemics_drawn(state) >= state.epidemics:
            raise IllegalAction("no_epidemics_left", "pandemic.setup.epidemics", total=state.epidemics)
        if state.pile_check and where is not None and state.pile_epidemics[where[0]]:
            raise IllegalAction("epidemic_pile_done", "pandemic.setup.pile-order")
    elif state.pile_check and where is not None and where[1] == 1 and not state.pile_epidemics[where[0]]:
        raise IllegalAction("epidemic_due", "pandemic.setup.pile-order")
    state.player_deck -= 1
    state.cards_drawn += 1
    state.drawn_this_turn += 1
    if kind == "epidemic":
        index = where[0] if where is not None else state.pile_epidemics.index(False)
        if state.pile_epidemics[index]:  # pile check off: credit the first pile still waiting
            index = state.pile_epidemics.index(False)
        state.pile_epidemics[index] = True
        state.player_discard += 1
        state.rate_index = min(state.rate_index + 1, len(fact("infection_rate_track")) - 1)
        state.phase = "epidemic_infect"
        return
    state.hands[seat] += 1
    if state.drawn_this_turn >= DRAWS:
        _enter(state, "infect")


def _infect(state: PandemicState, action: Action) -> None:
    colour, cubes, outbreaks = action["colour"], action["cubes"], action["outbreaks"]
    epidemic = state.phase == "epidemic_infect"
    rule = "pandemic.app.infection-entry"
    if state.status[colour] == "eradicated":
        if cubes or outbreaks:
            raise IllegalAction("eradicated_no_cubes", "pandemic.infection.eradicated")
    elif outbreaks == 0:
        expected = fact("epidemic_cubes") if epidemic else 1
        if cubes != expected:
            raise IllegalAction("infect_cube_count", rule, expected=expected)
    _draw_infection_card(state)  # an epidemic takes the bottom card, an infection the top one
    if not epidemic:
        state.infected_this_step += 1
    _add_outbreaks(state, outbreaks)
    _place_cubes(state, colour, cubes)
    if state.phase == "end":
        return
    if epidemic:
        state.phase = "epidemic_intensify"
        return
    state.infections_left -= 1
    if state.infections_left == 0:
        _new_turn(state, (state.turn + 1) % len(state.players))


def _intensify(state: PandemicState, action: Action) -> None:
    state.infection_deck += state.infection_discard
    state.infection_discard = 0
    if state.drawn_this_turn < DRAWS:
        state.phase = "draw"
    else:
        _enter(state, "infect")


def _discard(state: PandemicState, action: Action) -> None:
    seat: int = action.player  # type: ignore[assignment]
    excess = state.hands[seat] - HAND_LIMIT
    if action["cards"] > excess:
        raise IllegalAction("discard_too_many", "pandemic.app.discard-exact", player=seat, max=excess)
    state.hands[seat] -= action["cards"]
    state.player_discard += action["cards"]
    if not over_limit(state):
        _enter(state, state.resume)


def _event(state: PandemicState, action: Action) -> None:
    card = action["card"]
    seat: int = action.player  # type: ignore[assignment]
    rule = "pandemic.events." + card.replace("_", "-")
    if card in state.events_played:
        raise IllegalAction("event_already_played", rule)
    if card == "resilient_population" and state.infection_discard == 0:
        raise IllegalAction("infection_discard_empty", rule)
    _spend_card(state, seat, "pandemic.draw.events")
    state.events_played.append(card)
    if card == "government_grant":
        state.stations = min(STATION_LIMIT, state.stations + 1)
    elif card == "resilient_population":
        state.infection_discard -= 1
        state.infection_removed += 1
    elif card == "one_quiet_night":
        if state.phase == "infect" and state.infected_this_step == 0:
            _new_turn(state, (state.turn + 1) % len(state.players))
            return
        state.quiet_night = True
    if state.phase == "discard" and not over_limit(state):
        _enter(state, state.resume)


def _medic_clears(state: PandemicState, action: Action) -> None:
    colour = action["colour"]
    if state.roles[action.player] != "medic":  # type: ignore[index]
        raise IllegalAction("not_the_medic", "pandemic.roles.medic", player=action.player)
    if state.status[colour] == "active":
        raise IllegalAction("disease_not_cured", "pandemic.roles.medic")
    _remove_cubes(state, colour, action["cubes"], "pandemic.roles.medic")


def _check_counts(state: PandemicState) -> None:
    """After a correction: the limits still end the game (never reopen it)."""
    if state.phase == "end":
        return
    if state.outbreaks >= OUTBREAK_LIMIT:
        _add_outbreaks(state, 0)
    for colour in COLOURS:
        _check_eradication(state, colour)
    if all(s != "active" for s in state.status.values()):
        _end(state, "win")


def _check_box(state: PandemicState) -> None:
    """Corrections never put more cards on the table than the box holds, across all players:
    all hands together hold at most the city and event cards; the player deck and discard at
    most the player cards; infection deck and discard at most the infection cards.  (A hand is
    often corrected without the deck, so hands and deck are bounded apart.)"""
    box = fact("components")
    in_hands = fact("city_cards") + fact("event_cards")
    if sum(state.hands) > in_hands:
        raise IllegalAction("hand_cards_over_box", "pandemic.app.corrections", limit=in_hands)
    if state.player_deck + state.player_discard > box["player_cards"]:
        raise IllegalAction("player_cards_over_box", "pandemic.app.corrections", limit=box["player_cards"])
    if state.infection_deck + state.infection_discard > box["infection_cards"]:
        raise IllegalAction("infection_cards_over_box", "pandemic.app.corrections", limit=box["infection_cards"])
    if state.outbreaks > OUTBREAK_LIMIT:
        raise IllegalAction("outbreaks_over_track", "pandemic.app.corrections", limit=OUTBREAK_LIMIT)


def _correct(state: PandemicState, action: Action) -> None:
    setattr(state, action["what"], action["value"])
    state.rate_index = min(state.rate_index, len(fact("infection_rate_track")) - 1)
    state.stations = max(1, min(state.stations, STATION_LIMIT))
    _check_box(state)
    _check_counts(state)


def _correct_cubes(state: PandemicState, action: Action) -> None:
    colour = action["colour"]
    state.on_board[colour] = action["value"]
    if action["value"] > 0 and state.status[colour] == "eradicated":
        state.status[colour] = "cured"
    _check_counts(state)


def _correct_hand(state: PandemicState, action: Action) -> None:
    state.hands[action["seat"]] = action["cards"]
    _check_box(state)


def _correct_cure(state: PandemicState, action: Action) -> None:
    state.status[action["colour"]] = action["status"]
    _check_counts(state)


# ----- the game -----------------------------------------------------------------
_COLOUR = Param("str", choices=COLOURS)
_PLAY = frozenset({"actions"})


class Pandemic(Game[PandemicState], facts=True):
    id = "pandemic"
    kind = "scoresheet"
    flow_rule = "pandemic.turn.structure"
    #: who acts where the facts.json phase table says {"rule": ...}
    acts_rules = {"first_without_role": lambda state: (state.roles.index(""),), "over_hand_limit": over_limit}
    moves = moves_table(
        move("role", _role, {"roles"}, "pandemic.setup.roles", "turn", {"role": Param("str", choices=ROLES)}),
        move("setup_infect", _setup_infect, {"setup_infect"}, "pandemic.setup.infection", "table",
             {"colour": _COLOUR}),
        move("first_player", _first_player, {"first"}, "pandemic.setup.first-player", "seat"),
        move("move", _move, _PLAY, "pandemic.actions.drive", "turn", {"how": Param("str", choices=HOW)}),
        move("build", _build, _PLAY, "pandemic.actions.build"),
        move("treat", _treat, _PLAY, "pandemic.actions.treat", "turn",
             {"colour": _COLOUR, "cubes": Param("int", min=1, max=MAX_PER_CITY)}),
        move("cure", _cure, _PLAY, "pandemic.actions.cure", "turn", {"colour": _COLOUR}),
        move("share", _share, _PLAY, "pandemic.actions.share", "turn",
             {"from_player": Param("seat"), "to_player": Param("seat")}),
        move("pass_actions", _pass_actions, _PLAY, "pandemic.actions.pass"),
        move("draw", _draw, {"draw"}, "pandemic.draw.two-cards", "turn", {"card": Param("str", choices=CARD_KINDS)}),
        move("infect", _infect, {"infect", "epidemic_infect"}, "pandemic.infection.step", "table",
             {"colour": _COLOUR, "cubes": Param("int", min=0, max=CUBES),
              "outbreaks": Param("int", min=0, max=OUTBREAK_LIMIT)}),
        move("intensify", _intensify, {"epidemic_intensify"}, "pandemic.draw.epidemic-intensify", "table"),
        move("discard", _discard, {"discard"}, "pandemic.draw.hand-limit", "turn", {"cards": Param("int", min=1)}),
        move("event", _event, EVENT_PHASES, "pandemic.draw.events", "seat", {"card": Param("str", choices=EVENTS)}),
        move("medic_clears", _medic_clears, EVENT_PHASES, "pandemic.roles.medic", "seat",
             {"colour": _COLOUR, "cubes": Param("int", min=1, max=MAX_PER_CITY)}),
        move("correct", _correct, None, "pandemic.app.corrections", "table",
             {"what": Param("str", choices=COUNTERS), "value": Param("int", min=0, max=200)}, correction=True),
        move("correct_cubes", _correct_cubes, None, "pandemic.app.corrections", "table",
             {"colour": _COLOUR, "value": Param("int", min=0, max=CUBES)}, correction=True),
        move("correct_hand", _correct_hand, None, "pandemic.app.corrections", "table",
             {"seat": Param("seat"), "cards": Param("int", min=0, max=60)}, correction=True),
        move("correct_cure", _correct_cure, None, "pandemic.app.corrections", "table",
             {"colour": _COLOUR, "status": Param("str", choices=STATUSES)}, correction=True),
    )

    # ----- setup ---------------------------------------------------------------
    def new_state(self, setup: TableSetup) -> PandemicState:
        n = len(setup.players)
        difficulty = setup.options["difficulty"]
        summary = helpers.setup_summary(n, difficulty)
        return PandemicState(
            players=list(setup.players),
            difficulty=difficulty,
            epidemics=summary["epidemics"],
            piles=summary["piles"],
            pile_check=bool(setup.options["pile_check"]),
            hands=[summary["starting_hand"]] * n,
            player_deck=summary["player_deck"],
            infection_deck=int(fact("components")["infection_cards"]),
            stations=summary["stations"],
            roles=[""] * n,
            status={c: "active" for c in COLOURS},
            on_board={c: 0 for c in COLOURS},
            pile_epidemics=[False] * summary["epidemics"],
        )

    # ----- flow ----------------------------------------------------------------
    def winners(self, state: PandemicState) -> list[int]:
        return list(range(len(state.players))) if state.result == "win" else []

    def scores(self, state: PandemicState) -> list[float] | None:
        """Cooperative: every seat scores the number of diseases cured."""
        if state.phase != "end":
            return None
        cured = float(sum(1 for s in state.status.values() if s != "active"))
        return [cured] * len(state.players)

    # ----- legal actions -------------------------------------------------------
    def _event_actions(self, state: PandemicState, seats: list[int] | None = None) -> list[Action]:
        out: list[Action] = []
        for seat in seats if seats is not None else range(len(state.players)):
            if state.hands[seat] < 1:
                continue
            for card in EVENTS:
                if card in state.events_played:
                    continue
                if card == "resilient_population" and state.infection_discard == 0:
                    continue
                out.append(Action.make("event", seat, card=card))
        medic = state.roles.index("medic") if "medic" in state.roles else None
        if medic is not None and seats is None:
            for colour in COLOURS:
                if state.status[colour] != "active":
                    for cubes in range(1, min(MAX_PER_CITY, state.on_board[colour]) + 1):
                        out.append(Action.make("medic_clears", medic, colour=colour, cubes=cubes))
        return out

    def _infect_actions(self, state: PandemicState, epidemic: bool) -> list[Action]:
        out: list[Action] = []
        expected = fact("epidemic_cubes") if epidemic else 1
        for colour in COLOURS:
            if state.status[colour] == "eradicated":
                out.append(Action.make("infect", colour=colour, cubes=0, outbreaks=0))
                continue
            out.append(Action.make("infect", colour=colour, cubes=expected, outbreaks=0))
            for cubes in range(1, MAX_PER_CITY + 1):
                out.append(Action.make("infect", colour=colour, cubes=cubes, outbreaks=1))
        return out

    def legal_actions(self, state: PandemicState) -> list[Action]:
        phase, seat = state.phase, state.turn
        n = len(state.players)
        if phase == "end":
            return []
        if phase == "roles":
            who = state.roles.index("")
            return [Action.make("role", who, role=r) for r in ROLES if r not in state.roles]
        if phase == "setup_infect":
            return [Action.make("setup_infect", colour=c) for c in COLOURS]
        if phase == "first":
            return [Action.make("first_player", i) for i in range(n)]
        if phase == "actions":
            hand = state.hands[seat]
            out = [Action.make("pass_actions", seat), Action.make("move", seat, how="drive")]
            if hand:
                out += [Action.make("move", seat, how="direct"), Action.make("move", seat, how="charter")]
            if state.stations >= 2:
                out.append(Action.make("move", seat, how="shuttle"))
            if hand or state.roles[seat] == "operations_expert":
                out.append(Action.make("build", seat))
            for colour in COLOURS:
                many = state.status[colour] != "active" or state.roles[seat] == "medic"
                top = min(MAX_PER_CITY, state.on_board[colour]) if many else min(1, state.on_board[colour])
                out += [Action.make("treat", seat, colour=colour, cubes=c) for c in range(1, top + 1)]
                if state.status[colour] == "active" and hand >= cure_cost(state.roles[seat]):
                    out.append(Action.make("cure", seat, colour=colour))
            for other in range(n):
                if other == seat:
                    continue
                if hand:
                    out.append(Action.make("share", seat, from_player=seat, to_player=other))
                if state.hands[other]:
                    out.append(Action.make("share", seat, from_player=other, to_player=seat))
            return out + self._event_actions(state)
        if phase == "draw":
            out = []
            for kind in CARD_KINDS:
                action = Action.make("draw", seat, card=kind)
                if self.is_legal(state, action):
                    out.append(action)
            return out + self._event_actions(state)
        if phase == "epidemic_infect":
            return self._infect_actions(state, epidemic=True)
        if phase == "epidemic_intensify":
            return [Action.make("intensify")] + self._event_actions(state)
        if phase == "discard":
            out = []
            for who in over_limit(state):
                out += [Action.make("discard", who, cards=c) for c in range(1, state.hands[who] - HAND_LIMIT + 1)]
            return out + self._event_actions(state, over_limit(state))
        if phase == "infect":
            return self._infect_actions(state, epidemic=False) + self._event_actions(state)
        return []

    # ----- the table's story (events.py) -----------------------------------------
    def action_events(self, before: PandemicState, action: Action, after: PandemicState) -> list[Event]:
        return ev.action_events(before, action, after) or super().action_events(before, action, after)

    def outcome_events(self, before: PandemicState, action: Action, after: PandemicState) -> list[Event]:
        return ev.outcome_events(before, action, after)

    def chapter(self, state: PandemicState) -> tuple[str, int]:
        return ev.chapter(state)

    # ----- what the screen shows -----------------------------------------------
    def prompt(self, state: PandemicState) -> dict[str, Any]:
        players = sorted(self.active_players(state))
        params: dict[str, Any] = {}
        code = f"phase.{state.phase}"
        if state.phase == "roles":
            params = {"player": players[0]}
        elif state.phase == "setup_infect":
            params = {"card": state.setup_done + 1, "total": len(fact("setup_infection")),
                      "cubes": fact("setup_infection")[state.setup_done]}
        elif state.phase == "actions":
            params = {"player": state.turn, "left": state.actions_left}
        elif state.phase == "draw":
            params = {"player": state.turn, "left": DRAWS - state.drawn_this_turn, "deck": state.player_deck}
        elif state.phase == "epidemic_infect":
            params = {"rate": helpers.infection_rate(state.rate_index)}
        elif state.phase == "epidemic_intensify":
            params = {"discard": state.infection_discard}
        elif state.phase == "discard":
            params = {"player": players[0], "held": state.hands[players[0]], "limit": HAND_LIMIT}
        elif state.phase == "infect":
            params = {"left": state.infections_left, "rate": helpers.infection_rate(state.rate_index)}
        elif state.phase == "end":
            code = f"phase.end_{state.result}"
            params = {"limit": OUTBREAK_LIMIT}
        return {"code": code, "players": players, "params": params}

    def view(self, state: PandemicState, reveal: bool = False) -> dict[str, Any]:
        where = current_pile(state)
        pile: dict[str, Any] | None = None
        if where is not None:
            pile = {"pile": where[0] + 1, "piles": len(state.piles), "left": where[1],
                    "epidemic_drawn": state.pile_epidemics[where[0]]}
        checklist = None
        if state.phase in ("epidemic_infect", "epidemic_intensify"):
            checklist = {"increase": True, "infect": state.phase == "epidemic_intensify", "intensify": False}
        return {
            "players": [{"name": name, "role": state.roles[i], "hand": state.hands[i],
                         "over_limit": state.hands[i] > HAND_LIMIT}
                        for i, name in enumerate(state.players)],
            "setup": helpers.setup_summary(len(state.players), state.difficulty),
            "infection_rate": helpers.infection_rate(state.rate_index),
            "rate_index": state.rate_index,
            "rate_track": list(fact("infection_rate_track")),
            "outbreaks": state.outbreaks,
            "outbreak_limit": OUTBREAK_LIMIT,
            "diseases": {c: {"status": state.status[c], "on_board": state.on_board[c],
                             "supply": supply(state, c)} for c in COLOURS},
            "stations": state.stations,
            "player_deck": state.player_deck,
            "player_discard": state.player_discard,
            "infection_deck": state.infection_deck,
            "infection_discard": state.infection_discard,
            "infection_removed": state.infection_removed,
            "epidemics_drawn": epidemics_drawn(state),
            "epidemics": state.epidemics,
            "pile": pile,
            "epidemic_checklist": checklist,
            "actions_left": state.actions_left if state.phase == "actions" else 0,
            "infections_left": state.infections_left if state.phase == "infect" else 0,
            "events_played": list(state.events_played),
            "quiet_night": state.quiet_night,
            "hand_limit": HAND_LIMIT,
            "result": state.result,
        }


GAME = Pandemic()
