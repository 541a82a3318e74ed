"""The top cut's matches."""

from __future__ import annotations

from django.db import models


class PlayoffMatch(models.Model):
    """One game of the single-elimination top cut. ``stage`` 1 is the first playoff round;
    ``slot`` orders the matches of a stage so that slots 2k and 2k+1 feed slot k next."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        PENDING = "pending", "Waiting for a result"
        TIED = "tied", "Tied: replay or director's decision"
        DONE = "done", "Decided"

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="playoff_matches"
    )
    stage = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField()
    high = models.ForeignKey(
        "tournaments.Registration",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    low = models.ForeignKey(
        "tournaments.Registration",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    high_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    low_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    high_mps = models.IntegerField(null=True, blank=True)
    low_mps = models.IntegerField(null=True, blank=True)
    outcome = models.CharField(max_length=40, default="normal")
    winner = models.ForeignKey(
        "tournaments.Registration",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
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
