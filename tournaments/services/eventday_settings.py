"""The event-day settings row of an event (top cut, pairs to avoid, fixed tables)."""

from __future__ import annotations

from tournaments.models import Event, EventDaySettings


def eventday_settings(event: Event) -> EventDaySettings:
    settings, _ = EventDaySettings.objects.get_or_create(event=event)
    return settings
