"""Technical error warnings and ejections, and their rescission."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class Penalty(models.Model):
    """A technical error warning, or an ejection (000 Part VI §3 "Warnings")."""

    class Kind(models.TextChoices):
        WARNING = "warning", "Technical error warning"
        EJECTION = "ejection", "Ejection"

    class Offense(models.TextChoices):
        SLOW_PLAY = "slow_play", "Slow play"
        PROCEDURE = "procedure", "Procedural error"
        DECK_ERROR = "deck_error", "Deck or deck-list error"
        TARDINESS = "tardiness", "Tardiness"
        CONDUCT = "conduct", "Unsporting conduct"
        ILLEGAL_DECK = "illegal_deck", "Illegal deck list"
        CHEATING = "cheating", "Cheating"
        OTHER = "other", "Other"

    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="penalties"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.WARNING)
    offense = models.CharField(max_length=30, choices=Offense.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    note = models.CharField(max_length=500, blank=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # 000 Part VI §3: an offense outside the list repeats an earlier one only when the
    # director says so; this names the earlier warning it repeats.
    repeats = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="repeated_by"
    )
    # An ejection the warning ladder gave (not one given directly): it stands only while
    # the warnings that reached the limit stand, so rescinding one of them lifts it.
    automatic = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.get_offense_display()}) for {self.registration}"


class PenaltyRescission(models.Model):
    """A warning or ejection the director took back; the penalty row stays for the record."""

    penalty = models.OneToOneField(
        "tournaments.Penalty", on_delete=models.CASCADE, related_name="rescission"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=500, blank=True)

    def __str__(self) -> str:
        return f"rescinded: {self.penalty}"
