"""Teach's words (rules_data/<id>/teach.json): the pitch is at most 60 words in every
language, every set-up line and box component has its sentence in all three, with the
same fields, in the right script and region's wording, and the game's own terms."""

from __future__ import annotations

import re

import pytest

from companion import teach
from companion.registry import get_game, game_ids
from companion.rules import scripts, terms, wording

LANGS = teach.LANGS
FIELD = re.compile(r"\{(\w+)")


def test_word_count_rule() -> None:
    # a Latin word is one word; two Han characters count as one word (rounded up)
    assert teach.pitch_words("Bid to be harbour master, then roll.") == 7
    assert teach.pitch_words("竞标当港务长。") == 3          # 5 Han characters
    assert teach.pitch_words("涨到 30 时结束") == 1 + 3       # "30" + 5 Han characters
    assert teach.pitch_words("x" * 0) == 0


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("lang", LANGS)
def test_pitch_is_at_most_60_words(game_id: str, lang: str) -> None:
    text = teach.pitch(game_id, lang)
    assert 15 <= teach.pitch_words(text) <= 60, (game_id, lang, teach.pitch_words(text))
    if lang != "en":
        assert len(scripts_han(text)) <= 120


def scripts_han(text: str) -> list[str]:
    return [ch for ch in text if scripts.is_cjk(ch) and not "\u3000" <= ch <= "\u303f" and ch not in "，。：；（）、“”「」"]


def _strings(game_id: str, lang: str) -> list[tuple[str, str]]:
    data = teach.texts(game_id)
    out = [("pitch", data["pitch"][lang])]
    for group in ("lines", "box", "items", "cards", "places"):
        out += [(f"{group} {k}", v[lang]) for k, v in data.get(group, {}).items()]
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_every_line_and_component_has_words_in_three_languages(game_id: str) -> None:
    data = teach.texts(game_id)
    game = get_game(game_id)
    used = set()
    for n in range(game.min_players, game.max_players + 1):
        for line in teach.setup_guide(game_id, n):
            key = f"{line.part}.{line.key}"
            used.add(key)
            for lang in LANGS:
                template = data["lines"][key][lang]
                assert set(FIELD.findall(template)) <= set(line.params), (game_id, key, lang)
            assert len({frozenset(FIELD.findall(data["lines"][key][lang])) for lang in LANGS}) == 1, key
    for c in teach.box(game_id):
        assert all(data["box"][c["key"]][lang] for lang in LANGS)
    # no sentence is left without a line at some count or option (a leftover is a typo)
    optional = {"board.gardens", "aside.epidemics"} if game_id in ("dominion", "pandemic") else set()
    assert set(data["lines"]) - used <= optional
    assert set(data["box"]) == {c["key"] for c in teach.box(game_id)}


@pytest.mark.parametrize("game_id", game_ids())
def test_script_region_and_terms(game_id: str) -> None:
    problems = []
    concepts = list(terms.table(game_id).values()) + list(terms.table(terms.APP).values())
    for lang in ("zh_Hans", "zh_Hant"):
        strings = _strings(game_id, lang)
        for where, text in strings:
            problems += [f"{where}: {ch!r} is the other script" for _, ch in scripts.wrong_script(text, lang)]
        problems += [str(p) for p in wording.check_strings(f"{game_id}/teach.json", lang, strings)]
    for lang in LANGS:
        problems += [str(h) for h in terms.check(game_id, concepts, lang, "teach.json", _strings(game_id, lang))]
    assert not problems, "\n".join(problems)
