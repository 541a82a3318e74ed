"""A big event's export is built by a worker into a stored file: the API answers 202
with the export's status (progress, then a download address), the director's page
shows the progress and then the file; asking again shares the job, and the build reads
as many queries at 1,000 players as at 10."""

from __future__ import annotations

import json
from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.tournaments.helpers import make_event, make_user
from tournaments import services
from tournaments.models import Event, ExportJob, Player, Registration, Round, Seat, Table
from tournaments.services import export_jobs

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_threshold(settings, tmp_path):
    settings.EXPORT_INLINE_MAX_PLAYERS = 6
    settings.EXPORT_DIR = tmp_path


def _event(players: int, director=None) -> Event:
    """An event with one round played, entered in bulk (building 1,000 entries through
    the services is what would make the test slow, not what the export reads)."""
    director = director or make_user(f"td{players}")
    event = make_event(director)
    people = Player.objects.bulk_create(
        Player(display_name=f"Player {players}-{i:04}", created_by=director) for i in range(players)
    )
    regs = Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    rnd = Round.objects.create(event=event, number=1, seed=1, status=Round.Status.CLOSED,
                               closed_at=timezone.now())  # fmt: skip
    tables = Table.objects.bulk_create(
        Table(round=rnd, number=n + 1, status=Table.Status.CONFIRMED) for n in range(players // 2)
    )
    Seat.objects.bulk_create(
        Seat(table=t, round=rnd, event=event, registration=regs[2 * i + k], position=k + 1,
             mps=10 if k == 0 else 4, points=3 if k == 0 else 0,
             outcome="win" if k == 0 else "loss")
        for i, t in enumerate(tables) for k in (0, 1)
    )  # fmt: skip
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    return event


def test_the_api_answers_202_with_progress_then_the_file() -> None:
    event = _event(10)
    director = Client()
    director.force_login(event.organizer)
    services.issue_penalty(
        event.organizer, event.registrations.order_by("pk").first(), "slow_play", "slow"
    )
    visitor = Client()
    answer = visitor.get(f"/api/v1/events/{event.slug}/export/")  # the task is not run yet
    assert answer.status_code == 202, answer.content[:300]
    status = answer.json()
    assert status["status"] == "queued" and status["percent"] == 0
    assert status["download_url"] is None and answer["Location"] == status["status_url"]
    # Asked again meanwhile: the same job, not a second build.
    assert visitor.get(f"/api/v1/events/{event.slug}/export/").json()["id"] == status["id"]

    export_jobs.build(status["id"])
    done = visitor.get(status["status_url"]).json()
    assert done["status"] == "done" and done["percent"] == 100 and done["total"] == 2
    file = visitor.get(done["download_url"])
    assert file.status_code == 200
    document = json.loads(b"".join(file.streaming_content))
    inline = json.loads(json.dumps(services.export_event(event), default=str))
    inline.pop("penalties")  # a visitor's export, as the inline one would be
    assert document == inline

    # The staff's export (with the penalties) is another file, not the visitor's.
    staff = director.get(f"/api/v1/events/{event.slug}/export/").json()
    assert staff["id"] != status["id"]
    export_jobs.build(staff["id"])
    staff_file = director.get(director.get(staff["status_url"]).json()["download_url"])
    assert json.loads(b"".join(staff_file.streaming_content))["penalties"][0]["note"] == "slow"
    assert visitor.get(staff["status_url"]).status_code == 403
    # Nothing changed since: the finished file is served again.
    assert visitor.get(f"/api/v1/events/{event.slug}/export/").json()["id"] == status["id"]


def test_a_change_to_the_event_makes_the_next_export_new() -> None:
    event = _event(8)
    first = export_jobs.request_export(event, event.organizer)
    export_jobs.build(first.pk)
    assert export_jobs.request_export(event, event.organizer).pk == first.pk
    services.issue_penalty(
        event.organizer, event.registrations.order_by("pk").first(), "slow_play", "later"
    )
    assert export_jobs.request_export(event, event.organizer).pk != first.pk


def test_small_events_stay_inline() -> None:
    event = _event(6)
    answer = Client().get(f"/api/v1/events/{event.slug}/export/")
    assert answer.status_code == 200 and len(answer.json()["registrations"]) == 6
    assert not ExportJob.objects.exists()


def test_the_director_s_page_shows_the_progress_then_the_file(
    django_capture_on_commit_callbacks,
) -> None:
    event = _event(10)
    client = Client()
    client.force_login(event.organizer)
    response = client.get(f"/events/{event.slug}/download/")
    job = ExportJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.slug}/exports/{job.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert "Waiting for the worker" in page and 'http-equiv="refresh"' in page
    with django_capture_on_commit_callbacks(execute=True):
        export_jobs.build(job.pk)
    page = client.get(response["Location"]).content.decode()
    assert "Download the file" in page and 'http-equiv="refresh"' not in page
    file = client.get(response["Location"] + "?file=1")
    assert file["Content-Disposition"] == f'attachment; filename="{event.slug}.json"'
    assert len(json.loads(b"".join(file.streaming_content))["registrations"]) == 10
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    assert stranger.get(response["Location"]).status_code == 404


def test_a_job_whose_message_was_lost_is_sent_again_by_the_sweep(
    django_capture_on_commit_callbacks,
) -> None:
    event = _event(8)
    job = export_jobs.request_export(event, event.organizer)
    ExportJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - export_jobs.LOST_AFTER - timedelta(seconds=1)
    )
    sent: list[tuple] = []
    with (
        mock.patch.object(export_jobs.build_export, "delay", side_effect=lambda *a: sent.append(a)),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert export_jobs.resend_lost_exports() == 1
    assert sent == [(job.pk,)]
    export_jobs.build(job.pk)
    assert export_jobs.resend_lost_exports() == 0
    assert export_jobs.build(job.pk) is None  # a repeated message builds nothing again


def test_a_file_past_its_day_is_removed_with_its_job() -> None:
    event = _event(8)
    job = export_jobs.build(export_jobs.request_export(event, event.organizer).pk)
    assert job is not None and export_jobs.storage().exists(job.path)
    assert export_jobs.prune_old_exports() == 0
    later = timezone.now() + export_jobs.KEEP_FOR + timedelta(minutes=1)
    assert export_jobs.prune_old_exports(now=later) == 1
    assert not export_jobs.storage().exists(job.path) and not ExportJob.objects.exists()


def _build_queries(event: Event) -> int:
    job = ExportJob.objects.create(event=event, with_penalties=True)
    with CaptureQueriesContext(connection) as captured:
        assert export_jobs.build(job.pk) is not None
    return len(captured)


def _status_queries(event: Event) -> int:
    job = ExportJob.objects.filter(event=event).latest("pk")
    client = Client()
    client.force_login(event.organizer)  # the staff's export
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/api/v1/events/{event.slug}/export/jobs/{job.pk}/").status_code == 200
    return len(captured)


def test_the_worker_s_export_reads_as_many_queries_at_1000_players_as_at_10() -> None:
    small, big = _event(10), _event(1000)
    _build_queries(small), _build_queries(big)  # the first-use lookups, once
    assert _build_queries(small) == _build_queries(big)
    assert _status_queries(small) == _status_queries(big)
    document = json.loads(export_jobs.storage().open(
        ExportJob.objects.filter(event=big).latest("pk").path).read())  # fmt: skip
    assert len(document["registrations"]) == 1000 and len(document["standings"]) == 1000
