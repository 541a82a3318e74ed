"""The result flow: report, confirm, dispute, and the director's ruling."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from audit import services as audit
from core.errors import Conflict, NotAllowed, ServiceError
from tournaments import signals
from tournaments.models import (
    Event,
    ResultChange,
    Round,
    Table,
)

if TYPE_CHECKING:
    pass
from tournaments.permissions import (
    is_judge,
    require_judge,
    require_seat,
    seat_registration,
)
from tournaments.services.base import _lock_table
from tournaments.services.result_input import (
    _reported,
    _score,
    _stored_result,
    _write_result,
    table_snapshot,
)
from tournaments.services.rounds import _maybe_close_round


def _log_change(
    table: Table, action: str, user: Any, before: dict[str, Any] | None, note: str = ""
) -> ResultChange:
    after = table_snapshot(table)
    change = ResultChange.objects.create(
        table=table,
        action=action,
        by=user if getattr(user, "is_authenticated", False) else None,
        before=before,
        after=after,
        note=note[:500],
    )
    audit.record(
        actor=user,
        obj=table,
        action=f"result_{action}",
        before=before,
        after=after,
        event=table.round.event,
        note=note or f"round {table.round.number} table {table.number}",
    )
    return change


def _check_version(table: Table, version: int | None) -> None:
    if version is not None and int(version) != table.version:
        raise Conflict(
            "The result of this table changed since you loaded it; look at it again.",
            code="stale",
        )


def _require_running(table: Table) -> None:
    event = table.round.event
    if event.status != Event.Status.RUNNING:
        raise Conflict(f"{event.name} is not running; results cannot be reported.")
    if table.is_bye:
        raise ServiceError("A bye has no result to report: its points are fixed by the rules.")


@transaction.atomic
def report_result(
    user: Any,
    table: Table | int,
    mps: Mapping[Any, Any] | Iterable[Mapping[str, Any]] | None = None,
    outcome: str | None = "normal",
    winner: Any = None,
    time_called: bool = False,
    version: int | None = None,
) -> Table:
    """A player at the table reports its result. A report from the other side that
    matches the standing one confirms it; one that differs disputes it."""
    table = _lock_table(table)
    reporter = require_seat(user, table)
    _require_running(table)
    _check_version(table, version)
    if table.status == Table.Status.CONFIRMED:
        raise Conflict(
            f"Table {table.number} already has a confirmed result; ask the director to correct it.",
            code="already_confirmed",
        )
    if table.status == Table.Status.DISPUTED:
        raise Conflict(
            f"The result of table {table.number} is disputed; the director will decide it.",
            code="disputed",
        )
    reported = _reported(table, mps, outcome, winner, time_called)
    score = _score(table, reported)
    before = table_snapshot(table)
    now = timezone.now()
    if table.status == Table.Status.REPORTED and table.reported_by_registration_id != reporter.pk:
        if reported == _stored_result(table):
            return _confirm(user, table, before, now, note="matching report")
        table.status = Table.Status.DISPUTED
        table.counter_report = {
            **reported.as_json(),
            "by": reporter.pk,
            "by_name": reporter.player.display_name,
        }
        table.dispute_note = f"{reporter.player.display_name} reported a different result."
        table.version += 1
        table.save()
        _log_change(
            table,
            ResultChange.Action.DISPUTE,
            user,
            before,
            note=f"differing report: {reported.as_json()}",
        )
        return table
    # First report, or the same side reporting again before confirmation.
    _write_result(table, reported, score)
    table.status = Table.Status.REPORTED
    table.reported_by = user
    table.reported_by_registration = reporter
    table.reported_at = now
    table.counter_report = None
    table.version += 1
    table.save()
    _log_change(table, ResultChange.Action.REPORT, user, before)
    return table


def _confirm(
    user: Any, table: Table, before: dict[str, Any], now: datetime, note: str = ""
) -> Table:
    table.status = Table.Status.CONFIRMED
    table.confirmed_by = user if getattr(user, "is_authenticated", False) else None
    table.confirmed_at = now
    table.version += 1
    table.save()
    _log_change(table, ResultChange.Action.CONFIRM, user, before, note=note)
    _maybe_close_round(table.round)
    return table


@transaction.atomic
def confirm_result(user: Any, table: Table | int, version: int | None = None) -> Table:
    """Another player at the table confirms the reported result; the director may confirm
    it too (a walk-in without an account cannot)."""
    table = _lock_table(table)
    registration = seat_registration(user, table)
    if registration is None and not is_judge(user, table.round.event):
        registration = require_seat(user, table)
    _require_running(table)
    if table.status != Table.Status.REPORTED:
        raise Conflict(
            f"Table {table.number} has no reported result waiting for confirmation "
            f"({table.get_status_display().lower()}).",
            code="nothing_to_confirm",
        )
    if registration is not None and table.reported_by_registration_id == registration.pk:
        raise NotAllowed("You reported this result; another player at the table confirms it.")
    _check_version(table, version)
    return _confirm(user, table, table_snapshot(table), timezone.now())


@transaction.atomic
def dispute_result(user: Any, table: Table | int, note: str = "") -> Table:
    """Another player at the table says the reported result is wrong: the director decides."""
    table = _lock_table(table)
    registration = require_seat(user, table)
    _require_running(table)
    if table.status != Table.Status.REPORTED:
        raise Conflict(
            f"Table {table.number} has no reported result to dispute "
            f"({table.get_status_display().lower()}).",
            code="nothing_to_dispute",
        )
    if table.reported_by_registration_id == registration.pk:
        raise NotAllowed("You reported this result; report it again to change it.")
    before = table_snapshot(table)
    table.status = Table.Status.DISPUTED
    table.dispute_note = (note or f"Disputed by {registration.player.display_name}.")[:500]
    table.version += 1
    table.save()
    _log_change(table, ResultChange.Action.DISPUTE, user, before, note=table.dispute_note)
    return table


@transaction.atomic
def director_set_result(
    user: Any,
    table: Table | int,
    mps: Mapping[Any, Any] | Iterable[Mapping[str, Any]] | None = None,
    outcome: str | None = "normal",
    winner: Any = None,
    time_called: bool = False,
    note: str = "",
    version: int | None = None,
) -> Table:
    """The director enters or corrects any result; it is confirmed at once. Correcting a
    closed round's result tells the ratings (closed_result_changed)."""
    table = _lock_table(table)
    event = table.round.event
    require_judge(user, event)
    if table.is_bye:
        raise ServiceError("A bye has no result to enter: its points are fixed by the rules.")
    if event.status not in (Event.Status.RUNNING, Event.Status.FINISHED):
        raise Conflict(f"{event.name} is not running.")
    _check_version(table, version)
    reported = _reported(table, mps, outcome, winner, time_called)
    score = _score(table, reported)
    had_result = table.status != Table.Status.PENDING
    before = table_snapshot(table)
    _write_result(table, reported, score)
    now = timezone.now()
    table.status = Table.Status.CONFIRMED
    if not had_result:
        table.reported_by = user
        table.reported_at = now
    table.confirmed_by = user
    table.confirmed_at = now
    table.counter_report = None
    table.version += 1
    table.save()
    action = ResultChange.Action.CORRECTION if had_result else ResultChange.Action.DIRECTOR
    _log_change(table, action, user, before, note=note)
    rnd = table.round
    if rnd.status == Round.Status.CLOSED:
        signals.closed_result_changed.send(sender=Table, table=table)
    else:
        _maybe_close_round(rnd)
    return table
