"""Running an event's stages: what comes next, starting the next stage with the top
players of the one before, pairing a round robin's rounds, skipping a stage (audited),
and a round robin's standings and crosstable (RULES.md §8)."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotFound
from core.types import AnyUser
from tournaments import signals
from tournaments.models import Event, Registration, Round, Stage, StageKind
from tournaments.pairing import SwissPairing
from tournaments.permissions import require_director
from tournaments.rules.round_robin import round_robin
from tournaments.services.base import (
    event_settings,
    last_round,
    last_round_number,
    lock_event,
    retry_on_conflict,
)
from tournaments.services.heats import group_count, next_stage_seeds
from tournaments.services.league_series import current_series
from tournaments.services.playoff import start_playoff
from tournaments.services.robin_table import RobinCell, RobinTable, robin_table
from tournaments.services.rounds import create_tables, maybe_close_round, pair_blocker
from tournaments.services.stage_plan import fill_side_formats
from tournaments.services.stage_progress import (
    BRACKETS,
    PLAYED_HERE,
    robin_round_numbers,
    stage_left,
    stage_played,
    stages_of,
)
from tournaments.services.standings.input import event_standings
from tournaments.services.standings.snapshot import mark_stale


def swiss_done(event: Event) -> bool:
    """Every Swiss round played: a later stage has started, or no Swiss round is left."""
    if event.playoff_matches.exists() or any(
        s.first_round is not None for s in stages_of(event)[1:]
    ):
        return True
    blocker = pair_blocker(event)
    return blocker is not None and blocker.code == "all_rounds_played"


def _robin_step(stage: Stage) -> dict[str, Any]:
    numbers = robin_round_numbers(stage)
    rounds = dict(
        Round.objects.filter(event_id=stage.event_id, number__in=numbers).values_list(
            "number", "status"
        )
    )
    played = len(rounds)
    step = {"kind": stage.kind, "position": stage.position, "total": len(numbers)}
    if played and rounds[numbers[played - 1]] != Round.Status.CLOSED:
        return {**step, "code": "robin_round_open", "number": played}
    return {**step, "code": "pair_robin_round", "number": played + 1}


def _unplayable_cut(event: Event, stage: Stage) -> bool:
    """An elimination stage whose size the top cut does not play."""
    return (
        stage.kind in BRACKETS
        and not event.playoff_matches.exists()
        and not event_settings(event).top_cut
    )


def next_step(event: Event) -> dict[str, Any] | None:
    """What the director does next in a staged event, as a code with data (words at the
    face: tournaments.words.stages.next_step_text); None while the first stage runs, or
    for an event without stages (the dashboard's own buttons say it)."""
    stages = stages_of(event)
    if event.status == Event.Status.FINISHED or not stages:
        return None
    if stages[0].kind == StageKind.LEAGUE_SERIES:
        return {"code": "league_running", "series": current_series(event, stages[0])}
    if len(stages) < 2 or not swiss_done(event):
        return None
    stage = stage_left(event)
    if stage is None:
        return {"code": "finish"}
    step = {
        "kind": stage.kind,
        "position": stage.position,
        "advance": stage.advance,
        "per_group": stage.advance_per_group,
        "after": stages[stage.position - 2].kind,
        "heats": group_count(event),
    }
    if stage.kind not in PLAYED_HERE or _unplayable_cut(event, stage):
        return {**step, "code": "stage_elsewhere"}
    if stage.kind == StageKind.ROUND_ROBIN and stage.first_round is not None:
        return _robin_step(stage)
    if stage.kind in BRACKETS and event.playoff_matches.exists():
        return {**step, "code": "playoff_running"}
    return {**step, "code": "start_stage"}


def _ready_stage(event: Event) -> Stage:
    stage = stage_left(event)
    if stage is None:
        raise Conflict(_("Every stage has been played or skipped."), code="no_stage_left")
    if not swiss_done(event):
        raise Conflict(
            _("The next stage starts once every Swiss round has been played."),
            code="swiss_open",
        )
    return stage


def _qualified(event: Event, stage: Stage) -> list[int]:
    by_heat = next_stage_seeds(event, stage)
    if by_heat is not None:  # the top N of each heat, interleaved (RULES.md §8)
        return by_heat
    size = stage.advance or 0
    rows = [r for r in event_standings(event) if r.registration.active]  # type: ignore[attr-defined]
    if len(rows) < size:
        raise Conflict(
            _("The next stage takes the top %(size)s players still in; %(count)s are.")
            % {"size": size, "count": len(rows)},
            code="too_few_players",
        )
    return [int(r.player) for r in rows[:size]]


@retry_on_conflict
@transaction.atomic
def start_stage(actor: AnyUser, event: Event) -> Stage:
    """Start the next stage with the top players of the Swiss: a round robin (its first
    round is paired at once) or the single-elimination bracket."""
    event = lock_event(event)
    require_director(actor, event)
    stage = _ready_stage(event)
    if stage.kind in BRACKETS and not _unplayable_cut(event, stage):
        fill_side_formats(event, stage)
        start_playoff(actor, event)
        return stage
    if stage.kind != StageKind.ROUND_ROBIN or stage.first_round is not None:
        raise Conflict(_("This stage cannot be started on this site."), code="stage_elsewhere")
    stage.seeds = _qualified(event, stage)
    stage.first_round = last_round_number(event) + 1
    stage.save(update_fields=["seeds", "first_round"])
    mark_stale([event.pk])
    names = dict(
        Registration.objects.filter(pk__in=stage.seeds).values_list("pk", "player__display_name")
    )
    audit.record(
        actor=actor, obj=stage, action="stage_start", event=event,
        after={"stage": stage.position, "seeds": [names[r] for r in stage.seeds]},
    )  # fmt: skip
    _pair_robin(actor, event, stage)
    return stage


def _pair_robin(actor: AnyUser, event: Event, stage: Stage) -> Round:
    numbers = robin_round_numbers(stage)
    number = last_round_number(event) + 1
    index = number - numbers[0]
    robin = round_robin([str(r) for r in stage.seeds])[index]
    try:
        with transaction.atomic():
            rnd = Round.objects.create(event=event, number=number, seed=0)
    except IntegrityError:
        raise Conflict(
            _("Round %(number)s was already paired.") % {"number": number}, code="already_paired"
        )
    # The resting player has no table (and no bye: resting is not a game won).
    pairing = SwissPairing(
        tables=list(robin.pairs), bye=None, explanation_items=[], seed=0, floaters=0,
        score_difference=0, method="round_robin",
    )  # fmt: skip
    create_tables(rnd, pairing)
    audit.record(
        actor=actor, obj=rnd, action="pair", event=event,
        after={"round": number, "stage": stage.position,
               "tables": [list(t) for t in robin.pairs], "rest": robin.rest},
    )  # fmt: skip
    signals.round_paired.send(sender=Round, round=rnd, repaired=False)
    maybe_close_round(rnd)
    return rnd


@retry_on_conflict
@transaction.atomic
def pair_robin_round(actor: AnyUser, event: Event) -> Round:
    """Pair the round robin's next round, once the one before is closed."""
    event = lock_event(event)
    require_director(actor, event)
    stage = stage_left(event)
    if stage is None or stage.kind != StageKind.ROUND_ROBIN or stage.first_round is None:
        raise Conflict(_("No round robin is being played."), code="no_robin")
    last = last_round(event)
    if last is not None and last.status != Round.Status.CLOSED:
        raise Conflict(
            _("Round %(round)s is still open: every table needs a confirmed result first.")
            % {"round": last.number},
            code="round_open",
        )
    if stage_played(stage):
        raise Conflict(_("Every round of the round robin has been played."), code="robin_done")
    return _pair_robin(actor, event, stage)


def skippable(event: Event, stage: Stage) -> bool:
    """A later stage that has not started (its round robin unpaired, its bracket not
    drawn) and is not skipped yet: the stages page offers its button from this."""
    started = stage.first_round is not None or (
        stage.kind in BRACKETS and event.playoff_matches.exists()
    )
    return stage.position > 1 and not started and stage.skipped_at is None


@retry_on_conflict
@transaction.atomic
def skip_stage(actor: AnyUser, event: Event, position: int) -> Stage:
    """Skip a stage that has not started, on purpose (audited): the event can then finish
    without it."""
    event = lock_event(event)
    require_director(actor, event)
    stage = Stage.objects.filter(event=event, position=position).first()
    if stage is None or position < 2:
        raise NotFound(_("This event has no such stage to skip."))
    if not skippable(event, stage):
        raise Conflict(_("Only a stage that has not started can be skipped."), code="stage_started")
    stage.skipped_at = timezone.now()
    stage.save(update_fields=["skipped_at"])
    if stage.kind in BRACKETS:
        # The bracket is the event's top cut: skipping the stage is skipping the cut.
        settings = event_settings(event)
        settings.top_cut = 0
        settings.save(update_fields=["top_cut"])
    mark_stale([event.pk])
    audit.record(
        actor=actor, obj=stage, action="stage_skip", event=event,
        after={"stage": position, "kind": stage.kind},
    )  # fmt: skip
    return stage


__all__ = ["RobinCell", "RobinTable", "robin_table"]
