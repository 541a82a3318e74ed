"""Changes made in Django's admin go into the audit trail like every other change.

The admin writes a LogEntry for each addition, change and deletion; a receiver turns
it into an AuditEntry (actor, object, what changed). The admin's "delete selected"
action writes its log entries in bulk, which sends no signal, so it is switched off:
deletions go one at a time through the delete page, each recorded.
"""

from __future__ import annotations

import json
from typing import Any, cast

from django.contrib import admin
from django.contrib.admin.models import ADDITION, CHANGE, DELETION, LogEntry
from django.db.models.signals import post_save

ACTIONS = {ADDITION: "admin-add", CHANGE: "admin-change", DELETION: "admin-delete"}


def _changed_fields(entry: LogEntry) -> list[str]:
    try:
        messages = json.loads(entry.change_message or "[]")
    except ValueError:
        return []
    fields: list[str] = []
    for message in messages if isinstance(messages, list) else []:
        for detail in message.values() if isinstance(message, dict) else []:
            if isinstance(detail, dict):
                fields += [str(f) for f in detail.get("fields", [])]
    return fields


def _event_id(entry: LogEntry) -> int | None:
    # An event's own entries are listed on its history page; a deletion is not tied
    # to the event row, which is about to go.
    if entry.action_flag == DELETION or entry.content_type is None:
        return None
    if (entry.content_type.app_label, entry.content_type.model) != ("tournaments", "event"):
        return None
    return int(cast(str, entry.object_id)) if str(entry.object_id).isdigit() else None


def record_admin_change(sender: Any, instance: LogEntry, created: bool, **_: Any) -> None:
    from audit.models import AuditEntry

    if not created:
        return
    content_type = instance.content_type
    AuditEntry.objects.create(
        actor_id=instance.user_id,
        event_id=_event_id(instance),
        object_type=(
            f"{content_type.app_label}.{content_type.model}" if content_type else "unknown"
        ),
        object_id=str(instance.object_id or "")[:60],
        action=ACTIONS.get(instance.action_flag, "admin"),
        after={"fields": _changed_fields(instance)} if instance.action_flag == CHANGE else None,
        note=f"{instance.object_repr} (admin)"[:500],
    )


def connect() -> None:
    post_save.connect(record_admin_change, sender=LogEntry, dispatch_uid="audit-admin-changes")
    if "delete_selected" in dict(admin.site.actions):  # type: ignore[arg-type]
        admin.site.disable_action("delete_selected")
