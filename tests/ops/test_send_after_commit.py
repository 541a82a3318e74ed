"""core.jobs.send_after_commit: the one way a service queues work its change caused.
Sent once the transaction commits, never when it rolls back, and a broker that is away
leaves the message in the outbox instead of failing the committed change."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import transaction
from kombu.exceptions import OperationalError as BrokerError

from core.jobs import send_after_commit, send_once_after_commit
from core.models import OutboxMessage
from core.tasks import ping

pytestmark = pytest.mark.django_db


def test_it_waits_for_the_commit(django_capture_on_commit_callbacks) -> None:
    with (
        mock.patch.object(ping, "delay") as delay,
        django_capture_on_commit_callbacks(execute=True),
    ):
        send_after_commit(ping, "lore", n=1)
        assert not delay.called
    delay.assert_called_once_with("lore", n=1)


def test_a_rolled_back_change_sends_nothing(django_capture_on_commit_callbacks) -> None:
    with (
        mock.patch.object(ping, "delay") as delay,
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        send_after_commit(ping)
        raise RuntimeError("the change failed")
    assert callbacks == [] and not delay.called


def test_a_broker_that_is_away_leaves_the_message_in_the_outbox(
    django_capture_on_commit_callbacks,
) -> None:
    with (
        mock.patch.object(ping, "delay", side_effect=BrokerError("Redis down")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        send_after_commit(ping, "metw", n=2)  # no error reaches the caller
    message = OutboxMessage.objects.get()
    assert (message.task_name, message.args, message.kwargs) == (
        "organizer.tasks.ping",
        ["metw"],
        {"n": 2},
    )


def test_any_other_failure_is_logged_not_raised(django_capture_on_commit_callbacks, caplog) -> None:
    with (
        mock.patch.object(ping, "delay", side_effect=ValueError("bad")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        send_after_commit(ping)
    assert not OutboxMessage.objects.exists()
    assert "failed to send or to run eagerly" in caplog.text


def test_the_same_task_is_queued_once_per_transaction(django_capture_on_commit_callbacks) -> None:
    """A change saving several rows asks several times; one message goes out, and a
    rolled-back savepoint does not swallow the next request."""
    with (
        mock.patch.object(ping, "delay") as delay,
        django_capture_on_commit_callbacks(execute=True),
        transaction.atomic(),
    ):
        for _ in range(3):
            send_once_after_commit(ping, "metw")
        send_once_after_commit(ping, "lore")
        with pytest.raises(RuntimeError), transaction.atomic():
            send_once_after_commit(ping, "dice")
            raise RuntimeError("the inner change failed")
        send_once_after_commit(ping, "dice")
    assert [c.args for c in delay.call_args_list] == [("metw",), ("lore",), ("dice",)]


def test_a_result_sends_one_standings_rebuild(django_capture_on_commit_callbacks) -> None:
    """Entering a result saves the table and both seats (three signals); the standings are
    rebuilt by one task, not one per row."""
    from tests.tournaments.helpers import make_event, make_user, play_table
    from tournaments import services
    from tournaments.services.standings.snapshot import rebuild_standings

    with django_capture_on_commit_callbacks(execute=True):  # each step commits
        director = make_user()
        event = make_event(director, planned_rounds=2)
        for i in range(4):
            services.add_walkin(director, event, display_name=f"Player {i}")
        rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.filter(is_bye=False).first()
    with (
        mock.patch.object(rebuild_standings, "delay") as delay,
        django_capture_on_commit_callbacks(execute=True),
    ):
        play_table(director, table, [20, 5])
    delay.assert_called_once_with(event.pk)
