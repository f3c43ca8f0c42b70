"""The contract between the app shell and a game's screen.

A game screen is a module ``companion/ui/views/<game_id>.py`` with::

    def build(ctx: GameContext) -> ft.Control
    def account(ctx: GameContext, clause: str | None) -> tuple[str, list[ft.Control]] | None   # optional

``account`` (optional) is teaching play's "Why?" of a card about a computed outcome (the
clause given): a title and the lines of how it was computed, as this device may see them
(``screens.screen_why``; None: the move log instead).
``build`` is called afresh after every accepted action, undo, redo, language
or theme change: build the screen from ``ctx.state`` (views are built from
state; keep no state of your own beyond what a half-filled form needs).  The
shell already shows, around your control: the app bar (game name, undo, redo,
rules, menu), the "now" banner (``Game.prompt``), the refusal banner with its
"rule" link, the "correct the app to match the table" form for the game's
correction moves, and the "what can I do now?" card.  Your screen shows the board and
the choices.

Use only ``ctx`` to act:

* ``ctx.view``: the shared board (``observe(state, seat)["public"]``, no secret
  of any seat), ``ctx.observation``: the whole observation for this device
  (``{"seat", "public", "private"}``), and ``ctx.legal``: the legal actions
  now — each computed once per redraw, here, not by the screen.  A screen
  imports nothing of its engine beyond ``companion.games.<id>.public``.
* ``FormPanel`` (``widgets.py``) holds a half-filled form and redraws just it
  (a redraw of the whole screen with the table unchanged gets the same form
  back: ``widgets.kept_form``);
  ``widgets.send(ctx, action)`` is a click handler that dispatches one action.
* ``ctx.dispatch(action)`` → True if accepted (already committed to SQLite and
  the screen rebuilt), False if refused (the shell shows the reason and the
  clause link; the state is unchanged).
* ``ctx.private(player, title, build_form)``: the hand-the-phone flow for
  secrets (shares, sealed bids, hidden money).  ``build_form(done)`` returns the
  control shown only to that player; call ``done()`` when they are finished
  (usually right after a successful ``ctx.dispatch``).  Before it, the screen
  asks everyone else to look away; after it, it hides what was entered.
* ``ctx.t(key, **params)``: the game's own message (rules_data messages:
  ``phase.*``, ``action.*``, ``ui.*``…); ``ctx.ui(msgid, **params)``: the shell's
  gettext catalog; ``ctx.num(n)``: a number in the active locale;
  ``ctx.money(n)``: a number with the game's translated money unit
  (message ``ui.money`` with ``{amount}``, if the game has one).
* ``ctx.player_color(seat)``: a stable colour per seat for boards.
* ``ctx.open_clause(clause_id)``: opens the rules reader at that clause.
* ``ctx.action_label(action)``: a readable label for any action.
* ``ctx.refresh_control(control)``: send one control's changes without
  rebuilding the screen (keeps focus in a half-filled form).

Layout: the screen must work at 390×844 (phone, portrait) and 1024×768
(tablet): wrap rows (``ft.Row(wrap=True)``), no fixed widths above 360 px,
touch targets at least 44 px high (``ctx.TOUCH``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterable

from ..core.actions import Action
from ..core.errors import RefereeError
from ..core.game import Game, TableSetup
from ..i18n import Translator, clause_separator, colon, join_list, number
from ..messages import describe_error, fill, game_message
from ..story import action_label
from ..story import money as story_money

PLAYER_COLORS = ("#d32f2f", "#1976d2", "#388e3c", "#f9a825", "#7b1fa2",
                 "#00838f", "#ef6c00", "#5d4037", "#c2185b", "#455a64")


@dataclass
class GameContext:
    game: Game  # type: ignore[type-arg]
    setup: TableSetup
    state: Any
    lang: str
    dispatch: Callable[[Action], bool]
    private: Callable[[int, str, Callable[[Callable[[], None]], Any]], None]
    open_clause: Callable[[str], None]
    refresh: Callable[[], None]
    refresh_control: Callable[[Any], None] = lambda control: None
    dark: bool = False
    #: the last refusal's (message, rule clause id), for a form that shows it beside itself
    last_refusal: Callable[[], tuple[str, str | None] | None] = lambda: None
    extra: dict[str, Any] = field(default_factory=dict)
    #: this device's seat (None: the shared screen)
    seat: int | None = None
    #: what a half-filled form was made from (table, rev, seat, hand-the-phone flow and stage):
    #: while it is unchanged, a redraw keeps the forms (``widgets.kept_form``)
    draft_stamp: Any = None
    #: whether this device may show a seat's secrets now (its own phone, or the
    #: player holding it behind hand-the-phone); the shell decides
    may_see_secrets_of: Callable[[int], bool] = lambda seat: False
    #: a phone's screen (narrower than ``board.SIDE_BY_SIDE``): the step's controls are pinned
    #: at its foot under the banner (``ui/layout.py``), so a step leaves out a line that only
    #: repeats what the banner says
    narrow: bool = False

    TOUCH = 48

    @cached_property
    def observation(self) -> dict[str, Any]:
        """What this device may show: ``{"seat", "public", "private"}`` (``Game.observe``)."""
        return self.game.observe(self.state, self.seat)

    @property
    def view(self) -> dict[str, Any]:
        """The shared board: no secret of any seat."""
        return self.observation["public"]  # type: ignore[no-any-return]

    @cached_property
    def legal(self) -> Any:
        """The legal actions now (a lazy ``core.LegalActions``), once per redraw, as
        this device may know them: from ``Game.public_state`` for the seats whose
        secrets it may show, so what a screen offers tells no other seat's secret."""
        n = len(self.players)
        seen = frozenset(s for s in range(n) if s == self.seat or self.may_see_secrets_of(s))
        return self.game.legal_actions(self.game.public_state(self.state, seen))

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def translator(self) -> Translator:
        return Translator(self.lang)

    def t(self, key: str, **params: Any) -> str:
        return game_message(self.game.id, key, self.lang, params, self.players)

    def ui(self, msgid: str, **params: Any) -> str:
        text = self.translator.gettext(msgid)
        return fill(text, params, self.lang, self.players) if params else text

    def num(self, value: int | float) -> str:
        return _number(value, self.lang)

    def money(self, value: int | float) -> str:
        """An amount with the game's unit ("1 peso", "2 pesos", "3 披索")."""
        return story_money(self.game.id, value, self.lang)

    @property
    def colon(self) -> str:
        """": " in English, the full-width "：" in Chinese."""
        return colon(self.lang)

    def join(self, items: Iterable[str]) -> str:
        """A list in the language's punctuation: "a, b" in English, "a、b" in Chinese."""
        return join_list(items, self.lang)

    @property
    def semicolon(self) -> str:
        """"; " in English, the full-width "；" in Chinese (between parts that are lists)."""
        return clause_separator(self.lang)

    def paren(self, text: str) -> str:
        """" (text)" in English, "（text）" in Chinese."""
        return f" ({text})" if self.lang == "en" else f"（{text}）"

    def player_color(self, seat: int) -> str:
        return PLAYER_COLORS[seat % len(PLAYER_COLORS)]

    def action_label(self, action: Action) -> str:
        return action_label(self.game.id, action, self.lang, self.players)

    def why_not(self, action: Action) -> tuple[str, str | None] | None:
        """Why the engine would refuse ``action`` now (message, rule clause id),
        or None if it would accept it; nothing is changed.  A reason that would
        tell a seat's secret ("X doesn't have 90") is given in full only where
        that seat's secrets may be shown (``may_see_secrets_of``)."""
        try:
            self.game.apply(self.state, action)
        except RefereeError as exc:
            owner = self.game.secret_seat(self.state, exc, action)
            if owner is not None and 0 <= owner < len(self.players) and owner != self.seat \
                    and not self.may_see_secrets_of(owner):
                return self.ui("Not possible for {player}. Why is {player}'s secret.", player=owner), exc.rule
            return describe_error(exc, self.game.id, self.lang, self.players), exc.rule
        return None


@lru_cache(maxsize=8192)
def _number(value: int | float, lang: str) -> str:
    """A number in the language's format (Babel's formatting, remembered: a
    screen formats hundreds of the same small numbers on every redraw)."""
    return number(value, lang)
