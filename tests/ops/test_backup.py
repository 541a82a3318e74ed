"""Backup and restore that loses nothing: manage.py backup, then restore
into an emptied database, gives every standing and every rating number for number."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from audit.models import AuditEntry
from ratings.models import PlayerRating, RatingEntry
from tests.reliability.test_export_import import (
    build_finished_event,
    ratings_snapshot,
    standings_snapshot,
)
from tournaments.models import Event, Player, Seat


def _counts() -> dict[str, int]:
    models = (get_user_model(), Event, Player, Seat, RatingEntry, PlayerRating, AuditEntry)
    return {m.__name__: m.objects.count() for m in models}


@pytest.mark.django_db(transaction=True)
def test_backup_then_restore_reproduces_every_number(tmp_path: Path) -> None:
    event = build_finished_event()
    standings = standings_snapshot(event)
    ratings = ratings_snapshot("lore")
    counts = _counts()
    assert ratings["ledger"], "the event must have moved ratings for the test to mean anything"

    path = tmp_path / "site.json.gz"
    call_command("backup", str(path))
    call_command("flush", interactive=False, verbosity=0)
    assert not Event.objects.exists()

    call_command("restore", str(path))
    restored = Event.objects.get(slug=event.slug)
    assert standings_snapshot(restored) == standings
    assert ratings_snapshot("lore") == ratings
    assert _counts() == counts

    # Restoring again over the restored site counts nothing twice into the league.
    call_command("restore", str(path), "--replace")
    assert ratings_snapshot("lore") == ratings
    assert _counts() == counts
    # Players keep their accounts (same rows, same ids), not copies of them.
    assert (
        get_user_model().objects.get(username="aragorn").pk
        == restored.registrations.get(player__display_name="Aragorn").player.user_id
    )


@pytest.mark.django_db
def test_a_restore_never_mixes_into_a_site_in_use(tmp_path: Path) -> None:
    build_finished_event()
    path = tmp_path / "site.json"
    call_command("backup", str(path))
    with pytest.raises(CommandError, match="--replace"):
        call_command("restore", str(path))
    with pytest.raises(CommandError, match="No backup file"):
        call_command("restore", str(tmp_path / "missing.json"), "--replace")
