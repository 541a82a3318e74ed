"""The stored standings of an event: a table the pages and the API read with one query,
rebuilt from the standings input whenever a change moves them."""

from __future__ import annotations

from django.db import models

from tournaments.standings import render_standing_explanation


class StandingsSnapshot(models.Model):
    """The event's stored standings (tournaments.services.standings.snapshot): ``stale`` is set in
    the transaction of every change that can move them, ``version`` (the ETag) grows at
    every rebuild. Never edited by hand: rebuilt from event_standings."""

    event = models.OneToOneField(
        "tournaments.Event", on_delete=models.CASCADE, related_name="snapshot"
    )
    version = models.PositiveBigIntegerField(default=0)
    stale = models.BooleanField(default=True)
    closed_rounds = models.PositiveIntegerField(default=0)
    row_count = models.PositiveIntegerField(default=0)
    # While a round runs with results confirmed, the standings after the closed rounds
    # differ from these: kept as stage CLOSED, built after ``closed_stage_rounds`` rounds.
    # A result of the running round leaves them as they are (``closed_stale`` stays off).
    closed_stage_rounds = models.PositiveIntegerField(null=True, blank=True)
    closed_stale = models.BooleanField(default=True)
    built_at = models.DateTimeField(null=True, blank=True)
    # While stale: the tables whose results alone changed since the last build (the
    # rebuild then updates the rows in place), or null when anything else changed.
    changed_tables = models.JSONField(null=True, blank=True, default=None)

    def __str__(self) -> str:
        return f"standings of {self.event} v{self.version}"


class StandingsSnapshotRow(models.Model):
    """One player's line of a stored standings table, in standings order (``position``)."""

    ALL, CLOSED = 0, 1  # every confirmed result; only the closed rounds' results

    # No index of its own: both indexes below start with the event (an index on it alone
    # drew the planner to scan every row of the event and filter them).
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="snapshot_rows", db_index=False
    )
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="+"
    )
    stage = models.PositiveSmallIntegerField(default=ALL)
    position = models.PositiveIntegerField()
    rank = models.PositiveIntegerField()
    name = models.CharField(max_length=100)
    points = models.IntegerField()
    wins = models.PositiveIntegerField()
    losses = models.PositiveIntegerField()
    draws = models.PositiveIntegerField()
    byes = models.PositiveIntegerField()
    games = models.PositiveIntegerField()
    opponents_points = models.IntegerField()
    tiebreaks = models.JSONField(default=dict)
    # Why the row stands there, as the standings module's items, and the names of the
    # few players they name: put in words when read, in the reader's language.
    explanation_items = models.JSONField(default=list)
    explanation_names = models.JSONField(default=dict)

    class Meta:
        ordering = ["event", "stage", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "stage", "position"], name="one_snapshot_row_per_place_and_stage"
            )
        ]
        # An update in place reads the rows of a few score groups (or slices of them), and
        # every row's numbers in a few columns (stored_rows.layout): on PostgreSQL those
        # come from the index alone (an index-only scan, 1 ms at 5,000 rows where reading
        # the rows themselves took 8 to 14).
        indexes = [
            models.Index(
                fields=["event", "stage", "points"],
                include=["position", "registration", "wins", "losses", "draws"],
                name="snapshot_row_score_group",
            )
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.name}"

    @property
    def explanation(self) -> str:
        return render_standing_explanation(self.explanation_items, self.explanation_names)

    @property
    def player(self) -> str:
        """The standings module's player id, so a stored row reads like a StandingRow."""
        return str(self.registration_id)
