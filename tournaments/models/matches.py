"""The games of a table's match of best of N (RULES.md §8), at a Swiss or round-robin
stage whose match length is more than one game."""

from __future__ import annotations

from django.db import models


class TableGame(models.Model):
    """One game of a table's match, scored by its game's own rules. A tie has no winner:
    it is replayed (and counts for nobody) or the director names the player it counts for
    (``decided_for``). The table itself holds the match's result (games won per seat)."""

    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    # Score per seat as reported (registration id as a string -> MPs or None), and the
    # tournament points the game's own table gave it (shown; the match's are on the seats).
    mps = models.JSONField(default=dict)
    points = models.JSONField(default=dict)
    outcome = models.CharField(max_length=40, default="normal")
    # The winner the report named (a One Ring or special win); the engine's winner is
    # ``won_by``.
    winner = models.ForeignKey(
        "tournaments.Registration", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    won_by = models.ForeignKey(
        "tournaments.Registration", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    decided_for = models.ForeignKey(
        "tournaments.Registration", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    time_called = models.BooleanField(default=False)
    council = models.JSONField(null=True, blank=True)
    band = models.CharField(max_length=60, blank=True)
    # The deck format key it was played in (blank: the round's own), and who chose it when
    # the loser of each game chooses the next one's.
    format_key = models.CharField(max_length=100, blank=True)
    chosen_by = models.ForeignKey(
        "tournaments.Registration", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_table_game_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.table} game {self.number}"
