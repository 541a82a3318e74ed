"""Faults: a replay asked for while the broker cannot be reached must not be
lost, and repeated requests must not queue repeated replays. The send happens after the
commit; if Redis is down at that moment the message waits in the outbox; if Redis lost
its queue while the worker was down, the sweep finds the job still "queued" and sends
it again. A second request while a job waits reuses it without a second message."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError

from core import jobs
from core.models import OutboxMessage
from ratings import services
from ratings.models import ReplayJob
from ratings.services.requests import RESEND_AFTER
from ratings.tasks import replay_ratings

pytestmark = pytest.mark.django_db


def test_a_replay_asked_for_while_redis_is_down_waits_in_the_outbox(
    django_capture_on_commit_callbacks,
) -> None:
    with (
        mock.patch.object(replay_ratings, "delay", side_effect=OperationalError("Redis down")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        # The correction that asked for it is committed; no error reaches the user.
        services.enqueue_replay("lore", reason="a correction while Redis restarts")
    job = ReplayJob.objects.get()
    assert job.status == ReplayJob.Status.QUEUED
    kept = OutboxMessage.objects.get()
    assert (kept.task_name, kept.args) == (replay_ratings.name, ["lore", job.pk])


def test_repeated_requests_send_one_message(django_capture_on_commit_callbacks) -> None:
    sent: list[tuple] = []
    with (
        mock.patch.object(replay_ratings, "delay", side_effect=lambda *a: sent.append(a)),
        django_capture_on_commit_callbacks(execute=True),
    ):
        jobs_asked = [services.enqueue_replay("lore", reason=f"click {i}") for i in range(10)]
    assert {j.pk for j in jobs_asked} == {jobs_asked[0].pk}
    assert sent == [("lore", jobs_asked[0].pk)]


def test_the_sweep_sends_again_a_replay_whose_message_was_lost(
    django_capture_on_commit_callbacks,
) -> None:
    sent: list[tuple] = []
    with mock.patch.object(replay_ratings, "delay", side_effect=lambda *a: sent.append(a)):
        with django_capture_on_commit_callbacks(execute=True):
            job = services.enqueue_replay("lore", reason="queued, then Redis lost its queue")
        sent.clear()  # the message the broker lost
        with django_capture_on_commit_callbacks(execute=True):
            assert services.resend_waiting_replays() == 0  # too early to call it lost
            later = timezone.now() + RESEND_AFTER + timedelta(seconds=1)
            assert services.resend_waiting_replays(now=later) == 1
    assert sent == [("lore", job.pk)]
    assert "replays" in jobs.SWEEPS


def test_duplicate_messages_run_one_replay() -> None:
    job = services.enqueue_replay("lore", reason="ten messages for one job")
    services.run_replay_job(job.pk)  # the first message
    job.refresh_from_db()
    assert job.status == ReplayJob.Status.DONE
    with mock.patch("ratings.services.operations.compute_ledger") as compute:
        for _ in range(9):
            services.run_replay_job(job.pk)
    compute.assert_not_called()


def test_a_job_a_later_replay_covered_is_done_without_running(
    django_capture_on_commit_callbacks,
) -> None:
    with (
        mock.patch.object(replay_ratings, "delay"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        waiting = services.enqueue_replay("lore", reason="its message arrives late")
    newer = ReplayJob.objects.create(game="lore", reason="ran first")
    services.run_replay_job(newer.pk)  # started after ``waiting`` was asked for
    with mock.patch("ratings.services.operations.compute_ledger") as compute:
        services.run_replay_job(waiting.pk)
    compute.assert_not_called()
    waiting.refresh_from_db()
    assert waiting.status == ReplayJob.Status.DONE
