"""Quotas on every path: restoring an event from a file, importing one, bulk entry and
the door count against the same limits, checked before any work (as measured once: one
account restored 12 events in a day with a limit of 10, and a 40,000-walk-in file held
a worker for 98 s before being refused at the end)."""

from __future__ import annotations

import time

import pytest

from core import limits
from tests.tournaments.helpers import make_event, make_user
from tournaments import services
from tournaments.models import Event, Player, Registration
from tournaments.services import quotas
from tournaments.services.transfer.imports import import_event, restore_event

pytestmark = pytest.mark.django_db


def _small_export(director) -> dict:
    event = make_event(director)
    for i in range(3):
        services.add_walkin(director, event, display_name=f"Door {i}")
    document = services.export_event(event)
    # Without the event's uid (an older export), so that each restore is a new event.
    del document["event"]["uid"]
    return document


def _walk_in_file(count: int) -> dict:
    """An export-shaped file of ``count`` walk-ins and nothing else."""
    return {
        "event": {"name": "Flood", "slug": "flood", "game": "lore", "status": "open"},
        "registrations": [{"id": i, "player": f"Walk-in {i}"} for i in range(1, count + 1)],
        "rounds": [],
        "penalties": [],
        "standings": [],
    }


def test_restoring_counts_against_the_daily_event_quota(settings) -> None:
    settings.LIMITS = {"events_per_user_per_day": 3}
    director = make_user("restorer")
    document = _small_export(director)  # his first event today
    restore_event(director, document)
    restore_event(director, document)
    with pytest.raises(limits.LimitExceeded):
        restore_event(director, document)
    with pytest.raises(limits.LimitExceeded):
        services.create_event(director, name="One more", game="lore")
    assert Event.objects.filter(organizer=director).count() == 3


def test_a_restored_event_counts_even_with_the_old_date_of_its_file(settings) -> None:
    settings.LIMITS = {"events_per_user_per_day": 2}
    director = make_user("archivist")
    document = _small_export(director)
    document["event"]["created_at"] = "2020-01-01T10:00:00+00:00"
    restore_event(director, document)
    assert quotas.events_added_today(director) == 2
    with pytest.raises(limits.LimitExceeded):
        restore_event(director, document)


def test_a_file_of_40000_walk_ins_is_refused_at_once() -> None:
    director = make_user("flooder")
    players_before = Player.objects.count()
    started = time.monotonic()
    with pytest.raises(limits.LimitExceeded) as refused:
        restore_event(director, _walk_in_file(40_000))
    assert time.monotonic() - started < 5  # was 98 s of work before the refusal
    assert refused.value.problems[0]["value"] == 40_000
    assert Player.objects.count() == players_before
    with pytest.raises(limits.LimitExceeded):
        import_event(_walk_in_file(40_000), organizer=director)


def test_account_holders_in_a_file_are_not_walk_ins(settings) -> None:
    settings.LIMITS = {"walk_ins_per_event": 1}
    holder = make_user("holder")  # has an account and a player
    rows = [
        {"id": 1, "player": holder.player.display_name, "player_id": holder.player.pk},
        {"id": 2, "player": "Someone at the door"},
    ]
    assert quotas.document_walk_ins(rows) == 1
    # The same id under another name is not him: a walk-in.
    assert quotas.document_walk_ins([{**rows[0], "player": "Impostor"}, rows[1]]) == 2


def test_bulk_entry_and_the_door_share_the_walk_in_limit(settings) -> None:
    settings.LIMITS = {"walk_ins_per_event": 4}
    director = make_user("venue")
    event = make_event(director)
    services.add_walkin(director, event, display_name="Early Bird")
    with pytest.raises(limits.LimitExceeded):
        services.register_player_list(director, event, "Ann\nBen\nCid\nDot\n")
    assert Registration.objects.filter(event=event).count() == 1  # nothing half-added
    services.register_player_list(director, event, "Ann\nBen\nCid\n")
    with pytest.raises(limits.LimitExceeded):
        services.add_walkin(director, event, display_name="Late")
    assert Registration.objects.filter(event=event).count() == 4
