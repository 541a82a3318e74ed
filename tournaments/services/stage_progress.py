"""Where an event stands in its stages: which rounds a stage holds, whether it has been
played, and why the event cannot finish while a configured stage is left.

Read by the event's finishing (services.events) and by the stages' operations
(services.stages), so it imports neither."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.errors import Conflict
from tournaments.models import Event, PlayoffMatch, Round, Stage, StageKind
from tournaments.rules.round_robin import rounds_needed

# Kinds this site plays inside the event's own rounds or top cut (a league series is
# played by its own reports, services.league_series).
PLAYED_HERE = (
    StageKind.SWISS,
    StageKind.ROUND_ROBIN,
    StageKind.SINGLE_ELIM,
    StageKind.DOUBLE_ELIM,
)
# The elimination stages are played as the event's top cut (services.playoff).
BRACKETS = (StageKind.SINGLE_ELIM, StageKind.DOUBLE_ELIM)


def stages_of(event: Event) -> list[Stage]:
    return list(Stage.objects.filter(event=event).order_by("position"))


def robin_round_numbers(stage: Stage) -> list[int]:
    """The event's round numbers a started round robin stage holds."""
    if stage.first_round is None:
        return []
    return list(range(stage.first_round, stage.first_round + rounds_needed(len(stage.seeds))))


def stage_played(stage: Stage) -> bool:
    """Whether a stage after the first has been played to its end. The first stage (the
    Swiss) is the event's own rounds, which finishing already checks."""
    if stage.kind == StageKind.ROUND_ROBIN:
        numbers = robin_round_numbers(stage)
        if not numbers:
            return False
        closed = Round.objects.filter(
            event_id=stage.event_id, number__in=numbers, status=Round.Status.CLOSED
        ).count()
        return closed == len(numbers)
    if stage.kind in BRACKETS:
        matches = PlayoffMatch.objects.filter(event_id=stage.event_id)
        decided = (PlayoffMatch.Status.DONE, PlayoffMatch.Status.BYE)
        return matches.exists() and not matches.exclude(status__in=decided).exists()
    return False


def stage_left(event: Event) -> Stage | None:
    """The first stage after the first one that is neither played nor skipped."""
    for stage in stages_of(event)[1:]:
        if stage.skipped_at is None and not stage_played(stage):
            return stage
    return None


def stage_problem(stage: Stage) -> dict[str, Any]:
    return {
        "code": "stage_not_played",
        "position": stage.position,
        "kind": stage.kind,
        "advance": stage.advance,
    }


def stage_finish_blocker(event: Event) -> Conflict | None:
    """Why the event cannot finish because a configured stage has not been played, or
    None. The way out, besides playing it, is skipping it on purpose (audited)."""
    stage = stage_left(event)
    if stage is None:
        return None
    message = _(
        "Stage %(position)s has not been played yet. Play it, or skip it on the stages "
        "page; then finish the event."
    ) % {"position": stage.position}
    skip = _("Or skip it on purpose: the event can then finish without it.")
    return Conflict(
        message,
        code="stage_not_played",
        problems=[
            {**stage_problem(stage), "message": message},
            {"code": "skip_stage", "position": stage.position, "message": skip},
        ],
    )


def is_league(event: Event) -> bool:
    """A league series has no pairing rounds: players find their own opponents and report
    their games (RULES.md §8, GEMP-style league)."""
    first = Stage.objects.filter(event=event, position=1).values_list("kind", flat=True).first()
    return first == StageKind.LEAGUE_SERIES


def league_pairing_blocker(event: Event) -> Conflict | None:
    if not is_league(event):
        return None
    return Conflict(
        _("A league has no pairing rounds: players find their own opponents and report games."),
        code="league_no_rounds",
    )
