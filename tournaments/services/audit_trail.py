"""An event's audit trail for its staff, one reading for the page and the API: the
entries filtered (kind, action, who), and each in words (a sentence, the changes with
players named, a result's council and a top-cut match's score)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from audit.models import AuditEntry
from audit.views import Change
from core.types import AnyUser
from tournaments.models import Event
from tournaments.permissions import Capability, require
from tournaments.words.audit import nested_words
from tournaments.words.audit_entries import (
    KIND_TYPES,
    entry_changes,
    entry_names,
    entry_sentence,
    playoff_scores,
)


@dataclass(frozen=True)
class TrailRow:
    entry: AuditEntry
    sentence: str
    changes: list[Change]
    details: list[str]


def trail_entries(
    user: AnyUser, event: Event, *, kind: str = "", action: str = "", actor: int | None = None
) -> QuerySet[AuditEntry]:
    """The event's entries, newest first, as the filters ask (an unknown kind: all)."""
    require(user, event, Capability.READ_AUDIT_TRAIL)
    entries = AuditEntry.objects.filter(event=event).select_related("actor")
    if kind in KIND_TYPES:
        entries = entries.filter(object_type__in=KIND_TYPES[kind])
    if action:
        entries = entries.filter(action=action)
    if actor is not None:
        entries = entries.filter(actor_id=actor)
    return entries.order_by("-at", "-pk")


def trail_rows(entries: list[AuditEntry]) -> list[TrailRow]:
    """One page of entries in words (a few queries for the whole page)."""
    names = entry_names(entries)
    council = nested_words(entries)
    scores = playoff_scores(entries)
    rows = []
    for entry in entries:
        details: list[Any] = []
        if entry.pk in scores:
            details.append(scores[entry.pk])
        details.extend(council.get(entry.pk, []))
        rows.append(TrailRow(entry, entry_sentence(entry), entry_changes(entry, names), details))
    return rows
