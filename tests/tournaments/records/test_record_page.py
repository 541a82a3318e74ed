"""The table's record page (RULES.md §8, online events): paste or upload a record; a
refusal keeps what was typed, with the reason beside the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.tournaments.helpers import user_of
from tests.tournaments.records.helpers import gemp_table
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
