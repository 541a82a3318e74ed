"""Shared by the operations: row locks, the snapshots the audit trail keeps, round numbers
and the event's rule readings."""

from __future__ import annotations

import dataclasses
import functools
import random
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, cast

from django.db import OperationalError, connection, models
from django.db.models import F, Max, Subquery
from django.utils.translation import gettext as _

from core.errors import Conflict, NotFound
from rules_engine import (
    ScoringSettings,
)
from tournaments.models import (
    Event,
    EventSettings,
    Registration,
    Round,
    Table,
)
from tournaments.services import round_facts
from tournaments.standings import DEFAULT_TIEBREAKS

P = ParamSpec("P")
T = TypeVar("T")


SETTINGS_FIELDS = {f.name for f in dataclasses.fields(ScoringSettings)}


def _sqlite_write_lock(model: type[models.Model], pk: int) -> None:
    """SQLite ignores SELECT ... FOR UPDATE, and a transaction that reads before it writes
    fails ("database is locked") when another writer got in first. A no-op UPDATE takes
    the write lock at once, so concurrent callers wait their turn (busy timeout) instead."""
    if connection.vendor == "sqlite":
        cast(Any, model).objects.filter(pk=pk).update(id=F("id"))


# One lock order for every operation: the event's row first, then a round, a table or a
# registration of it. Every operation that changes an event's rounds, tables or
# registrations takes the event's lock first, so two operations never wait for each other
# in a circle ("deadlock detected"). Row locks name their own table (of=("self",)) so the
# rows joined for reading (event, player) are not locked by the way, and they are
# FOR NO KEY UPDATE, which leaves the key-share locks of foreign-key inserts (a seat, an
# audit entry pointing at the row) free.


def lock_event(event: Event | int) -> Event:
    pk = event.pk if isinstance(event, Event) else event
    _sqlite_write_lock(Event, pk)
    try:
        return Event.objects.select_for_update(of=("self",), no_key=True).get(pk=pk)
    except Event.DoesNotExist:
        raise NotFound(_("No such event."))


def lock_table(table: Table | int) -> Table:
    """The table, locked after its event (the lock order above): two queries, the event
    found from the table by a subquery, and the table read with its round (its event is
    the row just locked)."""
    pk = table.pk if isinstance(table, Table) else table
    _sqlite_write_lock(Table, pk)  # SQLite's write lock is the whole database's
    of_table = Table.objects.filter(pk=pk).values("round__event_id")[:1]
    event = (
        Event.objects.select_for_update(of=("self",), no_key=True)
        .filter(pk=Subquery(of_table))
        .first()
    )
    if event is None:
        raise NotFound(_("No such table."))
    try:
        found = (
            Table.objects.select_for_update(of=("self",), no_key=True)
            .select_related("round")
            .get(pk=pk)
        )
    except Table.DoesNotExist:
        raise NotFound(_("No such table."))
    found.round.event = event
    round_facts.remember(found.round)  # read under the event's lock: its saves need not ask
    return found


def lock_round(rnd: Round) -> Round:
    """A round of an event whose lock is held."""
    return Round.objects.select_for_update(of=("self",), no_key=True).get(pk=rnd.pk)


def lock_registration(registration: Registration | int) -> Registration:
    pk = registration.pk if isinstance(registration, Registration) else registration
    event_id = Registration.objects.filter(pk=pk).values_list("event_id", flat=True).first()
    if event_id is None:
        raise NotFound(_("No such registration."))
    lock_event(event_id)
    try:
        return (
            Registration.objects.select_for_update(of=("self",), no_key=True)
            .select_related("player", "event")
            .get(pk=pk)
        )
    except Registration.DoesNotExist:
        raise NotFound(_("No such registration."))


# Deadlock and serialization failures (SQLSTATE 40P01, 40001) abort the whole
# transaction; the operation is run again from the start, a few times, and then refused
# as busy (409): never a server error.
RETRYABLE_SQLSTATES = {"40001", "40P01"}
RETRY_ATTEMPTS = 5


def _retryable(exc: OperationalError) -> bool:
    cause = exc.__cause__
    state = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
    if state in RETRYABLE_SQLSTATES:
        return True
    return connection.vendor == "sqlite" and "database is locked" in str(exc)


def retry_on_conflict(operation: Callable[P, T]) -> Callable[P, T]:
    """Run ``operation`` (an atomic service operation) again when the database aborted
    it for a deadlock or a serialization failure. Inside an outer transaction it runs
    once: only the outermost transaction can be retried."""

    @functools.wraps(operation)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        if connection.in_atomic_block:
            return operation(*args, **kwargs)
        for attempt in range(1, RETRY_ATTEMPTS + 1):
            try:
                return operation(*args, **kwargs)
            except OperationalError as exc:
                if not _retryable(exc):
                    raise
                if attempt == RETRY_ATTEMPTS:
                    raise Conflict(
                        _("The event is busy with another change; try again."), code="busy"
                    ) from exc
                time.sleep(random.uniform(0.01, 0.05) * attempt)
        raise AssertionError("unreachable")  # pragma: no cover

    return run


def registration_snapshot(reg: Registration) -> dict[str, Any]:
    return {
        "player": reg.player.display_name,
        "checked_in": reg.checked_in,
        "joined_round": reg.joined_round,
        "dropped": reg.dropped,
        "dropped_after_round": reg.dropped_after_round,
        "ejected": reg.ejected,
        "ejection_reason": reg.ejection_reason,
        "stage_group": reg.stage_group,
    }


def last_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def last_round_number(event: Event) -> int:
    return event.rounds.aggregate(n=Max("number"))["n"] or 0


def next_round_number(event: Event) -> int:
    return last_round_number(event) + 1


def scoring_settings_for(event: Event) -> ScoringSettings:
    """The event's rule readings as the engine takes them (defaults for what is unset)."""
    values = {k: v for k, v in (event.scoring_settings or {}).items() if k in SETTINGS_FIELDS}
    if "metw_elimination_points" in values and isinstance(values["metw_elimination_points"], list):
        values["metw_elimination_points"] = tuple(values["metw_elimination_points"])
    return ScoringSettings(**values)


def tiebreaks_for(event: Event) -> list[str]:
    return list(event.tiebreaks) if event.tiebreaks else list(DEFAULT_TIEBREAKS)


def event_settings(event: Event) -> EventSettings:
    settings, _ = EventSettings.objects.get_or_create(event=event)
    return settings
