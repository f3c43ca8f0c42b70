"""Small shared widgets: big touch targets, titles, cards, chips."""

from __future__ import annotations

from typing import Any, Callable, Generic, Sequence, TypeVar

import flet as ft

from ..rules import library
from . import sections
from .sections import sending, unsent  # noqa: F401 - for the views: an entry's fields sent

TOUCH = 48
#: the bundled CJK fonts (registered in app.py). A TextStyle without a family
#: replaces the theme's, and Chinese would then be drawn as boxes on the web.
#: FONT_FAMILY is the first-screen cut (the app's own words and the games'
#: names, 0.3 MB: a phone's first visit waits for it alone); every other
#: character comes from FONT_FAMILY_FULL, which follows (2.4 MB); a player's name in a
#: character neither has (婷) from FONT_FAMILY_NAMES, asked for only then (1.9 MB).
FONT_FAMILY = "NotoCJK"
FONT_FAMILY_FULL = "NotoCJKFull"
FONT_FAMILY_NAMES = "NotoCJKNames"
FONT_FALLBACK = [FONT_FAMILY_FULL, FONT_FAMILY_NAMES]

F = TypeVar("F")


def italic(lang: str) -> bool:
    """Whether a note is set in italics: in English only.  Chinese has no italic face, and
    Flutter slants the upright glyphs instead (a faux italic that reads badly)."""
    return lang == "en"


def text_style(**kwargs: Any) -> ft.TextStyle:
    return ft.TextStyle(font_family=FONT_FAMILY, font_family_fallback=FONT_FALLBACK, **kwargs)


def themed(**kwargs: Any) -> ft.Theme:
    """The app's theme: our fonts for every text style (the theme's own
    family, and the full font behind it in each of its text styles)."""
    roles = ("display", "headline", "title", "label", "body")
    # the theme's ink and family given again: Flet replaces each text style of the theme whole
    # (it does not merge): a style without a colour drew black text on the dark theme's black,
    # and one without the family drew a plain Text (a title, a list's line) in Roboto, its
    # Chinese as boxes until the full font behind it arrived (issue 36)
    styles = {f"{role}_{size}": ft.TextStyle(font_family=FONT_FAMILY, font_family_fallback=FONT_FALLBACK,
                                             color=ft.Colors.ON_SURFACE)
              for role in roles for size in ("large", "medium", "small")}
    return ft.Theme(font_family=FONT_FAMILY, text_theme=ft.TextTheme(**styles),
                    primary_text_theme=ft.TextTheme(**styles), **kwargs)


def big_button(label: str, on_click: Callable[[Any], Any] | None, icon: Any = None, filled: bool = False,
               tooltip: str | None = None, action: Any = None) -> ft.Control:
    """``action``: a Flet client action, done by the browser inside the tap (files.pick_action)."""
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=12),
                           text_style=text_style(size=16))
    cls = ft.FilledButton if filled else ft.Button
    button = cls(content=label, icon=icon, on_click=on_click, style=style, height=TOUCH, tooltip=tooltip,
                 action=action)
    return button


def icon_button(name: Any, on_click: Callable[[Any], Any], tooltip: str | None = None,
                disabled: bool = False) -> ft.Control:
    """An icon button that is a full 48x48 touch target, even beside another
    (Flutter's own is 40x40 where the browser does not report a phone)."""
    return ft.IconButton(ft.Icon(name, semantics_label=tooltip) if tooltip else name, on_click=on_click,
                         tooltip=tooltip, disabled=disabled,
                         size_constraints=ft.BoxConstraints(min_width=TOUCH, min_height=TOUCH))


def section_title(text: str) -> ft.Control:
    return ft.Text(text, size=18, weight=ft.FontWeight.BOLD)


#: the key of the section of a "Why?" account that the card's clause is about: the why screen
#: opens there (``screens.screen_why``, ``App.scroll_key``)
WHY_AT = "why-at"


def account_section(text: str, at: bool = False) -> ft.Control:
    """A section's title in a "Why?" account; ``at``: the section the asked clause is about
    (the screen opens scrolled to it)."""
    title = section_title(text)
    if at:
        title.key = ft.ScrollKey(WHY_AT)
    return title


def card(content: ft.Control, padding: int = 12) -> ft.Control:
    return ft.Card(content=ft.Container(content=content, padding=padding))


def banner(text: str, kind: str = "info", actions: list[ft.Control] | None = None) -> ft.Control:
    colors = {"info": (ft.Colors.BLUE_50, ft.Colors.BLUE_900),
              "error": (ft.Colors.RED_50, ft.Colors.RED_900),
              "ok": (ft.Colors.GREEN_50, ft.Colors.GREEN_900)}
    bg, fg = colors.get(kind, colors["info"])
    return ft.Container(
        content=ft.Column([ft.Text(text, size=16, color=fg, weight=ft.FontWeight.W_500),
                           *([ft.Row(actions, wrap=True)] if actions else [])], spacing=6),
        bgcolor=bg, padding=12, border_radius=10)


def expander(title: str, controls: Sequence[ft.Control] | Callable[[], list[ft.Control]],
             expanded: bool = False, section: str | None = None) -> ft.ExpansionTile:
    """A section that opens with a tap, its content at the start edge like
    every other section.  (Flet centres an ExpansionTile's content by default:
    a form in one then jumps sideways when a line in it gets shorter or longer.)
    The content starts 8 px below the title: room for the floating label of a field
    at its top, which was cut off.

    ``controls``: its content, or a function making it: then it is made and
    sent only while the section is open.  It stays open or closed as the
    person left it across redraws (``sections.py``); ``section``: its id for
    that (else its title)."""
    lazy = callable(controls)
    tile = ft.ExpansionTile(title=ft.Text(title), controls=[] if lazy else list(controls), expanded=expanded,
                            controls_padding=ft.Padding.only(top=8),
                            expanded_alignment=ft.Alignment.TOP_LEFT,
                            expanded_cross_axis_alignment=ft.CrossAxisAlignment.START)
    if lazy:
        sections.lazy(tile, controls)  # type: ignore[arg-type]
    if section is not None:
        sections.name(tile, section)
    return tile


def wrap(controls: Sequence[ft.Control], spacing: int = 8) -> ft.Control:
    """A row that runs on to further lines on a narrow screen."""
    return ft.Row(list(controls), wrap=True, spacing=spacing, run_spacing=spacing)


def parse_amount(text: str | None, low: int, high: int) -> int | None:
    """A whole number in [low, high] from what was typed, else None."""
    try:
        value = int(str(text or "").strip())
    except ValueError:
        return None
    return value if low <= value <= high else None


def amount_entry(ctx: Any, low: int, high: int, quick: Sequence[ft.Control], submit: Callable[[int], bool],
                 *, label: str, hint: str, confirm: str, helper: bool = True) -> ft.Control:
    """An amount: the ``quick`` one-tap buttons, then a number field and its ``confirm``
    button for any other.  What is not a whole number is answered under the field
    (``hint``); a whole number out of [low, high] goes to the referee, whose refusal
    names the rule.  ``submit`` says whether the amount was taken (the field then
    starts empty on the next screen).  ``helper`` False: the hint is not kept under the
    field (a line less where the room is short; the label then says the range).  A field, not a drop-down of every amount: a
    phone's keypad reaches any figure, and Flutter lays a drop-down's every entry out
    again at each redraw (a Manila bid's frame 95 -> 63 ms in Chromium)."""
    field_ = ft.TextField(label=label, expand=True, keyboard_type=ft.KeyboardType.NUMBER,
                          input_filter=ft.NumbersOnlyInputFilter(), error_max_lines=3,
                          helper=hint if helper else None, helper_max_lines=3)

    def typed(e: Any) -> None:
        try:
            amount = int(str(field_.value or "").strip())
        except ValueError:
            field_.error = hint
            ctx.refresh_control(field_)
            return
        if field_.error:
            field_.error = None
            ctx.refresh_control(field_)
        sending(field_)  # entered: the next screen's amount starts empty
        if not submit(amount):
            unsent(field_)

    def clear(e: Any) -> None:
        if field_.error and parse_amount(field_.value, low, high) is not None:
            field_.error = None
            ctx.refresh_control(field_)

    field_.on_submit = typed
    field_.on_change = clear
    # the field takes the row's width, so its message is never cut
    return ft.Column([wrap(quick), ft.Row([field_, big_button(confirm, typed, filled=True)],
                                          spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)], spacing=6)


def private_money(ctx: Any, state: Any, seat: int,
                  more: Callable[[dict[str, Any]], list[ft.Control]] = lambda mine: []) -> None:
    """Show ``seat`` its own money behind the hand-the-phone screen: the
    amount from that seat's own observation (the game's messages
    ``ui.private_title``, ``ui.private_money`` and ``ui.done``), then
    ``more(secrets)`` (another of its secrets, as Silk Road's income)."""
    def form(done: Callable[[], None]) -> ft.Control:
        mine = ctx.game.observe(state, seat)["private"]  # only this seat's secrets, on its own form
        return ft.Column([ft.Text(ctx.t("ui.private_money", amount=ctx.money(mine["money"])), size=22,
                                  weight=ft.FontWeight.BOLD),
                          *more(mine), big_button(ctx.t("ui.done"), lambda e: done(), filled=True)], spacing=10)

    ctx.private(seat, ctx.t("ui.private_title", player=seat), form)


def money_buttons(ctx: Any, state: Any) -> ft.Control:
    """While money is secret: a "<name>: Show my money" button per player
    (``ui.show_money``), each opening :func:`private_money`."""
    return wrap([big_button(f"{ctx.players[seat]}{ctx.colon}{ctx.t('ui.show_money')}",
                            lambda e, s=seat: private_money(ctx, state, s), icon=ft.Icons.LOCK)
                 for seat in range(len(ctx.players))])


def chip(text: str, color: str, *, selected: bool = False, on_click: Callable[[Any], Any] | None = None,
         width: int | None = None, size: int = 15, padding: int = 14, fill_row: bool = False) -> ft.Control:
    """A label outlined in ``color`` and filled with it when ``selected``, for a
    choice among players, colours, kinds...  Sizes as in :func:`_label`."""
    return _label(text, "#ffffff" if selected else color, color if selected else None, 2, color,
                  on_click, width, size, padding, fill_row)


def tile(text: str, colors: tuple[str, str], *, selected: bool = False,
         on_click: Callable[[Any], Any] | None = None, width: int | None = None, padding: int = 12) -> ft.Control:
    """A label on a coloured ground, ``colors`` = (background, text), for a thing
    that has a colour of its own (a ware, a good); ``selected``: a thick blue
    frame.  Sizes as in :func:`_label`."""
    bg, fg = colors
    return _label(text, fg, bg, 4 if selected else 1, "#1565c0" if selected else "#616161",
                  on_click, width, 15, padding, False)


#: the frame width a label's padding is measured against: a thicker frame
#: (a selected tile) takes its extra width out of the padding
FRAME = 2
#: the space above and below a centred label's text (inside its frame)
LABEL_EDGE = 4


def _label(text: str, fg: str, bg: str | None, frame: int, frame_color: str,
           on_click: Callable[[Any], Any] | None, width: int | None, size: int, padding: int,
           fill_row: bool) -> ft.Control:
    """With a ``width`` the text is centred and wraps onto more lines, the
    label growing with it (at least touch height: never a fixed height that
    cuts a line off).  Without one the label hugs its text, its padding making
    up the touch height; with ``fill_row`` it is centred as with a width (in a
    wrapping row it then takes the row's whole width).  ``padding`` is the
    space either side of the text.  The outer size never depends on the
    ``frame`` width, so selecting a label moves nothing.  The text is an
    ``ft.Text`` with no style of its own, so it keeps the theme's bundled font."""
    def pad(space: int) -> int:  # a thinner frame gives its width to the padding, a thicker one takes it
        return max(0, space + FRAME - frame)

    label = ft.Text(text, size=size, weight=ft.FontWeight.W_600, color=fg, text_align=ft.TextAlign.CENTER)
    box = dict(bgcolor=bg, border_radius=8, border=ft.Border.all(frame, frame_color), on_click=on_click)
    if width is None and not fill_row:
        return ft.Container(content=label, padding=ft.Padding.symmetric(horizontal=pad(padding), vertical=pad(13)),
                            **box)
    # an invisible strut holds the label at touch height; longer text takes more lines
    label.expand = True
    strut = ft.Container(width=0, height=TOUCH - 2 * (LABEL_EDGE + frame))
    return ft.Container(content=ft.Row([strut, label], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        width=width, padding=ft.Padding.symmetric(horizontal=pad(padding), vertical=LABEL_EDGE),
                        **box)


def player_card(lines: Sequence[ft.Control], color: str, width: int = 340, spacing: int = 4,
                border: int = 2) -> ft.Control:
    """One player's box: their lines one under the other, outlined in their colour
    (a thicker ``border`` can mark whose turn it is)."""
    return ft.Container(content=ft.Column(list(lines), spacing=spacing), padding=10, border_radius=10, width=width,
                        border=ft.Border.all(border, color))


#: the view memory's entry holding the forms drawn last: (stamp, {key: form})
DRAFTS = "form_drafts"


def kept_form(ctx: Any, form: F) -> F:
    """The form of the same kind drawn in the same place on this device's last
    redraw, if the table, the seat and the hand-the-phone flow are as they were
    (``GameContext.draft_stamp``): half filled by taps, it survives a redraw
    that changes nothing it was made from -- a phone joining or claiming a
    seat, a section opened, a refusal, the language.  Else ``form`` itself,
    kept for the next redraw.  A form's place is its class and how many of
    that class this redraw made before it."""
    stamp = getattr(ctx, "draft_stamp", None)
    memory = getattr(ctx, "extra", None)
    if stamp is None or memory is None:
        return form
    drafts = memory.get(DRAFTS)
    if drafts is None or drafts[0] != stamp:
        drafts = memory[DRAFTS] = (stamp, {})
    made: dict[int, tuple[Any, Any]] = ctx.__dict__.setdefault("_forms_made", {})
    if id(form) in made:  # one form shown in two panels: the same one kept
        return made[id(form)][1]  # type: ignore[no-any-return]
    counts: dict[str, int] = ctx.__dict__.setdefault("_forms_counted", {})
    kind = type(form).__qualname__
    place = f"{kind}#{counts.get(kind, 0)}"
    counts[kind] = counts.get(kind, 0) + 1
    old = drafts[1].get(place)
    chosen = old if type(old) is type(form) else form
    drafts[1][place] = chosen
    made[id(form)] = (form, chosen)  # the new form held, so its id is not another's in this redraw
    return chosen  # type: ignore[no-any-return]


class FormPanel(Generic[F]):
    """A half-filled form on a game screen, redrawn in place.

    ``form`` is the plain form object (tested without a page: what is picked so
    far, and the action it makes); ``draw(panel)`` turns it into controls.  A
    tap changes the form through ``panel.on(step)`` (an ``on_click`` handler)
    or ``panel.change(step)``; only this panel is redrawn, so the rest of the
    screen and a focused field stay as they are.  ``panel.send(action)``
    dispatches what the form made (nothing if it is not complete yet)::

        panel = FormPanel(ctx, DealForm(), draw_deal)
        return ft.Column([section_title(...), panel.control])
    """

    def __init__(self, ctx: Any, form: F, draw: Callable[["FormPanel[F]"], ft.Control], keep: bool = True) -> None:
        self.ctx = ctx
        #: the form this device had half filled, if the screen is redrawn with the
        #: table unchanged (``kept_form``); ``keep=False`` for a form the view's own
        #: closures hold (a board and its linked panels): a fresh one each redraw
        self.form = kept_form(ctx, form) if keep else form
        self._draw = draw
        self.control = ft.Container(content=draw(self))

    def redraw(self) -> None:
        self.control.content = self._draw(self)
        self.ctx.refresh_control(self.control)

    def change(self, step: Callable[[], Any]) -> None:
        """Change the form (``step()``), then redraw it."""
        step()
        self.redraw()

    def on(self, step: Callable[[], Any]) -> Callable[[Any], None]:
        """An event handler that changes the form and redraws it."""
        return lambda e=None: self.change(step)

    def send(self, action: Any) -> bool:
        """Dispatch the form's action (None: not complete, nothing sent)."""
        return action is not None and bool(self.ctx.dispatch(action))


def redrawing(panels: Sequence[FormPanel[Any]]) -> Callable[[Callable[[], Any]], Callable[[Any], None]]:
    """For one form shown in several panels (a board and the controls beside it):
    ``on(step)`` makes a handler that changes the form, then redraws every panel."""
    def on(step: Callable[[], Any]) -> Callable[[Any], None]:
        def handler(e: Any = None) -> None:
            step()
            for panel in panels:
                panel.redraw()
        return handler
    return on


def send(ctx: Any, action: Any) -> Callable[[Any], None]:
    """A click handler that dispatches ``action`` (nothing while it is None,
    e.g. a form that is not complete yet)."""
    def handler(e: Any = None) -> None:
        if action is not None:
            ctx.dispatch(action)
    return handler


def reason_line(ctx: Any, reason: tuple[str, str | None] | None, hint: bool = False) -> ft.Control:
    """Why an entry was refused (red), or with ``hint`` why a control cannot be
    used yet (a calm note: nothing went wrong, the form is just not complete),
    with its rule link, shown beside the control instead of greying it out."""
    if reason is None:
        return ft.Container()
    message, rule = reason
    fg, bg = (ft.Colors.BLUE_GREY_900, ft.Colors.BLUE_GREY_50) if hint else (ft.Colors.RED_900, ft.Colors.RED_50)
    parts: list[ft.Control] = [ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE, color=fg, size=20),
                                       ft.Text(message, size=15, color=fg, expand=True)],
                                      spacing=6, vertical_alignment=ft.CrossAxisAlignment.START)]
    if rule:
        clause = library.clause(rule, ctx.lang)
        label = ctx.ui("Rule: {title}", title=clause["title"]) if clause else ctx.ui("Rule")
        parts.append(ft.TextButton(label, icon=ft.Icons.MENU_BOOK, height=TOUCH,
                                   on_click=lambda e: ctx.open_clause(rule)))
    return ft.Container(content=ft.Column(parts, spacing=2), bgcolor=bg, border_radius=8, padding=8)


def confirm_button(ctx: Any, label: str, tried: Any, complete: bool,
                   missing: tuple[str, str | None] | None = None, icon: Any = None) -> ft.Control:
    """A form's confirm button that is never pale: while the form is not
    complete it says why beside it (``missing`` when there is no action to try
    yet, else the referee's own refusal of ``tried`` with its clause), and
    pressing it sends ``tried`` so the refusal shows where the person looks."""
    button = big_button(label, lambda e: tried is not None and ctx.dispatch(tried), icon=icon, filled=complete)
    if complete:
        return button
    reason = missing if tried is None else ctx.why_not(tried)
    return ft.Column([button, reason_line(ctx, reason, hint=True)], spacing=6)


#: a results sheet's key (the table screen's layout puts what explains it after it)
RESULTS = "results"


def results_sheet(ctx: Any, key: str, title: str, body: Sequence[ft.Control]) -> ft.Control:
    """A results screen (a voyage's payouts, a round's values) shown once in
    place of the board; one tap on Continue (at its top and its foot) puts it
    away (remembered in ``ctx.extra`` under ``key``)."""
    def dismiss(e: Any = None) -> None:
        ctx.extra.setdefault("seen", set()).add(key)
        ctx.refresh()

    def go_on() -> ft.Control:
        return big_button(ctx.ui("Continue"), dismiss, icon=ft.Icons.ARROW_FORWARD, filled=True)

    return ft.Container(
        content=ft.Column([ft.Row([ft.Text(title, size=22, weight=ft.FontWeight.BOLD, expand=True), go_on()],
                                  vertical_alignment=ft.CrossAxisAlignment.CENTER),
                           *body, go_on()], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=16, border_radius=12, border=ft.Border.all(2, ft.Colors.AMBER_700), bgcolor=ft.Colors.AMBER_50,
        key=RESULTS)


def seen(ctx: Any, key: str) -> bool:
    """Whether the results screen ``key`` was put away already."""
    return key in ctx.extra.get("seen", ())
