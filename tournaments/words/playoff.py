"""The playoff's words at the face: how far a player went (final places) and which stage
a playoff game was (a player's rating page). tournaments.rules.bracket names them by code."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

REACHED = {
    "champion": gettext_lazy("Champion"),
    "final": gettext_lazy("Finalist"),
    "semi_final": gettext_lazy("Semi-finalist"),
    "quarter_final": gettext_lazy("Quarter-finalist"),
    "round_of_16": gettext_lazy("Round of 16"),
}
STAGES = {
    "final": gettext_lazy("final"),
    "semi_final": gettext_lazy("semi-final"),
    "quarter_final": gettext_lazy("quarter-final"),
    "round_of_16": gettext_lazy("round of 16"),
}


def reached_label(code: str | None) -> str:
    return str(REACHED.get(code or "", ""))


def playoff_game_label(stage_code: str) -> str:
    return _("Playoff: %(stage)s") % {"stage": STAGES.get(stage_code, stage_code)}
