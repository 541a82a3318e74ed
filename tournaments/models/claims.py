"""A person with an account says a walk-in entry is his; the director confirms it and
the walk-in's history becomes his (one person, one entry)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class EntryClaim(models.Model):
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="claims"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="entry_claims"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Set once the director decided: accepted (merged) or refused.
    accepted = models.BooleanField(null=True, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "user"],
                condition=models.Q(decided_at__isnull=True),
                name="one_open_claim_per_entry_and_user",
            )
        ]

    def __str__(self) -> str:
        return f"claim of {self.registration} by {self.user}"
