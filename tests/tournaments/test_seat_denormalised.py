"""A seat's round and event repeat its table's round and that round's event. They are
not foreign keys in the database (tournaments.models.rounds.Seat: checking them for each
seat of a 100,000-player round took a second at commit), so every way of seating players
is checked here to keep them equal to the table's."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import F, Q

from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Round, Seat, Table
from tournaments.services.transfer.imports import import_event

pytestmark = pytest.mark.django_db


def mismatched_seats() -> list[int]:
    """Seats whose round is not their table's, or whose event is not that round's."""
    wrong = Q(~Q(round_id=F("table__round_id")) | ~Q(event_id=F("table__round__event_id")))
    return list(Seat.objects.filter(wrong).values_list("pk", flat=True))


def test_the_database_does_not_check_the_repeated_keys():
    # The point of the change: a seat writes two foreign-key checks fewer (PostgreSQL).
    if connection.vendor != "postgresql":
        pytest.skip("the constraint catalogue read here is PostgreSQL's")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT a.attname FROM pg_constraint c JOIN pg_attribute a "
            "ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey) "
            "WHERE c.contype = 'f' AND c.conrelid = %s::regclass",
            [Seat._meta.db_table],
        )
        keys = {name for (name,) in cursor.fetchall()}
    assert keys == {"table_id", "registration_id"}


def test_pairing_repairing_and_swapping_keep_the_seats_keys_equal_to_the_tables():
    director = make_user("td")
    event = make_event(director, planned_rounds=4)
    register_users(event, 9)  # odd: a bye table too
    first = services.pair_next_round(director, event, seed=1)
    play_round(director, first)
    second = services.pair_next_round(director, event, seed=2)
    second = services.repair_round(director, second, seed=3)
    a, b = (
        Seat.objects.filter(round=second, is_bye=False)
        .order_by("table__number", "position")
        .values_list("registration_id", flat=True)[1:3]
    )
    services.swap_players(director, second, a, b)
    other = make_event(director, planned_rounds=2)  # a second event's seats beside them
    register_users(other, 4)
    services.pair_next_round(director, other, seed=4)
    assert Seat.objects.filter(round=second).count() == 9
    assert mismatched_seats() == []


def test_pods_keep_the_seats_keys_equal_to_the_tables():
    director = make_user("td")
    event = make_event(director, game="lotr-dice", planned_rounds=2)
    register_users(event, 11)
    services.pair_next_round(director, event, seed=7)
    assert Seat.objects.filter(event=event).count() == 11
    assert mismatched_seats() == []


def test_an_imported_event_keeps_the_seats_keys_equal_to_the_tables():
    director = make_user("td")
    event = make_event(director, planned_rounds=2)
    register_users(event, 5)
    play_round(director, services.pair_next_round(director, event, seed=8))
    imported = import_event(services.export_event(event), slug="copied", replay_ratings=False)
    assert Seat.objects.filter(event=imported).count() == 5
    assert mismatched_seats() == []


def test_deleting_a_round_still_deletes_its_seats():
    director = make_user("td")
    event = make_event(director, planned_rounds=3)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=9)
    Round.objects.filter(pk=rnd.pk).delete()
    assert not Seat.objects.filter(event=event).exists()
    assert not Table.objects.filter(round_id=rnd.pk).exists()


def test_the_check_finds_a_seat_whose_keys_differ_from_its_tables():
    director = make_user("td")
    event = make_event(director, planned_rounds=3)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=11)
    other = make_event(director, planned_rounds=3)
    seat = Seat.objects.filter(round=rnd).first()
    assert seat is not None
    Seat.objects.filter(pk=seat.pk).update(event_id=other.pk)
    assert mismatched_seats() == [seat.pk]
