"""Where the app runs: the few things that differ between its two hosts.

The screens (``companion/ui``) are one app; this package is the UI's too (the
engine, ``companion`` outside ``ui/``, knows nothing of hosts or flet).  They run either in a Python
process that serves browsers (``hosts/server.py``: uvicorn, threads, several
devices at a table, other processes writing the same database) or inside the
phone's browser itself (``hosts/browser.py``: Pyodide, no threads, one
device, the database kept in the browser's storage).  What the UI needs to
know of that is here, and nothing else:

* :meth:`Host.off_loop` -- run a short look-up away from the event loop (a
  thread when there are threads; in the browser there is only the loop);
* :meth:`Host.in_turn` -- run a redraw told by another device, one at a
  time (a one-thread pool; in the browser there are no other devices);
* :meth:`Host.show_when_durable` -- show the screen once the last accepted
  write is kept (SQLite's commit on a disk is; the browser's copy must first
  reach IndexedDB, which is awaited);
* :meth:`Host.watch` -- hear of writes by other processes;
* :attr:`Host.multi_device` -- whether phones can join a table (join codes,
  invitations, seats on other phones): only when served.
* :attr:`Host.following` and :meth:`Host.take_over` -- in the browser, a
  second tab may follow the tab that writes: it shows that tab's table,
  refuses writes, and takes over when asked.

The server's web files, its ASGI stack and uvicorn are in ``hosts/server.py``;
the screens and ``hosts/browser.py`` never import uvicorn, fastapi, starlette or flet_web.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Callable

from .. import changes


class Host:
    """The server: threads, several devices, a database on a disk."""

    name = "server"
    #: phones may join a table served to them (join codes, invitations, seats)
    multi_device = True
    #: this app only shows what another writes (the browser's tab that follows another tab):
    #: its store refuses writes and it keeps no settings
    following = False
    #: the app's files are on this device (the browser's, from its service worker's cache): the
    #: whole CJK font is drawn from the first frame, with no first-screen cut to send first
    fonts_local = False

    def take_over(self) -> None:
        """Asked on a following app ("Use it here"): become the one that writes."""

    async def off_loop(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    def in_turn(self, fn: Callable[..., Any], *args: Any) -> None:
        changes.redraw_in_turn(fn, *args)

    def show_when_durable(self, store: Any, show: Callable[[], None],
                          lost: Callable[[str], None] | None = None) -> None:
        """``show()`` once every write to ``store`` is kept; if the last ones could not be kept,
        the store is put back as it was kept and ``lost(reason)`` is called instead."""
        show()  # a commit of SQLite (synchronous=FULL) is on the disk when it returns

    def watch(self, store: Any, hub: Any) -> None:
        changes.for_store(store).start(changes.hub_publisher(hub))


_CURRENT: list[Host] = []


def current() -> Host:
    """This process's host: the one installed (the browser's, by ``hosts.browser.run``), else
    the server's.  In the browser a screen drawn before the browser's host is installed would
    take the server's threads and disk for its own: that is refused."""
    if not _CURRENT:
        if sys.platform == "emscripten":
            raise RuntimeError("in the browser the app starts with hosts.browser.run, which installs its host")
        _CURRENT.append(Host())
    return _CURRENT[0]


def install(host: Host) -> Host:
    """Make ``host`` this process's host (the browser's start; tests)."""
    _CURRENT[:] = [host]
    return host
