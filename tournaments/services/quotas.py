"""One account's quotas, counted the same way on every path that adds events or
walk-ins: creating an event, restoring one from a file, importing one, bulk entry and
the door. Each check runs before the work, with counts read in one query, so a file of
40,000 walk-ins is refused at once instead of after a minute's work.

The numbers and the refusals are core.limits'; this module counts."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from audit.models import AuditEntry
from core import limits
from core.types import AnyUser, signed_in
from tournaments.models import Event, Player


def events_added_today(user: AnyUser) -> int:
    """Events the user created or brought in (restored, imported) in the last 24 hours.
    A restored event keeps the creation date of its file, so its import is what counts."""
    since = timezone.now() - timedelta(days=1)
    imported = AuditEntry.objects.filter(
        actor=signed_in(user), action="import", at__gte=since
    ).values("event_id")
    return (
        Event.objects.filter(organizer=signed_in(user))
        .filter(Q(created_at__gte=since) | Q(pk__in=imported))
        .count()
    )


def check_event_quota(user: AnyUser) -> None:
    limits.check_events_today(events_added_today(user))


def check_walk_ins_added(event: Event, adding: int) -> None:
    """Before ``adding`` players without an account join ``event``."""
    already = event.registrations.filter(player__user__isnull=True).count()
    limits.check_walk_ins(already, adding)


def document_walk_ins(rows: Sequence[Any]) -> int:
    """How many of an export's registrations come back without an account: every row
    but those naming one of this site's account holders (same id and name)."""
    named = {
        row.get("player_id"): row.get("player")
        for row in rows
        # An id no database could hold names nobody here (and must not reach the query).
        if isinstance(row, dict)
        and isinstance(row.get("player_id"), int)
        and 0 < row["player_id"] < 2**63
    }
    accounts = Player.objects.filter(pk__in=list(named), user__isnull=False).values_list(
        "pk", "display_name"
    )
    held = sum(1 for pk, name in accounts if named.get(pk) == name)
    return len(rows) - held


def check_document_walk_ins(document: Any) -> None:
    """Before an import or a restore: the file's walk-ins against the event's limit."""
    rows = document.get("registrations") if isinstance(document, dict) else None
    if isinstance(rows, list):
        limits.check_walk_ins(0, document_walk_ins(rows))
