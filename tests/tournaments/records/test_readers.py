"""The pure readers of the servers' records (RULES.md §8: online events, results read
from GEMP replays and meccg-online result tokens; the files are described in README.md)."""

from __future__ import annotations

import base64
import gzip
import io
import json
import zipfile
import zlib
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.types import LAST_PLAYER, RING_BEARER_KILLED, SITE_9
from tournaments.rules.records import (
    MAX_RECORD_BYTES,
    RecordProblem,
    deck_differences,
    read_gemp,
    read_meccg,
    record_text,
)

HERE = Path(__file__).parent


def text(name: str) -> str:
    return (HERE / name).read_text()


def problem(call, *args) -> str:
    with pytest.raises(RecordProblem) as caught:
        call(*args)
    return caught.value.code


def test_gemp_site_9_win_names_winner_cause_and_decks():
    reading = read_gemp(text("gemp_site9_built.xml"))
    assert (reading.winner, reading.loser) == ("aragorn77", "saruman_fan")
    assert (reading.cause, reading.outcome) == ("site_9", SITE_9)
    assert reading.tournament == "Online Spring Open"
    assert reading.end == datetime(2025, 3, 8, 19, 48, 40, 101000, tzinfo=UTC)
    deck = reading.deck_of("aragorn77")
    assert deck is not None and deck.ring_bearer == "1_2" and len(deck.sites) == 9
    # Foil (*) and tengwar (T) copies are the same card.
    assert deck.counts()["1_13"] == 2 and deck.counts()["1_50"] == 2


def test_gemp_last_remaining_player_takes_the_cause_from_the_losers_reason():
    reading = read_gemp(text("gemp_concession_built.xml"))
    assert reading.winner == "saruman_fan"
    assert (reading.cause, reading.outcome) == ("concession", LAST_PLAYER)
    assert reading.start == datetime(2025, 3, 8, 19, 2, tzinfo=UTC)


def test_gemp_zlib_file_as_the_server_stores_it_and_base64_of_it():
    raw = (HERE / "gemp_ringbearer_dead_built.xml.gz").read_bytes()
    for given_as in (raw, base64.b64encode(raw).decode()):
        reading = read_gemp(record_text(given_as))
        assert (reading.cause, reading.outcome) == ("ring_bearer_killed", RING_BEARER_KILLED)
        assert reading.start is not None and reading.start.year == 2025


def test_gemp_gzip_and_zip_files_are_read():
    xml = text("gemp_site9_built.xml").encode()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("replay.xml", xml)
    for packed in (gzip.compress(xml), buf.getvalue()):
        assert read_gemp(record_text(packed)).winner == "aragorn77"


def test_gemp_cancelled_game_is_not_a_result():
    # LotroServer.gameCancelled records a "winner" for a cancelled game.
    assert problem(read_gemp, text("gemp_cancelled_built.xml")) == "gemp_cancelled"


def test_gemp_unknown_reason_and_bot_games_are_refused():
    xml = text("gemp_site9_built.xml")
    odd = xml.replace("Surviving to end of Regroup phase on site 9", "Moon phase")
    assert problem(read_gemp, odd) == "gemp_unknown_reason"
    bot = xml.replace('lose_reason="Other player won"', 'lose_reason="Possible loop detected"')
    assert problem(read_gemp, bot) == "gemp_bot"


def test_gemp_not_a_replay():
    assert problem(read_gemp, "<html><body>404</body></html>") == "gemp_no_info"
    assert problem(read_gemp, "<gameReplay><info") == "gemp_not_xml"
    entity = '<!DOCTYPE x [<!ENTITY a "aaaa">]><gameReplay><info winner="&a;"/></gameReplay>'
    assert problem(read_gemp, entity) == "gemp_not_xml"


def test_deck_differences_count_each_card():
    assert deck_differences(Counter({"1_2": 1, "1_12": 3}), Counter({"1_12": 2, "1_13": 1})) == {
        "1_12": 1,
        "1_13": -1,
        "1_2": 1,
    }
    assert deck_differences(Counter({"1_2": 1}), Counter({"1_2": 1})) == {}


def test_meccg_token_gives_categories_not_the_servers_totals():
    reading = read_meccg(text("meccg_token_built.txt"))
    a, b = reading.sides
    assert a.name == "ElrondOfImladris" and b.name == "Lugdush"
    assert a.categories == {
        "character": 14,
        "item": 4,
        "faction": 3,
        "ally": 2,
        "kill": 1,
        "miscellaneous": 1,
    }
    # The server's own total counts general influence: 20 + 25 MPs.
    assert a.server_total == 45 and a.others["influence"] == 20
    assert reading.turns == 14 and len(reading.checksums) == 2
    assert reading.ended == datetime(2025, 3, 8, 19, 28, 15, tzinfo=UTC)


def test_meccg_final_score_message_with_its_token_is_read_too():
    token = text("meccg_token_built.txt").strip()
    assert read_meccg(json.dumps({"token": token})).sides[1].name == "Lugdush"


def test_meccg_real_token_that_is_no_final_score_is_refused():
    # ResultToken.spec.js's token carries {"time": ...} only.
    assert problem(read_meccg, text("meccg_token_real_spec.txt")) == "meccg_not_token"


def test_meccg_wrong_tokens():
    assert problem(read_meccg, "a.b") == "meccg_not_token"
    one = {"score": {"x": {"character": 1}}, "players": {"x": "Solo"}}
    assert problem(read_meccg, json.dumps(one)) == "meccg_not_two_players"
    bad = {"score": {"x": {"character": True}, "y": {}}, "players": {"x": "A", "y": "B"}}
    assert problem(read_meccg, json.dumps(bad)) == "meccg_bad_points"


def test_bounds_on_what_is_given():
    assert problem(record_text, "   ") == "empty"
    assert problem(record_text, "%%% not base64 %%%") == "not_readable"
    bomb = zlib.compress(b"<" + b" " * (MAX_RECORD_BYTES + 10), 9)
    assert problem(record_text, bomb) == "too_large"
    assert problem(record_text, gzip.compress(b" " * (MAX_RECORD_BYTES + 10))) == "too_large"


@given(st.binary(max_size=300))
def test_any_bytes_are_read_or_refused_with_a_code(data):
    try:
        out = record_text(data)
    except RecordProblem as refused:
        assert refused.code
        return
    for reader in (read_gemp, read_meccg):
        try:
            reader(out)
        except RecordProblem as refused:
            assert refused.code
