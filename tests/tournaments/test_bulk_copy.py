"""Rows written in bulk (services.bulk.copy_rows: COPY on PostgreSQL, bulk_create
elsewhere) read back exactly as written, whatever the text holds."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments.models import StandingsSnapshotRow
from tournaments.services.bulk import copy_rows

pytestmark = pytest.mark.django_db

AWKWARD = ["tab\there", "back\\slash \\N", "new\nline\r", 'Éowyn\'s "quote" ∞', "", "\\."]


def test_copied_rows_read_back_as_written():
    event = make_event(make_user())
    regs = [reg for _user, reg in register_users(event, len(AWKWARD))]
    n = len(regs)
    items = [[{"code": "tied", "players": [name], "value": 0.5}] for name in AWKWARD]
    written = copy_rows(
        StandingsSnapshotRow,
        {
            "event_id": [event.pk] * n,
            "registration_id": [r.pk for r in regs],
            "position": list(range(1, n + 1)),
            "rank": [1] * n,
            "name": AWKWARD,
            "points": [-3, 0, 7, 10**6, 1, 2],
            "wins": [0] * n,
            "losses": [0] * n,
            "draws": [0] * n,
            "byes": [0] * n,
            "games": [0] * n,
            "opponents_points": [0] * n,
            "tiebreaks": [{"head_to_head": i, "x": None} for i in range(n)],
            "explanation_items": items,
        },
    )
    assert written == n
    rows = StandingsSnapshotRow.objects.filter(event=event).order_by("position")
    assert [r.name for r in rows] == AWKWARD
    assert [r.explanation_items for r in rows] == items
    assert [r.tiebreaks["head_to_head"] for r in rows] == list(range(n))
    assert [r.explanation_names for r in rows] == [{}] * n  # the model's default
    assert [r.stage for r in rows] == [StandingsSnapshotRow.ALL] * n


def test_nothing_to_copy_writes_nothing():
    assert copy_rows(StandingsSnapshotRow, {"name": []}) == 0
