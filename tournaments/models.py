"""Players, events, registration, rounds, tables, seats, results and penalties.

Database constraints back the invariants that must never break, whatever the
code above them does: one round number per event, one seat per player per
round, one bye per player per event, one registration per player per event.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone


class GameSystem(models.TextChoices):
    LORE = "lore", "LoRE"
    METW = "metw", "Middle-earth: The Wizards"
    LOTR_TCG = "lotr-tcg", "The Lord of the Rings TCG"
    LOTR_DICE = "lotr-dice", "The Lord of the Rings Dice Building Game"


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


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        REGISTRATION = "registration", "Registration open"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=220, unique=True)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_events"
    )
    game = models.CharField(max_length=20, choices=GameSystem.choices)
    # A format key understood by decks.services
    # (e.g. "coe", "fellowship-block", a custom format's slug).
    format_key = models.CharField(max_length=100, blank=True)
    multiplayer = models.BooleanField(default=False)
    sanctioned = models.BooleanField(
        default=False, help_text="Sanctioned events are rated (000 Part VI §3)."
    )
    decklists_required = models.BooleanField(default=False)
    deck_deadline = models.DateTimeField(null=True, blank=True)
    decklists_published = models.BooleanField(default=False)
    planned_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Leave empty to use the rulebook's table by player count."
    )
    round_minutes = models.PositiveSmallIntegerField(default=60)
    break_minutes = models.PositiveSmallIntegerField(default=15)
    starts_at = models.DateTimeField(null=True, blank=True)
    location = models.CharField(max_length=200, blank=True)
    # The venue's zone: every date and time of the event is written in it (issue 17).
    time_zone = models.CharField(max_length=64, default=settings.TIME_ZONE)
    description = models.TextField(blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    # The tiebreak chain after tournament points, as metric names (tournaments.standings.TIEBREAKS).
    tiebreaks = models.JSONField(default=list, blank=True)
    # Per-event rule readings (rules_engine.ScoringSettings fields), e.g. {"half_cap": "round-up"}.
    scoring_settings = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Set when the director called the event off: it is finished as it stands, never rated.
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event-detail", args=[self.slug])


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    checked_in = models.BooleanField(default=False)
    # The first round this player can be paired in (late entry joins later rounds at 0 points).
    joined_round = models.PositiveSmallIntegerField(default=1)
    dropped = models.BooleanField(default=False)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    ejected = models.BooleanField(default=False)
    ejection_reason = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

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


class Round(models.Model):
    class Status(models.TextChoices):
        PAIRED = "paired", "Paired"
        RUNNING = "running", "Running"
        CLOSED = "closed", "Closed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(help_text="The random seed the pairing used, to reproduce it.")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PAIRED)
    explanation = models.JSONField(default=list, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
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

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    # Wide enough for an event of 1,000,000 players (a small integer stops at 32,767 tables).
    number = models.PositiveIntegerField()
    is_bye = models.BooleanField(default=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    # rules_engine.GameResult.outcome and winner (a Seat's registration id) for special results.
    outcome = models.CharField(max_length=40, default="normal")
    winner = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    time_called = models.BooleanField(default=False)
    band = models.CharField(max_length=60, blank=True)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    dispute_note = models.CharField(max_length=500, blank=True)
    # The seat (registration) whose player made the standing report: a second report from
    # the same seat replaces it, one from another seat confirms or disputes it.
    reported_by_registration = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # A differing report by another player at the table, kept so the director sees both.
    counter_report = models.JSONField(null=True, blank=True)
    # A METW result entered as the Free Council (tournaments.council): inputs and counted steps.
    council = models.JSONField(null=True, blank=True)
    # Bumped on every change so concurrent writers can detect that they lost a race.
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_number_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class Seat(models.Model):
    """One player's place and result at a table."""

    class Outcome(models.TextChoices):
        WIN = "win", "Win"
        LOSS = "loss", "Loss"
        DRAW = "draw", "Draw"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # Denormalised so the database itself can refuse a second seat in a round or a second bye.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(default=1)
    is_bye = models.BooleanField(default=False)
    mps = models.IntegerField(null=True, blank=True)
    points = models.IntegerField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, blank=True)

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

    def __str__(self) -> str:
        return f"{self.registration.player} at {self.table}"


class ResultChange(models.Model):
    """Every report, confirmation, dispute and correction of a table's result."""

    class Action(models.TextChoices):
        REPORT = "report", "Reported"
        CONFIRM = "confirm", "Confirmed"
        DISPUTE = "dispute", "Disputed"
        DIRECTOR = "director", "Entered by the director"
        CORRECTION = "correction", "Corrected by the director"
        VOID = "void", "Voided by the director"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
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
        Registration, on_delete=models.CASCADE, related_name="penalties"
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

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.get_offense_display()}) for {self.registration}"


# Event day (issue 16): staff, top cut, undo, pairing constraints — in their own module
# to keep this one readable; Django registers them in this app all the same.
from tournaments.eventday_models import (  # noqa: E402
    BulkAction,
    EventDaySettings,
    EventStaff,
    PenaltyRescission,
    PlayerContact,
    PlayoffMatch,
)
from tournaments.snapshot_models import StandingsSnapshot, StandingsSnapshotRow  # noqa: E402

__all__ = [
    "BulkAction",
    "Event",
    "EventDaySettings",
    "EventStaff",
    "GameSystem",
    "Penalty",
    "PenaltyRescission",
    "Player",
    "PlayerContact",
    "PlayoffMatch",
    "Registration",
    "ResultChange",
    "Round",
    "Seat",
    "StandingsSnapshot",
    "StandingsSnapshotRow",
    "Table",
]
