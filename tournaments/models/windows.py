"""Round windows of online events: an opening, a deadline and what happens at it; the
reminders sent to players whose table has no result."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class RoundWindow(models.Model):
    """A round played in a window (RULES.md §8): players arrange their game inside it."""

    class DeadlineRule(models.TextChoices):
        # A reading of RULES.md §8 (setting): who gives the result of a table that has
        # none at the deadline. "A double loss by default, or a result he enters."
        DOUBLE_LOSS = "double_loss", "A double loss (the director may enter a result later)"
        DIRECTOR_DECIDES = "director_decides", "The director decides (late reports still taken)"
        DIRECTOR_ENTERS = "director_enters", "The director enters the result (players no longer)"

    round = models.OneToOneField(
        "tournaments.Round", on_delete=models.CASCADE, related_name="window"
    )
    opens_at = models.DateTimeField()
    deadline = models.DateTimeField()
    deadline_rule = models.CharField(
        max_length=20, choices=DeadlineRule.choices, default=DeadlineRule.DOUBLE_LOSS
    )
    # Set once the deadline was applied (idempotent): the tables then without a result.
    deadline_applied_at = models.DateTimeField(null=True, blank=True)
    overdue_tables = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"window of round {self.round_id}"


class DeadlineReminder(models.Model):
    """One reminder kind ("48h", "12h") for one player of one table: sent once."""

    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="+")
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(max_length=8)
    mailed = models.BooleanField(default=False)  # the nearest kind due is mailed, not all
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "registration", "kind"], name="one_reminder_of_a_kind"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} reminder of table {self.table_id}"
