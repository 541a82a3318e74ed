"""Whether an event's pages link its bracket: when a top cut is set or a playoff exists
(players look for the bracket from the event page, the pairings and the standings)."""

from __future__ import annotations

from django import template

from tournaments.models import Event, EventSettings

register = template.Library()


@register.filter
def has_bracket(event: Event) -> bool:
    if not isinstance(event, Event) or event.pk is None:
        return False
    return (
        EventSettings.objects.filter(event=event, top_cut__gt=0).exists()
        or event.playoff_matches.exists()
    )
