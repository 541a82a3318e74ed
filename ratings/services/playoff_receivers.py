"""Ratings' answer to a cancelled top cut (tournaments.signals.playoff_cancelled): its
rated playoff games leave the ledger and the winner's bonus goes back to the Swiss
winners, both by a replay of the game's ledger (RULES.md §3 "Top cut", §6 Ratings)."""

from __future__ import annotations

from typing import Any

from ratings.models import RatingEntry
from ratings.services.operations import is_rated
from ratings.services.requests import enqueue_replay
from tournaments.models import Event


def on_playoff_cancelled(sender: Any, event: Event, **kwargs: Any) -> None:
    if not is_rated(event) or not RatingEntry.objects.filter(event=event).exists():
        return
    enqueue_replay(event.game, reason=f"top cut of {event.name} cancelled", event=event)
