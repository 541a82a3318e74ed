"""The table's record page (RULES.md §8, online events): paste or upload a record; a
refusal keeps what was typed, with the reason beside the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_user, user_of
from tests.tournaments.records.helpers import gemp_table, table_of
from tournaments.models import Table

pytestmark = pytest.mark.django_db
HERE = Path(__file__).parent


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_player_pastes_a_replay_and_reads_what_it_said():
    _director, event, table, a, b = gemp_table()
    client = client_for(user_of(a))
    url = f"/events/{event.slug}/tables/{table.pk}/record/"
    assert "GEMP replay" in client.get(f"/events/{event.slug}/me/").content.decode()
    xml = (HERE / "gemp_site9_built.xml").read_text()
    response = client.post(url, {"server": "gemp", "record": xml}, follow=True)
    page = response.content.decode()
    assert f"GEMP replay: {a.player.display_name} beat {b.player.display_name}." in page
    table.refresh_from_db()
    assert table.status == Table.Status.REPORTED and table.winner_id == a.pk


def test_staff_uploads_the_servers_file_and_sees_the_reading_kept():
    director, event, table, _a, b = gemp_table()
    client = client_for(director)
    raw = (HERE / "gemp_ringbearer_dead_built.xml.gz").read_bytes()
    upload = SimpleUploadedFile("k2m0.xml.gz", raw, content_type="application/gzip")
    url = f"/events/{event.slug}/tables/{table.pk}/record/"
    response = client.post(url, {"server": "gemp", "file": upload})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED and table.winner_id == b.pk
    page = client.get(url).content.decode()
    assert "Ring-bearer was killed" in page


def test_refused_record_keeps_the_text_and_says_why_beside_it():
    director, event, table, _a, _b = gemp_table()
    client = client_for(director)
    url = f"/events/{event.slug}/tables/{table.pk}/record/"
    xml = (HERE / "gemp_cancelled_built.xml").read_text()
    response = client.post(url, {"server": "gemp", "record": xml})
    assert response.status_code == 400
    page = response.content.decode()
    assert "a cancelled game is not a result" in page
    assert "Game cancelled due to error" in page  # the pasted text is still there
    response = client.post(url, {"server": "gemp", "url": "https://evil.example/x"})
    assert (
        "Records are fetched only over https from play.lotrtcgpc.net" in response.content.decode()
    )


def test_a_player_keeps_his_server_names_in_his_profile_page_and_api():
    _director, _event, _table, a, _b = gemp_table()
    player = a.player
    client = client_for(user_of(a))
    page = client.get(f"/players/{player.pk}/").content.decode()
    assert "Your names on the game servers" in page
    client.post(
        f"/players/{player.pk}/server-names/", {"gemp_name": " ann  gemp ", "meccg_name": "Ann"}
    )
    player.refresh_from_db()
    assert (player.gemp_name, player.meccg_name) == ("ann gemp", "Ann")
    api = APIClient()
    api.force_authenticate(user_of(a))
    url = f"/api/v1/players/{player.pk}/server-names/"
    body = {"gemp_name": "x" * 101, "meccg_name": ""}
    assert api.put(url, body, format="json").status_code == 400
    response = api.put(url, {"gemp_name": "ann2", "meccg_name": ""}, format="json")
    assert response.status_code == 200 and response.json()["gemp_name"] == "ann2"
    other = APIClient()
    other.force_authenticate(make_user())
    assert other.get(url).status_code == 403
    assert (
        client_for(make_user())
        .get(f"/players/{player.pk}/")
        .content.decode()
        .count("Your names on the game servers")
        == 0
    )


def test_the_readers_time_zone_in_his_profile():
    _director, _event, _table, a, _b = gemp_table()
    player = a.player
    client = client_for(user_of(a))
    url = f"/players/{player.pk}/server-names/"
    client.post(url, {"gemp_name": "", "meccg_name": "", "time_zone": "Europe/Madrid"})
    player.refresh_from_db()
    assert player.time_zone == "Europe/Madrid"
    page = client.post(url, {"time_zone": "Mars/Olympus"}, follow=True).content.decode()
    assert "Unknown time zone: Mars/Olympus" in page
    player.refresh_from_db()
    assert player.time_zone == "Europe/Madrid"


def test_at_a_best_of_three_table_the_page_says_where_the_match_stands():
    """RULES.md §8: a match of best of N; one record is one game of it."""
    stage = {"kind": "swiss", "best_of": 3}
    _director, event, table, a, b = table_of(
        "lotr-tcg", ("aragorn77", "saruman_fan"), field="gemp_name", stages=[stage]
    )
    client = client_for(user_of(a))
    url = f"/events/{event.slug}/tables/{table.pk}/record/"
    xml = (HERE / "gemp_site9_built.xml").read_text()
    page = client.post(url, {"server": "gemp", "record": xml}, follow=True).content.decode()
    an, bn = a.player.display_name, b.player.display_name
    assert f"Game 1 of 3 recorded: {an} 1–0 {bn}." in page
    assert "Result reported from the record" not in page  # the match goes on
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and table.games.count() == 1
    again = client.post(url, {"server": "gemp", "record": xml})
    assert again.status_code == 400
    assert "This record was already read as game 1 of this match." in again.content.decode()
    assert "Read as game 1 of the match." in client.get(url).content.decode()
