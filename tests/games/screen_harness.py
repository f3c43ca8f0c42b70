"""Drive one game's screen without a browser or the app shell.

``Table`` is a real :class:`Session` plus the :class:`GameContext` the shell
would hand the screen: ``dispatch`` applies the action to the session, and
``private`` builds the hand-the-phone form at once.  ``texts``/``click`` read and
press the control tree the screen builds (``ui_harness`` does the same for the
whole app page).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import flet as ft

from companion.core import Action, Game, IllegalAction, Session
from companion.ui.views import view_for
from companion.ui.context import GameContext
from ui_harness import covered, walk


class Table:
    """A session whose screen is built from a GameContext that applies what the
    screen dispatches, as the shell does; records what the screen did."""

    def __init__(self, session: Session, lang: str = "en", refusals: type[Exception] = IllegalAction) -> None:
        self.session = session
        self.lang = lang
        self.refusals = refusals      # what dispatch turns into a refusal instead of raising
        self.sent: list[Action] = []
        self.refused: list[str] = []  # the refusal codes, in order
        self.privately: list[tuple[int, str, Any]] = []  # (seat, title, the form's control)
        self.finished: list[int] = []  # seats whose private form said it was done
        self.redrawn: list[Any] = []  # controls the screen redrew in place (ctx.refresh_control)
        self.extra: dict[str, Any] = {}  # what the screen remembers between redraws (one device's view memory)

    @classmethod
    def seated(cls, game: Game, names: Sequence[str], lang: str = "en", **options: Any) -> "Table":
        """A new table of ``game`` for these players."""
        return cls(Session(game, game.setup(list(names), options)), lang)

    def dispatch(self, action: Action) -> bool:
        self.sent.append(action)
        try:
            self.session.apply(action)
        except self.refusals as exc:
            self.refused.append(exc.code)  # type: ignore[attr-defined]
            return False
        return True

    def private(self, seat: int, title: str, form: Callable[[Callable[[], None]], Any]) -> None:
        self.privately.append((seat, title, form(lambda: self.finished.append(seat))))

    def ctx(self) -> GameContext:
        return GameContext(self.session.game, self.session.setup, self.session.state, self.lang, self.dispatch,
                           self.private, lambda cid: None, lambda: None, refresh_control=self.redrawn.append,
                           extra=self.extra)

    def build(self) -> ft.Control:
        """The game's screen as the app would build it now."""
        return view_for(self.session.game.id).build(self.ctx())


def texts(control: Any) -> list[str]:
    """Every text shown in ``control`` and below it: Text values and string
    contents (button labels), in tree order."""
    out = []
    for c in walk(control):
        if isinstance(c, ft.Text) and isinstance(c.value, str):
            out.append(c.value)
        if isinstance(getattr(c, "content", None), str):
            out.append(c.content)
    return out


def raw_keys(shown: Sequence[str]) -> list[str]:
    """The texts that are message keys (ui.*, phase.*, action.*) or hold an
    unfilled {placeholder}: what a screen must never show."""
    return [x for x in shown if x.startswith(("ui.", "phase.", "action.")) or "{" in x]


def phases_without_raw_keys(session: Session, script: Sequence[Action], lang: str) -> set[str]:
    """Build the screen before the script and after each of its actions,
    asserting no build shows a raw key; the phases it was built in."""
    seen = set()
    for action in [None, *script]:
        if action is not None:
            session.apply(action)
        bad = raw_keys(texts(Table(session, lang).build()))
        assert not bad, (session.state.phase, bad)
        seen.add(session.state.phase)
    return seen


def clickables(root: Any, label: str) -> list[Any]:
    """The clickable controls below ``root`` that show ``label``, in tree order."""
    under = covered(root)  # a tap laid over a board place's drawing shows what the drawing shows
    return [c for c in walk(root) if getattr(c, "on_click", None) is not None
            and (label in texts(c) or any(label in texts(d) for d in under.get(id(c), ())))]


def click(root: Any, label: str, nth: int = 0) -> None:
    """Click the nth clickable control that shows ``label`` (-1: the last)."""
    found = clickables(root, label)
    assert len(found) > nth, f"nothing clickable shows {label!r}: {texts(root)}"
    found[nth].on_click(None)
