"""What the engine benchmarks (bench_<game>.py) share: random full games from
legal_actions() with the time of each call, and the lines of medians they print.

Imported by the scripts, which run standalone (``python benchmarks/bench_x.py``
puts this folder on the path; this module puts the repository root there).
"""

from __future__ import annotations

import argparse
import random
import socket
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.core import Action, Game  # noqa: E402

T = TypeVar("T")


def games_option(default: int) -> int:
    """The ``--games N`` command-line option: games per player count for the rate."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=default, help="games per player count for the rate")
    return parser.parse_args().games


def new_state(game: Game, players: int, options: Mapping[str, Any] | None = None) -> Any:
    """A fresh state for players P0, P1, ..."""
    return game.new_state(game.setup([f"P{i}" for i in range(players)], options))


def any_action(actions: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(actions)


class Timings:
    """Seconds per call, gathered over random games."""

    def __init__(self) -> None:
        self.apply: dict[str, list[float]] = defaultdict(list)  # per action type
        self.legal: dict[str, list[float]] = defaultdict(list)  # legal_actions(), per legal_key(state)
        self.calls: dict[str, list[float]] = defaultdict(list)  # each of the on_state calls, by name


def random_game(game: Game, state: Any, rng: random.Random,
                choose: Callable[[Sequence[Action], random.Random], Action] = any_action,
                timings: Timings | None = None, legal_key: Callable[[Any], str] = lambda state: "",
                on_state: Mapping[str, Callable[[Any], Any]] | None = None,
                max_steps: int | None = None) -> tuple[int, Any]:
    """Play from ``state`` to the end (or ``max_steps`` actions), ``choose``
    picking each action from legal_actions().  With ``timings``, time
    legal_actions() (filed under ``legal_key`` of the state it was asked in),
    apply (under the action's type) and each ``on_state`` call on every new
    state.  Returns (actions played, final state)."""
    steps = 0
    while not game.is_over(state) and (max_steps is None or steps < max_steps):
        key = legal_key(state) if timings is not None else ""
        t0 = time.perf_counter()
        actions = game.legal_actions(state)
        t1 = time.perf_counter()
        action = choose(actions, rng)
        t2 = time.perf_counter()
        state = game.apply(state, action)
        t3 = time.perf_counter()
        if timings is not None:
            timings.apply[action.type].append(t3 - t2)
            timings.legal[key].append(t1 - t0)
            for name, call in (on_state or {}).items():
                c0 = time.perf_counter()
                call(state)
                timings.calls[name].append(time.perf_counter() - c0)
        steps += 1
    return steps, state


def rate(play_one: Callable[[], T], games: int) -> tuple[float, list[T]]:
    """Games per second over ``games`` calls of ``play_one``, and what each returned."""
    wall, _, results = rates(play_one, games)
    return wall, results


def rates(play_one: Callable[[], T], games: int) -> tuple[float, float, list[T]]:
    """Games per second by the wall clock and by this process's CPU time (the
    fairer figure on a machine shared with other work), and what each call returned."""
    start, cpu = time.perf_counter(), time.process_time()
    results = [play_one() for _ in range(games)]
    return games / (time.perf_counter() - start), games / max(time.process_time() - cpu, 1e-9), results


def every(table: Mapping[str, list[float]]) -> list[float]:
    """All the times of a table, whatever they are filed under."""
    return [t for ts in table.values() for t in ts]


def micros(times: Sequence[float]) -> str:
    """The median in µs, as the tables print it."""
    return f"{statistics.median(times) * 1e6:8.1f} µs"


def print_apply(title: str, timings: Timings, goal: str = "") -> None:
    """The apply table: the median over all actions, then per action type."""
    times = every(timings.apply)
    print(title)
    print(f"  all actions      {micros(times)}  ({len(times)} actions{goal})")
    for kind in sorted(timings.apply):
        print(f"  {kind:16} {micros(timings.apply[kind])}  ({len(timings.apply[kind])})")


def open_until_ready(page: Any, url: str, ready: str) -> float:
    """Open the app at ``url`` offline (every request to another origin aborted),
    retrying while the server starts, then wait for the semantics tree and the
    button ``ready``.  Returns ``time.perf_counter()`` when the load that worked began."""
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(url) else r.abort())
    while True:
        started = time.perf_counter()
        try:
            page.goto(url)
            break
        except Exception:  # noqa: BLE001 - server still starting
            page.wait_for_timeout(50)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_role("button", name=ready).first.wait_for(timeout=60000)
    return started


def wait_port(port: int, timeout: float = 90) -> None:
    """Until something listens on ``port`` of 127.0.0.1 (a server just started: the web benchmarks)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port}")
