"""Safety under real concurrency: pairing twice at once creates one round; two
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
from tests.tournaments.helpers import make_event, make_user, play_table, register_users, user_of
from tests.tournaments.snapshot_check import assert_snapshot_matches
from tournaments import services
from tournaments.models import Registration, ResultChange, Round, Seat, StandingsSnapshot, Table
from tournaments.services.stage_plan import set_stages
from tournaments.services.standings.snapshot import snapshot_state

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


def test_two_players_adding_a_matchs_next_game_at_once_leave_one_record():
    """A best-of-three's games so far (RULES.md §8), both players adding game 2 at once:
    the table is locked, the second reads the first's game 2: the same game changes
    nothing more, another is refused at that game (only the director changes it)."""
    director = make_user()
    event = make_event(director, game="metw")
    set_stages(director, event, [{"kind": "swiss", "best_of": 3}])
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=1)
    for table, game2 in zip(rnd.tables.order_by("number"), ((3, 9), (10, 10)), strict=True):
        a, b = (s.registration for s in table.seats.order_by("position"))
        one = {"mps": {a.pk: 20, b.pk: 5}}
        version = services.report_result(user_of(a), table.pk, games=[one]).version
        mine = {"mps": {a.pk: 3, b.pk: 9}}
        theirs = {"mps": {a.pk: game2[0], b.pk: game2[1]}}
        results = run_at_once(
            [
                lambda a=a, one=one, mine=mine, t=table: services.report_result(
                    user_of(a), t.pk, games=[one, mine]
                ),
                lambda b=b, one=one, theirs=theirs, t=table: services.report_result(
                    user_of(b), t.pk, games=[one, theirs]
                ),
            ]
        )
        table.refresh_from_db()
        assert table.games.count() == 2 and table.status == Table.Status.PENDING
        assert table.changes.count() == 2 and table.version == version + 1
        if game2 == (3, 9):  # the same game 2: both calls end well, one record
            assert all(isinstance(r, Table) for r in results), results
        else:
            refused = [r for r in results if isinstance(r, ServiceError)]
            assert len(refused) == 1 and refused[0].code == "kept_game_changed", results


def test_pairing_raced_with_drops_and_check_ins_never_deadlocks():
    """No deadlock: pairing while players drop and check in. Every operation
    takes the event's lock first and locks only its own rows, so each call either
    succeeds or is refused with a clear error; none fails with "deadlock detected"."""
    director = make_user()
    for trial in range(5):
        event = make_event(director, name=f"Race {trial}")
        regs = [reg for _user, reg in register_users(event, 12)]
        calls = [lambda event=event: services.pair_next_round(director, event)]
        for reg in regs[:4]:
            calls.append(lambda reg=reg: services.drop(director, reg))
        for reg in regs[4:10]:
            calls.append(lambda reg=reg: services.check_in(director, reg))
        results = run_at_once(calls)
        assert not any(isinstance(r, Exception) for r in results), results
        rnd = Round.objects.get(event=event)
        seated = set(Seat.objects.filter(round=rnd).values_list("registration_id", flat=True))
        # A drop before the pairing kept the player out of round 1; one after it left him
        # seated in round 1 and out of later rounds: the rows say which came first.
        for reg in regs[:4]:
            reg.refresh_from_db()
            assert reg.dropped and (reg.pk in seated) == (reg.dropped_after_round == 1)
        assert all(
            r.checked_in for r in Registration.objects.filter(pk__in=[x.pk for x in regs[4:10]])
        )


def test_a_deadlock_is_retried_and_then_refused_as_busy(monkeypatch):
    """A transaction the database aborts for a deadlock is run again; when it keeps
    failing the caller gets a 409 ("busy"), never a server error."""
    from django.db import OperationalError

    from tournaments.services import base

    class Deadlock(Exception):
        sqlstate = "40P01"

    calls = []

    def flaky(fail_times: int):
        @base.retry_on_conflict
        def operation() -> str:
            calls.append(1)
            if len(calls) <= fail_times:
                try:
                    raise Deadlock()
                except Deadlock as cause:
                    raise OperationalError("deadlock detected") from cause
            return "done"

        return operation

    monkeypatch.setattr(base.time, "sleep", lambda _s: None)
    assert flaky(2)() == "done" and len(calls) == 3
    calls.clear()
    with pytest.raises(ServiceError) as exc:
        flaky(99)()
    assert exc.value.code == "busy" and len(calls) == base.RETRY_ATTEMPTS


def test_results_entered_at_once_leave_standings_equal_to_a_recomputation():
    """Results of the running round entered at the same moment (000 Part VI §3), each
    writer updating the stored standings right after its commit: the writers take the
    snapshot's lock one after another, and the standings end equal to the recomputation."""
    director = make_user()
    event = make_event(director, planned_rounds=3)
    register_users(event, 16)
    first = services.pair_next_round(director, event, seed=3)
    for table in first.tables.filter(is_bye=False):
        play_table(director, table, [20, 5])
    running = services.pair_next_round(director, event, seed=4)
    snapshot_state(event)
    tables = list(running.tables.filter(is_bye=False).order_by("number"))[:-1]  # stays open
    results = run_at_once([lambda t=t: play_table(director, t, [5, 20]) for t in tables])
    assert all(isinstance(r, Table) for r in results), results
    assert_snapshot_matches(event)
    assert not StandingsSnapshot.objects.get(event=event).stale
