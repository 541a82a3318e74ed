"""The pairing history (`player_records`) read as plain values equals the one read
seat by seat from model objects: points only from confirmed results (RULES.md, Swiss
pairing: players are paired by points, never twice against the same opponent, one bye)."""

from __future__ import annotations

from collections import defaultdict

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import (
    two_rounds_with_a_report_not_confirmed,
)
from tournaments import services
from tournaments.models import Seat, Table

pytestmark = pytest.mark.django_db


def _reference(event):
    score, met, byes = defaultdict(int), defaultdict(set), set()
    for seat in Seat.objects.filter(event=event).select_related("table"):
        confirmed = seat.table.status == Table.Status.CONFIRMED
        score[seat.registration_id] += seat.points or 0 if confirmed else 0
        if seat.is_bye:
            byes.add(seat.registration_id)
        for other in seat.table.seats.exclude(pk=seat.pk):
            met[seat.registration_id].add(str(other.registration_id))
    return {r: (score[r], met[r], r in byes) for r in score}


def test_records_equal_the_seat_by_seat_reading_in_two_queries():
    # One result reported but not confirmed: it must not count yet.
    event = two_rounds_with_a_report_not_confirmed()
    with CaptureQueriesContext(connection) as queries:
        records = services.player_records(event)
    assert len(queries) == 2
    got = {r: (rec.score, rec.opponents, rec.had_bye) for r, rec in records.items()}
    assert got == _reference(event)
    assert sum(rec.had_bye for rec in records.values()) == 2
