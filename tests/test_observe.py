"""Game.observe: the shared board holds no secret of any seat; one seat's
observation holds exactly that seat's secrets (issue 11, per-seat views)."""

from __future__ import annotations

import json
import random

import pytest

from companion.cli import parse_line
from companion.core import Session
from companion.registry import game_ids, get_game
from games.test_manila_support import Table as ManilaTable


def modern_art(lines: list[str], **options: str) -> Session:
    game = get_game("modern_art")
    s = Session(game, game.setup(["Ann", "Bo", "Cy"], options))
    for line in lines:
        s.apply(parse_line(line, s.setup.players))
    return s


def test_manila_shares_only_on_their_owners_device() -> None:
    t = ManilaTable("A", "B", "C")
    t.do("A", "enter_shares", wares=["jade", "silk"])
    t.do("B", "enter_shares", wares=["nutmeg", "nutmeg"])
    game = get_game("manila")
    shared = game.observe(t.state, None)
    assert shared["private"] == {}
    for row in shared["public"]["players"]:
        assert row["shares_dealt"] is None
    assert "nutmeg" not in json.dumps(shared["public"]["players"])
    a = game.observe(t.state, 0)
    b = game.observe(t.state, 1)
    c = game.observe(t.state, 2)
    assert a["private"]["shares_dealt"] == ["silk", "jade"]  # the facts' ware order
    assert b["private"]["shares_dealt"] == ["nutmeg", "nutmeg"]
    assert "shares_dealt" not in c["private"]  # C has entered nothing yet
    # a seat's observation names none of the other seats' shares
    def shown(obs: dict) -> str:
        return json.dumps([obs["public"]["players"], obs["private"]])

    assert "nutmeg" not in shown(a) and "jade" not in shown(b)
    assert a["public"] == b["public"] == shared["public"]


def test_modern_art_money_hidden_unless_open() -> None:
    s = modern_art(['{"type": "first_seller", "seller": 0}'])
    game = s.game
    shared = game.observe(s.state, None)
    assert all("money" not in row for row in shared["public"]["players"])
    for seat in range(3):
        mine = game.observe(s.state, seat)["private"]
        assert mine["money"] == 100  # the rulebook: every player starts with 100
        assert all("money" not in row for row in game.observe(s.state, seat)["public"]["players"])
    opened = modern_art(['{"type": "first_seller", "seller": 0}'], open_money="true")
    assert [row["money"] for row in game.observe(opened.state, None)["public"]["players"]] == [100] * 3
    assert "money" not in game.observe(opened.state, 1)["private"]  # nothing secret about it


def test_modern_art_sealed_bid_only_for_the_bidder() -> None:
    s = modern_art(['{"type": "first_seller", "seller": 0}',
                    '{"type": "offer", "player": "Ann", "artist": "yoko", "auction": "sealed"}',
                    '{"type": "sealed_bid", "player": "Bo", "amount": 37}'])
    game = s.game
    assert "37" not in json.dumps(game.observe(s.state, None))
    assert game.observe(s.state, 1)["private"]["sealed_bid"] == 37
    for seat in (0, 2):
        obs = game.observe(s.state, seat)
        assert "sealed_bid" not in obs["private"]
        assert 37 not in [obs["private"].get(k) for k in obs["private"]]


def test_silk_road_money_hidden_unless_open() -> None:
    game = get_game("silk_road")
    hidden = Session(game, game.setup(["A", "B", "C"], {}))
    assert all("money" not in row for row in game.observe(hidden.state, None)["public"]["players"])
    assert game.observe(hidden.state, 2)["private"]["money"] == hidden.state.players[2].money
    opened = Session(game, game.setup(["A", "B", "C"], {"open_money": True}))
    assert "money" in game.observe(opened.state, None)["public"]["players"][0]
    assert "money" not in game.observe(opened.state, 0)["private"]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_shared_view_has_no_seat_secret(game_id: str) -> None:
    """Along a random legal play: the shared observation is the public view;
    seat k's private part is exactly what the revealed view adds to row k."""
    game = get_game(game_id)
    n = max(game.min_players, 3)
    s = Session(game, game.setup([f"P{i}" for i in range(n)], {}))
    rng = random.Random(11)
    for _ in range(40):
        public = game.view(s.state)
        full = game.view(s.state, reveal=True)
        assert game.observe(s.state, None) == {"seat": None, "public": public, "private": {}}
        for seat in range(n):
            obs = game.observe(s.state, seat)
            assert obs["public"] == public
            rows = full.get("players")
            if isinstance(rows, list) and isinstance(rows[seat], dict):
                for key, value in obs["private"].items():
                    if key in ("sealed_bid", "paddle_hand"):
                        continue  # not in the players' rows: checked by their own tests
                    assert rows[seat][key] == value
                    assert public["players"][seat].get(key) != value
                hidden = {k for k, v in rows[seat].items() if public["players"][seat].get(k, object()) != v}
                assert hidden <= set(obs["private"])
        legal = game.legal_actions(s.state)
        if not legal or game.is_over(s.state):
            break
        s.apply(rng.choice(legal))


def test_niagara_own_phone_lists_own_paddle_cards() -> None:
    game = get_game("niagara")
    s = Session(game, game.setup(["A", "B", "C"], {}))
    # the rulebook: each player has paddle cards 1 to 6 and a cloud card
    assert game.observe(s.state, 1)["private"] == {"paddle_hand": [1, 2, 3, 4, 5, 6, "cloud"]}
    assert game.observe(s.state, None)["private"] == {}
