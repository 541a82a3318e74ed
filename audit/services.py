"""Recording changes. Every service that changes a result, registration, penalty
or deck list calls record() inside its own transaction, so the entry and the
change are written together or not at all."""

from __future__ import annotations

from typing import Any

from django.db import models

from audit.models import AuditEntry
from core.types import AnyUser


def record(
    *,
    actor: AnyUser | None,
    obj: models.Model,
    action: str,
    before: Any = None,
    after: Any = None,
    event: Any = None,
    note: str = "",
) -> AuditEntry:
    user = actor if actor is not None and actor.is_authenticated else None
    return AuditEntry.objects.create(
        actor=user,
        event=event,
        object_type=obj._meta.label_lower,
        object_id=str(obj.pk),
        action=action,
        before=before,
        after=after,
        note=note[:500],
    )


def history(obj: models.Model) -> models.QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(object_type=obj._meta.label_lower, object_id=str(obj.pk))
