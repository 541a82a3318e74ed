"""Faults: a replay asked for while the broker cannot be reached must not be
lost. The send happens after the commit; if Redis is down at that moment the job row
exists but no message does, so a later request for the same replay has to send again."""

from __future__ import annotations

from unittest import mock

import pytest
from kombu.exceptions import OperationalError

from ratings import services
from ratings.models import ReplayJob
from ratings.tasks import replay_ratings

pytestmark = pytest.mark.django_db


def test_a_replay_whose_message_was_lost_is_sent_again(
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

    sent: list[tuple] = []
    with (
        mock.patch.object(replay_ratings, "delay", side_effect=lambda *a: sent.append(a)),
        django_capture_on_commit_callbacks(execute=True),
    ):
        again = services.enqueue_replay("lore", reason="the next correction")
    assert again.pk == job.pk
    assert sent == [("lore", job.pk)], "the queued job's task never reaches the broker"
