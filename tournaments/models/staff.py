"""The staff of an event: co-directors and judges."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class EventStaff(models.Model):
    """A co-director (everything but deleting the event) or a judge (results, warnings,
    deck lists) of one event, invited by the director."""

    class Role(models.TextChoices):
        CO_DIRECTOR = "co_director", "Co-director"
        JUDGE = "judge", "Judge"

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(max_length=20, choices=Role.choices)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_staff_role_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) @ {self.event}"
