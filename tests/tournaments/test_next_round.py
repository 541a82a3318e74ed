"""Pairing the next round through the services: refusals, byes, re-pairing, the timer."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.errors import Conflict, NotAllowed, ServiceError
from tests.tournaments.helpers import make_event, make_user, play_round, register_users, user_of
from tournaments import services
from tournaments.models import Event, Round, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def five():
    director = make_user()
    event = make_event(director)
    register_users(event, 5)
    return director, event


def test_only_director_pairs(five):
    _director, event = five
    with pytest.raises(NotAllowed):
        services.pair_next_round(make_user(), event)


def test_round_one_starts_event_and_gives_a_bye(five):
    """000 Part VI §3: with an odd count one player gets a bye: 6 points in round 1."""
    director, event = five
    rnd = services.pair_next_round(director, event, seed=5)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    assert rnd.number == 1 and rnd.seed == 5 and rnd.explanation
    bye = rnd.tables.get(is_bye=True)
    assert bye.status == Table.Status.CONFIRMED
    seat = bye.seats.get()
    assert seat.is_bye and seat.points == 6 and seat.outcome == "win"
    assert rnd.tables.filter(is_bye=False).count() == 2


def test_next_round_refused_while_a_table_is_unconfirmed(five):
    """the next round can't be paired before every table has a confirmed result."""
    director, event = five
    rnd = services.pair_next_round(director, event, seed=5)
    tables = list(rnd.tables.filter(is_bye=False))
    play_round_partial = tables[0]
    a, b = [s.registration for s in play_round_partial.seats.order_by("position")]
    services.report_result(user_of(a), play_round_partial, {a.pk: 20, b.pk: 1})
    with pytest.raises(Conflict) as exc:
        services.pair_next_round(director, event)
    assert "Round 1 is still open" in exc.value.message
    services.confirm_result(user_of(b), play_round_partial)
    with pytest.raises(Conflict):
        services.pair_next_round(director, event)
    play_round(director, rnd)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED
    assert services.pair_next_round(director, event).number == 2


def test_byes_follow_the_rules_and_no_rematch(five):
    """000 Part VI §3: byes 6/5/4 by round, nobody gets two, never the same two players twice."""
    director, event = five
    met: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        rnd = services.pair_next_round(director, event, seed=number)
        for table in rnd.tables.filter(is_bye=False):
            pair = frozenset(table.seats.values_list("registration_id", flat=True))
            assert pair not in met
            met.add(pair)
        bye = Seat.objects.get(round=rnd, is_bye=True)
        assert bye.points == {1: 6, 2: 5, 3: 4}[number]
        play_round(director, rnd)
    byes = list(
        Seat.objects.filter(event=event, is_bye=True).values_list("registration_id", flat=True)
    )
    assert len(byes) == len(set(byes)) == 3
    with pytest.raises(Conflict) as exc:
        services.pair_next_round(director, event)
    assert "All 3 rounds" in exc.value.message


def test_repair_only_without_results(five):
    """a round can be re-paired only while it has no result."""
    director, event = five
    rnd = services.pair_next_round(director, event, seed=5)
    again = services.repair_round(director, rnd, seed=99)
    assert again.seed == 99 and again.tables.filter(is_bye=True).count() == 1
    assert Seat.objects.filter(round=rnd).count() == 5
    table = rnd.tables.filter(is_bye=False).first()
    a, b = [s.registration for s in table.seats.order_by("position")]
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 1})
    with pytest.raises(Conflict) as exc:
        services.repair_round(director, rnd)
    assert "already has a result" in exc.value.message


def test_repair_refused_after_a_result_was_withdrawn_is_still_history(five):
    director, event = five
    rnd = services.pair_next_round(director, event, seed=5)
    play_round(director, rnd)
    with pytest.raises(Conflict):
        services.repair_round(director, rnd)


def test_too_few_players():
    director = make_user()
    event = make_event(director)
    register_users(event, 1)
    with pytest.raises(ServiceError) as exc:
        services.pair_next_round(director, event)
    assert "at least 2 players" in exc.value.message


def test_multiplayer_pods():
    """000 Part VI §3 Multi-player: groups of 3–5, as many 4s as possible."""
    director = make_user()
    event = make_event(director, multiplayer=True)
    register_users(event, 13)
    rnd = services.pair_next_round(director, event, seed=2)
    sizes = sorted(t.seats.count() for t in rnd.tables.all())
    assert sizes == [4, 4, 5]
    table = rnd.tables.first()
    regs = [s.registration for s in table.seats.order_by("position")]
    mps = {r.pk: 10 + i for i, r in enumerate(regs)}
    services.report_result(user_of(regs[0]), table, mps)
    services.confirm_result(user_of(regs[1]), table)
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED


def test_round_clock(five):
    """000 Part VI §3: each round runs one hour with fifteen-minute breaks."""
    director, event = five
    rnd = services.pair_next_round(director, event, seed=5)
    timer = services.round_timer(rnd)
    assert timer.started_at is None and timer.remaining_seconds is None
    with pytest.raises(NotAllowed):
        services.start_round_clock(make_user(), rnd)
    rnd = services.start_round_clock(director, rnd)
    timer = services.round_timer(rnd, now=rnd.started_at + timedelta(minutes=10))
    assert timer.ends_at == rnd.started_at + timedelta(minutes=60)
    assert timer.break_ends_at == rnd.started_at + timedelta(minutes=75)
    assert timer.remaining_seconds == 50 * 60


def test_finish_event(five):
    director, event = five
    rnd = services.pair_next_round(director, event, seed=5)
    with pytest.raises(Conflict):
        services.finish_event(director, event)
    play_round(director, rnd)
    with pytest.raises(Conflict) as exc:
        services.finish_event(director, event)
    assert "1 of 3" in exc.value.message
    services.finish_event(director, event, early=True)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.finished_at
    with pytest.raises(Conflict):
        services.pair_next_round(director, event)


def test_event_settings_locked_after_round_one(five):
    director, event = five
    services.pair_next_round(director, event, seed=5)
    with pytest.raises(Conflict):
        services.update_event(director, event, game="metw")
    services.update_event(director, event, description="Bring sleeves")


def test_multiplayer_event_runs_to_the_end():
    """000 Part VI §3 Multi-player: half the rounds (rounded up); the same four players never
    play together twice; pods of 3–5."""
    director = make_user()
    event = make_event(director, multiplayer=True)
    register_users(event, 14)
    assert services.rounds_total(event) == 2  # 9–16 players: 4 rounds, halved
    fours: set[frozenset[int]] = set()
    for number in (1, 2):
        rnd = services.pair_next_round(director, event, seed=number)
        for table in rnd.tables.all():
            ids = frozenset(table.seats.values_list("registration_id", flat=True))
            assert 3 <= len(ids) <= 5
            if len(ids) == 4:
                assert ids not in fours
                fours.add(ids)
            seats = list(table.seats.order_by("position"))
            services.director_set_result(
                director, table, {s.registration_id: 5 + i for i, s in enumerate(seats)}
            )
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.CLOSED
    with pytest.raises(Conflict):
        services.pair_next_round(director, event)
