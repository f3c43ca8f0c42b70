"""The money ledger: append-only, and a copy shares the frozen chunks (a state
clone no longer copies the whole history, so replaying a long log is linear)."""

import copy
import pickle

from companion.core.ledger import Ledger
import pytest

from companion.registry import get_game


def test_a_ledger_reads_like_the_list_of_what_was_appended():
    n = Ledger.CHUNK * 2 + 7  # two frozen chunks and a tail
    ledger: Ledger[tuple[int, str]] = Ledger()
    plain = []
    for i in range(n):
        ledger.append((i, "x"))
        plain.append((i, "x"))
    assert len(ledger) == n and ledger == plain and list(ledger) == plain
    assert list(reversed(ledger)) == plain[::-1]
    for i in (0, Ledger.CHUNK - 1, Ledger.CHUNK, 2 * Ledger.CHUNK, n - 1, -1, -n):
        assert ledger[i] == plain[i]
    assert ledger[3:Ledger.CHUNK + 5] == plain[3:Ledger.CHUNK + 5]
    assert pickle.loads(pickle.dumps(ledger)) == plain
    assert Ledger(plain) == ledger and Ledger(plain[:-1]) != ledger


def test_a_copy_is_independent_but_shares_the_frozen_chunks():
    a: Ledger[int] = Ledger(range(Ledger.CHUNK + 3))
    b = a.copy()
    assert b._chunks is a._chunks  # nothing of the history was copied
    b.append(99)
    assert len(a) == Ledger.CHUNK + 3 and len(b) == Ledger.CHUNK + 4 and b[-1] == 99
    c = copy.deepcopy(a)
    c.append(7)
    assert a[-1] == Ledger.CHUNK + 2 and c[-1] == 7


def test_a_manila_clone_shares_its_money_history():
    game = get_game("manila")
    state = game.new_state(game.setup(["A", "B", "C"], {}))
    for i in range(Ledger.CHUNK * 3):
        state.ledger.append(state.ledger[0] if state.ledger else None)
    twin = game.clone(state)
    assert twin == state and twin.ledger._chunks is state.ledger._chunks
    twin.ledger.append(None)
    assert len(state.ledger) == Ledger.CHUNK * 3


@pytest.mark.usefixtures("toy_registered")
def test_a_long_table_keeps_only_its_newest_snapshots(tmp_path):
    """Live play and import alike keep SNAPSHOTS_KEPT snapshots per table, the newest."""
    import json

    from companion import storage
    from companion.core import Action
    from companion.storage import Store
    from companion.transfer import export_table, import_from_text
    from toy import TOY

    store = Store(tmp_path / "a.db")
    live = store.create_table(TOY, TOY.setup(["A", "B"], {"pile": 40}))
    total = storage.SNAPSHOT_EVERY * (storage.SNAPSHOTS_KEPT + 3) + 5
    for i in range(total):
        live.apply(Action.make("fix", None, pile=i % 40 + 1))  # the table's own corrections
    newest = [storage.SNAPSHOT_EVERY * k for k in range(4, storage.SNAPSHOTS_KEPT + 4)]
    seqs = [r[0] for r in store.conn.execute("SELECT seq FROM snapshots WHERE table_id=? ORDER BY seq", (live.id,))]
    assert seqs == newest
    other = Store(tmp_path / "b.db")
    copy = import_from_text(other, json.dumps(export_table(live)))
    seqs = [r[0] for r in other.conn.execute("SELECT seq FROM snapshots WHERE table_id=? ORDER BY seq", (copy.id,))]
    assert seqs == newest
    assert Store(tmp_path / "b.db").open_table(copy.id).state == live.state
