"""Rounds, their tables and seats.

Database constraints back the invariants that must never break, whatever the code above
them does: one round number per event, one table number per round, one seat per player
per round, one bye per player per event."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Round(models.Model):
    class Status(models.TextChoices):
        PAIRED = "paired", "Paired"
        RUNNING = "running", "Running"
        CLOSED = "closed", "Closed"

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(help_text="The random seed the pairing used, to reproduce it.")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PAIRED)
    explanation = models.JSONField(default=list, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # A round two or more rounds back is locked while the event runs (later rounds were
    # paired from its results); the director's explicit, audited unlock opens it.
    edits_unlocked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_number_per_event")
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class Table(models.Model):
    """One game of one round: two seats, three to five in multi-player, one for a bye."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for a result"
        REPORTED = "reported", "Reported, waiting for confirmation"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed"

    # No index of its own: one_table_number_per_round starts with the round (an index
    # less to write for each of the 50,000 tables of a 100,000-player round).
    round = models.ForeignKey(
        "tournaments.Round", on_delete=models.CASCADE, related_name="tables", db_index=False
    )
    # Wide enough for an event of 1,000,000 players (a small integer stops at 32,767 tables).
    number = models.PositiveIntegerField()
    is_bye = models.BooleanField(default=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    # rules_engine.GameResult.outcome and winner (a Seat's registration id) for special results.
    outcome = models.CharField(max_length=40, default="normal")
    winner = models.ForeignKey(
        "tournaments.Registration",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_index=False,
    )
    time_called = models.BooleanField(default=False)
    band = models.CharField(max_length=60, blank=True)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_index=False,
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_index=False,
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    dispute_note = models.CharField(max_length=500, blank=True)
    # The seat (registration) whose player made the standing report: a second report from
    # the same seat replaces it, one from another seat confirms or disputes it.
    reported_by_registration = models.ForeignKey(
        "tournaments.Registration",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_index=False,
    )
    # A differing report by another player at the table, kept so the director sees both.
    counter_report = models.JSONField(null=True, blank=True)
    # A METW result entered as the Free Council (tournaments.rules.council): its inputs
    # and counted steps.
    council = models.JSONField(null=True, blank=True)
    # Bumped on every change so concurrent writers can detect that they lost a race.
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_number_per_round")
        ]
        # The people and players a table points at are set on few tables and only once a
        # result comes: indexed where set, so a new round's tables (all empty there) write
        # no entry in them. A lookup by one of them (`= id`) still uses its index.
        indexes = [
            models.Index(
                fields=[name], condition=Q(**{f"{name}__isnull": False}), name=f"table_{name}"
            )
            for name in ("winner", "reported_by", "confirmed_by", "reported_by_registration")
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class Seat(models.Model):
    """One player's place and result at a table."""

    class Outcome(models.TextChoices):
        WIN = "win", "Win"
        LOSS = "loss", "Loss"
        DRAW = "draw", "Draw"

    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="seats")
    # Denormalised so the database itself can refuse a second seat in a round or a second bye.
    # They repeat the table's round and that round's event, so they are not foreign keys in
    # the database (Django still cascades deletes through them): the table's key (and the
    # table's and round's own) already guarantee they exist, and checking two more keys for
    # each of the 100,000 seats of a round took a second at commit.
    # tests/tournaments/test_seat_denormalised.py checks that every way of seating players
    # keeps them equal to the table's.
    # The round has no index of its own: one_seat_per_round starts with it.
    round = models.ForeignKey(
        "tournaments.Round",
        on_delete=models.CASCADE,
        related_name="seats",
        db_constraint=False,
        db_index=False,
    )
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="seats", db_constraint=False
    )
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(default=1)
    is_bye = models.BooleanField(default=False)
    mps = models.IntegerField(null=True, blank=True)
    points = models.IntegerField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, blank=True)
    # Which of his registered lists the player played here, when the event has several
    # and the table alone does not say (tournaments.rules.deck_choice); "" = not recorded.
    deck_slot = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "registration"], name="one_seat_per_round"),
            models.UniqueConstraint(
                fields=["event", "registration"],
                condition=Q(is_bye=True),
                name="one_bye_per_player_per_event",
            ),
        ]
        # Whether an event seats more than two at a table, asked at every result: only
        # the few seats past the second are indexed.
        indexes = [
            models.Index(
                fields=["event", "position"],
                condition=Q(position__gt=2),
                name="seat_past_the_second",
            )
        ]

    def __str__(self) -> str:
        return f"{self.registration.player} at {self.table}"
