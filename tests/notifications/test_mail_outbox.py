"""Mail outlives the queue: a mail an action asks for is a row written with the action,
sent by a task that marks it sent; when the queue loses the task (Redis restarted empty
while the worker was down) the sweep finds the row and the mail goes out, once."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone

from core import jobs
from notifications import outbox, tasks
from notifications.models import OutgoingMail
from tests.tournaments.helpers import make_event, make_user
from tournaments import services

pytestmark = pytest.mark.django_db


def _register(event, name: str):
    user = make_user(name)
    user.email = f"{name}@example.org"
    user.save(update_fields=["email"])
    return services.register_self(user, event)


def test_a_lost_task_is_sent_by_the_sweep_and_mails_once(django_capture_on_commit_callbacks):
    from organizer.celery import app

    event = make_event(make_user("td"))
    mail.outbox.clear()
    dropped: list[tuple] = []
    # The queue loses the message: the task is never run.
    with (
        mock.patch.object(
            tasks.send_outgoing_mail, "delay", side_effect=lambda *a: dropped.append(a)
        ),
        django_capture_on_commit_callbacks(execute=True),
    ):
        registration = _register(event, "eowyn")
    row = OutgoingMail.objects.get()
    assert dropped == [(row.pk,)] and row.kind == "registration_confirmed"
    assert row.args == [registration.pk] and row.sent_at is None
    assert mail.outbox == []

    # Within the margin its task may still be on its way: left alone.
    with django_capture_on_commit_callbacks(execute=True):
        assert jobs.heal(app)["mail"] == 0
    assert mail.outbox == []

    later = timezone.now() + outbox.RESEND_AFTER + timedelta(seconds=1)
    with (
        mock.patch.object(outbox.timezone, "now", return_value=later),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert jobs.heal(app)["mail"] == 1
    assert [m.to for m in mail.outbox] == [["eowyn@example.org"]]
    row.refresh_from_db()
    assert row.sent_at is not None and row.recipients == 1

    # The lost message turning up after all, and later sweeps, mail nobody again.
    assert tasks.send_outgoing_mail(row.pk) == 0
    much_later = later + 2 * outbox.RESEND_AFTER
    with (
        mock.patch.object(outbox.timezone, "now", return_value=much_later),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert jobs.heal(app)["mail"] == 0
    assert len(mail.outbox) == 1


def test_the_row_is_written_with_the_action_and_rolled_back_with_it(
    django_capture_on_commit_callbacks,
):
    event = make_event(make_user("td"))
    mail.outbox.clear()
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        _register(event, "boromir")
        assert OutgoingMail.objects.count() == 1  # in the action's transaction
        raise RuntimeError("the action fails after the mail was asked for")
    assert not OutgoingMail.objects.exists() and mail.outbox == []

    with django_capture_on_commit_callbacks(execute=True):
        _register(event, "faramir")
    assert OutgoingMail.objects.get().sent_at is not None
    assert [m.to for m in mail.outbox] == [["faramir@example.org"]]
