"""An event's stage plan in words, for the audit trail (the "stages" entry keeps the
plan as stored: kinds, options and format keys people never read)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.words.audit_values import tiebreak_label
from tournaments.words.format_names import format_names, format_words
from tournaments.words.stages import scoring_label, stage_line


def _stage_words(stage: dict[str, Any], formats: dict[str, str]) -> str:
    advance = stage.get("advance") if isinstance(stage.get("advance"), int) else None
    parts = [stage_line(str(stage.get("kind", "")), advance, bool(stage.get("advance_per_group")))]
    if isinstance(stage.get("rounds"), int):
        parts.append(
            ngettext("%(n)s round", "%(n)s rounds", stage["rounds"]) % {"n": stage["rounds"]}
        )
    if isinstance(stage.get("groups"), int) and stage["groups"] > 1:
        parts.append(f"{_('Heats')}: {stage['groups']}")
    best_of = stage.get("best_of")
    if isinstance(best_of, int) and best_of > 1:
        parts.append(_("Best of %(n)s") % {"n": best_of})
        options = stage.get("options") or {}
        if options.get("tie") == "director":
            parts.append(_("A tied game counts for the player the director names."))
        else:
            parts.append(_("A tied game is replayed."))
        if options.get("loser_chooses_format"):
            parts.append(_("The loser of each game chooses the next game's format."))
    if stage.get("round_formats"):
        shown = ", ".join(format_words(str(k), formats) for k in stage["round_formats"])
        parts.append(f"{_('Formats by round')}: {shown}")
    if stage.get("scoring") not in (None, "game"):
        parts.append(f"{_('Scoring')}: {scoring_label(str(stage['scoring']))}")
    if stage.get("tiebreaks"):
        shown = ", ".join(tiebreak_label(str(k)) for k in stage["tiebreaks"])
        parts.append(f"{_('Tiebreaks')}: {shown}")
    if stage.get("carry_points") is False:
        parts.append(f"{_('Points carried over')}: {_('no')}")
    return " · ".join(parts)


def plan_words(stages: Any) -> str:
    """The stages in order, each on its own ("Swiss · 2 rounds · Best of 3 …; Single
    elimination of the top 4"); "—" for no plan."""
    if not isinstance(stages, list):
        return "—"
    plan = [s for s in stages if isinstance(s, dict)]
    formats = format_names([None]) if any(s.get("round_formats") for s in plan) else {}
    return "; ".join(_stage_words(s, formats) for s in plan) or "—"
