"""What each person chooses to receive by e-mail."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

KINDS = (
    "registration_confirmed",
    "round_paired",
    "disputed_result",
    "decklist_illegal",
    "round_deadline",
)


class NotificationPreference(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preference"
    )
    registration_confirmed = models.BooleanField(_("my registration is confirmed"), default=True)
    round_paired = models.BooleanField(_("a round is paired: my table and opponent"), default=True)
    disputed_result = models.BooleanField(
        _("a result is disputed in an event I run or judge"), default=True
    )
    decklist_illegal = models.BooleanField(_("my deck list is judged illegal"), default=True)
    round_deadline = models.BooleanField(
        _("a round's deadline comes and my table has no result"), default=True
    )

    def __str__(self) -> str:
        return f"notifications of {self.user}"

    def wants(self, kind: str) -> bool:
        return bool(getattr(self, kind))


class OutgoingMail(models.Model):
    """A mail an action asked for, written in the action's own transaction: it outlives
    a queue that loses its message (the sweep sends it again) and is sent once (the
    task that sends it marks it sent, under a lock)."""

    # A sender of notifications.outbox.SENDERS, and its arguments (ids).
    kind = models.CharField(max_length=40)
    args = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)
    # When its task was last handed to the queue: the sweep resends only past a margin.
    queued_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    recipients = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["sent_at", "queued_at"], name="mail_unsent_idx")]

    def __str__(self) -> str:
        return f"{self.kind}{self.args}"
