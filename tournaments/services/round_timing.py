"""The round clock: starting it, and the timer the pages and the projector show."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict
from core.types import AnyUser
from tournaments.models import Round
from tournaments.permissions import require_director
from tournaments.services.base import lock_event, lock_round, retry_on_conflict


@retry_on_conflict
@transaction.atomic
def start_round_clock(user: AnyUser, rnd: Round) -> Round:
    """Start (or restart) the round timer: the round ends round_minutes later."""
    event = lock_event(rnd.event_id)
    require_director(user, event)
    rnd = lock_round(rnd)
    if rnd.status == Round.Status.CLOSED:
        raise Conflict(_("Round %(round)s is already closed.") % {"round": rnd.number})
    rnd.started_at = timezone.now()
    rnd.status = Round.Status.RUNNING
    rnd.save(update_fields=["started_at", "status"])
    audit.record(
        actor=user,
        obj=rnd,
        action="start_clock",
        event=event,
        after={"started_at": rnd.started_at.isoformat()},
    )
    return rnd


@dataclass(frozen=True)
class RoundTimer:
    round_number: int
    started_at: datetime | None
    ends_at: datetime | None
    break_ends_at: datetime | None
    round_minutes: int
    break_minutes: int
    remaining_seconds: int | None  # None before the clock starts
    closed: bool


def round_timer(rnd: Round, now: datetime | None = None) -> RoundTimer:
    event = rnd.event
    now = now or timezone.now()
    ends = breaks = remaining = None
    if rnd.started_at:
        ends = rnd.started_at + timedelta(minutes=event.round_minutes)
        breaks = ends + timedelta(minutes=event.break_minutes)
        remaining = max(0, int((ends - now).total_seconds()))
    return RoundTimer(
        rnd.number,
        rnd.started_at,
        ends,
        breaks,
        event.round_minutes,
        event.break_minutes,
        remaining,
        rnd.status == Round.Status.CLOSED,
    )
