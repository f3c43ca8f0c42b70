"""'Did this answer it?' (issue 34): a "no" is kept on this device, in its SQLite store, and
goes into the table's export; nothing leaves the device on its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.storage import MAX_MISS_QUERY, Store
from companion.transfer import export_table, import_data
from toy import TOY

pytestmark = pytest.mark.usefixtures("toy_registered")  # tests/conftest.py


def test_a_no_is_kept_per_table_and_in_the_library(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    table = store.create_table(TOY, TOY.setup(["Mei", "Tom"], {"pile": 5}))
    other = store.create_table(TOY, TOY.setup(["Ann", "Bo"], {"pile": 5}))
    store.record_search_miss("boat didnt make it", "manila.movement.shipyard", "en", table.id, "manila")
    store.record_search_miss("骰完船没到", "manila.movement.arrival", "zh_Hans", other.id, "manila")
    store.record_search_miss("who starts", "catan.setup.first_player", "en")  # the library, no table
    mine = store.search_misses(table.id)
    assert [(m["query"], m["clause"], m["lang"], m["game"]) for m in mine] == [
        ("boat didnt make it", "manila.movement.shipyard", "en", "manila")]
    assert [m["clause"] for m in store.search_misses()] == [
        "manila.movement.shipyard", "manila.movement.arrival", "catan.setup.first_player"]
    # kept in the file: another process opening it reads them
    assert len(Store(tmp_path / "c.db").search_misses()) == 3
    # a very long question is kept cut
    store.record_search_miss("x" * 5000, "catan.setup.first_player", "en", table.id)
    assert len(store.search_misses(table.id)[-1]["query"]) == MAX_MISS_QUERY
    # deleting a table deletes its answers, not the others'
    store.delete_table(table.id)
    assert store.search_misses(table.id) == [] and len(store.search_misses()) == 2


def test_the_tables_export_carries_its_no_answers_and_imports_as_before(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    table = store.create_table(TOY, TOY.setup(["Mei", "Tom"], {"pile": 5}))
    other = store.create_table(TOY, TOY.setup(["Ann", "Bo"], {"pile": 5}))
    store.record_search_miss("can i say no", "kutschfahrt.trade.refuse", "en", table.id, "kutschfahrt")
    store.record_search_miss("elsewhere", "catan.setup.first_player", "en", other.id)
    data = export_table(store.open_table(table.id))
    assert [(m["query"], m["clause"], m["lang"]) for m in data["search_misses"]] == [
        ("can i say no", "kutschfahrt.trade.refuse", "en")]
    assert data["search_misses"][0]["time"].endswith("Z") or "+" in data["search_misses"][0]["time"]
    assert export_table(store.open_table(other.id))["search_misses"][0]["query"] == "elsewhere"
    # the export still imports (the answers are for reading, not replayed)
    again = import_data(Store(tmp_path / "d.db"), json.dumps(data))
    assert again.session.cursor == store.open_table(table.id).session.cursor
