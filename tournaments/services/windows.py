"""Round windows of online events (RULES.md §8): set a round's opening and deadline in
the event's named zone; remind players whose table has no result 48 h and 12 h before
the deadline; at the deadline apply the window's rule (audited): by default a double loss
for every table without a result, which the director reverses by entering a result
(tournaments.services.results.flow.director_set_result corrects it). The beat task
``round_deadlines`` runs both steps; both are idempotent, so a task run twice, or late,
sends nothing twice."""

from __future__ import annotations

from datetime import datetime, timedelta

from celery import shared_task
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import ServiceError
from core.jobs import ResilientTask
from core.types import AnyUser
from rules_engine.types import DOUBLE_LOSS
from tournaments import signals
from tournaments.models import DeadlineReminder, ResultChange, Round, RoundWindow, Table
from tournaments.permissions import Capability, require
from tournaments.rules.windows import REMINDER_HOURS, reminders_due, window_problem
from tournaments.services.base import lock_event, retry_on_conflict
from tournaments.services.results.input import (
    ReportedResult,
    score_result,
    table_snapshot,
    write_result,
)
from tournaments.services.rounds import maybe_close_round

PROBLEM_WORDS = {
    "deadline_before_opening": lambda: _("The deadline must come after the opening."),
    "window_too_long": lambda: _("A window lasts at most 60 days."),
}


@retry_on_conflict
@transaction.atomic
def set_round_window(
    user: AnyUser,
    rnd: Round,
    opens_at: datetime,
    deadline: datetime,
    deadline_rule: str = RoundWindow.DeadlineRule.DOUBLE_LOSS,
) -> RoundWindow:
    """Open ``rnd`` as a window; the times are instants (the faces read them in the
    event's zone, tournaments.rules.windows.in_zone)."""
    event = lock_event(rnd.event_id)
    require(user, event, Capability.RUN_EVENT)
    problem = window_problem(opens_at, deadline)
    if problem is not None:
        raise ServiceError(PROBLEM_WORDS[problem](), code=problem)
    if deadline_rule not in RoundWindow.DeadlineRule.values:
        raise ServiceError(_("Choose what happens at the deadline."), code="deadline_rule")
    if rnd.status == Round.Status.CLOSED:
        raise ServiceError(_("This round is closed."), code="round_closed")
    window, _created = RoundWindow.objects.get_or_create(
        round=rnd, defaults={"opens_at": opens_at, "deadline": deadline}
    )
    before = {"opens_at": window.opens_at.isoformat(), "deadline": window.deadline.isoformat()}
    window.opens_at, window.deadline, window.deadline_rule = opens_at, deadline, deadline_rule
    # A deadline moved later is a new deadline: it is applied again when it comes.
    if window.deadline_applied_at and deadline > timezone.now():
        window.deadline_applied_at, window.overdue_tables = None, []
    window.save()
    audit.record(
        actor=user,
        obj=rnd,
        action="round_window",
        before=None if _created else before,
        after={
            "opens_at": opens_at.isoformat(),
            "deadline": deadline.isoformat(),
            "deadline_rule": deadline_rule,
        },
        event=event,
        note=f"round {rnd.number}",
    )
    return window


def _pending_seats(window: RoundWindow) -> list[tuple[int, int]]:
    """(table id, registration id) of every player whose table has no result."""
    return list(
        Table.objects.filter(round=window.round_id, status=Table.Status.PENDING, is_bye=False)
        .values_list("pk", "seats__registration_id")
        .order_by("number", "seats__position")
    )


@transaction.atomic
def send_reminders(now: datetime) -> int:
    """Record the reminders due now and announce each one to be mailed (an audit entry
    the notifications app turns into a mail). Returns how many are mailed."""
    horizon = now + timedelta(hours=max(REMINDER_HOURS))
    mailed = 0
    windows = RoundWindow.objects.filter(
        deadline__gt=now, deadline__lte=horizon, opens_at__lte=now
    ).select_related("round__event")
    for window in windows:
        sent: dict[tuple[int, int], set[str]] = {}
        for t, r, kind in DeadlineReminder.objects.filter(table__round=window.round_id).values_list(
            "table_id", "registration_id", "kind"
        ):
            sent.setdefault((t, r), set()).add(kind)
        for table_id, reg_id in _pending_seats(window):
            due = reminders_due(window.deadline, now, sent.get((table_id, reg_id), set()))
            for kind in due:
                reminder, created = DeadlineReminder.objects.get_or_create(
                    table_id=table_id,
                    registration_id=reg_id,
                    kind=kind,
                    defaults={"mailed": kind == due[-1], "created_at": now},
                )
                if created and reminder.mailed:
                    mailed += 1
                    audit.record(
                        actor=None,
                        obj=reminder,
                        action="deadline_reminder",
                        after={"kind": kind, "deadline": window.deadline.isoformat()},
                        event=window.round.event,
                        note=f"round {window.round.number}",
                    )
    return mailed


@retry_on_conflict
@transaction.atomic
def _apply_deadline(window_id: int, now: datetime) -> bool:
    window = RoundWindow.objects.select_related("round").get(pk=window_id)
    event = lock_event(window.round.event_id)
    window = RoundWindow.objects.select_for_update(of=("self",)).get(pk=window_id)
    if window.deadline_applied_at is not None or window.deadline > now:
        return False
    overdue = list(
        Table.objects.filter(round=window.round_id, status=Table.Status.PENDING, is_bye=False)
        .order_by("number")
        .values_list("number", flat=True)
    )
    window.deadline_applied_at, window.overdue_tables = now, overdue
    window.save(update_fields=["deadline_applied_at", "overdue_tables"])
    audit.record(
        actor=None,
        obj=window.round,
        action="round_deadline",
        after={"deadline_rule": window.deadline_rule, "tables_without_result": overdue},
        event=event,
        note=f"round {window.round.number}",
    )
    if window.deadline_rule == RoundWindow.DeadlineRule.DOUBLE_LOSS and overdue:
        for table in Table.objects.select_for_update().filter(
            round=window.round_id, number__in=overdue
        ):
            _give_double_loss(table, now)
        maybe_close_round(window.round)
    return True


def _give_double_loss(table: Table, now: datetime) -> None:
    """RULES.md §8: the table's players both lose (rules_engine.double_loss), confirmed at
    once as a director's ruling; the director corrects it by entering the result."""
    seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    reported = ReportedResult(mps=dict.fromkeys(seats), outcome=DOUBLE_LOSS)
    score = score_result(table, reported)
    before = table_snapshot(table)
    write_result(table, reported, score)
    table.status = Table.Status.CONFIRMED  # as any result the director enters
    table.reported_at = table.confirmed_at = now
    table.counter_report = None
    table.version += 1
    table.save()
    after = table_snapshot(table)
    ResultChange.objects.create(
        table=table, action=ResultChange.Action.DEADLINE, at=now, before=before, after=after
    )
    audit.record(
        actor=None,
        obj=table,
        action="result_deadline",
        before=before,
        after=after,
        event=table.round.event,
        note=f"round {table.round.number} table {table.number}",
    )
    signals.result_confirmed.send(sender=Table, table=table, by_director=True)


def apply_deadlines(now: datetime) -> int:
    """Apply the rule of every window whose deadline has passed; how many were applied."""
    ids = RoundWindow.objects.filter(
        deadline__lte=now, deadline_applied_at__isnull=True
    ).values_list("pk", flat=True)
    return sum(_apply_deadline(pk, now) for pk in list(ids))


def run_round_deadlines(now: datetime | None = None) -> dict[str, int]:
    now = now or timezone.now()
    return {"reminders": send_reminders(now), "deadlines": apply_deadlines(now)}


def deadline_blocker_applies(table: Table, now: datetime | None = None) -> bool:
    """Whether the players may no longer report this table: its window's deadline passed
    and the rule is that the director enters the result or gives a double loss."""
    window = RoundWindow.objects.filter(round=table.round_id).first()
    return (
        window is not None
        and window.deadline_rule != RoundWindow.DeadlineRule.DIRECTOR_DECIDES
        and (now or timezone.now()) >= window.deadline
    )


@shared_task(base=ResilientTask, ignore_result=True, name="tournaments.tasks.round_deadlines")
def round_deadlines() -> dict[str, int]:
    """Every few minutes from beat: the reminders due and the deadlines passed."""
    return run_round_deadlines()


def double_losses(event_id: int, limit: int = 50) -> list[dict[str, object]]:
    """The tables given a double loss (RULES.md §8), latest round first, for the standings'
    note: round, table and the players who both lost. Bounded: a page lists ``limit``."""
    tables = (
        Table.objects.filter(round__event=event_id, outcome=DOUBLE_LOSS, status="confirmed")
        .select_related("round")
        .prefetch_related("seats__registration__player")
        .order_by("-round__number", "number")[:limit]
    )
    return [
        {
            "round": t.round.number,
            "table": t.number,
            "players": [s.registration.player.display_name for s in t.seats.all()],
        }
        for t in tables
    ]
