"""Writes by another process on the same data folder reach the devices of
this one (``companion/ui/changes.py``): the process looks at SQLite's
``PRAGMA data_version`` and tells the sessions following a changed table.
A second connection in this process stands in for the other process: SQLite
counts its commits the same way."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion import access
from companion.storage import Store
from companion.ui import app as appmod
from companion.ui.changes import ChangeNotice

from wire import LiveServer, WireClient, free_port, niagara_folder, niagara_table


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                pass
    return out


def holder(phone: WireClient, workers: list[int]) -> int:
    """The worker process that holds ``phone``'s web socket (its socket's
    inode among the worker's open files, found by the phone's own port)."""
    port = phone.ws.socket.getsockname()[1]
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[2].split(":")[1], 16) == port:  # the server's side: the phone's port is its peer
            inodes.add(fields[9])
    for pid in workers:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:[") and target[8:-1] in inodes:
                return pid
    raise AssertionError(f"no worker holds the phone on port {port}")


def test_a_write_by_another_connection_names_its_table_once(tmp_path: Path):
    here = Store(tmp_path / "companion.db")
    first, second = niagara_table(here), niagara_table(here)
    notice = ChangeNotice(here)
    assert notice.look() == []
    there = Store(tmp_path / "companion.db")
    there.open_table(second.id).undo()
    assert notice.look() == [(second.id, second.rev + 1)]
    assert notice.look() == []  # told once
    access.for_store(there).code(first.id)  # a join code made elsewhere: the host's screen shows it
    assert notice.look() == [(first.id, None)]  # its rev did not move


def test_a_write_through_this_processs_own_connection_is_named_too(tmp_path: Path):
    """Not every write of this process comes from a session that tells the
    others (a script on the server's store); the sessions that drew that rev
    already skip it (the next test)."""
    here = Store(tmp_path / "companion.db")
    table = niagara_table(here)
    notice = ChangeNotice(here)
    here.open_table(table.id).undo()
    assert notice.look() == [(table.id, table.rev + 1)]
    assert notice.look() == []


def test_a_phone_follows_a_write_made_by_another_process(tmp_path: Path):
    table = niagara_folder(tmp_path)
    server = LiveServer(tmp_path, lan=False)
    try:
        phone = WireClient(server, address="127.0.0.1")
        phone.wait(lambda: phone.shows_exactly("Move 1"), 30)
        elsewhere = Store(tmp_path / "companion.db")  # not the server's connection
        elsewhere.open_table(table.id).undo()
        phone.wait(lambda: phone.shows_exactly("Move 0"), 10, "the other process's undo")
        elsewhere.open_table(table.id).redo()
        phone.wait(lambda: phone.shows_exactly("Move 1"), 10, "the other process's redo")
        elsewhere.close()
        phone.close()
    finally:
        server.stop()


def test_a_tap_redraws_each_device_of_its_process_once(tmp_path: Path, monkeypatch):
    """The tap's own process tells its devices at once (pubsub); the notice
    that follows names the same table again, and no device draws twice."""
    niagara_folder(tmp_path)
    renders: list[object] = []
    original = appmod.App._render

    def counted(self):
        renders.append(self)
        return original(self)

    monkeypatch.setattr(appmod.App, "_render", counted)
    server = LiveServer(tmp_path, lan=False)
    try:
        phones = [WireClient(server, address="127.0.0.1") for _ in range(3)]
        for phone in phones:
            phone.wait(lambda phone=phone: phone.shows_exactly("Move 1"), 30)
        for n in range(4):
            time.sleep(0.5)  # every notice of the last tap has been told
            renders.clear()
            phones[n % 3].click("Undo" if n % 2 == 0 else "Redo")
            for phone in phones:
                phone.wait(lambda phone=phone: phone.shows_exactly("Move 0" if n % 2 == 0 else "Move 1"), 10)
            time.sleep(0.5)  # ten looks of the notice
            assert len(renders) == 3 and len(set(map(id, renders))) == 3, n
        for phone in phones:
            phone.close()
    finally:
        server.stop()


@pytest.mark.skipif(not hasattr(__import__("socket"), "SO_REUSEPORT"), reason="no shared ports here")
def test_two_workers_serve_one_port_and_follow_each_other(tmp_path: Path):
    """``companion serve --workers 2``: phones land on either worker; a tap on
    one phone redraws every other, whichever worker holds it; the workers
    stop with their parent."""
    niagara_folder(tmp_path)
    port = free_port()
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path), "FLET_FORCE_WEB_SERVER": "1", "LANG": "en_US.UTF-8"}
    env.pop("DISPLAY", None)
    root = Path(__file__).resolve().parent.parent
    log = open(tmp_path / "server.log", "w")
    parent = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(port), "--workers", "2"],
                              cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)

    class Server:  # what WireClient needs of a server
        url = f"http://127.0.0.1:{port}"
        lan = False

    Server.port = port  # type: ignore[attr-defined]

    phones: list[WireClient] = []
    try:
        deadline = time.time() + 90
        while True:
            try:
                phones.append(WireClient(Server, address="127.0.0.1"))  # type: ignore[arg-type]
                break
            except OSError:
                if time.time() > deadline or parent.poll() is not None:
                    raise
                time.sleep(0.3)
        workers = children(parent.pid)
        assert len(workers) == 2
        held = {pid: [] for pid in workers}  # worker -> its phones
        held[holder(phones[0], workers)].append(phones[0])
        while min(len(v) for v in held.values()) < 2 and len(phones) < 40:  # the kernel picks: both get some
            phones.append(WireClient(Server, address="127.0.0.1"))  # type: ignore[arg-type]
            held[holder(phones[-1], workers)].append(phones[-1])
        assert min(len(v) for v in held.values()) >= 2, {k: len(v) for k, v in held.items()}
        on_table = [p for v in held.values() for p in v[:2]]
        for phone in on_table:
            phone.wait(lambda phone=phone: phone.shows_exactly("Move 1"), 60)
        for n, tapper in enumerate(on_table * 2):  # each phone taps twice: both ways, from both workers
            tapper.click("Undo" if n % 2 == 0 else "Redo")
            want = "Move 0" if n % 2 == 0 else "Move 1"
            for phone in on_table:
                phone.wait(lambda phone=phone: phone.shows_exactly(want), 10, f"tap {n}: {want}")
    finally:
        for phone in phones:
            phone.close()
        parent.send_signal(signal.SIGTERM)
        parent.wait(20)
        log.close()
    assert parent.returncode == 0
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text()
