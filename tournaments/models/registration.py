"""Players and their entries in events: who plays, who is in, checked in, dropped or
ejected, the contact of a walk-in, and the undoable actions over many entries."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone


class Player(models.Model):
    """A person who plays. Walk-ins added by a director may have no user account."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    display_name = models.CharField(max_length=100)
    membership_number = models.CharField(max_length=40, blank=True)
    # His user names on the game servers, to match a server's record to his seat; a
    # record is matched to the display name when these are empty (a walk-in).
    gemp_name = models.CharField(max_length=100, blank=True)
    meccg_name = models.CharField(max_length=100, blank=True)
    # The zone he reads times in (an IANA name); empty: his browser's, else the event's.
    time_zone = models.CharField(max_length=64, blank=True)
    # His private calendar feed's link (services.calendar): renewing it counts up, so every
    # earlier link answers 404; turned off, no link answers until he renews it.
    calendar_generation = models.PositiveIntegerField(default=0)
    calendar_off = models.BooleanField(default=False)
    # Who entered a walk-in without an account: only he (or staff) may add him to events.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="walk_ins_entered",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["display_name"]

    def __str__(self) -> str:
        return self.display_name

    def get_absolute_url(self) -> str:
        return reverse("player-detail", args=[self.pk])


class RegistrationQuerySet(models.QuerySet["Registration"]):
    def active(self) -> RegistrationQuerySet:
        """Entries still in the event: neither dropped nor ejected."""
        return self.filter(dropped=False, ejected=False)


class Registration(models.Model):
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.PROTECT, related_name="registrations"
    )
    # Travels with the event's export: a re-import finds the same entry by it.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    checked_in = models.BooleanField(default=False)
    # The first round this player can be paired in (late entry joins later rounds at 0 points).
    joined_round = models.PositiveSmallIntegerField(default=1)
    dropped = models.BooleanField(default=False)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    ejected = models.BooleanField(default=False)
    ejection_reason = models.CharField(max_length=300, blank=True)
    # The parallel group (heat, pool) of the event's first stage, from 1; None until the
    # groups are drawn (services.heats).
    stage_group = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = RegistrationQuerySet.as_manager()

    class Meta:
        ordering = ["player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"

    @property
    def active(self) -> bool:
        return not self.dropped and not self.ejected


class PlayerContact(models.Model):
    """The e-mail address given for a player without an account (bulk entry at the venue)."""

    player = models.OneToOneField(
        "tournaments.Player", on_delete=models.CASCADE, related_name="contact"
    )
    email = models.EmailField()

    def __str__(self) -> str:
        return f"{self.player}: {self.email}"


class BulkAction(models.Model):
    """One action over many registrations (a mass drop), kept so it can be undone at once."""

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="bulk_actions"
    )
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
