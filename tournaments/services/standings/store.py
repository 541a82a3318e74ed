"""Write a recomputed standings table over the stored one, touching only what changed.

A result changed in the last round moves the two players of that table, the opponents'
points of everyone who met them and the places between their old and new positions:
usually a small part of the event. So the stored rows are read back as plain values
(one query, no model objects), compared line by line with the recomputation, and only
the rows that differ are written (one UPDATE from a JSON document on PostgreSQL), the rows of
players who left the standings deleted and those of new players inserted. The result is
the same table a full rewrite gives (tests/tournaments/test_snapshot_incremental.py).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from django.db import connection

from tournaments.models.standings import StandingsSnapshotRow
from tournaments.services.bulk import copy_rows
from tournaments.services.standings.store_copy import store_by_copy
from tournaments.standings import named_players

# Every stored column a recomputation can change, in this order in a "line".
COLUMNS = (
    "position",
    "rank",
    "name",
    "points",
    "wins",
    "losses",
    "draws",
    "byes",
    "games",
    "opponents_points",
    "tiebreaks",
    "explanation_items",
    "explanation_names",
)
_SQL_TYPES = (
    "int",
    "int",
    "text",
    "int",
    "int",
    "int",
    "int",
    "int",
    "int",
    "int",
    "jsonb",
    "jsonb",
    "jsonb",
)
ALL = StandingsSnapshotRow.ALL
# Positions are unique per event and stage, and checked row by row: rows that move are first parked
# out of the way, above any real position (1,000,000 players at most).
_PARK = 1_000_000_000
_TABLE = StandingsSnapshotRow._meta.db_table


@dataclass(frozen=True)
class WriteCount:
    """What one store wrote: rows updated, inserted, deleted, and left as they were."""

    updated: int
    inserted: int
    deleted: int
    unchanged: int


def line(position: int, row: Any) -> tuple[Any, ...]:
    """A standings row (StandingRow with ``name``) as the stored columns' values."""
    return (
        position,
        row.rank,
        str(row.name)[:100],
        row.points,
        row.wins,
        row.losses,
        row.draws,
        row.byes,
        row.games,
        row.opponents_points,
        dict(row.tiebreaks),
        # Items hold only JSON's own types (lists, not tuples): an unchanged row compares
        # equal to what the database gives back and is not rewritten.
        row.explanation_items,
        {pid: row.names.get(pid, pid) for pid in named_players(row.explanation_items)},
    )


def store_rows(event_id: int, rows: Sequence[Any], stage: int = ALL) -> WriteCount:
    """Make the event's stored rows of ``stage`` equal ``rows`` (in standings order)."""
    if connection.vendor == "postgresql":
        return WriteCount(*store_by_copy(event_id, rows, stage, _PARK))
    wanted = {int(row.player): line(pos, row) for pos, row in enumerate(rows, start=1)}
    stored = StandingsSnapshotRow.objects.filter(event_id=event_id, stage=stage).values_list(
        "registration_id", "id", *COLUMNS
    )
    ids: dict[int, int] = {}
    changed: list[tuple[int, tuple[Any, ...]]] = []
    gone: list[int] = []
    for reg_id, pk, *values in stored.iterator(chunk_size=20_000):
        new = wanted.get(reg_id)
        if new is None:
            gone.append(pk)
            continue
        ids[reg_id] = pk
        if tuple(values) != new:
            changed.append((pk, new))
    if gone:
        StandingsSnapshotRow.objects.filter(pk__in=gone).delete()
    _update(event_id, stage, changed)
    added = [reg_id for reg_id in wanted if reg_id not in ids]
    if added:
        columns: dict[str, list[Any]] = {"event_id": [event_id] * len(added)}
        columns["stage"] = [stage] * len(added)
        columns["registration_id"] = added
        for i, name in enumerate(COLUMNS):
            columns[name] = [wanted[r][i] for r in added]
        copy_rows(StandingsSnapshotRow, columns)
    return WriteCount(len(changed), len(added), len(gone), len(ids) - len(changed))


# What a row shows besides its name: equal in the old and the new row, and at the same
# position, the stored row is left as it is.
_SHOWN = ("rank", "points", "wins", "losses", "draws", "byes", "games", "opponents_points",
          "tiebreaks", "explanation_items")  # fmt: skip


def store_window(
    event_id: int,
    rows: Sequence[tuple[int, Any]],
    old: Mapping[str, Any],
    shifts: Sequence[tuple[int, int, int]],
) -> WriteCount:
    """Write a standings updated in place (which renames nobody): ``rows`` (position, new
    row) over the stored rows ``old`` of the same players (read back with ``pk`` and
    ``position``), those that changed, and move each run of ``shifts`` (first and last
    position, by how much: rank and position alike)."""
    changed: list[tuple[int, tuple[Any, ...]]] = []
    for pos, row in rows:
        stored = old[row.player]
        if stored.position != pos or any(getattr(row, f) != getattr(stored, f) for f in _SHOWN):
            changed.append((stored.pk, line(pos, row)))
    if shifts:
        # Every run in one statement, parked too: each moves into places others leave.
        # Plain SQL: it runs after every result, and the ORM's compilation costs more.
        by = " ".join("WHEN position BETWEEN %s AND %s THEN %s" for _run in shifts)
        runs = " OR ".join("position BETWEEN %s AND %s" for _run in shifts)
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {_TABLE} SET position = position + (CASE {by} END) + %s, "
                f"rank = rank + (CASE {by} END) WHERE event_id = %s AND stage = %s AND ({runs})",
                [*chain.from_iterable(shifts), _PARK, *chain.from_iterable(shifts),
                 event_id, ALL, *chain.from_iterable(run[:2] for run in shifts)],
            )  # fmt: skip
    _update(event_id, ALL, changed, parked=bool(shifts))
    moved = sum(last - first + 1 for first, last, _by in shifts)
    return WriteCount(len(changed) + moved, 0, 0, len(rows) - len(changed))


def _update(
    event_id: int, stage: int, changed: list[tuple[int, tuple[Any, ...]]], parked: bool = False
) -> None:
    """Write the changed rows parked at _PARK + their new position (distinct, and above
    every row left alone), then move them down in one statement (also when ``parked``:
    other rows were parked already)."""
    if not changed and not parked:
        return
    if changed and connection.vendor == "postgresql":
        _update_from_json(changed)
    elif changed:
        objs = []
        for pk, values in changed:
            obj = StandingsSnapshotRow(pk=pk)
            for name, value in zip(COLUMNS, values, strict=True):
                setattr(obj, name, value)
            obj.position += _PARK
            objs.append(obj)
        StandingsSnapshotRow.objects.bulk_update(objs, list(COLUMNS), batch_size=500)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {_TABLE} SET position = position - %s "
            "WHERE event_id = %s AND stage = %s AND position > %s",
            [_PARK, event_id, stage, _PARK],
        )


def _update_from_json(changed: list[tuple[int, tuple[Any, ...]]]) -> None:
    """One UPDATE from one JSON document: the driver quotes one string instead of
    thousands of array elements (quoting arrays cost more than the update itself)."""
    records = []
    for pk, values in changed:
        record = dict(zip(COLUMNS, values, strict=True))
        record["id"], record["position"] = pk, values[0] + _PARK
        records.append(record)
    spec = ", ".join(
        f"{c} {t}" for c, t in zip(("id", *COLUMNS), ("bigint", *_SQL_TYPES), strict=True)
    )
    sets = ", ".join(f"{c} = u.{c}" for c in COLUMNS)
    table = _TABLE
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} AS s SET {sets} FROM jsonb_to_recordset(%s::jsonb) AS u({spec}) "
            "WHERE s.id = u.id",
            [json.dumps(records)],
        )
