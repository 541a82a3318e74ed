"""The event page's readiness block before round 1 (director's view), computed only where
the template asks for it so visitors' pages do not pay for it; and the playoff places' words
in the finished event's top 8."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments import extensions
from tournaments.models import Event
from tournaments.services.readiness import EventReadiness, event_readiness
from tournaments.words.playoff import reached_label

register = template.Library()


@register.simple_tag
def readiness_of(event: Event) -> EventReadiness | None:
    statuses: dict[int, Any] = extensions.deck_status(event) if event.decklists_required else {}
    return event_readiness(event, statuses)


@register.filter
def playoff_reached(row: Any) -> str:
    """How far a final-standings row went in the playoff, in words ("" outside it)."""
    return reached_label(getattr(row, "reached", None))
