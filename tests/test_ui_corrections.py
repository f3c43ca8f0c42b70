"""The "correct the app to match the table" panel (companion/ui/corrections.py)
names every correction of every game in words, in all three languages — never
an engine id such as ``correct_boat`` or ``kingdom_3`` (issue 13) — and a
refused correction says which move it was the way the form names it.  Also: the
tie-break clause each game names in facts.json exists in every language."""

from __future__ import annotations

import re

import flet as ft
import pytest

from companion.core import Action
from companion.core import facts
from companion.i18n import LANGUAGES
from companion.registry import game_ids, get_game
from companion.rules import library
from companion.storage import Store
from companion.ui import corrections
from companion.ui.app import App
from companion.ui.viewmodels import choice_label, move_label, param_label
from ui_harness import Event, FakePage, walk

#: an id joined with underscores (``correct_boat``, ``rate_index``, ``kingdom_3``)
JOINED_ID = re.compile(r"[A-Za-z0-9]+_[A-Za-z0-9_]+")
#: the letters of an English word (a choice left untranslated in Chinese)
LATIN_WORD = re.compile(r"^[a-z]+$")


def correction_moves() -> list[tuple[str, str]]:
    return [(gid, move.name) for gid in game_ids() for move in get_game(gid).moves.values() if move.correction]


def _check_label(label: str, raw_ids: set[str], where: str) -> None:
    assert label and label.strip(), f"{where}: empty label"
    assert label not in raw_ids, f"{where}: shows the raw id {label!r}"
    assert not JOINED_ID.search(label), f"{where}: {label!r} holds an id"


def test_every_game_with_corrections_is_covered() -> None:
    games = {gid for gid, _ in correction_moves()}
    # the four full referees all have correction moves; so do most score sheets
    assert {"manila", "niagara", "modern_art", "silk_road"} <= games
    assert len(correction_moves()) >= 30


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game_id", "move_name"), correction_moves())
def test_a_correction_move_its_fields_and_choices_have_translated_labels(game_id: str, move_name: str,
                                                                          lang: str) -> None:
    move = get_game(game_id).moves[move_name]
    raw = {move_name, *move.params}
    where = f"{game_id}/{lang} {move_name}"
    label = move_label(game_id, move_name, lang)
    _check_label(label, raw, where)
    assert label == library.message(game_id, lang, f"action.{move_name}") or \
        label == library.message(game_id, lang, f"action_group.{move_name}"), f"{where}: no message of its own"
    if lang != "en":
        assert not re.search(r"[A-Za-z]{3,}", label), f"{where}: {label!r} is not in Chinese"
    for name, param in move.params.items():
        field = param_label(game_id, name, lang)
        _check_label(field, raw, f"{where}.{name}")
        assert field == library.message(game_id, lang, f"param.{name}"), f"{where}.{name}: no message"
        for choice in param.choices or ():
            shown = choice_label(game_id, name, choice, lang)
            _check_label(shown, raw | {str(c) for c in param.choices if JOINED_ID.fullmatch(str(c))},
                         f"{where}.{name}={choice}")
            if isinstance(choice, str) and LATIN_WORD.match(choice):
                # a word, not a number or a board space (L6): it has a name of its own
                assert shown != choice or lang == "en", f"{where}.{name}={choice}: untranslated"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_correction_field_label_fits_its_field_on_one_line(lang: str) -> None:
    """A field is 300 px wide (12 px padding each side); a longer label wraps, and a picker's
    wrapped label is drawn over the field above it (Citadels' points said what "—" means
    in 95 characters).  Width estimated at 16 px a Chinese character and 8 px any other,
    at the 16 px the label has inside an empty field."""
    too_long = []
    for game_id, move_name in correction_moves():
        for name, param in get_game(game_id).moves[move_name].params.items():
            if param.kind == "json":
                continue  # typed-out entries (JSON) explain their format in the label, on a text field
            label = param_label(game_id, name, lang)
            width = sum(16 if "\u2e80" <= ch <= "\uffef" else 8 for ch in label)
            if width > 300 - 2 * 12:
                too_long.append((game_id, move_name, name, label, width))
    assert too_long == []


def test_numbered_choices_are_named_with_their_number() -> None:
    # Dominion's kingdom piles: "Kingdom pile 3", through ui.pile.kingdom with {number}
    template = library.message("dominion", "en", "ui.pile.kingdom")
    assert template is not None and "{number}" in template
    assert choice_label("dominion", "pile", "kingdom_3", "en") == template.replace("{number}", "3")
    assert choice_label("dominion", "pile", "kingdom_10", "zh_Hant") == \
        library.message("dominion", "zh_Hant", "ui.pile.kingdom").replace("{number}", "10")


# ----- the real panel, on a table ---------------------------------------------------------
def _panel_texts(control: ft.Control) -> list[str]:
    out = []
    for c in walk(control):
        for attr in ("label", "value", "text"):
            value = getattr(c, attr, None)
            if isinstance(value, str) and attr != "value" or (attr == "value" and isinstance(c, ft.Text)):
                out.append(value)
        if isinstance(c, ft.Dropdown):
            out += [o.text for o in c.options]
    return [t for t in out if isinstance(t, str)]


def _store(tmp_path) -> Store:
    return Store(tmp_path / "corrections.db")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted({gid for gid, _ in correction_moves()}))
def test_the_panel_on_a_new_table_shows_only_words(tmp_path, game_id: str, lang: str) -> None:
    game = get_game(game_id)
    app = App(FakePage(), _store(tmp_path))
    app.lang = lang
    names = ["Ana", "Ben", "Cho", "Dan", "Eve"][:max(game.min_players, 3)]
    app.start_table(game_id, names, {})
    ctx = app.game_context()
    shown_moves = corrections.correction_moves(ctx)
    form = corrections.correction_form(ctx)
    if not shown_moves:
        assert form is None
        return
    move_pick = form.controls[0]
    raw = {m.name for m in game.moves.values()}
    seen = []
    for option in move_pick.options:
        move_pick.value = option.key
        move_pick.on_select(Event(move_pick))
        shown = corrections.shown_fields(form)
        texts = _panel_texts(ft.Column([*form.controls[:2], *shown]))
        seen.append(option.key)
        for text in texts:
            _check_label(text, raw | set(game.moves[option.key].params), f"{game_id}/{lang} {option.key}")
        assert len(shown) == len(game.moves[option.key].params)
    assert seen == [m.name for m in shown_moves]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_correction_names_the_move_as_the_form_does(tmp_path, lang: str) -> None:
    app = App(FakePage(), _store(tmp_path))
    app.page.show_dialog = lambda d: None
    app.lang = lang
    app.start_table("manila", ["Ana", "Ben", "Cho"], {})
    assert app.table.game.phase(app.table.state) == "deal"
    # a boat is corrected only while the boats are out: refused in the deal
    assert not app.dispatch(Action.make("correct_boat", None, ware="jade", position=3))
    message = app.refusal.message
    assert "correct_boat" not in message and not JOINED_ID.search(message), message
    assert move_label("manila", "correct_boat", lang) in message
    assert app.refusal.rule == "manila.app.corrections"


def test_a_refusal_names_a_field_by_its_label(tmp_path) -> None:
    app = App(FakePage(), _store(tmp_path))
    app.page.show_dialog = lambda d: None
    app.start_table("manila", ["Ana", "Ben", "Cho"], {})
    # the engine's check of the arguments names the field by its id: the app by its label
    assert not app.dispatch(Action.make("correct_money", None, for_player=0, money=5, cash=3))
    message = app.refusal.message
    assert "“cash”" in message  # an argument the move does not take is shown as typed
    assert "correct_money" not in message and move_label("manila", "correct_money", "en") in message
    assert not app.dispatch(Action.make("correct_money", None, for_player=0))  # no amount
    message = app.refusal.message
    assert f"“{param_label('manila', 'money', 'en')}”" in message and "“money”" not in message, message


# ----- the tie-break clause -----------------------------------------------------------------
def test_every_tie_break_clause_exists_in_every_language() -> None:
    named = {gid: facts.tie_break_clause(gid) for gid in game_ids()}
    # the full referees' rules all settle a tie for first place
    assert all(named[gid] for gid in ("manila", "niagara", "modern_art", "silk_road"))
    for gid, clause_id in named.items():
        if clause_id is None:
            continue
        assert clause_id.startswith(f"{gid}."), (gid, clause_id)
        for lang in LANGUAGES:
            assert library.clause(clause_id, lang) is not None, f"{gid}: {clause_id} missing in {lang}"


def test_the_tie_break_clause_is_the_last_key_of_facts_json() -> None:
    for gid in game_ids():
        data = facts.load(gid)
        if "tie_break_clause" in data:
            assert list(data)[-1] == "tie_break_clause", gid


@pytest.mark.parametrize("lang", LANGUAGES)
def test_niagara_gem_places_are_picked_by_name_not_typed(tmp_path, lang: str) -> None:
    """A gem's place was a typed 'site:colour' / 'canoe:seat:canoe'; now the
    form offers the places of this table by name, and what is picked corrects it."""
    app = App(FakePage(), _store(tmp_path))
    app.page.show_dialog = lambda d: None
    app.lang = lang
    app.start_table("niagara", ["Ana", "Ben", "Cho"], {})
    ctx = app.game_context()
    form = corrections.correction_form(ctx)
    move_pick = form.controls[0]
    move_pick.value = "correct_gem"
    move_pick.on_select(Event(move_pick))
    colour, source, target = corrections.shown_fields(form)
    assert all(isinstance(f, ft.Dropdown) for f in (colour, source, target))
    keys = [o.key for o in source.options]
    # five sites, the spares, three banks; no canoe is in the river on a new table
    assert keys == [f"site:{c}" for c in ("violet", "white", "yellow", "blue", "pink")] + \
        ["spare", "bank:0", "bank:1", "bank:2"]
    names = [o.text for o in source.options]
    assert "Ben" in names[7] and not any(":" in n and n.split(":")[0] in ("site", "bank", "canoe") for n in names)
    for text in names:
        _check_label(text, set(keys), f"niagara/{lang} source")
    colour.value, source.value, target.value = "violet", "site:violet", "bank:1"
    before = [dict(p.bank) for p in app.table.state.players]
    form.controls[3].on_click(Event(form.controls[3]))          # Enter
    assert app.table.state.players[1].bank == {**before[1], "violet": before[1].get("violet", 0) + 1}
    # a canoe put in the river is a place too, named by its owner and number
    assert app.dispatch(Action.make("correct_canoe", None, owner=2, canoe=2, where="3"))
    form = corrections.correction_form(app.game_context())
    form.controls[0].value = "correct_gem"
    form.controls[0].on_select(Event(form.controls[0]))
    _, source, _ = corrections.shown_fields(form)
    assert [o.key for o in source.options][-1] == "canoe:2:2"
    assert "Cho" in source.options[-1].text and "2" in source.options[-1].text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_citadels_districts_are_added_and_removed_with_pickers(tmp_path, lang: str) -> None:
    """A Citadels city was corrected only by typing JSON; now one district is added or
    removed with pickers: the colours by name, the deck's costs, the points optional."""
    app = App(FakePage(), _store(tmp_path))
    app.page.show_dialog = lambda d: None
    app.lang = lang
    app.start_table("citadels", ["Ana", "Ben", "Cho", "Dev"], {})
    form = corrections.correction_form(app.game_context())
    move_pick, seat_pick = form.controls[:2]
    keys = [o.key for o in move_pick.options]
    assert keys[:2] == ["correct_add_district", "correct_remove_district"] and keys[-1] == "correct_city"
    assert move_pick.value == "correct_add_district"          # the simple entry comes first
    colour, cost, points = corrections.shown_fields(form)
    assert all(isinstance(f, ft.Dropdown) for f in (colour, cost, points))
    assert [o.key for o in colour.options] == ["noble", "religious", "trade", "military", "special"]
    assert [o.text for o in colour.options] == [library.message("citadels", lang, f"ui.colour.{c}")
                                                for c in ("noble", "religious", "trade", "military", "special")]
    assert [o.key for o in cost.options] == [str(k) for k in range(1, 7)]
    assert points.value == corrections.NOBODY and points.options[0].text == "—"   # left out unless picked
    assert [o.key for o in points.options[1:]] == [str(k) for k in range(1, 9)]
    # Ben's city gains a purple district worth 8
    seat_pick.value = "1"
    colour.value, cost.value, points.value = "special", "6", "8"
    form.controls[3].on_click(Event(form.controls[3]))          # Enter
    assert app.table.state.cities[1] == [["special", 6, 8]]
    # and a noble one counting its cost: the points picked by mistake are taken back with "—"
    form = corrections.correction_form(app.game_context())
    form.controls[1].value = "1"
    colour, cost, points = corrections.shown_fields(form)
    colour.value, cost.value, points.value = "noble", "3", "5"
    points.value = corrections.NOBODY
    form.controls[3].on_click(Event(form.controls[3]))
    assert app.table.state.cities[1] == [["special", 6, 8], ["noble", 3, 3]]
    # then loses the purple one
    form = corrections.correction_form(app.game_context())
    move_pick, seat_pick = form.controls[:2]
    move_pick.value = "correct_remove_district"
    move_pick.on_select(Event(move_pick))
    colour, cost, points = corrections.shown_fields(form)
    assert all(isinstance(f, ft.Dropdown) for f in (colour, cost, points))
    assert points.value == corrections.NOBODY        # "—": found by colour and cost alone
    seat_pick.value, colour.value, cost.value = "1", "special", "6"
    form.controls[3].on_click(Event(form.controls[3]))
    assert app.table.state.cities[1] == [["noble", 3, 3]]
    # a district the city does not hold: refused, the form keeps its values and says why
    form.controls[3].on_click(Event(form.controls[3]))
    assert app.table.state.cities[1] == [["noble", 3, 3]]
    why = " ".join(t for t in _panel_texts(form.controls[4]))
    assert "Ben" in why and not JOINED_ID.search(why), why
    assert (colour.value, cost.value) == ("special", "6")


@pytest.mark.parametrize(("lang", "ambiguous"), [
    ("en", "Ben's city has more than one district of that colour costing 5, and they count different points "
           "(5, 8): pick the points of the one you mean."),
    ("zh_Hans", "Ben 的城市里有不止一个这种颜色、费用 5 的地区，而且分数不同（5、8）：请选出你要指的那一个的分数。"),
    ("zh_Hant", "Ben 的城市裡有不只一個這個顏色、費用 5 的地區，而且分數不一樣（5、8）：請選出你要指的那一個的分數。"),
])
def test_citadels_removal_asks_which_purple_district_when_two_of_one_cost_count_differently(
        tmp_path, lang: str, ambiguous: str) -> None:
    """Ben's city holds two purple 5s, one counting 8 (entered first) and one its cost:
    removing "a purple 5" could mean either.  Left at "—", the panel says so (the referee's
    ambiguity refusal, with its rule, as any refusal) and nothing changes; with the points
    picked, that one goes: 2 + 8 + 5 = 15 becomes 2 + 8 = 10."""
    app = App(FakePage(), _store(tmp_path))
    app.page.show_dialog = lambda d: None
    app.lang = lang
    app.start_table("citadels", ["Ana", "Ben", "Cho", "Dev"], {})
    assert app.dispatch(Action.make("correct_city", 1, districts=[["trade", 2], ["special", 5, 8], ["special", 5]]))
    assert app.table.game.scores(app.table.state)[1] == 15
    form = corrections.correction_form(app.game_context())
    move_pick, seat_pick = form.controls[:2]
    move_pick.value = "correct_remove_district"
    move_pick.on_select(Event(move_pick))
    colour, cost, points = corrections.shown_fields(form)
    assert points.value == corrections.NOBODY and [o.key for o in points.options[1:]] == [str(k) for k in range(1, 9)]
    seat_pick.value, colour.value, cost.value = "1", "special", "5"
    form.controls[3].on_click(Event(form.controls[3]))          # Enter, the points left at "—"
    assert app.table.state.cities[1] == [["trade", 2, 2], ["special", 5, 8], ["special", 5, 5]]
    assert app.refusal is not None and app.refusal.rule == "citadels.sheet.corrections"
    why = _panel_texts(form.controls[4])
    assert ambiguous in why, why
    links = [c.content for c in walk(form.controls[4]) if isinstance(c, ft.TextButton)]
    title = library.clause("citadels.sheet.corrections", lang)["title"]
    assert len(links) == 1 and title in str(links[0]), links       # the rule's link beside it
    points.value = "5"                                          # the one counting its cost
    form.controls[3].on_click(Event(form.controls[3]))
    assert app.table.state.cities[1] == [["trade", 2, 2], ["special", 5, 8]]
    assert app.table.game.scores(app.table.state)[1] == 10
