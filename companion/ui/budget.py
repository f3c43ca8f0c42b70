"""What one connection may send the server: a budget per web socket.

A phone's page sends a frame for each tap, each typed character (the value,
then a change event), each resize or route change, and each answer to the
server's calls (its storage, a file it was asked for).  A script can send a
hundred thousand a second: three such connections once stalled the server
for 54 s (an HTTP answer took 54.5 s, other phones were dropped).  So every
web socket passes :func:`budgeted` (ASGI middleware, the cheapest point:
before Flet decodes a frame or hands it to a session):

* a **token bucket** per connection (:class:`Bucket`): a frame costs one
  token, and one more for each further :data:`BYTES_PER_TOKEN` bytes; the
  bucket holds :data:`BURST` and refills at :data:`RATE` a second.  A person
  tapping as fast as they can (8 taps a second) uses a tenth of it, typing
  fast (15 characters a second, two frames each) a third.
* a connection over its budget is **slowed**: its next frame is read only
  when the bucket has the tokens (the socket is not read meanwhile, so the
  sender's own TCP stack holds the rest); one held back for more than
  :data:`HOLD_LIMIT` seconds in all, without its bucket getting back to half
  full, is **closed** (1008, policy violation).
* a frame larger than :data:`MAX_FRAME` is **refused** (the connection is
  closed with 1009, message too big) unless it brings a chosen file to a page
  the server offered the browser's file chooser (an import: the button's
  ``pick_files`` client action, whose answer is the file picker's ``result``
  event) or carries a value the phone changed (an exported table pasted into
  the import field); their size is paid for in tokens, and uvicorn's
  ``ws_max_size`` (:data:`MAX_FILE_FRAME`, 16 MiB) bounds them.

Events for controls the session does not have are dropped after the frame's
decoding, before any task or thread is made for them
(``flet_fixes.drop_unknown_events``).  Figures: ``benchmarks/bench_flood.py``.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

#: tokens a second a connection earns, and the most it can hold
RATE = 100.0
BURST = 600.0
#: a frame's cost: one token, plus one per this many bytes beyond the first
BYTES_PER_TOKEN = 16 * 1024
#: seconds a connection may be held back in all (without recovering) before it is closed
HOLD_LIMIT = 2.0
#: seconds from the close frame to a flooder to closing its connection (nothing read meanwhile)
HANG_UP = 1.0
#: the largest frame that is not a requested file (a text of 65,536 four-byte characters fits)
MAX_FRAME = 256 * 1024
#: the largest frame at all (a file it was asked for; uvicorn's ``ws_max_size``, its default)
MAX_FILE_FRAME = 16 * 1024 * 1024
#: close codes
CLOSE_FLOOD = 1008
CLOSE_TOO_BIG = 1009
#: the file chooser's method as a frame names it (msgpack's string): a page was offered the
#: chooser (a button's client action, ``files.pick_action``) once a frame to it has it
_PICK = b"\xaapick_files"
#: how the chosen file comes back: an event (CONTROL_EVENT=3) of the file picker, named "result"
#: (Flet's ``[0x00][msgpack [action, body]]``)
_EVENT = b"\x00\x92\x03"
_RESULT = b"\xa6result"
#: how a frame with a value the phone changed starts (UPDATE_CONTROL_PROPS=4: a typed or pasted text)
_UPDATE = b"\x00\x92\x04"

#: what every connection counted, for benchmarks and tests: closed for flooding, refused as too big
COUNTS = {"slowed": 0, "closed": 0, "too_big": 0}


class Bucket:
    """A token bucket with a memory of how long it held its sender back."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "held", "clock")

    def __init__(self, rate: float = RATE, burst: float = BURST, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.clock = clock
        self.stamp = clock()
        self.held = 0.0

    def spend(self, cost: float) -> float | None:
        """Take ``cost`` tokens: 0 if they were there, else the seconds to wait
        for them (the debt is taken now); None once the sender has been held
        back for more than :data:`HOLD_LIMIT` seconds in all."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= self.burst / 2:
            self.held = 0.0  # it recovered: what it did before is forgiven
        self.tokens -= cost
        if self.tokens >= 0:
            return 0.0
        wait = -self.tokens / self.rate
        self.held += wait
        if self.held > HOLD_LIMIT:
            return None
        return wait


def cost(size: int) -> float:
    return 1.0 + max(0, size - 1) // BYTES_PER_TOKEN


def hang_up(receive: Any) -> None:
    """After a close frame to a flooder: stop reading it at once.  uvicorn
    waits 10 s for the peer's answering close frame, and reads (and parses,
    one by one, to throw away) everything the peer sends meanwhile: a
    flooder's buffered megabytes, some 7,000 frames a second, a core's worth
    of work.  Its transport stops reading instead, and is closed after
    :data:`HANG_UP` s (the close frame has gone out: the peer is told why).
    ``receive`` is uvicorn's protocol's own method; with another server
    nothing is done."""
    protocol = getattr(receive, "__self__", None)
    transport = getattr(protocol, "transport", None)
    if transport is None or not hasattr(transport, "pause_reading"):
        return
    try:
        transport.pause_reading()
        asyncio.get_running_loop().call_later(HANG_UP, transport.close)
    except Exception:  # noqa: BLE001 - closed already
        pass


def _may_be_large(data: bytes | str, chooser: bool) -> bool:
    """A frame over :data:`MAX_FRAME` that is taken: a pasted text (an exported table is a
    value the phone changed), or a chosen file on a page that was offered the chooser."""
    head = data[:3]
    if head == _UPDATE:
        return True
    return chooser and head == _EVENT and isinstance(data, bytes) and _RESULT in data[:64]


def budgeted(app: Any, rate: float = RATE, burst: float = BURST) -> Any:
    """ASGI middleware: every web socket's incoming frames within a budget
    of their own (module docstring); HTTP requests pass as they are."""
    async def wrapped(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return
        bucket = Bucket(rate, burst)
        # closed: the code it was closed with; chooser: the page was offered the file chooser
        state = {"closed": 0, "chooser": False}

        async def close(code: int) -> dict[str, Any]:
            if not state["closed"]:
                state["closed"] = code
                try:
                    await send({"type": "websocket.close", "code": code})
                except OSError:  # it had gone already
                    pass
                hang_up(receive)
            return {"type": "websocket.disconnect", "code": code}

        async def paced_receive() -> dict[str, Any]:
            if state["closed"]:
                return {"type": "websocket.disconnect", "code": state["closed"]}
            message = await receive()
            if message.get("type") != "websocket.receive":
                return message
            data = message.get("bytes")
            if data is None:
                data = message.get("text") or ""
            size = len(data)
            price = cost(size)
            if size > MAX_FRAME and not _may_be_large(data, state["chooser"]):
                COUNTS["too_big"] += 1
                return await close(CLOSE_TOO_BIG)
            wait = bucket.spend(price)
            if wait is None:
                COUNTS["closed"] += 1
                return await close(CLOSE_FLOOD)
            if wait > 0:
                COUNTS["slowed"] += 1
                await asyncio.sleep(wait)
                if state["closed"]:  # it went meanwhile (a send failed)
                    return {"type": "websocket.disconnect", "code": state["closed"]}
            return message

        async def watched_send(message: dict[str, Any]) -> None:
            if state["closed"]:
                return  # the app's last frames to a socket this closed
            if message.get("type") == "websocket.send":
                data = message.get("bytes")
                if not state["chooser"] and data is not None and _PICK in data:
                    state["chooser"] = True  # the browser may send a chosen file's bytes
            try:
                await send(message)
            except OSError:
                # The phone went while it was held back: its goodbye waits behind the frames
                # it sent before it (read at its rate), and a redraw for it fails meanwhile.
                # The frame is dropped, as Flet drops what it makes while a phone is away,
                # and the app is told it went at its next read.
                if message.get("type") != "websocket.send":
                    raise
                state["closed"] = state["closed"] or 1006

        await app(scope, paced_receive, watched_send)

    return wrapped
