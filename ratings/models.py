"""Ratings per game system: the ledger (the truth), a cache of current ratings,
seasons (leagues) and replay jobs.

The ledger holds one row per player per rated game, plus one row for a
tournament winner's bonus. Every row carries a ``step``: the position of its
round (or bonus) in the game system's timeline, so history and replays order by
one integer. ``PlayerRating`` is derived from the ledger and rebuilt with it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from ratings.formula import START_RATING
from tournaments.models import Event, GameSystem, Player, Table


class Season(models.Model):
    """A league: a named date range of one game system. An event belongs to the
    season its date (start, else creation) falls in."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    game = models.CharField(max_length=20, choices=GameSystem.choices)
    starts_on = models.DateField()
    ends_on = models.DateField()
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=F("starts_on")), name="season_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("season-detail", args=[self.slug])


class RatingEntry(models.Model):
    """One ledger row: a player's rating change for one rated game (or his bonus
    as tournament winner)."""

    class Kind(models.TextChoices):
        GAME = "game", "Game"
        BONUS = "bonus", "Tournament winner's bonus"

    game = models.CharField(max_length=20, choices=GameSystem.choices)
    step = models.PositiveIntegerField(help_text="Position of the round/bonus in the timeline.")
    at = models.DateTimeField(help_text="When the round closed (or the event finished).")
    event_date = models.DateField(help_text="The event's date, for seasons.")
    # The ledger is derived data, rebuilt wholesale by every replay: its foreign keys
    # are kept by Django (deleting an event or player still cascades here) but not
    # by database constraints, whose per-row checks and row locks would triple the
    # time of writing a few hundred thousand rows. Indexes that the composite
    # indexes and unique constraints below already cover are left out.
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="rating_entries",
        db_constraint=False,
        db_index=False,
    )
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rating_entries", db_constraint=False
    )
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.ForeignKey(
        Table,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_entries",
        db_constraint=False,
        db_index=False,
    )
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.GAME)
    before = models.IntegerField()
    change = models.IntegerField()
    after = models.IntegerField()
    result = models.CharField(max_length=10, blank=True)  # win / loss / draw; "" for a bonus
    points = models.IntegerField(help_text="Winner's tournament points rated (games for a bonus).")
    own_points = models.IntegerField(default=0, help_text="This player's tournament points.")
    opponent_rating = models.FloatField(null=True, blank=True)
    opponents = models.JSONField(
        default=list, blank=True
    )  # [{"id": player id, "name": ..., "rating": ...}]
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["step", "id"]
        verbose_name_plural = "rating entries"
        constraints = [
            # These make every write idempotent: rating a round or a bonus twice fails.
            models.UniqueConstraint(
                fields=["table", "player", "kind"],
                condition=Q(table__isnull=False),
                name="one_rating_per_player_per_table",
            ),
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=Q(kind="bonus"),
                name="one_winner_bonus_per_event",
            ),
            models.CheckConstraint(
                condition=Q(after=F("before") + F("change")),
                name="rating_after_is_before_plus_change",
            ),
        ]
        indexes = [
            models.Index(fields=["game", "step"]),
            models.Index(fields=["player", "game", "step"]),
            models.Index(fields=["game", "event_date", "player"]),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.before}→{self.after} ({self.event})"


class PlayerRating(models.Model):
    """Current rating per player per game system; a cache the ledger rebuilds."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=20, choices=GameSystem.choices)
    rating = models.IntegerField(default=START_RATING)
    peak = models.IntegerField(default=START_RATING)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "-rating"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "game"], name="one_rating_per_player_per_game"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.game} {self.rating}"


class LedgerVersionManager(models.Manager["LedgerVersion"]):
    """The one place that reads and bumps a game system's ledger version: the ledger
    writer bumps it, the league cache keys its entries by it, and neither imports the
    other."""

    def current(self, game: str) -> int:
        return self.filter(game=game).values_list("version", flat=True).first() or 0

    def bump(self, game: str) -> None:
        """Call inside the transaction that changes the ledger, so the new version
        commits (and the old cache keys die) together with the new rows."""
        if not self.filter(game=game).update(version=F("version") + 1):
            self.get_or_create(game=game, defaults={"version": 1})


class LedgerVersion(models.Model):
    """Bumped in the transaction of every ledger write, so cached league tables (keyed
    by it) are never served after the ledger changed, in any process."""

    game = models.CharField(max_length=20, choices=GameSystem.choices, unique=True)
    version = models.PositiveBigIntegerField(default=0)

    objects = LedgerVersionManager()

    def __str__(self) -> str:
        return f"{self.game} ledger v{self.version}"


class ReplayJob(models.Model):
    """A replay of a game system's ledger, with progress a director can watch."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    game = models.CharField(max_length=20, choices=GameSystem.choices)
    reason = models.CharField(max_length=300, blank=True)
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="rating_replays"
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    phase = models.CharField(max_length=60, blank=True)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    games_rated = models.PositiveIntegerField(default=0)
    skipped = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Replay {self.game} #{self.pk} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("replay-job", args=[self.pk])

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class LeagueStaff(models.Model):
    """A league's staff member: may approve its sanctioned events for rating. Approval is
    what keeps a fresh account from rating itself into a league."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_staff"
    )
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="staff")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name_plural = "league staff"
        constraints = [
            models.UniqueConstraint(fields=["user", "season"], name="one_staff_row_per_league")
        ]

    def __str__(self) -> str:
        return f"{self.user} staff of {self.season}"


class EventApproval(models.Model):
    """A league's approval of a sanctioned event: its games move ratings only while this
    row exists. Withdrawing deletes it; both are in the audit trail with who and when."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="league_approval")
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    approved_at = models.DateTimeField(default=timezone.now)

    class Meta:
        # Granted site-wide (e.g. to the ratings officer) rather than per league.
        permissions = [("approve_event", "Can approve any league's rated events")]

    def __str__(self) -> str:
        return f"{self.event} approved by {self.approved_by}"
