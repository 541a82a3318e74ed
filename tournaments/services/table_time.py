"""Extra time for one table (a judge call, a long ruling): the table plays on for a few
more minutes after the round's clock ends. Kept, like the round clock, in the audit
trail every change already goes to: a table's extra time is the sum of its entries."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from audit.models import AuditEntry
from core.errors import Conflict
from core.types import AnyUser
from tournaments import signals
from tournaments.models import Event, Round, Table
from tournaments.permissions import require_director
from tournaments.services.base import lock_table, retry_on_conflict
from tournaments.services.clock import MAX_ADDED_MINUTES

TABLE_TIME = "table_extra_time"


def extra_minutes(tables: Iterable[Table]) -> dict[int, int]:
    """Per table id, the minutes it was given (tables without extra time are left out)."""
    ids = [str(t.pk) for t in tables]
    if not ids:
        return {}
    out: dict[int, int] = {}
    entries = AuditEntry.objects.filter(
        object_type=Table._meta.label_lower, object_id__in=ids, action=TABLE_TIME
    ).values_list("object_id", "after")
    for object_id, after in entries:
        minutes = int((after or {}).get("minutes", 0))
        out[int(object_id)] = out.get(int(object_id), 0) + minutes
    return out


def table_time_changes(event: Event) -> int:
    """How many times the event's tables were given time (a version for the live pages)."""
    return AuditEntry.objects.filter(event=event, action=TABLE_TIME).count()


def seconds_until(moment: datetime | None) -> int | None:
    if moment is None:
        return None
    return max(0, int((moment - timezone.now()).total_seconds()))


def table_ends_at(round_ends_at: datetime | None, minutes: int) -> datetime | None:
    return round_ends_at + timedelta(minutes=minutes) if round_ends_at and minutes else None


@retry_on_conflict
@transaction.atomic
def give_table_time(user: AnyUser, table: Table | int, minutes: int) -> Table:
    """Give one table of the running round extra minutes (audited, with who gave them)."""
    table = lock_table(table)
    rnd = table.round
    require_director(user, rnd.event)
    if not 1 <= minutes <= MAX_ADDED_MINUTES:
        raise Conflict(
            _("Give between 1 and %(max)s minutes.") % {"max": MAX_ADDED_MINUTES}, "bad_minutes"
        )
    if table.is_bye:
        raise Conflict(_("A bye is not played: it takes no time."), "bye")
    if rnd.status == Round.Status.CLOSED:
        raise Conflict(
            _("Round %(n)s is over: its tables take no more time.") % {"n": rnd.number},
            "round_closed",
        )
    audit.record(
        actor=user,
        obj=table,
        action=TABLE_TIME,
        event=rnd.event,
        after={"table": table.number, "round": rnd.number, "minutes": minutes},
    )
    # The pairings page shows it: visitors' stored pages are old now.
    signals.announce_pages_changed([rnd.event.slug])
    return table
