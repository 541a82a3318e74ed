"""The mail outbox: every mail an action asks for is a row written in the action's own
transaction (a rolled-back action leaves none), sent by a task that marks it sent under
a row lock, so a task delivered twice mails once. A row whose task was lost with the
queue (Redis restarted empty, the worker down) is found by the sweep (core.jobs) and
queued again after RESEND_AFTER."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from notifications import services
from notifications.models import OutgoingMail

# Longer than a busy queue takes to reach a mail, so a slow send is not repeated.
RESEND_AFTER = timedelta(minutes=5)

SENDERS: dict[str, Callable[..., int]] = {
    "registration_confirmed": services.registration_confirmed,
    "round_paired": services.round_paired,
    "round_tables_changed": services.round_tables_changed,
    "disputed_result": services.disputed_result,
    "decklist_illegal": services.decklist_illegal,
    "deadline_reminder": services.deadline_reminder,
}


def record(kind: str, args: tuple[Any, ...]) -> OutgoingMail:
    if kind not in SENDERS:
        raise ValueError(f"no mail sender {kind!r}")
    return OutgoingMail.objects.create(kind=kind, args=list(args))


def send(mail_id: int) -> int:
    """Send the row's mail unless it went already; how many people it was sent to."""
    with transaction.atomic():
        row = OutgoingMail.objects.select_for_update().filter(pk=mail_id).first()
        if row is None or row.sent_at is not None:
            return 0
        # The senders log an unreachable mail server rather than raise: the row is then
        # marked sent all the same, as a mail that failed was before the outbox.
        count = SENDERS[row.kind](*row.args)
        row.sent_at, row.recipients = timezone.now(), count
        row.save(update_fields=["sent_at", "recipients"])
    return count


def lost(now: datetime | None = None, limit: int = 200) -> list[int]:
    """The rows still unsent long after their task was queued, marked queued again now."""
    now = now or timezone.now()
    ids = list(
        OutgoingMail.objects.filter(
            sent_at__isnull=True, queued_at__lt=now - RESEND_AFTER
        ).values_list("pk", flat=True)[:limit]
    )
    OutgoingMail.objects.filter(pk__in=ids).update(queued_at=now)
    return ids
