"""A round robin stage's standings and crosstable from its confirmed games (RULES.md §8:
points, then head-to-head among the tied, then the earlier stage's rank; points from
zero when the stage says so). Reads only the models, so the final places and the stages'
operations both use it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from core.errors import NotFound
from tournaments.models import Event, Registration, Seat, Stage, StageKind, Table
from tournaments.rules import presets as p
from tournaments.rules.round_robin import RobinGame, RobinRow, robin_standings
from tournaments.services.stage_progress import robin_round_numbers, stage_played


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


def played_robin(event: Event) -> Stage | None:
    """The event's round robin stage once played to its end (not skipped), or None."""
    for stage in Stage.objects.filter(event=event, kind=StageKind.ROUND_ROBIN, skipped_at=None):
        if stage_played(stage):
            return stage
    return None


def robin_champions(event_ids: Iterable[int]) -> dict[int, list[int]]:
    """For each event whose round robin was played to its end: the player (a Player id)
    who gets the winner's bonus, its first (RULES.md §8: the round robin decides the CoE
    Worlds' champion), nobody when he was ejected. Other events are absent."""
    out: dict[int, list[int]] = {}
    stages = Stage.objects.filter(
        event_id__in=list(event_ids), kind=StageKind.ROUND_ROBIN, skipped_at=None
    ).select_related("event")
    for stage in stages:
        if not stage_played(stage):
            continue
        first = robin_table(stage.event, stage.position).rows[0].player
        player_id, ejected = Registration.objects.values_list("player_id", "ejected").get(
            pk=int(first)
        )
        out[stage.event_id] = [] if ejected else [player_id]
    return out
