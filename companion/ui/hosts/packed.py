"""The static build's big files, LZMA-packed for the first visit (issue 32).

A phone's first visit fetches the whole app once: Pyodide, Flutter's renderer, the
CJK font, the standard library and the site.  Gzip (what a host adds) makes them
16.4 MB; LZMA makes them about a fifth smaller.  No browser decodes LZMA by itself
(``DecompressionStream`` knows gzip and deflate only, and brotli is sent only over
HTTPS, which a café's server on its LAN address is not), so the app's service worker
does: beside each big file ``X`` the build writes ``X.lzma`` (:func:`pack`), the
service worker fetches that instead, decodes it (:data:`DECODER`, below: a plain
LZMA decoder, no dictionary file, about 200 lines) and keeps ``X``'s bytes under
``X``'s name, checked against ``X``'s SHA-256.  Everything else, and every browser
without a service worker (a page over plain http on a LAN address), reads ``X``
itself, as before.

The format: LZMA's own 13-byte header (the properties byte, the dictionary size,
the unpacked size as 8 little-endian bytes, always given) and one raw LZMA1 stream.
"""

from __future__ import annotations

import hashlib
import lzma
from pathlib import Path

SUFFIX = ".lzma"
#: lc, lp, pb: pb = 0 packs wasm and the fonts ~0.3 % smaller than LZMA's default (2)
LC, LP, PB = 3, 0, 0
DICT = 1 << 25  # 32 MB: more than any file packed (Pyodide's 9.6 MB); the decoder needs none
#: smaller files are not worth a decode (the page, manifests, icons)
MIN_SIZE = 20_000


def pack(data: bytes) -> bytes:
    """``data`` as an LZMA file the service worker's decoder reads."""
    stream = lzma.compress(data, format=lzma.FORMAT_RAW, filters=[
        {"id": lzma.FILTER_LZMA1, "preset": 6, "dict_size": DICT, "lc": LC, "lp": LP, "pb": PB}])
    props = (PB * 5 + LP) * 9 + LC
    return bytes([props]) + DICT.to_bytes(4, "little") + len(data).to_bytes(8, "little") + stream


def unpack(packed: bytes) -> bytes:
    """What :func:`pack` packed (the build's check, and the tests')."""
    props, size = packed[0], int.from_bytes(packed[5:13], "little")
    lc, rest = props % 9, props // 9
    out = lzma.decompress(packed[13:], format=lzma.FORMAT_RAW, filters=[
        {"id": lzma.FILTER_LZMA1, "dict_size": int.from_bytes(packed[1:5], "little"),
         "lc": lc, "lp": rest % 5, "pb": rest // 5}])
    return out[:size]


def packed(data: bytes, cache: Path | None) -> bytes:
    """:func:`pack` of ``data``, kept in ``cache`` by its SHA-256 (Pyodide's and Flutter's files
    are the same at every build: packed once)."""
    digest = hashlib.sha256(data).hexdigest()
    kept = cache / "lzma" / (digest + SUFFIX) if cache is not None else None
    if kept is not None and kept.is_file():
        return kept.read_bytes()
    out = pack(data)
    if kept is not None:
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            aside = kept.with_suffix(".part")
            aside.write_bytes(out)
            aside.replace(kept)
        except OSError:
            pass  # a read-only cache: packed again next time
    return out


#: the service worker's decoder: ``lzmaUnpack(Uint8Array) -> Uint8Array`` (of what ``pack`` made).
#: The output is its own dictionary (the whole file is decoded into one array), so a match is
#: a copy from earlier in it.  Written from the LZMA specification (lzma-specification.txt of
#: the LZMA SDK): the range decoder, literals (with the match byte after a match), lengths, the
#: four repeated distances and the distance slots.
DECODER = r"""
function lzmaUnpack(input) {
  const props = input[0];
  if (props >= 225) throw new Error("lzma: bad properties");
  const lc = props % 9, lp = Math.floor(props / 9) % 5, pb = Math.floor(props / 45);
  let size = 0;
  for (let i = 0; i < 8; i++) size += input[5 + i] * 2 ** (8 * i);
  if (size > 2 ** 31) throw new Error("lzma: too big");
  const out = new Uint8Array(size);
  const end = input.length;
  let inPos = 13;
  if (input[inPos++] !== 0) throw new Error("lzma: bad stream");
  let range = -1, code = 0;  // range 0xFFFFFFFF
  for (let i = 0; i < 4; i++) code = (code << 8) | input[inPos++];
  if (code === -1) throw new Error("lzma: bad stream");

  const probs = (n) => new Uint16Array(n).fill(1024);
  const isMatch = probs(192), isRep = probs(12), isRepG0 = probs(12), isRepG1 = probs(12),
    isRepG2 = probs(12), isRep0Long = probs(192);
  const literal = probs(0x300 << (lc + lp));
  const slot = probs(256), special = probs(115), align = probs(16);
  const lenCoder = () => ({choice: probs(2), low: probs(16 << 3), mid: probs(16 << 3), high: probs(256)});
  const matchLen = lenCoder(), repLen = lenCoder();

  // range and code are kept as int32 (their bits: the unsigned values), compared unsigned
  // by flipping the sign bit: V8 keeps them in registers, not as heap numbers
  function bit(p, i) {
    const prob = p[i];
    const bound = Math.imul(range >>> 11, prob);
    let b;
    if ((code ^ -0x80000000) < (bound ^ -0x80000000)) {
      range = bound;
      p[i] = prob + ((2048 - prob) >>> 5);
      b = 0;
    } else {
      range = (range - bound) | 0;
      code = (code - bound) | 0;
      p[i] = prob - (prob >>> 5);
      b = 1;
    }
    if ((range & 0xFF000000) === 0) {
      if (inPos >= end) throw new Error("lzma: input ends early");
      range <<= 8;
      code = (code << 8) | input[inPos++];
    }
    return b;
  }
  function tree(p, base, bits) {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) | bit(p, base + m);
    return m - (1 << bits);
  }
  function reverse(p, base, bits) {
    let m = 1, symbol = 0;
    for (let i = 0; i < bits; i++) {
      const b = bit(p, base + m);
      m = (m << 1) | b;
      symbol |= b << i;
    }
    return symbol;
  }
  function direct(bits) {
    let result = 0;
    for (let i = 0; i < bits; i++) {
      range = range >>> 1;
      let b = 0;
      if ((code ^ -0x80000000) >= (range ^ -0x80000000)) { code = (code - range) | 0; b = 1; }
      result = result * 2 + b;
      if ((range & 0xFF000000) === 0) {
        if (inPos >= end) throw new Error("lzma: input ends early");
        range <<= 8;
        code = (code << 8) | input[inPos++];
      }
    }
    return result;
  }
  function length(c, posState) {
    if (bit(c.choice, 0) === 0) return tree(c.low, posState << 3, 3);
    if (bit(c.choice, 1) === 0) return 8 + tree(c.mid, posState << 3, 3);
    return 16 + tree(c.high, 0, 8);
  }
  function distance(len) {
    const lenState = len < 3 ? len : 3;
    const posSlot = tree(slot, lenState << 6, 6);
    if (posSlot < 4) return posSlot;
    const bits = (posSlot >>> 1) - 1;
    let dist = (2 | (posSlot & 1)) * 2 ** bits;
    if (posSlot < 14) return dist + reverse(special, dist - posSlot, bits);
    dist += direct(bits - 4) * 16;
    return dist + reverse(align, 0, 4);
  }

  const pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1;
  let state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, pos = 0;
  while (pos < size) {
    const posState = pos & pbMask;
    if (bit(isMatch, (state << 4) + posState) === 0) {
      const prev = pos > 0 ? out[pos - 1] : 0;
      const base = 0x300 * (((pos & lpMask) << lc) + (prev >>> (8 - lc)));
      let symbol = 1;
      if (state >= 7) {
        let matchByte = out[pos - rep0 - 1];
        while (symbol < 0x100) {
          const matchBit = (matchByte >>> 7) & 1;
          matchByte <<= 1;
          const b = bit(literal, base + ((1 + matchBit) << 8) + symbol);
          symbol = (symbol << 1) | b;
          if (matchBit !== b) break;
        }
      }
      while (symbol < 0x100) symbol = (symbol << 1) | bit(literal, base + symbol);
      out[pos++] = symbol - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len;
    if (bit(isRep, state) === 1) {
      if (pos === 0) throw new Error("lzma: bad stream");
      if (bit(isRepG0, state) === 0) {
        if (bit(isRep0Long, (state << 4) + posState) === 0) {  // one byte from rep0
          state = state < 7 ? 9 : 11;
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        let dist;
        if (bit(isRepG1, state) === 0) dist = rep1;
        else {
          if (bit(isRepG2, state) === 0) dist = rep2;
          else { dist = rep3; rep3 = rep2; }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      len = length(repLen, posState);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2; rep2 = rep1; rep1 = rep0;
      len = length(matchLen, posState);
      state = state < 7 ? 7 : 10;
      rep0 = distance(len);
      if (rep0 === 0xFFFFFFFF) break;  // the end marker
    }
    len += 2;
    if (rep0 >= pos) throw new Error("lzma: bad distance");
    let from = pos - rep0 - 1;
    const stop = Math.min(pos + len, size);
    while (pos < stop) out[pos++] = out[from++];
  }
  if (pos !== size) throw new Error("lzma: output ends early");
  return out;
}
"""
