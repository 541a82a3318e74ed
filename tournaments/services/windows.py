"""Round windows of online events (RULES.md §8): set a round's opening and deadline in
the event's named zone; remind players whose table has no result 48 h and 12 h before
the deadline; at the deadline apply the window's rule (audited): by default a double loss
for every table without a result, which the director reverses by entering a result
(tournaments.services.results.flow.director_set_result corrects it), and a report nobody
disputed confirmed; a deadline moved later takes its double losses back. The beat task
``round_deadlines`` runs both steps; both are idempotent, so a task run twice, or late,
sends nothing twice."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

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
from tournaments.rules.windows import (
    CONFIRM_REPORT,
    GIVE_DOUBLE_LOSS,
    REMINDER_HOURS,
    deadline_moved_later,
    deadline_step,
    losses_to_undo,
    reminders_due,
    window_problem,
)
from tournaments.services.base import lock_event, retry_on_conflict
from tournaments.services.results.flow import void_result
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


@dataclass(frozen=True)
class WindowSaved:
    """A window set, and the tables whose deadline double loss a later deadline took back."""

    window: RoundWindow
    losses_undone: list[int] = field(default_factory=list)


def set_round_window(
    user: AnyUser,
    rnd: Round,
    opens_at: datetime,
    deadline: datetime,
    deadline_rule: str = RoundWindow.DeadlineRule.DOUBLE_LOSS,
) -> RoundWindow:
    """Open ``rnd`` as a window (set_window without the words for the director)."""
    return set_window(user, rnd, opens_at, deadline, deadline_rule).window


@retry_on_conflict
@transaction.atomic
def set_window(
    user: AnyUser,
    rnd: Round,
    opens_at: datetime,
    deadline: datetime,
    deadline_rule: str = RoundWindow.DeadlineRule.DOUBLE_LOSS,
) -> WindowSaved:
    """Open ``rnd`` as a window; the times are instants (the faces read them in the
    event's zone, tournaments.rules.windows.in_zone). A deadline already applied and moved
    later is a new deadline: the double losses the old one gave, and nobody replaced since,
    are taken back (audited) and the rule applies again when the new deadline comes."""
    event = lock_event(rnd.event_id)
    require(user, event, Capability.RUN_EVENT)
    rnd = Round.objects.get(pk=rnd.pk)  # its status as the event's lock found it
    problem = window_problem(opens_at, deadline)
    if problem is not None:
        raise ServiceError(PROBLEM_WORDS[problem](), code=problem)
    if deadline_rule not in RoundWindow.DeadlineRule.values:
        raise ServiceError(_("Choose what happens at the deadline."), code="deadline_rule")
    window, _created = RoundWindow.objects.get_or_create(
        round=rnd, defaults={"opens_at": opens_at, "deadline": deadline}
    )
    later = deadline_moved_later(window.deadline_applied_at is not None, deadline, timezone.now())
    undo = deadline_losses(rnd) if later else []
    # A round the deadline closed reopens when its double losses are taken back.
    if rnd.status == Round.Status.CLOSED and not undo:
        raise ServiceError(_("This round is closed."), code="round_closed")
    before = {"opens_at": window.opens_at.isoformat(), "deadline": window.deadline.isoformat()}
    window.opens_at, window.deadline, window.deadline_rule = opens_at, deadline, deadline_rule
    if later:
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
    return WindowSaved(window, undo_deadline_losses(user, rnd, undo))


def deadline_losses(rnd: Round) -> list[Table]:
    """The round's tables whose result is still the double loss its deadline gave."""
    tables = {
        t.pk: t
        for t in Table.objects.filter(round=rnd, outcome=DOUBLE_LOSS, status=Table.Status.CONFIRMED)
    }
    history: dict[int, list[str]] = {pk: [] for pk in tables}
    for table_id, kind in ResultChange.objects.filter(table__in=list(tables)).values_list(
        "table_id", "action"
    ):
        history[table_id].append(kind)
    return [tables[pk] for pk in losses_to_undo(history)]


def undo_deadline_losses(user: AnyUser, rnd: Round, tables: list[Table]) -> list[int]:
    """Take the deadline's double losses back (each through the director's own void, so
    audited and the round reopened); the numbers of the tables that wait again."""
    numbers = sorted(t.number for t in tables)
    for table in sorted(tables, key=lambda t: t.number):
        void_result(user, table)
    if numbers:
        audit.record(
            actor=user,
            obj=rnd,
            action="deadline_losses_undone",
            after={"tables_undone": numbers},
            event=rnd.event,
            note=f"round {rnd.number}",
        )
    return numbers


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
    tables = list(
        Table.objects.select_for_update()
        .filter(round=window.round_id, is_bye=False)
        .exclude(status=Table.Status.CONFIRMED)
        .order_by("number")
    )
    overdue = [t.number for t in tables if t.status == Table.Status.PENDING]
    window.deadline_applied_at, window.overdue_tables = now, overdue
    window.save(update_fields=["deadline_applied_at", "overdue_tables"])
    steps = {t.number: deadline_step(window.deadline_rule, t.status) for t in tables}
    audit.record(
        actor=None,
        obj=window.round,
        action="round_deadline",
        after={
            "deadline_rule": window.deadline_rule,
            "tables_without_result": overdue,
            "reports_confirmed": [n for n, s in steps.items() if s == CONFIRM_REPORT],
            "disputed_tables": [t.number for t in tables if t.status == Table.Status.DISPUTED],
        },
        event=event,
        note=f"round {window.round.number}",
    )
    for table in tables:
        if steps[table.number] == GIVE_DOUBLE_LOSS:
            _give_double_loss(table, now)
        elif steps[table.number] == CONFIRM_REPORT:
            _confirm_report(table, now)
    maybe_close_round(window.round)
    return True


def _confirm_report(table: Table, now: datetime) -> None:
    """RULES.md §8 (Reading, docs/online-events.md): a report nobody disputed by the
    deadline stands; the deadline confirms it, as the other player would have."""
    before = table_snapshot(table)
    table.status = Table.Status.CONFIRMED
    table.confirmed_by, table.confirmed_at = None, now
    _record_deadline_change(table, now, before, ResultChange.Action.CONFIRM,
                            "result_deadline_confirm")  # fmt: skip
    signals.result_confirmed.send(sender=Table, table=table, by_director=False)


def _record_deadline_change(
    table: Table, now: datetime, before: dict[str, Any], kind: str, action: str
) -> None:
    """Save what the deadline did to the table, in its history and the audit trail."""
    table.version += 1
    table.save()
    after = table_snapshot(table)
    ResultChange.objects.create(table=table, action=kind, at=now, before=before, after=after)
    audit.record(
        actor=None,
        obj=table,
        action=action,
        before=before,
        after=after,
        event=table.round.event,
        note=f"round {table.round.number} table {table.number}",
    )


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
    _record_deadline_change(table, now, before, ResultChange.Action.DEADLINE, "result_deadline")
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


@shared_task(base=ResilientTask, ignore_result=True, name="tournaments.tasks.round_deadlines")
def round_deadlines() -> dict[str, int]:
    """Every few minutes from beat: the reminders due and the deadlines passed."""
    return run_round_deadlines()


def disputed_tables(rnd: Round) -> list[int]:
    """The numbers of the round's tables whose result is disputed: the director decides."""
    return list(
        rnd.tables.filter(status=Table.Status.DISPUTED)
        .order_by("number")
        .values_list("number", flat=True)
    )


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
