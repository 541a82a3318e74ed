"""A result's standings are updated in place by the writer right after its commit, with
the stale mark and the rebuild task as the safety net (tournaments/services/standings/
snapshot.py): 000 Part VI §3 standings, stored so that readers never wait for them."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import play_table
from tests.tournaments.snapshot_check import assert_snapshot_matches, recomputed, stored
from tests.tournaments.test_snapshot_incremental import event_with_rounds, running_round
from tournaments import services
from tournaments.models import StandingsSnapshot, Table
from tournaments.services.standings import snapshot

pytestmark = pytest.mark.django_db


def test_a_result_is_in_the_standings_when_its_write_returns(django_capture_on_commit_callbacks):
    """No worker runs the task here: the writer itself updated the stored rows after the
    commit, and they equal the full recomputation; no task is sent, there is nothing left
    for it."""
    director, event, table = running_round(10)
    version = event.snapshot.version
    with (
        mock.patch.object(snapshot.rebuild_standings, "delay") as delay,
        django_capture_on_commit_callbacks(execute=True),
    ):
        play_table(director, table, [5, 20])
    delay.assert_not_called()
    header = StandingsSnapshot.objects.get(event=event)
    assert not header.stale and header.version == version + 1
    assert stored(event) == recomputed(event)


def test_a_failed_update_after_the_commit_keeps_the_result_and_the_mark(
    django_capture_on_commit_callbacks, monkeypatch
):
    """The update after the commit fails: the write still succeeds, the result is kept,
    the snapshot stays stale for the task or the first reader, who rebuild it right."""
    director, event, table = running_round(8)

    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(snapshot, "update_in_place", broken)
    with (
        mock.patch.object(snapshot.rebuild_standings, "delay") as delay,
        django_capture_on_commit_callbacks(execute=True),
    ):
        play_table(director, table, [5, 20])
    delay.assert_called_once_with(event.pk)  # the task rebuilds what the writer could not
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED
    header = StandingsSnapshot.objects.get(event=event)
    assert header.stale and header.changed_tables == [table.pk]
    monkeypatch.undo()
    assert_snapshot_matches(event)


def test_a_mark_rolled_back_is_written_again_by_the_same_mark():
    """Only the same mark again in one transaction is skipped: one inside a rolled-back
    part of it does not count, or the standings would stay marked fresh."""
    _director, event, table = running_round(6)
    snapshot.snapshot_state(event)
    assert not StandingsSnapshot.objects.get(event=event).stale
    with transaction.atomic():
        try:
            with transaction.atomic():
                snapshot.mark_stale([event.pk], closed_too=False, tables=[table.pk])
                raise RuntimeError("the change failed")
        except RuntimeError:
            pass
        assert not StandingsSnapshot.objects.get(event=event).stale
        snapshot.mark_stale([event.pk], closed_too=False, tables=[table.pk])
        assert StandingsSnapshot.objects.get(event=event).stale


def test_a_result_marks_the_snapshot_once():
    """A result saves two seats and the table: the snapshot header is locked and written
    by the first save, the two others find it marked in the same transaction."""
    director, _event, table = running_round(6)
    with CaptureQueriesContext(connection) as queries:
        play_table(director, table, [5, 20])
    writes = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("UPDATE") and "standingssnapshot" in q["sql"]
    ]
    assert len(writes) == 1, writes


def test_the_first_result_after_the_closed_rounds_keeps_their_standings_by_a_copy(monkeypatch):
    """000 Part VI §3 "after N rounds": the first result of a new round (no bye) needs the
    standings after the closed rounds stored beside the others; they are the rows stored
    until then, copied, not ranked again."""
    director, event = event_with_rounds(8, seed=5, rounds=2)
    event.planned_rounds = 3
    event.save()
    running = services.pair_next_round(director, event, seed=7)
    assert not running.tables.filter(is_bye=True).exists()
    snapshot.snapshot_state(event)
    assert StandingsSnapshot.objects.get(event=event).closed_stage_rounds is None
    play_table(director, running.tables.filter(is_bye=False).first(), [5, 20])

    def whole(*args, **kwargs):
        raise AssertionError("the event was ranked again")

    monkeypatch.setattr(snapshot, "event_standings", whole)
    state = snapshot.snapshot_state(event)
    monkeypatch.undo()
    assert state.closed_stage == 2
    assert_snapshot_matches(event)


# A director's result and the update in place after its commit, at a small event: the
# write, the mark, the stored rows read and written in place. Pinned so that a change
# adding round trips to this path (every result of every event takes it) is seen.
RESULT_QUERIES = {"sqlite": 34, "postgresql": 32}


def test_a_result_and_its_update_in_place_cost_a_pinned_number_of_queries(
    django_capture_on_commit_callbacks,
):
    director, event, table = running_round(10)
    seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    with (
        mock.patch.object(snapshot.rebuild_standings, "delay") as delay,
        CaptureQueriesContext(connection) as queries,
        django_capture_on_commit_callbacks(execute=True),
    ):
        services.director_set_result(director, table, dict(zip(seats, [5, 20], strict=True)))
    assert not StandingsSnapshot.objects.get(event=event).stale  # updated in place
    delay.assert_not_called()  # nothing left for the task
    assert stored(event) == recomputed(event)
    assert len(queries) <= RESULT_QUERIES[connection.vendor], len(queries)
