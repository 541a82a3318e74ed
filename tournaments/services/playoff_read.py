"""What the pages and the API show of each playoff match: its round, its deck format, its
games (best of N) and the game it waits for, and the match that made the champion."""

from __future__ import annotations

from typing import Any

from tournaments.models import Event, PlayoffMatch
from tournaments.rules import bracket
from tournaments.services import playoff_double, playoff_games
from tournaments.services.base import event_settings
from tournaments.services.playoff import playoff_matches


def playoff_round(match: PlayoffMatch) -> dict[str, Any]:
    """The match's round as a code and number: the bracket side's round in double
    elimination, the stage's name (final, semi_final, ...) in single elimination."""
    settings = event_settings(match.event)
    if playoff_double.is_double(settings):
        return playoff_double.round_of(match, settings)
    return {"code": bracket.stage_name(match.stage, settings.top_cut), "number": match.stage}


def playoff_best_of(match: PlayoffMatch) -> int:
    return playoff_games.best_of(match, event_settings(match.event))


def playoff_next_game(match: PlayoffMatch) -> dict[str, Any] | None:
    """The next game of a best-of match waiting for one (playoff_games.next_game)."""
    settings = event_settings(match.event)
    if match.status != PlayoffMatch.Status.PENDING or playoff_games.best_of(match, settings) < 2:
        return None
    return playoff_games.next_game(match, settings)


def playoff_format(match: PlayoffMatch) -> str:
    """The deck format key a playoff match is played in; blank: the event's own."""
    settings = event_settings(match.event)
    if playoff_double.is_double(settings):
        return playoff_double.side_format(match, settings)
    return ""


def playoff_champion_match(event: Event) -> int | None:
    """Double elimination: the id of the match that made the champion, once there is one."""
    rows = playoff_matches(event)
    settings = event_settings(event)
    if not rows or not playoff_double.is_double(settings):
        return None
    won = playoff_double.champion(rows, settings)
    finals = [m for m in rows if m.side == PlayoffMatch.Side.FINAL and str(m.winner_id) == won]
    return max(finals, key=lambda m: m.side_round or 0).pk if won and finals else None
