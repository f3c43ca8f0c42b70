"""Teaching play's record travels with the table's export (companion/transfer.py): a table
exported mid-teaching and imported elsewhere resumes teaching where it was -- the cards put
away stay away, the card still to read is still there, teaching stays on (or off); a file
whose teaching record is malformed is refused before anything is written."""

from __future__ import annotations

import json

import pytest

from companion import transfer
from companion.cli import parse_line
from companion.core import teach as core_teach
from companion.registry import get_game
from companion.storage import Store
from test_teach_play import manila_voyage


@pytest.fixture
def stores(tmp_path):
    here, there = Store(tmp_path / "here.db"), Store(tmp_path / "there.db")
    yield here, there
    here.close()
    there.close()


def test_an_imported_table_resumes_teaching_where_it_was(stores):
    here, there = stores
    game = get_game("manila")
    stored = here.create_table(game, game.setup(["A", "B", "C", "D"], {"oldest": 2}), teaching=True)
    # the deal's share-entry card (every seat's, all unclaimed) put away; on to the auction
    stored.dismiss_card("manila.setup.share_entry", None, hand_seats=(0, 1, 2, 3))
    for text in manila_voyage()[:6]:  # shares, supply, C's first bid
        stored.apply(parse_line(text, stored.setup.players))
    # at move 4 the supply card was met and not put away; at 5 the auction's
    before = stored.teach
    assert core_teach.showing(before, 6, None, (0, 1, 2, 3)) == []
    assert "manila.setup.supply_count" in before["met"] and "manila.setup.supply_count" not in before["done"]
    data = json.dumps(transfer.export_table(stored))
    assert json.loads(data)["teaching"]["done"] == before["done"]

    imported = transfer.import_data(there, data)
    again = there.open_table(imported.id)
    assert again.teaching and again.teach == before
    # put away here, put away there; met at move 5 and still to read: there at move 5
    for seat in (None, 0, 1, 2, 3):
        assert "manila.setup.share_entry" not in core_teach.showing(again.teach, 0, seat, (0, 1, 2, 3))
    assert core_teach.showing(again.teach, 5, None) == core_teach.showing(before, 5, None) == ["manila.auction.bids"]
    # and it goes on teaching: the next card is met there as here
    again.apply(parse_line(manila_voyage()[6], again.setup.players))
    assert core_teach.showing(again.teach, 7, None) == []  # D's bid: no new rule
    again.apply(parse_line(manila_voyage()[7], again.setup.players))
    assert core_teach.showing(again.teach, 8, None) == ["manila.auction.pass"]


def test_teaching_switched_off_stays_off_and_a_table_that_never_taught_exports_none(stores):
    here, there = stores
    game = get_game("niagara")
    taught = here.create_table(game, game.setup(["Ann", "Bo", "Cy"], {}), teaching=True)
    taught.set_teaching(False)
    never = here.create_table(game, game.setup(["Ann", "Bo", "Cy"], {}))
    off = transfer.export_table(taught)
    assert off["teaching"]["on"] is False and off["teaching"]["met"]
    assert "teaching" not in transfer.export_table(never)
    back = there.open_table(transfer.import_data(there, json.dumps(off)).id)
    assert back.teach is not None and not back.teaching
    assert there.open_table(transfer.import_data(there, json.dumps(transfer.export_table(never))).id).teach is None


@pytest.mark.parametrize("teaching", [
    "on",                                                    # not an object
    {"on": "yes", "met": {}, "done": []},                    # on not a bool
    {"on": True, "met": {"niagara.round.steps": 0}, "done": []},   # another game's clause
    {"on": True, "met": {"manila.setup.share_entry@9": 0}, "done": []},  # no seat 9 at 4 players
    {"on": True, "met": {"manila.auction.bids": 99}, "done": []},        # met after the log's end
    {"on": True, "met": {}, "done": ["manila.auction.bids"]},            # put away, never met
    {"on": True, "met": {}, "done": [], "secret": "x"},                  # a field it does not know
])
def test_a_malformed_teaching_record_refuses_the_file(stores, teaching):
    here, there = stores
    game = get_game("manila")
    stored = here.create_table(game, game.setup(["A", "B", "C", "D"], {}), teaching=True)
    data = transfer.export_table(stored)
    data["teaching"] = teaching
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_data(there, json.dumps(data))
    assert refused.value.code == "import_bad_log" and refused.value.params == {"where": "teaching"}
    assert there.list_tables() == []  # nothing written
