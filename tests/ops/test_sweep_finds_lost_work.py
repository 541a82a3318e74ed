"""Work recorded in the apps' own tables outlives a lost broker queue: the sweep
(core.jobs.heal, every minute) finds a webhook delivery still "pending, 0 attempts"
and sends it again, and leaves alone one whose retry is still due."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from core import jobs
from tests.tournaments.helpers import make_event, make_user
from webhooks.models import Delivery, Endpoint
from webhooks.services import RESEND_MARGIN, deliver, resend_lost_deliveries

pytestmark = pytest.mark.django_db


@pytest.fixture
def endpoint() -> Endpoint:
    director = make_user("hooked")
    return Endpoint.objects.create(
        event=make_event(director), url="https://example.org/hook", created_by=director
    )


def _delivery(endpoint: Endpoint, age: timedelta, attempts: int = 0) -> Delivery:
    delivery = Delivery.objects.create(
        endpoint=endpoint, topic="round.paired", payload={}, attempts=attempts
    )
    Delivery.objects.filter(pk=delivery.pk).update(created_at=timezone.now() - age)
    return delivery


def test_a_delivery_never_attempted_is_sent_again(
    endpoint, django_capture_on_commit_callbacks
) -> None:
    lost = _delivery(endpoint, RESEND_MARGIN + timedelta(minutes=1))
    _delivery(endpoint, timedelta(seconds=10))  # its message is still on its way
    sent: list[tuple] = []
    with (
        mock.patch.object(deliver, "delay", side_effect=lambda *a: sent.append(a)),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert resend_lost_deliveries() == 1
    assert sent == [(lost.pk,)]


def test_a_delivery_waiting_for_its_retry_is_left_alone(endpoint) -> None:
    # Three attempts: 30 s + 60 s + 120 s of backoff behind it, plus the margin.
    _delivery(endpoint, RESEND_MARGIN + timedelta(seconds=100), attempts=3)
    assert resend_lost_deliveries() == 0
    later = timezone.now() + timedelta(seconds=200)
    assert resend_lost_deliveries(now=later) == 1


def test_the_sweep_runs_every_app_sweep_and_survives_one_failing(monkeypatch) -> None:
    from organizer.celery import app

    def broken() -> int:
        raise RuntimeError("an app's sweep failed")

    monkeypatch.setitem(jobs.SWEEPS, "broken", broken)
    report = jobs.heal(app)
    assert {"retaken", "sent", "webhooks", "replays", "standings"} <= set(report)
    assert "broken" not in report


def test_stale_standings_whose_rebuild_was_lost_are_rebuilt(
    django_capture_on_commit_callbacks,
) -> None:
    from tournaments.models import StandingsSnapshot
    from tournaments.services.standings import snapshot

    event = make_event(make_user("stale"))
    fresh = make_event(make_user("fresh"))
    StandingsSnapshot.objects.create(event=event, stale=True, built_at=timezone.now())
    StandingsSnapshot.objects.create(event=fresh, stale=False, built_at=timezone.now())
    assert snapshot.resend_lost_rebuilds() == 0  # its message may still be on its way
    later = timezone.now() + snapshot.REBUILD_LOST_AFTER + timedelta(seconds=1)
    sent: list[tuple] = []
    with (
        mock.patch.object(
            snapshot.rebuild_standings, "delay", side_effect=lambda *a: sent.append(a)
        ),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert snapshot.resend_lost_rebuilds(now=later) == 1
    assert sent == [(event.pk,)]
    assert "standings" in jobs.SWEEPS
