"""Every save that can move an event's standings marks its stored standings stale, in the
writer's own transaction, whichever path made the change (connected from the app's ``ready()``)."""

from __future__ import annotations

from typing import Any

from django.db.models import Model
from django.db.models.signals import post_delete, post_save

from tournaments import signals
from tournaments.models import (
    Event,
    Player,
    Registration,
    Round,
    Seat,
    Table,
)
from tournaments.services import round_facts
from tournaments.services.standings.snapshot import mark_stale


def changed(sender: type[Model], instance: Any, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return
    if sender is Player:
        mark_stale(list(instance.registrations.values_list("event_id", flat=True)))
    elif sender in (Table, Seat):
        event_id, status = round_facts.event_and_status(instance.round_id)
        table = _result_of(sender, instance, kwargs)
        mark_stale(
            [event_id],
            closed_too=status == Round.Status.CLOSED,
            tables=() if table is None else (table,),
        )
    elif sender is Event:
        if kwargs.get("created"):
            # A slug used before (the event deleted) must not find the old pages.
            signals.announce_pages_changed([instance.slug])
        else:
            mark_stale([instance.pk])
    else:
        if sender is Round:
            round_facts.forget(instance.pk)
        mark_stale([instance.event_id])


# A seat saved with only these fields changed its result, not who sits where.
_RESULT_FIELDS = frozenset({"mps", "points", "outcome"})


def _result_of(sender: type[Model], instance: Any, kwargs: dict[str, Any]) -> int | None:
    """The table whose result alone this save changed (the standings can then be updated
    in place), or None: a new table or seat, or a seat saved whole, may seat others."""
    if kwargs.get("created"):
        return None
    if sender is Table:
        return int(instance.pk)  # a table's own fields never seat anybody
    fields = kwargs.get("update_fields")
    if fields is not None and frozenset(fields) <= _RESULT_FIELDS:
        return int(instance.table_id)
    return None


def event_deleted(sender: type[Model], instance: Event, **kwargs: Any) -> None:
    signals.announce_pages_changed([instance.slug])


def connect() -> None:
    """Called once from the app's ``ready()``: every save that can move the standings
    marks them stale, whichever path made it, so no writer can forget to."""
    for model in (Seat, Table, Round, Registration, Event, Player):
        post_save.connect(changed, sender=model, dispatch_uid=f"snapshot-{model.__name__}")
    post_delete.connect(changed, sender=Registration, dispatch_uid="snapshot-registration-delete")
    # A deleted round takes its results with it: its points leave the standings at once.
    post_delete.connect(changed, sender=Round, dispatch_uid="snapshot-round-delete")
    post_delete.connect(event_deleted, sender=Event, dispatch_uid="snapshot-event-delete")
