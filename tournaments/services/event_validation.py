"""What an event's settings may be (checked on create, update and import)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from core.errors import ServiceError
from rules_engine import (
    GAME_SYSTEMS,
    get_game,
)

if TYPE_CHECKING:
    pass
from tournaments.services.base import SETTINGS_FIELDS


def validate_event(data: Mapping[str, Any]) -> None:
    problems: list[dict[str, str]] = []

    def bad(field: str, message: str) -> None:
        problems.append({"code": "invalid", "field": field, "message": message})

    game = data.get("game")
    if game not in GAME_SYSTEMS:
        bad("game", f"Unknown game {game!r}: choose one of {', '.join(GAME_SYSTEMS)}.")
    elif data.get("multiplayer") and get_game(game).multiplayer_seats is None:
        bad("multiplayer", f"{get_game(game).name} has no multi-player game (RULES.md §1).")
    if not str(data.get("name") or "").strip():
        bad("name", "The event needs a name.")
    planned = data.get("planned_rounds")
    if planned is not None and not (isinstance(planned, int) and 1 <= planned <= 30):
        bad("planned_rounds", "Planned rounds must be 1 to 30 (or empty for the rulebook's table).")
    minutes = data.get("round_minutes", 60)
    if not (isinstance(minutes, int) and 5 <= minutes <= 600):
        bad("round_minutes", "A round lasts 5 to 600 minutes.")
    pause = data.get("break_minutes", 15)
    if not (isinstance(pause, int) and 0 <= pause <= 240):
        bad("break_minutes", "A break lasts 0 to 240 minutes.")
    tiebreaks = data.get("tiebreaks") or []
    if not isinstance(tiebreaks, list) or not all(isinstance(t, str) for t in tiebreaks):
        bad("tiebreaks", "Tiebreaks are a list of metric names.")
    elif tiebreaks:
        from tournaments.standings import TIEBREAKS

        unknown = [t for t in tiebreaks if t not in TIEBREAKS]
        if unknown:
            bad(
                "tiebreaks",
                f"Unknown tiebreak {', '.join(unknown)}: choose from {', '.join(TIEBREAKS)}.",
            )
        if len(set(tiebreaks)) != len(tiebreaks):
            bad("tiebreaks", "A tiebreak is listed twice.")
    settings = data.get("scoring_settings") or {}
    if not isinstance(settings, dict):
        bad("scoring_settings", "Scoring settings are an object of setting names and values.")
    else:
        unknown = sorted(set(settings) - SETTINGS_FIELDS)
        if unknown:
            bad(
                "scoring_settings",
                f"Unknown setting {', '.join(unknown)}: the settings are "
                f"{', '.join(sorted(SETTINGS_FIELDS))}.",
            )
        if settings.get("half_cap", "exact") not in ("exact", "round-up"):
            bad("scoring_settings", "half_cap is 'exact' or 'round-up'.")
        for key in ("lotr_tcg_win_points", "lotr_tcg_rating_points"):
            value = settings.get(key, 1)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10:
                bad("scoring_settings", f"{key} must be a whole number from 0 to 10.")
        elim = settings.get("metw_elimination_points", (6, 0))
        if (
            not isinstance(elim, list | tuple)
            or len(elim) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 7 for v in elim)
            or elim[0] < elim[1]
        ):
            bad(
                "scoring_settings",
                "metw_elimination_points is two whole numbers from 0 to 7, the winner's first.",
            )
    if problems:
        raise ServiceError(
            " ".join(p["message"] for p in problems), code="invalid_event", problems=problems
        )
