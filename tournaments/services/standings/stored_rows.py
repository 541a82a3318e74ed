"""The stored standings rows an update in place asks for (tournaments.standings.incremental:
NeedGames): every line's numbers, whole score groups, some players' rows, and slices of
a score group by their stored tiebreak values (tournaments.standings.slices), light or
whole. Each row comes with its ``pk``, ``position`` and ``name``."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable
from typing import Any

from django.db import connection
from django.db.models import Q

from tournaments.models import StandingsSnapshotRow
from tournaments.standings import StandingRow
from tournaments.standings.layout import Line
from tournaments.standings.slices import Slice, Stored, matches

_JSON = {"tiebreaks", "explanation_items"}
_READ = ("registration_id", "id", "position", "rank", "name", "points", "wins", "losses",
         "draws", "byes", "games", "opponents_points", "tiebreaks",
         "explanation_items")  # fmt: skip


def layout(event_id: int) -> list[Line]:
    """Every stored row's player and numbers, in standings order (no JSON read)."""
    rows = StandingsSnapshotRow.objects.filter(event_id=event_id, stage=StandingsSnapshotRow.ALL)
    values = rows.order_by("position").values_list(
        "registration_id", "points", "wins", "losses", "draws"
    )
    return [Line(str(reg), *numbers) for reg, *numbers in values.iterator(chunk_size=20_000)]


def group_rows(
    event_id: int, groups: Iterable[tuple[bool, int]], ejected: Collection[str]
) -> dict[str, StandingRow]:
    """The stored rows of the score groups ``groups`` ((ejected, points)), by player,
    each with its ``pk``, ``position`` and ``name``. Read as plain text and decoded here:
    the ORM's per-value converters cost more than the JSON itself (thousands of rows)."""
    keys = set(groups)
    points = sorted({p for _e, p in keys})
    if not points:
        return {}
    table = StandingsSnapshotRow._meta.db_table
    columns = ", ".join(f"CAST({c} AS text)" if c in _JSON else c for c in _READ)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns} FROM {table} WHERE event_id = %s AND stage = %s "
            f"AND points IN ({', '.join(['%s'] * len(points))})",
            [event_id, StandingsSnapshotRow.ALL, *points],
        )
        found = cursor.fetchall()
    out: dict[str, StandingRow] = {}
    loads = json.loads
    for reg, pk, position, rank, name, pts, *numbers, tiebreaks, items in found:
        player = str(reg)
        if (player in ejected, pts) not in keys:
            continue
        w, lo, d, byes, games, opp = numbers
        row = StandingRow(rank, player, pts, w, lo, d, byes, games, opp,
                          tiebreaks=loads(tiebreaks), explanation_items=loads(items))  # fmt: skip
        row.pk, row.position, row.name = pk, position, name  # type: ignore[attr-defined]
        out[player] = row
    return out


def _row(reg: int, pk: int, position: int, rank: int, name: str, *rest: Any) -> StandingRow:
    pts, w, lo, d, byes, games, opp, tiebreaks, items = rest
    row = StandingRow(rank, str(reg), pts, w, lo, d, byes, games, opp,
                      tiebreaks=tiebreaks, explanation_items=items)  # fmt: skip
    row.pk, row.position, row.name = pk, position, name  # type: ignore[attr-defined]
    return row


def player_rows(event_id: int, players: Collection[str]) -> dict[str, StandingRow]:
    """The stored rows of ``players``."""
    found = StandingsSnapshotRow.objects.filter(
        event_id=event_id, stage=StandingsSnapshotRow.ALL,
        registration_id__in=[int(p) for p in players],
    ).values_list(*_READ)  # fmt: skip
    return {str(values[0]): _row(*values) for values in found}


def read_slices(
    event_id: int, slices: Collection[Slice], ejected: Collection[str], stored: Stored
) -> None:
    """The rows of ``slices`` into ``stored``: whole rows in one query, light ones (player,
    position, value) in another, each sorted into its slices here (``matches``)."""
    whole = [s for s in slices if not s.light]
    light = [s for s in slices if s.light]
    own = StandingsSnapshotRow.objects.filter(event_id=event_id, stage=StandingsSnapshotRow.ALL)
    if whole:
        rows = [_row(*values) for values in own.filter(_any(whole)).values_list(*_READ)]
        stored.rows.update((row.player, row) for row in rows)
        for wanted in whole:
            stored.slices[wanted] = [
                row.player
                for row in rows
                if _in(wanted, row.player, row.points, row.tiebreaks, ejected)
            ]
    if light:
        by_points: dict[int, list[tuple[int, int, Any]]] = {}
        for reg, position, points, values in own.filter(_any(light)).values_list(
            "registration_id", "position", "points", "tiebreaks"
        ):
            by_points.setdefault(points, []).append((reg, position, values))
        for wanted in light:
            stored.lines[wanted] = [
                (str(reg), position, values[wanted.key])
                for reg, position, values in by_points.get(wanted.group[1], ())
                if _in(wanted, str(reg), wanted.group[1], values, ejected)
            ]


def _in(wanted: Slice, player: str, points: int, values: Any, ejected: Collection[str]) -> bool:
    return (player in ejected, points) == wanted.group and matches(values, wanted)


def _any(slices: Iterable[Slice]) -> Q:
    """The rows of any of ``slices`` (a superset: ejected players are told apart after)."""
    found = Q()
    for wanted in slices:
        one = Q(points=wanted.group[1], **{f"tiebreaks__{k}": v for k, v in wanted.equal})
        if wanted.among is not None:
            one &= Q(**{f"tiebreaks__{wanted.key}__in": list(wanted.among)})
        found |= one
    return found
