"""Drive the app's screens in-process: a stand-in page that records what the
shell puts on it, and helpers to find controls by text and press them."""

from __future__ import annotations

import asyncio
import dataclasses
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Coroutine, Iterator

import flet as ft


class FakePage:
    def __init__(self) -> None:
        self.controls: list[Any] = []
        self.appbar: Any = None
        self.updates = 0
        self.tasks: list[Any] = []

    def update(self, *controls: Any) -> None:
        self.updates += 1

    def run_task(self, handler: Any, *args: Any, **kwargs: Any) -> None:
        self.tasks.append((handler, args, kwargs))


class Event:
    def __init__(self, control: Any, data: Any = None) -> None:
        self.control = control
        self.data = data


def walk(control: Any) -> Iterator[Any]:
    if control is None:
        return
    if isinstance(control, (list, tuple)):
        for item in control:
            yield from walk(item)
        return
    if not isinstance(control, ft.BaseControl):
        return
    yield control
    for attr in ("content", "controls", "title", "subtitle", "leading", "trailing", "actions", "spans", "items"):
        child = getattr(control, attr, None)
        if child is not None and not isinstance(child, str):
            yield from walk(child)


def objects(root: Any) -> list[Any]:
    """Every dataclass object under ``root`` (controls and their values),
    through lists, tuples, dicts and every field a send walks (not those
    marked ``skip``), each once."""
    out, stack, seen = [], [root], set()
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif dataclasses.is_dataclass(item) and not isinstance(item, type) and id(item) not in seen:
            seen.add(id(item))
            out.append(item)
            stack.extend(getattr(item, f.name, None) for f in dataclasses.fields(item) if "skip" not in f.metadata)
    return out


def texts(page: FakePage) -> list[str]:
    out = []
    for control in walk([page.appbar, page.controls]):
        for attr in ("value", "content", "label", "tooltip", "text"):
            value = getattr(control, attr, None)
            if isinstance(value, str):
                out.append(value)
        if isinstance(control, ft.Text) and control.spans:
            out.append("".join(s.text or "" for s in control.spans))
    return out


def _fills(control: Any) -> bool:
    return all(getattr(control, side, None) == 0 for side in ("left", "top", "right", "bottom"))


def covered(root: Any) -> dict[int, list[Any]]:
    """Each tap laid over a drawing (``board.spot``: a pressable filling a Stack)
    by id: the drawings under it."""
    out: dict[int, list[Any]] = {}
    for stack in walk(root):
        if isinstance(stack, ft.Stack):
            hits = [c for c in stack.controls if _fills(c) and getattr(c, "on_click", None) is not None]
            if hits:
                out[id(hits[-1])] = [c for c in stack.controls if c not in hits]
    return out


def tap_over(root: Any, control: Any) -> Any:
    """The tap laid over ``control`` (a text drawn on a board place), or None."""
    for stack in walk(root):
        if isinstance(stack, ft.Stack):
            hits = [c for c in stack.controls if _fills(c) and getattr(c, "on_click", None) is not None]
            if hits and any(inner is control for c in stack.controls if c not in hits for inner in walk(c)):
                return hits[-1]
    return None


def find(page: FakePage, text: str, kind: type | None = None) -> Any:
    """The first control showing exactly ``text`` (button label, tooltip, text)."""
    for control in walk([page.appbar, page.controls]):
        if kind is not None and not isinstance(control, kind):
            continue
        for attr in ("content", "value", "tooltip", "label", "text"):
            if getattr(control, attr, None) == text:
                return control
        if isinstance(control, ft.ListTile) and isinstance(control.title, ft.Text) and control.title.value == text:
            return control
    raise LookupError(f"{text!r} not on the page; texts: {texts(page)[:60]}")


def press(page: FakePage, text: str) -> None:
    control = find(page, text)
    if getattr(control, "on_click", None) is None:  # a text drawn on a board place: the tap over it
        control = tap_over([page.appbar, page.controls], control) or control
    handler = getattr(control, "on_click", None)
    assert handler is not None, f"{text!r} cannot be pressed"
    handler(Event(control))


def section(page: FakePage, title: str) -> Any:
    """The section (an ExpansionTile) titled ``title`` on the page now."""
    for control in walk([page.appbar, page.controls]):
        if isinstance(control, ft.ExpansionTile) and getattr(control.title, "value", control.title) == title:
            return control
    raise LookupError(f"no section {title!r} on the page; texts: {texts(page)[:60]}")


def open_section(page: FakePage, title: str) -> Any:
    """Open a section as a phone does (it reports the tile's new state, then
    its change event) and return it as drawn then, its content in it."""
    tile = section(page, title)
    tile.expanded = True
    if tile.on_change is not None:
        tile.on_change(Event(tile, data=True))
    return section(page, title)


def type_into(page: FakePage, label: str, value: str) -> None:
    field = find(page, label, ft.TextField)
    field.value = value
    if field.on_change:
        field.on_change(Event(field))


def run_coroutine(coro: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run(coro)`` in a thread of its own: after the browser tests, Playwright's
    sync API leaves an event loop running in the main thread, where asyncio.run refuses."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def manila_to(app: Any, phase: str, names: tuple[str, ...] = ("Ana", "Ben", "Cho")) -> None:
    """Start a Manila table in ``app`` and play it (later shares, else the last
    legal action) until it reaches ``phase``."""
    app.start_table("manila", list(names), {})
    game = app.table.game
    while game.phase(app.table.state) != phase:
        legal = game.legal_actions(app.table.state)
        choice = next((a for a in legal if a.type == "shares_later"), None) or legal[-1]
        assert app.dispatch(choice)
