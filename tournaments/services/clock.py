"""The round clock: starting it, pausing it, adding time, and the timer the pages and
the projector show.

The clock's state is kept where every change already goes, the audit trail: a round is
paused while its latest clock entry is a pause. Resuming or adding time moves the round's
start, so `round_timer` (and every page built on it) shows the new end.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict
from tournaments.models import Round
from tournaments.permissions import require_director
from tournaments.services.base import lock_event, lock_round, retry_on_conflict

PAUSE, RESUME, ADD_TIME, START = "pause_clock", "resume_clock", "add_time", "start_clock"
MAX_ADDED_MINUTES = 60


def paused_since(rnd: Round) -> datetime | None:
    """When the clock was paused, or None while it runs (or never started)."""
    latest = (
        audit.history(rnd)
        .filter(action__in=(PAUSE, RESUME, ADD_TIME, START))
        .order_by("-at", "-pk")
        .first()
    )
    return latest.at if latest is not None and latest.action == PAUSE else None


@dataclass(frozen=True)
class ClockState:
    round_number: int
    started: bool
    closed: bool
    paused: bool
    ends_at: datetime | None
    break_ends_at: datetime | None
    remaining_seconds: int | None
    round_minutes: int


def clock_state(rnd: Round, now: datetime | None = None) -> ClockState:
    """The round timer, frozen at the moment of a pause."""
    now = now or timezone.now()
    since = paused_since(rnd)
    timer = round_timer(rnd, now=since or now)
    return ClockState(
        round_number=rnd.number,
        started=timer.started_at is not None,
        closed=timer.closed,
        paused=since is not None,
        ends_at=timer.ends_at,
        break_ends_at=timer.break_ends_at,
        remaining_seconds=timer.remaining_seconds,
        round_minutes=timer.round_minutes,
    )


def _running_round(user: Any, rnd: Round) -> Round:
    # The lock order every write keeps (event, then round), so a clock change and a
    # pairing or a result never wait on each other in a circle.
    event = lock_event(rnd.event_id)
    require_director(user, event)
    rnd = lock_round(rnd)
    if rnd.status == Round.Status.CLOSED:
        raise Conflict(_("Round %(n)s is already closed.") % {"n": rnd.number})
    if rnd.started_at is None:
        raise Conflict(_("The clock of round %(n)s has not started.") % {"n": rnd.number})
    return rnd


@retry_on_conflict
@transaction.atomic
def pause_clock(user: Any, rnd: Round) -> Round:
    rnd = _running_round(user, rnd)
    if paused_since(rnd) is not None:
        raise Conflict(_("The clock is already paused."))
    audit.record(actor=user, obj=rnd, action=PAUSE, event=rnd.event)
    return rnd


def _shift(user: Any, rnd: Round, delta: timedelta, action: str) -> Round:
    before = rnd.started_at
    # _running_round refused a round whose clock has not started.
    assert before is not None
    started = before + delta
    rnd.started_at = started
    rnd.save(update_fields=["started_at"])
    audit.record(
        actor=user,
        obj=rnd,
        action=action,
        event=rnd.event,
        before={"started_at": before.isoformat()},
        after={"started_at": started.isoformat()},
    )
    return rnd


@retry_on_conflict
@transaction.atomic
def resume_clock(user: Any, rnd: Round) -> Round:
    rnd = _running_round(user, rnd)
    since = paused_since(rnd)
    if since is None:
        raise Conflict(_("The clock is not paused."))
    return _shift(user, rnd, timezone.now() - since, RESUME)


@retry_on_conflict
@transaction.atomic
def add_time(user: Any, rnd: Round, minutes: int) -> Round:
    if not 1 <= minutes <= MAX_ADDED_MINUTES:
        raise Conflict(
            _("Add between 1 and %(max)s minutes.") % {"max": MAX_ADDED_MINUTES}, "bad_minutes"
        )
    rnd = _running_round(user, rnd)
    if paused_since(rnd) is not None:
        raise Conflict(_("Resume the clock before adding time."))
    return _shift(user, rnd, timedelta(minutes=minutes), ADD_TIME)


@retry_on_conflict
@transaction.atomic
def start_round_clock(user: Any, rnd: Round) -> Round:
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
