"""The static build's LZMA-packed files (``hosts/packed.py``, issue 32): what the build packs,
the service worker's decoder reads back to the very bytes, in Chromium, whatever the data; and a
damaged or cut file is refused, never kept as something else."""

from __future__ import annotations

import base64
import hashlib
import os
import random

import pytest

from companion.ui.hosts import packed

pytestmark = pytest.mark.browser


def _cases() -> dict[str, bytes]:
    rng = random.Random(32)
    text = "".join(rng.choice(["Manila ", "桌遊助手 ", "boat ", "港口 ", "\n", "pesos 3 5 ", "…"])
                   for _ in range(20000)).encode()
    mixed = b"".join(rng.choice([rng.randbytes(40), b"x" * rng.randint(1, 400), text[:rng.randint(0, 3000)],
                                 bytes(range(256)) * rng.randint(1, 3)]) for _ in range(600))
    return {
        "empty": b"",
        "one byte": b"\x00",
        "a run": b"ab" * 70000,  # long matches of a short distance
        "random": rng.randbytes(120_000),  # literals only, nothing to match
        "text": text,
        "mixed": mixed,  # every kind of match and repeated distance, far and near
        "long distance": rng.randbytes(300_000) * 2,  # one match 300 kB back
    }


DECODE = """([name, data]) => {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  try {
    const out = lzmaUnpack(bytes);
    let s = "";
    for (let i = 0; i < out.length; i += 0x8000) s += String.fromCharCode.apply(null, out.subarray(i, i + 0x8000));
    return {name, out: btoa(s)};
  } catch (e) {
    return {name, error: String(e.message || e)};
  }
}"""


def test_the_service_workers_decoder_gives_back_the_very_bytes_the_build_packed(browser):
    page = browser.new_page()
    try:
        page.add_script_tag(content=packed.DECODER)
        for name, data in _cases().items():
            file = packed.pack(data)
            assert packed.unpack(file) == data, name
            got = page.evaluate(DECODE, [name, base64.b64encode(file).decode()])
            assert "error" not in got, got
            assert base64.b64decode(got["out"]) == data, name
    finally:
        page.close()


def test_a_cut_or_damaged_packed_file_is_refused_not_decoded_into_something_else(browser):
    page = browser.new_page()
    try:
        page.add_script_tag(content=packed.DECODER)
        data = _cases()["mixed"]
        file = packed.pack(data)
        cut = file[: len(file) // 2]
        got = page.evaluate(DECODE, ["cut", base64.b64encode(cut).decode()])
        assert got.get("error", "").startswith("lzma:"), got
        # a damaged byte in the middle: an error, or bytes that are not the file's (the service
        # worker checks every decoded file against its SHA-256 before it keeps it)
        damaged = bytearray(file)
        damaged[len(file) // 2] ^= 0x55
        got = page.evaluate(DECODE, ["damaged", base64.b64encode(bytes(damaged)).decode()])
        assert "error" in got or hashlib.sha256(base64.b64decode(got["out"])).digest() != hashlib.sha256(data).digest()
        bad = bytes([0xE1]) + file[1:]  # properties no encoder writes
        assert "error" in page.evaluate(DECODE, ["bad", base64.b64encode(bad).decode()])
    finally:
        page.close()


def test_the_build_packs_only_what_pays_and_each_packed_file_is_its_file(static_build):
    """Every file the service worker fetches packed has its ``.lzma`` beside it, which unpacks to
    it and is smaller than its gzip; the first visit's bytes are what build-info says."""
    import gzip
    import json
    import re

    sw = (static_build / "sw.js").read_text(encoding="utf-8")
    packs = json.loads(re.search(r"const PACKED = (\{.*?\});", sw, re.S).group(1))
    assert {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "site.pack", "main.dart.wasm",
            "canvaskit/skwasm.wasm", "fonts/NotoSansCJK-subset.otf"} <= set(packs)
    for rel, sha in packs.items():
        data = (static_build / rel).read_bytes()
        lz = (static_build / (rel + packed.SUFFIX)).read_bytes()
        assert hashlib.sha256(data).hexdigest() == sha, rel
        assert packed.unpack(lz) == data, rel
        assert len(lz) < 0.95 * len(gzip.compress(data, 6)), rel
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw).group(1))
    assert not any(f.endswith(packed.SUFFIX) for f in files)  # kept under their own names
    assert "fonts/NotoSansCJK-ui.otf" not in files and not (static_build / "fonts" / "NotoSansCJK-ui.otf").exists()
    # the names font only when a name needs it: not in the first visit, packed when it comes
    assert "fonts/NotoSansCJK-names.otf" not in files and "fonts/NotoSansCJK-names.otf" in packs
    info = json.loads((static_build / "build-info.json").read_text(encoding="utf-8"))
    assert info["precache_sent_bytes"] < info["precache_gzip_bytes"]
    # issue 32's budget for a phone's first visit (the files as they are sent, Chromium's renderer
    # included): a change that outgrows it fails here, not only in the benchmark
    assert info["first_visit_bytes"] <= 12_000_000, info["first_visit_bytes"]
    assert os.path.getsize(static_build / "site.pack.lzma") < 0.8 * len(gzip.compress((static_build / "site.pack").read_bytes(), 6))
