"""A table's game room on the pages: pairings, slips, the player's own page."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.rules.rooms import Room
from tournaments.services.rooms import table_room

register = template.Library()


@register.simple_tag
def game_room(table: Any, event: Any) -> Room | None:
    """``{% game_room table event as room %}``; ``event`` is the page's own, so its
    settings are read once for every table."""
    return table_room(table, event)
