"""Results read from the servers' records through the API (RULES.md §8, online events):
names matched to the table's players, what a record does not prove refused, the Free
Council counted here from meccg-online's categories, GEMP decks compared with the
registered lists for the staff, links fetched from the configured servers only."""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from decks.models import DeckList, DeckListVersion
from rules_engine.free_council import CouncilInput, count_free_council
from tests.tournaments.helpers import make_user, user_of
from tests.tournaments.records.helpers import gemp_table, post, read, table_of
from tournaments.models import Round, ServerRecord, Table
from tournaments.services.records import fetch

pytestmark = pytest.mark.django_db
HERE = Path(__file__).parent


def test_gemp_replay_is_a_players_report_and_the_opponents_same_replay_confirms_it():
    _director, event, table, a, b = gemp_table()
    response = post(user_of(b), event, table, server="gemp", record=read("gemp_site9_built.xml"))
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["table"]["status"] == "reported"
    assert body["reading"][0] == (
        f"GEMP replay: {a.player.display_name} beat {b.player.display_name}."
    )
    assert "site 9" in body["reading"][1]
    table.refresh_from_db()
    assert (table.winner_id, table.outcome) == (a.pk, "site_9")
    assert body["deck_differences"] == []  # a player does not see the deck comparison
    again = post(user_of(a), event, table, server="gemp", record=read("gemp_site9_built.xml"))
    assert again.status_code == 200, again.content
    assert again.json()["table"]["status"] == "confirmed"


def test_gemp_cause_of_last_remaining_player_is_the_losers_concession():
    director, event, table, a, b = gemp_table()
    response = post(director, event, table, server="gemp", record=read("gemp_concession_built.xml"))
    assert response.status_code == 200, response.content
    table.refresh_from_db()
    assert (table.winner_id, table.outcome, table.status) == (b.pk, "last_player", "confirmed")
    assert response.json()["reading"][1] == f"{a.player.display_name} conceded."


def test_gemp_zlib_file_in_base64_as_the_server_stores_it():
    director, event, table, _a, b = gemp_table()
    raw = base64.b64encode((HERE / "gemp_ringbearer_dead_built.xml.gz").read_bytes()).decode()
    response = post(director, event, table, server="gemp", record=raw)
    assert response.status_code == 200, response.content
    table.refresh_from_db()
    assert (table.winner_id, table.outcome) == (b.pk, "ring_bearer_killed")


def test_gemp_decks_differing_from_the_registered_lists_are_flagged_to_the_staff():
    director, event, table, a, b = gemp_table()
    deck = DeckList.objects.create(registration=a)
    cards = [{"id": "1_12", "count": 2, "name": "Example"}, {"id": "1_2", "count": 1}]
    version = DeckListVersion.objects.create(
        decklist=deck, number=1, text="x", parsed={"cards": cards}
    )
    deck.current_version = version
    deck.save()
    response = post(director, event, table, server="gemp", record=read("gemp_site9_built.xml"))
    assert response.status_code == 200, response.content
    lines = response.json()["deck_differences"]
    assert len(lines) == 2
    assert lines[0].startswith(f"{a.player.display_name} played a deck that differs")
    assert "1 more 1_12" in lines[0]  # three copies played, two registered
    assert lines[1] == f"{b.player.display_name} has no registered deck list to compare with."
    stored = ServerRecord.objects.get(table=table)
    assert stored.deck_differences[str(a.pk)]["1_12"] == 1
    assert stored.deck_differences[str(b.pk)] is None


def test_refusals_are_4xx_with_a_code_and_leave_the_table_alone():
    director, event, table, _a, _b = gemp_table()
    cases = {
        "gemp_cancelled": {"record": read("gemp_cancelled_built.xml")},
        "not_readable": {"record": "%%%"},
        "record_one_source": {},
        "gemp_no_info": {"record": "<html>not here</html>"},
    }
    for code, body in cases.items():
        response = post(director, event, table, server="gemp", **body)
        assert response.status_code == 400, (code, response.content)
        assert response.json()["code"] == code
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and not ServerRecord.objects.exists()


def test_record_of_other_players_is_refused_naming_both_sides():
    director, event, table, _a, _b = table_of("lotr-tcg", ("Someone", "Else"))
    response = post(director, event, table, server="gemp", record=read("gemp_site9_built.xml"))
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "record_players"
    assert "aragorn77, saruman_fan" in body["detail"] and "Someone, Else" in body["detail"]


def test_record_of_a_game_before_the_round_is_another_rounds_game():
    director, event, table, _a, _b = gemp_table()
    Round.objects.filter(pk=table.round_id).update(created_at=datetime(2025, 3, 10, tzinfo=UTC))
    response = post(director, event, table, server="gemp", record=read("gemp_site9_built.xml"))
    assert response.status_code == 400 and response.json()["code"] == "record_before_round"


def test_record_read_for_one_table_is_refused_for_another():
    director, event, table, _a, _b = gemp_table(players=4)
    first = post(director, event, table, server="gemp", record=read("gemp_site9_built.xml"))
    assert first.status_code == 200
    other = table.round.tables.exclude(pk=table.pk).get()
    for reg, name in zip(
        [s.registration for s in other.seats.order_by("position")],
        ("aragorn77", "saruman_fan"),
        strict=True,
    ):
        reg.player.gemp_name = name
        reg.player.save()
    response = post(director, event, other, server="gemp", record=read("gemp_site9_built.xml"))
    assert response.status_code == 400
    assert response.json()["code"] == "record_used"


def test_only_the_tables_players_and_the_staff_read_a_record():
    _director, event, table, _a, _b = gemp_table()
    stranger = make_user()
    response = post(stranger, event, table, server="gemp", record=read("gemp_site9_built.xml"))
    assert response.status_code == 403


def test_a_gemp_record_for_a_metw_event_is_refused():
    director, event, table, _a, _b = table_of("metw", ("aragorn77", "saruman_fan"))
    response = post(director, event, table, server="gemp", record=read("gemp_site9_built.xml"))
    assert response.status_code == 400 and response.json()["code"] == "record_wrong_game"


def test_meccg_categories_counted_as_our_free_council_not_the_servers_totals():
    """The walk-ins' display names match the token's names (no server name stored)."""
    director, event, table, a, b = table_of("metw", ("ElrondOfImladris", "Lugdush"))
    response = post(
        director, event, table, server="meccg-online", record=read("meccg_token_built.txt")
    )
    assert response.status_code == 200, response.content
    expected = count_free_council(
        CouncilInput("a", character=14, item=4, faction=3, ally=2, kill=1, miscellaneous=1),
        CouncilInput("b", character=8, item=6, faction=0, ally=0, kill=2, miscellaneous=3),
    )
    table.refresh_from_db()
    mps = {s.registration_id: s.mps for s in table.seats.all()}
    assert mps == {a.pk: expected.players[0].final, b.pk: expected.players[1].final}
    assert mps[a.pk] != 45  # the server's own total counts general influence
    assert table.council["seats"][0]["doubled"]  # Lugdush has no faction or ally points
    assert "(the server's own total, 45, is not used)" in response.json()["reading"][1]


def test_meccg_real_token_without_a_final_score_is_refused():
    director, event, table, _a, _b = table_of("metw", ("ElrondOfImladris", "Lugdush"))
    response = post(
        director, event, table, server="meccg-online", record=read("meccg_token_real_spec.txt")
    )
    assert response.status_code == 400 and response.json()["code"] == "meccg_not_token"


def test_meccg_malus_cannot_be_read_as_the_councils_deductions():
    director, event, table, _a, _b = table_of("metw", ("A one", "B two"))
    token = (
        '{"score": {"x": {"character": 3, "malus": 2}, "y": {"item": 1}}, '
        '"players": {"x": "A one", "y": "B two"}, "date": 1741462095000}'
    )
    response = post(director, event, table, server="meccg-online", record=token)
    assert response.status_code == 400 and response.json()["code"] == "record_malus"


def serve(monkeypatch, handler):
    monkeypatch.setattr(fetch, "transport", httpx.MockTransport(handler))


def test_gemp_viewer_link_is_fetched_from_the_servers_replay_path(monkeypatch):
    director, event, table, _a, _b = gemp_table()
    asked = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        return httpx.Response(
            200, content=(HERE / "gemp_ringbearer_dead_built.xml.gz").read_bytes()
        )

    serve(monkeypatch, handler)
    link = "https://play.lotrtcgpc.net/gemp-lotr/game.html?replayId=saruman_fan$k2m0a9q1x7c3v5b8"
    response = post(director, event, table, server="gemp", url=link)
    assert response.status_code == 200, response.content
    assert asked == [
        "https://play.lotrtcgpc.net/gemp-lotr-server/replay/saruman_fan$k2m0a9q1x7c3v5b8"
    ]


def test_links_only_from_configured_hosts_and_failures_are_4xx(monkeypatch):
    director, event, table, _a, _b = gemp_table()
    serve(monkeypatch, lambda request: httpx.Response(404))
    cases = {
        "record_url_host": ("gemp", "https://evil.example/replay.xml"),
        "record_url_failed": ("gemp", "https://play.lotrtcgpc.net/gemp-lotr-server/replay/a$b"),
        "record_url_none": ("meccg-online", "https://meccg.example/token"),
    }
    for code, (server, url) in cases.items():
        response = post(director, event, table, server=server, url=url)
        assert response.status_code == 400, (code, response.content)
        assert response.json()["code"] == code
    serve(monkeypatch, lambda request: httpx.Response(200, content=b"x" * 3_000_000))
    response = post(director, event, table, server="gemp", url=cases["record_url_failed"][1])
    assert response.json()["code"] == "too_large"

    def broken(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectTimeout("slow", request=request)

    serve(monkeypatch, broken)
    response = post(director, event, table, server="gemp", url=cases["record_url_failed"][1])
    assert response.status_code == 400 and response.json()["code"] == "record_url_failed"
