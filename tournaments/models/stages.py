"""An event's stages, played in order: a Swiss, a round robin, an elimination bracket
or a league series, each with its own rounds, scoring and rule for who goes on.

An event without stages is the rulebook's: a Swiss, then the optional top cut."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class StageKind(models.TextChoices):
    SWISS = "swiss", "Swiss"
    ROUND_ROBIN = "round_robin", "Round robin"
    SINGLE_ELIM = "single_elim", "Single elimination"
    DOUBLE_ELIM = "double_elim", "Double elimination"
    LEAGUE_SERIES = "league_series", "League series"


class StageScoring(models.TextChoices):
    GAME = "game", "The game's own table"
    WIN_LOSS = "win_loss", "Win 1, loss 0"
    LEAGUE = "league", "Win 2, loss 1"


class Stage(models.Model):
    """One stage of an event. ``first_round`` and ``seeds`` are set when it starts: its
    rounds are numbered from ``first_round`` among the event's rounds, and ``seeds``
    holds the registrations that went on to it, in the earlier stage's order."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="stages")
    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=StageKind.choices)
    # None: the rulebook's table by player count (Swiss) or the field's size (round robin).
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    # A format key per round ("" = the event's format); empty list: the event's format.
    round_formats = models.JSONField(default=list, blank=True)
    best_of = models.PositiveSmallIntegerField(default=1)
    scoring = models.CharField(
        max_length=20, choices=StageScoring.choices, default=StageScoring.GAME
    )
    # Metric keys after points (tournaments.standings.TIEBREAKS); empty: the stage's own.
    tiebreaks = models.JSONField(default=list, blank=True)
    # Top N of the previous stage (or of each group) go on; None: everyone still in.
    advance = models.PositiveSmallIntegerField(null=True, blank=True)
    advance_per_group = models.BooleanField(default=False)
    carry_points = models.BooleanField(default=True)
    # Parallel groups (heats, pools) of the stage.
    groups = models.PositiveSmallIntegerField(default=1)
    # What the stage keeps for kinds played elsewhere: bracket reset, a format per bracket
    # side, the loser choosing the next game's format, a series' days and game cap.
    options = models.JSONField(default=dict, blank=True)
    first_round = models.PositiveSmallIntegerField(null=True, blank=True)
    seeds = models.JSONField(default=list, blank=True)
    skipped_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "position"]
        constraints = [
            models.UniqueConstraint(fields=["event", "position"], name="one_stage_per_position")
        ]

    def __str__(self) -> str:
        return f"{self.event} stage {self.position}"


class LeagueGame(models.Model):
    """One game of a league series, reported by one of its players or the staff (RULES.md
    §8: players find their own opponents; no pairing rounds)."""

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="league_games"
    )
    series = models.PositiveSmallIntegerField()
    winner = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="+"
    )
    loser = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="+"
    )
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["event", "reported_at", "pk"]

    def __str__(self) -> str:
        return f"{self.event} series {self.series}: {self.winner_id} beat {self.loser_id}"
