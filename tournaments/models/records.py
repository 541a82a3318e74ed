"""Game-server records read into a table's result (GEMP replays, meccg-online tokens)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class ServerRecord(models.Model):
    """One record read for a table: what it said, and how the decks it names differ from
    the registered lists. ``digest`` (SHA-256 of the record's text) lets the same record
    be refused for another table."""

    class Server(models.TextChoices):
        GEMP = "gemp", "GEMP"
        MECCG = "meccg-online", "meccg-online"

    table = models.ForeignKey(
        "tournaments.Table", on_delete=models.CASCADE, related_name="server_records"
    )
    server = models.CharField(max_length=20, choices=Server.choices)
    digest = models.CharField(max_length=64, db_index=True)
    reading = models.JSONField(default=dict)  # the reading as data: names, cause, points
    # Per player seat (registration id): {card id: played minus registered}; staff only.
    deck_differences = models.JSONField(default=dict, blank=True)
    read_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    read_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-read_at"]

    def __str__(self) -> str:
        return f"{self.get_server_display()} record of table {self.table_id}"
