"""The stored standings rows an update in place asks for (tournaments.standings.incremental:
NeedGames): every line's numbers, whole score groups, some players' rows, and slices of
a score group by their stored tiebreak values (tournaments.standings.slices), light or
whole. Each row comes with its ``pk``, ``position`` and ``name``."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Sequence
from operator import itemgetter
from typing import Any

from django.db import connection

from tournaments.models import Registration, StandingsSnapshotRow
from tournaments.standings import StandingRow
from tournaments.standings.layout import Line
from tournaments.standings.slices import Slice, Stored, matches

_JSON = {"tiebreaks", "explanation_items"}
_READ = ("registration_id", "id", "position", "rank", "name", "points", "wins", "losses",
         "draws", "byes", "games", "opponents_points", "tiebreaks",
         "explanation_items")  # fmt: skip


def layout(event_id: int) -> tuple[list[Line], set[str]]:
    """Every stored row's player and numbers, in standings order (no JSON read), and the
    event's ejected players: one query, in plain SQL (the ORM's compilation of a query
    costs more than the query at a few hundred rows). The rows come unordered, as the
    score-group index holds them (read from it alone on PostgreSQL), and are put in
    standings order here: the database's sort of 5,000 rows cost more than the read."""
    rows, registrations = _table(), Registration._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 0, position, CAST(registration_id AS text), points, wins, losses, draws "
            f"FROM {rows} WHERE event_id = %s AND stage = %s "
            f"UNION ALL SELECT 1, 0, CAST(id AS text), 0, 0, 0, 0 FROM {registrations} "
            "WHERE event_id = %s AND ejected",
            [event_id, StandingsSnapshotRow.ALL, event_id],
        )
        found = cursor.fetchall()
    make = Line._make
    placed = sorted((row for row in found if not row[0]), key=_position)
    return [make(row[2:]) for row in placed], {row[2] for row in found if row[0]}


_position = itemgetter(1)


def player_rows(event_id: int, players: Collection[str]) -> dict[str, StandingRow]:
    """The stored rows of ``players``."""
    if not players:
        return {}
    ids = sorted(int(p) for p in players)
    return _rows(event_id, f"registration_id IN ({_placeholders(ids)})", ids)


def stored_names(event_id: int, players: Collection[str]) -> dict[str, str]:
    """The names stored with the rows of ``players``."""
    ids = sorted(int(p) for p in players)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT CAST(registration_id AS text), name FROM {_table()} "
            f"WHERE event_id = %s AND stage = %s AND registration_id IN ({_placeholders(ids)})",
            [event_id, StandingsSnapshotRow.ALL, *ids],
        )
        return dict(cursor.fetchall())


def _table() -> str:
    return StandingsSnapshotRow._meta.db_table


def _rows(event_id: int, where: str, params: list[Any]) -> dict[str, StandingRow]:
    """The stored rows that meet ``where``, by player, in standings order. Read as plain
    text and decoded here: the ORM's per-value converters cost more than the JSON itself
    (thousands of rows), and its compilation more than the query (a few rows)."""
    columns = ", ".join(f"CAST({c} AS text)" if c in _JSON else c for c in _READ)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns} FROM {_table()} WHERE event_id = %s AND stage = %s "
            f"AND ({where}) ORDER BY position",
            [event_id, StandingsSnapshotRow.ALL, *params],
        )
        found = cursor.fetchall()
    loads = json.loads
    return {
        str(values[0]): _row(*values[:-2], loads(values[-2]), loads(values[-1])) for values in found
    }


def _row(reg: int, pk: int, position: int, rank: int, name: str, *rest: Any) -> StandingRow:
    pts, w, lo, d, byes, games, opp, tiebreaks, items = rest
    row = StandingRow(rank, str(reg), pts, w, lo, d, byes, games, opp,
                      tiebreaks=tiebreaks, explanation_items=items)  # fmt: skip
    row.pk, row.position, row.name = pk, position, name  # type: ignore[attr-defined]
    return row


def read_needed(
    event_id: int,
    groups: Collection[tuple[bool, int]],
    players: Collection[str],
    slices: Collection[Slice],
    ejected: Collection[str],
    stored: Stored,
) -> None:
    """What an update asked for (NeedGames), into ``stored``, in one query: the rows of the
    score groups ``groups`` ((ejected, points)) and of ``players``, the rows of the whole
    ``slices``, and the light ones (player, position, value) of the light slices, each
    sorted into its slices here (``matches``). A row read only for a light slice comes
    without its explanation (the heavy part of a row)."""
    whole = [s for s in slices if not s.light]
    light = [s for s in slices if s.light]
    keys, points = set(groups), sorted({p for _e, p in groups})
    heavy, params = _members(points, players)
    if whole:
        where, found = _any(whole)
        heavy.append(where)
        params += found
    either = list(heavy)
    light_params: list[Any] = []
    if light:
        where, light_params = _any(light)
        either.append(where)
    if not either:
        return
    items = "CAST(explanation_items AS text)"
    if light:
        items = f"CASE WHEN {' OR '.join(heavy) or '1 = 0'} THEN {items} END"
    # Every column but the explanation (the last), read above only for the heavy rows.
    columns = ", ".join(f"CAST({c} AS text)" if c == "tiebreaks" else c for c in _READ[:-1])
    near, near_params = _near(points, slices, players)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns}, {items} FROM {_table()} WHERE event_id = %s AND stage = %s "
            f"AND {near} AND ({' OR '.join(either)}) ORDER BY position",
            [*(params if light else ()), event_id, StandingsSnapshotRow.ALL, *near_params,
             *params, *light_params],
        )  # fmt: skip
        found_rows = cursor.fetchall()
    by_points: dict[int, list[tuple[str, int, Any]]] = {}
    rows: list[StandingRow] = []
    for *values, tiebreaks, explanation in found_rows:
        tiebreaks = json.loads(tiebreaks)
        player, position, pts = str(values[0]), values[2], values[5]
        by_points.setdefault(pts, []).append((player, position, tiebreaks))
        if explanation is None:
            continue
        row = _row(*values, tiebreaks, json.loads(explanation))
        rows.append(row)
        # As each part of the query would have kept it on its own.
        if (
            (player in ejected, pts) in keys
            or player in players
            or any(pts == s.group[1] and matches(tiebreaks, s) for s in whole)
        ):
            stored.rows[player] = row
    for wanted in whole:
        stored.slices[wanted] = [
            row.player
            for row in rows
            if _in(wanted, row.player, row.points, row.tiebreaks, ejected)
        ]
    for wanted in light:
        stored.lines[wanted] = [
            (player, position, values[wanted.key])
            for player, position, values in by_points.get(wanted.group[1], ())
            if _in(wanted, player, wanted.group[1], values, ejected)
        ]


def _near(
    points: Collection[int], slices: Collection[Slice], players: Collection[str]
) -> tuple[str, list[Any]]:
    """A condition every row asked for meets, in the columns of the score-group index (and
    the registration's): with it the database reads those index entries, where the
    conditions on the stored tiebreaks alone made it read every row of the event."""
    parts, params = _members(sorted({*points, *(s.group[1] for s in slices)}), players)
    return f"({' OR '.join(parts)})", params


def _members(points: Sequence[int], players: Collection[str]) -> tuple[list[str], list[Any]]:
    """The conditions (and their parameters) for the rows of these score groups' points
    and of these players, to be joined by OR."""
    parts: list[str] = []
    params: list[Any] = []
    if points:
        parts.append(f"points IN ({_placeholders(points)})")
        params += points
    if players:
        parts.append(f"registration_id IN ({_placeholders(players)})")
        params += sorted(int(p) for p in players)
    return parts, params


def _placeholders(values: Collection[Any]) -> str:
    return ", ".join(["%s"] * len(values))


def _in(wanted: Slice, player: str, points: int, values: Any, ejected: Collection[str]) -> bool:
    return (player in ejected, points) == wanted.group and matches(values, wanted)


def _any(slices: Iterable[Slice]) -> tuple[str, list[Any]]:
    """The rows of any of ``slices`` (a superset: ejected players are told apart after),
    as a condition in plain SQL and its parameters."""
    found: list[str] = []
    params: list[Any] = []
    for wanted in slices:
        one = ["points = %s"]
        params.append(wanted.group[1])
        for key, value in wanted.equal:
            one.append(f"{_key()} = {_value()}")
            params += [_path(key), json.dumps(value)]
        if wanted.among is not None:
            one.append(f"{_key()} IN ({', '.join([_value()] * len(wanted.among))})")
            params += [_path(wanted.key), *(json.dumps(v) for v in wanted.among)]
        found.append(f"({' AND '.join(one)})")
    return " OR ".join(found), params


# A stored tiebreak value compared as Django's JSONField lookups compare it (the values
# are numbers): on PostgreSQL as jsonb, on SQLite as the number JSON_EXTRACT gives.
def _key() -> str:
    if connection.vendor == "postgresql":
        return "(tiebreaks -> %s)"
    return "JSON_EXTRACT(tiebreaks, %s)"


def _path(key: str) -> str:
    return key if connection.vendor == "postgresql" else f'$."{key}"'


def _value() -> str:
    return "%s::jsonb" if connection.vendor == "postgresql" else "JSON_EXTRACT(%s, '$')"
