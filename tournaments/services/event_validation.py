"""What an event's settings may be (checked on create, update and import)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from core import limits
from core.errors import ServiceError
from rules_engine import (
    GAME_SYSTEMS,
    get_game,
)
from rules_engine.types import HALF_CAP_READINGS
from tournaments.rules import deck_choice
from tournaments.rules.limits import (
    BREAK_MINUTES,
    DEFAULT_BREAK_MINUTES,
    DEFAULT_ROUND_MINUTES,
    LOTR_TCG_POINTS,
    METW_ELIMINATION_POINTS,
    PLANNED_ROUNDS,
    ROUND_MINUTES,
)
from tournaments.services.base import SETTINGS_FIELDS
from tournaments.standings import UnknownTiebreak, check_tiebreaks
from tournaments.words.labels import READING_LABELS, READING_VALUES
from tournaments.words.settings_problems import (
    unknown_game_words,
    unknown_setting_words,
    unknown_tiebreak_words,
)

Problems = list[dict[str, Any]]


def _invalid(problems: Problems, field: str, message: str, setting: str = "", **keys: Any) -> None:
    """One problem: its message in words; the stored keys it is about (``setting``, the
    unknown values and the choices) beside it for integrators, never in the message."""
    problem: dict[str, Any] = {"code": "invalid", "field": field, "message": message}
    if setting:
        problem["setting"] = setting
    problems.append(problem | keys)


def _check_basics(data: Mapping[str, Any], problems: Problems) -> None:
    game = data.get("game")
    if game not in GAME_SYSTEMS:
        _invalid(problems, "game", unknown_game_words(game), choices=list(GAME_SYSTEMS))
    elif data.get("multiplayer") and get_game(game).multiplayer_seats is None:
        _invalid(
            problems,
            "multiplayer",
            _("%(name)s has no multi-player game.") % {"name": get_game(game).name},
        )
    if not str(data.get("name") or "").strip():
        _invalid(problems, "name", _("The event needs a name."))
    decks = data.get("decks_per_player", deck_choice.ONE_DECK)
    if decks not in deck_choice.MODES:
        _invalid(
            problems, "decks_per_player", _("Choose how many deck lists each player registers.")
        )
    elif decks == deck_choice.GENERAL_OPPONENT and game not in (None, "metw"):
        _invalid(
            problems,
            "decks_per_player",
            _("Decks against hero and minion opponents are a METW event's (General Opponent)."),
        )
    for field, check in (
        ("name", limits.check_event_name),
        ("description", limits.check_description),
    ):
        try:
            check(data.get(field))
        except ServiceError as exc:
            _invalid(problems, field, exc.message)


def _check_times(data: Mapping[str, Any], problems: Problems) -> None:
    planned = data.get("planned_rounds")
    if planned is not None and planned not in PLANNED_ROUNDS:
        _invalid(
            problems,
            "planned_rounds",
            _("Planned rounds must be %(low)s to %(high)s (or empty for the rulebook's table).")
            % {"low": PLANNED_ROUNDS.low, "high": PLANNED_ROUNDS.high},
        )
    if data.get("round_minutes", DEFAULT_ROUND_MINUTES) not in ROUND_MINUTES:
        _invalid(
            problems,
            "round_minutes",
            _("A round lasts %(low)s to %(high)s minutes.")
            % {"low": ROUND_MINUTES.low, "high": ROUND_MINUTES.high},
        )
    if data.get("break_minutes", DEFAULT_BREAK_MINUTES) not in BREAK_MINUTES:
        _invalid(
            problems,
            "break_minutes",
            _("A break lasts %(low)s to %(high)s minutes.")
            % {"low": BREAK_MINUTES.low, "high": BREAK_MINUTES.high},
        )


def _check_tiebreaks(data: Mapping[str, Any], problems: Problems) -> None:
    tiebreaks = data.get("tiebreaks") or []
    if not isinstance(tiebreaks, list) or not all(isinstance(t, str) for t in tiebreaks):
        _invalid(problems, "tiebreaks", _("Tiebreaks are a list of metric names."))
        return
    try:
        check_tiebreaks(tiebreaks)
    except UnknownTiebreak as exc:
        words = unknown_tiebreak_words(exc.params)
        unknown, choices = exc.params["unknown"], exc.params["choices"]
        _invalid(problems, "tiebreaks", words, unknown=unknown, choices=choices)
    if len(set(tiebreaks)) != len(tiebreaks):
        _invalid(problems, "tiebreaks", _("A tiebreak is listed twice."))


def _check_settings(data: Mapping[str, Any], problems: Problems) -> None:
    settings = data.get("scoring_settings") or {}
    if not isinstance(settings, dict):
        _invalid(
            problems,
            "scoring_settings",
            _("Scoring settings are an object of setting names and values."),
        )
        return
    unknown = sorted(set(settings) - SETTINGS_FIELDS)
    if unknown:
        _invalid(
            problems,
            "scoring_settings",
            unknown_setting_words(unknown, SETTINGS_FIELDS),
            unknown=unknown,
            choices=sorted(SETTINGS_FIELDS),
        )
    if settings.get("half_cap", "exact") not in HALF_CAP_READINGS:
        _invalid(
            problems,
            "scoring_settings",
            _("%(setting)s is “%(exact)s” or “%(round_up)s”.")
            % {
                "setting": READING_LABELS["half_cap"],
                "exact": READING_VALUES["exact"],
                "round_up": READING_VALUES["round-up"],
            },
            setting="half_cap",
        )
    for key in ("lotr_tcg_win_points", "lotr_tcg_rating_points"):
        if settings.get(key, 1) not in LOTR_TCG_POINTS:
            _invalid(
                problems,
                "scoring_settings",
                _("%(setting)s must be a whole number from %(low)s to %(high)s.")
                % {
                    "setting": READING_LABELS[key],
                    "low": LOTR_TCG_POINTS.low,
                    "high": LOTR_TCG_POINTS.high,
                },
                setting=key,
            )
    elim = settings.get("metw_elimination_points", (6, 0))
    if (
        not isinstance(elim, list | tuple)
        or len(elim) != 2
        or not all(v in METW_ELIMINATION_POINTS for v in elim)
        or elim[0] < elim[1]
    ):
        _invalid(
            problems,
            "scoring_settings",
            _("%(setting)s is two whole numbers from %(low)s to %(high)s, the winner's first.")
            % {
                "setting": READING_LABELS["metw_elimination_points"],
                "low": METW_ELIMINATION_POINTS.low,
                "high": METW_ELIMINATION_POINTS.high,
            },
            setting="metw_elimination_points",
        )


def validate_event(data: Mapping[str, Any]) -> None:
    """Every problem of an event's settings at once (ServiceError "invalid_event")."""
    problems: Problems = []
    for check in (_check_basics, _check_times, _check_tiebreaks, _check_settings):
        check(data, problems)
    if problems:
        raise ServiceError(
            " ".join(p["message"] for p in problems), code="invalid_event", problems=problems
        )
