"""Event-day models (issue 16): staff roles, the top cut, undoable bulk actions, rescinded
penalties, contact addresses of walk-ins and the event's pairing constraints.
Imported (and re-exported) at the end of tournaments.models."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from tournaments.models import Event, Penalty, Player, Registration


class EventStaff(models.Model):
    """A co-director (everything but deleting the event) or a judge (results, warnings,
    deck lists) of one event, invited by the director."""

    class Role(models.TextChoices):
        CO_DIRECTOR = "co_director", "Co-director"
        JUDGE = "judge", "Judge"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
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


class EventDaySettings(models.Model):
    """The event-day options of one event: the top cut, and the pairing constraints."""

    class TieRule(models.TextChoices):
        REPLAY = "replay", "Replay the game"
        DIRECTOR = "director", "The director decides"

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="eventday")
    # 0 = no playoff (the rulebook's own events have none), else 2, 4 or 8.
    top_cut = models.PositiveSmallIntegerField(default=0)
    playoff_tie = models.CharField(max_length=20, choices=TieRule.choices, default=TieRule.REPLAY)
    # [[registration id, registration id], ...]: never pair these two (family, same club).
    avoid_pairs = models.JSONField(default=list, blank=True)
    # {registration id: table number}: players who always sit at the same table.
    fixed_tables = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return f"{self.event} event-day settings"


class PlayoffMatch(models.Model):
    """One game of the single-elimination top cut. ``stage`` 1 is the first playoff round;
    ``slot`` orders the matches of a stage so that slots 2k and 2k+1 feed slot k next."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        PENDING = "pending", "Waiting for a result"
        TIED = "tied", "Tied: replay or director's decision"
        DONE = "done", "Decided"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="playoff_matches")
    stage = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField()
    high = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    low = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    high_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    low_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    high_mps = models.IntegerField(null=True, blank=True)
    low_mps = models.IntegerField(null=True, blank=True)
    outcome = models.CharField(max_length=40, default="normal")
    winner = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.WAITING)
    replays = models.PositiveSmallIntegerField(default=0)
    decided_by_director = models.BooleanField(default=False)
    # When the match was decided: its place in the rating ledger's timeline.
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "stage", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "stage", "slot"], name="one_playoff_match_per_slot"
            )
        ]

    def __str__(self) -> str:
        return f"{self.event} playoff {self.stage}.{self.slot}"


class BulkAction(models.Model):
    """One action over many registrations (a mass drop), kept so it can be undone at once."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="bulk_actions")
    kind = models.CharField(max_length=30)
    registrations = models.JSONField(default=list)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.kind} @ {self.event}"


class PenaltyRescission(models.Model):
    """A warning or ejection the director took back; the penalty row stays for the record."""

    penalty = models.OneToOneField(Penalty, on_delete=models.CASCADE, related_name="rescission")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=500, blank=True)

    def __str__(self) -> str:
        return f"rescinded: {self.penalty}"


class PlayerContact(models.Model):
    """The e-mail address given for a player without an account (bulk entry at the venue)."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="contact")
    email = models.EmailField()

    def __str__(self) -> str:
        return f"{self.player}: {self.email}"
