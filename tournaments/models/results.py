"""The history of a table's result: every report, confirmation, dispute and correction."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class ResultChange(models.Model):
    """Every report, confirmation, dispute and correction of a table's result."""

    class Action(models.TextChoices):
        REPORT = "report", "Reported"
        CONFIRM = "confirm", "Confirmed"
        DISPUTE = "dispute", "Disputed"
        DIRECTOR = "director", "Entered by the director"
        CORRECTION = "correction", "Corrected by the director"
        VOID = "void", "Voided by the director"
        DEADLINE = "deadline", "Double loss at the deadline"

    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=20, choices=Action.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    note = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.table}: {self.get_action_display()}"
