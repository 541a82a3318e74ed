"""Where an online event's tables play: the server and the rule for their rooms."""

from __future__ import annotations

from django.db import models


class GameRoomSettings(models.Model):
    """One per online event; an event without it plays on no server."""

    class Server(models.TextChoices):
        NONE = "none", "None"
        GEMP = "gemp", "GEMP"
        MECCG = "meccg-online", "meccg-online"

    event = models.OneToOneField(
        "tournaments.Event", on_delete=models.CASCADE, related_name="game_room"
    )
    server = models.CharField(max_length=20, choices=Server.choices, default=Server.NONE)
    # Letters and digits put before each room's name; empty: the event's slug.
    room_prefix = models.CharField(max_length=32, blank=True)
    # meccg-online's address (a room is <address>/play/<room>); empty: the name only.
    server_url = models.URLField(blank=True)

    def __str__(self) -> str:
        return f"game rooms of event {self.event_id}"
