"""Before round 1: what still stands between the director and pairing it (deck lists
missing or illegal, players not checked in), for the event page's readiness block."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tournaments.models import Event
from tournaments.services.venue_decks import DeckReadiness, Listed, deck_readiness


@dataclass(frozen=True)
class EventReadiness:
    decks: DeckReadiness | None  # None when the event does not ask for lists
    not_checked_in: list[Listed] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        return not self.not_checked_in and (self.decks is None or self.decks.ready)


def event_readiness(event: Event, statuses: Mapping[int, Any]) -> EventReadiness | None:
    """The readiness of an event whose first round is not paired yet, else None.
    ``statuses`` are the decks app's per-registration list statuses."""
    if event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION):
        return None
    if event.rounds.exists():
        return None
    regs = [
        r
        for r in event.registrations.select_related("player").order_by("player__display_name")
        if r.active
    ]
    decks = deck_readiness(regs, statuses) if event.decklists_required else None
    waiting = [Listed(r.pk, r.player.display_name) for r in regs if not r.checked_in]
    return EventReadiness(decks, waiting)
