"""A director downloads his event and restores it from the pages: the restored
event reproduces the standings exactly, matches players he may add to their accounts,
and never counts into a league twice."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.reliability.test_export_import import (
    build_finished_event,
    ratings_snapshot,
    standings_snapshot,
)
from tests.security.world import make_user
from tournaments import services
from tournaments.models import Event, Player
from tournaments.views import transfer

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _upload(client: Client, content: bytes, name: str = "event.json"):
    return client.post("/events/restore/", {"file": SimpleUploadedFile(name, content)})


def _download(client: Client, event: Event) -> bytes:
    dashboard = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert f"/events/{event.slug}/download/" in dashboard and "/events/restore/" in dashboard
    response = client.get(f"/events/{event.slug}/download/")
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{event.slug}.json"'
    return response.content


def _older_export(content: bytes) -> bytes:
    """The file without the event's uid, as exports were before they carried one: it
    restores as a new event (with its uid, it would update the event it came from)."""
    document = json.loads(content)
    del document["event"]["uid"]
    return json.dumps(document).encode()


def test_download_then_restore_reproduces_the_standings_and_counts_nothing_twice():
    event = build_finished_event()
    standings, ratings = standings_snapshot(event), ratings_snapshot("lore")
    director = _client(event.organizer)
    content = _older_export(_download(director, event))

    response = _upload(director, content)
    assert response.status_code == 302, response.content[:300]
    copy = Event.objects.exclude(pk=event.pk).get()
    assert response["Location"] == f"/events/{copy.slug}/manage/"
    assert copy.organizer == event.organizer and copy.slug != event.slug
    assert standings_snapshot(copy) == standings
    # The players who registered for his event are the same people, not copies.
    assert sorted(copy.registrations.values_list("player_id", flat=True)) == sorted(
        event.registrations.values_list("player_id", flat=True)
    )
    # A sanctioned copy waits for the league: the ledger is what it was.
    assert services.sanctioning_status(copy).code == "awaiting_approval"
    assert ratings_snapshot("lore") == ratings
    page = director.get(response["Location"]).content.decode()
    assert "not rated until the league" in page


def test_another_director_restoring_the_file_gets_walk_ins_not_the_accounts():
    event = build_finished_event()
    content = _older_export(_download(_client(event.organizer), event))
    other = make_user("otherdirector")
    assert _upload(_client(other), content).status_code == 302
    copy = Event.objects.get(organizer=other)
    assert standings_snapshot(copy) == standings_snapshot(event)
    players = Player.objects.filter(registrations__event=copy)
    assert not players.filter(user__isnull=False).exists()
    assert set(players.values_list("created_by", flat=True)) == {other.pk}


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"\xff\xfe not text", "not JSON"),
        (b"{ not json", "not JSON"),
        (b"[1, 2, 3]", "not an event export"),
        (b'{"event": {"name": "x"}}', "no registrations"),
        (b"[" * 500 + b"]" * 500, "nests too deeply"),
    ],
)
def test_a_wrong_file_gets_a_clear_message_and_a_4xx(content: bytes, says: str):
    director = _client(make_user("d"))
    response = _upload(director, content)
    assert response.status_code == 400
    assert says in response.content.decode()
    assert not Event.objects.exists()


def test_a_tampered_file_is_refused_whole():
    event = build_finished_event()
    document = json.loads(_older_export(_download(_client(event.organizer), event)))
    table = next(t for t in document["rounds"][0]["tables"] if not t["is_bye"])
    table["seats"][0]["points"] = (table["seats"][0]["points"] or 0) + 3
    before = (Event.objects.count(), Player.objects.count())
    response = _upload(_client(event.organizer), json.dumps(document).encode())
    assert response.status_code == 400 and "standings" in response.content.decode()
    assert (Event.objects.count(), Player.objects.count()) == before


def test_size_limit_and_who_may_download(monkeypatch):
    monkeypatch.setattr(transfer, "MAX_RESTORE_BYTES", 100)
    director = _client(make_user("d"))
    response = _upload(director, b'{"event": {}}' + b" " * 200)
    assert response.status_code == 400 and "too large" in response.content.decode()
    assert _client(make_user("d2")).post("/events/restore/").status_code == 400  # no file

    event = build_finished_event()
    assert _client(make_user("stranger")).get(f"/events/{event.slug}/download/").status_code == 404
    assert Client().get(f"/events/{event.slug}/download/").status_code == 302  # log in first


def _first_game(d: dict) -> dict:
    return next(t for t in d["rounds"][0]["tables"] if not t["is_bye"])


DAMAGE = {
    "MPs not a number": lambda d: _first_game(d)["seats"][0].update(mps="x"),
    "MPs beyond any integer column": lambda d: _first_game(d)["seats"][0].update(mps=10**30),
    "table number a string": lambda d: _first_game(d).update(number="1"),
    "unknown table status": lambda d: _first_game(d).update(status="bogus"),
    "outcome not a key": lambda d: _first_game(d).update(outcome=5),
    "seats not a list": lambda d: _first_game(d).update(seats="x"),
    "a seat not an object": lambda d: _first_game(d).update(seats=[1, 2]),
    "joined round a word": lambda d: d["registrations"][0].update(joined_round="a"),
    "a registration not an object": lambda d: d["registrations"].__setitem__(0, "x"),
    "a round not an object": lambda d: d["rounds"].__setitem__(0, 3),
    "unknown round status": lambda d: d["rounds"][0].update(status="bogus"),
    "seed a word": lambda d: d["rounds"][0].update(seed="zz"),
    "unknown penalty kind": lambda d: d["penalties"].append(
        {"registration": d["registrations"][0]["id"], "kind": "x" * 50}
    ),
    "a penalty not an object": lambda d: d["penalties"].append(7),
    "dropped after a word": lambda d: d["registrations"][0].update(dropped_after_round="q"),
    "standings not a list": lambda d: d.update(standings={"a": 1}),
    "a standings row not an object": lambda d: d.update(standings=[1]),
    "a registration twice": lambda d: d["registrations"].append(dict(d["registrations"][0])),
    "a round twice": lambda d: d["rounds"].append(json.loads(json.dumps(d["rounds"][0]))),
}


def test_every_damaged_file_is_refused_with_a_400_and_nothing_kept():
    """Each damage once found answered 500 (ValueError, TypeError, IntegrityError...)."""
    event = build_finished_event()
    director = _client(event.organizer)
    base = _older_export(_download(director, event))
    before = (Event.objects.count(), Player.objects.count())
    wrong = []
    for name, damage in DAMAGE.items():
        document = json.loads(base)
        damage(document)
        response = _upload(director, json.dumps(document).encode())
        if response.status_code != 400 or "Nothing was restored" not in response.content.decode():
            wrong.append((name, response.status_code))
    assert not wrong
    assert (Event.objects.count(), Player.objects.count()) == before
