"""Background work that heals itself: a task whose worker stopped renewing
its lease (kill -9) is taken up again, a task that ran out of retries while the
database was away runs again later, and the outbox is sent once the broker answers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery.signals import task_postrun, task_prerun
from django.db import OperationalError
from django.utils import timezone

from core import jobs
from core.models import OutboxMessage, TaskLease
from core.tasks import heal, ping
from organizer.celery import app

pytestmark = pytest.mark.django_db


def test_a_lease_nobody_renews_is_taken_up_again_and_sent(settings) -> None:
    settings.JOB_STALE_SECONDS = 180
    now = timezone.now()
    TaskLease.objects.create(
        task_id="dead", task_name=ping.name, beat_at=now - timedelta(seconds=181)
    )
    TaskLease.objects.create(task_id="alive", task_name=ping.name, beat_at=now)

    assert jobs.retake_stale_leases(now) == 1
    assert list(TaskLease.objects.values_list("task_id", flat=True)) == ["alive"]
    assert list(OutboxMessage.objects.values_list("task_id", "task_name")) == [("dead", ping.name)]

    # The sweep sends it (here Celery runs eagerly, so "sent" means it ran).
    assert jobs.flush_outbox(app) == 1
    assert not OutboxMessage.objects.exists()


def test_the_sweep_task_runs_both_steps(settings) -> None:
    settings.JOB_STALE_SECONDS = 60
    TaskLease.objects.create(
        task_id="gone", task_name=ping.name, beat_at=timezone.now() - timedelta(minutes=5)
    )
    report = heal.delay().get()
    assert (report["retaken"], report["sent"]) == (1, 1)
    # The apps' own sweeps (lost replays, webhook deliveries) ran with it and found nothing.
    assert (report["replays"], report["webhooks"]) == (0, 0)


def test_a_message_waits_until_it_is_due() -> None:
    OutboxMessage.objects.create(
        task_id="later", task_name=ping.name, not_before=timezone.now() + timedelta(minutes=1)
    )
    assert jobs.flush_outbox(app) == 0
    assert jobs.flush_outbox(app, now=timezone.now() + timedelta(minutes=2)) == 1


def test_a_running_task_holds_a_lease_until_it_finishes() -> None:
    task_prerun.send(sender=ping, task_id="t1", task=ping, args=[], kwargs={})
    lease = TaskLease.objects.get(task_id="t1")
    assert lease.task_name == ping.name
    task_postrun.send(
        sender=ping, task_id="t1", task=ping, args=[], kwargs={}, retval={}, state="SUCCESS"
    )
    assert not TaskLease.objects.exists()
    assert not OutboxMessage.objects.exists()


def test_a_task_out_of_retries_while_the_database_is_away_runs_again_later() -> None:
    task_prerun.send(sender=ping, task_id="t2", task=ping, args=["lore"], kwargs={"n": 1})
    task_postrun.send(
        sender=ping,
        task_id="t2",
        task=ping,
        args=["lore"],
        kwargs={"n": 1},
        retval=OperationalError("the database system is starting up"),
        state="FAILURE",
    )
    message = OutboxMessage.objects.get()
    assert (message.task_id, message.args, message.kwargs) == ("t2", ["lore"], {"n": 1})
    assert message.not_before > timezone.now() + timedelta(seconds=30)
    assert not TaskLease.objects.exists()


def test_a_task_that_failed_on_bad_input_is_not_repeated() -> None:
    task_postrun.send(
        sender=ping, task_id="t3", task=ping, args=[], kwargs={}, retval=ValueError("bad"),
        state="FAILURE",
    )  # fmt: skip
    assert not OutboxMessage.objects.exists()


def test_tasks_retry_until_their_services_return() -> None:
    # The base class every task gets (organizer.celery): no retry limit, growing pauses.
    from ratings.tasks import warm_league_cache

    assert isinstance(ping, jobs.ResilientTask)
    assert isinstance(warm_league_cache, jobs.ResilientTask)
    assert ping.max_retries is None
    assert OperationalError in ping.autoretry_for


def test_the_worker_reconnects_for_ever(settings) -> None:
    assert app.conf.broker_connection_max_retries is None
    assert app.conf.broker_connection_retry_on_startup is True
    assert "heal" in app.conf.beat_schedule


def test_in_eager_mode_the_original_error_reaches_the_caller() -> None:
    calls: list[int] = []

    @app.task(name="tests.ops.always_down", bind=True)
    def always_down(self) -> None:
        calls.append(1)
        raise OperationalError("the database is away")

    # Not Celery's Retry: there is no queue to retry from, and the face knows this error.
    with pytest.raises(OperationalError):
        always_down.delay().get()
    assert len(calls) == 1
