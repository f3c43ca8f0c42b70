"""Build the Chinese script tables the app reads at run time.

Development script: it needs OpenCC (``pip install opencc``, the ``dev`` extra),
the app does not.  It dumps OpenCC's character dictionaries with the
``opencc_dict`` tool that ships inside the ``opencc`` wheel (``opencc_dicts.py``)
and writes ``companion/rules/data/script_tables.json``::

    python scripts/build_script_tables.py            # rebuild the file
    python scripts/build_script_tables.py --check    # exit 1 if it is stale

What is derived (see ``companion/rules/scripts.py`` for how it is used):

``t2s_from``/``t2s_to``
    Traditional → Simplified, one character to one character, for search
    folding.  Variant forms used in Taiwan and Hong Kong (為/爲, 裡/裏, 溫/温 …)
    fold to the same Simplified character.  Where OpenCC lists the character
    itself first (瞭 → 瞭 了, 藉 → 藉 借) the first *other* candidate is used, so
    that 瞭解 and 了解 fold alike, unless the character is itself a Simplified
    character (么 → 么 幺 keeps 么).  The map is idempotent.
``s2t_from``/``s2t_to``
    Simplified → Traditional (Taiwan forms), OpenCC's first candidate: the
    reverse map, a character-level draft only.
``simplified_only``
    Characters that must not appear in zh_Hant text: OpenCC Simplified
    characters that are not also Traditional (not a Traditional candidate of
    anything, not a key of the Traditional → Simplified table, not a Taiwan or
    Hong Kong variant form).  Conservative: characters of Big5 level 1 (the
    Taiwan Ministry of Education's common characters, e.g. 霉, 晒, 肴, 虱) are
    left out; ``FORCE_SIMPLIFIED_ONLY`` adds a short reviewed list back.
``traditional_only``
    Characters that must not appear in zh_Hans text, derived the same way the
    other way round; characters GB 2312 encodes (拚, 捱, 醣 …) are left out,
    ``FORCE_TRADITIONAL_ONLY`` adds 後 back.
"""

from __future__ import annotations

import json
from pathlib import Path

from opencc_dicts import Table, run

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "companion" / "rules" / "data" / "script_tables.json"

#: Simplified characters flagged in zh_Hant although OpenCC or Big5 treats them as
#: Traditional too: Big5 level-1 characters that are still leaks in modern Taiwan
#: text (并且 → 並且, 听 → 聽), and Simplified forms whose identical Traditional
#: character is archaic (价 → 價, 极 → 極, 种 → 種 …).  Not here on purpose, because
#: genuine Taiwan or Hong Kong text uses them: 胜 (胜肽), 据 (拮据), 涂 (a surname),
#: 蚝 (蚝油), 熏, 坯, 厘, 淀, 干, 后, 台, 了, 里, 面, 只, 几, 余, 于 ….
FORCE_SIMPLIFIED_ONLY = "并听价极确种万党厂广叶适苹腊蜡柜"
#: GB 2312 characters that are still Traditional leaks in Simplified text.
FORCE_TRADITIONAL_ONLY = "後"

_DICTS = ("STCharacters", "TSCharacters", "TWVariants", "HKVariants")

def _single(chars: list[str]) -> list[str]:
    return [c for c in chars if len(c) == 1]


def build(tables: dict[str, Table], version: str) -> dict[str, object]:
    st, ts = tables["STCharacters"], tables["TSCharacters"]
    variants = {**tables["HKVariants"]}
    for std, forms in tables["TWVariants"].items():  # Taiwan forms win over Hong Kong ones
        variants[std] = forms + [f for f in variants.get(std, []) if f not in forms]

    # Traditional -> Simplified, for folding.
    t2s: dict[str, str] = {}
    for trad, simps in ts.items():
        cands = _single(simps)
        if len(trad) != 1 or not cands:
            continue
        other = [c for c in cands if c != trad]
        keep = cands[0] == trad and trad in st  # 么 -> 么 幺: a Simplified character stays itself
        t2s[trad] = trad if keep or not other else other[0]
    for std, forms in variants.items():
        for form in _single(forms):
            # a variant form that is itself a Simplified character (牀 -> 床, 幺 -> 么) stays itself
            if len(std) == 1 and form != std and form not in t2s and form not in st:
                t2s[form] = t2s.get(std, std)
    for key in list(t2s):  # resolve chains so that folding twice changes nothing
        seen = {key}
        value = t2s[key]
        while value in t2s and t2s[value] != value and value not in seen:
            seen.add(value)
            value = t2s[value]
        t2s[key] = value
    t2s = {k: v for k, v in t2s.items() if k != v}

    # Simplified -> Traditional (Taiwan form first).
    s2t: dict[str, str] = {}
    for simp, trads in st.items():
        cands = _single(trads)
        if len(simp) != 1 or not cands or cands[0] == simp:
            continue
        first = cands[0]
        tw = _single(tables["TWVariants"].get(first, []))
        s2t[simp] = tw[0] if tw else first

    trad_chars = set(ts) | {c for v in st.values() for c in v}
    for std, forms in variants.items():
        trad_chars.add(std)
        trad_chars.update(forms)
    simp_chars = set(st) | {c for v in ts.values() for c in v}

    def big5_level1(ch: str) -> bool:
        try:
            code = int.from_bytes(ch.encode("cp950"), "big")
        except UnicodeEncodeError:
            return False
        return 0xA440 <= code <= 0xC67E

    def gb2312(ch: str) -> bool:
        try:
            ch.encode("gb2312")
        except UnicodeEncodeError:
            return False
        return True

    assert set(FORCE_SIMPLIFIED_ONLY) <= set(st) and set(FORCE_TRADITIONAL_ONLY) <= set(ts)
    simplified_only = {
        s for s, trads in st.items()
        if len(s) == 1 and s not in trads and s not in trad_chars and not big5_level1(s)
    } | set(FORCE_SIMPLIFIED_ONLY)
    traditional_only = {
        t for t, simps in ts.items()
        if len(t) == 1 and t not in simps and t not in simp_chars and not gb2312(t)
    } | set(FORCE_TRADITIONAL_ONLY)

    def pairs(mapping: dict[str, str]) -> tuple[str, str]:
        keys = sorted(mapping)
        return "".join(keys), "".join(mapping[k] for k in keys)

    t2s_from, t2s_to = pairs(t2s)
    s2t_from, s2t_to = pairs(s2t)
    return {
        "source": f"OpenCC {version}: {', '.join(_DICTS)} (scripts/build_script_tables.py)",
        "t2s_from": t2s_from,
        "t2s_to": t2s_to,
        "s2t_from": s2t_from,
        "s2t_to": s2t_to,
        "simplified_only": "".join(sorted(simplified_only)),
        "traditional_only": "".join(sorted(traditional_only)),
    }


def dump(data: dict[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=0) + "\n"


def main(argv: list[str] | None = None) -> int:
    return run(argv, __doc__, _DICTS, build, dump, OUT, "scripts/build_script_tables.py",
               lambda data: f"{len(data['t2s_from'])} T->S, {len(data['s2t_from'])} S->T, "
                          f"{len(data['simplified_only'])} Simplified-only, "
                          f"{len(data['traditional_only'])} Traditional-only")


if __name__ == "__main__":
    raise SystemExit(main())
