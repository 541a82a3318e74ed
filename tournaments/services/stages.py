"""Running an event's stages: what comes next, starting the next stage with the top
players of the one before, pairing a round robin's rounds, skipping a stage (audited),
and a round robin's standings and crosstable (RULES.md §8)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotFound
from core.types import AnyUser
from tournaments import signals
from tournaments.models import Event, Registration, Round, Seat, Stage, StageKind, Table
from tournaments.pairing import SwissPairing
from tournaments.permissions import require_director
from tournaments.rules import presets as p
from tournaments.rules.round_robin import RobinGame, RobinRow, robin_standings, round_robin
from tournaments.services.base import (
    event_settings,
    last_round,
    last_round_number,
    lock_event,
    retry_on_conflict,
)
from tournaments.services.league_series import current_series
from tournaments.services.playoff import start_playoff
from tournaments.services.rounds import create_tables, maybe_close_round, pair_blocker
from tournaments.services.stage_progress import (
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
    """A single elimination whose size the top cut does not play (it plays 2, 4 or 8)."""
    return (
        stage.kind == StageKind.SINGLE_ELIM
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
    }
    if stage.kind not in PLAYED_HERE or _unplayable_cut(event, stage):
        return {**step, "code": "stage_elsewhere"}
    if stage.kind == StageKind.ROUND_ROBIN and stage.first_round is not None:
        return _robin_step(stage)
    if stage.kind == StageKind.SINGLE_ELIM and event.playoff_matches.exists():
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


def _qualified(event: Event, size: int) -> list[int]:
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
    if stage.kind == StageKind.SINGLE_ELIM and not _unplayable_cut(event, stage):
        start_playoff(actor, event)
        return stage
    if stage.kind != StageKind.ROUND_ROBIN or stage.first_round is not None:
        raise Conflict(_("This stage cannot be started on this site."), code="stage_elsewhere")
    stage.seeds = _qualified(event, stage.advance or 0)
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
    started = stage.first_round is not None or (
        stage.kind == StageKind.SINGLE_ELIM and event.playoff_matches.exists()
    )
    if started or stage.skipped_at is not None:
        raise Conflict(_("Only a stage that has not started can be skipped."), code="stage_started")
    stage.skipped_at = timezone.now()
    stage.save(update_fields=["skipped_at"])
    mark_stale([event.pk])
    audit.record(
        actor=actor, obj=stage, action="stage_skip", event=event,
        after={"stage": position, "kind": stage.kind},
    )  # fmt: skip
    return stage


@dataclass(frozen=True)
class RobinCell:
    round: int
    points: int
    opponent_points: int


@dataclass
class RobinTable:
    """A round robin's standings and crosstable: ``cells[a][b]`` is a's game against b."""

    stage: Stage
    rows: list[RobinRow]
    names: dict[str, str]
    cells: dict[str, dict[str, RobinCell]]
    carried: dict[str, int]


def _stage_points(scoring: str, points: int | None, outcome: str) -> int:
    if scoring in p.SCORING_POINTS:
        win, loss = p.SCORING_POINTS[scoring]
        return win if outcome == Seat.Outcome.WIN else loss if outcome == Seat.Outcome.LOSS else 0
    return points or 0


def _confirmed_seats(
    event: Event, numbers: list[int]
) -> list[tuple[int, int, int, int | None, str]]:
    return list(
        Seat.objects.filter(
            event=event, round__number__in=numbers, table__status=Table.Status.CONFIRMED
        )
        .order_by("table_id", "position")
        .values_list("table_id", "round__number", "registration_id", "points", "outcome")
    )


def robin_table(event: Event, position: int) -> RobinTable:
    """The round robin stage's standings (points, head-to-head, the earlier rank) and its
    crosstable, from its confirmed games."""
    stage = Stage.objects.filter(event=event, position=position).first()
    if stage is None or stage.kind != StageKind.ROUND_ROBIN:
        raise NotFound(_("This event has no round robin at that stage."))
    seeds = [str(r) for r in stage.seeds]
    by_table: dict[int, list[tuple[int, str, int]]] = defaultdict(list)
    for table_id, number, reg_id, points, outcome in _confirmed_seats(
        event, robin_round_numbers(stage)
    ):
        by_table[table_id].append(
            (number, str(reg_id), _stage_points(stage.scoring, points, outcome))
        )
    games = [RobinGame(points={reg: pts for _, reg, pts in seats}) for seats in by_table.values()]
    cells: dict[str, dict[str, RobinCell]] = defaultdict(dict)
    for seats in by_table.values():
        for number, player, pts in seats:
            for _number, other, other_pts in seats:
                if other != player:
                    cells[player][other] = RobinCell(number, pts, other_pts)
    carried: dict[str, int] = {}
    if stage.carry_points and stage.first_round:
        earlier = _confirmed_seats(event, list(range(1, stage.first_round)))
        for _table, _round, reg_id, points, _outcome in earlier:
            if str(reg_id) in seeds:
                carried[str(reg_id)] = carried.get(str(reg_id), 0) + (points or 0)
    names = dict(
        Registration.objects.filter(pk__in=stage.seeds).values_list("pk", "player__display_name")
    )
    return RobinTable(
        stage=stage,
        rows=robin_standings(seeds, games, carried),
        names={str(k): v for k, v in names.items()},
        cells=dict(cells),
        carried=carried,
    )
