"""A rating page's "Round" column: a Swiss round's number, or "Playoff: semi-final" for a
top-cut game (RULES.md §3 "Top cut": playoff games are rated like any other game)."""

from __future__ import annotations

from typing import Any

from django import template

from ratings.services.playoff_games import playoff_stage
from tournaments.words.playoff import playoff_game_label

register = template.Library()


@register.filter
def round_label(entry: Any) -> Any:
    """A playoff game's stage in words, else the round number ("" for a bonus)."""
    # Only a game without a table can be a playoff game: Swiss rows cost no query.
    if entry.kind == "game" and entry.table_id is None and entry.round_number:
        stage = playoff_stage(entry.event_id, entry.round_number)
        if stage is not None:
            return playoff_game_label(stage)
    return entry.round_number or ""
