"""The audit trail: who changed what, when, and the values before and after."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class AuditEntry(models.Model):
    at = models.DateTimeField(default=timezone.now, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The event the change belongs to, so a director sees his event's whole history in one list.
    event = models.ForeignKey(
        # SET_NULL: deleting an event keeps its trail (the deletion itself is in it).
        "tournaments.Event",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit",
    )
    object_type = models.CharField(max_length=60)
    object_id = models.CharField(max_length=60)
    action = models.CharField(max_length=60)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    note = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["object_type", "object_id"])]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        when = f"{self.at:%Y-%m-%d %H:%M}"
        return f"{when} {self.actor} {self.action} {self.object_type}#{self.object_id}"
