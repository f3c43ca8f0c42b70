"""One word per concept, game and language (companion/rules/terms.py): the term tables
``rules_data/<id>/terms.json`` and ``rules_data/terms.json`` hold the rules text, the game's
messages and the app shell's catalogs to the words they choose."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES
from companion.rules import scripts, terms
from companion.rules.library import game_dirs

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"


def _catalog(lang: str) -> list[tuple[str, str]]:
    return terms.catalog_strings(LOCALES / lang / "LC_MESSAGES" / "companion.po", lang)


def _hits(lang: str) -> list[str]:
    app = terms.table(terms.APP).values()
    problems: list[terms.Hit] = []
    for game in game_dirs():
        strings = terms.rules_strings(game, lang)
        problems += terms.check(game, terms.table(game).values(), lang, f"{game}/{lang}.json", strings)
        problems += terms.check(terms.APP, app, lang, f"{game}/{lang}.json", strings)
    source = f"locales/{lang}/LC_MESSAGES/companion.po"
    shell = [c for game in game_dirs() for c in terms.table(game).values() if c.shell]
    problems += terms.check("game (shell)", shell, lang, source, _catalog(lang))
    problems += terms.check(terms.APP, app, lang, source, _catalog(lang))
    return [str(p) for p in problems]


def test_every_game_has_a_term_table_and_so_has_the_app():
    assert terms.table(terms.APP)
    assert [game for game in game_dirs() if not terms.table(game)] == []


@pytest.mark.parametrize("game", [terms.APP, *game_dirs()])
def test_tables_are_well_formed(game):
    for concept in terms.table(game).values():
        for lang, term in concept.terms.items():
            # a word of the language's own script, never one it avoids
            assert not scripts.wrong_script(term, lang), (game, concept.id, lang)
            assert not list(terms.find_variants(term, lang, [concept])), (game, concept.id, lang)
            for variant in concept.avoid.get(lang, ()):
                assert not scripts.wrong_script(variant, lang), (game, concept.id, variant)
                assert term.casefold() != variant.casefold()
    json.loads(terms.table_path(game).read_text(encoding="utf-8"))  # and it is plain JSON


@pytest.mark.parametrize("game", game_dirs())
def test_each_term_is_the_word_the_texts_use(game):
    """A table that names a word no text uses describes nothing: every game term appears in the
    game's text in its language, and a shell term in the catalog too."""
    missing = []
    for concept in terms.table(game).values():
        for lang, term in concept.terms.items():
            if not any(terms.occurs(term, text, lang) for _, text in terms.rules_strings(game, lang)):
                missing.append((concept.id, lang, term))
            if concept.shell and not any(terms.occurs(term, text, lang) for _, text in _catalog(lang)):
                missing.append((concept.id, lang, term, "catalog"))
    assert missing == []


def test_each_app_term_is_used_somewhere():
    missing = []
    for concept in terms.table(terms.APP).values():
        for lang, term in concept.terms.items():
            texts = [t for g in game_dirs() for _, t in terms.rules_strings(g, lang)] + [t for _, t in _catalog(lang)]
            if not any(terms.occurs(term, text, lang) for text in texts):
                missing.append((concept.id, lang, term))
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_and_catalogs_avoid_the_tables_variants(lang):
    problems = _hits(lang)
    assert not problems, "\n".join(problems)


def test_the_tables_hold_the_words_players_were_shown_wrong():
    """The variants this table was made for stay in it (a table emptied out would pass the check)."""
    manila = terms.table("manila")
    assert manila["share"].shell and "股票" in manila["share"].avoid["zh_Hant"]
    assert manila["voyage"].shell and "航次" in manila["voyage"].avoid["zh_Hant"]
    assert "回合" in manila["round"].avoid["zh_Hant"] and manila["round"].terms["zh_Hant"] == "輪"
    assert terms.table("catan")["settlement"].terms["zh_Hant"] == "村莊"
    assert "定居點" in terms.table("catan")["settlement"].avoid["zh_Hant"]
    assert "領土" in terms.table("dominion")["game_name"].avoid["zh_Hant"]
    app = terms.table(terms.APP)
    assert {"「", "」"} <= set(app["quotes"].avoid["zh_Hans"])
    assert "對局" in app["table"].avoid["zh_Hant"]
    assert app["harbour"].avoid["en"] == ("harbor",) and app["colour"].avoid["en"] == ("color",)


def test_the_check_finds_variants_and_passes_the_allowed_phrases():
    manila = terms.table("manila").values()
    app = terms.table(terms.APP).values()
    strings = [("message ui.shares", "你的股票"), ("message x", "第 {voyage} 航次"),
               ("message ok", "每段航程買一張股份"), ("clause y text", "見「貸款」")]
    hits = terms.check("manila", manila, "zh_Hant", "manila/zh_Hant.json", strings)
    assert [(h.where, h.concept, h.found) for h in hits] == [("message ui.shares", "share", "股票"),
                                                            ("message x", "voyage", "航次")]
    assert "manila/zh_Hant.json message ui.shares" in str(hits[0]) and "'股票'" in str(hits[0])
    # zh_Hans quotes the Taiwan rulebook's word in “”: allowed there, not bare
    quoted = [("t", "货船（繁体中文版规则书称“平底船”）"), ("u", "把平底船放下水")]
    assert [h.where for h in terms.check("manila", manila, "zh_Hans", "s", quoted)] == ["u"]
    # English: any case, at a word's start, with placeholders out and plural forms in
    english = [("a", "Harbors and a harbormaster"), ("b", "{harbors.total} harbours"),
               ("c", "{n:plural:# harbor|# harbors}"), ("d", "towards the colourful Tharbor")]
    found = [(h.where, h.found) for h in terms.check(terms.APP, app, "en", "s", english)]
    assert found == [("a", "Harbors"), ("a", "harbormaster"), ("c", "harbor"), ("c", "harbors")]
    assert [h.where for h in terms.check(terms.APP, app, "zh_Hans", "s", [("q", "见「贷款」"), ("r", "见“贷款”")])] == ["q", "q"]


def test_a_malformed_table_is_refused():
    good = {"share": {"en": "share", "zh_Hans": "股份", "zh_Hant": "股份", "avoid": {"zh_Hant": ["股票"]}}}
    assert terms.parse(good, "t")["share"].avoid == {"zh_Hant": ("股票",)}
    for bad in ({"share": {"en": "share", "zh_Hans": "股份", "avoid": {"zh_Hant": ["股票"]}}},   # a language missing
                {"share": {**good["share"], "avoid": {}}},                                      # nothing to avoid
                {"share": {**good["share"], "avoid": {"fr": ["action"]}}},                      # unknown language
                {"share": {**good["share"], "colour": "red"}},                                  # unknown key
                {"Share": good["share"]}):                                                      # bad id
        with pytest.raises(terms.TermsError):
            terms.parse(bad, "t")
    # the app-wide table may hold a spelling of one language only
    assert terms.parse({"grey": {"en": "grey", "avoid": {"en": ["gray"]}}}, "t", every_language=False)
