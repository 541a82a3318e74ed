"""The playoff's words at the face: how far a player went (final places) and which stage
a playoff game was (a player's rating page). tournaments.rules.bracket names them by code."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import PlayoffMatch

REACHED = {
    "champion": gettext_lazy("Champion"),
    "final": gettext_lazy("Finalist"),
    "semi_final": gettext_lazy("Semi-finalist"),
    "quarter_final": gettext_lazy("Quarter-finalist"),
    "round_of_16": gettext_lazy("Round of 16"),
    "round_of_32": gettext_lazy("Round of 32"),
    "lower_final": gettext_lazy("Lower-bracket finalist"),
    "lower_bracket": gettext_lazy("Lower bracket"),
}
STAGES = {
    "final": gettext_lazy("final"),
    "semi_final": gettext_lazy("semi-final"),
    "quarter_final": gettext_lazy("quarter-final"),
    "round_of_16": gettext_lazy("round of 16"),
    "round_of_32": gettext_lazy("round of 32"),
    "double_elimination": gettext_lazy("double elimination"),
}
SIDES = {
    "upper": gettext_lazy("Upper bracket"),
    "lower": gettext_lazy("Lower bracket"),
    "final": gettext_lazy("Grand final"),
}


def reached_label(code: str | None) -> str:
    return str(REACHED.get(code or "", ""))


def playoff_game_label(stage_code: str) -> str:
    return _("Playoff: %(stage)s") % {"stage": STAGES.get(stage_code, stage_code)}


def side_label(code: str) -> str:
    return str(SIDES.get(code, ""))


def round_label(round_: dict[str, object]) -> str:
    """A playoff round by its code and number (services.playoff_round)."""
    code, number = round_.get("code"), round_.get("number")
    labels = {
        "upper_round": _("Upper bracket, round %(number)s"),
        "upper_final": _("Upper-bracket final"),
        "lower_round": _("Lower bracket, round %(number)s"),
        "lower_final": _("Lower-bracket final"),
        "grand_final": _("Grand final"),
        "bracket_reset": _("Grand final, second game (reset)"),
        "final": _("Final"),
        "semi_final": _("Semi-finals"),
        "quarter_final": _("Quarter-finals"),
        "round_of_16": _("Round of 16"),
        "round_of_32": _("Round of 32"),
    }
    label = labels.get(str(code), "")
    return label % {"number": number} if "%(number)s" in label else label


def nobody_words(names: list[str]) -> str:
    """A top-cut match decided without a winner (tournaments.services.playoff_nobody):
    why nobody goes on from it and what follows, for the director."""
    if len(names) == 2:
        return _(
            "%(first)s and %(second)s were both ejected from the tournament, so nobody goes "
            "on from their top-cut match. You have nothing to enter for it: the player who "
            "reaches the next match goes on without a game (a bye)."
        ) % {"first": names[0], "second": names[1]}
    return _(
        "%(name)s was ejected from the tournament and nobody is left to play him, so nobody "
        "goes on from his top-cut match. You have nothing to enter for it: the player who "
        "reaches the next match goes on without a game (a bye)."
    ) % {"name": names[0]}


def nobody_notes(matches: list[PlayoffMatch]) -> list[str]:
    """The director's notes for the matches nobody goes on from (one each)."""
    named = [[r.player.display_name for r in (m.high, m.low) if r is not None] for m in matches]
    return [nobody_words(names) for names in named if names]
