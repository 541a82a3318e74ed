"""The deck a seat plays, looked up in a page's answer (tournaments.services.decks_shown)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.words.decks_played import MODE_WORDS

register = template.Library()


@register.filter
def deck_at(decks: Any, seat: Any) -> Any:
    """``decks`` (per (table id, registration id)) at ``seat``; None when the event has one
    deck per player or the page did not ask."""
    if not isinstance(decks, dict):
        return None
    return decks.get((seat.table_id, seat.registration_id))


@register.filter
def decks_mode(mode: str) -> str:
    """How many lists each player registers, in words."""
    return str(MODE_WORDS.get(mode, ""))
