"""The moves of Maritime Silk Road: each ``run`` mutates the clone it is given
and raises :class:`IllegalAction` with the rules clause it enforces.

Flow of one turn: ``phase1`` (swap / buy / pass) → ``porter`` while extra swaps
remain → ``phase2`` (play / draw) → ``exchange`` if the player owns exchanges →
the next player.  The game ends the moment the deck's last card is drawn.
"""

from __future__ import annotations

from ...core import Action, IllegalAction
from .facts import facts
from .state import Seat, SilkState, loader, showing, unseen

# clauses cited by refusals (every id exists in en/zh_Hans/zh_Hant)
R_TOKENS = "silk_road.setup.token_supply"
R_SWAP = "silk_road.phase1.swap"
R_PORTER_SHIPS = "silk_road.phase1.porter_ships"
R_BUY = "silk_road.phase1.buy"
R_SHIP = "silk_road.specials.ship"
R_PLAY = "silk_road.phase2.play"
R_COVER = "silk_road.phase2.cover"
R_COUNT = "silk_road.phase2.card_check"
R_EXCHANGE = "silk_road.specials.exchange"
R_DECK = "silk_road.end.deck_empty"
R_CORRECT = "silk_road.app.corrections"


# ----- setup -------------------------------------------------------------------
def market_card(state: SilkState, action: Action) -> None:
    """The table enters the next face-up market card (slot order)."""
    state.market.append(action["good"])
    if len(state.market) == facts().market_size:
        state.phase = "setup_first"


def first_player(state: SilkState, action: Action) -> None:
    """The table names the start player (who sold something most recently)."""
    state.first = action["first_player"]
    state.turn = state.first
    state.phase = "setup_load"


def load(state: SilkState, action: Action) -> None:
    """The loading seat puts a token from the supply on its next ship."""
    good = action["good"]
    if state.tokens[good] == 0:
        raise IllegalAction("token_unavailable", R_TOKENS, player=action.player)
    state.tokens[good] -= 1
    state.players[action.player].ships.append(good)
    state.loads += 1
    if state.loads == facts().start_ships * len(state.players):
        state.turn = state.first
        _begin_turn(state)
    else:
        state.turn = loader(state)


# ----- phase 1 -----------------------------------------------------------------
def swap(state: SilkState, action: Action) -> None:
    seat = state.players[action.player]
    number, good = action["ship"], action["good"]  # ships count from 1, as the players see them
    ship = number - 1
    if not 0 <= ship < len(seat.ships):
        raise IllegalAction("no_such_ship", R_SWAP, ship=number, ships=len(seat.ships))
    if ship in state.swapped:
        raise IllegalAction("ship_already_swapped", R_PORTER_SHIPS, ship=number)
    if seat.ships[ship] == good:
        raise IllegalAction("same_good", R_SWAP, ship=number)
    if state.tokens[good] == 0:
        raise IllegalAction("token_unavailable", R_SWAP, player=action.player)
    state.tokens[seat.ships[ship]] += 1
    state.tokens[good] -= 1
    seat.ships[ship] = good
    if state.phase == "phase1":
        state.swaps_left = 1 + seat.porters * facts().porter_swaps
    state.swaps_left -= 1
    state.swapped.append(ship)
    _after_swaps(state, seat)


def buy(state: SilkState, action: Action) -> None:
    f = facts()
    seat = state.players[action.player]
    card, good = action["card"], action.get("good")
    if state.specials[card] == 0:
        raise IllegalAction("sold_out", R_BUY, card=card)
    if seat.money < f.prices[card]:
        raise IllegalAction("cannot_afford", R_BUY, price=f.prices[card])
    if card == "ship":
        if good is None:
            raise IllegalAction("ship_needs_good", R_SHIP)
        if state.tokens[good] == 0:
            raise IllegalAction("token_unavailable", R_SHIP, player=action.player)
        state.tokens[good] -= 1
        seat.ships.append(good)
    elif good is not None:
        raise IllegalAction("good_not_needed", R_SHIP)
    elif card == "exchange":
        seat.exchanges += 1
    elif card == "licence":
        seat.licences += 1
    else:
        seat.porters += 1
    seat.money -= f.prices[card]
    state.specials[card] -= 1
    if card == "porter":
        # usable at once: every porter owned gives its extra swap this turn
        state.swaps_left = seat.porters * f.porter_swaps
        _after_swaps(state, seat)
    else:
        state.phase = "phase2"


def pass_(state: SilkState, action: Action) -> None:
    state.phase = "phase2"


def _after_swaps(state: SilkState, seat: Seat) -> None:
    more = state.swaps_left > 0 and len(state.swapped) < len(seat.ships)
    state.phase = "porter" if more else "phase2"
    if not more:
        state.swaps_left = 0


# ----- phase 2 -----------------------------------------------------------------
def play(state: SilkState, action: Action) -> None:
    """Any number of cards of one good are laid on the market; every player earns.

    The rulebook lets a player play as many cards of one good as he likes and lay
    them freely over the market cards, so one play may put several cards on one
    position.  ``slots`` are the positions that show the good afterwards (each
    named once); ``cards`` (default: one per slot) is how many cards were played —
    the cards beyond one per slot lie under others of the same play.
    """
    f = facts()
    seat = state.players[action.player]
    good, slots = action["good"], action["slots"]
    if not slots:
        raise IllegalAction("no_cards_played", R_PLAY)
    if len(set(slots)) != len(slots):
        raise IllegalAction("duplicate_slot", R_COVER)
    cards = action.get("cards", len(slots))
    if cards < len(slots):
        raise IllegalAction("fewer_cards_than_slots", R_COVER, cards=cards, count=len(slots))
    if cards > seat.hand:
        raise IllegalAction("not_enough_cards", R_COUNT, cards=cards, hand=seat.hand)
    if cards > unseen(state, good):
        raise IllegalAction("too_many_of_good", R_COUNT, cards=cards, left=unseen(state, good))
    for slot in slots:
        state.buried[state.market[slot]] += 1
        state.market[slot] = good
    state.buried[good] += cards - len(slots)   # laid under this play's own cards
    seat.hand -= cards
    count = showing(state, good)
    for other in state.players:
        income = count * other.ships.count(good)
        if income > 0:
            income += other.licences * f.licence_bonus
        other.income = income
        other.money += income
    state.last_player, state.last_good = action.player, good
    state.last_cards, state.last_showing = cards, count
    _end_phase2(state, seat)


def draw(state: SilkState, action: Action) -> None:
    seat = state.players[action.player]
    if _take_cards(state, seat, facts().draw):
        _end_phase2(state, seat)


def exchange_draw(state: SilkState, action: Action) -> None:
    """At the end of phase 2: up to one card per exchange owned (0 declines)."""
    seat = state.players[action.player]
    count = action["count"]
    allowed = seat.exchanges * facts().exchange_draws
    if count > allowed:
        raise IllegalAction("too_many_extra_draws", R_EXCHANGE, count=count, allowed=allowed)
    if count > state.deck:
        raise IllegalAction("deck_too_small", R_DECK, count=count, deck=state.deck)
    if _take_cards(state, seat, count):
        _next_turn(state)


def _take_cards(state: SilkState, seat: Seat, wanted: int) -> bool:
    """Draw up to ``wanted`` cards; False when the last card went and the game ended."""
    taken = min(wanted, state.deck)
    seat.hand += taken
    state.deck -= taken
    if state.deck == 0:
        state.phase = "end"
        state.swaps_left = 0
        return False
    return True


def _end_phase2(state: SilkState, seat: Seat) -> None:
    if seat.exchanges > 0:
        state.phase = "exchange"
    else:
        _next_turn(state)


def _next_turn(state: SilkState) -> None:
    state.turn = (state.turn + 1) % len(state.players)
    if state.turn == state.first:
        state.round += 1
    _begin_turn(state)


def _begin_turn(state: SilkState) -> None:
    state.phase = "phase1"
    state.swaps_left = 0
    state.swapped = []


# ----- corrections (the physical table is the truth) ---------------------------
def correct_money(state: SilkState, action: Action) -> None:
    state.players[action["target_player"]].money = action["money"]


def correct_cargo(state: SilkState, action: Action) -> None:
    seat = state.players[action["target_player"]]
    number, good = action["ship"], action["good"]  # ships count from 1
    ship = number - 1
    if not 0 <= ship < len(seat.ships):
        raise IllegalAction("no_such_ship", R_CORRECT, ship=number, ships=len(seat.ships))
    if seat.ships[ship] != good:
        if state.tokens[good] == 0:
            raise IllegalAction("token_unavailable", R_CORRECT, player=action["target_player"])
        state.tokens[seat.ships[ship]] += 1
        state.tokens[good] -= 1
        seat.ships[ship] = good


def correct_market(state: SilkState, action: Action) -> None:
    """Say which good really shows on one market slot (the covered count is unchanged)."""
    slot, good = action["slot"], action["good"]
    if slot >= len(state.market):
        raise IllegalAction("no_such_slot", R_CORRECT, slot=slot)  # as the field counts: from 0
    if state.market[slot] != good and unseen(state, good) == 0:
        raise IllegalAction("too_many_of_good", R_CORRECT, cards=1, left=0)
    state.market[slot] = good
