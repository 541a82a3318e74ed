"""Shared by the operations: row locks, the snapshots the audit trail keeps, round numbers
and the event's rule readings."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from django.db import connection, models
from django.db.models import F, Max

from core.errors import NotFound
from rules_engine import (
    ScoringSettings,
)
from tournaments.models import (
    Event,
    Registration,
    Round,
    Table,
)
from tournaments.standings import DEFAULT_TIEBREAKS

if TYPE_CHECKING:
    pass


SETTINGS_FIELDS = {f.name for f in dataclasses.fields(ScoringSettings)}


def _sqlite_write_lock(model: type[models.Model], pk: int) -> None:
    """SQLite ignores SELECT ... FOR UPDATE, and a transaction that reads before it writes
    fails ("database is locked") when another writer got in first. A no-op UPDATE takes
    the write lock at once, so concurrent callers wait their turn (busy timeout) instead."""
    if connection.vendor == "sqlite":
        model.objects.filter(pk=pk).update(id=F("id"))


def _lock_event(event: Event | int) -> Event:
    pk = event.pk if isinstance(event, Event) else event
    _sqlite_write_lock(Event, pk)
    try:
        return Event.objects.select_for_update().get(pk=pk)
    except Event.DoesNotExist:
        raise NotFound("No such event.")


def _lock_table(table: Table | int) -> Table:
    pk = table.pk if isinstance(table, Table) else table
    _sqlite_write_lock(Table, pk)
    try:
        return Table.objects.select_for_update().select_related("round__event").get(pk=pk)
    except Table.DoesNotExist:
        raise NotFound("No such table.")


def _registration_snapshot(reg: Registration) -> dict[str, Any]:
    return {
        "player": reg.player.display_name,
        "checked_in": reg.checked_in,
        "joined_round": reg.joined_round,
        "dropped": reg.dropped,
        "dropped_after_round": reg.dropped_after_round,
        "ejected": reg.ejected,
        "ejection_reason": reg.ejection_reason,
    }


def _last_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def _last_round_number(event: Event) -> int:
    return event.rounds.aggregate(n=Max("number"))["n"] or 0


def next_round_number(event: Event) -> int:
    return _last_round_number(event) + 1


def scoring_settings_for(event: Event) -> ScoringSettings:
    """The event's rule readings as the engine takes them (defaults for what is unset)."""
    values = {k: v for k, v in (event.scoring_settings or {}).items() if k in SETTINGS_FIELDS}
    if "metw_elimination_points" in values and isinstance(values["metw_elimination_points"], list):
        values["metw_elimination_points"] = tuple(values["metw_elimination_points"])
    return ScoringSettings(**values)


def _lock_registration(registration: Registration | int) -> Registration:
    pk = registration.pk if isinstance(registration, Registration) else registration
    try:
        return Registration.objects.select_for_update().select_related("player", "event").get(pk=pk)
    except Registration.DoesNotExist:
        raise NotFound("No such registration.")


def tiebreaks_for(event: Event) -> list[str]:
    return list(event.tiebreaks) if event.tiebreaks else list(DEFAULT_TIEBREAKS)
