"""The top cut's matches."""

from __future__ import annotations

from django.db import models


class PlayoffMatch(models.Model):
    """One game of the top cut. ``stage`` 1 is the first playoff round; in single
    elimination ``slot`` orders the matches of a stage so that slots 2k and 2k+1 feed slot
    k next. A bye (double elimination) is a match with one player and no game."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        PENDING = "pending", "Waiting for a result"
        TIED = "tied", "Tied: replay or director's decision"
        DONE = "done", "Decided"
        BYE = "bye", "Bye"

    class Side(models.TextChoices):
        UPPER = "upper", "Upper bracket"
        LOWER = "lower", "Lower bracket"
        FINAL = "final", "Grand final"

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="playoff_matches"
    )
    stage = models.PositiveSmallIntegerField()
    # Single elimination is all upper bracket. In double elimination ``stage`` is the
    # match's wave (tournaments.rules.double_elim.wave) and ``side_round`` its round on
    # its side of the bracket.
    side = models.CharField(max_length=10, choices=Side.choices, default=Side.UPPER)
    side_round = models.PositiveSmallIntegerField(null=True, blank=True)
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


class PlayoffGame(models.Model):
    """One game of a playoff match of best of N (N > 1; a match of one game keeps its
    result on the match itself). A tie has no winner: it is replayed (and counts for
    nobody) or the director names the player it counts for (``decided_for``)."""

    match = models.ForeignKey(PlayoffMatch, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
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
    decided_for = models.ForeignKey(
        "tournaments.Registration",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # The deck format key the game was played in (blank: the event's own), and who chose
    # it when the loser of each game chooses the next one's.
    format_key = models.CharField(max_length=100, blank=True)
    chosen_by = models.ForeignKey(
        "tournaments.Registration",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # Its place in the rating ledger's timeline.
    decided_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_playoff_game_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.match} game {self.number}"
