"""Issue 5 Safety under real concurrency: pairing twice at once creates one round; two
reports of one table at once leave one consistent result.

Runs on PostgreSQL (row locks are real there); SQLite serialises writers by locking the
whole file, so these threads would only test its busy timeout.
"""

from __future__ import annotations

import threading

import pytest
from django.conf import settings
from django.db import connection

from core.errors import ServiceError
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import ResultChange, Round, Table

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        "postgresql" not in settings.DATABASES["default"]["ENGINE"],
        reason="real row locks need PostgreSQL (set DATABASE_URL)",
    ),
]


def run_at_once(calls: list) -> list:
    """Start every call at the same moment; return each one's result or exception."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def worker(i: int, call) -> None:
        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_pairing_twice_at_once_creates_one_round():
    director = make_user()
    event = make_event(director)
    register_users(event, 8)
    results = run_at_once([lambda: services.pair_next_round(director, event) for _ in range(4)])
    rounds = [r for r in results if isinstance(r, Round)]
    refusals = [r for r in results if isinstance(r, ServiceError)]
    assert len(rounds) == 1 and len(refusals) == 3, results
    assert Round.objects.filter(event=event).count() == 1
    assert Table.objects.filter(round__event=event).count() == 4


def test_two_reports_of_one_table_at_once_stay_consistent():
    director = make_user()
    event = make_event(director)
    register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get()
    a, b = (s.registration for s in table.seats.order_by("position"))
    results = run_at_once(
        [
            lambda: services.report_result(user_of(a), table.pk, {a.pk: 20, b.pk: 5}),
            lambda: services.report_result(user_of(b), table.pk, {a.pk: 5, b.pk: 20}),
        ]
    )
    assert not any(isinstance(r, Exception) and not isinstance(r, ServiceError) for r in results)
    table.refresh_from_db()
    changes = list(ResultChange.objects.filter(table=table).order_by("pk"))
    # One report landed first, the other read it and disputed it: never two half-results.
    assert [c.action for c in changes] == ["report", "dispute"]
    assert table.status == Table.Status.DISPUTED and table.version == 2
    assert changes[-1].after == services.table_snapshot(table)


def test_matching_reports_at_once_confirm_once():
    director = make_user()
    event = make_event(director)
    register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get()
    a, b = (s.registration for s in table.seats.order_by("position"))
    body = {a.pk: 20, b.pk: 5}
    run_at_once(
        [
            lambda: services.report_result(user_of(a), table.pk, body),
            lambda: services.report_result(user_of(b), table.pk, body),
        ]
    )
    table.refresh_from_db()
    rnd.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED and rnd.status == Round.Status.CLOSED
    assert [c.action for c in table.changes.order_by("pk")] == ["report", "confirm"]
